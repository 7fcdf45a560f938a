import { describe, expect, it } from 'vitest';
import { createEditor, faultyFs, memoryFs } from 'structedit';
import { createTools } from 'structedit/tools';
import { expectError, expectOk } from '../helpers.js';

/** Issue 20: patches as models write them, applied all or nothing with structedit's exact core. */

const files = {
  'app.py': 'import util\n\n\ndef main():\n    print("hi")\n    return util.run()\n',
  'util.py': 'def run():\n    return 1\n\n\ndef stop():\n    return 1\n',
  'win.txt': 'one\r\ntwo\r\nthree\r\n',
  'tail.txt': 'a\nb',
};

function setup() {
  const fs = memoryFs(files);
  return { fs, editor: createEditor({ fs, semantic: 'syntax' }) };
}

describe('applyPatch', () => {
  it('applies an envelope across files: update, add, delete, move; CRLF and a missing final newline kept; undo restores all', async () => {
    const { fs, editor } = setup();
    const patch = [
      '*** Begin Patch',
      '*** Update File: app.py',
      '-import util',
      '+import sys',
      '@@ def main():',
      '-    print("hi")',
      '-    return util.run()',
      '+    print("hello")',
      '+    return sys.maxsize',
      '*** Update File: win.txt',
      ' one',
      '-two',
      '+TWO',
      '*** Update File: tail.txt',
      '*** Move to: moved/tail.txt',
      ' a',
      '-b',
      '+B',
      '*** End of File',
      '*** Add File: pkg/new.py',
      '+X = 1',
      '*** Delete File: util.py',
      '*** End Patch',
    ].join('\n');
    const result = expectOk(await editor.applyPatch({ patch }));
    expect(result.files.map((file) => `${file.action} ${file.path}`)).toEqual(['updated app.py', 'updated win.txt', 'moved moved/tail.txt', 'added pkg/new.py', 'deleted util.py']);
    expect(fs.snapshot()).toEqual({
      'app.py': 'import sys\n\n\ndef main():\n    print("hello")\n    return sys.maxsize\n',
      'win.txt': 'one\r\nTWO\r\nthree\r\n',
      'moved/tail.txt': 'a\nB',
      'pkg/new.py': 'X = 1\n',
    });
    expectOk(await editor.undo({ undo_token: result.undo_token! }));
    expect(fs.snapshot()).toEqual(files);
  });

  it('a hunk that does not match writes nothing and every hunk is reported, the failing one with the similar text', async () => {
    const { fs, editor } = setup();
    const patch = ['*** Begin Patch', '*** Update File: app.py', '-    print("hi")', '+    print("a")', '*** Update File: util.py', '-def run():', '-    return 2', '+def run():', '+    return 3', '*** End Patch'].join('\n');
    const error = expectError(await editor.applyPatch({ patch }), 'PATCH_FAILED');
    expect(error.details.hunks.map((hunk) => `${hunk.file}#${hunk.hunk} ${hunk.applied ? 'applies' : hunk.reason}`)).toEqual(['app.py#1 applies', 'util.py#1 no_match']);
    expect(error.details.hunks[1]!.similar_content![0]).toMatchObject({ line_number: 1, content: 'def run():\n    return 1\n' });
    expect(fs.snapshot()).toEqual(files);
    const [tool] = createTools(editor, { include: ['apply_patch'] });
    const text = (await tool!.execute({ patch })).content[0]!.text;
    expect(text).toContain('app.py hunk 1 (patch line 3): would apply');
    expect(text).toContain('util.py hunk 1 (patch line 6): not found; most similar, line 1 (similarity 0.95):\n    def run():\n        return 1\n');
  });

  it('text found twice is ambiguous unless a line number chooses; a unified diff picks the place nearest its line', async () => {
    const { fs, editor } = setup();
    const twice = 'util.py\n<<<<<<< SEARCH\n    return 1\n=======\n    return 9\n>>>>>>> REPLACE\n';
    const error = expectError(await editor.applyPatch({ patch: twice }), 'PATCH_FAILED');
    expect(error.details.hunks[0]).toMatchObject({ reason: 'ambiguous', matches: [2, 6] });
    const unified = '--- a/util.py\n+++ b/util.py\n@@ -6 +6 @@\n-    return 1\n+    return 9\n';
    expectOk(await editor.applyPatch({ patch: unified }));
    expect(fs.snapshot()['util.py']).toBe('def run():\n    return 1\n\n\ndef stop():\n    return 9\n');
  });

  it('blocks in any order: a text nowhere after the previous hunk is looked for before it, where it must still be once', async () => {
    const { fs, editor } = setup();
    const block = (search: string, replace: string) => `util.py\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n`;
    // (`force`: app.py still calls util.run(), which the checks would refuse; this is about placement.)
    expectOk(await editor.applyPatch({ patch: block('def stop():\n', 'def halt():\n') + block('def run():\n', 'def go():\n'), force: true }));
    expect(fs.snapshot()['util.py']).toBe('def go():\n    return 1\n\n\ndef halt():\n    return 1\n');
    // Before the previous hunk, "    return 1" is at two places: not guessed.
    const error = expectError(await editor.applyPatch({ patch: block('def halt():\n    return 1\n', 'def halt():\n    return 1\n    # end\n') + block('    return 1\n', '    return 2\n') }), 'PATCH_FAILED');
    expect(error.details.hunks[1]).toMatchObject({ reason: 'ambiguous', matches: [2, 6] });
  });

  it('a file without a final newline: a SEARCH block (which cannot say so) matches its last line, and the file keeps no final newline', async () => {
    const { fs, editor } = setup();
    expectOk(await editor.applyPatch({ patch: 'tail.txt\n<<<<<<< SEARCH\nb\n=======\nB\nC\n>>>>>>> REPLACE\n' }));
    expect(fs.snapshot()['tail.txt']).toBe('a\nB\nC');
    // So does an envelope hunk without "*** End of File"; a deletion leaves the newline before it.
    expectOk(await editor.applyPatch({ patch: '*** Begin Patch\n*** Update File: tail.txt\n@@\n-C\n*** End Patch' }));
    expect(fs.snapshot()['tail.txt']).toBe('a\nB\n');
    // The text must still end the file: "a\n" is not at its end.
    expect(expectError(await editor.applyPatch({ patch: 'tail.txt\n<<<<<<< SEARCH\na\nB\nD\n=======\nx\n>>>>>>> REPLACE\n' }), 'PATCH_FAILED').details.hunks[0]).toMatchObject({ reason: 'no_match' });
  });

  it('a dry run returns each diff and writes nothing; a malformed patch is INVALID_ARGUMENT, a path outside the root PATH_OUTSIDE_ROOT', async () => {
    const { fs, editor } = setup();
    const dry = expectOk(await editor.applyPatch({ patch: 'app.py\n<<<<<<< SEARCH\nimport util\n=======\nimport util as u\n>>>>>>> REPLACE\n', dry_run: true }));
    expect(dry.files[0]!.diff).toContain('-import util\n+import util as u\n');
    expect(dry.undo_token).toBeNull();
    expect(fs.snapshot()).toEqual(files);
    expect(expectError(await editor.applyPatch({ patch: '*** Begin Patch\n*** Update File: app.py\n' }), 'INVALID_ARGUMENT').message).toContain('patch: line 2: "*** Update File: app.py" has no hunk');
    expect(expectError(await editor.applyPatch({ patch: '*** Begin Patch\n*** Delete File: ../etc/passwd\n*** End Patch' }), 'PATH_OUTSIDE_ROOT').message).toContain("outside the editor's root");
  });

  it('adding a file that exists, or updating one that does not, is refused with the reason', async () => {
    const { editor } = setup();
    const error = expectError(await editor.applyPatch({ patch: '*** Begin Patch\n*** Add File: app.py\n+x\n*** Update File: nope.py\n-a\n+b\n*** End Patch' }), 'PATCH_FAILED');
    expect(error.details.problems).toEqual(['app.py (patch line 2) already exists; update it instead, or delete it first in the same patch', 'nope.py (patch line 4) does not exist: check the path (relative to the root), or add it as a new file']);
  });

  it('a multi-file patch under a write fault at any step leaves every file byte-identical', async () => {
    const patch = ['*** Begin Patch', '*** Update File: app.py', '-    print("hi")', '+    print("a")', '*** Add File: new/x.py', '+x = 1', '*** Delete File: tail.txt', '*** Update File: win.txt', '-two', '+2', '*** End Patch'].join('\n');
    const operations = ['write', 'rename', 'mkdir', 'remove'] as const;
    const counting = faultyFs(memoryFs(files), { operations });
    expectOk(await createEditor({ fs: counting, semantic: 'syntax' }).applyPatch({ patch }));
    let failed = 0;
    for (let failAt = 1; failAt <= counting.calls; failAt++) {
      const inner = memoryFs(files);
      const result = await createEditor({ fs: faultyFs(inner, { operations, failAt }), semantic: 'syntax' }).applyPatch({ patch });
      if (result.isOk()) continue;
      failed++;
      expect(inner.snapshot()).toEqual(files);
    }
    console.log(`apply_patch under write faults: ${failed} of ${counting.calls} injected faults failed the patch, every file byte-identical after each`);
    expect(failed).toBeGreaterThan(0);
  });

  it("match: 'whitespace': a hunk indented otherwise applies at its one place, re-indented, and the result says so; exact is the default", async () => {
    const { fs, editor } = setup();
    const patch = ['<<<<<<< SEARCH', 'def main():', '  print("hi")', '=======', 'def main():', '  print("hi")', '  print("there")', '>>>>>>> REPLACE'].join('\n');
    expectError(await editor.applyPatch({ patch, path: 'app.py' }), 'PATCH_FAILED');
    const result = expectOk(await editor.applyPatch({ patch, path: 'app.py', match: 'whitespace' }));
    expect(fs.snapshot()['app.py']).toBe(files['app.py'].replace('print("hi")\n', 'print("hi")\n    print("there")\n'));
    expect(result.files[0]!.relaxed).toEqual([{ hunk: 1, match: 'whitespace', line_number: 4, line_number_prefixes: false, reindented: true }]);
    const [tool] = createTools(createEditor({ fs: memoryFs(files), semantic: 'syntax' }), { include: ['apply_patch'] });
    const text = (await tool!.execute({ patch, path: 'app.py', match: 'whitespace' })).content[0]!.text;
    expect(text).toContain('hunk 1 was not found exactly; it matched line 4 with only whitespace relaxed');
  });

  it("match: 'whitespace' never chooses between two places, and nothing similar still shows the nearest text", async () => {
    const { fs, editor } = setup();
    const twice = ['*** Begin Patch', '*** Update File: util.py', '-  return  1', '+  return 2', '*** End Patch'].join('\n');
    const error = expectError(await editor.applyPatch({ patch: twice, match: 'whitespace' }), 'PATCH_FAILED');
    expect(error.details.hunks[0]).toMatchObject({ applied: false, reason: 'ambiguous', matches: [2, 6] });
    const unlike = ['*** Begin Patch', '*** Update File: util.py', '-raise SystemExit("the utility has stopped for good")', '+pass', '*** End Patch'].join('\n');
    const far = expectError(await editor.applyPatch({ patch: unlike }), 'PATCH_FAILED');
    expect(far.details.hunks[0]!.similar_content).toEqual([]);
    expect(far.details.hunks[0]!.nearest_match?.line_number).toBeGreaterThan(0);
    expect(far.message).toContain('the nearest text is at line');
    expect(fs.snapshot()).toEqual(files);
  });

  it('a git diff that shows carriage returns is applied byte for byte (CRLF to LF), and a rename without hunks is a move', async () => {
    const fs = memoryFs({ 'ci.yml': 'on: push\r\njobs: {}\r\n', 'old.cfg': 'x = 1\n' });
    const editor = createEditor({ fs, semantic: 'syntax' });
    const patch = [
      'diff --git a/ci.yml b/ci.yml',
      '--- a/ci.yml',
      '+++ b/ci.yml',
      '@@ -1,2 +1,2 @@',
      '-on: push\r',
      '-jobs: {}\r',
      '+on: push',
      '+jobs: {}',
      'diff --git a/old.cfg b/conf/new.cfg',
      'similarity index 100%',
      'rename from old.cfg',
      'rename to conf/new.cfg',
      '',
    ].join('\n');
    const result = expectOk(await editor.applyPatch({ patch }));
    expect(result.format).toBe('unified');
    expect(fs.snapshot()).toEqual({ 'ci.yml': 'on: push\njobs: {}\n', 'conf/new.cfg': 'x = 1\n' });
  });
});
