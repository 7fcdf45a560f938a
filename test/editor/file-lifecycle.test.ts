import { describe, expect, it } from 'vitest';
import { createEditor, faultyFs, memoryFs } from 'structedit';
import { expectError, expectOk } from '../helpers.js';

/** Issue 20: creating, deleting and moving files, atomic and undoable, through the adapter. */

const files = { 'src/app.py': 'import util\n\nutil.run()\n', 'src/util.py': 'def run():\n    return 1\n', 'logo.png': '\u0089PNG\r\n' };

function setup(initial: Record<string, string> = files) {
  const fs = memoryFs(initial);
  return { fs, editor: createEditor({ fs, semantic: 'syntax' }) };
}

describe('createFile', () => {
  it('creates a file and its folders; undo removes it', async () => {
    const { fs, editor } = setup();
    const created = expectOk(await editor.createFile({ path: 'src/new/mod.py', content: 'X = 1\n' }));
    expect(created).toMatchObject({ action: 'created', path: 'src/new/mod.py', bytes: 6, dry_run: false, hash: expect.stringMatching(/^sha256:/) });
    expect(fs.snapshot()['src/new/mod.py']).toBe('X = 1\n');
    expectOk(await editor.undo({ undo_token: created.undo_token! }));
    expect(fs.snapshot()).toEqual(files);
  });

  it('refuses an existing file with FILE_EXISTS naming its hash; overwrite needs that hash', async () => {
    const { fs, editor } = setup();
    const refused = expectError(await editor.createFile({ path: 'src/util.py', content: 'gone\n' }), 'FILE_EXISTS');
    expect(refused.message).toContain(`expected_hash: "${refused.details.hash}"`);
    expectError(await editor.createFile({ path: 'src/util.py', content: 'gone\n', overwrite: true }), 'INVALID_ARGUMENT');
    expectError(await editor.createFile({ path: 'src/util.py', content: 'gone\n', overwrite: true, expected_hash: `sha256:${'0'.repeat(64)}` }), 'CONFLICT');
    expect(fs.snapshot()).toEqual(files);
    // app.py still calls util.run(): overwriting it without run is refused, as the checks of every write refuse it.
    expectError(await editor.createFile({ path: 'src/util.py', content: 'gone = 1\n', overwrite: true, expected_hash: refused.details.hash }), 'REFERENCES_EXIST');
    expect(fs.snapshot()).toEqual(files);
    const overwritten = expectOk(await editor.createFile({ path: 'src/util.py', content: 'gone\n', overwrite: true, expected_hash: refused.details.hash, force: true }));
    expect(overwritten.action).toBe('overwritten');
    expect(fs.snapshot()['src/util.py']).toBe('gone\n');
  });

  it('a dry run writes nothing; a path outside the root is refused', async () => {
    const { fs, editor } = setup();
    expect(expectOk(await editor.createFile({ path: 'a.py', content: 'x = 1\n', dry_run: true }))).toMatchObject({ dry_run: true, undo_token: null });
    expectError(await editor.createFile({ path: '../escape.py', content: 'x\n' }), 'PATH_OUTSIDE_ROOT');
    expect(fs.snapshot()).toEqual(files);
  });
});

describe('deleteFile', () => {
  it('deletes any file (binary too); undo writes it back byte for byte', async () => {
    const { fs, editor } = setup();
    const deleted = expectOk(await editor.deleteFile({ path: 'logo.png' }));
    expect(deleted).toMatchObject({ action: 'deleted', hash: null });
    expect('logo.png' in fs.snapshot()).toBe(false);
    expectOk(await editor.undo({ undo_token: deleted.undo_token! }));
    expect(fs.snapshot()).toEqual(files);
  });

  it('a missing file is FILE_NOT_FOUND; a stale expected_hash is CONFLICT; a folder is refused', async () => {
    const { fs, editor } = setup();
    expectError(await editor.deleteFile({ path: 'nope.py' }), 'FILE_NOT_FOUND');
    expectError(await editor.deleteFile({ path: 'src/util.py', expected_hash: `sha256:${'1'.repeat(64)}` }), 'CONFLICT');
    expectError(await editor.deleteFile({ path: 'src' }), 'INVALID_ARGUMENT');
    expect(fs.snapshot()).toEqual(files);
  });
});

describe('moveFile', () => {
  it('moves a file into a new folder in one commit; undo puts it back', async () => {
    const { fs, editor } = setup();
    // (`import util` in src/app.py no longer finds it there: refused without `force`, see test/semantic/text-writes.test.ts.)
    expectError(await editor.moveFile({ from: 'src/util.py', to: 'lib/helpers/util.py' }), 'REFERENCES_EXIST');
    const moved = expectOk(await editor.moveFile({ from: 'src/util.py', to: 'lib/helpers/util.py', force: true }));
    expect(moved).toMatchObject({ action: 'moved', from: 'src/util.py', path: 'lib/helpers/util.py' });
    expect(fs.snapshot()).toEqual({ 'src/app.py': files['src/app.py'], 'lib/helpers/util.py': files['src/util.py'], 'logo.png': files['logo.png'] });
    expectOk(await editor.undo({ undo_token: moved.undo_token! }));
    expect(fs.snapshot()).toEqual(files);
  });

  it('refuses to replace a file at to unless overwrite with its hash', async () => {
    const { fs, editor } = setup();
    const refused = expectError(await editor.moveFile({ from: 'src/util.py', to: 'src/app.py' }), 'FILE_EXISTS');
    expect(refused.message).toContain('to_expected_hash');
    expectError(await editor.moveFile({ from: 'src/util.py', to: 'src/util.py' }), 'INVALID_ARGUMENT');
    expect(fs.snapshot()).toEqual(files);
    expectOk(await editor.moveFile({ from: 'src/util.py', to: 'src/app.py', overwrite: true, to_expected_hash: refused.details.hash, force: true }));
    expect(fs.snapshot()).toEqual({ 'src/app.py': files['src/util.py'], 'logo.png': files['logo.png'] });
  });

  it('under a write fault at any step, every file stays byte-identical', async () => {
    const counting = faultyFs(memoryFs(files), { operations: ['write', 'rename', 'mkdir', 'remove'] });
    expectOk(await createEditor({ fs: counting, semantic: 'syntax' }).moveFile({ from: 'src/util.py', to: 'lib/util.py', force: true }));
    let checked = 0;
    for (let failAt = 1; failAt <= counting.calls; failAt++) {
      const inner = memoryFs(files);
      const fs = faultyFs(inner, { operations: ['write', 'rename', 'mkdir', 'remove'], failAt });
      const result = await createEditor({ fs, semantic: 'syntax' }).moveFile({ from: 'src/util.py', to: 'lib/util.py', force: true });
      if (result.isOk()) continue;
      const after = inner.snapshot();
      // A folder made before the fault may stay; every file is as it was.
      expect(after).toEqual(files);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
