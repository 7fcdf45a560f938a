import type { LanguageProfile } from '../profile.js';
import { reachOfModifiers } from './generic.js';

/**
 * PHP: the opening `<?php` tag belongs to the file, like a `#!` line, not to the code after it: as a
 * structure it could be deleted or moved, which turns every line after it into inline HTML.
 */
export const php: LanguageProfile = {
  // `use Foo\Bar;` names what it brings in.
  moves: { packageKinds: ['module'], opaqueImport: /(?!)/ },
  languages: ['php'],
  members: { reachOf: (declaration) => reachOfModifiers(declaration) },
  // A function ignores arguments beyond its parameters; too few fail (ArgumentCountError).
  calls: { moreFail: false, namedArguments: true, selfConstruction: /\bnew\s+(?:static|self)\b/g },
  structure: { ignored: ['php_tag'] },
  // Content put at the file's start goes after `<?php` (and a `#!` line above it), still PHP.
  layout: { fileHead: /^(?:#![^\n]*\n)?<\?php[ \t]*(?:\n|$)/ },
};
