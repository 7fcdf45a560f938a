import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { toFileEditResult } from 'structedit/tools';
import { expectError, expectOk } from '../helpers.js';

/** Issue 20: file_edit reports every failing edit, shows where to look when nothing is similar, and `match: 'whitespace'`. */

const python = ['def area(width, height):', '    """The area."""', '    return width * height', '', '', 'def perimeter(width, height):', '    return 2 * (width + height)', ''].join('\n');

function editorOver(files: Record<string, string>) {
  const fs = memoryFs(files);
  return { fs, editor: createEditor({ fs }) };
}

describe('every failing edit in one answer', () => {
  it('NO_MATCH for the first, other_failures for the rest, each checked on the file without the failed edits before it', async () => {
    const { fs, editor } = editorOver({ 'shapes.py': python });
    const edits = [
      { old_text: 'return width  * height', new_text: 'return width * height * 1' },
      { old_text: 'def perimeter(', new_text: 'def around(' },
      // Depends on edit 1, which failed: checked on the text without it, so it fails too, flagged.
      { old_text: 'height * 1', new_text: 'height * 2' },
      { old_text: 'width', new_text: 'w' },
    ];
    const error = expectError(await editor.editFile({ path: 'shapes.py', edits }), 'NO_MATCH');
    expect(error.details.validation_error.edit_index).toBe(0);
    expect(error.message).toContain('Edits 3 and 4 failed too');
    const others = error.details.other_failures!;
    expect(others.map((other) => [other.edit_index, other.type, other.after_failed_edits])).toEqual([
      [2, 'NO_MATCH', [0]],
      [3, 'WRONG_COUNT', [0, 2]],
    ]);
    expect(others[1]!.actual_occurrences).toBe(4);
    expect(others[1]!.message).toContain('checked without the failed edits 1 and 3');
    expect(fs.snapshot()['shapes.py']).toBe(python);
    // The tool text lists them all, each with what to send.
    const text = toFileEditResult(await editor.editFile({ path: 'shapes.py', edits }), { path: 'shapes.py', edits }).content[0]!.text;
    expect(text).toContain('Other failing edits (2;');
    expect(text).toMatch(/Edit 4 of 4 \(checked without the failed edits 1 and 3\) failed: expected 1 occurrence/);
  });

  it('a call with one failing edit reads as before (no other_failures)', async () => {
    const { editor } = editorOver({ 'shapes.py': python });
    const error = expectError(await editor.editFile({ path: 'shapes.py', edits: [{ old_text: 'def perimeter(', new_text: 'def around(' }, { old_text: 'nothing like it', new_text: 'x' }] }), 'NO_MATCH');
    expect(error.details.validation_error.edit_index).toBe(1);
    expect(error.details.other_failures).toBeUndefined();
  });

  it('past ten failures the rest are counted, not checked', async () => {
    const { editor } = editorOver({ 'shapes.py': python });
    const edits = Array.from({ length: 14 }, (_, index) => ({ old_text: `missing_${index}`, new_text: 'x' }));
    const error = expectError(await editor.editFile({ path: 'shapes.py', edits }), 'NO_MATCH');
    expect(error.details.other_failures).toHaveLength(9);
    expect(error.details.unchecked_edits).toBe(4);
    expect(error.message).toContain('The last 4 edits were not checked');
  });
});

describe('nothing similar: the nearest lines still shown', () => {
  it('nearest_match and a file_preview around it; the text shows the numbered lines', async () => {
    const { editor } = editorOver({ 'shapes.py': python });
    const edits = [{ old_text: 'return 2 * (w + h)  # perimeter of a rectangle given as w, h', new_text: 'x' }];
    const result = await editor.editFile({ path: 'shapes.py', edits });
    const error = expectError(result, 'NO_MATCH');
    expect(error.details.validation_error.similar_content).toEqual([]);
    expect(error.details.validation_error.nearest_match?.line_number).toBe(7);
    expect(error.details.file_preview!.content).toContain('return 2 * (width + height)');
    const text = toFileEditResult(result, { path: 'shapes.py', edits }).content[0]!.text;
    expect(text).toContain('The nearest text is at line 7');
    expect(text).toMatch(/^7 \| {5}return 2 \* \(width \+ height\)$/m);
  });
});

describe("match: 'whitespace'", () => {
  it('an old_text indented otherwise applies at its one place, the new text re-indented, and says so', async () => {
    const { fs, editor } = editorOver({ 'shapes.py': python });
    const result = expectOk(
      await editor.editFile({ path: 'shapes.py', match: 'whitespace', edits: [{ old_text: 'def perimeter(width, height):\n  return 2 * (width + height)', new_text: 'def perimeter(width, height):\n  # Twice the sides.\n  return 2 * (width + height)' }] }),
    );
    expect(fs.snapshot()['shapes.py']).toBe(python.replace('    return 2 * (width', '    # Twice the sides.\n    return 2 * (width'));
    expect(result.edits_applied[0]!.relaxed).toEqual({ match: 'whitespace', line_number_prefixes: false, reindented: true, line_number: 6, matched_text: 'def perimeter(width, height):\n    return 2 * (width + height)' });
    const text = toFileEditResult(await editor.undo({ undo_token: result.undo_token! }).andThen(() => editor.editFile({ path: 'shapes.py', match: 'whitespace', dry_run: true, edits: [{ old_text: '  return  width*height', new_text: '  return width * height * 2' }] }))).content[0]!.text;
    expect(text).toContain('Edit 1: old_text was not found exactly; it matched line 3 with only whitespace relaxed (new_text re-indented to the file).');
  });

  it('line-number prefixes as read tools print them are removed from old_text and new_text', async () => {
    const { fs, editor } = editorOver({ 'shapes.py': python });
    const result = expectOk(await editor.editFile({ path: 'shapes.py', match: 'whitespace', edits: [{ old_text: '6 | def perimeter(width, height):\n7 |     return 2 * (width + height)', new_text: '6 | def perimeter(width, height):\n7 |     return (width + height) * 2' }] }));
    expect(fs.snapshot()['shapes.py']).toBe(python.replace('2 * (width + height)', '(width + height) * 2'));
    expect(result.edits_applied[0]!.relaxed?.line_number_prefixes).toBe(true);
  });

  it('tabs in the file, spaces in the call (and a CRLF file): lines kept are the file\'s bytes, new ones take its tabs', async () => {
    const tabbed = 'class A:\r\n\tdef f(self):\r\n\t\tif self.x:\r\n\t\t\treturn 1\r\n\t\treturn 0\r\n';
    const { fs, editor } = editorOver({ 'a.py': tabbed });
    expectOk(await editor.editFile({ path: 'a.py', match: 'whitespace', edits: [{ old_text: '    if self.x:\n        return 1\n    return 0', new_text: '    if self.x:\n        return 1\n    if self.y:\n        return 2\n    return 0' }] }));
    expect(fs.snapshot()['a.py']).toBe('class A:\r\n\tdef f(self):\r\n\t\tif self.x:\r\n\t\t\treturn 1\r\n\t\tif self.y:\r\n\t\t\treturn 2\r\n\t\treturn 0\r\n');
  });

  it('two places that fit: refused, both named, nothing written', async () => {
    const twice = 'def a():\n    return 1\n\n\nclass B:\n    def a():\n        return 1\n';
    const { fs, editor } = editorOver({ 'b.py': twice });
    const error = expectError(await editor.editFile({ path: 'b.py', match: 'whitespace', edits: [{ old_text: 'def a():\n  return 1', new_text: 'def a():\n  return 2' }] }), 'NO_MATCH');
    expect(error.details.validation_error.relaxed_candidates).toEqual([1, 6]);
    expect(error.message).toContain('fits 2 places (lines 1, 6)');
    expect(fs.snapshot()['b.py']).toBe(twice);
  });

  it('never other differences: case, quotes, a character, a word boundary', async () => {
    const { editor } = editorOver({ 'shapes.py': python, 'c.js': 'let ab = 1;\nlet a b;\n' });
    for (const old_text of ['RETURN width * height', "return width * 'height'", 'return widht * height', 'return width *height2']) {
      expectError(await editor.editFile({ path: 'shapes.py', match: 'whitespace', edits: [{ old_text, new_text: 'x' }] }), 'NO_MATCH');
    }
    // `a b` is two tokens, `ab` one: a space between word characters is not optional.
    const error = expectError(await editor.editFile({ path: 'c.js', match: 'whitespace', edits: [{ old_text: 'let a  b = 1;', new_text: 'x' }] }), 'NO_MATCH');
    expect(error.details.validation_error.relaxed_candidates).toBeUndefined();
  });

  it('exact matches are not affected, and the default is exact', async () => {
    const { editor } = editorOver({ 'shapes.py': python });
    expectError(await editor.editFile({ path: 'shapes.py', edits: [{ old_text: 'return  width * height', new_text: 'x' }] }), 'NO_MATCH');
    const result = expectOk(await editor.editFile({ path: 'shapes.py', match: 'whitespace', dry_run: true, edits: [{ old_text: 'return width * height', new_text: 'return width*height' }] }));
    expect(result.edits_applied[0]!.relaxed).toBeUndefined();
  });
});
