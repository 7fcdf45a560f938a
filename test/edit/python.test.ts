import { describe, expect, it } from 'vitest';
import { editorOver, expectError, expectFigures, lines, spliceLines } from '../helpers.js';

const auth = lines(
  '"""Authentication."""',
  'import os',
  '',
  '',
  '# The user authenticator.',
  'class UserAuth:',
  '    """Checks users."""',
  '',
  '    # Validates the session.',
  '    @staticmethod',
  '    @cached(ttl=5)',
  '    def validate(self):',
  '        if self.user:',
  '            return True',
  '        return False',
  '',
  '    def logout(self):',
  '        pass',
  '',
  '',
  'def main():',
  '    pass',
);

describe('replaceStructure (Python)', () => {
  it('replaces a nested method with zero-indent content re-based onto the class body', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    const result = expectFigures(await editor.replaceStructure({ path: 'auth.py', target: 'class UserAuth\ndef logout', content: 'def logout(self):\n    self.user = None\n    return True\n' }));
    expect(result).toEqual({ lines: [17, 19], kept_leading_lines: 0, dry_run: false, warnings: [] });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 17, 18, '    def logout(self):', '        self.user = None', '        return True'));
  });

  it('re-bases zero-indent content into a method body at 8 spaces', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    const result = expectFigures(await editor.replaceStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate\nif self.user', content: 'if self.user and self.active:\n    print("ok")\n    return True' }));
    expect(result).toEqual({ lines: [13, 15], kept_leading_lines: 0, dry_run: false, warnings: [] });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 13, 14, '        if self.user and self.active:', '            print("ok")', '            return True'));
  });

  it('replaces a decorated method with its doc comment and decorators, named by a decorator', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    const result = expectFigures(await editor.replaceStructure({ path: 'auth.py', target: 'class UserAuth\n@staticmethod', content: '@classmethod\ndef validate(cls):\n    return True' }));
    expect(result).toEqual({ lines: [9, 11], kept_leading_lines: 0, dry_run: false, warnings: [] });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 9, 15, '    @classmethod', '    def validate(cls):', '        return True'));
  });

  it('writes back what readStructure returned without changing a byte, and replaces "" as the whole file', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    for (const target of ['class UserAuth', 'class UserAuth\ndef validate', 'class UserAuth\ndef validate\nif self.user\nreturn True', 'def main', '']) {
      const [match] = expectFigures(await editor.readStructure({ path: 'auth.py', target })).matches;
      const result = expectFigures(await editor.replaceStructure({ path: 'auth.py', target, content: match!.text }));
      expect(result.lines).toEqual(target === '' ? [1, 22] : match!.line_range_inclusive);
      expect(fs.snapshot()['auth.py']).toBe(auth);
    }
    expectFigures(await editor.replaceStructure({ path: 'auth.py', target: '', content: 'x = 1' }));
    expect(fs.snapshot()['auth.py']).toBe('x = 1\n');
  });

  it('warns STRUCTURE_EMPTY when a body that held statements holds none, and INDENTATION_INCONSISTENT for lines outside the block', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    const result = expectFigures(await editor.replaceStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate\nif self.user', content: '    if self.user:\n        return True\nreturn None' }));
    expect(result.warnings).toEqual([
      expect.objectContaining({ type: 'INDENTATION_INCONSISTENT', details: { expected_indent: '        ', actual_indent: '', line: 15, lines: [15] } }),
    ]);
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 13, 14, '        if self.user:', '            return True', 'return None'));
  });
});

describe('deleteStructure (Python)', () => {
  it('deletes a decorated method with its doc comment and keeps one blank line between methods', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    expect(expectFigures(await editor.deleteStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate' }))).toEqual({ deleted_line_range_inclusive: [9, 15], dry_run: false, warnings: [] });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 9, 16));
  });

  it('deletes the last method of a class, keeping the two blank lines before the next top-level definition', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    expect(expectFigures(await editor.deleteStructure({ path: 'auth.py', target: 'class UserAuth\ndef logout' }))).toEqual({ deleted_line_range_inclusive: [17, 18], dry_run: false, warnings: [] });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 16, 18));
  });

  it('deletes the last function of the file without leaving blank lines at the end', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    expectFigures(await editor.deleteStructure({ path: 'auth.py', target: 'def main' }));
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 19, 23, ''));
  });

  it('deletes the only statement of a block by writing pass in its place (an empty block does not compile), and warns STRUCTURE_EMPTY', async () => {
    const { editor, fs } = editorOver({ 'a.py': lines('class A:', '    def f(self):', '        pass', '', '', 'def g():', '    pass') });
    const result = expectFigures(await editor.deleteStructure({ path: 'a.py', target: 'class A\ndef f' }));
    expect(result.deleted_line_range_inclusive).toEqual([2, 3]);
    expect(result.warnings).toEqual([expect.objectContaining({ type: 'STRUCTURE_EMPTY', details: { structure: 'class A', kind: 'class', lines: [1, 2] } })]);
    expect(result.warnings[0]!.message).toContain('`pass` was written in place of what was deleted');
    expect(fs.snapshot()['a.py']).toBe(lines('class A:', '    pass', '', '', 'def g():', '    pass'));
  });

  it('writes pass for the last statement of an if before its else, of a loop, of a one-line if; not where a docstring stays', async () => {
    const cases: Array<[string, string, string]> = [
      [lines('if x:', '    log()', 'else:', '    y = 2'), 'if\nlog', lines('if x:', '    pass', 'else:', '    y = 2')],
      [lines('for i in range(3):', '    print(i)  # each'), 'for\nprint', lines('for i in range(3):', '    pass  # each')],
      [lines('if x: log()', 'z = 2'), 'if\nlog', lines('if x: pass', 'z = 2')],
      [lines('try:', '    run()', 'except OSError:', '    pass'), 'try\nrun', lines('try:', '    pass', 'except OSError:', '    pass')],
      [lines('class V:', '    """Doc."""', '', '    def f(self):', '        pass'), 'class V\ndef f', lines('class V:', '    """Doc."""')],
    ];
    for (const [source, target, expected] of cases) {
      const { editor, fs } = editorOver({ 'a.py': source });
      expectFigures(await editor.deleteStructure({ path: 'a.py', target }));
      expect(fs.snapshot()['a.py']).toBe(expected);
    }
  });

  it('refuses the whole file', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    expect(expectError(await editor.deleteStructure({ path: 'auth.py', target: '' }), 'INVALID_ARGUMENT').message).toContain('replaceStructure with target ""');
    expect(fs.snapshot()['auth.py']).toBe(auth);
  });
});

describe('insertBeforeStructure / insertAfterStructure (Python)', () => {
  it('inserts a method after another with one blank line between', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    expect(expectFigures(await editor.insertAfterStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate', content: 'def login(self):\n    return 1' }))).toEqual({ inserted_at_line: 17, dry_run: false, warnings: [] });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 16, 16, '', '    def login(self):', '        return 1', ''));
  });

  it('inserts a top-level function with two blank lines where the file uses two', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    expect(expectFigures(await editor.insertBeforeStructure({ path: 'auth.py', target: 'def main', content: 'def helper():\n    return 2' }))).toEqual({ inserted_at_line: 21, target_now_at_line: 25, dry_run: false, warnings: [] });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 21, 21, 'def helper():', '    return 2', '', '', 'def main():'));
    const end = editorOver({ 'auth.py': auth });
    expect(expectFigures(await end.editor.insertAfterStructure({ path: 'auth.py', target: '', content: 'def tail():\n    return 3\n' }))).toEqual({ inserted_at_line: 25, dry_run: false, warnings: [] });
    expect(end.fs.snapshot()['auth.py']).toBe(`${auth}\n\ndef tail():\n    return 3\n`);
  });

  it('one blank line between top-level definitions where the file uses one', async () => {
    const { editor, fs } = editorOver({ 'a.py': lines('def f():', '    pass', '', 'def g():', '    pass') });
    expectFigures(await editor.insertAfterStructure({ path: 'a.py', target: 'def f', content: 'def h():\n    pass' }));
    expect(fs.snapshot()['a.py']).toBe(lines('def f():', '    pass', '', 'def h():', '    pass', '', 'def g():', '    pass'));
  });

  it('inserts zero-indent content into a method body at 8 spaces, next to a statement without blank lines', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    const result = expectFigures(await editor.insertBeforeStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate\nreturn False', content: 'print("denied")\nif self.strict:\n    raise PermissionError()' }));
    expect(result).toEqual({ inserted_at_line: 15, target_now_at_line: 18, dry_run: false, warnings: [] });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 15, 15, '        print("denied")', '        if self.strict:', '            raise PermissionError()', '        return False'));
  });

  it('inserts at the file start (after a #! line) and into an empty file', async () => {
    const { editor, fs } = editorOver({ 'run.py': lines('#!/usr/bin/env python3', 'import os'), 'empty.py': '' });
    expect(expectFigures(await editor.insertBeforeStructure({ path: 'run.py', target: '', content: 'import sys' }))).toEqual({ inserted_at_line: 2, target_now_at_line: 3, dry_run: false, warnings: [] });
    expect(expectFigures(await editor.insertAfterStructure({ path: 'empty.py', target: '', content: 'x = 1' }))).toEqual({ inserted_at_line: 1, dry_run: false, warnings: [] });
    expect(fs.snapshot()).toEqual({ 'run.py': lines('#!/usr/bin/env python3', 'import sys', 'import os'), 'empty.py': 'x = 1\n' });
  });

  it('refuses empty content', async () => {
    const { editor } = editorOver({ 'auth.py': auth });
    expect(expectError(await editor.insertAfterStructure({ path: 'auth.py', target: 'def main', content: '\n  \n' }), 'INVALID_ARGUMENT').details.issues[0]!.field).toBe('content');
  });
});

describe('replaceTextInStructure / replaceAllTextInStructure (Python)', () => {
  it('replaces the one occurrence inside the structure only', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    expect(expectFigures(await editor.replaceTextInStructure({ path: 'auth.py', target: 'class UserAuth\ndef logout', old_text: 'pass', new_text: 'self.user = None\n        return None' }))).toEqual({ affected_lines: [18, 19], dry_run: false, warnings: [] });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 18, 18, '        self.user = None', '        return None'));
  });

  it('TEXT_AMBIGUOUS lists the occurrences; replaceAll replaces them all and checks expected_count', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    const ambiguous = expectError(await editor.replaceTextInStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate', old_text: 'return', new_text: 'yield' }), 'TEXT_AMBIGUOUS');
    expect(ambiguous.details).toMatchObject({ occurrences: 2, lines: [14, 15], state: 'FILE_UNCHANGED' });
    const mismatch = expectError(await editor.replaceAllTextInStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate', old_text: 'return', new_text: 'yield', expected_count: 3 }), 'COUNT_MISMATCH');
    expect(mismatch.details).toMatchObject({ expected: 3, found: 2, lines: [14, 15], state: 'FILE_UNCHANGED' });
    expect(fs.snapshot()['auth.py']).toBe(auth);
    expect(expectFigures(await editor.replaceAllTextInStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate', old_text: 'return', new_text: 'yield', expected_count: 2 }))).toEqual({
      total_replacements: 2,
      affected_lines: [14, 15],
      dry_run: false,
      warnings: [],
    });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 14, 15, '            yield True', '        yield False'));
  });

  it('TEXT_NOT_FOUND shows the most similar lines and where the text occurs outside the structure', async () => {
    const { editor } = editorOver({ 'auth.py': auth });
    const indented = expectError(await editor.replaceTextInStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate', old_text: 'return  True', new_text: 'x' }), 'TEXT_NOT_FOUND');
    expect(indented.details).toMatchObject({ structure_lines: [9, 15], structure_matched: 'def validate(self):', found_outside_lines: [] });
    expect(indented.details.similar_lines[0]).toEqual({ line: 14, text: '            return True', similarity: 0.92 });
    expect(indented.message).toContain('whitespace is ignored');
    const outside = expectError(await editor.replaceTextInStructure({ path: 'auth.py', target: 'class UserAuth\ndef logout', old_text: 'import os', new_text: 'x' }), 'TEXT_NOT_FOUND');
    expect(outside.details.found_outside_lines).toEqual([2]);
    expect(outside.message).toContain('outside the structure, at line 2');
  });
});

describe('moveStructure (Python)', () => {
  it('moves a method to the file end and re-indents it', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    expect(expectFigures(await editor.moveStructure({ source_path: 'auth.py', source_target: 'class UserAuth\ndef logout', dest_path: 'auth.py', position: 'file_end' }))).toEqual({
      source_original_line_range: [17, 18],
      destination_final_line_range: [22, 23],
      dry_run: false,
      warnings: [],
    });
    expect(fs.snapshot()['auth.py']).toBe(`${spliceLines(auth, 16, 18)}\n\ndef logout(self):\n    pass\n`);
  });

  it('moves a function into a class before a decorated method', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    expect(expectFigures(await editor.moveStructure({ source_path: 'auth.py', source_target: 'def main', dest_path: 'auth.py', dest_target: 'class UserAuth\n# Validates', position: 'before' }))).toEqual({
      source_original_line_range: [21, 22],
      destination_final_line_range: [9, 10],
      dry_run: false,
      warnings: [],
    });
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 9, 23, '    def main():', '        pass', '', ...auth.split('\n').slice(8, 18), ''));
  });

  it('moves the last method of a class after the class', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    expect(expectFigures(await editor.moveStructure({ source_path: 'auth.py', source_target: 'class UserAuth\ndef logout', dest_path: 'auth.py', dest_target: 'class UserAuth', position: 'after' })).destination_final_line_range).toEqual([18, 19]);
    expect(fs.snapshot()['auth.py']).toBe(spliceLines(auth, 16, 18, '', '', 'def logout(self):', '    pass'));
  });

  it('moves the only method of a class out, within the file or to another: pass stays in its place, and the result says so', async () => {
    const source = lines('class V:', '    def add(self, o):', '        return o', '', '', 'def twice(v):', '    return v');
    for (const dest_path of ['a.py', 'b.py']) {
      const { editor, fs } = editorOver({ 'a.py': source, 'b.py': 'x = 1\n' });
      const result = expectFigures(await editor.moveStructure({ source_path: 'a.py', source_target: 'class V\ndef add', dest_path, ...(dest_path === 'a.py' ? { dest_target: 'def twice', position: 'after' as const } : { position: 'file_end' as const }), force: true }));
      expect(result.warnings).toEqual([expect.objectContaining({ type: 'STRUCTURE_EMPTY', details: { structure: 'class V', kind: 'class', lines: [1, 2] } })]);
      expect((fs.snapshot()['a.py'] as string).startsWith(lines('class V:', '    pass', '', '', 'def twice(v):'))).toBe(true);
    }
  });

  it('moves to another file, creating it with its folders', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    // (The layout is what is tested: the method's uses of its class, which the move's check refuses, are left to force.)
    expect(expectFigures(await editor.moveStructure({ source_path: 'auth.py', source_target: 'class UserAuth\ndef validate', dest_path: 'checks/validate.py', position: 'file_start', force: true }))).toEqual({
      source_original_line_range: [9, 15],
      destination_final_line_range: [1, 7],
      dry_run: false,
      warnings: [],
    });
    expect(fs.snapshot()).toEqual({
      'auth.py': spliceLines(auth, 9, 16),
      'checks/validate.py': lines('# Validates the session.', '@staticmethod', '@cached(ttl=5)', 'def validate(self):', '    if self.user:', '        return True', '    return False'),
    });
  });

  it('refuses to move a structure next to itself or into itself, and the whole file', async () => {
    const { editor, fs } = editorOver({ 'auth.py': auth });
    const into = expectError(await editor.moveStructure({ source_path: 'auth.py', source_target: 'class UserAuth', dest_path: './auth.py', dest_target: 'class UserAuth\ndef logout', position: 'after' }), 'INVALID_ARGUMENT');
    expect(into.details.issues[0]).toMatchObject({ field: 'dest_target' });
    expectError(await editor.moveStructure({ source_path: 'auth.py', source_target: '', dest_path: 'b.py', position: 'file_end' }), 'INVALID_ARGUMENT');
    expectError(await editor.moveStructure({ source_path: 'auth.py', source_target: 'def main', dest_path: 'b.py', position: 'after' }), 'INVALID_ARGUMENT');
    expectError(await editor.moveStructure({ source_path: 'auth.py', source_target: 'def main', dest_path: 'b.py', dest_target: 'def x', position: 'before' }), 'FILE_NOT_FOUND');
    expect(fs.snapshot()).toEqual({ 'auth.py': auth });
  });
});

describe('line endings (Python)', () => {
  it('a CRLF file stays CRLF through every operation', async () => {
    const crlf = auth.replace(/\n/g, '\r\n');
    const { editor, fs } = editorOver({ 'auth.py': crlf });
    expectFigures(await editor.replaceStructure({ path: 'auth.py', target: 'class UserAuth\ndef logout', content: 'def logout(self):\n    return None' }));
    expectFigures(await editor.insertAfterStructure({ path: 'auth.py', target: 'def main', content: 'def tail():\r\n    pass' }));
    expectFigures(await editor.replaceTextInStructure({ path: 'auth.py', target: 'def main', old_text: 'def main():\n    pass', new_text: 'def main():\n    print()' }));
    expectFigures(await editor.moveStructure({ source_path: 'auth.py', source_target: 'def tail', dest_path: 'auth.py', dest_target: 'def main', position: 'before' }));
    expectFigures(await editor.deleteStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate' }));
    const text = fs.snapshot()['auth.py']!;
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(text).toBe(lines('"""Authentication."""', 'import os', '', '', '# The user authenticator.', 'class UserAuth:', '    """Checks users."""', '', '    def logout(self):', '        return None', '', '', 'def tail():', '    pass', '', '', 'def main():', '    print()').replace(/\n/g, '\r\n'));
  });
});
