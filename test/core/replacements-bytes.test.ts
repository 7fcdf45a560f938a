import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyReplacements, applyReplacementsToBytes, isOverlap, type Replacement } from '../../src/core/edit/replacements.js';
import { createSourceText } from '../../src/core/text/source-text.js';
import { encodeUtf8, utf8Length } from '../../src/core/text/utf8.js';

describe('applyReplacementsToBytes', () => {
  it('equals encoding the text applyReplacements gives, for any text, line endings and BOM (property)', () => {
    const piece = fc.constantFrom('a', 'é', '漢', '👋', '\n', '\r\n', '\r', ' ', 'line');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('')),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(8), fc.nat(4), fc.array(fc.constantFrom('x', 'ü', '🎉', '\n', ''), { maxLength: 3 }).map((parts) => parts.join(''))), { maxLength: 5 }),
        (original, bom, picks) => {
          const source = createSourceText(original, bom);
          // Replacements on code point boundaries of the \n text, left to right.
          const points = [...source.text];
          const offsets = [0];
          for (const point of points) offsets.push(offsets[offsets.length - 1]! + point.length);
          const replacements: Replacement[] = [];
          let cursor = 0;
          for (const [gap, length, text] of picks) {
            const first = Math.min(points.length, cursor + gap);
            const last = Math.min(points.length, first + length);
            replacements.push({ start: offsets[first]!, end: offsets[last]!, text });
            cursor = last + 1;
            if (cursor > points.length) break;
          }
          const expected = applyReplacements(source, replacements);
          const actual = applyReplacementsToBytes(source, encodeUtf8(original, bom), replacements);
          if (isOverlap(expected) || isOverlap(actual)) throw new Error('overlap');
          const expectedBytes = encodeUtf8(expected.original, expected.bom);
          expect([...actual.bytes]).toEqual([...expectedBytes]);
          expect(actual.changed).toBe(expected.original !== original);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses overlapping replacements', () => {
    const source = createSourceText('abcdef');
    expect(isOverlap(applyReplacementsToBytes(source, encodeUtf8('abcdef'), [{ start: 0, end: 3, text: '' }, { start: 2, end: 4, text: '' }]))).toBe(true);
  });
});

describe('utf8Length', () => {
  it('equals the length of the encoding, for any range (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.nat(60), fc.nat(60), (text, a, b) => {
        const from = Math.min(a, b, text.length);
        const to = Math.min(Math.max(a, b), text.length);
        // Lone surrogates encode as U+FFFD (3 bytes), as TextEncoder does.
        expect(utf8Length(text, from, to)).toBe(new TextEncoder().encode(text.slice(from, to)).length);
      }),
      { numRuns: 3000 },
    );
  });
});
