import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { boundedDistance, levenshteinRatio } from '../../src/core/text/levenshtein.js';

describe('levenshteinRatio', () => {
  it.each([
    ['', '', 1],
    ['abc', 'abc', 1],
    ['abc', '', 0],
    ['kitten', 'sitting', 1 - 3 / 7],
  ])('%j vs %j -> %d', (a, b, expected) => {
    expect(levenshteinRatio(a, b)).toBeCloseTo(expected, 10);
  });
});

describe('boundedDistance', () => {
  it('is the exact distance while affordable, a common prefix and suffix aside', () => {
    const pairs: Array<[string, string]> = [
      ['def validate(self):\n    return True', 'def validate(self):\n        return True'],
      ['const x = "a";', "const x = 'a';"],
      ['prefix middle suffix', 'prefix MIDDLE suffix'],
      ['abc', 'xyz'],
    ];
    for (const [a, b] of pairs) expect(boundedDistance(a, b)).toBe(distance(a, b));
  });

  it('bounds lines too long to compare exactly by pairing them in order (never below the true distance)', () => {
    // Two minified lines of 75,000 characters, re-indented: exact Myers would take seconds.
    const line = (seed: number) => Array.from({ length: 5000 }, (_, index) => `v${(index * seed) % 997};`).join('').slice(0, 75_000);
    const a = [line(7), line(11), line(13)].join('\n');
    const b = a.replace(/^/gm, '    ');
    expect(boundedDistance(a, b)).toBe(12);
    expect(levenshteinRatio(a, b)).toBeGreaterThan(0.999);
  });

  it('says "as different as can be" when neither exact nor line-paired comparison is affordable', () => {
    const a = 'x'.repeat(40_000) + 'a'.repeat(40_000);
    const b = 'b'.repeat(40_000) + 'x'.repeat(40_001);
    expect(boundedDistance(a, b)).toBe(80_001);
    expect(boundedDistance(a, b)).toBeGreaterThanOrEqual(distance(a.slice(0, 2000), b.slice(0, 2000)));
  });
});
