import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type ErrorCode, type StructeditError } from 'structedit';
import { createTools, renderError, TOOL_NAMES } from 'structedit/tools';
import { makeError } from '../../src/core/errors.js';

// The syntactic engine: these tests are of the tools' rendering, not of a language server's answers.
const editor = createEditor({ fs: memoryFs({ 'auth.py': 'class UserAuth:\n    def validate(self):\n        return True\n' }), semantic: 'syntax' });
const tools = createTools(editor);
const byName = (name: string) => tools.find((tool) => tool.name === name)!;

/** Example inputs written in the specifications (docs/spec/), per tool. */
const SPEC_EXAMPLES: Record<string, unknown[]> = {
  read_structure: [{ path: 'auth.py', target: 'UserAuth\nvalidate\nif user.is_active' }, { path: 'auth.py', target: '' }],
  list_structures: [{ path: 'auth.py' }, { path: 'auth.py', depth: 2 }, { path: 'src' }, { path: 'src/**/*.py', depth: 1 }],
  // Not in the specifications: discovery across files (docs/discovery.md).
  find_structures: [{ name: 'validate*', kind: ['function', 'method'], paths: ['src/**/*.py'] }, { text_regex: 'fetch\\(', max_results: 20 }, {}],
  // structure-operations.md: the core operations' argument lists.
  replace_structure: [{ path: 'auth.py', target: 'UserAuth\nvalidate', content: 'def validate(self):\n    return True' }, { path: 'auth.py', target: '', content: '' }],
  delete_structure: [{ path: 'auth.py', target: 'UserAuth\nvalidate' }],
  replace_text_in_structure: [{ path: 'auth.py', target: 'UserAuth\nvalidate', old_text: 'True', new_text: 'False' }],
  replace_all_text_in_structure: [{ path: 'auth.py', target: 'UserAuth', old_text: 'self', new_text: 'me' }, { path: 'auth.py', target: 'UserAuth', old_text: 'self', new_text: 'me', expected_count: 2 }],
  insert_before_structure: [{ path: 'auth.py', target: 'UserAuth\nvalidate', content: '@staticmethod' }],
  insert_after_structure: [{ path: 'auth.py', target: 'UserAuth', content: 'X = 1' }],
  move_structure_to_before: [{ source_path: 'auth.py', source_target: 'helper', dest_path: 'util.py', dest_target: 'parse' }],
  move_structure_to_after: [{ source_path: 'auth.py', source_target: 'helper', dest_path: 'util.py', dest_target: 'parse' }],
  move_structure_to_file_start: [{ source_path: 'auth.py', source_target: 'helper', dest_path: 'util.py' }],
  move_structure_to_file_end: [{ source_path: 'auth.py', source_target: 'helper', dest_path: 'util.py' }],
  // file-edit.md: FileEditArgs as its examples and fixtures write them.
  file_edit: [
    { path: '/src/app.ts', edits: [{ old_text: 'World', new_text: 'Universe' }] },
    { path: 'a.txt', edits: [{ old_text: 'foo', new_text: 'qux', occurrences: 3 }], dry_run: true },
    { path: 'a.txt', edits: [{ old_text: 'const', new_text: 'let', occurrences: 2 }, { old_text: 'let a', new_text: 'let x' }, { old_text: '= 1', new_text: '= 100' }] },
  ],
  // structured-reading.md: every mode of the new flow.
  file_read: [{ path: 'auth.py', skeleton: true }, { path: 'auth.py', startLine: 1, endLine: 30 }, { path: 'auth.py', startLine: 1, endLine: 30, skeleton: true }, { path: 'auth.py', target: 'CONFIG' }, { path: 'auth.py', target: 'class UserAuth', recursive: true }, { path: 'auth.py' }],
  // chunk-symbol-editing.md: a structure by line/column, chunks with string and list contexts.
  chunk_edit: [
    {
      path: 'auth.py',
      line: 2,
      column: 5,
      chunks: [{ context_before: '    def validate(self):', old_lines: ['        return True'], new_lines: ['        return self.ok'], context_after: [] }],
    },
    { path: 'auth.py', target: 'class UserAuth', chunks: [{ context_before: ['class UserAuth:'], old_lines: [], new_lines: ['    """Doc."""'], context_after: '    def validate(self):' }] },
  ],
  // Not in the specifications (issue 20): a patch in each format models write.
  apply_patch: [
    { patch: '*** Begin Patch\n*** Update File: src/app.py\n@@ def main():\n-    print("hi")\n+    print("hello")\n*** End Patch' },
    { patch: 'src/app.py\n<<<<<<< SEARCH\n    print("hi")\n=======\n    print("hello")\n>>>>>>> REPLACE\n', dry_run: true },
    { patch: '--- a/src/app.py\n+++ b/src/app.py\n@@ -2 +2 @@\n-    print("hi")\n+    print("hello")\n', format: 'unified' },
  ],
  // Not in the specifications (issue 20's file lifecycle): a new file, a deletion, a move.
  create_file: [{ path: 'src/utils/slug.py', content: 'def slugify(text):\n    return text.lower()\n' }, { path: 'README.md', content: '# App\n', overwrite: true, expected_hash: `sha256:${'a'.repeat(64)}` }],
  delete_file: [{ path: 'src/legacy/old_helpers.py' }],
  move_file: [{ from: 'src/helpers.py', to: 'src/utils/helpers.py' }],
  // Not in the specifications: undo takes the token a write returned.
  undo: [{ undo_token: 'undo-1-3c31a332' }],
  // semantic-edit-operations.md: its examples, with a file path and a target for each address.
  semantic_edit: [
    // The specification's single `edit` form is the library's (applyEdits); the tool takes the batch form only, so its schema can require `edits`.
    { edits: [{ op: 'set', path: 'api.py', address: 'def fetch_data.params.attempts', value: 'attempts=5' }] },
    {
      edits: [
        { op: 'set', path: 'api.py', address: 'def fetch.params.attempts', value: 'attempts=5' },
        { op: 'add', path: 'models.py', address: 'class User', value: 'verified: bool' },
        { op: 'rename', path: 'api.py', address: 'def old_func', new_name: 'new_func' },
      ],
      transaction: true,
    },
    { edits: [{ op: 'add', path: 'api.py', address: 'def fetch_data.params', value: 'timeout: int = 30', position: 'last' }], options: { dry_run: false, format: true, validate: true, transaction: true } },
    { edits: [{ op: 'add', path: 'api.ts', address: '.imports["std/http"]', value: 'post' }] },
    { edits: [{ op: 'remove', path: 'models.py', address: 'class User.legacy_id' }, { op: 'remove', path: 'api.py', address: 'def deprecated_helper', force: true }] },
    { edits: [{ op: 'move', path: 'api.py', address: 'def helper', to: 'utils.py' }, { op: 'move', path: 'api.py', address: 'def helper', position: 'after:def main' }], options: { dry_run: true } },
  ],
};

describe('tool definitions', () => {
  it('one per operation, named as the specifications name them, described for an LLM with an example call', () => {
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(tool.description.length, tool.name).toBeGreaterThan(150);
      expect(tool.description, tool.name).toMatch(/Example: \{/);
    }
    expect(createTools(editor, { include: ['read_structure'] }).map((tool) => tool.name)).toEqual(['read_structure']);
  });

  it('every inputSchema is valid JSON Schema (ajv, draft 2020-12) and accepts the specifications\' example inputs', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(ajv.validateSchema(tool.inputSchema), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
      const validate = ajv.compile(tool.inputSchema);
      const examples = SPEC_EXAMPLES[tool.name] ?? [];
      expect(examples.length, `${tool.name} has example inputs`).toBeGreaterThan(0);
      for (const example of examples) expect(validate(example), `${tool.name} ${JSON.stringify(example)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(validate({ nonsense: true })).toBe(false);
    }
    expect(Object.keys(SPEC_EXAMPLES).sort()).toEqual([...TOOL_NAMES].sort());
  });

  it('execute never throws and names the offending fields of any malformed input (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...tools), fc.anything(), async (tool, input) => {
        const result = await tool.execute(input);
        expect(typeof result.isError).toBe('boolean');
        expect(result.content[0]!.type).toBe('text');
        if (result.isError) expect(result.structuredContent).toHaveProperty('error');
      }),
      { numRuns: 300 },
    );
    const result = await byName('read_structure').execute({ path: 42, target: 'x', extra: 1 });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: 'INVALID_ARGUMENT', details: { issues: [expect.objectContaining({ field: 'path' }), expect.objectContaining({ field: '' })] } });
  });

  it('renders a success as concise text first and the result as data second', async () => {
    const result = await byName('read_structure').execute({ path: 'auth.py', target: 'class UserAuth\ndef validate' });
    expect(result).toEqual({
      isError: false,
      content: [{ type: 'text', text: 'auth.py: 1 match for "class UserAuth\\ndef validate"\n\nlines 2-3:\n    def validate(self):\n        return True' }],
      structuredContent: { matches: [{ text: '    def validate(self):\n        return True', line_range_inclusive: [2, 3] }], hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), warnings: [] },
    });
  });

  it('semantic_edit renders each edit and the changed lines of each file', async () => {
    const result = await byName('semantic_edit').execute({ edits: [{ op: 'rename', path: 'auth.py', address: 'class UserAuth\ndef validate', new_name: 'check' }], options: { dry_run: true } });
    expect(result.isError).toBe(false);
    expect(result.content[0]!.text).toBe(
      [
        'Would apply 1 edit; nothing was written, 1 file would change.',
        '  1. rename "class UserAuth\\ndef validate" in auth.py: validate -> check, 1 location in 1 file: auth.py:2 (definition)',
        'auth.py:',
        '  @@ line 2',
        '  -     def validate(self):',
        '  +     def check(self):',
      ].join('\n'),
    );
  });
});

/** One error value of every code, rendered: the table the issue asks for. */
/** `CONFLICT`'s other reason (the table holds `file_changed`). */
const NAME_TAKEN = makeError('CONFLICT', 'Taken.', { reason: 'name_taken', path: 'util.py', address: 'def helper', name: 'run', conflicts: [{ file: 'util.py', line: 9, column: 5, text: 'def run():', kind: 'definition' }] });

const EXAMPLES: { [Code in ErrorCode]: StructeditError } = {
  TARGET_NOT_FOUND: makeError('TARGET_NOT_FOUND', 'No structure matches level 2.', {
    path: 'auth.py',
    searched_path: ['class UserAuth', 'def valdate'],
    failed_level: 2,
    parent_found: { target: 'class UserAuth', kind: 'class', line_range_inclusive: [1, 3], matches: 1 },
    suggestions: [{ match_text: 'def validate(self):', target: 'class UserAuth\ndef validate', kind: 'method', line: 2, similarity: 0.91 }],
  }),
  TARGET_AMBIGUOUS: makeError('TARGET_AMBIGUOUS', 'Two structures.', {
    path: 'auth.py',
    target: 'def f',
    matches: [
      { kind: 'function', line_range_inclusive: [1, 2], target: 'def f(a)', match_text: 'def f(a):' },
      { kind: 'function', line_range_inclusive: [4, 5], target: null, match_text: 'def f(b):' },
    ],
  }),
  TEXT_NOT_FOUND: makeError('TEXT_NOT_FOUND', 'Not found.', {
    path: 'auth.py',
    target: 'class UserAuth\ndef validate',
    structure_lines: [2, 3],
    structure_matched: 'def validate(self):',
    similar_lines: [{ line: 3, text: '        return True', similarity: 0.8 }],
    found_outside_lines: [],
  }),
  TEXT_AMBIGUOUS: makeError('TEXT_AMBIGUOUS', 'Twice.', { path: 'auth.py', target: 'class UserAuth', occurrences: 2, lines: [2, 5] }),
  COUNT_MISMATCH: makeError('COUNT_MISMATCH', 'Count.', { path: 'auth.py', target: 'class UserAuth', expected: 3, found: 2, lines: [2, 5] }),
  CONTENT_TOO_LARGE: makeError('CONTENT_TOO_LARGE', 'Too big.', { field: 'content', content_size: 2_000_000, limit: 1_048_576 }),
  NO_MATCH: makeError('NO_MATCH', 'Edit 1 of 2 failed.', {
    path: 'app.ts',
    validation_error: {
      type: 'NO_MATCH',
      edit_index: 0,
      total_edits: 2,
      message: 'Could not find exact text in app.ts.',
      search_text: 'const  foo',
      similar_content: [{ line_number: 45, content: 'const foo = 1;', similarity_score: 0.92, differences: [{ type: 'whitespace', expected: 'const  foo', found: 'const foo' }] }],
    },
    suggested_fixes: [{ type: 'USE_EXACT_TEXT', suggestion: 'Copy the exact text', example: 'const foo = 1;' }],
  }),
  WRONG_COUNT: makeError('WRONG_COUNT', 'Edit 2 of 2 failed.', {
    path: 'utils.ts',
    validation_error: {
      type: 'WRONG_COUNT',
      edit_index: 1,
      total_edits: 2,
      message: 'Expected 3 occurrences but found 5 in utils.ts.',
      expected_occurrences: 3,
      actual_occurrences: 5,
      search_text: 'console.log',
      match_locations: [{ line_number: 12, column_start: 5, column_end: 16, line_content: "    console.log('Starting process');" }],
    },
    suggested_fixes: [{ type: 'ADJUST_COUNT', suggestion: 'Set occurrences to 5' }],
  }),
  FILE_NOT_FOUND: makeError('FILE_NOT_FOUND', 'No file.', { path: 'gone.py' }),
  PATCH_FAILED: makeError('PATCH_FAILED', 'Fails.', { format: 'apply_patch', problems: [], hunks: [{ file: 'a.py', hunk: 1, patch_line: 3, applied: false, reason: 'no_match', similar_content: [{ line_number: 2, content: 'x = 1', similarity_score: 0.8, differences: [] }] }, { file: 'a.py', hunk: 2, patch_line: 8, applied: true }] }),
  FILE_EXISTS: makeError('FILE_EXISTS', 'Exists.', { path: 'new.py', hash: 'sha256:' + 'a'.repeat(64) }),
  FILE_TOO_LARGE: makeError('FILE_TOO_LARGE', 'Too large.', { path: 'big.py', file_size: 20_000_000, limit: 10_485_760 }),
  PERMISSION_DENIED: makeError('PERMISSION_DENIED', 'Denied.', { path: 'ro.py', operation: 'write' }),
  LANGUAGE_UNSUPPORTED: makeError('LANGUAGE_UNSUPPORTED', 'No parser.', { file: 'a.xyz', supported: ['python', 'go'], extensions: ['.py', '.go'] }),
  GRAMMAR_UNAVAILABLE: makeError('GRAMMAR_UNAVAILABLE', 'No grammar.', { path: 'w.cpp', language: 'cpp', tried: [{ source: 'structedit-grammars/grammars/cpp.wasm', reason: 'not installed' }], install: ['structedit-grammars'] }),
  PARSER_FAILED: makeError('PARSER_FAILED', 'Syntax errors.', { path: 'm.py', parse_errors: [{ line: 5, column: 9, kind: 'ERROR', line_text: 'def bad(:' }] }),
  ENCODING_ERROR: makeError('ENCODING_ERROR', 'Not UTF-8.', { path: 'l.py', encoding: 'utf-8', byte_offset: 5 }),
  BINARY_FILE: makeError('BINARY_FILE', 'Binary.', { path: 'a.bin', byte_offset: 1 }),
  INVALID_ARGUMENT: makeError('INVALID_ARGUMENT', 'Invalid.', { issues: [{ field: 'target', message: 'expected string' }] }),
  PATH_OUTSIDE_ROOT: makeError('PATH_OUTSIDE_ROOT', 'Outside.', { path: '../x.py' }),
  LINE_OUT_OF_RANGE: makeError('LINE_OUT_OF_RANGE', 'Past the end.', { path: 'a.py', start_line: 90, total_lines: 12 }),
  IO_ERROR: makeError('IO_ERROR', 'Disk.', { path: 'a.py', operation: 'write', code: 'ENOSPC' }),
  SYNTAX_ERROR: makeError('SYNTAX_ERROR', 'Would break.', { path: 'a.py', errors: [{ line: 3, column: 1, kind: 'MISSING', missing: ')', line_text: 'f(' }] }),
  CHUNK_MISMATCH: makeError('CHUNK_MISMATCH', 'Chunk 2 does not fit.', {
    path: 'a.py',
    target: 'def f',
    line_range_inclusive: [1, 4],
    chunk_index: 1,
    check: 'old_lines',
    check_number: 2,
    mismatch: { field: 'old_lines', index: 0, expected: '    return 2', actual: '    return 1', line: 3 },
    candidates: [{ line: 3, check: 'old_lines', check_number: 2, reason: 'old_lines[0] differs' }],
    actual_lines: [{ line: 2, text: '    x = 1' }, { line: 3, text: '    return 1' }],
  }),
  CHUNKS_OVERLAP: makeError('CHUNKS_OVERLAP', 'Overlap.', { path: 'a.py', chunks: [{ chunk_index: 0, first_line: 3, line_count: 2 }, { chunk_index: 2, first_line: 4, line_count: 0 }] }),
  NO_STRUCTURE_AT_POSITION: makeError('NO_STRUCTURE_AT_POSITION', 'Nothing there.', {
    path: 'a.py',
    line: 7,
    column: 1,
    line_text: '',
    nearby: [{ kind: 'function', line_range_inclusive: [1, 4], target: 'def f', match_text: 'def f():' }],
  }),
  PART_NOT_FOUND: makeError('PART_NOT_FOUND', 'No part.', {
    path: 'api.py',
    address: 'def fetch.params.timeot',
    target: 'def fetch',
    segment: '.timeot',
    failed_segment: 2,
    available: [{ selector: '.timeout', kind: 'parameter', line: 3, text: 'timeout=30' }],
  }),
  PART_AMBIGUOUS: makeError('PART_AMBIGUOUS', 'Two entries.', { path: 'a.py', address: 'CONFIG.a', segment: '.a', matches: [{ selector: '[0]', kind: 'entry', line: 1, text: '"a": 1' }, { selector: '[2]', kind: 'entry', line: 3, text: '"a": 2' }] }),
  INVALID_POSITION: makeError('INVALID_POSITION', 'No such item.', { path: 'a.py', address: 'def f.params', position: 'after:x', items: ['a', 'b'] }),
  REFERENCES_EXIST: makeError('REFERENCES_EXIST', 'Still used.', { path: 'util.py', address: 'def helper', name: 'helper', references: [{ file: 'main.py', line: 23, column: 5, text: 'helper(x)', kind: 'reference' }] }),
  UNRESOLVED_REFERENCES: makeError('UNRESOLVED_REFERENCES', 'Unproven.', { path: 'util.ts', address: 'export function foo', name: 'foo', references: [{ file: 'app.ts', line: 1, column: 10, text: "import { foo } from '@x/util';", kind: 'import', reason: '@x/util could not be resolved' }] }),
  NAMES_OUT_OF_REACH: makeError('NAMES_OUT_OF_REACH', 'Out of reach.', { path: 'a.py', address: 'def helper', names: ['os'], uses: [{ file: 'a.py', line: 5, column: 12, text: 'return os.path.join(x)', kind: 'unresolved', reason: '"os" is declared at the top level of a.py, which b.py does not declare or import' }] }),
  CALLS_BROKEN: makeError('CALLS_BROKEN', 'Calls.', { path: 'm.py', address: 'def f', name: 'f', parameters: '(a, b)', calls: [{ file: 'app.py', line: 3, column: 1, text: 'f(1)', kind: 'call', reason: 'passes no argument for b' }] }),
  MATCHES_BROKEN: makeError('MATCHES_BROKEN', 'Matches.', { path: 'src/lib.rs', address: 'pub enum Shape', name: 'Shape', cases: ['Triangle'], matches: [{ file: 'src/area.rs', line: 4, column: 5, text: 'match s {', kind: 'reference', reason: 'names every case of Shape and has no arm taking any value' }] }),
  IMPLEMENTATIONS_BROKEN: makeError('IMPLEMENTATIONS_BROKEN', 'Implementations.', { path: 'I.java', address: 'interface I', name: 'I', members: ['g'], implementations: [{ file: 'A.java', line: 1, column: 1, text: 'class A implements I {', kind: 'reference', reason: 'A implements I without g' }] }),
  AMBIGUOUS_REFERENCES: makeError('AMBIGUOUS_REFERENCES', 'Candidates.', { path: 'fmt.py', address: 'class F\ndef write', name: 'write', certain: 2, candidates: [{ file: 'cli.py', line: 2, column: 15, text: 'formatter.write(rows)', kind: 'candidate', receiver: 'formatter' }] }),
  IMPORT_CYCLE: makeError('IMPORT_CYCLE', 'Cycle.', { path: 'a.py', address: 'def f', files: ['b.py', 'a.py'], cycle: ['b.py', 'a.py', 'b.py'] }),
  CHUNK_AMBIGUOUS: makeError('CHUNK_AMBIGUOUS', 'Twice.', { path: 't.py', target: 'class T', chunk_index: 0, places: [{ line: 3, lines: [{ line: 2, text: '    def a(self):' }, { line: 3, text: '        pass' }] }, { line: 6, lines: [{ line: 5, text: '    def b(self):' }, { line: 6, text: '        pass' }] }] }),
  BACKEND_UNAVAILABLE: makeError('BACKEND_UNAVAILABLE', 'No typescript.', { backend: 'typescript', reason: 'not_installed' }),
  TYPE_ERRORS_ADDED: makeError('TYPE_ERRORS_ADDED', 'Errors.', { backend: 'typescript', errors: [{ file: 'a.ts', line: 3, code: 'TS2304', message: "Cannot find name 'x'." }] }),
  INTERNAL_ERROR: makeError('INTERNAL_ERROR', 'Bug.', { cause: 'stack' }),
  CONFLICT: makeError('CONFLICT', 'a.py changed since it was read.', { reason: 'file_changed', path: 'a.py', expected_hash: `sha256:${'a'.repeat(64)}`, actual_hash: null }),
};

describe('error rendering, one row per error code', () => {
  it.each(Object.entries(EXAMPLES))('%s', (code, error) => {
    const text = renderError('some_tool', error);
    const [headline] = text.split('\n');
    expect(text).toContain('No file was changed.');
    if (code === 'NO_MATCH' || code === 'WRONG_COUNT') {
      // The file-edit specification's own message format.
      expect(headline).toMatch(/^Edit \d+ of 2 failed: \S/);
      expect(text).toMatch(/\n(Suggestions|Options to fix):\n1\. \S/);
      return;
    }
    expect(headline).toMatch(new RegExp(`^some_tool failed \\(${code}\\): \\S`));
    expect(text).toContain(error.message);
    expect(text).toMatch(/\nNext steps:\n1\. \S/);
  });

  it('shows the facts that let the caller correct itself', () => {
    expect(renderError('read_structure', EXAMPLES.TARGET_NOT_FOUND)).toContain('1. target "class UserAuth\\ndef validate": method at line 2, similarity 0.91');
    expect(renderError('replace_structure', EXAMPLES.TARGET_AMBIGUOUS)).toContain('2. lines 4-5 (function): no target names it alone');
    expect(renderError('replace_structure', EXAMPLES.SYNTAX_ERROR)).toContain('line 3, column 1 (missing ")"): f(');
    expect(renderError('read_structure', EXAMPLES.INVALID_ARGUMENT)).toContain('  target: expected string');
    expect(renderError('chunk_edit', EXAMPLES.CHUNK_MISMATCH)).toContain('expected "    return 2", the file has "    return 1" at line 3');
    expect(renderError('chunk_edit', EXAMPLES.CHUNK_MISMATCH)).toContain('      3 |     return 1');
    expect(renderError('file_edit', EXAMPLES.CONFLICT)).toContain('Hash now: (no file).');
    expect(renderError('semantic_edit', NAME_TAKEN)).toContain('The name "run" is already taken where "def helper" in util.py would need it');
    expect(renderError('semantic_edit', NAME_TAKEN)).toContain('  util.py:9:5 (definition): def run():');
  });
});

describe('writing tools', () => {
  it('file_edit answers in the file-edit specification\'s format, with its metadata as data', async () => {
    const fs = memoryFs({ 'hello.txt': 'Hello World' });
    const fileEdit = createTools(createEditor({ fs }), { include: ['file_edit'] })[0]!;
    const ok = await fileEdit.execute({ path: 'hello.txt', edits: [{ old_text: 'World', new_text: 'Universe' }] });
    expect(ok.isError).toBe(false);
    expect(ok.structuredContent).toMatchObject({ path: 'hello.txt', total_replacements: 1, dry_run: false, warnings: [] });
    expect(fs.snapshot()['hello.txt']).toBe('Hello Universe');
    const failed = await fileEdit.execute({ path: 'hello.txt', edits: [{ old_text: 'hello universe', new_text: 'x' }] });
    expect(failed.isError).toBe(true);
    expect(failed.content[0]!.text).toMatch(/^Edit 1 of 1 failed: Could not find exact text in hello.txt\./);
    expect(failed.structuredContent).toMatchObject({ error: 'NO_MATCH', details: { validation_error: { type: 'NO_MATCH', similar_content: [expect.objectContaining({ line_number: 1 })] } } });
    expect(fs.snapshot()['hello.txt']).toBe('Hello Universe');
  });

  it('structure edits and moves write through the editor; a failed call changes nothing', async () => {
    const fs = memoryFs({ 'auth.py': 'class UserAuth:\n    def validate(self):\n        return True\n\n\ndef helper():\n    pass\n' });
    const tools = createTools(createEditor({ fs }));
    const run = (name: string, input: unknown) => tools.find((tool) => tool.name === name)!.execute(input);
    expect((await run('replace_text_in_structure', { path: 'auth.py', target: 'class UserAuth\ndef validate', old_text: 'True', new_text: 'False' })).content[0]!.text).toBe(
      'Replaced the text in "class UserAuth\\ndef validate" of auth.py; the new text is at lines 3-3.',
    );
    const moved = await run('move_structure_to_file_end', { source_path: 'auth.py', source_target: 'def helper', dest_path: 'util.py' });
    expect(moved.isError).toBe(false);
    expect(fs.snapshot()).toEqual({ 'auth.py': 'class UserAuth:\n    def validate(self):\n        return False\n', 'util.py': 'def helper():\n    pass\n' });
    const failed = await run('replace_structure', { path: 'auth.py', target: 'class UserAuth\ndef valid(self)', content: 'def valid(self):\n    pass' });
    expect(failed.isError).toBe(true);
    expect(failed.content[0]!.text).toContain('replace_structure failed (TARGET_NOT_FOUND)');
    expect(fs.snapshot()['auth.py']).toBe('class UserAuth:\n    def validate(self):\n        return False\n');
  });

  it('chunk_edit writes through the editor and reports where the lines went', async () => {
    const fs = memoryFs({ 'auth.py': 'class UserAuth:\n    def validate(self):\n        return True\n' });
    const chunkEdit = createTools(createEditor({ fs }), { include: ['chunk_edit'] })[0]!;
    const result = await chunkEdit.execute({
      path: 'auth.py',
      target: 'class UserAuth\ndef validate',
      chunks: [{ context_before: '    def validate(self):', old_lines: ['        return True'], new_lines: ['        return self.ok'], context_after: [] }],
    });
    expect(result.isError).toBe(false);
    expect(result.content[0]!.text).toBe('Applied 1 chunk to method "class UserAuth\\ndef validate" in auth.py, now lines 2-3 (1 line removed, 1 added).\n  chunk 1: old lines 3-3 -> new lines 3-3');
    expect(fs.snapshot()['auth.py']).toBe('class UserAuth:\n    def validate(self):\n        return self.ok\n');
  });
});

describe('unknown fields', () => {
  it.each([
    ['file_edit', { path: 'a.py', edits: [{ oldText: 'x', new_text: 'y' }] }, ['edits.0.old_text: required; it was given as "oldText"', 'unknown field "oldText" (did you mean "old_text"?)']],
    ['file_read', { path: 'a.py', start_line: 2 }, ['unknown field "start_line" (did you mean "startLine"?)']],
    ['semantic_edit', { edit: { op: 'rename', path: 'a.py', address: 'def f', new_name: 'g' } }, ['unknown field "edit" (did you mean "edits"?)']],
    // A field of another op (a move's `to`) on a rename: not "did you mean "to"?".
    ['semantic_edit', { edits: [{ op: 'rename', path: 'a.py', address: 'def f', to: 'g' }] }, ['unknown field "to" (a field of another kind of item, not of this one)']],
    ['read_structure', { path: 'a.py', target: 'def f', colour: 'red' }, ['unknown field "colour"; the fields here are "path", "target", "language"']],
  ])('%s answers a misnamed field with the one it takes', async (name, input, expected) => {
    const tools = createTools(createEditor({ fs: memoryFs({ 'a.py': 'def f():\n    return 1\n' }), semantic: 'syntax' }));
    const result = await tools.find((tool) => tool.name === name)!.execute(input);
    expect(result.isError).toBe(true);
    for (const text of expected) expect(result.content[0]!.text).toContain(text);
  });
});

describe('tool schemas', () => {
  it('describe every property, at every depth (a model reads nothing else)', () => {
    const undescribed: string[] = [];
    const walk = (schema: unknown, at: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as { properties?: Record<string, { description?: string }>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
      for (const [key, value] of Object.entries(node.properties ?? {})) {
        if (!value.description) undescribed.push(`${at}.${key}`);
        walk(value, `${at}.${key}`);
      }
      walk(node.items, `${at}[]`);
      for (const list of [node.anyOf, node.oneOf, node.allOf]) list?.forEach((option, index) => walk(option, `${at}|${index}`));
    };
    for (const tool of createTools(createEditor({ fs: memoryFs({}), semantic: 'syntax' }))) walk(tool.inputSchema, tool.name);
    expect(undescribed).toEqual([]);
  });
});
