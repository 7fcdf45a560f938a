import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyReplacements, isOverlap } from '../../src/core/edit/replacements.js';
import { planSequentialEdits, type LiteralEdit } from '../../src/core/file-edit/sequential-edits.js';
import { createLiteralMatcher, estimateQgramFrequencies } from '../../src/core/text/literal-search.js';
import { createSourceText } from '../../src/core/text/source-text.js';

/** The specification, literally: one edit after another on the whole text. */
function reference(text: string, edits: readonly LiteralEdit[]): { text: string } | { failed: number; found: number } {
  let current = text;
  for (const [index, edit] of edits.entries()) {
    let found = 0;
    if (edit.old_text === '') found = current === '' ? 1 : -1;
    else for (let at = current.indexOf(edit.old_text); at !== -1; at = current.indexOf(edit.old_text, at + edit.old_text.length)) found++;
    if (found !== edit.occurrences) return { failed: index, found };
    current = edit.old_text === '' ? edit.new_text : current.split(edit.old_text).join(edit.new_text);
  }
  return { text: current };
}

function planned(text: string, edits: readonly LiteralEdit[]): { text: string } | { failed: number; found: number } {
  const source = createSourceText(text);
  const plan = planSequentialEdits(source, edits);
  if (plan.isErr()) {
    const failure = plan.error;
    return { failed: failure.edit_index, found: failure.reason === 'WRONG_COUNT' ? failure.matches.length : failure.reason === 'NO_MATCH' ? 0 : -1 };
  }
  const result = applyReplacements(source, plan.value.replacements);
  if (isOverlap(result)) throw new Error('overlap');
  return { text: result.text };
}

describe('planSequentialEdits equals applying the edits one by one (property)', () => {
  // A small alphabet so that patterns occur, overlap, and are created and destroyed by edits.
  const alphabet = fc.constantFrom('a', 'b', 'c', '\n', 'ab', 'ba');
  const small = fc.array(alphabet, { maxLength: 6 }).map((parts) => parts.join(''));
  const text = fc.array(alphabet, { maxLength: 60 }).map((parts) => parts.join(''));

  it('with counts taken from the reference, every plan succeeds with the same text', () => {
    fc.assert(
      fc.property(text, fc.array(fc.tuple(small, small), { minLength: 1, maxLength: 8 }), (start, pairs) => {
        // Build edits whose occurrences are right, by running the reference as we go.
        const edits: LiteralEdit[] = [];
        let current = start;
        for (const [oldText, newText] of pairs) {
          if (oldText === '' && current !== '') continue;
          const count = oldText === '' ? 1 : current.split(oldText).length - 1;
          if (count === 0) continue;
          edits.push({ old_text: oldText, new_text: newText, occurrences: count });
          current = oldText === '' ? newText : current.split(oldText).join(newText);
        }
        expect(planned(start, edits)).toEqual(reference(start, edits));
      }),
      { numRuns: 3000 },
    );
  });

  it('with arbitrary counts, the same edit fails with the same count', () => {
    fc.assert(
      fc.property(text, fc.array(fc.tuple(small, small, fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 8 }), (start, triples) => {
        const edits = triples.map(([old_text, new_text, occurrences]) => ({ old_text, new_text, occurrences }));
        expect(planned(start, edits)).toEqual(reference(start, edits));
      }),
      { numRuns: 3000 },
    );
  });

  it('long patterns and many edits (the sampled multi-pattern scan)', () => {
    const word = fc.constantFrom('alpha', 'beta', 'gamma', ' ', '\n', '(', ')', 'delta_epsilon');
    const long = fc.array(word, { minLength: 3, maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 200 }).map((parts) => parts.join('')), fc.array(fc.tuple(long, long), { minLength: 5, maxLength: 30 }), (start, pairs) => {
        const edits: LiteralEdit[] = [];
        let current = start;
        for (const [oldText, newText] of pairs) {
          const count = current.split(oldText).length - 1;
          if (count === 0) continue;
          edits.push({ old_text: oldText, new_text: newText, occurrences: count });
          current = current.split(oldText).join(newText);
        }
        expect(planned(start, edits)).toEqual(reference(start, edits));
      }),
      { numRuns: 500 },
    );
  });
});

describe('createLiteralMatcher', () => {
  it('finds every occurrence of every pattern, overlapping ones included (property)', () => {
    const alphabet = fc.constantFrom('a', 'b', ' ', 'xyzzy', '\n');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 400 }).map((parts) => parts.join('')),
        fc.uniqueArray(fc.array(alphabet, { minLength: 1, maxLength: 12 }).map((parts) => parts.join('')), { minLength: 1, maxLength: 12 }),
        (text, patterns) => {
          const found = patterns.map(() => [] as number[]);
          createLiteralMatcher(patterns, estimateQgramFrequencies(text)).scan(text, (pattern, offset) => found[pattern]!.push(offset));
          const expected = patterns.map((pattern) => {
            const offsets: number[] = [];
            for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + 1)) offsets.push(at);
            return offsets;
          });
          expect(found.map((offsets) => offsets.sort((a, b) => a - b))).toEqual(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
