import { joined, type PeerCase, type PeerSuite } from './types.js';

/**
 * Cline's replace_in_file blocks (`------- SEARCH` / `=======` / `+++++++ REPLACE`): the tests of
 * constructNewFileContent, which builds the new file from the original and the model's blocks, in
 * cline/cline@6eeee7c apps/vscode/src/core/assistant-message/diff.test.ts and
 * diff_edge_cases.test.ts (src/core/assistant-message/ until May 2026; deleted in 1f31738 "delete
 * unused files" with the rest of that folder). Cline's tool takes the file's path apart from the
 * blocks: here the file is file.txt and the call passes `path: 'file.txt'`. Every test runs with
 * isFinal = true (the whole reply has arrived). A case with `shouldThrow` expects a refusal.
 */
const TESTS = 'cline/cline@6eeee7c apps/vscode/src/core/assistant-message/diff.test.ts';
const EDGES = 'cline/cline@6eeee7c apps/vscode/src/core/assistant-message/diff_edge_cases.test.ts';

const edit = (original: string, ...diff: string[]) => ({ files: { 'file.txt': original }, call: { tool: 'apply_patch' as const, patch: joined(...diff), path: 'file.txt' } });
const result = (content: string) => ({ files: { 'file.txt': content } });
const refused = { refused: true } as const;

const table: PeerCase[] = [
  { name: 'empty file', source: TESTS, ...edit('', '------- SEARCH', '=======', 'new content', '+++++++ REPLACE'), expected: result('new content\n') },
  { name: 'malformed search - mixed symbols', source: TESTS, ...edit('line1\nline2\nline3', '<<-- SEARCH', 'line2', '=======', 'replaced', '+++++++ REPLACE'), expected: refused },
  { name: 'malformed search - insufficient dashes', source: TESTS, ...edit('line1\nline2\nline3', '-- SEARCH', 'line2', '=======', 'replaced', '+++++++ REPLACE'), expected: refused },
  {
    name: 'malformed search - missing space',
    source: TESTS,
    ...edit('line1\nline2\nline3', '-------SEARCH', 'line2', '=======', 'replaced', '+++++++ REPLACE'),
    expected: refused,
    structedit_differs: 'structedit reads "-------SEARCH" (no space) as a SEARCH marker, as it does "<<<<<<<SEARCH", and applies the block (line2 -> replaced); Cline requires the space and refuses.',
  },
  { name: 'exact match replacement', source: TESTS, ...edit('line1\nline2\nline3', '------- SEARCH', 'line2', '=======', 'replaced', '+++++++ REPLACE'), expected: result('line1\nreplaced\nline3') },
  {
    name: 'line-trimmed match replacement',
    source: TESTS,
    ...edit('line1\n line2 \nline3', '------- SEARCH', 'line2', '=======', 'replaced', '+++++++ REPLACE'),
    expected: result('line1\nreplaced\nline3'),
    structedit_differs:
      'Cline compares lines with their whitespace trimmed and replaces the whole line " line2 ". structedit refuses (no exact "line2\n"), and the text it suggests is "line2 " from the line\'s second character: the retry copying it replaces that much and keeps the leading space (" replaced").',
  },
  { name: 'block anchor match replacement', source: TESTS, ...edit('line1\nstart\nmiddle\nend\nline5', '------- SEARCH', 'start', 'middle', 'end', '=======', 'replaced', '+++++++ REPLACE'), expected: result('line1\nreplaced\nline5') },
  {
    name: 'incremental processing',
    source: TESTS,
    // The test joins "------- SEARCH\nline2\n=======", "replaced\n" and "+++++++ REPLACE" with "\n".
    ...edit('line1\nline2\nline3', '------- SEARCH', 'line2', '=======', 'replaced', '', '+++++++ REPLACE'),
    expected: result('line1\nreplaced\n\nline3'),
  },
  { name: 'final chunk with remaining content', source: TESTS, ...edit('line1\nline2\nline3', '------- SEARCH', 'line2', '=======', 'replaced', '+++++++ REPLACE'), expected: result('line1\nreplaced\nline3') },
  {
    name: 'multiple ordered replacements',
    source: TESTS,
    ...edit('First\nSecond\nThird\nFourth', '------- SEARCH', 'First', '=======', '1st', '+++++++ REPLACE', '', '------- SEARCH', 'Third', '=======', '3rd', '+++++++ REPLACE'),
    expected: result('1st\nSecond\n3rd\nFourth'),
  },
  {
    name: 'replace then delete',
    source: TESTS,
    ...edit('line1\nline2\nline3\nline4', '------- SEARCH', 'line2', '=======', 'replaced', '+++++++ REPLACE', '', '------- SEARCH', 'line4', '=======', '+++++++ REPLACE'),
    expected: result('line1\nreplaced\nline3\n'),
  },
  {
    name: 'delete then replace',
    source: TESTS,
    ...edit('line1\nline2\nline3\nline4', '------- SEARCH', 'line1', '=======', '+++++++ REPLACE', '', '------- SEARCH', 'line3', '=======', 'replaced', '+++++++ REPLACE'),
    expected: result('line2\nreplaced\nline4'),
  },
  { name: 'malformed diff - missing separator', source: TESTS, ...edit('line1\nline2\nline3', '------- SEARCH', 'line2', '+++++++ REPLACE', 'replaced'), expected: refused },
  {
    name: 'malformed diff - trailing space on separator',
    source: TESTS,
    ...edit('line1\nline2\nline3', '------- SEARCH', 'line2', '======= ', 'replaced', '+++++++ REPLACE'),
    expected: refused,
    structedit_differs: 'structedit reads "======= " (a trailing space) as the divider, as Aider does, and applies the block (line2 -> replaced); Cline refuses it.',
  },
  { name: 'malformed diff - double replace markers', source: TESTS, ...edit('line1\nline2\nline3', '------- SEARCH', 'line2', '+++++++ REPLACE', 'first replacement', '+++++++ REPLACE'), expected: refused },
  { name: 'malformed diff - malformed separator with dashes', source: TESTS, ...edit('line1\nline2\nline3', '------- SEARCH', 'line2', '------- =======', 'replaced', '+++++++ REPLACE'), expected: refused },
];

const others: PeerCase[] = [
  { name: 'should throw error when no match found', source: TESTS, ...edit('line1\nline2\nline3', '------- SEARCH', 'non-existent', '=======', 'replaced', '+++++++ REPLACE'), expected: refused },
  {
    name: 'should handle missing final REPLACE marker when isFinal is true',
    source: TESTS,
    ...edit('line1\nline2\nline3', '------- SEARCH', 'line2', '=======', 'replaced'),
    expected: result('line1\nreplaced\nline3'),
  },
  {
    name: 'should handle missing final REPLACE marker with multiple lines of replacement',
    source: TESTS,
    ...edit('function test() {\n\tconst a = 1;\n\treturn a;\n}', '------- SEARCH', '\tconst a = 1;', '\treturn a;', '=======', '\tconst a = 42;', "\tconsole.log('updated');", '\treturn a;'),
    expected: result("function test() {\n\tconst a = 42;\n\tconsole.log('updated');\n\treturn a;\n}"),
  },
  {
    name: 'should handle out-of-order replacements with different positions',
    source: `${TESTS} › Diff Format Out of Order Cases`,
    ...edit('first\nsecond\nthird\nfourth\n', '------- SEARCH', 'fourth', '=======', 'new fourth', '+++++++ REPLACE', '------- SEARCH', 'second', '=======', 'new second', '+++++++ REPLACE'),
    expected: result('first\nnew second\nthird\nnew fourth\n'),
  },
  {
    name: 'should handle multiple out-of-order replacements',
    source: `${TESTS} › Diff Format Out of Order Cases`,
    ...edit('one\ntwo\nthree\nfour\nfive\n', '------- SEARCH', 'four', '=======', 'fourth', '+++++++ REPLACE', '------- SEARCH', 'two', '=======', 'second', '+++++++ REPLACE', '------- SEARCH', 'five', '=======', 'fifth', '+++++++ REPLACE'),
    expected: result('one\nsecond\nthree\nfourth\nfifth\n'),
  },
  {
    name: 'should handle out-of-order replacements with indentation',
    source: `${TESTS} › Diff Format Out of Order Cases`,
    ...edit('function test() {\n\tconst a = 1;\n\tconst b = 2;\n\tconst c = 3;\n\n}', '------- SEARCH', '\tconst c = 3;', '=======', '\tconst c = 30;', '+++++++ REPLACE', '------- SEARCH', '\tconst a = 1;', '=======', '\tconst a = 10;', '+++++++ REPLACE'),
    expected: result('function test() {\n\tconst a = 10;\n\tconst b = 2;\n\tconst c = 30;\n\n}'),
  },
  {
    name: 'should handle out-of-order replacements with empty lines',
    source: `${TESTS} › Diff Format Out of Order Cases`,
    ...edit('header\n\nbody\n\nfooter\n', '------- SEARCH', 'footer', '=======', 'new footer', '+++++++ REPLACE', '------- SEARCH', '', 'body', '', '=======', 'new body content', '+++++++ REPLACE'),
    expected: result('header\nnew body content\nnew footer\n'),
  },
];

const before = 'before\ncontent\nafter';
const edges: PeerCase[] = [
  { name: 'should handle SEARCH prefix symbols - less than 7', source: EDGES, ...edit(before, '----- SEARCH', 'content', '=======', 'new content', '+++++++ REPLACE'), expected: result('before\nnew content\nafter') },
  { name: 'should handle SEARCH prefix symbols - more than 7', source: EDGES, ...edit(before, '----------- SEARCH', 'content', '=======', 'new content', '+++++++ REPLACE'), expected: result('before\nnew content\nafter') },
  { name: 'should handle SEARCH - less than 7 and REPLACE = less than 7', source: EDGES, ...edit(before, '----- SEARCH', 'content', '=====', 'new content', '+++++++ REPLACE'), expected: result('before\nnew content\nafter') },
  { name: 'should handle SEARCH - less than 7 and REPLACE = more than 7', source: EDGES, ...edit(before, '----- SEARCH', 'content', '========', 'new content', '+++++++ REPLACE'), expected: result('before\nnew content\nafter') },
  {
    name: 'should handle SEARCH - more than 7 and REPLACE = more than 7',
    source: EDGES,
    ...edit(before, '----------- SEARCH', 'content', '==========', 'new content', '+++++++ REPLACE'),
    expected: result('before\nnew content\nafter'),
    note: 'a divider of 10 "=" is text to structedit (dividers are 5 to 9 "=", as Aider reads them, so that an underline in the code stays text): the block has no divider and is refused, the retry writes "======="',
  },
  { name: 'should handle SEARCH - more than 7 and REPLACE = less than 7', source: EDGES, ...edit(before, '----------- SEARCH', 'content', '=====', 'new content', '+++++++ REPLACE'), expected: result('before\nnew content\nafter') },
  {
    name: 'should handle consecutive SEARCH-REPLACE with second block SEARCH - less than 7',
    source: EDGES,
    ...edit('before\nfirst content\nafter\nsecond content\nend', '------- SEARCH', 'first content', '=======', 'first new content', '+++++++ REPLACE', '----- SEARCH', 'second content', '=======', 'second new content', '+++++++ REPLACE'),
    expected: result('before\nfirst new content\nafter\nsecond new content\nend'),
  },
  {
    name: 'should handle consecutive SEARCH-REPLACE with second block SEARCH - less than 7 and REPLACE = less than 7',
    source: EDGES,
    ...edit('before\nfirst content\nafter\nsecond content\nend', '------- SEARCH', 'first content', '=======', 'first new content', '+++++++ REPLACE', '----- SEARCH', 'second content', '=====', 'second new content', '+++++++ REPLACE'),
    expected: result('before\nfirst new content\nafter\nsecond new content\nend'),
  },
];

export const cline: PeerSuite = {
  peer: 'Cline replace_in_file',
  cases: [...table, ...others, ...edges],
  skipped: [
    { tests: 'diff_edge_cases2.test.ts (every test)', why: 'commented out in Cline itself: none runs' },
    { tests: 'diff.test.ts "should NOT process incomplete replacement when isFinal is false"', why: 'commented out in Cline itself' },
  ],
};
