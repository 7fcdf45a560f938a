import { levenshteinRatio } from './levenshtein.js';
import { countLines } from './source-text.js';

/**
 * Finds the text in a file most like a string that was not found in it, so an error can show the
 * caller what to copy. Built for the ways a caller's text drifts from a file: re-indentation, tabs
 * for spaces, trailing whitespace, the other quote style, the other letter case, a wrong
 * character, a line left out or added, a line break missing.
 *
 * Candidates come from two signals, both linear in the file: lines whose *loose form* (no
 * whitespace, lower case, one quote character) equals one of the needle's lines vote for the
 * window start they imply (rare lines weigh more), and lines sharing many character trigrams with
 * the needle raise the windows holding them. The best few dozen windows, of the needle's line count
 * and one line more or fewer, are then scored exactly with Levenshtein distance.
 */

/** Text with its line starts (a `SourceText`, or the text an edit saw). */
export interface TextLines {
  /** The text, `\n` line endings. */
  readonly text: string;
  /** Offset of each line start. */
  readonly lineStarts: ArrayLike<number>;
}

/** A stretch of the file similar to the needle. */
export interface SimilarText {
  /** Start offset in the text. */
  start: number;
  /** End offset in the text. */
  end: number;
  /** 1-based line of `start`. */
  line: number;
  /** The text itself, exactly as in the file. */
  text: string;
  /** Similarity to the needle, from 0 to 1 ({@link textSimilarity}). */
  score: number;
}

const CANDIDATES = 24;
const MIN_SCORE = 0.5;
/** A line is cut to a part of it only when that part is this much like the needle's line. */
const MIN_CUT_SIMILARITY = 0.7;
const MAX_ALIGNMENT_CELLS = 4_000_000;
/** Windows a line longer or shorter than the needle are also compared with one line dropped, up to this many lines. */
const MAX_LINES_TO_DROP = 16;
/** What a dropped line costs: the similarity of the rest is multiplied by this. */
const DROPPED_LINE_FACTOR = 0.9;
/** Windows of another line count than the needle's are discounted this much. */
const OTHER_LINE_COUNT_FACTOR = 0.99;

/**
 * Up to `limit` stretches of `haystack` most similar to `needle`, best first, not overlapping, each
 * at least `minScore` similar (by default, similar enough to be worth copying; 0 gives the nearest
 * partial match however far).
 */
export function findSimilarText(haystack: TextLines, needle: string, limit = 3, minScore = MIN_SCORE): SimilarText[] {
  const total = countLines(haystack);
  if (needle.trim() === '' || total === 0) return [];
  const lineAt = (index: number) => haystack.text.slice(haystack.lineStarts[index]!, index + 1 < haystack.lineStarts.length ? haystack.lineStarts[index + 1]! - 1 : haystack.text.length);
  const needleLines = needle.split('\n');
  const trailingNewline = needleLines.length > 1 && needleLines[needleLines.length - 1] === '';
  if (trailingNewline) needleLines.pop();
  const loose: string[] = new Array<string>(total);
  for (let index = 0; index < total; index++) loose[index] = looseForm(lineAt(index));

  const found: SimilarText[] = [];
  if (needleLines.length === 1 && !trailingNewline) {
    // A fragment of one line: the best substring of the best lines (or of two lines, when the
    // needle lacks a line break the file has).
    const wanted = looseForm(needle);
    const lineScores = trigramLineScores(loose, wanted);
    const candidates = new Set(topIndices(lineScores, CANDIDATES));
    if (wanted.length > 0) loose.forEach((line, index) => line.includes(wanted) && candidates.size < CANDIDATES * 2 && candidates.add(index));
    for (const index of candidates) {
      const single = bestSubstring(haystack, index, index, needle);
      const double = index + 1 < total ? bestSubstring(haystack, index, index + 1, needle) : null;
      found.push(double && double.score > single.score + 0.05 ? double : single);
    }
  } else {
    const k = needleLines.length;
    const starts = new Set<number>();
    for (const start of topKeys(lineVotes(loose, needleLines.map(looseForm)), CANDIDATES)) starts.add(start);
    // Trigram scores summed over each window of k lines.
    const lineScores = trigramLineScores(loose, looseForm(needle));
    const prefix = new Float64Array(total + 1);
    for (let index = 0; index < total; index++) prefix[index + 1] = prefix[index]! + lineScores[index]!;
    const windowScores = new Float64Array(Math.max(1, total - k + 1));
    for (let start = 0; start < windowScores.length; start++) windowScores[start] = prefix[Math.min(total, start + k)]! - prefix[start]!;
    for (const start of topIndices(windowScores, CANDIDATES)) starts.add(start);
    // A window is not widened by a blank line the needle does not have at that end: its line break
    // would stand in for a character of the needle and win by a hair.
    const blankEdgesAllowed = [needleLines[0]!.trim() === '', needleLines[k - 1]!.trim() === ''];
    const isBlank = (index: number) => loose[index] === '';
    for (const start of starts) {
      let best: SimilarText | null = null;
      for (const size of [k, k + 1, k - 1]) {
        if (size < 1 || start < 0 || start + size > total) continue;
        if (size !== k && ((isBlank(start) && !blankEdgesAllowed[0]) || (isBlank(start + size - 1) && !blankEdgesAllowed[1]))) continue;
        const candidate = windowAt(haystack, start, size, trailingNewline, needle);
        if (size !== k) {
          // A window of another line count must earn it: its extra line's indentation can absorb
          // the needle's whitespace differences and win by a hair.
          candidate.score *= OTHER_LINE_COUNT_FACTOR;
          if (k <= MAX_LINES_TO_DROP) candidate.score = Math.max(candidate.score, oneLineDropped(needleLines, candidate.text.split('\n').slice(0, size), size > k, candidate.score));
        }
        if (best === null || candidate.score > best.score) best = candidate;
      }
      if (best) found.push(trimEnds(haystack, best, needleLines, needle));
    }
  }
  found.sort((a, b) => b.score - a.score || a.start - b.start);
  const chosen: SimilarText[] = [];
  for (const candidate of found) {
    if (candidate.score < minScore) break;
    if (chosen.some((other) => candidate.start < other.end && other.start < candidate.end)) continue;
    chosen.push(candidate);
    if (chosen.length === limit) break;
  }
  return chosen;
}

/**
 * How alike two texts are, from 0 to 1: the mean of their Levenshtein similarity as written and
 * in loose form (whitespace, case and quote style ignored), so text differing only in those
 * scores high but below identical text.
 */
export function textSimilarity(a: string, b: string): number {
  return (ratio(looseForm(a), looseForm(b)) + ratio(a, b)) / 2;
}

/** The text without whitespace, in lower case, with every quote character as `'`. */
export function looseForm(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase().replace(/["'`\u2018\u2019\u201c\u201d]/g, "'");
}

const ratio = levenshteinRatio;

/** Window starts voted for by lines equal (in loose form) to a needle line; rarer lines weigh more. */
function lineVotes(loose: readonly string[], needleLoose: readonly string[]): Map<number, number> {
  const wanted = new Map<string, number[]>();
  needleLoose.forEach((line, index) => {
    // Blank lines and lone braces say nothing about where the text is.
    if (line.length < 2) return;
    const list = wanted.get(line);
    if (list) list.push(index);
    else wanted.set(line, [index]);
  });
  const hits: Array<[number, number[]]> = [];
  const frequency = new Map<string, number>();
  loose.forEach((line, index) => {
    const positions = wanted.get(line);
    if (positions === undefined) return;
    hits.push([index, positions]);
    frequency.set(line, (frequency.get(line) ?? 0) + 1);
  });
  const votes = new Map<number, number>();
  for (const [index, positions] of hits) {
    const weight = 1 / frequency.get(loose[index]!)!;
    for (const position of positions) votes.set(index - position, (votes.get(index - position) ?? 0) + weight);
  }
  // A needle starting or ending mid-line: its first line ends a file line, its last starts one.
  const first = needleLoose[0]!;
  const last = needleLoose[needleLoose.length - 1]!;
  loose.forEach((line, index) => {
    if (first.length >= 3 && line !== first && line.endsWith(first)) votes.set(index, (votes.get(index) ?? 0) + 0.5);
    if (last.length >= 3 && line !== last && line.startsWith(last)) {
      const start = index - needleLoose.length + 1;
      votes.set(start, (votes.get(start) ?? 0) + 0.5);
    }
  });
  return votes;
}

/**
 * For each line, the share of the needle's trigrams (loose form) it contains; bigrams for a
 * needle too short to have more than a couple of trigrams.
 */
function trigramLineScores(loose: readonly string[], needleLoose: string): Float64Array {
  const scores = new Float64Array(loose.length);
  const size = needleLoose.length < 6 ? 2 : 3;
  if (needleLoose.length < size) return scores;
  const gramAt = (text: string, at: number) => (size === 3 ? trigramAt(text, at) : (Math.imul(text.charCodeAt(at), 31) + text.charCodeAt(at + 1)) & 0xffff);
  const grams = new Uint8Array(1 << 16);
  let distinct = 0;
  for (let at = 0; at + size <= needleLoose.length; at++) {
    const slot = gramAt(needleLoose, at);
    if (grams[slot] === 0) {
      grams[slot] = 1;
      distinct++;
    }
  }
  const seen = new Uint8Array(1 << 16);
  loose.forEach((line, index) => {
    let hits = 0;
    const touched: number[] = [];
    for (let at = 0; at + size <= line.length; at++) {
      const slot = gramAt(line, at);
      if (grams[slot] === 1 && seen[slot] === 0) {
        seen[slot] = 1;
        touched.push(slot);
        hits++;
      }
    }
    for (const slot of touched) seen[slot] = 0;
    scores[index] = hits / distinct;
  });
  return scores;
}

function trigramAt(text: string, at: number): number {
  return (Math.imul(text.charCodeAt(at), 961) + Math.imul(text.charCodeAt(at + 1), 31) + text.charCodeAt(at + 2)) & 0xffff;
}

function topIndices(scores: ArrayLike<number>, count: number): number[] {
  const indices: number[] = [];
  for (let index = 0; index < scores.length; index++) if (scores[index]! > 0) indices.push(index);
  return indices.sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, count);
}

function topKeys(scores: Map<number, number>, count: number): number[] {
  return [...scores.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, count)
    .map(([key]) => key);
}

/**
 * The similarity of needle and window when one line is dropped from the longer of the two (a line
 * left out of the needle, or one too many), discounted: a long line missing from a short needle
 * would otherwise sink the true place below unrelated text.
 *
 * Only a score above `floor` matters to the caller, so a drop whose score cannot beat `floor` nor
 * the best so far is not scored: a length difference bounds the Levenshtein distance from below.
 * The result is then lower than the true best only where both are at most `floor`.
 */
function oneLineDropped(needleLines: readonly string[], windowLines: readonly string[], windowIsLonger: boolean, floor: number): number {
  const [longer, shorter] = windowIsLonger ? [windowLines, needleLines] : [needleLines, windowLines];
  const kept = shorter.join('\n');
  const keptLoose = looseForm(kept);
  const needleLength = Math.max(1, needleLines.join('\n').length);
  let best = 0;
  for (let drop = 0; drop < longer.length; drop++) {
    const rest = longer.filter((_, index) => index !== drop).join('\n');
    const restLoose = looseForm(rest);
    // Dropping a needle line loses that much of what was asked for.
    const share = windowIsLonger ? 1 : rest.length / needleLength;
    const bound = share * ((ratioBound(restLoose, keptLoose) + ratioBound(rest, kept)) / 2);
    if (bound <= best || bound * DROPPED_LINE_FACTOR <= floor) continue;
    best = Math.max(best, share * ((ratio(restLoose, keptLoose) + ratio(rest, kept)) / 2));
  }
  return best * DROPPED_LINE_FACTOR;
}

/** An upper bound of {@link ratio}: the distance is at least the difference in length. */
function ratioBound(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - Math.abs(a.length - b.length) / longest;
}

/** Lines `start`..`start + size - 1` (with the last line's break when the needle ends with one). */
function windowAt(haystack: TextLines, start: number, size: number, trailingNewline: boolean, needle: string): SimilarText {
  const from = haystack.lineStarts[start]!;
  const after = haystack.lineStarts[start + size];
  const to = after === undefined ? haystack.text.length : trailingNewline ? after : after - 1;
  const text = haystack.text.slice(from, to);
  return { start: from, end: to, line: start + 1, text, score: textSimilarity(needle, text) };
}

/**
 * A window whose first line holds more than the needle's first line (the needle starts mid-line)
 * or whose last line holds more than its last: cut to the best-matching suffix / prefix when that
 * scores higher.
 */
function trimEnds(haystack: TextLines, window: SimilarText, needleLines: readonly string[], needle: string): SimilarText {
  const lines = window.text.split('\n');
  // The last line with content (a window ending with its line break splits into a final '').
  const lastIndex = lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 2 : lines.length - 1;
  const firstNeedle = needleLines[0]!;
  const lastNeedle = needleLines[needleLines.length - 1]!;
  let firstCut = bestCut(lines[0]!, firstNeedle, 'suffix');
  // A needle line that starts with whitespace starts at the start of a line: keep the file's indentation.
  if (firstCut > 0 && (/^\s/.test(firstNeedle) || ratio(lines[0]!.slice(firstCut), firstNeedle) < MIN_CUT_SIMILARITY)) firstCut = 0;
  const lastLength = lines[lastIndex]!.length;
  let lastCut = lastIndex > 0 ? bestCut(lines[lastIndex]!, lastNeedle, 'prefix') : lastLength;
  if (lastCut < lastLength && ratio(lines[lastIndex]!.slice(0, lastCut), lastNeedle) < MIN_CUT_SIMILARITY) lastCut = lastLength;
  if (firstCut === 0 && lastCut === lastLength) return window;
  const start = window.start + firstCut;
  let end = window.end;
  if (lastCut < lastLength) {
    let lastStart = window.start;
    for (let index = 0; index < lastIndex; index++) lastStart += lines[index]!.length + 1;
    end = lastStart + lastCut;
  }
  const text = haystack.text.slice(start, end);
  const trimmed = { ...window, start, end, text, score: textSimilarity(needle, text) };
  return trimmed.score > window.score ? trimmed : window;
}

/** Where to cut `line` so its suffix (or prefix) is most like `part` (0 / full length: no cut). */
function bestCut(line: string, part: string, keep: 'suffix' | 'prefix'): number {
  if (part.length >= line.length || line.length * part.length > MAX_ALIGNMENT_CELLS) return keep === 'suffix' ? 0 : line.length;
  const reversed = keep === 'prefix';
  const text = reversed ? line : [...line].reverse().join('');
  const wanted = reversed ? part : [...part].reverse().join('');
  // Edit distance of `wanted` against every prefix of `text`; the best prefix end is the cut.
  let previous = new Int32Array(text.length + 1);
  for (let j = 0; j <= text.length; j++) previous[j] = j;
  for (let i = 1; i <= wanted.length; i++) {
    const current = new Int32Array(text.length + 1);
    current[0] = i;
    for (let j = 1; j <= text.length; j++) {
      const cost = wanted.charCodeAt(i - 1) === text.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j - 1]! + cost, previous[j]! + 1, current[j - 1]! + 1);
    }
    previous = current;
  }
  let best = 0;
  for (let j = 1; j <= text.length; j++) if (previous[j]! < previous[best]!) best = j;
  return reversed ? best : line.length - best;
}

/** The substring of lines `first`..`last` most like `needle` (semi-global edit distance). */
function bestSubstring(haystack: TextLines, first: number, last: number, needle: string): SimilarText {
  const from = haystack.lineStarts[first]!;
  const next = haystack.lineStarts[last + 1];
  const to = next === undefined ? haystack.text.length : next - 1;
  const text = haystack.text.slice(from, to);
  if (text.length * needle.length > MAX_ALIGNMENT_CELLS) return { start: from, end: to, line: first + 1, text, score: textSimilarity(needle, text) };
  // Row i: distance of needle[0..i) to text ending at j, starting anywhere; `origin` tracks where.
  // Case and quote style are folded so they do not pull the alignment off the right place.
  const foldedNeedle = foldCodes(needle);
  const foldedText = foldCodes(text);
  let previous = new Int32Array(text.length + 1);
  let previousOrigin = new Int32Array(text.length + 1);
  for (let j = 0; j <= text.length; j++) previousOrigin[j] = j;
  for (let i = 1; i <= needle.length; i++) {
    const current = new Int32Array(text.length + 1);
    const origin = new Int32Array(text.length + 1);
    current[0] = i;
    origin[0] = 0;
    for (let j = 1; j <= text.length; j++) {
      const substitute = previous[j - 1]! + (foldedNeedle[i - 1] === foldedText[j - 1] ? 0 : 1);
      const skipNeedle = previous[j]! + 1;
      const skipText = current[j - 1]! + 1;
      if (substitute <= skipNeedle && substitute <= skipText) {
        current[j] = substitute;
        origin[j] = previousOrigin[j - 1]!;
      } else if (skipNeedle <= skipText) {
        current[j] = skipNeedle;
        origin[j] = previousOrigin[j]!;
      } else {
        current[j] = skipText;
        origin[j] = origin[j - 1]!;
      }
    }
    previous = current;
    previousOrigin = origin;
  }
  let end = 0;
  for (let j = 1; j <= text.length; j++) if (previous[j]! < previous[end]!) end = j;
  const start = previousOrigin[end]!;
  const found = text.slice(start, end);
  return { start: from + start, end: from + end, line: lineOfStart(haystack, from + start, first), text: found, score: textSimilarity(needle, found) };
}

/** Character codes with case and quote style folded, one per UTF-16 unit. */
function foldCodes(text: string): Uint16Array {
  const codes = new Uint16Array(text.length);
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const lower = char.toLowerCase();
    const folded = lower.length === 1 ? lower : char;
    codes[index] = /["'`\u2018\u2019\u201c\u201d]/.test(folded) ? 39 : folded.charCodeAt(0);
  }
  return codes;
}

function lineOfStart(haystack: TextLines, offset: number, first: number): number {
  let line = first;
  while (haystack.lineStarts[line + 1] !== undefined && haystack.lineStarts[line + 1]! <= offset) line++;
  return line + 1;
}
