import { joinContent } from '../file-content.js';
import { decodeText, lineStartsOf, type ByteReplacement, type ByteText } from '../text/byte-text.js';
import { renderLine, type LinePart } from '../text/diff.js';
import type { LiteralMatcher } from '../text/literal-search.js';
import { computeLineStarts, lineOfOffset } from '../text/source-text.js';
import { utf8Length } from '../text/utf8.js';

/**
 * The text of a `file_edit` call as its edits change it: a piece table over the file's original
 * bytes (pieces of the original and of inserted text, never copied), which tells where each
 * current offset came from, finds a pattern's occurrences that are still intact, scans only the
 * windows around changes, and gives back the replacements to make on the original.
 */

/**
 * The text an edit saw (the file after the edits before it), decoded for error reports. Offsets
 * here are in `text` (UTF-16 code units), not bytes.
 */
export interface EditedText {
  /** The text, `\n` line endings. */
  readonly text: string;
  /** Offset of each line start in `text`. */
  readonly lineStarts: ArrayLike<number>;
  /** The line in the original file of an offset in `text` (inserted text counts as the line it was inserted at). */
  originalLine(offset: number): number;
  /** Whether the edits before changed anything. */
  readonly changed: boolean;
}

const EMPTY = new Uint8Array(0);

/** Edits with at most this many occurrences are spliced into the piece list in place. */
const SPLICE_LIMIT = 8;

/** Where an occurrence starts: a byte of the original (`source` -1) or of inserted text `source`. */
export interface Anchor {
  readonly source: number;
  readonly offset: number;
}

/**
 * A piece of the current text: bytes `from`..`to` of the original (`source` -1) or of inserted
 * text number `source`, starting at `start` in the current text. `key` is an original offset that
 * never decreases along the pieces (an original piece's `from`; for inserted text, the original
 * offset where it was inserted), so original offsets can be found by binary search.
 */
interface Piece {
  readonly source: number;
  readonly from: number;
  readonly to: number;
  readonly key: number;
  start: number;
}

export class PieceTable {
  private pieces: Piece[];
  private readonly inserted: Uint8Array[] = [];
  private readonly insertedKeys: number[] = [];
  length: number;

  constructor(private readonly original: Uint8Array) {
    this.pieces = original.length > 0 ? [{ source: -1, from: 0, to: original.length, key: 0, start: 0 }] : [];
    this.length = original.length;
  }

  private textOf(piece: Piece): Uint8Array {
    return piece.source < 0 ? this.original : this.inserted[piece.source]!;
  }

  /** Index of the piece holding current offset `position` (< length). */
  private indexAt(position: number): number {
    return Math.max(0, this.lastPieceWhere((piece) => piece.start <= position));
  }

  /** Index of the last piece whose key is at most `key`, or -1. */
  private lastWithKeyAtMost(key: number): number {
    return this.lastPieceWhere((piece) => piece.key <= key);
  }

  /** Binary search: the last piece `accept`s (true for a prefix of the pieces), or -1. */
  private lastPieceWhere(accept: (piece: Piece) => boolean): number {
    let lo = -1;
    let hi = this.pieces.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (accept(this.pieces[mid]!)) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The original offset a current offset corresponds to (inserted text: where it was inserted). */
  originalOffset(position: number): number {
    if (this.pieces.length === 0) return 0;
    if (position >= this.length) {
      const last = this.pieces[this.pieces.length - 1]!;
      return last.source < 0 ? last.to : last.key;
    }
    const piece = this.pieces[this.indexAt(position)]!;
    return piece.source < 0 ? piece.from + (position - piece.start) : piece.key;
  }

  /** Current offset of an anchored character, or -1 when it was replaced. */
  private positionOf(anchor: Anchor): number {
    if (anchor.source < 0) {
      const index = this.lastWithKeyAtMost(anchor.offset);
      const piece = this.pieces[index];
      return piece !== undefined && piece.source < 0 && anchor.offset < piece.to ? piece.start + anchor.offset - piece.from : -1;
    }
    const key = this.insertedKeys[anchor.source]!;
    for (let index = this.lastWithKeyAtMost(key); index >= 0 && this.pieces[index]!.key === key; index--) {
      const piece = this.pieces[index]!;
      if (piece.source === anchor.source && piece.from <= anchor.offset && anchor.offset < piece.to) return piece.start + anchor.offset - piece.from;
    }
    return -1;
  }

  /** The anchor of the character at current offset `position`. */
  anchorAt(position: number): Anchor {
    const piece = this.pieces[this.indexAt(position)]!;
    return { source: piece.source, offset: piece.from + (position - piece.start) };
  }

  /** Whether `pattern` occurs at current offset `position`. */
  private matchesAt(position: number, pattern: Uint8Array): boolean {
    if (position < 0 || position + pattern.length > this.length) return false;
    let index = this.indexAt(position);
    let offset = position - this.pieces[index]!.start;
    let done = 0;
    while (done < pattern.length) {
      const piece = this.pieces[index]!;
      const bytes = this.textOf(piece);
      const take = Math.min(piece.to - piece.from - offset, pattern.length - done);
      for (let k = 0; k < take; k++) if (bytes[piece.from + offset + k] !== pattern[done + k]) return false;
      done += take;
      index++;
      offset = 0;
    }
    return true;
  }

  /** The current bytes between two offsets: a view when one piece holds them, else a copy. */
  slice(from: number, to: number): Uint8Array {
    if (from >= to) return EMPTY;
    let index = this.indexAt(from);
    const first = this.pieces[index]!;
    if (to <= first.start + first.to - first.from) return this.textOf(first).subarray(first.from + from - first.start, first.from + to - first.start);
    const out = new Uint8Array(to - from);
    let position = from;
    while (position < to) {
      const piece = this.pieces[index]!;
      const offset = position - piece.start;
      const take = Math.min(piece.to - piece.from - offset, to - position);
      out.set(this.textOf(piece).subarray(piece.from + offset, piece.from + offset + take), position - from);
      position += take;
      index++;
    }
    return out;
  }

  /**
   * Start offsets of `pattern` in the current text, non-overlapping from left to right: the
   * original occurrences still intact plus the remembered ones still matching.
   */
  occurrences(pattern: Uint8Array, original: Int32Array, later: Anchor[]): number[] {
    const length = pattern.length;
    const candidates: number[] = [];
    let index = -1;
    for (let k = 0; k < original.length; k++) {
      const offset = original[k]!;
      // Original occurrences ascend, and so do their pieces: move forward instead of searching.
      if (index < 0 || !(this.pieces[index]!.source < 0 && offset < this.pieces[index]!.to && offset >= this.pieces[index]!.from)) index = this.lastWithKeyAtMost(offset);
      const piece = this.pieces[index];
      if (piece !== undefined && piece.source < 0 && offset + length <= piece.to) candidates.push(piece.start + offset - piece.from);
    }
    if (later.length > 0) {
      let kept = 0;
      for (const anchor of later) {
        const position = this.positionOf(anchor);
        if (position < 0) continue;
        later[kept++] = anchor;
        if (this.matchesAt(position, pattern)) candidates.push(position);
      }
      later.length = kept;
      candidates.sort((a, b) => a - b);
    }
    const chosen: number[] = [];
    let free = -Infinity;
    for (const candidate of candidates) {
      if (candidate >= free) {
        chosen.push(candidate);
        free = candidate + length;
      }
    }
    return chosen;
  }

  /**
   * The lines holding current range `position`..+`length`, before and after replacing it with
   * `text` (the `\n` form of the new text), decoded. With `cutLongLines`, a line longer than
   * {@link DIFF_LINE_LIMIT} is cut to windows around the change as the diff cuts it
   * ({@link renderLine}), and only those windows are decoded; `cut` counts the lines cut.
   */
  changedLines(position: number, length: number, text: string, newline: ByteText['newline'], cutLongLines = false): { before: string; after: string; cut: number } {
    const start = this.lineStartBefore(position);
    let end = this.lineEndAfter(position + length);
    // In CRLF bytes the line ends at the `\r` of its `\r\n` (no occurrence ends inside one).
    if (newline === '\r\n' && end < this.length && end > start && this.byteAt(end - 1) === CR) end--;
    const changeEnd = position + length;
    if (!cutLongLines) {
      const before = this.slice(start, end);
      const head = decodeText(before.subarray(0, position - start), newline);
      const tail = decodeText(before.subarray(changeEnd - start), newline);
      return { before: decodeText(before, newline), after: head + text + tail, cut: 0 };
    }
    const source = {
      slice: (from: number, to: number) => decodeText(this.slice(from, to), newline),
      snap: (offset: number) => {
        while (offset > 0 && offset < this.length && (this.byteAt(offset) & 0xc0) === 0x80) offset--;
        return offset;
      },
    };
    let cut = 0;
    const render = (parts: LinePart[]) => {
      const line = renderLine(source, parts);
      if (line.cut) cut++;
      return line.text;
    };
    // Before: each line cut into what the change replaces and what it keeps.
    const before: string[] = [];
    for (let lineStart = start; ; ) {
      let lineEnd = Math.min(end, this.lineEndAfter(lineStart));
      const next = lineEnd + 1;
      if (newline === '\r\n' && lineEnd < end && lineEnd > lineStart && this.byteAt(lineEnd - 1) === CR) lineEnd--;
      const parts: LinePart[] = [];
      const from = Math.min(lineEnd, Math.max(lineStart, position));
      const to = Math.max(from, Math.min(lineEnd, changeEnd));
      if (from > lineStart) parts.push({ text: null, from: lineStart, to: from, changed: false });
      if (position <= lineEnd && changeEnd >= lineStart) parts.push({ text: null, from, to, changed: true });
      if (to < lineEnd) parts.push({ text: null, from: to, to: lineEnd, changed: false });
      before.push(render(parts));
      if (next > end) break;
      lineStart = next;
    }
    // After: the head of the first line, the new text's lines, the tail of the last.
    const pieces = text.split('\n');
    const after = pieces.map((piece, index) => {
      const parts: LinePart[] = [];
      if (index === 0 && position > start) parts.push({ text: null, from: start, to: position, changed: false });
      parts.push({ text: piece, from: 0, to: 0, changed: true });
      if (index === pieces.length - 1 && changeEnd < end) parts.push({ text: null, from: changeEnd, to: end, changed: false });
      return render(parts);
    });
    return { before: before.join('\n'), after: after.join('\n'), cut };
  }

  /** The byte at current offset `position` (< length). */
  private byteAt(position: number): number {
    const piece = this.pieces[this.indexAt(position)]!;
    return this.textOf(piece)[piece.from + (position - piece.start)]!;
  }

  private lineStartBefore(position: number): number {
    if (position === 0 || this.pieces.length === 0) return 0;
    for (let index = this.indexAt(position - 1); index >= 0; index--) {
      const piece = this.pieces[index]!;
      const limit = Math.min(piece.to, piece.from + (position - piece.start));
      // (A typed array's lastIndexOf counts a negative start from the end.)
      const at = limit > piece.from ? this.textOf(piece).lastIndexOf(LF, limit - 1) : -1;
      if (at >= piece.from) return piece.start + (at - piece.from) + 1;
    }
    return 0;
  }

  /** The offset of the `\n` ending the line at `position`, or the length. */
  private lineEndAfter(position: number): number {
    if (position >= this.length) return this.length;
    for (let index = this.indexAt(position); index < this.pieces.length; index++) {
      const piece = this.pieces[index]!;
      const from = piece.from + Math.max(0, position - piece.start);
      const at = this.textOf(piece).indexOf(LF, from);
      if (at !== -1 && at < piece.to) return piece.start + (at - piece.from);
    }
    return this.length;
  }

  /**
   * Replaces `length` characters at each of `positions` (ascending, not overlapping) with `text`;
   * `keys` are the positions' original offsets. Returns where each change starts in the new text.
   */
  replace(positions: readonly number[], keys: readonly number[], length: number, text: Uint8Array): number[] {
    const delta = text.length - length;
    if (positions.length <= SPLICE_LIMIT) this.spliceChanges(positions, keys, length, text);
    else this.rebuild(positions, keys, length, text);
    this.length += delta * positions.length;
    // Where each change starts in the new text: each change moves the ones after it.
    return positions.map((position, k) => position + k * delta);
  }

  /**
   * A few changes: spliced into the piece list in place, right to left (so the pieces to the left
   * keep their index and start), then the starts after the first change are recomputed. No copy
   * of the list per edit: with 1000 edits that churn alone grew the heap by the file's size.
   */
  private spliceChanges(positions: readonly number[], keys: readonly number[], length: number, text: Uint8Array): void {
    const pieces = this.pieces;
    let firstChanged = pieces.length;
    for (let k = positions.length - 1; k >= 0; k--) {
      const position = positions[k]!;
      const end = position + length;
      const first = position < this.length ? this.indexAt(position) : pieces.length;
      let last = first;
      while (last < pieces.length && pieces[last]!.start + pieces[last]!.to - pieces[last]!.from <= end) last++;
      const added: Piece[] = [];
      const cut = pieces[first];
      if (cut !== undefined && cut.start < position) added.push({ source: cut.source, from: cut.from, to: cut.from + (position - cut.start), key: cut.key, start: cut.start });
      if (text.length > 0) added.push({ source: this.insert(text, keys[k]!), from: 0, to: text.length, key: keys[k]!, start: position });
      let removed = last - first;
      const rest = pieces[last];
      if (rest !== undefined && rest.start < end) {
        const from = rest.from + (end - rest.start);
        // Its start stays in old coordinates, above every position still to splice.
        added.push({ source: rest.source, from, to: rest.to, key: rest.source < 0 ? from : rest.key, start: end });
        removed++;
      }
      pieces.splice(first, removed, ...added);
      firstChanged = first;
    }
    if (firstChanged === 0 && pieces.length > 0) pieces[0]!.start = 0;
    for (let index = Math.max(1, firstChanged); index < pieces.length; index++) {
      const previous = pieces[index - 1]!;
      pieces[index]!.start = previous.start + previous.to - previous.from;
    }
  }

  /** Many changes: one pass building a new piece list (splicing each would be quadratic). */
  private rebuild(positions: readonly number[], keys: readonly number[], length: number, text: Uint8Array): void {
    const out: Piece[] = [];
    let written = 0;
    const push = (piece: Piece) => {
      piece.start = written;
      written += piece.to - piece.from;
      out.push(piece);
    };
    const pieces = this.pieces;
    let index = 0;
    positions.forEach((position, k) => {
      while (index < pieces.length && pieces[index]!.start + pieces[index]!.to - pieces[index]!.from <= position) push(pieces[index++]!);
      const cut = pieces[index];
      if (cut !== undefined && cut.start < position) push({ source: cut.source, from: cut.from, to: cut.from + (position - cut.start), key: cut.key, start: 0 });
      if (text.length > 0) push({ source: this.insert(text, keys[k]!), from: 0, to: text.length, key: keys[k]!, start: 0 });
      const end = position + length;
      while (index < pieces.length && pieces[index]!.start + pieces[index]!.to - pieces[index]!.from <= end) index++;
      const rest = pieces[index];
      if (rest !== undefined && rest.start < end) {
        const from = rest.from + (end - rest.start);
        // Still in old coordinates: the next positions are compared with it.
        pieces[index] = { source: rest.source, from, to: rest.to, key: rest.source < 0 ? from : rest.key, start: end };
      }
    });
    while (index < pieces.length) push(pieces[index++]!);
    this.pieces = out;
  }

  /** Registers inserted text; returns its source number. */
  private insert(text: Uint8Array, key: number): number {
    this.insertedKeys.push(key);
    return this.inserted.push(text) - 1;
  }

  /**
   * Scans the window around each change (`zones`, each `size` long) for the patterns, reporting
   * the occurrences that touch a change: those are the occurrences the change created.
   */
  scanChanges(zones: readonly number[], size: number, reach: number, matcher: LiteralMatcher, found: (pattern: number, position: number) => void, lengths: readonly number[]): void {
    let k = 0;
    while (k < zones.length) {
      const windowStart = Math.max(0, zones[k]! - reach + 1);
      let windowEnd = Math.min(this.length, zones[k]! + size + reach - 1);
      let last = k + 1;
      while (last < zones.length && zones[last]! - reach + 1 <= windowEnd) {
        windowEnd = Math.min(this.length, zones[last]! + size + reach - 1);
        last++;
      }
      const first = k;
      matcher.scan(this.slice(windowStart, windowEnd), (pattern, offset) => {
        const position = windowStart + offset;
        const end = position + lengths[pattern]!;
        // The first change ending after `position` (an empty change "ends" at its start, and is
        // touched only by an occurrence spanning it).
        let lo = first;
        let hi = last;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (zones[mid]! + size > position || (size === 0 && zones[mid]! > position)) hi = mid;
          else lo = mid + 1;
        }
        if (lo < last && zones[lo]! < end && (size > 0 || zones[lo]! > position)) found(pattern, position);
      });
      k = last;
    }
  }

  /**
   * The current text decoded as an {@link EditedText} (for an error report: the only time the
   * planner holds the text as a string), and a function turning ascending byte offsets of the
   * current bytes into offsets in that text, and `byteOffset`, the other way.
   */
  decode(original: ByteText, changed: boolean): { seen: EditedText; textOffsets: (offsets: readonly number[]) => number[]; byteOffset: (offset: number) => number } {
    const bytes = this.slice(0, this.length);
    const text = decodeText(bytes, original.newline);
    const lineStarts = computeLineStarts(text);
    const sameOffsets = text.length === bytes.length;
    const byteLineStarts = sameOffsets ? lineStarts : lineStartsOf(bytes);
    // Lines are the same in both: every `\n` (or `\r\n`) of the bytes is one `\n` of the text.
    const toByte = (offset: number) => {
      if (sameOffsets) return offset;
      const line = lineOfOffset({ lineStarts }, offset) - 1;
      return byteLineStarts[line]! + utf8Length(text, lineStarts[line]!, offset);
    };
    const toText = (offset: number) => {
      if (sameOffsets) return offset;
      const line = lineOfOffset({ lineStarts: byteLineStarts }, offset) - 1;
      return lineStarts[line]! + utf16Length(bytes, byteLineStarts[line]!, offset);
    };
    return {
      seen: { text, lineStarts, originalLine: (offset) => lineOfOffset(original, this.originalOffset(toByte(offset))), changed },
      textOffsets: (offsets) => offsets.map(toText),
      byteOffset: toByte,
    };
  }

  /** The replacements that turn the original into the current text. */
  replacements(originalLength: number): ByteReplacement[] {
    const out: ByteReplacement[] = [];
    let cursor = 0;
    let pending: Uint8Array[] = [];
    for (const piece of this.pieces) {
      if (piece.source < 0) {
        if (piece.from > cursor || pending.length > 0) out.push({ start: cursor, end: piece.from, bytes: joinContent(pending) });
        cursor = piece.to;
        pending = [];
      } else {
        pending.push(this.textOf(piece).subarray(piece.from, piece.to));
      }
    }
    if (cursor < originalLength || pending.length > 0) out.push({ start: cursor, end: originalLength, bytes: joinContent(pending) });
    return out;
  }
}

const LF = 10;
const CR = 13;

/** UTF-16 code units of the UTF-8 bytes `from`..`to` (a `\r` before `\n` not counted: the text is in the `\n` form). */
function utf16Length(bytes: Uint8Array, from: number, to: number): number {
  let units = 0;
  for (let at = from; at < to; at++) {
    const byte = bytes[at]!;
    // One unit per character (continuation bytes 10xxxxxx add none), two for a four-byte one.
    if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
    if (byte === 13 && bytes[at + 1] === LF) units--;
  }
  return units;
}
