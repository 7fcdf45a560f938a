import { mergeStructureRules } from '../../structure/rules.js';
import type { LanguageProfile, ResolvedProfile } from '../profile.js';
import { bash } from './bash.js';
import { c, cpp } from './c.js';
import { csharp } from './csharp.js';
import { elixir } from './elixir.js';
import { GENERIC_PROFILE } from './generic.js';
import { go } from './go.js';
import { html } from './html.js';
import { java } from './java.js';
import { javascript } from './javascript.js';
import { kotlin } from './kotlin.js';
import { lua } from './lua.js';
import { markdown } from './markdown.js';
import { php } from './php.js';
import { python } from './python.js';
import { ruby } from './ruby.js';
import { rust } from './rust.js';
import { scala } from './scala.js';
import { swift } from './swift.js';
import { toml } from './toml.js';
import { typescript } from './typescript.js';
import { yaml } from './yaml.js';
import { zig } from './zig.js';

/** The built-in profiles; a language without one gets the generic profile. */
const PROFILES: readonly LanguageProfile[] = [bash, python, typescript, javascript, go, rust, java, c, cpp, ruby, lua, toml, zig, kotlin, markdown, html, yaml, php, swift, scala, elixir, csharp];

/** A profile with the generic answers filled in where it is silent. */
export function resolveProfile(profile: LanguageProfile): ResolvedProfile {
  const generic = GENERIC_PROFILE;
  return {
    languages: profile.languages,
    structure: mergeStructureRules(generic.structure, profile.structure),
    parts: { ...generic.parts, ...profile.parts },
    names: { ...generic.names, ...profile.names },
    members: { ...generic.members, ...profile.members },
    scopes: profile.scopes ?? generic.scopes,
    modules: profile.modules === undefined ? generic.modules : profile.modules,
    moves: { ...generic.moves, ...profile.moves },
    layout: { ...generic.layout, ...profile.layout },
    reading: { ...generic.reading, ...profile.reading },
    text: { ...generic.text, ...profile.text },
    calls: profile.calls === null ? null : { ...generic.calls!, ...profile.calls },
    cases: { ...generic.cases, ...profile.cases },
    compiler: profile.compiler === undefined ? generic.compiler : profile.compiler,
    parsedText: profile.parsedText ?? generic.parsedText,
  };
}

const BY_LANGUAGE: ReadonlyMap<string, ResolvedProfile> = new Map(PROFILES.flatMap((profile) => {
  const resolved = resolveProfile(profile);
  return profile.languages.map((language) => [language, resolved] as const);
}));

/** The profile of a language id (the generic profile for a language without its own). */
export function profileOf(language: string): ResolvedProfile {
  return BY_LANGUAGE.get(language) ?? GENERIC_PROFILE;
}

/** Languages whose files import each other share a family (`ecmascript`); else the language is its own. */
export function languageFamily(language: string): string {
  return profileOf(language).modules?.family ?? language;
}
