import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEditor, memoryFs, type FsAdapter } from 'structedit';
import { nodeFs } from 'structedit/node';
import { contentHash, interleavedContentHash, nodeContentHash, pureContentHash, webCryptoContentHash } from '../../src/editor/content-hash.js';
import { editorOver, expectError, expectOk, lines } from '../helpers.js';

const encode = (text: string) => new TextEncoder().encode(text);
const hashOf = (text: string) => nodeContentHash(encode(text))!;

describe('content hashes', () => {
  it('are sha256 of the bytes, the same with node:crypto, Web Crypto and pure JavaScript', async () => {
    expect(await pureContentHash(encode('a'))).toBe('sha256:ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb');
    for (const text of ['', 'a', '\uFEFFx\r\n', 'é'.repeat(100_000)]) {
      const bytes = encode(text);
      const pure = await pureContentHash(bytes);
      expect(nodeContentHash(bytes)).toBe(pure);
      expect(await webCryptoContentHash(bytes)).toBe(pure);
      expect(await contentHash(bytes)).toBe(pure);
      // Content in chunks (as file_edit writes it) hashes as its joined bytes, by every implementation.
      const chunks = [bytes.subarray(0, 3), new Uint8Array(0), bytes.subarray(3, 1000), bytes.subarray(1000)];
      expect([await pureContentHash(chunks), nodeContentHash(chunks), await webCryptoContentHash(chunks), await contentHash(chunks)]).toEqual([pure, pure, pure, pure]);
      expect([await interleavedContentHash(bytes), await interleavedContentHash(chunks)]).toEqual([pure, pure]);
    }
  });

  it('hashed in slices between writes (as a commit hashes what it writes), content of several megabytes hashes the same', async () => {
    const bytes = encode('abcdefghé\n'.repeat(500_000));
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 3_000_001), bytes.subarray(3_000_001)];
    expect(await interleavedContentHash(chunks)).toBe(await pureContentHash(bytes));
    expect(await interleavedContentHash(bytes)).toBe(nodeContentHash(bytes));
  });

  it('file_edit: a written file reports the hash of its new bytes, a dry run the one it read; expected_hash is checked', async () => {
    const { editor, fs } = editorOver({ 'n.txt': 'one\n' });
    const read = hashOf('one\n');
    expect(expectOk(await editor.editFile({ path: 'n.txt', edits: [{ old_text: 'one', new_text: 'two' }], dry_run: true })).hash).toBe(read);
    expectError(await editor.editFile({ path: 'n.txt', edits: [{ old_text: 'one', new_text: 'two' }], expected_hash: hashOf('other') }), 'CONFLICT');
    expect(fs.snapshot()['n.txt']).toBe('one\n');
    expect(expectOk(await editor.editFile({ path: 'n.txt', edits: [{ old_text: 'one', new_text: 'two' }], expected_hash: read })).hash).toBe(hashOf('two\n'));
    expect(expectOk(await editor.editFile({ path: 'n.txt', edits: [{ old_text: 'two', new_text: 'two' }] })).hash).toBe(hashOf('two\n'));
  });

  it('every read and write result reports the hash of the file as it is after the call', async () => {
    const { editor, fs } = editorOver({ 'a.py': lines('def f():', '    return 1'), 'b.py': lines('def g():', '    pass'), 'n.txt': 'one\n' });
    const current = (path: string) => hashOf(fs.snapshot()[path]!);
    expect(expectOk(await editor.readStructure({ path: 'a.py', target: 'def f' })).hash).toBe(current('a.py'));
    expect(expectOk(await editor.listStructures({ path: 'a.py' })).hash).toBe(current('a.py'));
    expect(expectOk(await editor.readFile({ path: 'n.txt' })).hash).toBe(current('n.txt'));
    expect(expectOk(await editor.readFile({ path: 'a.py', skeleton: true })).hash).toBe(current('a.py'));
    expect(expectOk(await editor.replaceTextInStructure({ path: 'a.py', target: 'def f', old_text: '1', new_text: '2' })).hash).toBe(current('a.py'));
    expect(expectOk(await editor.editFile({ path: 'n.txt', edits: [{ old_text: 'one', new_text: 'two' }] })).hash).toBe(current('n.txt'));
    const chunk = expectOk(await editor.applyChunks({ path: 'a.py', target: 'def f', chunks: [{ context_before: 'def f():', old_lines: ['    return 2'], new_lines: ['    return 3'], context_after: '' }] }));
    expect(chunk.hash).toBe(current('a.py'));
    const moved = expectOk(await editor.moveStructure({ source_path: 'a.py', source_target: 'def f', dest_path: 'b.py', dest_target: 'def g', position: 'after' }));
    expect([moved.hash, moved.dest_hash]).toEqual([current('a.py'), current('b.py')]);
    const dry = expectOk(await editor.replaceStructure({ path: 'b.py', target: 'def g', content: 'def g():\n    return 0', dry_run: true }));
    expect([dry.hash, dry.undo_token]).toEqual([current('b.py'), null]);
  });
});

describe('expected_hash', () => {
  it('a write with the hash of the file as read goes through; with an older hash it is a CONFLICT and nothing is written', async () => {
    const { editor, fs } = editorOver({ 'a.py': lines('def f():', '    return 1') });
    const read = expectOk(await editor.readStructure({ path: 'a.py', target: 'def f' }));
    const first = expectOk(await editor.replaceTextInStructure({ path: 'a.py', target: 'def f', old_text: '1', new_text: '2', expected_hash: read.hash }));
    const after = fs.snapshot()['a.py'];
    for (const stale of [
      editor.replaceTextInStructure({ path: 'a.py', target: 'def f', old_text: '2', new_text: '3', expected_hash: read.hash }),
      editor.replaceTextInStructure({ path: 'a.py', target: 'def f', old_text: '2', new_text: '3', expected_hash: read.hash, dry_run: true }),
      editor.editFile({ path: 'a.py', edits: [{ old_text: '2', new_text: '3' }], expected_hash: read.hash }),
      editor.applyChunks({ path: 'a.py', target: 'def f', chunks: [{ context_before: 'def f():', old_lines: ['    return 2'], new_lines: ['    return 3'], context_after: '' }], expected_hash: read.hash }),
      editor.deleteStructure({ path: 'a.py', target: 'def f', expected_hash: read.hash }),
      editor.moveStructure({ source_path: 'a.py', source_target: 'def f', dest_path: 'b.py', position: 'file_end', expected_hash: read.hash }),
    ]) {
      const error = expectError(await stale, 'CONFLICT');
      expect(error.details).toEqual({ reason: 'file_changed', path: 'a.py', expected_hash: read.hash, actual_hash: first.hash, state: 'FILE_UNCHANGED' });
      expect(error.message).toContain('Read the file again');
    }
    expect(fs.snapshot()).toEqual({ 'a.py': after });
    expectOk(await editor.replaceTextInStructure({ path: 'a.py', target: 'def f', old_text: '2', new_text: '3', expected_hash: first.hash }));
  });

  it('a move checks the destination against dest_expected_hash', async () => {
    const { editor, fs } = editorOver({ 'a.py': lines('def f():', '    pass'), 'b.py': lines('def g():', '    pass') });
    const error = expectError(await editor.moveStructure({ source_path: 'a.py', source_target: 'def f', dest_path: 'b.py', position: 'file_end', dest_expected_hash: hashOf('other') }), 'CONFLICT');
    expect(error.details.path).toBe('b.py');
    expect(fs.snapshot()['a.py']).toBe(lines('def f():', '    pass'));
  });

  it('a malformed hash is an INVALID_ARGUMENT naming the field', async () => {
    const { editor } = editorOver({ 'a.py': 'x = 1\n' });
    expect(expectError(await editor.replaceStructure({ path: 'a.py', target: '', content: 'y = 2\n', expected_hash: 'abc' }), 'INVALID_ARGUMENT').details.issues[0]!.field).toBe('expected_hash');
  });

  it('a change between the operation\'s own read and its write is a CONFLICT, and the other writer\'s bytes stay', async () => {
    const base = memoryFs({ 'a.py': lines('def f():', '    return 1'), 'n.txt': 'one\n' });
    let reads = 0;
    // Another program writes the file right after structedit's first read of it.
    const racing: FsAdapter = {
      ...base,
      readFile: async (path) => {
        const bytes = await base.readFile(path);
        if (++reads === 1) await base.writeFile(path, encode('changed by someone else\n'));
        return bytes;
      },
    };
    const editor = createEditor({ fs: racing });
    const error = expectError(await editor.replaceTextInStructure({ path: 'a.py', target: 'def f', old_text: '1', new_text: '2' }), 'CONFLICT');
    expect(error.details).toMatchObject({ reason: 'file_changed', path: 'a.py', expected_hash: hashOf(lines('def f():', '    return 1')), actual_hash: hashOf('changed by someone else\n') });
    expect(base.snapshot()['a.py']).toBe('changed by someone else\n');
    reads = 0;
    expectError(await editor.editFile({ path: 'n.txt', edits: [{ old_text: 'one', new_text: 'two' }] }), 'CONFLICT');
    expect(base.snapshot()['n.txt']).toBe('changed by someone else\n');
  });
});

describe('the check before a write on disk', () => {
  it('nodeFs: a same-size change between the read and the write is a CONFLICT (compared in place by hasContent)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'structedit-conflict-'));
    try {
      writeFileSync(join(root, 'n.txt'), 'one\ntwo\n');
      const base = nodeFs({ root });
      const compared: boolean[] = [];
      const racing: FsAdapter = {
        ...base,
        readFile: async (path) => {
          const bytes = await base.readFile(path);
          // Another program rewrites the file, same length, right after structedit read it.
          writeFileSync(join(root, 'n.txt'), 'one\nTWO\n');
          return bytes;
        },
        hasContent: async (path, bytes) => {
          const same = await base.hasContent!(path, bytes);
          compared.push(same);
          return same;
        },
      };
      const error = expectError(await createEditor({ fs: racing }).editFile({ path: 'n.txt', edits: [{ old_text: 'one', new_text: '1' }] }), 'CONFLICT');
      expect(error.details).toMatchObject({ reason: 'file_changed', path: 'n.txt', expected_hash: hashOf('one\ntwo\n'), actual_hash: hashOf('one\nTWO\n') });
      expect(compared).toEqual([false]);
      expect(readFileSync(join(root, 'n.txt'), 'utf8')).toBe('one\nTWO\n');
      // Unraced, the same edit goes through the in-place comparison and is written.
      expectOk(await createEditor({ fs: base }).editFile({ path: 'n.txt', edits: [{ old_text: 'one', new_text: '1' }] }));
      expect(readFileSync(join(root, 'n.txt'), 'utf8')).toBe('1\nTWO\n');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('per-path locks', () => {
  const body = Array.from({ length: 100 }, (_, index) => `    v${index} = 0`);
  const file = lines('def settings():', ...body, '    return locals()');

  it('100 concurrent replace_text_in_structure and file_edit calls on one file: all 100 changes are there', async () => {
    const { editor, fs } = editorOver({ 'conf.py': file });
    const calls = body.map((_, index) =>
      index % 2 === 0
        ? editor.replaceTextInStructure({ path: 'conf.py', target: 'def settings', old_text: `v${index} = 0`, new_text: `v${index} = ${index}` })
        : editor.editFile({ path: 'conf.py', edits: [{ old_text: `v${index} = 0`, new_text: `v${index} = ${index}` }] }),
    );
    const results = await Promise.all(calls);
    expect(results.filter((result) => result.isErr()).map((result) => result._unsafeUnwrapErr().message)).toEqual([]);
    expect(fs.snapshot()['conf.py']).toBe(lines('def settings():', ...body.map((_, index) => `    v${index} = ${index}`), '    return locals()'));
  });

  it('also through another spelling of the same path', async () => {
    const { editor, fs } = editorOver({ 'pkg/conf.py': file });
    const results = await Promise.all(body.slice(0, 20).map((_, index) => editor.editFile({ path: index % 2 ? 'pkg/conf.py' : './pkg//conf.py', edits: [{ old_text: `v${index} = 0`, new_text: `v${index} = 1` }] })));
    expect(results.every((result) => result.isOk())).toBe(true);
    expect(fs.snapshot()['pkg/conf.py']).toBe(lines('def settings():', ...body.map((line, index) => (index < 20 ? `    v${index} = 1` : line)), '    return locals()'));
  });

  it('moves in opposite directions between two files do not deadlock, and nothing is lost', async () => {
    const { editor, fs } = editorOver({ 'a.py': lines(...Array.from({ length: 10 }, (_, i) => `def a${i}():\n    pass\n`)), 'b.py': lines(...Array.from({ length: 10 }, (_, i) => `def b${i}():\n    pass\n`)) });
    const moves = Array.from({ length: 10 }, (_, i) => [
      editor.moveStructure({ source_path: 'a.py', source_target: `def a${i}`, dest_path: 'b.py', position: 'file_end' }),
      editor.moveStructure({ source_path: 'b.py', source_target: `def b${i}`, dest_path: 'a.py', position: 'file_start' }),
    ]).flat();
    const results = await Promise.all(moves);
    expect(results.every((result) => result.isOk())).toBe(true);
    const { 'a.py': a, 'b.py': b } = fs.snapshot();
    expect([...a!.matchAll(/^def (\w+)/gm)].map((match) => match[1]).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `b${i}`).sort());
    expect([...b!.matchAll(/^def (\w+)/gm)].map((match) => match[1]).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `a${i}`).sort());
  });
});

describe('undo', () => {
  it('puts the previous bytes back, once; the undo\'s own token redoes the change', async () => {
    const original = '\uFEFFdef f():\r\n    return 1\r\n';
    const { editor, fs } = editorOver({ 'a.py': original });
    const edited = expectOk(await editor.replaceTextInStructure({ path: 'a.py', target: 'def f', old_text: '1', new_text: '2' }));
    const after = await fs.readFile('a.py');
    const undone = expectOk(await editor.undo({ undo_token: edited.undo_token! }));
    expect(undone.restored).toEqual([{ path: 'a.py', hash: hashOf(original) }]);
    expect(await fs.readFile('a.py')).toEqual(encode(original));
    expect(expectError(await editor.undo({ undo_token: edited.undo_token! }), 'INVALID_ARGUMENT').details.issues[0]!.field).toBe('undo_token');
    expectOk(await editor.undo({ undo_token: undone.undo_token }));
    expect(await fs.readFile('a.py')).toEqual(after);
  });

  it('is a CONFLICT when the file changed since, writing nothing', async () => {
    const { editor, fs } = editorOver({ 'a.py': lines('def f():', '    return 1') });
    const edited = expectOk(await editor.replaceTextInStructure({ path: 'a.py', target: 'def f', old_text: '1', new_text: '2' }));
    const later = expectOk(await editor.replaceTextInStructure({ path: 'a.py', target: 'def f', old_text: '2', new_text: '3' }));
    const error = expectError(await editor.undo({ undo_token: edited.undo_token! }), 'CONFLICT');
    expect(error.details).toMatchObject({ path: 'a.py', expected_hash: edited.hash, actual_hash: later.hash, state: 'FILE_UNCHANGED' });
    expect(error.message).toContain('undoing it would lose that change');
    expect(fs.snapshot()['a.py']).toBe(lines('def f():', '    return 3'));
  });

  it('undoes a move that created a file by removing it, and restores both files', async () => {
    const files = { 'a.py': lines('def f():', '    pass', '', '', 'def g():', '    pass') };
    const { editor, fs } = editorOver(files);
    const moved = expectOk(await editor.moveStructure({ source_path: 'a.py', source_target: 'def g', dest_path: 'new/b.py', position: 'file_end' }));
    expect(Object.keys(fs.snapshot())).toEqual(['a.py', 'new/b.py']);
    const undone = expectOk(await editor.undo({ undo_token: moved.undo_token! }));
    expect(undone.restored.map((file) => [file.path, file.hash])).toEqual([
      ['a.py', hashOf(files['a.py'])],
      ['new/b.py', null],
    ]);
    expect(fs.snapshot()).toEqual(files);
  });

  it('remembers the last 100 writes: the token of the 101st-latest is refused', async () => {
    const { editor, fs } = editorOver({ 'n.txt': '0\n' });
    const tokens: string[] = [];
    for (let index = 0; index < 101; index++) tokens.push(expectOk(await editor.editFile({ path: 'n.txt', edits: [{ old_text: `${index}\n`, new_text: `${index + 1}\n` }] })).undo_token!);
    expectError(await editor.undo({ undo_token: tokens[0]! }), 'INVALID_ARGUMENT');
    expectOk(await editor.undo({ undo_token: tokens[100]! }));
    expect(fs.snapshot()['n.txt']).toBe('100\n');
  });

  it('nothing written, no token; an unknown token is refused', async () => {
    const { editor } = editorOver({ 'a.py': 'x = 1\n' });
    expect(expectOk(await editor.replaceStructure({ path: 'a.py', target: '', content: 'x = 1\n' })).undo_token).toBeNull();
    expect(expectOk(await editor.replaceStructure({ path: 'a.py', target: '', content: 'x = 2\n', dry_run: true })).undo_token).toBeNull();
    expectError(await editor.undo({ undo_token: 'undo-99-deadbeef' }), 'INVALID_ARGUMENT');
    expectError(await editor.undo({} as never), 'INVALID_ARGUMENT');
  });
});
