import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PieceTable } from '../../src/core/file-edit/piece-table.js';

/**
 * The piece table under file_edit (src/core/file-edit/piece-table.ts), against the plainest model:
 * a string edited with slice and concatenation. Random texts, random rounds of non-overlapping
 * replacements of one length; after each round the table's text, its original offsets and the
 * replacements it gives back for the original must agree with the model.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const bytes = (text: string) => encoder.encode(text);

/** A round: `count` spans of `length` at ascending non-overlapping positions, replaced with `text`. */
const round = fc.record({ seeds: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), length: fc.nat(4), text: fc.stringMatching(/^[a-z\n]{0,6}$/) });

describe('PieceTable (property)', () => {
  it('matches a string model through rounds of replacements, and its replacements rebuild the text from the original', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-c\n]{0,40}$/), fc.array(round, { minLength: 1, maxLength: 8 }), (original, rounds) => {
        const table = new PieceTable(bytes(original));
        let model = original;
        // The original offset of every character of the model (inserted ones: negative).
        let origins = [...original].map((_, index) => index);
        for (const { seeds, length, text } of rounds) {
          if (model.length < length) continue;
          const positions: number[] = [];
          let floor = 0;
          for (const seed of seeds) {
            const room = model.length - length - floor;
            if (room < 0) break;
            const position = floor + (seed % (room + 1));
            positions.push(position);
            floor = position + Math.max(length, 1);
          }
          // The planner passes the table's own original offsets, as here; where a character of the
          // original still stands, that offset must be the model's.
          const keys = positions.map((position) => table.originalOffset(position));
          positions.forEach((position, k) => {
            if (position < origins.length && origins[position]! >= 0 && [...model][position] === original[origins[position]!]) expect(keys[k]).toBe(origins[position]);
          });
          table.replace(positions, keys, length, bytes(text));
          let next = '';
          let nextOrigins: number[] = [];
          let cursor = 0;
          positions.forEach((position, k) => {
            next += model.slice(cursor, position) + text;
            nextOrigins = [...nextOrigins, ...origins.slice(cursor, position), ...[...text].map(() => -1 - keys[k]!)];
            cursor = position + length;
          });
          model = next + model.slice(cursor);
          origins = [...nextOrigins, ...origins.slice(cursor)];
          expect(table.length).toBe(model.length);
          expect(decoder.decode(table.slice(0, table.length))).toBe(model);
        }
        let rebuilt = original;
        for (const replacement of [...table.replacements(original.length)].reverse()) rebuilt = rebuilt.slice(0, replacement.start) + decoder.decode(replacement.bytes) + rebuilt.slice(replacement.end);
        expect(rebuilt).toBe(model);
      }),
      { numRuns: 500 },
    );
  });

  it('an untouched table gives back no replacement, and its offsets are the original ones', () => {
    const table = new PieceTable(bytes('abc\ndef'));
    expect(table.replacements(7)).toEqual([]);
    expect([0, 3, 6].map((position) => table.originalOffset(position))).toEqual([0, 3, 6]);
  });
});
