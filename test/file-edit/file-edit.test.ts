import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, faultyFs, memoryFs, type EditOperation, type FileEditArgs, type FsAdapter, type MemoryFs } from 'structedit';
import { nodeFs } from 'structedit/node';
import { toFileEditResult, type FileEditResult } from 'structedit/tools';
import { expectError } from '../helpers.js';

/** The fixtures of docs/spec/file-edit.md (Test Data Fixtures). */
const fixtures = {
  simple: { content: 'Hello World', edits: [{ old_text: 'World', new_text: 'Universe' }], expected: 'Hello Universe' },
  multipleOccurrences: { content: 'foo bar foo baz foo', edits: [{ old_text: 'foo', new_text: 'qux', occurrences: 3 }], expected: 'qux bar qux baz qux' },
  sequential: {
    content: 'const a = 1;\nconst b = 2;',
    edits: [
      { old_text: 'const', new_text: 'let', occurrences: 2 },
      { old_text: 'let a', new_text: 'let x' },
      { old_text: '= 1', new_text: '= 100' },
    ],
    expected: 'let x = 100;\nlet b = 2;',
  },
  whitespace: { content: 'function  foo() {\n\treturn  true;\n}', edits: [{ old_text: 'function  foo', new_text: 'function bar' }], expected: 'function bar() {\n\treturn  true;\n}' },
  lineEndings: { windows: 'line1\r\nline2\r\nline3', unix: 'line1\nline2\nline3', mac: 'line1\rline2\rline3' },
};

/** An fs adapter that counts calls, over a memory fs. */
function counting(files: Record<string, string | Uint8Array>): { fs: FsAdapter & { snapshot: MemoryFs['snapshot'] }; calls: Record<string, number> } {
  const base = memoryFs(files);
  const calls: Record<string, number> = { readFile: 0, writeFile: 0, stat: 0, realpath: 0, rename: 0 };
  const count =
    <Args extends unknown[], T>(name: string, method: (...args: Args) => Promise<T>) =>
    (...args: Args) => {
      calls[name] = (calls[name] ?? 0) + 1;
      return method(...args);
    };
  return {
    fs: { ...base, readFile: count('readFile', base.readFile), writeFile: count('writeFile', base.writeFile), stat: count('stat', base.stat), realpath: count('realpath', base.realpath), rename: count('rename', base.rename), snapshot: base.snapshot },
    calls,
  };
}

/** Runs editFile on one in-memory file: the rendered result, the file afterwards, and the raw result. */
async function run(content: string | Uint8Array, edits: EditOperation[], options: Partial<FileEditArgs> = {}, path = 'file.txt') {
  const fs = memoryFs({ [path]: content });
  const input: FileEditArgs = { path, edits, ...options };
  const raw = await createEditor({ fs }).editFile(input);
  const result = toFileEditResult(raw, input);
  return { raw, result, after: fs.snapshot()[path], text: result.content[0]!.text, fs };
}

const errorOf = (result: FileEditResult) => result.metadata?.validation_error;

describe('fixtures', () => {
  for (const name of ['simple', 'multipleOccurrences', 'sequential', 'whitespace'] as const) {
    it(`${name}`, async () => {
      const fixture = fixtures[name];
      const { result, after } = await run(fixture.content, fixture.edits);
      expect(result.isError, result.content[0]!.text).toBe(false);
      expect(after).toBe(fixture.expected);
    });
  }

  it('lineEndings: each file keeps its own line endings', async () => {
    const edits = [{ old_text: 'line1\nline2', new_text: 'first\nsecond\nsecond and a half' }];
    expect((await run(fixtures.lineEndings.windows, edits)).after).toBe('first\r\nsecond\r\nsecond and a half\r\nline3');
    expect((await run(fixtures.lineEndings.unix, edits)).after).toBe('first\nsecond\nsecond and a half\nline3');
    expect((await run(fixtures.lineEndings.mac, edits)).after).toBe('first\rsecond\rsecond and a half\rline3');
  });
});

describe('1. Basic operations', () => {
  it('Single edit with default occurrence (1)', async () => {
    const { raw, after } = await run('a = 1\nb = 2\n', [{ old_text: 'b = 2', new_text: 'b = 3' }]);
    expect(after).toBe('a = 1\nb = 3\n');
    expect(raw._unsafeUnwrap()).toMatchObject({ path: 'file.txt', total_replacements: 1, dry_run: false, edits_applied: [{ edit_index: 0, occurrences_replaced: 1, line_numbers: [2] }] });
  });

  it('Single edit with explicit occurrence count', async () => {
    const { raw, after } = await run('x\ny\nx\n', [{ old_text: 'x', new_text: 'z', occurrences: 2 }]);
    expect(after).toBe('z\ny\nz\n');
    expect(raw._unsafeUnwrap().edits_applied).toEqual([{ edit_index: 0, occurrences_replaced: 2, line_numbers: [1, 3] }]);
  });

  it('Multiple edits in sequence', async () => {
    const { raw, after, text } = await run('one\ntwo\nthree\n', [
      { old_text: 'one', new_text: '1' },
      { old_text: 'three', new_text: '3' },
    ]);
    expect(after).toBe('1\ntwo\n3\n');
    expect(raw._unsafeUnwrap().total_replacements).toBe(2);
    expect(text).toBe('Applied 2 edits to file.txt: 2 replacements.\n\n```diff\n--- file.txt\n+++ file.txt\n@@ -1,3 +1,3 @@\n-one\n+1\n two\n-three\n+3\n```');
  });

  it('Empty edits array handling', async () => {
    const { raw, result, after } = await run('keep', []);
    expect(expectError(raw, 'INVALID_ARGUMENT').details.issues).toEqual([{ field: 'edits', message: 'no edits given: send at least one { old_text, new_text }' }]);
    expect(result).toMatchObject({ isError: true, metadata: { path: 'file.txt', validation_error: { type: 'INVALID_ARGUMENT', edit_index: 0, total_edits: 0 } } });
    expect(after).toBe('keep');
  });

  it('Very large files (>10MB)', async () => {
    const line = 'const value = compute(input) + offset; // a line of ordinary code\n';
    const content = `${line.repeat(Math.ceil((11 * 1024 * 1024) / line.length))}const last = true;\n`;
    expect(content.length).toBeGreaterThan(10 * 1024 * 1024);
    const { result, after } = await run(content, [{ old_text: 'const last = true;', new_text: 'const last = false;' }]);
    expect(result.isError).toBe(false);
    expect(after!.length).toBe(content.length + 1);
    expect(after!.endsWith('const last = false;\n')).toBe(true);
    expect(after!.startsWith(line.repeat(3))).toBe(true);
  });

  it('refuses files over the plain-text limit (100 MB by default) and over 1000 edits', async () => {
    const fs = memoryFs({ 'big.txt': 'x'.repeat(2000) });
    const small = createEditor({ fs, limits: { maxTextFileBytes: 1000 } });
    const tooLarge = expectError(await small.editFile({ path: 'big.txt', edits: [{ old_text: 'x', new_text: 'y', occurrences: 2000 }] }), 'FILE_TOO_LARGE');
    expect(tooLarge.details).toMatchObject({ file_size: 2000, limit: 1000, state: 'FILE_UNCHANGED' });
    expect(tooLarge.message).toContain('limits.maxTextFileBytes');
    const many = Array.from({ length: 1001 }, (_, index) => ({ old_text: `k${index}`, new_text: 'v' }));
    const tooMany = expectError(await createEditor({ fs }).editFile({ path: 'big.txt', edits: many }), 'INVALID_ARGUMENT');
    expect(tooMany.details.issues).toEqual([{ field: 'edits', message: 'at most 1000 edits per call: split them into several calls' }]);
    expect(fs.snapshot()['big.txt']).toBe('x'.repeat(2000));
  });

  it('Very long lines (>10000 chars)', async () => {
    const long = `${'a'.repeat(6000)}NEEDLE${'b'.repeat(6000)}`;
    const { result, after, raw } = await run(`first\n${long}\nlast\n`, [{ old_text: 'NEEDLE', new_text: 'pin' }]);
    expect(result.isError).toBe(false);
    expect(after).toBe(`first\n${'a'.repeat(6000)}pin${'b'.repeat(6000)}\nlast\n`);
    expect(raw._unsafeUnwrap().edits_applied[0]!.line_numbers).toEqual([2]);
  });
});

describe('2. Occurrence validation', () => {
  it('should replace single occurrence by default', async () => {
    expect((await run('alpha beta', [{ old_text: 'beta', new_text: 'gamma' }])).after).toBe('alpha gamma');
  });

  it('should replace exact number when specified', async () => {
    expect((await run('a-a-a', [{ old_text: 'a', new_text: 'b', occurrences: 3 }])).after).toBe('b-b-b');
  });

  it('should fail when expected count does not match actual', async () => {
    const { raw, result, after } = await run('a-a-a', [{ old_text: 'a', new_text: 'b', occurrences: 2 }]);
    expect(expectError(raw, 'WRONG_COUNT').details.state).toBe('FILE_UNCHANGED');
    expect(errorOf(result)).toMatchObject({ type: 'WRONG_COUNT', edit_index: 0, total_edits: 1, expected_occurrences: 2, actual_occurrences: 3 });
    expect(after).toBe('a-a-a');
    // The default count is 1: two occurrences fail too.
    expect(errorOf((await run('a a', [{ old_text: 'a', new_text: 'b' }])).result)).toMatchObject({ type: 'WRONG_COUNT', expected_occurrences: 1, actual_occurrences: 2 });
  });

  it('should count occurrences correctly across line boundaries', async () => {
    const content = 'end\nstart\nend\nstart\n';
    const { after, raw } = await run(content, [{ old_text: 'end\nstart', new_text: 'joined', occurrences: 2 }]);
    expect(after).toBe('joined\njoined\n');
    expect(raw._unsafeUnwrap().edits_applied[0]!.line_numbers).toEqual([1, 3]);
    // The same in a CRLF file, with old_text written with \n.
    expect((await run(content.replace(/\n/g, '\r\n'), [{ old_text: 'end\nstart', new_text: 'joined', occurrences: 2 }])).after).toBe('joined\r\njoined\r\n');
  });

  it('should handle overlapping matches correctly', async () => {
    // Counted like String.replaceAll: non-overlapping, left to right.
    expect((await run('aaaa', [{ old_text: 'aa', new_text: 'b', occurrences: 2 }])).after).toBe('bb');
    expect((await run('aaa', [{ old_text: 'aa', new_text: 'b' }])).after).toBe('ba');
    const { result } = await run('aaaaa', [{ old_text: 'aa', new_text: 'b', occurrences: 3 }]);
    expect(errorOf(result)).toMatchObject({ actual_occurrences: 2 });
    expect(errorOf(result)!.match_locations!.map((location) => location.column_start)).toEqual([1, 3]);
  });

  it('should count occurrences after each edit in sequence', async () => {
    // "x" occurs once before the first edit and three times after it.
    const { after } = await run('x y y', [
      { old_text: 'y', new_text: 'x', occurrences: 2 },
      { old_text: 'x', new_text: 'z', occurrences: 3 },
    ]);
    expect(after).toBe('z z z');
  });
});

describe('3. Sequential edits', () => {
  it('should apply edits in order', async () => {
    // In the other order the second edit would find nothing.
    const { after } = await run('a', [
      { old_text: 'a', new_text: 'b' },
      { old_text: 'b', new_text: 'c' },
      { old_text: 'c', new_text: 'd' },
    ]);
    expect(after).toBe('d');
  });

  it('should allow second edit to modify results of first edit', async () => {
    const { after } = await run('value = old()\n', [
      { old_text: 'old()', new_text: 'new_call(arg)' },
      { old_text: 'call(arg)', new_text: 'call(arg, flag=True)' },
    ]);
    expect(after).toBe('value = new_call(arg, flag=True)\n');
  });

  it('should count occurrences based on current state, not original', async () => {
    const { result } = await run('cat dog', [
      { old_text: 'dog', new_text: 'cat' },
      { old_text: 'cat', new_text: 'cow' },
    ]);
    // Two cats now, one in the original: the count that matters is the current one.
    expect(errorOf(result)).toMatchObject({ type: 'WRONG_COUNT', edit_index: 1, expected_occurrences: 1, actual_occurrences: 2 });
    expect(result.content[0]!.text).toContain('Note: The file had 1 before this call');
  });

  it('should handle edit that creates text for next edit', async () => {
    // The second edit's old_text spans the boundary between inserted and original text.
    const { after } = await run('prefix|suffix', [
      { old_text: '|', new_text: '-middle-' },
      { old_text: 'x-middle-s', new_text: 'X_S' },
    ]);
    expect(after).toBe('prefiX_Suffix');
  });

  it('should handle edit that removes text next edit would target', async () => {
    const { result, after } = await run('keep remove keep\n', [
      { old_text: ' remove', new_text: '' },
      { old_text: 'remove', new_text: 'x' },
    ]);
    expect(errorOf(result)).toMatchObject({ type: 'NO_MATCH', edit_index: 1, total_edits: 2, search_text: 'remove' });
    expect(result.content[0]!.text).toContain('An earlier edit in this call changed this text');
    expect(after).toBe('keep remove keep\n');
  });
});

describe('4. Edge cases', () => {
  it('should match text with special regex characters literally', async () => {
    const content = 'if (a.b*c+d?) { $x = [^y] | \\z; }';
    const { after } = await run(content, [{ old_text: '(a.b*c+d?)', new_text: '(ok)' }, { old_text: '$x = [^y] | \\z', new_text: 'done' }]);
    expect(after).toBe('if (ok) { done; }');
    // "." is not a wildcard: "a.b" does not match "axb".
    expect(errorOf((await run('axb', [{ old_text: 'a.b', new_text: '' }])).result)!.type).toBe('NO_MATCH');
  });

  it('should preserve different line endings (LF, CRLF, CR)', async () => {
    const edits = [{ old_text: 'line2', new_text: 'two\nlines' }];
    expect((await run(fixtures.lineEndings.windows, edits)).after).toBe('line1\r\ntwo\r\nlines\r\nline3');
    expect((await run(fixtures.lineEndings.unix, edits)).after).toBe('line1\ntwo\nlines\nline3');
    expect((await run(fixtures.lineEndings.mac, edits)).after).toBe('line1\rtwo\rlines\rline3');
    // Mixed: untouched lines keep their own ending; new lines take the dominant one (CRLF here).
    expect((await run('a\r\nb\nc\r\nd\r\n', [{ old_text: 'c', new_text: 'c1\nc2' }])).after).toBe('a\r\nb\nc1\r\nc2\r\nd\r\n');
    // old_text and new_text sent with \r\n are read as line breaks too.
    expect((await run(fixtures.lineEndings.windows, [{ old_text: 'line1\r\nline2', new_text: 'x\r\ny' }])).after).toBe('x\r\ny\r\nline3');
  });

  it('should handle unicode and emoji correctly', async () => {
    const content = 'naïve café 👋🏽 — 漢字 𝔘\n';
    const { after, raw } = await run(content, [
      { old_text: '👋🏽', new_text: '🎉' },
      { old_text: '漢字 𝔘', new_text: 'kanji U' },
    ]);
    expect(after).toBe('naïve café 🎉 — kanji U\n');
    expect(raw._unsafeUnwrap().diff.unified).toContain('+naïve café 🎉 — kanji U');
    // Half of a character can never match or be written.
    const half = await run(content, [{ old_text: '\uD83D', new_text: 'x' }]);
    expect(expectError(half.raw, 'INVALID_ARGUMENT').details.issues).toEqual([{ field: 'edits.0.old_text', message: 'contains half of a character (a lone UTF-16 surrogate)' }]);
    // A byte order mark stays.
    const withBom = await run('\uFEFFhello', [{ old_text: 'hello', new_text: 'bye' }]);
    expect([...(await withBom.fs.readFile('file.txt'))]).toEqual([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('bye')]);
  });

  it('should match empty strings correctly', async () => {
    // An empty old_text sets the content of an empty file …
    expect((await run('', [{ old_text: '', new_text: 'hello\n' }])).after).toBe('hello\n');
    // … and of a file the edits before emptied …
    expect((await run('gone', [{ old_text: 'gone', new_text: '' }, { old_text: '', new_text: 'new' }])).after).toBe('new');
    // … but is refused on a non-empty file.
    const { raw, after } = await run('text', [{ old_text: '', new_text: 'x' }]);
    const issue = expectError(raw, 'INVALID_ARGUMENT').details.issues[0]!;
    expect(issue.field).toBe('edits.0.old_text');
    expect(issue.message).toContain('only works on an empty file');
    expect(after).toBe('text');
    // An empty new_text deletes.
    expect((await run('a-b', [{ old_text: '-', new_text: '' }])).after).toBe('ab');
  });

  it('should handle null bytes in text', async () => {
    const inOld = await run('text', [{ old_text: 'te\u0000xt', new_text: 'x' }]);
    expect(expectError(inOld.raw, 'INVALID_ARGUMENT').details.issues).toEqual([{ field: 'edits.0.old_text', message: 'contains a NUL byte, which no text file holds' }]);
    const inNew = await run('text', [{ old_text: 'text', new_text: 'bin\u0000ary' }]);
    expect(expectError(inNew.raw, 'INVALID_ARGUMENT').details.issues).toEqual([{ field: 'edits.0.new_text', message: 'contains a NUL byte, which would make the file binary' }]);
    expect(inNew.after).toBe('text');
  });

  it('should handle permission denied errors', async () => {
    const base = memoryFs({ 'locked.txt': 'secret' });
    const deny = (operation: 'read' | 'write') => faultyFs(base, { failAt: 1, failures: Infinity, operations: [operation], code: 'EACCES' });
    for (const operation of ['read', 'write'] as const) {
      const input = { path: 'locked.txt', edits: [{ old_text: 'secret', new_text: 'public' }] };
      const raw = await createEditor({ fs: deny(operation) }).editFile(input);
      expect(expectError(raw, 'PERMISSION_DENIED').details).toEqual({ path: 'locked.txt', operation, state: 'FILE_UNCHANGED' });
      const result = toFileEditResult(raw, input);
      expect(result.content[0]!.text).toContain(`Permission denied to ${operation} locked.txt`);
      expect(errorOf(result)).toMatchObject({ type: 'PERMISSION_DENIED', edit_index: 0, total_edits: 1 });
    }
    expect(base.snapshot()).toEqual({ 'locked.txt': 'secret' });
  });

  it('should handle file not found errors', async () => {
    const fs = memoryFs({ 'a.txt': 'a' });
    const input = { path: 'missing/b.txt', edits: [{ old_text: 'a', new_text: 'b' }] };
    const raw = await createEditor({ fs }).editFile(input);
    expect(expectError(raw, 'FILE_NOT_FOUND').details).toEqual({ path: 'missing/b.txt', state: 'FILE_UNCHANGED' });
    expect(toFileEditResult(raw, input)).toMatchObject({ isError: true, metadata: { path: 'missing/b.txt', validation_error: { type: 'FILE_NOT_FOUND' } } });
    expect(fs.snapshot()).toEqual({ 'a.txt': 'a' });
  });

  it('should detect and reject binary files', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x61]);
    const { raw, fs } = await run(bytes, [{ old_text: 'a', new_text: 'b' }], {}, 'image.png');
    expect(expectError(raw, 'BINARY_FILE').details).toEqual({ path: 'image.png', byte_offset: 4, state: 'FILE_UNCHANGED' });
    expect(new TextEncoder().encode(fs.snapshot()['image.png']!)).not.toContain(0x62);
  });

  describe('on disk (nodeFs)', () => {
    const root = mkdtempSync(join(tmpdir(), 'structedit-file-edit-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const editor = createEditor({ fs: nodeFs({ root }) });

    it('should handle symlinks correctly', async () => {
      writeFileSync(join(root, 'target.txt'), 'through a link\n');
      symlinkSync('target.txt', join(root, 'link.txt'));
      const result = await editor.editFile({ path: 'link.txt', edits: [{ old_text: 'through', new_text: 'via' }] });
      // The link is followed, the final path is reported, and the link stays a link.
      expect(result._unsafeUnwrap().path).toBe('target.txt');
      expect(readFileSync(join(root, 'target.txt'), 'utf8')).toBe('via a link\n');
      expect(readFileSync(join(root, 'link.txt'), 'utf8')).toBe('via a link\n');
      // A link leading out of the root is refused.
      symlinkSync(tmpdir(), join(root, 'outside'));
      expectError(await editor.editFile({ path: 'outside/x.txt', edits: [{ old_text: 'a', new_text: 'b' }] }), 'PATH_OUTSIDE_ROOT');
    });

    it('should preserve file permissions and attributes', async () => {
      const path = join(root, 'script.sh');
      writeFileSync(path, '#!/bin/sh\necho old\n');
      chmodSync(path, 0o750);
      expect((await editor.editFile({ path: 'script.sh', edits: [{ old_text: 'old', new_text: 'new' }] })).isOk()).toBe(true);
      expect(readFileSync(path, 'utf8')).toBe('#!/bin/sh\necho new\n');
      expect(statSync(path).mode & 0o777).toBe(0o750);
    });

    it('writes the edited file as chunks of the bytes read (writeChunks); a failure at any write or rename leaves it byte-identical; undo and redo', async () => {
      const path = join(root, 'chunks.txt');
      const lines = Array.from({ length: 3000 }, (_, index) => `ligne ${index} → valeur_${index};`);
      const original = `${lines.join('\r\n')}\r\n`;
      writeFileSync(path, original);
      // More changes than one writev takes (1024 buffers), in a CRLF file with non-ASCII text.
      const edits = lines.filter((_, index) => index % 5 === 0).map((line) => ({ old_text: line, new_text: `${line}\n// ✓` }));
      const expected = original.replace(/(ligne (\d+) → valeur_\d+;)\r\n/g, (all, line: string, index: string) => (Number(index) % 5 === 0 ? `${line}\r\n// ✓\r\n` : all));
      const counter = faultyFs(nodeFs({ root }), { operations: ['write', 'rename'] });
      const written = await createEditor({ fs: counter }).editFile({ path: 'chunks.txt', edits, dry_run: true });
      if (written.isErr()) throw new Error(written.error.message);
      expect(written.value.would_modify).toBe(true);
      expect(counter.calls).toBe(0);
      for (let failAt = 1; failAt <= 2; failAt++) {
        const failing = faultyFs(nodeFs({ root }), { failAt, operations: ['write', 'rename'], code: 'ENOSPC' });
        expectError(await createEditor({ fs: failing }).editFile({ path: 'chunks.txt', edits }), 'IO_ERROR');
        expect(readFileSync(path, 'utf8')).toBe(original);
      }
      const fs = nodeFs({ root });
      const chunked: Uint8Array[][] = [];
      const spy: FsAdapter = { ...fs, writeChunks: (target, chunks, options) => (chunked.push([...chunks]), fs.writeChunks!(target, chunks, options)) };
      const spied = createEditor({ fs: spy });
      const result = (await spied.editFile({ path: 'chunks.txt', edits }))._unsafeUnwrap();
      expect(readFileSync(path, 'utf8')).toBe(expected);
      expect(chunked).toHaveLength(1);
      expect(chunked[0]!.length).toBeGreaterThan(1024);
      expect(result.total_replacements).toBe(600);
      const undone = (await spied.undo({ undo_token: result.undo_token! }))._unsafeUnwrap();
      expect(readFileSync(path, 'utf8')).toBe(original);
      await spied.undo({ undo_token: undone.undo_token });
      expect(readFileSync(path, 'utf8')).toBe(expected);
    });

    it('refuses to rewrite a read-only file', async () => {
      const path = join(root, 'readonly.txt');
      writeFileSync(path, 'frozen\n');
      chmodSync(path, 0o444);
      const result = await editor.editFile({ path: 'readonly.txt', edits: [{ old_text: 'frozen', new_text: 'thawed' }] });
      expect(expectError(result, 'PERMISSION_DENIED').details.operation).toBe('write');
      expect(readFileSync(path, 'utf8')).toBe('frozen\n');
    });
  });

  it('cuts a long diff in the text at 400 lines, saying how many more lines metadata.diff holds', async () => {
    const lines = Array.from({ length: 300 }, (_, index) => `line ${index}`);
    const edits = lines.filter((_, index) => index % 3 === 0).map((line) => ({ old_text: `${line}\n`, new_text: `${line} changed\n` }));
    const { raw, text } = await run(`${lines.join('\n')}\n`, edits);
    const unified = raw._unsafeUnwrap().diff.unified;
    const total = unified.split('\n').length - 1;
    expect(total).toBeGreaterThan(400);
    expect(text).toContain(`${unified.split('\n').slice(0, 400).join('\n')}\n… (${total - 400} more diff lines in metadata.diff)\n`);
    // A short diff is shown whole.
    const short = await run(`${lines.join('\n')}\n`, edits.slice(0, 1));
    expect(short.text).not.toContain('more diff lines');
  });

  it('should handle editing at start of file', async () => {
    expect((await run('first\nsecond\n', [{ old_text: 'first', new_text: '# header\nfirst' }])).after).toBe('# header\nfirst\nsecond\n');
  });

  it('should handle editing at end of file', async () => {
    expect((await run('first\nsecond\n', [{ old_text: 'second\n', new_text: 'second\nthird\n' }])).after).toBe('first\nsecond\nthird\n');
  });

  it('should handle replacing entire file content', async () => {
    const content = 'old line 1\r\nold line 2\r\n';
    const { after, raw } = await run(content, [{ old_text: 'old line 1\nold line 2\n', new_text: 'brand\nnew\n' }]);
    expect(after).toBe('brand\r\nnew\r\n');
    expect(raw._unsafeUnwrap().diff).toMatchObject({ lines_added: 2, lines_removed: 2 });
  });

  it('should handle file with no newline at end', async () => {
    const { after, raw } = await run('a\nlast', [{ old_text: 'last', new_text: 'final' }]);
    expect(after).toBe('a\nfinal');
    expect(raw._unsafeUnwrap().diff.unified).toBe('--- file.txt\n+++ file.txt\n@@ -1,2 +1,2 @@\n a\n-last\n\\ No newline at end of file\n+final\n\\ No newline at end of file\n');
    // Adding the final newline shows too.
    expect((await run('a\nlast', [{ old_text: 'last', new_text: 'last\n' }])).after).toBe('a\nlast\n');
  });
});

describe('5. Dry run mode', () => {
  const content = 'alpha\nbeta\ngamma\nbeta\n';
  const edits = [
    { old_text: 'alpha', new_text: 'ALPHA' },
    { old_text: 'beta', new_text: 'BETA', occurrences: 2 },
  ];

  it('should not modify file in dry run', async () => {
    const { fs, calls } = counting({ 'f.txt': content });
    const result = await createEditor({ fs }).editFile({ path: 'f.txt', edits, dry_run: true });
    expect(result.isOk()).toBe(true);
    expect(calls.writeFile).toBe(0);
    expect(fs.snapshot()['f.txt']).toBe(content);
  });

  it('should return preview of all changes', async () => {
    const { raw, text } = await run(content, edits, { dry_run: true });
    const metadata = raw._unsafeUnwrap();
    expect(metadata).toMatchObject({ dry_run: true, would_modify: true, total_replacements: 3 });
    expect(metadata.preview).toEqual([
      { edit_index: 0, line_number: 1, before: 'alpha', after: 'ALPHA' },
      { edit_index: 1, line_number: 2, before: 'beta', after: 'BETA' },
      { edit_index: 1, line_number: 4, before: 'beta', after: 'BETA' },
    ]);
    expect(text.startsWith('Dry run: 2 edits would make 3 replacements in file.txt. Nothing was written')).toBe(true);
    expect(text).toContain('```diff\n--- file.txt\n+++ file.txt\n@@ -1,4 +1,4 @@\n-alpha\n-beta\n+ALPHA\n+BETA\n gamma\n-beta\n+BETA\n```');
    // Edits that change nothing: would_modify is false.
    expect((await run(content, [{ old_text: 'gamma', new_text: 'gamma' }], { dry_run: true })).raw._unsafeUnwrap().would_modify).toBe(false);
  });

  it('should validate all edits in dry run', async () => {
    const { result } = await run(content, [...edits, { old_text: 'delta', new_text: 'x' }], { dry_run: true });
    expect(errorOf(result)).toMatchObject({ type: 'NO_MATCH', edit_index: 2, total_edits: 3 });
  });

  it('should return same errors as real run would', async () => {
    for (const attempt of [
      [{ old_text: 'beta', new_text: 'x' }],
      [{ old_text: 'alpha', new_text: 'x' }, { old_text: 'Alpha', new_text: 'y' }],
      [{ old_text: '', new_text: 'y' }],
    ]) {
      const dry = await run(content, attempt, { dry_run: true });
      const real = await run(content, attempt);
      expect(dry.raw._unsafeUnwrapErr()).toEqual(real.raw._unsafeUnwrapErr());
      expect(dry.result).toEqual(real.result);
      expect(real.after).toBe(content);
    }
  });

  it('should include line numbers in preview', async () => {
    const content = Array.from({ length: 20 }, (_, index) => `l${index + 1}\n`).join('');
    const { raw } = await run(content, [{ old_text: 'l15', new_text: 'fifteen' }, { old_text: 'l2\n', new_text: '' }], { dry_run: true });
    const metadata = raw._unsafeUnwrap();
    // Line numbers are those of the file before the call, also for edits after a line was removed.
    expect(metadata.preview!.map((change) => [change.edit_index, change.line_number])).toEqual([
      [0, 15],
      [1, 2],
    ]);
    // The diff's hunks give both: old_start in the original, new_start in the result.
    expect(metadata.diff.hunks.map((hunk) => [hunk.old_start, hunk.old_lines, hunk.new_start, hunk.new_lines])).toEqual([
      [1, 5, 1, 4],
      [12, 7, 11, 7],
    ]);
  });
});

describe('6. LLM-friendly error reporting', () => {
  const code = ['function init() {', '    const config = loadConfig();', "    console.log('ready');", '    return config;', '}', ''].join('\n');

  it('should suggest fixes for whitespace mismatches', async () => {
    const { result } = await run(code, [{ old_text: '\tconst config = loadConfig();\n\tconsole.log(\'ready\');', new_text: 'x' }]);
    const failure = errorOf(result)!;
    expect(failure.similar_content![0]).toMatchObject({ line_number: 2, content: "    const config = loadConfig();\n    console.log('ready');" });
    expect(failure.similar_content![0]!.differences.map((difference) => difference.type)).toEqual(['whitespace', 'whitespace']);
    const whitespace = result.metadata!.suggested_fixes!.find((fix) => fix.type === 'CHECK_WHITESPACE')!;
    expect(whitespace.suggestion).toContain('The file indents with 4 spaces but old_text uses tabs');
    expect(result.content[0]!.text).toContain('2. Check for tabs vs spaces - the file uses 4 spaces but old_text uses tabs');
  });

  it('should identify case sensitivity issues', async () => {
    const { result } = await run(code, [{ old_text: 'const Config = LoadConfig();', new_text: 'x' }]);
    const best = errorOf(result)!.similar_content![0]!;
    expect(best).toMatchObject({ line_number: 2, content: 'const config = loadConfig();' });
    expect(best.differences).toEqual([
      { type: 'case', expected: 'Config', found: 'config' },
      { type: 'case', expected: 'LoadConfig', found: 'loadConfig' },
    ]);
  });

  it('should show similar content when no exact match', async () => {
    const { result, text } = await run(code, [{ old_text: '    console.log("ready");', new_text: 'x' }]);
    const best = errorOf(result)!.similar_content![0]!;
    expect(best).toMatchObject({ line_number: 3, content: "    console.log('ready');" });
    expect(best.similarity_score).toBeGreaterThan(0.9);
    expect(best.differences.every((difference) => difference.type === 'punctuation')).toBe(true);
    expect(result.metadata!.suggested_fixes![0]).toEqual({ type: 'USE_EXACT_TEXT', suggestion: 'Copy the exact text at line 3 (the example; file_read shows it too) into old_text.', example: "    console.log('ready');" });
    expect(text).toContain("File contains similar content that might be what you're looking for:\n\nLine 3 (similarity");
    expect(text).toContain(">>>    console.log('ready');<<<");
    expect(result.metadata!.file_preview).toMatchObject({ total_lines: 5, preview_start_line: 1, preview_end_line: 5, highlights: [{ line_number: 3, reason: 'similar' }] });
  });

  it('should provide line numbers for all matches', async () => {
    const { result, text } = await run(code, [{ old_text: 'config', new_text: 'settings' }]);
    const failure = errorOf(result)!;
    expect(failure.match_locations).toEqual([
      { line_number: 2, column_start: 11, column_end: 17, line_content: '    const config = loadConfig();', context_before: 'function init() {', context_after: "    console.log('ready');" },
      { line_number: 4, column_start: 12, column_end: 18, line_content: '    return config;', context_before: "    console.log('ready');", context_after: '}' },
    ]);
    expect(text).toContain("Expected to replace 1 instance of 'config' but found 2 instances at:\n  Line 2, column 11: const config = loadConfig();\n  Line 4, column 12: return config;");
    // The suggested old_text names the first occurrence alone.
    expect(result.metadata!.suggested_fixes!.find((fix) => fix.type === 'USE_EXACT_TEXT')!.example).toBe('    const config = loadConfig();');
    expect(result.metadata!.suggested_fixes![0]).toEqual({ type: 'ADJUST_COUNT', suggestion: 'Set occurrences to 2 to replace all 2 of them.', example: '{"old_text":"config","new_text":"settings","occurrences":2}' });
  });

  it('should suggest using file_read for exact content', async () => {
    const { text } = await run(code, [{ old_text: 'completely unrelated words', new_text: 'x' }]);
    expect(text).toContain('1. Use file_read to see the exact content, then copy it precisely');
    expect(text).toContain('3. Ensure you include all line breaks in multi-line searches');
  });

  it('should explain why binary files cannot be edited', async () => {
    const input = { path: 'data.bin', edits: [{ old_text: 'a', new_text: 'b' }] };
    const raw = await createEditor({ fs: memoryFs({ 'data.bin': new Uint8Array([0x61, 0x00]) }) }).editFile(input);
    expect(toFileEditResult(raw, input).content[0]!.text).toBe(
      'file_edit failed: data.bin is a binary file (it has a NUL byte at byte 1): structedit reads and edits UTF-8 text only, because replacing text inside binary data would corrupt it. Edit the file with a tool made for its format.',
    );
  });

  it('should provide clear next steps for each error type', async () => {
    const fs = memoryFs({ 'a.txt': 'one two two\n', 'bin.dat': new Uint8Array([0]), 'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9]) });
    const editor = createEditor({ fs });
    const cases: Array<[FileEditArgs, string, RegExp]> = [
      [{ path: 'a.txt', edits: [{ old_text: 'three', new_text: '3' }] }, 'NO_MATCH', /Use file_read to see the exact content/],
      [{ path: 'a.txt', edits: [{ old_text: 'two', new_text: '2' }] }, 'WRONG_COUNT', /Update occurrences to 2 if you want to replace all instances/],
      [{ path: 'nope.txt', edits: [{ old_text: 'a', new_text: 'b' }] }, 'FILE_NOT_FOUND', /check the spelling and the folder/],
      [{ path: 'bin.dat', edits: [{ old_text: 'a', new_text: 'b' }] }, 'BINARY_FILE', /Edit the file with a tool made for its format/],
      [{ path: 'latin1.txt', edits: [{ old_text: 'a', new_text: 'b' }] }, 'ENCODING_ERROR', /Convert the file to UTF-8 first/],
      [{ path: 'a.txt', edits: [{ oldText: 'one', newText: '1' } as unknown as EditOperation] }, 'INVALID_ARGUMENT', /unknown fields "oldText" \(did you mean "old_text"\?\), "newText" \(did you mean "new_text"\?\).*Correct these fields and call again/],
      [{ path: '../escape.txt', edits: [{ old_text: 'a', new_text: 'b' }] }, 'PATH_OUTSIDE_ROOT', /Use a path inside the root/],
    ];
    for (const [input, code, next] of cases) {
      const raw = await editor.editFile(input);
      expectError(raw, code as 'NO_MATCH');
      const result = toFileEditResult(raw, input);
      expect(result.isError).toBe(true);
      expect(result.metadata!.validation_error!.type).toBe(code);
      expect(result.content[0]!.text, code).toMatch(next);
      expect(result.content[0]!.text, code).toMatch(/Nothing was written|failed: /);
    }
    expect(fs.snapshot()['a.txt']).toBe('one two two\n');
  });
});

describe('7. Complex real-world scenarios', () => {
  it('should handle renaming a variable throughout a file', async () => {
    const content = `
      const userId = getUserId();
      console.log(userId);
      if (userId) {
        return userId.toString();
      }
    `;
    const { result, after } = await run(content, [{ old_text: 'userId', new_text: 'userIdentifier', occurrences: 4 }]);
    expect(result.isError).toBe(false);
    expect(after).not.toContain('userId;');
    expect(after!.match(/userIdentifier/g)).toHaveLength(4);
    expect(after!.replace(/userIdentifier/g, '')).not.toContain('userId');
  });

  it('should handle updating multiple import statements', async () => {
    const content = `
      import { foo } from './old-path';
      import { bar } from './old-path';
      import { baz } from './other-path';
    `;
    const { result, after } = await run(content, [{ old_text: "'./old-path'", new_text: "'./new-path'", occurrences: 2 }]);
    expect(result.isError).toBe(false);
    expect(after).toBe(content.replace(/old-path/g, 'new-path'));
  });

  it('should handle comment updates across file', async () => {
    const content = `
      // TODO: implement this
      function feature1() {
        // TODO: implement this
      }
      
      // TODO: implement this  
      function feature2() {
        return null; // TODO: implement this
      }
    `;
    const { result, after } = await run(content, [{ old_text: '// TODO: implement this', new_text: '// DONE: implemented', occurrences: 4 }]);
    expect(result.isError).toBe(false);
    expect(after).toBe(content.replace(/\/\/ TODO: implement this/g, '// DONE: implemented'));
  });
});

describe('8. Performance (read/write counts and atomicity; timings are in bench/)', () => {
  it('should handle 1000 edits efficiently', async () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `line ${index}: value_${index} = compute(${index});`);
    const { fs, calls } = counting({ 'many.txt': `${lines.join('\n')}\n` });
    const edits = lines.map((_, index) => ({ old_text: `value_${index} =`, new_text: `renamed_${index} =` }));
    const result = await createEditor({ fs }).editFile({ path: 'many.txt', edits });
    expect(result._unsafeUnwrap().total_replacements).toBe(1000);
    expect(fs.snapshot()['many.txt']).toBe(`${lines.map((line, index) => line.replace(`value_${index} =`, `renamed_${index} =`)).join('\n')}\n`);
    // One read for the edits, one just before the write to make sure the file did not change in between (CONFLICT).
    expect(calls).toMatchObject({ readFile: 2, writeFile: 1 });
  });

  it('should handle 10MB file efficiently', async () => {
    const block = Array.from({ length: 100 }, (_, index) => `    statement_${index}(argument);`).join('\n');
    const content = Array.from({ length: 1300 }, (_, index) => `function f${index}() {\n${block}\n}\n`).join('');
    const big = content.repeat(3);
    const { fs, calls } = counting({ 'big.js': big });
    const edits = Array.from({ length: 100 }, (_, index) => ({ old_text: `function f${index * 12}() {`, new_text: `function g${index * 12}() {`, occurrences: 3 }));
    const result = await createEditor({ fs }).editFile({ path: 'big.js', edits });
    expect(result._unsafeUnwrap().total_replacements).toBe(300);
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(fs.snapshot()['big.js']).toBe(big.replace(/function f(\d+)\(\) \{/g, (all, number: string) => (Number(number) % 12 === 0 && Number(number) < 1200 ? `function g${number}() {` : all)));
    // One read for the edits, one just before the write to make sure the file did not change in between (CONFLICT).
    expect(calls).toMatchObject({ readFile: 2, writeFile: 1 });
  });

  it('should not read file multiple times', async () => {
    const { fs, calls } = counting({ 'f.txt': 'a b c d e\n' });
    const edits = ['a', 'b', 'c', 'd', 'e'].map((letter) => ({ old_text: letter, new_text: letter.toUpperCase() }));
    expect((await createEditor({ fs }).editFile({ path: 'f.txt', edits })).isOk()).toBe(true);
    // One read for the edits, one just before the write (the conflict check).
    expect(calls).toMatchObject({ readFile: 2, stat: 1, realpath: 1 });
  });

  it('should not write file multiple times', async () => {
    const { fs, calls } = counting({ 'f.txt': 'a b c d e\n' });
    const edits = ['a', 'b', 'c', 'd', 'e'].map((letter) => ({ old_text: letter, new_text: letter.toUpperCase() }));
    expect((await createEditor({ fs }).editFile({ path: 'f.txt', edits })).isOk()).toBe(true);
    expect(calls).toMatchObject({ writeFile: 1, rename: 0 });
    expect(fs.snapshot()['f.txt']).toBe('A B C D E\n');
    // Edits that change nothing do not write at all.
    await createEditor({ fs }).editFile({ path: 'f.txt', edits: [{ old_text: 'A', new_text: 'A' }] });
    expect(calls.writeFile).toBe(1);
  });

  it('should validate all edits before any modifications', async () => {
    const { fs, calls } = counting({ 'f.txt': 'one two three\n' });
    const result = await createEditor({ fs }).editFile({
      path: 'f.txt',
      edits: [
        { old_text: 'one', new_text: '1' },
        { old_text: 'two', new_text: '2' },
        { old_text: 'four', new_text: '4' },
      ],
    });
    expect(expectError(result, 'NO_MATCH').details.validation_error).toMatchObject({ edit_index: 2, total_edits: 3 });
    expect(calls.writeFile).toBe(0);
    expect(fs.snapshot()['f.txt']).toBe('one two three\n');
  });

  it('a failed write leaves the file as it was', async () => {
    const base = memoryFs({ 'f.txt': 'before\n' });
    const failing = faultyFs(base, { failAt: 1, failures: Infinity, operations: ['write'], code: 'ENOSPC' });
    const result = await createEditor({ fs: failing }).editFile({ path: 'f.txt', edits: [{ old_text: 'before', new_text: 'after' }] });
    expect(expectError(result, 'IO_ERROR').details).toMatchObject({ code: 'ENOSPC', state: 'FILE_UNCHANGED' });
    expect(base.snapshot()['f.txt']).toBe('before\n');
  });
});
