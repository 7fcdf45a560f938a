/*
 * Where two versions of a text differ, as regions: the common start and end set aside, and, where
 * what is left is large (edits spread over a file), the lines both versions share in between, found
 * as a patience diff finds them (lines that occur once in each, in the same order).
 */

/** One region that differs: its offsets in the text before and in the text after (equal outside every region). */
export interface ChangedRegion {
  readonly before: { readonly start: number; readonly end: number };
  readonly after: { readonly start: number; readonly end: number };
}

/**
 * The regions where `before` and `after` differ, in order; `[]` when they are equal. Between two
 * regions, both texts hold the same lines, in the same order. The middle left once the common start
 * and end are set aside is one region up to `splitAbove` characters (splitting it would cost more than
 * it saves); past that, it is cut at the lines both share.
 */
export function changedRegions(before: string, after: string, splitAbove: number): ChangedRegion[] {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  if (start === before.length && start === after.length) return [];
  const whole: ChangedRegion = { before: { start, end: before.length - end }, after: { start, end: after.length - end } };
  if (Math.max(whole.before.end - start, whole.after.end - start) <= splitAbove) return [whole];
  // Whole lines of the middle (the common start ends on the same line start in both; so does the common end).
  const from = start === 0 ? 0 : before.lastIndexOf('\n', start - 1) + 1;
  const linesBefore = linesOf(before, from, lineEnd(before, whole.before.end));
  const linesAfter = linesOf(after, from, lineEnd(after, whole.after.end));
  const matched = sharedLines(linesBefore, linesAfter);
  if (matched.length === 0) return [whole];
  const regions: ChangedRegion[] = [];
  // Each run of lines between two shared ones (or the middle's ends) that differs is a region.
  let previous = { before: -1, after: -1 };
  for (const pair of [...matched, { before: linesBefore.count, after: linesAfter.count }]) {
    if (pair.before > previous.before + 1 || pair.after > previous.after + 1) {
      regions.push({ before: span(linesBefore, previous.before + 1, pair.before), after: span(linesAfter, previous.after + 1, pair.after) });
    }
    previous = pair;
  }
  return regions.length > 0 ? regions : [whole];
}

/** The lines of part of a text, by offsets, each with a hash of its characters (no line is cut out of the text). */
interface Lines {
  readonly text: string;
  readonly count: number;
  /** Where each line starts, and one more entry: where the one after the last would start. */
  readonly starts: number[];
  readonly hashes: Int32Array;
}

function lineEnd(text: string, at: number): number {
  const end = text.indexOf('\n', at);
  return end === -1 ? text.length : end + 1;
}

/** The lines of `text` from `from` (a line start) to `to` (a line's end, its line break included). */
function linesOf(text: string, from: number, to: number): Lines {
  const starts: number[] = [];
  for (let at = from; at < to; at = Math.min(lineEnd(text, at), to)) starts.push(at);
  starts.push(to);
  const hashes = new Int32Array(starts.length - 1);
  for (let line = 0; line < hashes.length; line++) {
    // FNV-1a over the line's UTF-16 code units.
    let hash = 0x811c9dc5;
    for (let at = starts[line]!, end = starts[line + 1]!; at < end; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
    hashes[line] = hash;
  }
  return { text, count: hashes.length, starts, hashes };
}

/** Whether line `i` of `a` and line `j` of `b` are the same text. */
function sameLine(a: Lines, i: number, b: Lines, j: number): boolean {
  if (a.hashes[i] !== b.hashes[j]) return false;
  const [startA, endA, startB] = [a.starts[i]!, a.starts[i + 1]!, b.starts[j]!];
  if (endA - startA !== b.starts[j + 1]! - startB) return false;
  for (let k = 0; k < endA - startA; k++) if (a.text.charCodeAt(startA + k) !== b.text.charCodeAt(startB + k)) return false;
  return true;
}

/** The offsets of lines `first` to `last` (exclusive); an empty range is the point where line `first` starts. */
function span(lines: Lines, first: number, last: number): { start: number; end: number } {
  return { start: lines.starts[first]!, end: lines.starts[last]! };
}

/**
 * Pairs of equal lines, in order in both (line indices in `before` and `after`): the lines that occur
 * once in each (by hash, each pair then compared), the longest run of them in the same order, each then
 * extended over the equal lines next to it (a `}` or a blank line beside a unique line).
 */
function sharedLines(before: Lines, after: Lines): Array<{ before: number; after: number }> {
  const counts = new Map<number, { before: number; after: number; at: number; atAfter: number }>();
  for (let index = 0; index < before.count; index++) {
    const count = counts.get(before.hashes[index]!);
    if (count) count.before++;
    else counts.set(before.hashes[index]!, { before: 1, after: 0, at: index, atAfter: -1 });
  }
  for (let index = 0; index < after.count; index++) {
    const count = counts.get(after.hashes[index]!);
    if (count && count.after++ === 0) count.atAfter = index;
  }
  const unique: Array<{ before: number; after: number }> = [];
  for (const count of counts.values()) if (count.before === 1 && count.after === 1 && sameLine(before, count.at, after, count.atAfter)) unique.push({ before: count.at, after: count.atAfter });
  unique.sort((a, b) => a.after - b.after);
  const anchors = longestIncreasing(unique);
  // Extended forward and backward from each anchor over equal lines, without passing the next one.
  const pairs: Array<{ before: number; after: number }> = [];
  let floor = { before: -1, after: -1 };
  anchors.forEach((anchor, index) => {
    const next = anchors[index + 1] ?? { before: before.count, after: after.count };
    let back = 0;
    while (anchor.before - back - 1 > floor.before && anchor.after - back - 1 > floor.after && sameLine(before, anchor.before - back - 1, after, anchor.after - back - 1)) back++;
    for (let step = back; step > 0; step--) pairs.push({ before: anchor.before - step, after: anchor.after - step });
    let ahead = 0;
    while (anchor.before + ahead < next.before && anchor.after + ahead < next.after && sameLine(before, anchor.before + ahead, after, anchor.after + ahead)) {
      pairs.push({ before: anchor.before + ahead, after: anchor.after + ahead });
      ahead++;
    }
    floor = pairs[pairs.length - 1] ?? floor;
  });
  return pairs;
}

/** The longest subsequence of `pairs` (in `after` order, each line once) whose `before` indices increase too. */
function longestIncreasing(pairs: ReadonlyArray<{ before: number; after: number }>): Array<{ before: number; after: number }> {
  // Patience sorting: tails[k] is the pair ending the best run of length k + 1 found so far.
  const tails: number[] = [];
  const previous = new Array<number>(pairs.length).fill(-1);
  pairs.forEach((pair, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pairs[tails[middle]!]!.before < pair.before) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const run: Array<{ before: number; after: number }> = [];
  for (let index = tails[tails.length - 1] ?? -1; index !== -1; index = previous[index]!) run.push(pairs[index]!);
  return run.reverse();
}
