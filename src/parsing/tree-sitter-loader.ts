import type * as NodeFs from 'node:fs';
import type * as NodeModule from 'node:module';
import type * as NodeUrl from 'node:url';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import type { GrammarSource, LanguageDefinition } from '../core/languages/definitions.js';
import { profileOf } from '../core/languages/profiles/index.js';
import { compileStructureRules, type CompiledStructureRules } from '../core/structure/compile.js';

/**
 * Loading tree-sitter and its grammars: the one place that touches WASM files. Everything here is
 * cached for the whole process, so each grammar is loaded once and shared by every editor.
 */

/** How web-tree-sitter finds its own `tree-sitter.wasm` (browsers); Node needs nothing. */
export interface TreeSitterInitOptions {
  /** Maps `tree-sitter.wasm` to a URL or path. */
  locateFile?: (fileName: string, scriptDirectory: string) => string;
  /** The bytes of `tree-sitter.wasm`. */
  wasmBinary?: Uint8Array;
  /** Where the grammars of the package's `grammars/` folder are served (browsers); by default next to the module. */
  grammarBaseUrl?: string;
}

/** A loaded grammar with what the core needs to use it. */
export interface LoadedGrammar {
  /** The language id it was loaded for. */
  readonly id: string;
  /** Its parser: parse through {@link parseIsolated}, which replaces a grammar that throws. */
  readonly parser: Parser;
  readonly language: Language;
  readonly compiled: CompiledStructureRules;
  /** Where the grammar came from, for diagnostics (a path, `bytes`, or `load()`). */
  readonly origin: string;
}

let initialized: Promise<void> | null = null;
const languagesByKey = new Map<string, Promise<{ language: Language; origin: string }>>();
const languagesByBytes = new WeakMap<Uint8Array, Promise<Language>>();
const bytesOfLanguage = new WeakMap<Language, Uint8Array>();
const grammarsByLanguage = new WeakMap<Language, Map<string, LoadedGrammar>>();

function initTreeSitter(options: TreeSitterInitOptions | undefined): Promise<void> {
  if (!initialized) {
    const moduleOptions: Record<string, unknown> = {};
    if (options?.locateFile) moduleOptions['locateFile'] = options.locateFile;
    if (options?.wasmBinary) moduleOptions['wasmBinary'] = options.wasmBinary;
    initialized = Parser.init(moduleOptions).catch((cause: unknown) => {
      initialized = null;
      throw cause;
    });
  }
  return initialized;
}

async function resolvePackageFile(packageName: string, file: string): Promise<string | null> {
  // A variable specifier keeps browser bundlers from trying to bundle Node's module system.
  const nodeModule = 'node:module';
  try {
    const { createRequire } = (await import(/* @vite-ignore */ nodeModule)) as typeof NodeModule;
    return createRequire(import.meta.url).resolve(`${packageName}/${file}`);
  } catch {
    return null;
  }
}

/**
 * Where a grammar of the package's `grammars/` folder is: in Node the file (next to `dist/`, or to
 * `src/` when run from the sources), in a browser a URL next to this module (or under `baseUrl`).
 */
async function resolveBundledFile(file: string, baseUrl: string | undefined): Promise<string | null> {
  if (baseUrl !== undefined) return new URL(file, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
  const nodeFs = 'node:fs';
  const nodeUrl = 'node:url';
  let fs: typeof NodeFs;
  let url: typeof NodeUrl;
  try {
    fs = (await import(/* @vite-ignore */ nodeFs)) as typeof NodeFs;
    url = (await import(/* @vite-ignore */ nodeUrl)) as typeof NodeUrl;
  } catch {
    return new URL(`../grammars/${file}`, import.meta.url).href;
  }
  for (const relative of ['../grammars/', '../../grammars/']) {
    const candidate = new URL(`${relative}${file}`, import.meta.url);
    if (candidate.protocol !== 'file:') return candidate.href;
    const path = url.fileURLToPath(candidate);
    if (fs.existsSync(path)) return path;
  }
  return null;
}

async function loadSource(source: GrammarSource, init: TreeSitterInitOptions | undefined): Promise<{ language: Language; origin: string } | null> {
  if ('bytes' in source) {
    let pending = languagesByBytes.get(source.bytes);
    if (!pending) {
      pending = Language.load(source.bytes);
      languagesByBytes.set(source.bytes, pending);
      void pending.then((language) => bytesOfLanguage.set(language, source.bytes), () => languagesByBytes.delete(source.bytes));
    }
    return { language: await pending, origin: 'bytes' };
  }
  if ('load' in source) return { language: await Language.load(await source.load()), origin: 'load()' };
  const path = 'path' in source ? source.path : 'bundled' in source ? await resolveBundledFile(source.bundled, init?.grammarBaseUrl) : await resolvePackageFile(source.package, source.file);
  if (path === null) return null;
  let pending = languagesByKey.get(path);
  if (!pending) {
    pending = Language.load(path).then((language) => ({ language, origin: path }));
    languagesByKey.set(path, pending);
    pending.catch(() => languagesByKey.delete(path));
  }
  return pending;
}

/**
 * Loads the grammar of a tree-sitter language: the first of its sources that can be found.
 * Rejects (with the reason) when none can; the editor turns that into an error value.
 */
export async function loadGrammar(definition: LanguageDefinition, init?: TreeSitterInitOptions): Promise<LoadedGrammar> {
  await initTreeSitter(init);
  const failures: string[] = [];
  for (const source of definition.grammars ?? []) {
    let loaded: { language: Language; origin: string } | null;
    try {
      loaded = await loadSource(source, init);
    } catch (cause) {
      failures.push(`${describeSource(source)}: ${cause instanceof Error ? cause.message : String(cause)}`);
      continue;
    }
    if (!loaded) {
      failures.push(`${describeSource(source)}: not installed`);
      continue;
    }
    let byId = grammarsByLanguage.get(loaded.language);
    if (!byId) {
      byId = new Map();
      grammarsByLanguage.set(loaded.language, byId);
    }
    let grammar = byId.get(definition.id);
    if (!grammar) {
      const parser = new Parser();
      parser.setLanguage(loaded.language);
      grammar = { id: definition.id, parser, language: loaded.language, compiled: compileStructureRules(loaded.language, profileOf(definition.id).structure), origin: loaded.origin };
      byId.set(definition.id, grammar);
    }
    return grammar;
  }
  const install = (definition.grammars ?? []).flatMap((source) => ('package' in source ? [source.package] : []));
  const advice = install.length > 0 ? `: install ${install.map((name) => `\`${name}\``).join(' or ')} (npm install ${install[0]}), or register a grammar with createEditor({ languages: { grammars: { ${definition.id}: { path } } } })` : '';
  throw new Error(`no grammar for ${definition.id} could be loaded (${failures.join('; ') || 'no grammar sources'})${advice}`);
}

/**
 * Parses with a grammar so that no parse depends on another: a grammar whose parse throws (a
 * scanner trap, a function its WASM lacks) may have left its state corrupt, so it is dropped, and
 * the next parse of that language loads it afresh (a new instance of the grammar's WASM), in any
 * editor. The error is rethrown for the caller to report.
 */
export function parseIsolated(grammar: LoadedGrammar, text: string, oldTree?: Tree | null): Tree | null {
  try {
    return oldTree ? grammar.parser.parse(text, oldTree) : grammar.parser.parse(text);
  } catch (cause) {
    forget(grammar);
    throw new Error(`the ${grammar.id} grammar (${grammar.origin}) failed while parsing: ${cause instanceof Error ? cause.message : String(cause)}; it is loaded afresh for the next parse`, { cause });
  }
}

function forget(grammar: LoadedGrammar): void {
  grammarsByLanguage.delete(grammar.language);
  const bytes = bytesOfLanguage.get(grammar.language);
  if (bytes) languagesByBytes.delete(bytes);
  for (const [key, pending] of languagesByKey) {
    void pending.then(({ language }) => {
      if (language === grammar.language) languagesByKey.delete(key);
    }, () => undefined);
  }
  try {
    grammar.parser.delete();
  } catch {
    // A parser in a corrupt state may not even be freed; it is unreachable now either way.
  }
}

function describeSource(source: GrammarSource): string {
  if ('bytes' in source) return 'bytes';
  if ('load' in source) return 'load()';
  if ('path' in source) return source.path;
  if ('bundled' in source) return `structedit's grammars/${source.bundled}`;
  return `${source.package}/${source.file}`;
}
