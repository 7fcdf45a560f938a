import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyByteReplacements, isOverlap } from '../../src/core/edit/replacements.js';
import { joinContent } from '../../src/core/file-content.js';
import { planSequentialEdits, type LiteralEdit } from '../../src/core/file-edit/sequential-edits.js';
import { createByteText } from '../../src/core/text/byte-text.js';
import { bestStride, createLiteralMatcher, sampleText } from '../../src/core/text/literal-search.js';
import { encodeUtf8 } from '../../src/core/text/utf8.js';

type Failure = { failed: number; found: number; seen?: string; matches?: number[] };
type Outcome = { text: string } | { failures: Failure[] };

/**
 * The specification, literally: one edit after another on the whole text; an edit that fails is
 * reported and skipped, so the later ones are checked on the text without it.
 */
function reference(text: string, edits: readonly LiteralEdit[]): Outcome {
  let current = text;
  const failures: Failure[] = [];
  for (const [index, edit] of edits.entries()) {
    const matches: number[] = [];
    let found = 0;
    if (edit.old_text === '') {
      found = current === '' ? 1 : -1;
      if (current === '') matches.push(0);
    } else for (let at = current.indexOf(edit.old_text); at !== -1; at = current.indexOf(edit.old_text, at + edit.old_text.length)) matches.push(at);
    if (edit.old_text !== '') found = matches.length;
    if (found !== edit.occurrences) {
      failures.push(found > 0 ? { failed: index, found, seen: current, matches } : { failed: index, found, ...(found === 0 ? { seen: current } : {}) });
      continue;
    }
    current = edit.old_text === '' ? edit.new_text : current.split(edit.old_text).join(edit.new_text);
  }
  return failures.length > 0 ? { failures } : { text: current };
}

/** The planner on the file's bytes, applied, decoded again; line breaks as in `text`. */
function planned(text: string, edits: readonly LiteralEdit[]): Outcome {
  const bytes = encodeUtf8(text);
  const byteText = createByteText(bytes)._unsafeUnwrap();
  const plan = planSequentialEdits(byteText, edits);
  if (plan.isErr()) {
    expect(plan.error.unchecked).toBe(0);
    return {
      failures: plan.error.failures.map((failure): Failure => {
        if (failure.reason === 'EMPTY_OLD_TEXT') return { failed: failure.edit_index, found: -1 };
        if (failure.reason === 'NO_MATCH') return { failed: failure.edit_index, found: 0, seen: failure.seen.text };
        return { failed: failure.edit_index, found: failure.matches.length, seen: failure.seen.text, matches: [...failure.matches] };
      }),
    };
  }
  const result = applyByteReplacements(byteText, bytes, plan.value.replacements);
  if (isOverlap(result)) throw new Error('overlap');
  return { text: new TextDecoder().decode(joinContent(result.content)) };
}

const crlf = (text: string) => text.replace(/\n/g, '\r\n');

/** Edits whose occurrences are right, found by running the reference as it goes. */
function countedEdits(start: string, pairs: ReadonlyArray<readonly [string, string]>): LiteralEdit[] {
  const edits: LiteralEdit[] = [];
  let current = start;
  for (const [oldText, newText] of pairs) {
    if (oldText === '' && current !== '') continue;
    const count = oldText === '' ? 1 : current.split(oldText).length - 1;
    if (count === 0) continue;
    edits.push({ old_text: oldText, new_text: newText, occurrences: count });
    current = oldText === '' ? newText : current.split(oldText).join(newText);
  }
  return edits;
}

describe('planSequentialEdits equals applying the edits one by one (property)', () => {
  // A small alphabet so that patterns occur, overlap, and are created and destroyed by edits; with
  // characters of two, three and four UTF-8 bytes, since the planner works on bytes.
  const alphabet = fc.constantFrom('a', 'b', 'c', '\n', 'ab', 'ba', 'é', '漢', '👋');
  const small = fc.array(alphabet, { maxLength: 6 }).map((parts) => parts.join(''));
  const text = fc.array(alphabet, { maxLength: 60 }).map((parts) => parts.join(''));

  it('with counts taken from the reference, every plan succeeds with the same text', () => {
    fc.assert(
      fc.property(text, fc.array(fc.tuple(small, small), { minLength: 1, maxLength: 8 }), (start, pairs) => {
        const edits = countedEdits(start, pairs);
        expect(planned(start, edits)).toEqual(reference(start, edits));
      }),
      { numRuns: 3000 },
    );
  });

  it('with arbitrary counts, the same edits fail (every one, each checked without the failed ones before it) with the same count, the same text seen and the same match offsets', () => {
    fc.assert(
      fc.property(text, fc.array(fc.tuple(small, small, fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 8 }), (start, triples) => {
        const edits = triples.map(([old_text, new_text, occurrences]) => ({ old_text, new_text, occurrences }));
        expect(planned(start, edits)).toEqual(reference(start, edits));
      }),
      { numRuns: 3000 },
    );
  });

  it('on a CRLF file: the same result with CRLF line breaks (edits written with \\n)', () => {
    fc.assert(
      // With a line break at least, so the file is a CRLF file.
      fc.property(text.map((body) => `${body}\n`), fc.array(fc.tuple(small, small), { minLength: 1, maxLength: 8 }), (start, pairs) => {
        const edits = countedEdits(start, pairs);
        const expected = reference(start, edits);
        const actual = planned(crlf(start), edits);
        if ('text' in expected) expect(actual).toEqual({ text: crlf(expected.text) });
        else expect(actual).toEqual(expected);
      }),
      { numRuns: 1500 },
    );
  });

  it('on a file mixing CRLF and LF: lines the edits do not touch keep their breaks, new ones take the dominant CRLF', () => {
    fc.assert(
      fc.property(text, fc.array(fc.tuple(small, small), { minLength: 1, maxLength: 8 }), (start, pairs) => {
        // Two CRLF lines and one LF line at the end: CRLF dominates, and the file needs a copy in the `\n` form.
        const body = `${crlf(start)}\r\nx\r\ny\nz`;
        // Edits that cannot reach into that tail (which has no a, b, c and no line break to match).
        const edits = countedEdits(`${start}\nx\ny\nz`, pairs.filter(([oldText, newText]) => oldText !== '' && !/[\nxyz]/.test(oldText) && !/[xyz]/.test(newText)));
        const expected = reference(`${start}\nx\ny\nz`, edits);
        const actual = planned(body, edits);
        if (!('text' in expected)) return expect(actual).toEqual(expected);
        expect('text' in actual && actual.text.endsWith('\r\nx\r\ny\nz')).toBe(true);
        expect('text' in actual && actual.text.replace(/\r\n/g, '\n')).toBe(expected.text);
        // Every break of the edited part is CRLF: kept ones, and new ones in the dominant ending.
        expect('text' in actual && /(^|[^\r])\n/.test(actual.text.slice(0, -'\r\nx\r\ny\nz'.length))).toBe(false);
      }),
      { numRuns: 1500 },
    );
  });

  it('long patterns and many edits (the sampled multi-pattern scan)', () => {
    const word = fc.constantFrom('alpha', 'beta', 'gamma', ' ', '\n', '(', ')', 'delta_epsilon', 'ünïcödé', '→');
    const long = fc.array(word, { minLength: 3, maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 200 }).map((parts) => parts.join('')), fc.array(fc.tuple(long, long), { minLength: 5, maxLength: 30 }), (start, pairs) => {
        const edits = countedEdits(start, pairs);
        expect(planned(start, edits)).toEqual(reference(start, edits));
      }),
      { numRuns: 500 },
    );
  });
});

describe('planSequentialEdits reports', () => {
  it('line numbers of the original file and the lines before and after each change (dry-run preview), in the \\n form', () => {
    const bytes = encodeUtf8('één\r\ntwee\r\ndrie 漢\r\n');
    const plan = planSequentialEdits(createByteText(bytes)._unsafeUnwrap(), [{ old_text: 'twee\ndrie', new_text: 'two\nthree', occurrences: 1 }, { old_text: '漢', new_text: '字', occurrences: 1 }], { preview: true })._unsafeUnwrap();
    expect(plan.summaries).toEqual([
      { edit_index: 0, occurrences_replaced: 1, line_numbers: [2] },
      { edit_index: 1, occurrences_replaced: 1, line_numbers: [3] },
    ]);
    expect(plan.changes).toEqual([
      { edit_index: 0, line_number: 2, before: 'twee\ndrie 漢', after: 'two\nthree 漢' },
      { edit_index: 1, line_number: 3, before: 'three 漢', after: 'three 字' },
    ]);
  });

  it('for a failed edit, the original line of text the earlier edits inserted or kept', () => {
    const bytes = encodeUtf8('α\nβ\nγ\nδ\n');
    const failure = planSequentialEdits(createByteText(bytes)._unsafeUnwrap(), [
      { old_text: 'β\n', new_text: 'β\nβ2\nβ3\n', occurrences: 1 },
      { old_text: 'β', new_text: 'b', occurrences: 1 },
    ])._unsafeUnwrapErr().failures[0];
    if (failure.reason !== 'WRONG_COUNT') throw new Error(failure.reason);
    expect(failure.seen.text).toBe('α\nβ\nβ2\nβ3\nγ\nδ\n');
    expect(failure.matches).toEqual([2, 4, 7]);
    // Inserted lines count as the line they were inserted at (the inserted text starts on line 2).
    expect(failure.matches.map((offset) => failure.seen.originalLine(offset))).toEqual([2, 2, 2]);
    expect(failure.seen.originalLine(failure.seen.text.indexOf('γ'))).toBe(3);
    expect(failure.original_count).toBe(1);
  });
});

describe('createLiteralMatcher', () => {
  it('finds every occurrence of every pattern in UTF-8 bytes, overlapping ones included (property)', () => {
    const alphabet = fc.constantFrom('a', 'b', ' ', 'xyzzy', '\n', 'é', '🎉');
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 400 }).map((parts) => parts.join('')),
        fc.uniqueArray(fc.array(alphabet, { minLength: 1, maxLength: 12 }).map((parts) => parts.join('')), { minLength: 1, maxLength: 12 }),
        (text, patterns) => {
          const bytes = encoder.encode(text);
          const found = patterns.map(() => [] as number[]);
          createLiteralMatcher(patterns.map((pattern) => encoder.encode(pattern)), sampleText(bytes)).scan(bytes, (pattern, offset) => found[pattern]!.push(offset));
          // Byte offsets of the occurrences in the text.
          const expected = patterns.map((pattern) => {
            const offsets: number[] = [];
            for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + 1)) offsets.push(encoder.encode(text.slice(0, at)).length);
            return offsets;
          });
          expect(found.map((offsets) => offsets.sort((a, b) => a - b))).toEqual(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds every occurrence of long patterns made of common q-grams (60 bytes, like text inside 10,000-character lines)', () => {
    const encoder = new TextEncoder();
    const words = ['function', '        ', 'return ', 'const x', ' = ', ';', '(', ')', 'ts.', 'node'];
    fc.assert(
      fc.property(fc.array(fc.nat(words.length - 1), { minLength: 200, maxLength: 2000 }), fc.array(fc.nat(1_000_000), { minLength: 5, maxLength: 40 }), (picks, starts) => {
        const text = picks.map((pick) => words[pick]!).join('');
        if (text.length < 61) return;
        const patterns = [...new Set(starts.map((start) => text.slice(start % (text.length - 60), (start % (text.length - 60)) + 60)))];
        const bytes = encoder.encode(text);
        const found = patterns.map(() => [] as number[]);
        createLiteralMatcher(patterns.map((pattern) => encoder.encode(pattern)), sampleText(bytes)).scan(bytes, (pattern, offset) => found[pattern]!.push(offset));
        const expected = patterns.map((pattern) => {
          const offsets: number[] = [];
          for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + 1)) offsets.push(at);
          return offsets;
        });
        expect(found.map((offsets) => offsets.sort((a, b) => a - b))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('samples with a shorter stride when the longest one would leave phases only common q-grams', () => {
    // Two patterns of 60 bytes, q-grams 0..52: rare ones (cost 0) only at offsets 0..10, common
    // ones (cost 1000 per 1000 sampled positions: one candidate per position) elsewhere. With
    // stride 32 phases 11..31 have only common q-grams; a stride of at most 11 lets every phase
    // choose a rare one.
    const costs = new Uint16Array(106).fill(1000);
    for (const first of [0, 53]) costs.fill(0, first, first + 11);
    const stride = bestStride(32, Uint32Array.from([0, 53, 106]), costs, 1000);
    expect(stride).toBe(11);
    // All q-grams rare: the longest stride.
    expect(bestStride(32, Uint32Array.from([0, 53, 106]), new Uint16Array(106), 1000)).toBe(32);
  });
});
