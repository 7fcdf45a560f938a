/**
 * Finds every occurrence of many literal strings in a text in one pass. `file_edit` needs, for up
 * to 1000 edits, every place each `old_text` occurs in a file of up to 100 MB: one `indexOf` scan per
 * pattern costs about 2 ms per 10 MB, so 1000 patterns would cost seconds; this matcher finds them
 * all in one sampled pass (about 25 ms for 1000 patterns on 10 MB).
 *
 * How: patterns of at least `m` characters are fingerprinted by q-grams (q = 8). The text is hashed
 * only at every k-th position (k = m - q + 1): any occurrence of a pattern covers k consecutive
 * q-gram starts, so exactly one of them is sampled. Each pattern registers, for each of the k
 * phases, the q-gram at an offset of that phase that is rarest in a sample of the text (so common
 * q-grams such as indentation rarely cause candidate checks); every candidate is verified with
 * `startsWith`. When it costs less, patterns are split into a short and a long group, so a few short
 * ones do not shrink k for all the long ones; a group of a few patterns simply uses `indexOf`.
 */

/** A matcher for a fixed set of patterns. */
export interface LiteralMatcher {
  /**
   * Reports every occurrence (overlapping ones included) of every pattern in `text`, as
   * `found(patternIndex, offset)`, each exactly once, in no particular order.
   */
  scan(text: string, found: (pattern: number, offset: number) => void): void;
}

/** Which q-grams are common in a text (a sample of it): lets matchers pick rare fingerprints. */
export interface QgramFrequencies {
  /** Sampled counts by hash bucket. */
  readonly counts: Uint16Array;
}

const Q = 8;
const MAX_STRIDE = 32;
const INDEXOF_GROUP = 4;
/** One `indexOf` pass costs about 1/40 of a hashed pass that samples every position. */
const INDEXOF_COST = 1 / 40;
const BASE = 0x01000193;
const MAX_FILTER_BITS = 20;
const FREQUENCY_BITS = 16;

/** Samples up to 256 KB of `text`, spread over it, for {@link createLiteralMatcher}. */
export function estimateQgramFrequencies(text: string): QgramFrequencies {
  const counts = new Uint16Array(1 << FREQUENCY_BITS);
  const chunk = 4096;
  const chunks = Math.min(64, Math.ceil(text.length / chunk));
  for (let c = 0; c < chunks; c++) {
    const from = chunks === 1 ? 0 : Math.floor((c * Math.max(0, text.length - chunk)) / (chunks - 1));
    const to = Math.min(text.length - Q, from + chunk);
    for (let at = from; at <= to; at++) {
      const slot = hashAt(text, at, Q) >>> (32 - FREQUENCY_BITS);
      if (counts[slot]! < 0xffff) counts[slot]!++;
    }
  }
  return { counts };
}

/**
 * Builds a matcher for non-empty `patterns`. `frequencies` (of the text to be scanned; a function
 * is called only if a group needs them) make it faster by fingerprinting patterns with rare
 * q-grams; they never change the result.
 */
export function createLiteralMatcher(patterns: readonly string[], frequencies?: QgramFrequencies | (() => QgramFrequencies)): LiteralMatcher {
  if (patterns.some((pattern) => pattern.length === 0)) throw new RangeError('literal patterns must not be empty');
  const byLength = patterns.map((_, index) => index).sort((a, b) => patterns[a]!.length - patterns[b]!.length);
  // One group, or two split by length so that a few short patterns do not make every long one
  // sample every position: whichever costs less per scanned character.
  let split = 0;
  let best = groupCost(patterns, byLength);
  for (let at = 1; at < byLength.length; at++) {
    if (patterns[byLength[at]!]!.length === patterns[byLength[at - 1]!]!.length) continue;
    const cost = groupCost(patterns, byLength.slice(0, at)) + groupCost(patterns, byLength.slice(at));
    if (cost < best) {
      best = cost;
      split = at;
    }
  }
  const countsOf = () => (typeof frequencies === 'function' ? frequencies() : frequencies)?.counts ?? null;
  const groups = (split === 0 ? [byLength] : [byLength.slice(0, split), byLength.slice(split)]).filter((group) => group.length > 0).map((group) => createGroup(patterns, group, countsOf));
  return {
    scan(text, found) {
      for (const group of groups) group(text, found);
    },
  };
}

/** Relative cost per scanned character of a group whose shortest pattern is first in `members`. */
function groupCost(patterns: readonly string[], members: readonly number[]): number {
  if (members.length === 0) return 0;
  if (members.length <= INDEXOF_GROUP) return members.length * INDEXOF_COST;
  return 1 / strideOf(patterns[members[0]!]!.length);
}

function strideOf(shortest: number): number {
  return Math.min(MAX_STRIDE, shortest - Math.min(Q, shortest) + 1);
}

type GroupScan = (text: string, found: (pattern: number, offset: number) => void) => void;

function createGroup(patterns: readonly string[], members: readonly number[], countsOf: () => Uint16Array | null): GroupScan {
  if (members.length <= INDEXOF_GROUP) {
    return (text, found) => {
      for (const index of members) {
        const pattern = patterns[index]!;
        for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + 1)) found(index, at);
      }
    };
  }
  const shortest = Math.min(...members.map((index) => patterns[index]!.length));
  const q = Math.min(Q, shortest);
  const stride = strideOf(shortest);
  // Frequencies are estimated for q = 8 only; shorter groups count blanks instead.
  const frequencies = q === Q ? countsOf() : null;
  // About 16 filter slots per fingerprint keeps false hits rare without a large table.
  const filterBits = Math.min(MAX_FILTER_BITS, Math.max(10, Math.ceil(Math.log2(members.length * stride * 16))));
  const filter = new Uint8Array(1 << filterBits);
  const entries = new Map<number, number[]>();
  for (const index of members) {
    const pattern = patterns[index]!;
    for (let phase = 0; phase < stride; phase++) {
      let bestOffset = phase;
      let bestHash = hashAt(pattern, phase, q);
      let bestCost = costOf(bestHash, pattern, phase, q, frequencies);
      for (let offset = phase + stride; offset + q <= pattern.length; offset += stride) {
        const hash = hashAt(pattern, offset, q);
        const cost = costOf(hash, pattern, offset, q, frequencies);
        if (cost < bestCost) {
          bestCost = cost;
          bestOffset = offset;
          bestHash = hash;
        }
      }
      filter[bestHash >>> (32 - filterBits)] = 1;
      const list = entries.get(bestHash);
      if (list) list.push(index, bestOffset);
      else entries.set(bestHash, [index, bestOffset]);
    }
  }
  return (text, found) => {
    const end = text.length - q;
    for (let at = 0; at <= end; at += stride) {
      const hash = hashAt(text, at, q);
      if (filter[hash >>> (32 - filterBits)] === 0) continue;
      const list = entries.get(hash);
      if (list === undefined) continue;
      for (let k = 0; k < list.length; k += 2) {
        const index = list[k]!;
        const start = at - list[k + 1]!;
        if (start >= 0 && text.startsWith(patterns[index]!, start)) found(index, start);
      }
    }
  };
}

function hashAt(text: string, at: number, q: number): number {
  let hash = 0;
  for (let k = 0; k < q; k++) hash = (Math.imul(hash, BASE) + text.charCodeAt(at + k)) | 0;
  return hash;
}

/** How often a q-gram is expected in the text: its sampled frequency, else a whitespace count. */
function costOf(hash: number, pattern: string, offset: number, q: number, frequencies: Uint16Array | null): number {
  if (frequencies) return frequencies[hash >>> (32 - FREQUENCY_BITS)]!;
  let blanks = 0;
  for (let k = 0; k < q; k++) {
    const code = pattern.charCodeAt(offset + k);
    if (code === 32 || code === 9 || code === 10) blanks++;
  }
  return blanks;
}
