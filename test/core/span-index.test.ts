import { describe, expect, it } from 'vitest';
import { changedSpans, writtenSpans } from '../../src/core/edit/replacements.js';
import { SpanIndex } from '../../src/core/text/span-index.js';

describe('SpanIndex: which changed spans touch a range', () => {
  // A long span first, short ones after it: the long one still reaches offsets past the short ones' starts.
  const index = new SpanIndex([{ start: 40, end: 42 }, { start: 0, end: 100 }, { start: 10, end: 12 }, { start: 200, end: 200 }]);

  it.each([
    [[50, 60], true, true],
    [[150, 190], false, false],
    [[190, 210], true, true],
    [[200, 210], true, false],
    [[100, 120], true, false],
  ] as const)('range %j: touches %s, changes inside %s', ([start, end], touches, inside) => {
    expect(index.touches(start, end)).toBe(touches);
    expect(index.changesInside(start, end)).toBe(inside);
  });

  it('holds an offset inside a span, not at its end, not at an insertion', () => {
    expect([0, 99, 100, 200].map((offset) => index.holds(offset))).toEqual([true, true, false, false]);
  });

  it('is empty without spans, and touches nothing', () => {
    const none = new SpanIndex([]);
    expect(none.empty).toBe(true);
    expect(none.touches(0, 10)).toBe(false);
  });
});

describe('changedSpans: a replacement cut down to the text that differs', () => {
  it.each([
    ['def ff(a):\n    return a\n', { start: 0, end: 24, text: 'def ff(a, b):\n    return a\n' }, [{ start: 8, end: 8 }]],
    ['abc', { start: 0, end: 3, text: 'abc' }, []],
    ['a.X.c', { start: 0, end: 5, text: 'a.YY.c' }, [{ start: 2, end: 3 }]],
    ['a aaaa', { start: 0, end: 6, text: 'a aa' }, [{ start: 2, end: 6 }]],
    // A change reaching into a word rewrites the word: a name given a suffix, one made a member.
    ['x = get_data()', { start: 0, end: 14, text: 'x = get_data_v2()' }, [{ start: 4, end: 12 }]],
    ['(Mapping)', { start: 0, end: 9, text: '(abc.Mapping)' }, [{ start: 1, end: 8 }]],
    ['(Mapping)', { start: 0, end: 9, text: '(Mapping, x)' }, [{ start: 8, end: 8 }]],
  ] as const)('%j', (text, replacement, spans) => {
    expect(changedSpans(text, [replacement])).toEqual(spans);
  });
});

describe('writtenSpans: the same spans, where they lie in the edited text', () => {
  it.each([
    // Two edits: the second moves by what the first added.
    ['ab cd ef', [{ start: 0, end: 2, text: 'aXXb' }, { start: 6, end: 8, text: 'eYf' }], 'aXXb cd eYf', [{ start: 1, end: 3 }, { start: 9, end: 10 }]],
    // Out of order, and one that changes nothing.
    ['ab cd ef', [{ start: 6, end: 8, text: 'ef' }, { start: 3, end: 5, text: 'c' }], 'ab c ef', [{ start: 4, end: 4 }]],
    // Written with other line endings than given: one span from the first difference to the last.
    ['a\r\nb\r\nc', [{ start: 0, end: 1, text: 'x\ny' }], 'x\r\ny\r\nb\r\nc', [{ start: 0, end: 4 }]],
  ] as const)('%j', (text, replacements, edited, spans) => {
    expect(writtenSpans(text, replacements, edited)).toEqual(spans);
  });
});
