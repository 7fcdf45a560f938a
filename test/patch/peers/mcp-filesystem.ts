import type { PeerCase, PeerSuite } from './types.js';

/**
 * The MCP filesystem server's edit_file (modelcontextprotocol/servers, src/filesystem): its tests
 * of applyFileEdits, the function behind the tool, in src/filesystem/__tests__/lib.test.ts
 * @76d64c8 (describe 'File Editing Functions' › 'applyFileEdits'). The tests mock the file system:
 * the file read is `mockFs.readFile`'s value and the expected file is what `writeFile` receives.
 * Every edit is `{ oldText, newText }`: here `{ old_text, new_text }` of structedit's editFile.
 */
const SOURCE = "modelcontextprotocol/servers@76d64c8 src/filesystem/__tests__/lib.test.ts › applyFileEdits";
/** The file every test reads unless it sets another (the describe's beforeEach). */
const DEFAULT = 'line1\nline2\nline3\n';

const cases: PeerCase[] = [
  {
    name: 'applies simple text replacement',
    source: SOURCE,
    files: { 'file.txt': DEFAULT },
    call: { tool: 'edit_file', path: 'file.txt', edits: [{ old_text: 'line2', new_text: 'modified line2' }] },
    expected: { files: { 'file.txt': 'line1\nmodified line2\nline3\n' } },
  },
  {
    name: 'treats dollar signs in replacement text literally',
    source: SOURCE,
    files: { 'file.txt': DEFAULT },
    call: { tool: 'edit_file', path: 'file.txt', edits: [{ old_text: 'line2', new_text: "price=$$; match=$&; before=$`; after=$'" }] },
    expected: { files: { 'file.txt': "line1\nprice=$$; match=$&; before=$`; after=$'\nline3\n" } },
  },
  {
    name: 'handles dry run mode',
    source: SOURCE,
    files: { 'file.txt': DEFAULT },
    call: { tool: 'edit_file', path: 'file.txt', edits: [{ old_text: 'line2', new_text: 'modified line2' }], dry_run: true },
    expected: { files: { 'file.txt': DEFAULT } },
    note: 'the test also checks that the returned diff mentions the new text',
  },
  {
    name: 'applies multiple edits sequentially',
    source: SOURCE,
    files: { 'file.txt': DEFAULT },
    call: {
      tool: 'edit_file',
      path: 'file.txt',
      edits: [
        { old_text: 'line1', new_text: 'first line' },
        { old_text: 'line3', new_text: 'third line' },
      ],
    },
    expected: { files: { 'file.txt': 'first line\nline2\nthird line\n' } },
  },
  {
    name: 'handles whitespace-flexible matching',
    source: SOURCE,
    files: { 'file.txt': '  line1\n    line2\n  line3\n' },
    call: { tool: 'edit_file', path: 'file.txt', edits: [{ old_text: 'line2', new_text: 'modified line2' }] },
    expected: { files: { 'file.txt': '  line1\n    modified line2\n  line3\n' } },
  },
  {
    name: 'throws error for non-matching edits',
    source: SOURCE,
    files: { 'file.txt': DEFAULT },
    call: { tool: 'edit_file', path: 'file.txt', edits: [{ old_text: 'nonexistent line', new_text: 'replacement' }] },
    expected: { refused: true },
  },
  {
    name: 'handles complex multi-line edits with indentation',
    source: SOURCE,
    files: { 'file.js': 'function test() {\n  console.log("hello");\n  return true;\n}' },
    call: { tool: 'edit_file', path: 'file.js', edits: [{ old_text: '  console.log("hello");\n  return true;', new_text: '  console.log("world");\n  console.log("test");\n  return false;' }] },
    expected: { files: { 'file.js': 'function test() {\n  console.log("world");\n  console.log("test");\n  return false;\n}' } },
  },
  {
    name: 'handles edits with different indentation patterns',
    source: SOURCE,
    files: { 'file.js': '    if (condition) {\n        doSomething();\n    }' },
    call: { tool: 'edit_file', path: 'file.js', edits: [{ old_text: 'doSomething();', new_text: 'doSomethingElse();\n        doAnotherThing();' }] },
    expected: { files: { 'file.js': '    if (condition) {\n        doSomethingElse();\n        doAnotherThing();\n    }' } },
  },
  {
    name: 'handles CRLF line endings in file content',
    source: SOURCE,
    files: { 'file.txt': 'line1\r\nline2\r\nline3\r\n' },
    call: { tool: 'edit_file', path: 'file.txt', edits: [{ old_text: 'line2', new_text: 'modified line2' }] },
    expected: { files: { 'file.txt': 'line1\nmodified line2\nline3\n' } },
    structedit_differs:
      'structedit changes only the text the edit names: the file keeps its CRLF line endings ("line1\\r\\nmodified line2\\r\\nline3\\r\\n"). The server normalizes the whole file to LF before editing and writes it back so.',
  },
];

export const mcpFilesystem: PeerSuite = {
  peer: 'MCP filesystem edit_file',
  cases,
  skipped: [
    { tests: 'lib.test.ts: formatSize, normalizeLineEndings, createUnifiedDiff, validatePath, getFileStats, readFileContent, writeFileContent, searchFilesWithValidation, tailFile, headFile', why: 'not about applying edits' },
    { tests: 'the other files of src/filesystem/__tests__ (directory-tree, path-utils, path-validation, roots-utils, startup-validation, structured-content, version)', why: 'no edit_file case' },
  ],
};
