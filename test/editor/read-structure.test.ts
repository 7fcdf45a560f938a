import { describe, expect, it } from 'vitest';
import { createEditor, FsError, memoryFs, type FsAdapter } from 'structedit';
import { editorFor, expectError, expectOk, lines } from '../helpers.js';

const auth = lines(
  'class UserAuth:',
  '    def validate(self):',
  '        return True',
  '',
  '    def validate_all(self):',
  '        return all(self.users)',
  '',
  '',
  'class AdminAuth(UserAuth):',
  '    def validate(self):',
  '        return False',
);

describe('readStructure', () => {
  it('returns every match with its text and line range', async () => {
    const result = await editorFor('auth.py', auth).readStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate' });
    expect(result._unsafeUnwrap()).toEqual({
      matches: [
        { text: '    def validate(self):\n        return True', line_range_inclusive: [2, 3] },
        { text: '    def validate_all(self):\n        return all(self.users)', line_range_inclusive: [5, 6] },
      ],
      hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      warnings: [],
    });
  });

  it('TARGET_NOT_FOUND names the deepest matched level and ranks suggestions by similarity', async () => {
    const result = await editorFor('auth.py', auth).readStructure({ path: 'auth.py', target: 'class UserAuth\ndef valdate(self):' });
    const error = expectError(result, 'TARGET_NOT_FOUND');
    expect(error.details.state).toBe('FILE_UNCHANGED');
    expect(error.details.searched_path).toEqual(['class UserAuth', 'def valdate(self):']);
    expect(error.details.failed_level).toBe(2);
    expect(error.details.parent_found).toEqual({ target: 'class UserAuth', kind: 'class', line_range_inclusive: [1, 6], matches: 1 });
    expect(error.details.suggestions[0]).toEqual({
      match_text: 'def validate(self):',
      target: 'class UserAuth\ndef validate(self)',
      kind: 'method',
      line: 2,
      similarity: expect.any(Number),
    });
    expect(error.details.suggestions[0]!.similarity).toBeGreaterThan(error.details.suggestions[1]!.similarity);
    expect(error.message).toContain('def validate(self):');
    expect(error.message).toContain('line 2');
  });

  it('TARGET_NOT_FOUND points at the full path when a level was skipped', async () => {
    const result = await editorFor('auth.py', auth).readStructure({ path: 'auth.py', target: 'def validate_all' });
    const error = expectError(result, 'TARGET_NOT_FOUND');
    expect(error.details.parent_found).toEqual({ target: '', kind: 'file', line_range_inclusive: [1, 11], matches: 1 });
    expect(error.details.suggestions[0]).toMatchObject({ target: 'class UserAuth\ndef validate_all', line: 5, skipped_level: true, similarity: 1 });
    expect(error.message).toContain('cannot skip levels');
  });

  it('TARGET_NOT_FOUND hints at leading whitespace', async () => {
    const error = expectError(await editorFor('auth.py', auth).readStructure({ path: 'auth.py', target: 'class UserAuth\n    def validate' }), 'TARGET_NOT_FOUND');
    expect(error.message).toContain('drop the leading whitespace');
  });

  it('rejects a blank level in the middle of a target, but forgives a trailing newline', async () => {
    const error = expectError(await editorFor('auth.py', auth).readStructure({ path: 'auth.py', target: 'class UserAuth\n\ndef validate' }), 'INVALID_ARGUMENT');
    expect(error.details.issues).toEqual([{ field: 'target', message: expect.stringContaining('level 2 of the target is blank') }]);
    const ok = await editorFor('auth.py', auth).readStructure({ path: 'auth.py', target: 'class AdminAuth\n' });
    expect(ok._unsafeUnwrap().matches).toHaveLength(1);
  });

  it('CRLF files are read with \\n line endings', async () => {
    const crlf = auth.replace(/\n/g, '\r\n');
    const result = await editorFor('auth.py', crlf).readStructure({ path: 'auth.py', target: 'class AdminAuth\ndef validate(self)' });
    expect(result._unsafeUnwrap().matches).toEqual([{ text: '    def validate(self):\n        return False', line_range_inclusive: [10, 11] }]);
  });

  it('keeps a byte order mark out of the text and out of matching', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(auth)]);
    const result = await editorFor('auth.py', bom).readStructure({ path: 'auth.py', target: 'class UserAuth' });
    expect(result._unsafeUnwrap().matches[0]!.text.startsWith('class UserAuth:')).toBe(true);
  });

  it('FILE_NOT_FOUND, BINARY_FILE, ENCODING_ERROR, FILE_TOO_LARGE, LANGUAGE_UNSUPPORTED', async () => {
    const fs = memoryFs({
      'binary.py': new Uint8Array([0x61, 0x00, 0x62]),
      'latin1.py': new Uint8Array([0x78, 0x20, 0x3d, 0x20, 0x27, 0xe9, 0x27]),
      'big.py': 'x = 1\n'.repeat(30),
      'notes.xyz': 'hello',
      'Makefile2': 'all:',
    });
    const editor = createEditor({ fs, limits: { maxFileBytes: 100 } });
    expect(expectError(await editor.readStructure({ path: 'missing.py', target: '' }), 'FILE_NOT_FOUND').details).toEqual({ path: 'missing.py', state: 'FILE_UNCHANGED' });
    expect(expectError(await editor.readStructure({ path: 'binary.py', target: '' }), 'BINARY_FILE').details.byte_offset).toBe(1);
    expect(expectError(await editor.readStructure({ path: 'latin1.py', target: '' }), 'ENCODING_ERROR').details).toEqual({ path: 'latin1.py', encoding: 'utf-8', byte_offset: 5, state: 'FILE_UNCHANGED' });
    expect(expectError(await editor.readStructure({ path: 'big.py', target: '' }), 'FILE_TOO_LARGE').details).toEqual({ path: 'big.py', file_size: 180, limit: 100, state: 'FILE_UNCHANGED' });
    const unsupported = expectError(await editor.readStructure({ path: 'notes.xyz', target: '' }), 'LANGUAGE_UNSUPPORTED');
    expect(unsupported.details.file).toBe('notes.xyz');
    expect(unsupported.details.supported).toEqual(expect.arrayContaining(['python', 'typescript', 'markdown', 'go', 'rust', 'java']));
    expect(unsupported.details.extensions).toEqual(expect.arrayContaining(['.py', '.ts', '.md']));
    expectError(await editor.readStructure({ path: 'Makefile2', target: '' }), 'LANGUAGE_UNSUPPORTED');
  });

  it('maps adapter failures: EACCES to PERMISSION_DENIED, anything else to IO_ERROR, a thrown bug to INTERNAL_ERROR', async () => {
    const base = memoryFs({ 'a.py': 'x = 1\n' });
    const failing = (failure: unknown): FsAdapter => ({
      ...base,
      readFile: async () => {
        throw failure;
      },
    });
    const denied = expectError(await createEditor({ fs: failing(new FsError('EACCES', 'a.py')) }).readStructure({ path: 'a.py', target: '' }), 'PERMISSION_DENIED');
    expect(denied.details).toEqual({ path: 'a.py', operation: 'read', state: 'FILE_UNCHANGED' });
    const io = expectError(await createEditor({ fs: failing(Object.assign(new Error('disk on fire'), { code: 'EIO' })) }).readStructure({ path: 'a.py', target: '' }), 'IO_ERROR');
    expect(io.details.code).toBe('EIO');
    expect(io.message).toContain('disk on fire');
    const buggy: FsAdapter = { ...base, stat: () => Promise.resolve(null as never) };
    const internal = expectError(await createEditor({ fs: buggy }).readStructure({ path: 'a.py', target: '' }), 'INTERNAL_ERROR');
    expect(internal.message).toContain('bug in structedit');
  });

  it('an explicit language overrides the extension', async () => {
    const editor = editorFor('script', 'def main():\n    pass\n');
    expectError(await editor.readStructure({ path: 'script', target: 'def main' }), 'LANGUAGE_UNSUPPORTED');
    expect((await editor.readStructure({ path: 'script', target: 'def main', language: 'python' }))._unsafeUnwrap().matches).toHaveLength(1);
    expectError(await editor.readStructure({ path: 'script', target: '', language: 'cobol' }), 'LANGUAGE_UNSUPPORTED');
  });

  it('INVALID_ARGUMENT names each offending field', async () => {
    const editor = editorFor('auth.py', auth);
    const error = expectError(await editor.readStructure({ path: 3, target: null, tagret: 'x' } as never), 'INVALID_ARGUMENT');
    expect(error.details.issues.map((issue) => issue.field).sort()).toEqual(['', 'path', 'target']);
    expect(error.message).toContain('unknown field "tagret"');
    expectError(await editor.readStructure(undefined as never), 'INVALID_ARGUMENT');
    expectError(await editor.readStructure({ path: '', target: '' }), 'INVALID_ARGUMENT');
  });

  it('a path escaping the root is refused', async () => {
    expectError(await editorFor('auth.py', auth).readStructure({ path: '../etc/passwd.py', target: '' }), 'PATH_OUTSIDE_ROOT');
    expectError(await editorFor('auth.py', auth).readStructure({ path: 'a\\b.py', target: '' }), 'INVALID_ARGUMENT');
  });
});

describe('syntax errors (docs/safety.md)', () => {
  const broken = lines('def good():', '    return 1', '', '', 'def bad(:', '    return 2', '', '', 'def also_good():', '    return 3');

  it('a structure containing an error fails with PARSER_FAILED and the error positions', async () => {
    const error = expectError(await editorFor('m.py', broken).readStructure({ path: 'm.py', target: 'def bad' }), 'PARSER_FAILED');
    expect(error.details.parse_errors.length).toBeGreaterThan(0);
    expect(error.details.parse_errors[0]).toMatchObject({ line: 5, line_text: 'def bad(:' });
  });

  it('errors elsewhere only warn', async () => {
    const result = (await editorFor('m.py', broken).readStructure({ path: 'm.py', target: 'def also_good' }))._unsafeUnwrap();
    expect(result.matches).toEqual([{ text: 'def also_good():\n    return 3', line_range_inclusive: [9, 10] }]);
    expect(result.warnings).toEqual([expect.objectContaining({ type: 'SYNTAX_ERRORS_ELSEWHERE', details: { errors: [expect.objectContaining({ line: 5 })] } })]);
  });

  it('a structure without errors reads exactly though errors sit around it, with SYNTAX_ERRORS_AROUND; edits of it are refused', async () => {
    // From libpng's examples/example.c: a stray `}` in an `#if 0` block, beside a function the parser built whole.
    const text = lines('#if 0 /* example */', 'int main(int argc, const char **argv)', '{', '   return 0;', '}', '   }', '#endif', '');
    const editor = editorFor('a.c', text);
    const target = '#if\nint main';
    const read = (await editor.readStructure({ path: 'a.c', target }))._unsafeUnwrap();
    expect(read.matches).toEqual([{ text: 'int main(int argc, const char **argv)\n{\n   return 0;\n}', line_range_inclusive: [2, 5] }]);
    expect(read.warnings).toEqual([expect.objectContaining({ type: 'SYNTAX_ERRORS_AROUND', details: { errors: [expect.objectContaining({ line: 6, end_line: 6 })] } })]);
    expectError(await editor.replaceStructure({ path: 'a.c', target, content: 'int main(void) { return 1; }' }), 'PARSER_FAILED');
    // The block holding the error is still refused.
    expectError(await editor.readStructure({ path: 'a.c', target: '#if' }), 'PARSER_FAILED');
  });

  it('a structure whose extent holds despite errors inside is read, edited through parts clear of them, and replaced whole, with SYNTAX_ERRORS_INSIDE', async () => {
    // After libxmlsec's examples/encrypt1.c: `BAD_CAST`, a macro the grammar does not know, in a
    // declaration's initializer (where it is not parsed as a blank: c-macros.ts blanks it only in
    // conditions, assignments and calls), is an error inside a function that still ends at its own
    // `}`, and the error holds no bracket.
    const text = lines(
      'static int set_name(xmlSecKeyPtr key, const char* key_file) {',
      '    const xmlChar *name = BAD_CAST key_file;',
      '    if(xmlSecKeySetName(key, name) < 0) {',
      '        return(-1);',
      '    }',
      '    return(0);',
      '}',
      '',
    );
    const editor = editorFor('a.c', text);
    const read = (await editor.readStructure({ path: 'a.c', target: 'static int set_name' }))._unsafeUnwrap();
    expect(read.matches).toEqual([{ text: text.trimEnd(), line_range_inclusive: [1, 7] }]);
    expect(read.warnings).toEqual([expect.objectContaining({ type: 'SYNTAX_ERRORS_INSIDE', details: { errors: [expect.objectContaining({ line: 2, end_line: 2 })] } })]);
    expect((await editor.readStructure({ path: 'a.c', target: 'static int set_name\nif' }))._unsafeUnwrap().matches[0]!.line_range_inclusive).toEqual([3, 5]);
    // A remove stays clear of it: a use of what it removes may hide in the error (`key_file` does).
    expectError(await editor.applyEdits({ edits: [{ op: 'remove', path: 'a.c', address: 'static int set_name.params[1]', force: true }] }), 'PARSER_FAILED');
    // The parameters lie clear of the error: one is added.
    expectOk(await editor.applyEdits({ edits: [{ op: 'add', path: 'a.c', address: 'static int set_name.params', value: 'int flags' }] }));
    expect((await editor.readStructure({ path: 'a.c', target: 'static int set_name' }))._unsafeUnwrap().matches[0]!.text).toMatch(/^static int set_name\(xmlSecKeyPtr key, const char\* key_file, int flags\) \{\n {4}const xmlChar \*name = BAD_CAST key_file;/);
    const replaced = (await editor.replaceStructure({ path: 'a.c', target: 'static int set_name', content: 'static int set_name(void) {\n    return 0;\n}' }))._unsafeUnwrap();
    expect(replaced.warnings).toEqual([expect.objectContaining({ type: 'SYNTAX_ERRORS_INSIDE' })]);
    expect((await editor.readStructure({ path: 'a.c', target: '' }))._unsafeUnwrap().matches[0]!.text).toBe(`static int set_name(void) {\n    return 0;\n}${text.slice(text.trimEnd().length)}`);
  });

  it('an edit of a part holding an error is refused, unless it replaces that part whole', async () => {
    // A macro the grammar does not know among the parameters.
    const text = lines('static int g(int a, UNUSED_ATTR int b) {', '    return a;', '}', '');
    const editor = editorFor('g.c', text);
    const refused = expectError(await editor.applyEdits({ edits: [{ op: 'add', path: 'g.c', address: 'static int g.params', value: 'int c' }] }), 'PARSER_FAILED');
    expect(refused.message).toContain('inside the params of');
    expect((await editor.readStructure({ path: 'g.c', target: '' }))._unsafeUnwrap().matches[0]!.text).toBe(text);
    expectOk(await editor.applyEdits({ edits: [{ op: 'set', path: 'g.c', address: 'static int g.body', value: 'return b;' }] }));
    expect((await editor.readStructure({ path: 'g.c', target: '' }))._unsafeUnwrap().matches[0]!.text).toBe(lines('static int g(int a, UNUSED_ATTR int b) {', '    return b;', '}', ''));
  });

  it('errors inside that leave a bracket unmatched, or a token missing, still refuse the read', async () => {
    const missing = editorFor('a.c', lines('int f(int x) {', '    int y = g(x;', '    return y;', '}', ''));
    expect(expectError(await missing.readStructure({ path: 'a.c', target: 'int f' }), 'PARSER_FAILED').details.parse_errors[0]).toMatchObject({ line: 2 });
    const unmatched = editorFor('b.c', lines('int f(int x) {', '    BEGIN_GUARD( x', '    return x;', '}', ''));
    expectError(await unmatched.readStructure({ path: 'b.c', target: 'int f' }), 'PARSER_FAILED');
  });

  it('the whole file can always be read', async () => {
    const result = (await editorFor('m.py', broken).readStructure({ path: 'm.py', target: '' }))._unsafeUnwrap();
    expect(result.matches[0]!.text).toBe(broken);
  });
});

describe('TARGET_AMBIGUOUS', () => {
  it('is what locateUniqueTarget reports, with a unique target per match', async () => {
    const { TargetNamer } = await import('../../src/core/locate/targets.js');
    const { locateUniqueTarget } = await import('../../src/core/locate/locate.js');
    const { createSourceText } = await import('../../src/core/text/source-text.js');
    const { parseStructureTree } = await import('../../src/parsing/parse-structure.js');
    const { BUILTIN_LANGUAGES } = await import('../../src/core/languages/definitions.js');
    const tree = await parseStructureTree(createSourceText(auth), BUILTIN_LANGUAGES.find((language) => language.id === 'python')!);
    const result = locateUniqueTarget(tree, 'class UserAuth\ndef validate', 'auth.py', new TargetNamer(tree));
    const error = expectError(result, 'TARGET_AMBIGUOUS');
    expect(error.details.matches).toEqual([
      { kind: 'method', line_range_inclusive: [2, 3], target: 'class UserAuth\ndef validate(self)', match_text: 'def validate(self):' },
      { kind: 'method', line_range_inclusive: [5, 6], target: 'class UserAuth\ndef validate_all', match_text: 'def validate_all(self):' },
    ]);
    expect(error.message).toContain('names 2 structures');
  });
});
