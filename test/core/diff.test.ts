import { applyPatch, structuredPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyReplacements, isOverlap, type Replacement } from '../../src/core/edit/replacements.js';
import { createByteText, encodeText } from '../../src/core/text/byte-text.js';
import { diffableText, diffReplacements } from '../../src/core/text/diff.js';
import { encodeUtf8 } from '../../src/core/text/utf8.js';
import { createSourceText } from '../../src/core/text/source-text.js';

/** Non-overlapping replacements on line boundaries or inside lines, from fast-check's choices. */
function replacementsFor(text: string, picks: Array<[number, number, string]>): Replacement[] {
  const out: Replacement[] = [];
  let cursor = 0;
  for (const [gap, length, insert] of picks) {
    const start = Math.min(text.length, cursor + gap);
    const end = Math.min(text.length, start + length);
    out.push({ start, end, text: insert });
    cursor = end + 1;
    if (cursor > text.length) break;
  }
  return out;
}

describe('diffReplacements', () => {
  it('shows original line numbers, context, and no-newline markers', () => {
    const source = createSourceText('a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl');
    const diff = diffReplacements(diffableText(source), [
      { start: 2, end: 3, text: 'B' },
      { start: 22, end: 23, text: 'L\nM' },
    ], { path: 'x.txt' });
    expect(diff.unified).toBe(
      ['--- x.txt', '+++ x.txt', '@@ -1,5 +1,5 @@', ' a', '-b', '+B', ' c', ' d', ' e', '@@ -9,4 +9,5 @@', ' i', ' j', ' k', '-l', '\\ No newline at end of file', '+L', '+M', '\\ No newline at end of file', ''].join('\n'),
    );
    expect(diff).toMatchObject({ lines_added: 3, lines_removed: 2 });
    expect(diff.hunks.map((hunk) => [hunk.old_start, hunk.old_lines, hunk.new_start, hunk.new_lines])).toEqual([
      [1, 5, 1, 5],
      [9, 4, 9, 5],
    ]);
    expect(diffReplacements(diffableText(source), []).unified).toBe('');
  });

  it('its patch turns the original into the edited text (property)', () => {
    const line = fc.constantFrom('alpha', 'beta', '', '  indented', 'x');
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }).map((lines) => lines.join('\n')),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(20), fc.nat(12), fc.array(fc.constantFrom('new', '\n', 'beta', ' '), { maxLength: 4 }).map((parts) => parts.join(''))), { maxLength: 6 }),
        (body, finalNewline, picks) => {
          const text = finalNewline ? `${body}\n` : body;
          const source = createSourceText(text);
          const replacements = replacementsFor(text, picks);
          const edited = applyReplacements(source, replacements);
          if (isOverlap(edited)) throw new Error('overlap');
          const diff = diffReplacements(diffableText(source), replacements, { path: 'f' });
          const patched = diff.unified === '' ? text : applyPatch(text, diff.unified);
          expect(patched).toBe(edited.text);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('equals a whole-file diff when every line is distinct (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.array(fc.tuple(fc.nat(59), fc.nat(3), fc.nat(2)), { maxLength: 6 }), (count, changes) => {
        const text = Array.from({ length: count }, (_, index) => `line ${index}\n`).join('');
        const source = createSourceText(text);
        // Replace whole lines with lines that occur nowhere else.
        const taken = new Set<number>();
        const replacements: Replacement[] = [];
        let fresh = 0;
        for (const [first, span, added] of changes) {
          if (first >= count) continue;
          const last = Math.min(count - 1, first + span);
          let free = true;
          for (let index = first - 1; index <= last + 1; index++) if (taken.has(index)) free = false;
          if (!free) continue;
          for (let index = first; index <= last; index++) taken.add(index);
          replacements.push({ start: source.lineStarts[first]!, end: source.lineStarts[last + 1] ?? text.length, text: Array.from({ length: added }, () => `new ${fresh++}\n`).join('') });
        }
        const edited = applyReplacements(source, replacements);
        if (isOverlap(edited)) throw new Error('overlap');
        const whole = structuredPatch('', '', text, edited.text, undefined, undefined, { context: 3 }).hunks;
        const ours = diffReplacements(diffableText(source), replacements).hunks;
        expect(ours).toEqual(whole.map((hunk) => ({ old_start: hunk.oldStart, old_lines: hunk.oldLines, new_start: hunk.newStart, new_lines: hunk.newLines, lines: hunk.lines })));
      }),
      { numRuns: 1000 },
    );
  });

  it('of a file read as bytes equals the diff of its decoded text, CRLF and non-ASCII included (property)', () => {
    const line = fc.constantFrom('alpha', 'βeta', '', '  漢字', '👋');
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }).map((lines) => lines.join('\n')),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(20), fc.nat(12), fc.array(fc.constantFrom('new', '\n', 'βeta', ' '), { maxLength: 4 }).map((parts) => parts.join(''))), { maxLength: 6 }),
        (body, crlf, picks) => {
          const source = createSourceText(body);
          // Replacements on code point boundaries only (bytes cannot split a character).
          const replacements = replacementsFor(body, picks).filter((replacement) => ![replacement.start, replacement.end].some((at) => /[\udc00-\udfff]/.test(body[at] ?? '')));
          const file = createByteText(encodeUtf8(crlf ? body.replace(/\n/g, '\r\n') : body))._unsafeUnwrap();
          const offset = (at: number) => encodeText(body.slice(0, at), file.newline).length;
          const onBytes = replacements.map((replacement) => ({ start: offset(replacement.start), end: offset(replacement.end), text: replacement.text }));
          expect(diffReplacements(diffableText(file), onBytes, { path: 'f' })).toEqual(diffReplacements(diffableText(source), replacements, { path: 'f' }));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
