/**
 * Finds every occurrence of many literal byte strings in a text's UTF-8 bytes in one pass.
 * `file_edit` needs, for up to 1000 edits, every place each `old_text` occurs in a file of up to
 * 100 MB: one search per pattern costs about 2.5 ms per 10 MB, so 1000 patterns would cost seconds;
 * this matcher finds them all in one sampled pass.
 *
 * How: patterns of at least `m` bytes are fingerprinted by q-grams (q = 8). The text is hashed
 * only at every k-th position (k <= m - q + 1): any occurrence of a pattern covers k consecutive
 * q-gram starts, so exactly one of them is sampled. k is the largest stride that does not leave
 * phases only common q-grams to choose from ({@link bestStride}), so the candidates verified stay
 * few for any pattern length. Each pattern registers, for each of the k
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
  /** How many q-grams {@link TextSample.qgramCounts} counted. */
  qgramPositions(): number;
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
  /** Calls `visit` for each sampled stretch `from`..`to`. */
  const eachSampled = (visit: (from: number, to: number) => void) => {
    for (let c = 0; c < chunks; c++) {
      const from = chunks === 1 ? 0 : Math.floor((c * Math.max(0, text.length - chunk)) / (chunks - 1));
      visit(from, Math.min(text.length, from + chunk));
    }
  };
  let qgrams: Uint16Array | undefined;
  let positions = 0;
  let bytes: Uint32Array | undefined;
  return {
    qgramCounts() {
      if (qgrams) return qgrams;
      const counts = new Uint16Array(1 << FREQUENCY_BITS);
      const hashAt = hasherOf(text, Q);
      eachSampled((from, to) => {
        for (let at = from; at < to && at + Q <= text.length; at++) {
          positions++;
          const slot = hashAt(at) >>> (32 - FREQUENCY_BITS);
          if (counts[slot]! < 0xffff) counts[slot]!++;
        }
      });
      return (qgrams = counts);
    },
    qgramPositions() {
      this.qgramCounts();
      return positions;
    },
    byteCounts() {
      if (bytes) return bytes;
      const counts = new Uint32Array(256);
      eachSampled((from, to) => {
        for (let at = from; at < to; at++) counts[text[at]!]!++;
      });
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
  // Frequencies are estimated for q = 8 only; shorter groups count blanks instead.
  const frequencies = q === Q ? (sample?.qgramCounts() ?? null) : null;
  // Each pattern's q-grams, hashed once, with how often each is expected in the text: member
  // `m`'s are at `gramStart[m]`..`gramStart[m + 1]` of flat arrays (small typed arrays per pattern
  // cost more to allocate than to fill).
  const gramStart = new Uint32Array(members.length + 1);
  members.forEach((index, member) => (gramStart[member + 1] = gramStart[member]! + patterns[index]!.length - q + 1));
  const gramHashes = new Int32Array(gramStart[members.length]!);
  const gramCosts = new Uint16Array(gramStart[members.length]!);
  members.forEach((index, member) => {
    const pattern = patterns[index]!;
    const hashAt = hasherOf(pattern, q);
    for (let offset = 0, at = gramStart[member]!; at < gramStart[member + 1]!; offset++, at++) {
      gramHashes[at] = hashAt(offset);
      gramCosts[at] = costOf(gramHashes[at]!, pattern, offset, q, frequencies);
    }
  });
  const stride = frequencies === null ? strideOf(shortest) : bestStride(strideOf(shortest), gramStart, gramCosts, sample!.qgramPositions());
  // One fingerprint per pattern and phase: the rarest q-gram at an offset of that phase.
  const count = members.length * stride;
  const hashes = new Int32Array(count);
  const owners = new Uint32Array(count);
  const offsets = new Uint32Array(count);
  let filled = 0;
  members.forEach((index, member) => {
    const first = gramStart[member]!;
    const end = gramStart[member + 1]!;
    for (let phase = 0; phase < stride; phase++) {
      let best = first + phase;
      for (let at = best + stride; at < end; at += stride) if (gramCosts[at]! < gramCosts[best]!) best = at;
      hashes[filled] = gramHashes[best]!;
      owners[filled] = index;
      offsets[filled++] = best - first;
    }
  });
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
    const hashAt = hasherOf(text, q);
    for (let at = 0; at <= end; at += stride) {
      const hash = hashAt(at);
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

/** What verifying one candidate costs, in sampled positions. */
const CANDIDATE_COST = 1;

/**
 * The stride that scans fastest: a stride of `k` samples every `k`-th position but lets each phase
 * choose only among the q-grams at offsets of that phase, so with 60-byte patterns and k = 32 most
 * phases have one q-gram to choose from, often a common one (indentation, `function`), and every
 * sampled position found a few candidates to verify (2.3 million per scan of 10 MB against 70,000
 * for line-long patterns). Each stride is costed as (1 + candidates expected per position) / k, the
 * candidates estimated from the sampled q-gram counts (`positions` sampled), and the cheapest kept.
 */
export function bestStride(maxStride: number, gramStart: Uint32Array, gramCosts: Uint16Array, positions: number): number {
  const members = gramStart.length - 1;
  if (positions === 0 || maxStride === 1) return maxStride;
  // Estimated on up to STRIDE_SAMPLE patterns spread over the group, scaled to all of them.
  const step = Math.max(1, members / STRIDE_SAMPLE);
  const sampled = Math.ceil(members / step);
  let best = maxStride;
  let bestCost = Infinity;
  for (let stride = maxStride; stride >= 1; stride--) {
    let expected = 0;
    for (let k = 0; k < sampled; k++) {
      const member = Math.floor(k * step);
      const first = gramStart[member]!;
      const end = gramStart[member + 1]!;
      for (let phase = 0; phase < stride; phase++) {
        let least = gramCosts[first + phase]!;
        for (let at = first + phase + stride; at < end; at += stride) if (gramCosts[at]! < least) least = gramCosts[at]!;
        expected += least;
      }
    }
    const cost = (1 + (CANDIDATE_COST * expected * members) / sampled / positions) / stride;
    if (cost < bestCost) {
      bestCost = cost;
      best = stride;
    }
  }
  return best;
}

/** Patterns {@link bestStride} estimates candidates on. */
const STRIDE_SAMPLE = 128;

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

/** The hash of the `q`-gram of `bytes` at an offset: {@link qgramHash} for q-grams of {@link Q}, byte by byte ({@link bytesHash}) for shorter ones. */
function hasherOf(bytes: Uint8Array, q: number): (at: number) => number {
  if (q !== Q) return (at) => bytesHash(bytes, at, q);
  const words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (at) => qgramHash(words, at);
}

/**
 * The hash of the 8 bytes at `at` (a q-gram of {@link Q}): two unaligned word reads and two
 * multiplies, where hashing byte by byte took a multiply and an add per byte (a sampled scan of 10 MB:
 * ~5 ms → ~0.7 ms). Its top bits, which pick buckets and frequency slots, mix all 64 input bits.
 */
function qgramHash(words: DataView, at: number): number {
  return (Math.imul(words.getUint32(at, true), 0x9e3779b1) ^ Math.imul(words.getUint32(at + 4, true), 0x85ebca77)) | 0;
}

/** The hash of the `q` bytes at `at`, byte by byte (q-grams shorter than {@link Q}). */
function bytesHash(text: Uint8Array, at: number, q: number): number {
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

/** A text as a regular expression source that matches it literally (its special characters escaped). */
export function literalPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
