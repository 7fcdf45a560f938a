import { distance } from 'fastest-levenshtein';

/**
 * Levenshtein similarity with a bounded cost. The exact distance (Myers' bit-parallel algorithm)
 * costs the longer length times the shorter's 32-character words: on minified files, where one
 * line holds 75,000 characters, a single comparison of two such lines takes seconds, and an error
 * that suggests similar text makes dozens. Above a budget the distance is bounded from above
 * instead, line by line, so a similarity is never overstated and never takes long.
 */

/** Myers steps (longer length × words of the shorter) allowed for one exact distance: about a millisecond. */
const MAX_EXACT_STEPS = 1_000_000;

/** How alike two strings are, from 0 (nothing in common) to 1 (equal): `1 - distance / longer length`. */
export function levenshteinRatio(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - boundedDistance(a, b) / longest;
}

/**
 * The edit distance of `a` and `b`: exact when affordable, else an upper bound (the sum of the
 * distances of their lines paired in order when both have as many lines, or the longer length).
 */
export function boundedDistance(a: string, b: string): number {
  // A common prefix and suffix never change the distance and cost nothing to drop.
  let start = 0;
  const shorter = Math.min(a.length, b.length);
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  if (x.length === 0 || y.length === 0) return Math.max(x.length, y.length);
  if (Math.max(x.length, y.length) * Math.ceil(Math.min(x.length, y.length) / 32) <= MAX_EXACT_STEPS) return distance(x, y);
  const xLines = x.split('\n');
  const yLines = y.split('\n');
  if (xLines.length > 1 && xLines.length === yLines.length) {
    let sum = 0;
    for (let index = 0; index < xLines.length; index++) sum += boundedDistance(xLines[index]!, yLines[index]!);
    return sum;
  }
  return Math.max(x.length, y.length);
}
