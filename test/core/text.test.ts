import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundaryPrefixes, firstCharacters } from '../../src/core/locate/match-text.js';
import { similarity } from '../../src/core/locate/locate.js';
import { parseTarget } from '../../src/core/locate/targets.js';
import { columnOfOffset, countLines, createSourceText, indentationAt, lineOfOffset, lineText, toOriginalOffset } from '../../src/core/text/source-text.js';
import { decodeUtf8, encodeUtf8, utf8Length } from '../../src/core/text/utf8.js';

const strict = new TextDecoder('utf-8', { fatal: true });

describe('SourceText', () => {
  it('normalizes LF, CRLF and CR and finds the dominant ending', () => {
    expect(createSourceText('a\nb\n')).toMatchObject({ text: 'a\nb\n', lineEnding: '\n', crlfBreaks: [] });
    expect(createSourceText('a\r\nb\r\n')).toMatchObject({ text: 'a\nb\n', lineEnding: '\r\n', crlfBreaks: [1, 3] });
    expect(createSourceText('a\rb\r')).toMatchObject({ text: 'a\nb\n', lineEnding: '\r', crlfBreaks: [] });
    expect(createSourceText('a\r\nb\nc\r\n')).toMatchObject({ text: 'a\nb\nc\n', lineEnding: '\r\n' });
  });

  it('maps every offset of the normalized text back to the same character of the original (property)', () => {
    const pieces = fc.array(fc.constantFrom('a', 'é', '😀', ' ', '\t', '\n', '\r\n', '\r', 'x\r\n'), { maxLength: 60 });
    fc.assert(
      fc.property(pieces, (parts) => {
        const original = parts.join('');
        const source = createSourceText(original);
        for (let offset = 0; offset < source.text.length; offset++) {
          const mapped = toOriginalOffset(source, offset);
          const char = source.text[offset];
          if (char === '\n') expect(['\n', '\r']).toContain(original[mapped]);
          else expect(original[mapped]).toBe(char);
        }
        expect(toOriginalOffset(source, source.text.length)).toBe(original.length);
      }),
    );
  });

  it('finds lines and columns', () => {
    const source = createSourceText('ab\n  cd\n\nef');
    expect([0, 2, 3, 5, 8, 9, 10].map((offset) => lineOfOffset(source, offset))).toEqual([1, 1, 2, 2, 3, 4, 4]);
    expect(columnOfOffset(source, 5)).toBe(3);
    expect(lineText(source, 2)).toBe('  cd');
    expect(indentationAt(source, 5)).toBe('  ');
    expect(countLines(source)).toBe(4);
    expect(countLines(createSourceText('a\n'))).toBe(1);
    expect(countLines(createSourceText(''))).toBe(0);
  });
});

describe('UTF-8', () => {
  it('round-trips any string and keeps the byte order mark apart', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\0')), fc.boolean(), (text, bom) => {
        const bytes = encodeUtf8(text, bom);
        expect(decodeUtf8(bytes)._unsafeUnwrap()).toEqual({ text, bom });
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
  });

  it('reports the offset of the first invalid sequence in arbitrary bytes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }).filter((bytes) => !bytes.includes(0)), (bytes) => {
        const result = decodeUtf8(bytes);
        let valid = true;
        try {
          strict.decode(bytes);
        } catch {
          valid = false;
        }
        expect(result.isOk()).toBe(valid);
        if (result.isErr()) {
          const offset = result.error.byteOffset;
          const bomLength = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
          expect(() => strict.decode(bytes.subarray(bomLength, offset))).not.toThrow();
          expect(() => strict.decode(bytes.subarray(bomLength, Math.min(bytes.length, offset + 4)))).toThrow();
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('calls NUL bytes binary before anything else', () => {
    expect(decodeUtf8(new Uint8Array([0xff, 0x00]))._unsafeUnwrapErr()).toEqual({ kind: 'binary', byteOffset: 1 });
    expect(decodeUtf8(new Uint8Array([0x61, 0xc3, 0x28]))._unsafeUnwrapErr()).toEqual({ kind: 'encoding', byteOffset: 1 });
    expect(decodeUtf8(new Uint8Array([0xed, 0xa0, 0x80]))._unsafeUnwrapErr()).toEqual({ kind: 'encoding', byteOffset: 0 });
  });
});

describe('targets', () => {
  it('splits levels, forgives surrounding blank lines and CRLF, refuses blank levels', () => {
    expect(parseTarget('')._unsafeUnwrap()).toEqual([]);
    expect(parseTarget('\n\n')._unsafeUnwrap()).toEqual([]);
    expect(parseTarget('class A\r\ndef f\n')._unsafeUnwrap()).toEqual(['class A', 'def f']);
    expect(parseTarget('class A\n   \ndef f')._unsafeUnwrapErr().error).toBe('INVALID_ARGUMENT');
  });

  it('compares the first 50 characters, counting a surrogate pair as one character', () => {
    expect(firstCharacters('x'.repeat(60))).toHaveLength(50);
    expect(firstCharacters('😀'.repeat(60))).toBe('😀'.repeat(50));
  });

  it('boundary prefixes are prefixes of the text, shortest first, ending with the whole line', () => {
    expect(boundaryPrefixes('def validate(self):')).toEqual(['def', 'def validate', 'def validate(self)', 'def validate(self):']);
    expect(boundaryPrefixes("it('works', () => {")).toEqual(['it', "it('works'", "it('works', () => {"]);
    expect(boundaryPrefixes('x = "a b" ')).toEqual(['x', 'x = "a b"', 'x = "a b" ']);
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }).filter((s) => !s.includes('\n')), (text) => {
        const prefixes = boundaryPrefixes(text);
        for (const prefix of prefixes) expect(text.startsWith(prefix)).toBe(true);
        for (let i = 1; i < prefixes.length; i++) expect(prefixes[i]!.length).toBeGreaterThan(prefixes[i - 1]!.length);
        if (text.trim() !== '') expect(prefixes).toContain(text.trimEnd());
      }),
    );
  });

  it('similarity is within [0, 1] and ranks the intended candidate first', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => {
      const score = similarity(a, b);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }));
    expect(similarity('validate', 'def validate(self):')).toBeGreaterThan(similarity('validate', 'def logout(self):'));
    expect(similarity('def valdate(self):', 'def validate(self):')).toBeGreaterThan(0.85);
  });
});
