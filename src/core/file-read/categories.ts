import { profileOf } from '../languages/profiles/index.js';
import { headerText } from '../locate/match-text.js';
import type { StructureNode, StructureTree, TextSpan } from '../structure/types.js';
import { lineOfOffset } from '../text/source-text.js';
import type { LineCategory } from './line-category.js';

export type { LineCategory } from './line-category.js';

/** Grammar node types that are directives whatever the language. */
const DIRECTIVE_TYPES: ReadonlySet<string> = new Set([
  'hash_bang_line', // JavaScript, TypeScript
  'shebang', // Rust (the older grammar also parses `#![…]` as one)
  'inner_attribute_item', // Rust `#![…]`
  'future_import_statement', // Python `from __future__ import …`
  'php_tag', // `<?php`
  'declare_statement', // PHP `declare(strict_types=1);`
  'preproc_call', // C/C++ `#pragma`, `#error`, `#line`
  'package_clause', // Go
  'package_declaration', // Java
  'package_header', // Kotlin
]);

/** Grammar node types that are imports but that the shared kind vocabulary does not call so. */
const IMPORT_TYPES: ReadonlySet<string> = new Set(['import_list', 'import_header']);

/** The first line of a structure's own declaration (after decorators and doc comments). */
function headerLine(tree: StructureTree, node: StructureNode): string {
  return headerText(tree.source.text, node);
}

/**
 * The category of a structure that sits directly in the file or in an opened container:
 * shebang-like lines, `package` clauses, pragmas (`#pragma`, `declare(...)`, `<?php`), Rust inner
 * attributes and Python `from __future__` are directives; imports, includes and `use` declarations
 * are imports; a stray `;` is a gap; then the language profile's rules (`reading.category`: Markdown
 * blocks, JavaScript/TypeScript `require` and CommonJS exports, Python `__all__`, …); a string
 * statement left over is a comment (a docstring); everything else is a symbol.
 */
export function structureCategory(tree: StructureTree, node: StructureNode): LineCategory {
  // A stray `;` is a statement to the grammar, but nothing to read.
  if (node.type === 'empty_statement') return 'gap';
  if (DIRECTIVE_TYPES.has(node.type) || node.kind === 'package') return 'directive';
  if (node.kind === 'import' || IMPORT_TYPES.has(node.type)) return 'import';
  const own = profileOf(tree.language).reading.category(node, headerLine(tree, node));
  if (own !== null) return own;
  return node.kind === 'docstring' ? 'comment' : 'symbol';
}

/**
 * Comments that are directives: a shebang on line 1, an encoding or editor mode line on line 1
 * or 2, TypeScript triple-slash directives, type-checker and linter pragmas, Go build constraints,
 * Ruby magic comments, source map links.
 */
const DIRECTIVE_COMMENTS: readonly RegExp[] = [
  /^\/\/\/\s*<(?:reference|amd-module|amd-dependency)\b/,
  /^(?:\/\/|\/\*+)\s*@(?:ts-nocheck|ts-check|flow|jsx|jsxImportSource|jsxRuntime|jsxFrag)\b/,
  /^(?:\/\/|\/\*+)\s*(?:eslint-disable|eslint-env|global\s|jshint\s|jslint\s)/,
  /^\/\/go:\w+/,
  /^\/\/\s*\+build\s/,
  /^#\s*(?:frozen_string_literal|warn_indent|shareable_constant_value):/,
  /^#\s*(?:mypy|pylint|flake8|isort|cython|pyright):/,
  /^\/\/[#@]\s*source(?:Mapping)?URL=/,
];

/** The category of a comment that no structure claims: `directive` or `comment`. */
export function commentCategory(tree: StructureTree, comment: TextSpan): 'comment' | 'directive' {
  const text = tree.source.text.slice(comment.start, Math.min(comment.end, comment.start + 200));
  const line = lineOfOffset(tree.source, comment.start);
  if (line === 1 && text.startsWith('#!')) return 'directive';
  // PEP 263 / Ruby encoding declarations and Emacs `-*- mode -*-` lines.
  if (line <= 2 && /^#.*?(?:coding[:=]\s*[-\w.]+|-\*-.*-\*-)/.test(text)) return 'directive';
  return DIRECTIVE_COMMENTS.some((pattern) => pattern.test(text)) ? 'directive' : 'comment';
}

/**
 * Whether a symbol is opened in range reads and skeletons: its own lines (header, closing brace)
 * are shown and its members are stubs. Classes and other types, modules, namespaces, `#if`
 * blocks and a top-level JSON object are; a Markdown section is when it has subsections.
 * Functions are not: their statements are their body.
 */
export function isContainer(tree: StructureTree, node: StructureNode): boolean {
  return node.children.length > 0 && profileOf(tree.language).reading.isContainer(node);
}

/** Kinds that are definitions: what a non-recursive target read shows as stubs. */
const DEFINITION_KINDS: ReadonlySet<string> = new Set([
  'class', 'interface', 'struct', 'trait', 'impl', 'enum', 'module', 'type', 'function', 'method', 'constructor', 'section',
]);

/** Whether a structure is a definition (a function, a type, a module, a Markdown section…). */
export function isDefinition(node: StructureNode): boolean {
  return DEFINITION_KINDS.has(node.kind);
}
