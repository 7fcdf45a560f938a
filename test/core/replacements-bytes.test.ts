import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyByteReplacements, applyReplacements, isOverlap, type Replacement } from '../../src/core/edit/replacements.js';
import { joinContent } from '../../src/core/file-content.js';
import { createByteText, decodeText, encodeText, type ByteReplacement, type ByteText } from '../../src/core/text/byte-text.js';
import { createSourceText } from '../../src/core/text/source-text.js';
import { decodeUtf8, encodeUtf8, utf8Length } from '../../src/core/text/utf8.js';

/** A replacement on the `\n` text, as the same replacement on a ByteText's bytes. */
function onBytes(text: ByteText, normalized: string, replacement: Replacement): ByteReplacement {
  const offset = (at: number) => encodeText(normalized.slice(0, at), text.newline).length;
  return { start: offset(replacement.start), end: offset(replacement.end), bytes: encodeText(replacement.text, text.newline) };
}

describe('createByteText', () => {
  const piece = fc.constantFrom('a', 'é', '漢', '👋', '\n', '\r\n', '\r', ' ', 'line');

  it('reads what decodeUtf8 and createSourceText read: the same text, ending, BOM and lines (property)', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('')), fc.boolean(), (original, bom) => {
        const bytes = encodeUtf8(original, bom);
        const source = createSourceText(original, bom);
        const text = createByteText(bytes)._unsafeUnwrap();
        expect(decodeText(text.bytes, text.newline)).toBe(source.text);
        expect([text.bom, text.lineEnding]).toEqual([source.bom, source.lineEnding]);
        // Bytes in place for LF-only and CRLF-only files; a copy only when endings are mixed or lone CR.
        expect(text.bytes.buffer === bytes.buffer).toBe(!/\r(?!\n)/.test(original) && !(/\r\n/.test(original) && /(^|[^\r])\n/.test(original)));
        // Line starts are the same lines: the text before each decodes to the text before the line in `source`.
        expect(text.lineStarts.length).toBe(source.lineStarts.length);
        text.lineStarts.forEach((start, line) => expect(decodeText(text.bytes.subarray(0, start), text.newline)).toBe(source.text.slice(0, source.lineStarts[line])));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what decodeUtf8 refuses, at the same byte (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const decoded = decodeUtf8(bytes);
        const text = createByteText(bytes);
        expect(text.isErr()).toBe(decoded.isErr());
        if (decoded.isErr()) expect(text._unsafeUnwrapErr()).toEqual(decoded.error);
      }),
      { numRuns: 3000 },
    );
    expect(createByteText(encodeUtf8('ok\0', true))._unsafeUnwrapErr()).toEqual({ kind: 'binary', byteOffset: 5 });
    expect(createByteText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xc3]))._unsafeUnwrapErr()).toEqual({ kind: 'encoding', byteOffset: 4 });
  });
});

describe('applyByteReplacements', () => {
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
          const bytes = encodeUtf8(original, bom);
          const text = createByteText(bytes)._unsafeUnwrap();
          const expected = applyReplacements(source, replacements);
          const actual = applyByteReplacements(text, bytes, replacements.map((replacement) => onBytes(text, source.text, replacement)));
          if (isOverlap(expected) || isOverlap(actual)) throw new Error('overlap');
          expect([...joinContent(actual.content)]).toEqual([...encodeUtf8(expected.original, expected.bom)]);
          expect(actual.changed).toBe(expected.original !== original);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps the unchanged bytes as views into the bytes read, not copies', () => {
    const bytes = encodeUtf8('one\ntwo\nthree\n');
    const text = createByteText(bytes)._unsafeUnwrap();
    const edited = applyByteReplacements(text, bytes, [{ start: 4, end: 7, bytes: encodeUtf8('2') }]);
    if (isOverlap(edited)) throw new Error('overlap');
    expect(edited.content.map((chunk) => new TextDecoder().decode(chunk))).toEqual(['one\n', '2', '\nthree\n']);
    expect(edited.content[0]!.buffer).toBe(bytes.buffer);
    expect(edited.content[2]!.buffer).toBe(bytes.buffer);
  });

  it('reports no change when edits cancel out across their boundaries', () => {
    // "\n" inserted before the first "\r" becomes "\r" (the file's ending); the second "\r" is deleted.
    const bytes = encodeUtf8('aaaaaa\r\r');
    const text = createByteText(bytes)._unsafeUnwrap();
    const edited = applyByteReplacements(text, bytes, [{ start: 6, end: 6, bytes: encodeUtf8('\n') }, { start: 7, end: 8, bytes: encodeUtf8('') }]);
    if (isOverlap(edited)) throw new Error('overlap');
    expect(new TextDecoder().decode(joinContent(edited.content))).toBe('aaaaaa\r\r');
    expect(edited.changed).toBe(false);
  });

  it('refuses overlapping replacements', () => {
    const bytes = encodeUtf8('abcdef');
    const text = createByteText(bytes)._unsafeUnwrap();
    expect(isOverlap(applyByteReplacements(text, bytes, [{ start: 0, end: 3, bytes: new Uint8Array(0) }, { start: 2, end: 4, bytes: new Uint8Array(0) }]))).toBe(true);
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
