/**
 * Finds every occurrence of many literal byte strings in a text's UTF-8 bytes in one pass.
 * `file_edit` needs, for up to 1000 edits, every place each `old_text` occurs in a file of up to
 * 100 MB: one search per pattern costs about 2.5 ms per 10 MB, so 1000 patterns would cost seconds;
 * this matcher finds them all in one sampled pass.
 *
 * How: patterns of at least `m` bytes are fingerprinted by q-grams (q = 8). The text is hashed
 * only at every k-th position (k = m - q + 1): any occurrence of a pattern covers k consecutive
 * q-gram starts, so exactly one of them is sampled. Each pattern registers, for each of the k
 * phases, the q-gram at an offset of that phase that is rarest in a sample of the text (so common
 * q-grams such as indentation rarely cause candidate checks); every candidate is verified byte by
 * byte. When it costs less, patterns are split into a short and a long group, so a few short ones
 * do not shrink k for all the long ones; a group of a few patterns instead searches for each
 * pattern's rarest byte with the native `indexOf`.
 */

/** A matcher for a fixed set of patterns. */
export interface LiteralMatcher {
  /**
   * Reports every occurrence (overlapping ones included) of every pattern in `text`, as
   * `found(patternIndex, offset)`, each exactly once, in no particular order.
   */
  scan(text: Uint8Array, found: (pattern: number, offset: number) => void): void;
}

/**
 * Which q-grams and bytes are common in a text (in up to 256 KB of it, spread over it): lets
 * matchers pick rare fingerprints. Each table is counted when first asked for (a few patterns need
 * only the bytes, which are much cheaper to count).
 */
export interface TextSample {
  /** Sampled q-gram counts by hash bucket. */
  qgramCounts(): Uint16Array;
  /** Sampled count of each byte value. */
  byteCounts(): Uint32Array;
}

const Q = 8;
const MAX_STRIDE = 32;
const INDEXOF_GROUP = 4;
/** One `indexOf` pass costs about 1/40 of a hashed pass that samples every position. */
const INDEXOF_COST = 1 / 40;
const BASE = 0x01000193;
const MAX_BUCKET_BITS = 20;
const FREQUENCY_BITS = 16;

/** A {@link TextSample} of `text`, for {@link createLiteralMatcher}. */
export function sampleText(text: Uint8Array): TextSample {
  const chunk = 4096;
  const chunks = Math.min(64, Math.ceil(text.length / chunk));
  /** Calls `visit` for each sampled offset. */
  const eachSampled = (visit: (at: number) => void) => {
    for (let c = 0; c < chunks; c++) {
      const from = chunks === 1 ? 0 : Math.floor((c * Math.max(0, text.length - chunk)) / (chunks - 1));
      const to = Math.min(text.length, from + chunk);
      for (let at = from; at < to; at++) visit(at);
    }
  };
  let qgrams: Uint16Array | undefined;
  let bytes: Uint32Array | undefined;
  return {
    qgramCounts() {
      if (qgrams) return qgrams;
      const counts = new Uint16Array(1 << FREQUENCY_BITS);
      eachSampled((at) => {
        if (at + Q > text.length) return;
        const slot = hashAt(text, at, Q) >>> (32 - FREQUENCY_BITS);
        if (counts[slot]! < 0xffff) counts[slot]!++;
      });
      return (qgrams = counts);
    },
    byteCounts() {
      if (bytes) return bytes;
      const counts = new Uint32Array(256);
      eachSampled((at) => counts[text[at]!]!++);
      return (bytes = counts);
    },
  };
}

/**
 * Builds a matcher for non-empty `patterns`. A `sample` of the text to be scanned makes it faster
 * by fingerprinting patterns with rare q-grams and bytes; it never changes the result.
 */
export function createLiteralMatcher(patterns: readonly Uint8Array[], sample?: TextSample): LiteralMatcher {
  if (patterns.some((pattern) => pattern.length === 0)) throw new RangeError('literal patterns must not be empty');
  const byLength = patterns.map((_, index) => index).sort((a, b) => patterns[a]!.length - patterns[b]!.length);
  // One group, or two split by length so that a few short patterns do not make every long one
  // sample every position: whichever costs less per scanned byte.
  let split = 0;
  let best = groupCost(patterns, byLength, 0, byLength.length);
  for (let at = 1; at < byLength.length; at++) {
    if (patterns[byLength[at]!]!.length === patterns[byLength[at - 1]!]!.length) continue;
    const cost = groupCost(patterns, byLength, 0, at) + groupCost(patterns, byLength, at, byLength.length);
    if (cost < best) {
      best = cost;
      split = at;
    }
  }
  const groups = (split === 0 ? [byLength] : [byLength.slice(0, split), byLength.slice(split)]).filter((group) => group.length > 0).map((group) => createGroup(patterns, group, sample));
  return {
    scan(text, found) {
      for (const group of groups) group(text, found);
    },
  };
}

/** Relative cost per scanned byte of the group `byLength[from..to]` (patterns sorted by length). */
function groupCost(patterns: readonly Uint8Array[], byLength: readonly number[], from: number, to: number): number {
  const size = to - from;
  if (size === 0) return 0;
  if (size <= INDEXOF_GROUP) return size * INDEXOF_COST;
  return 1 / strideOf(patterns[byLength[from]!]!.length);
}

function strideOf(shortest: number): number {
  return Math.min(MAX_STRIDE, shortest - Math.min(Q, shortest) + 1);
}

type GroupScan = (text: Uint8Array, found: (pattern: number, offset: number) => void) => void;

function createGroup(patterns: readonly Uint8Array[], members: readonly number[], sample: TextSample | undefined): GroupScan {
  if (members.length <= INDEXOF_GROUP) {
    const byteCounts = sample?.byteCounts() ?? null;
    const searches = members.map((index) => ({ index, pattern: patterns[index]!, anchor: rarestByteOffset(patterns[index]!, byteCounts) }));
    return (text, found) => {
      for (const { index, pattern, anchor } of searches) {
        const byte = pattern[anchor]!;
        const last = text.length - pattern.length + anchor;
        for (let at = text.indexOf(byte, anchor); at !== -1 && at <= last; at = text.indexOf(byte, at + 1)) {
          if (bytesAt(text, at - anchor, pattern)) found(index, at - anchor);
        }
      }
    };
  }
  const shortest = Math.min(...members.map((index) => patterns[index]!.length));
  const q = Math.min(Q, shortest);
  const stride = strideOf(shortest);
  // Frequencies are estimated for q = 8 only; shorter groups count blanks instead.
  const frequencies = q === Q ? (sample?.qgramCounts() ?? null) : null;
  // One fingerprint per pattern and phase: the rarest q-gram at an offset of that phase.
  const count = members.length * stride;
  const hashes = new Int32Array(count);
  const owners = new Uint32Array(count);
  const offsets = new Uint32Array(count);
  let filled = 0;
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
      hashes[filled] = bestHash;
      owners[filled] = index;
      offsets[filled++] = bestOffset;
    }
  }
  // The fingerprints grouped by the top bits of their hash, in flat typed arrays (a Map of arrays
  // put tens of thousands of small objects on the heap): about four buckets per fingerprint, so
  // most sampled positions find their bucket empty.
  const bucketBits = Math.min(MAX_BUCKET_BITS, Math.max(10, Math.ceil(Math.log2(count * 4))));
  const bucketOf = (hash: number) => hash >>> (32 - bucketBits);
  const buckets = 1 << bucketBits;
  // Counting sort by bucket: sizes, then running ends, then each fingerprint placed from its
  // bucket's end down, which leaves `bucketStart[b]` at the start of bucket `b`.
  const bucketStart = new Uint32Array(buckets + 1);
  for (let k = 0; k < count; k++) bucketStart[bucketOf(hashes[k]!)]!++;
  for (let bucket = 1; bucket < buckets; bucket++) bucketStart[bucket]! += bucketStart[bucket - 1]!;
  bucketStart[buckets] = count;
  const bucketHashes = new Int32Array(count);
  const bucketOwners = new Uint32Array(count);
  const bucketOffsets = new Uint32Array(count);
  for (let k = count - 1; k >= 0; k--) {
    const slot = --bucketStart[bucketOf(hashes[k]!)]!;
    bucketHashes[slot] = hashes[k]!;
    bucketOwners[slot] = owners[k]!;
    bucketOffsets[slot] = offsets[k]!;
  }
  return (text, found) => {
    const end = text.length - q;
    for (let at = 0; at <= end; at += stride) {
      const hash = hashAt(text, at, q);
      const bucket = bucketOf(hash);
      for (let k = bucketStart[bucket]!, last = bucketStart[bucket + 1]!; k < last; k++) {
        if (bucketHashes[k] !== hash) continue;
        const index = bucketOwners[k]!;
        const start = at - bucketOffsets[k]!;
        if (start >= 0 && bytesAt(text, start, patterns[index]!)) found(index, start);
      }
    }
  };
}

/** Whether `pattern` occurs in `text` at `offset`. */
export function bytesAt(text: Uint8Array, offset: number, pattern: Uint8Array): boolean {
  if (offset < 0 || offset + pattern.length > text.length) return false;
  for (let k = 0; k < pattern.length; k++) if (text[offset + k] !== pattern[k]) return false;
  return true;
}

/** The offset in `pattern` of its byte rarest in the sample (without a sample: the last non-blank byte). */
function rarestByteOffset(pattern: Uint8Array, byteCounts: Uint32Array | null): number {
  let best = pattern.length - 1;
  let bestCost = Infinity;
  for (let k = pattern.length - 1; k >= 0; k--) {
    const byte = pattern[k]!;
    const cost = byteCounts ? byteCounts[byte]! : byte === 32 || byte === 9 || byte === 10 ? 1 : 0;
    if (cost < bestCost) {
      bestCost = cost;
      best = k;
    }
  }
  return best;
}

function hashAt(text: Uint8Array, at: number, q: number): number {
  let hash = 0;
  for (let k = 0; k < q; k++) hash = (Math.imul(hash, BASE) + text[at + k]!) | 0;
  return hash;
}

/** How often a q-gram is expected in the text: its sampled frequency, else a whitespace count. */
function costOf(hash: number, pattern: Uint8Array, offset: number, q: number, frequencies: Uint16Array | null): number {
  if (frequencies) return frequencies[hash >>> (32 - FREQUENCY_BITS)]!;
  let blanks = 0;
  for (let k = 0; k < q; k++) {
    const code = pattern[offset + k]!;
    if (code === 32 || code === 9 || code === 10) blanks++;
  }
  return blanks;
}
