import { describe, expect, it } from 'vitest';
import { detectPatchFormat, parsePatch } from '../../src/core/patch/parse-patch.js';

describe('apply_patch envelope', () => {
  it('add, delete, update with a move, anchors and End of File', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: docs/new.md',
      '+# New',
      '+',
      '*** Delete File: old.py',
      '*** Update File: src/app.py',
      '*** Move to: src/main.py',
      '@@ def main():',
      ' print("a")',
      '-print("b")',
      '+print("c")',
      '@@',
      ' x = 1',
      '+y = 2',
      '*** End of File',
      '*** End Patch',
    ].join('\n');
    expect(parsePatch(patch, 'auto', null)._unsafeUnwrap()).toEqual({
      format: 'apply_patch',
      files: [
        { kind: 'add', path: 'docs/new.md', content: '# New\n\n', patch_line: 2 },
        { kind: 'delete', path: 'old.py', patch_line: 5 },
        {
          kind: 'update',
          path: 'src/app.py',
          move_to: 'src/main.py',
          patch_line: 6,
          hunks: [
            { old_text: 'print("a")\nprint("b")\n', new_text: 'print("a")\nprint("c")\n', line_hint: null, anchor: 'def main():', at_end: false, patch_line: 8 },
            { old_text: 'x = 1\n', new_text: 'x = 1\ny = 2\n', line_hint: null, anchor: null, at_end: true, patch_line: 12 },
          ],
        },
      ],
    });
  });

  it.each([
    ['*** Update File: a.py\n-x\n*** End Patch', 1, 'must start with "*** Begin Patch"'],
    ['*** Begin Patch\n*** Update File: a.py\n-x\n', 3, 'must end with "*** End Patch"'],
    ['*** Begin Patch\n*** Update File: a.py\n?x\n*** End Patch', 3, 'a hunk line starts with'],
    ['*** Begin Patch\n*** Frobnicate: a.py\n*** End Patch', 2, 'expected "*** Add File: <path>"'],
    ['*** Begin Patch\n*** Add File: a.py\nno plus\n*** End Patch', 3, 'starts with "+"'],
  ])('%j is refused at line %i', (patch, line, message) => {
    const error = parsePatch(patch, 'apply_patch', null)._unsafeUnwrapErr();
    expect(error.line).toBe(line);
    expect(error.message).toContain(message);
  });

  it('markers padded with spaces, and blank lines after "*** End of File", as Codex reads them (its scenarios 017 and 020)', () => {
    const update = { kind: 'update', path: 'a.txt', move_to: null, patch_line: 2, hunks: [{ old_text: 'one\n', new_text: 'two\n', line_hint: null, anchor: null, at_end: false, patch_line: 3 }] };
    // A padded file header; a padded end marker after a hunk is the end, not a context line.
    expect(parsePatch('*** Begin Patch\n  *** Update File: a.txt\n@@\n-one\n+two\n*** End Patch', 'apply_patch', null)._unsafeUnwrap().files).toEqual([update]);
    expect(parsePatch('*** Begin Patch \n*** Update File: a.txt\n@@\n-one\n+two\n *** End Patch', 'apply_patch', null)._unsafeUnwrap().files).toEqual([update]);
    expect(parsePatch('*** Begin Patch\n*** Add File: b.txt\n+hi\n *** End Patch', 'apply_patch', null)._unsafeUnwrap().files).toEqual([{ kind: 'add', path: 'b.txt', content: 'hi\n', patch_line: 2 }]);
    expect(parsePatch('*** Begin Patch\n*** Update File: a.txt\n@@\n+three\n*** End of File\n\n*** End Patch', 'apply_patch', null)._unsafeUnwrap().files).toEqual([
      { ...update, hunks: [{ old_text: '', new_text: 'three\n', line_hint: null, anchor: null, at_end: true, patch_line: 3 }] },
    ]);
    // An @@ with nothing under it, or a stray "*** End of File", is still an empty hunk.
    expect(parsePatch('*** Begin Patch\n*** Update File: a.txt\n@@\n\n@@\n-one\n+two\n*** End Patch', 'apply_patch', null)._unsafeUnwrapErr().message).toContain('an empty hunk');
    expect(parsePatch('*** Begin Patch\n*** Update File: a.txt\n*** End of File\n*** End Patch', 'apply_patch', null)._unsafeUnwrapErr().message).toContain('an empty hunk');
  });
});

describe('SEARCH/REPLACE blocks', () => {
  it("Aider's, with the path above a fence, several blocks per file", () => {
    const patch = ['Change it:', '', 'src/app.py', '```python', '<<<<<<< SEARCH', 'a = 1', '=======', 'a = 2', '>>>>>>> REPLACE', '```', '', 'src/app.py', '```python', '<<<<<<< SEARCH', '=======', 'b = 3', '>>>>>>> REPLACE', '```'].join('\n');
    expect(parsePatch(patch, 'auto', null)._unsafeUnwrap()).toEqual({
      format: 'search_replace',
      files: [
        {
          kind: 'update',
          path: 'src/app.py',
          move_to: null,
          patch_line: 5,
          hunks: [
            { old_text: 'a = 1\n', new_text: 'a = 2\n', line_hint: null, anchor: null, at_end: false, patch_line: 5 },
            { old_text: '', new_text: 'b = 3\n', line_hint: null, anchor: null, at_end: false, patch_line: 14 },
          ],
        },
      ],
    });
  });

  it("Cline's and Roo's, with :start_line: and the path given separately", () => {
    const patch = ['------- SEARCH', ':start_line:12', '-------', 'old()', '=======', 'new()', '+++++++ REPLACE'].join('\n');
    const batch = parsePatch(patch, 'auto', 'lib/x.ts')._unsafeUnwrap();
    expect(batch.files).toEqual([{ kind: 'update', path: 'lib/x.ts', move_to: null, patch_line: 1, hunks: [{ old_text: 'old()\n', new_text: 'new()\n', line_hint: 12, anchor: null, at_end: false, patch_line: 1 }] }]);
    expect(parsePatch(patch, 'auto', null)._unsafeUnwrapErr().message).toContain('names no file');
  });

  it('a block with no path line of its own (or "..." above it) is for the file of the block before, as Aider reads it; Roo\'s :end_line: is a hint line', () => {
    const patch = ['src/a.py', '<<<<<<< SEARCH', 'a = 1', '=======', 'a = 2', '>>>>>>> REPLACE', '', '<<<<<<< SEARCH', 'b = 1', '=======', 'b = 2', '>>>>>>> REPLACE', '...', '<<<<<<< SEARCH', 'c = 1', '=======', 'c = 2', '>>>>>>> REPLACE'].join('\n');
    const files = parsePatch(patch, 'auto', 'other.py')._unsafeUnwrap().files;
    expect(files.map((file) => `${file.path}: ${file.kind === 'update' ? file.hunks.map((hunk) => hunk.old_text.trim()).join(', ') : ''}`)).toEqual(['src/a.py: a = 1, b = 1, c = 1']);
    const hinted = ['<<<<<<< SEARCH', ':start_line:1', ':end_line:1', '-------', 'a = 1', '=======', 'a = 2', '>>>>>>> REPLACE'].join('\n');
    expect(parsePatch(hinted, 'auto', 'x.py')._unsafeUnwrap().files[0]).toMatchObject({ hunks: [{ old_text: 'a = 1\n', new_text: 'a = 2\n', line_hint: 1 }] });
  });

  it('SEARCH and REPLACE markers of more than 9 characters (Cline writes them); a divider stays 5 to 9 "=", longer is text', () => {
    const long = ['----------- SEARCH', 'a = 1', '=======', 'a = 2', '++++++++++++ REPLACE'].join('\n');
    expect(detectPatchFormat(long)).toBe('search_replace');
    expect(parsePatch(long, 'auto', 'x.py')._unsafeUnwrap().files[0]).toMatchObject({ hunks: [{ old_text: 'a = 1\n', new_text: 'a = 2\n' }] });
    const underline = ['<<<<<<< SEARCH', 'Title', '==========', '=======', 'Heading', '==========', '>>>>>>> REPLACE'].join('\n');
    expect(parsePatch(underline, 'auto', 'x.md')._unsafeUnwrap().files[0]).toMatchObject({ hunks: [{ old_text: 'Title\n==========\n', new_text: 'Heading\n==========\n' }] });
  });
});

describe('unified diffs', () => {
  it('git diff: a change, a new file, a deleted file, a rename, no newline at end of file', () => {
    const patch = [
      'diff --git a/src/a.py b/src/a.py',
      'index 1..2 100644',
      '--- a/src/a.py',
      '+++ b/src/a.py',
      '@@ -1,2 +1,2 @@',
      ' x = 1',
      '-y = 2',
      '\\ No newline at end of file',
      '+y = 3',
      '\\ No newline at end of file',
      'diff --git a/new.txt b/new.txt',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/new.txt',
      '@@ -0,0 +1 @@',
      '+hello',
      'diff --git a/gone.txt b/gone.txt',
      'deleted file mode 100644',
      '--- a/gone.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
      'diff --git a/old/name.py b/new/name.py',
      'similarity index 100%',
      'rename from old/name.py',
      'rename to new/name.py',
    ].join('\n');
    expect(parsePatch(patch, 'auto', null)._unsafeUnwrap()).toEqual({
      format: 'unified',
      files: [
        { kind: 'update', path: 'src/a.py', move_to: null, patch_line: 1, hunks: [{ old_text: 'x = 1\ny = 2', new_text: 'x = 1\ny = 3', line_hint: 1, anchor: null, at_end: true, patch_line: 5 }] },
        { kind: 'add', path: 'new.txt', content: 'hello\n', patch_line: 11 },
        { kind: 'delete', path: 'gone.txt', patch_line: 17 },
        { kind: 'update', path: 'old/name.py', move_to: 'new/name.py', patch_line: 23, hunks: [] },
      ],
    });
  });

  it('a hunk shorter than its header says is refused', () => {
    expect(parsePatch('--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n', 'unified', null)._unsafeUnwrapErr().message).toContain('fewer lines than its header');
  });
});

it('tells the format by its markers', () => {
  expect(detectPatchFormat('*** Begin Patch\n*** End Patch')).toBe('apply_patch');
  expect(detectPatchFormat('f\n<<<<<<< SEARCH\n=======\n>>>>>>> REPLACE')).toBe('search_replace');
  expect(detectPatchFormat('--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n')).toBe('unified');
  expect(detectPatchFormat('just text')).toBeNull();
});
