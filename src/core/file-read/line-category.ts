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
