import { headerText } from '../locate/match-text.js';
import type { StructureNode, StructureTree, TextSpan } from '../structure/types.js';
import { lineOfOffset } from '../text/source-text.js';

/**
 * What a line of a file is, for structure-aware reading. Every line belongs to exactly one category.
 *
 * - `symbol`: a structure (function, class, variable, statement, Markdown section or code block…),
 *   read by its target; range reads show it as a stub.
 * - `import`: imports, includes, `use` declarations, CommonJS `require`.
 * - `export`: exports that declare nothing themselves (`export { a }`, `export default app;`,
 *   `module.exports = x`, Python `__all__`).
 * - `comment`: comments and docstrings not attached to a symbol.
 * - `directive`: what tells a tool how to read the file: shebang, `"use strict"`, encoding lines,
 *   `from __future__`, `package` clauses, pragmas, inner attributes, Markdown front matter.
 * - `text`: Markdown prose: paragraphs, lists, quotes, tables, HTML.
 * - `gap`: lines no category covers: blank lines, stray tokens, unparseable text.
 */
export type LineCategory = 'symbol' | 'import' | 'export' | 'comment' | 'directive' | 'text' | 'gap';

const JS_FAMILY: ReadonlySet<string> = new Set(['javascript', 'typescript', 'tsx']);

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

/** Markdown structure kinds that are symbols; every other block is prose (`text`). */
const MARKDOWN_SYMBOLS: ReadonlySet<string> = new Set(['section', 'code_block']);

/** The first line of a structure's own declaration (after decorators and doc comments). */
function headerLine(tree: StructureTree, node: StructureNode): string {
  return headerText(tree.source.text, node);
}

/**
 * The category of a structure that sits directly in the file or in an opened container. The rules,
 * per language:
 * - Markdown: front matter is a directive, an HTML comment a comment, sections and code blocks
 *   are symbols, every other block (paragraph, list item, quote, table, HTML) is prose (`text`).
 * - Everywhere else: shebang-like lines, `package` clauses, pragmas (`#pragma`, `declare(...)`,
 *   `<?php`), Rust inner attributes and Python `from __future__` are directives; imports,
 *   includes and `use` declarations are imports; a string statement is a comment (a docstring),
 *   or a directive in JavaScript/TypeScript when it is a `'use …'` prologue; a stray `;` is a gap.
 * - JavaScript/TypeScript: `require(…)` (bare or assigned) is an import; `export { … }`,
 *   `export * from`, `export default x;`, `module.exports = x` and `exports.x = …` are exports when
 *   they hold no structures of their own (`export default { … }` with members is a symbol).
 * - Python: `__all__ = …` is an export. Ruby `require`/`require_relative` and Lua `local x = require`
 *   are imports.
 * - Everything else is a symbol.
 */
export function structureCategory(tree: StructureTree, node: StructureNode): LineCategory {
  const language = tree.language;
  if (language === 'markdown') {
    if (node.kind === 'front_matter') return 'directive';
    if (node.kind === 'html' && headerLine(tree, node).startsWith('<!--')) return 'comment';
    return MARKDOWN_SYMBOLS.has(node.kind) ? 'symbol' : 'text';
  }
  // A stray `;` is a statement to the grammar, but nothing to read.
  if (node.type === 'empty_statement') return 'gap';
  if (DIRECTIVE_TYPES.has(node.type) || node.kind === 'package') return 'directive';
  if (node.kind === 'import' || IMPORT_TYPES.has(node.type)) return 'import';
  const header = headerLine(tree, node);
  if (node.kind === 'docstring') {
    // A string statement: a directive prologue in JavaScript (`'use strict'`), else documentation.
    return JS_FAMILY.has(language) && /^(['"])use [\w -]+\1;?\s*$/.test(header) ? 'directive' : 'comment';
  }
  if (JS_FAMILY.has(language)) {
    if (/^(?:const|let|var)\s[^=]*=\s*require\s*\(/.test(header) || /^require\s*\(/.test(header)) return 'import';
    if (node.children.length === 0 && (node.kind === 'export' || /^(?:module\.exports|exports\.[\w$]+)\s*=/.test(header))) return 'export';
  }
  if (language === 'python' && node.kind === 'variable' && /^__all__\s*[:+]?=/.test(header)) return 'export';
  if (language === 'ruby' && /^(?:require|require_relative)[\s(]/.test(header)) return 'import';
  if (language === 'lua' && /^local\s[^=]*=\s*require[\s('"]/.test(header)) return 'import';
  return 'symbol';
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

/** Kinds whose members range reads and skeletons show one by one (the structure is opened). */
const CONTAINER_KINDS: ReadonlySet<string> = new Set(['class', 'interface', 'struct', 'trait', 'impl', 'enum', 'object', 'module', 'preprocessor']);

/**
 * Whether a symbol is opened in range reads and skeletons: its own lines (header, closing brace)
 * are shown and its members are stubs. Classes and other types, modules, namespaces, `#if`
 * blocks and a top-level JSON object are; a Markdown section is when it has subsections.
 * Functions are not: their statements are their body.
 */
export function isContainer(tree: StructureTree, node: StructureNode): boolean {
  if (node.children.length === 0) return false;
  if (tree.language === 'markdown') return node.kind === 'section' && node.children.some((child) => child.kind === 'section');
  return CONTAINER_KINDS.has(node.kind);
}

/** Kinds that are definitions: what a non-recursive target read shows as stubs. */
const DEFINITION_KINDS: ReadonlySet<string> = new Set([
  'class', 'interface', 'struct', 'trait', 'impl', 'enum', 'module', 'type', 'function', 'method', 'constructor', 'section',
]);

/** Whether a structure is a definition (a function, a type, a module, a Markdown section…). */
export function isDefinition(node: StructureNode): boolean {
  return DEFINITION_KINDS.has(node.kind);
}
