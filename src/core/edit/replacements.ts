import MagicString from 'magic-string';
import { createSourceText, toOriginalOffset, type SourceText } from '../text/source-text.js';
import { sameBytes } from '../same-bytes.js';
import { diffLines } from 'diff';
import { decodeText, fileOffset, type ByteReplacement, type ByteText } from '../text/byte-text.js';

/**
 * One change to a file: the text between `start` and `end` (offsets in {@link SourceText.text},
 * the `\n` form) becomes `text` (written with `\n` line endings). `start === end` inserts.
 */
export interface Replacement {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /**
   * `text` is written exactly as given, its line endings included (a patch that shows the file's
   * bytes, `\r\n` and all, says which ending each new line has); without it `\n` becomes the
   * file's dominant ending.
   */
  readonly verbatim?: boolean;
}

/** Why replacements could not be applied: they overlap (a bug in the planner that made them). */
export interface OverlappingReplacements<R = Replacement> {
  readonly first: R;
  readonly second: R;
}

/** A replacement moved onto `source.original`: original offsets, text with the file's line ending. */
interface OriginalEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Replacements in order, on original offsets, with new lines in the file's dominant ending. */
function toOriginalEdits(source: SourceText, replacements: readonly Replacement[]): OriginalEdit[] | OverlappingReplacements {
  const ordered = replacements.map((replacement, index) => ({ replacement, index })).sort((a, b) => a.replacement.start - b.replacement.start || a.replacement.end - b.replacement.end || a.index - b.index);
  for (let i = 1; i < ordered.length; i++) {
    const previous = ordered[i - 1]!.replacement;
    const current = ordered[i]!.replacement;
    if (current.start < previous.end) return { first: previous, second: current };
  }
  const ending = source.lineEnding;
  return ordered.map(({ replacement }) => ({
    start: toOriginalOffset(source, replacement.start),
    end: toOriginalOffset(source, replacement.end),
    text: ending === '\n' || replacement.verbatim ? replacement.text : replacement.text.replace(/\n/g, ending),
  }));
}

/**
 * Applies replacements to the file's *original* text, so every line an edit does not touch keeps
 * its own bytes (mixed line endings included); inserted text takes the file's dominant line
 * ending. Replacements are offsets into `source.text` (one version of it): they must not overlap, and
 * insertions at one offset keep their given order.
 */
export function applyReplacements(source: SourceText, replacements: readonly Replacement[]): SourceText | OverlappingReplacements {
  if (replacements.length === 0) return source;
  const edits = toOriginalEdits(source, replacements);
  if (isOverlap(edits)) return edits;
  const buffer = new MagicString(source.original);
  for (const { start, end, text } of edits) {
    if (start === end) {
      if (text !== '') buffer.appendLeft(start, text);
    } else if (text === '') buffer.remove(start, end);
    else buffer.overwrite(start, end, text);
  }
  return createSourceText(buffer.toString(), source.bom);
}

/** A file's new content, and whether it differs from the old. */
export interface EditedContent {
  /** The bytes between replacements as views into the old bytes, and the new bytes: nothing joined. */
  readonly content: readonly Uint8Array[];
  readonly changed: boolean;
}

/**
 * Applies byte replacements (offsets in `text.bytes`, as the `file_edit` planner makes them) to the
 * file's bytes (`fileBytes`, which `text` was read from, byte order mark included): the bytes
 * between replacements are kept as they are, so every line an edit does not touch keeps its own
 * bytes (mixed line endings included), and new lines take the file's dominant ending. The result
 * is in chunks (views into `fileBytes` between the new bytes), so a large file is never copied.
 * Replacements must be ascending and must not overlap.
 */
export function applyByteReplacements(text: ByteText, fileBytes: Uint8Array, replacements: readonly ByteReplacement[]): EditedContent | OverlappingReplacements<ByteReplacement> {
  for (let i = 1; i < replacements.length; i++) {
    if (replacements[i]!.start < replacements[i - 1]!.end) return { first: replacements[i - 1]!, second: replacements[i]! };
  }
  // `text.bytes` is a copy with `\n` breaks only when the file mixes endings: new text written
  // there with `\n` takes the file's dominant ending now.
  const ending = text.newline === '\n' ? text.lineEnding : '\n';
  const content: Uint8Array[] = [];
  let from = 0;
  let size = fileBytes.length;
  let changed = false;
  let spanStart = -1;
  let spanEnd = -1;
  for (const replacement of replacements) {
    const start = fileOffset(text, replacement.start);
    const end = fileOffset(text, replacement.end);
    const bytes = ending === '\n' ? replacement.bytes : withLineEnding(replacement.bytes, ending);
    if (start > from) content.push(fileBytes.subarray(from, start));
    if (bytes.length > 0) content.push(bytes);
    from = end;
    size += bytes.length - (end - start);
    changed ||= !sameBytes(fileBytes.subarray(start, end), bytes);
    if (spanStart < 0) spanStart = start;
    spanEnd = end;
  }
  if (from < fileBytes.length) content.push(fileBytes.subarray(from));
  // Edits can cancel out across their boundaries (insert "\r" here, delete the "\r" after it):
  // with the size unchanged, compare the span the edits cover, the only bytes that can differ.
  if (changed && size === fileBytes.length) changed = !sameAsChunks(fileBytes.subarray(spanStart, spanEnd), content, spanStart);
  return { content: changed ? content : [fileBytes], changed };
}

/** Whether `bytes` equal the chunks' bytes from offset `at` on. */
function sameAsChunks(bytes: Uint8Array, chunks: readonly Uint8Array[], at: number): boolean {
  let offset = 0;
  let compared = 0;
  for (const chunk of chunks) {
    const next = offset + chunk.length;
    if (next > at && compared < bytes.length) {
      const from = Math.max(0, at + compared - offset);
      const take = Math.min(chunk.length - from, bytes.length - compared);
      if (!sameBytes(chunk.subarray(from, from + take), bytes.subarray(compared, compared + take))) return false;
      compared += take;
    }
    offset = next;
  }
  return compared === bytes.length;
}

/** UTF-8 bytes with each `\n` written as `ending`. */
function withLineEnding(bytes: Uint8Array, ending: '\r\n' | '\r'): Uint8Array {
  let breaks = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) breaks++;
  if (breaks === 0) return bytes;
  if (ending === '\r') return bytes.map((byte) => (byte === 10 ? 13 : byte));
  const out = new Uint8Array(bytes.length + breaks);
  let written = 0;
  for (const byte of bytes) {
    if (byte === 10) out[written++] = 13;
    out[written++] = byte;
  }
  return out;
}

/**
 * Byte replacements (offsets in `text.bytes`, ascending, as the `file_edit` planner makes them) as
 * replacements of the file's decoded text (offsets in {@link SourceText.text}: UTF-16 units of the
 * `\n` form, each `\r\n` one unit), for the checks that read the parsed file. One pass over the
 * bytes up to the last replacement.
 */
export function textReplacementsOf(text: ByteText, replacements: readonly ByteReplacement[]): Replacement[] {
  const { bytes } = text;
  const crlf = text.newline === '\r\n';
  let at = 0;
  let units = 0;
  const unitsTo = (offset: number): number => {
    for (; at < offset; at++) {
      const byte = bytes[at]!;
      // A continuation byte adds nothing; a four-byte sequence is two UTF-16 units; `\r\n` is one.
      if ((byte & 0xc0) === 0x80 || (crlf && byte === 13 && bytes[at + 1] === 10)) continue;
      units += byte >= 0xf0 ? 2 : 1;
    }
    return units;
  };
  return replacements.map((replacement) => ({ start: unitsTo(replacement.start), end: unitsTo(replacement.end), text: decodeText(replacement.bytes, text.newline) }));
}

/**
 * The replacements that turn `before` into `after` (both of the `\n` form), a line diff's runs of
 * changed lines: what a patch or a whole new text changed, for the checks of what an edit changes.
 */
export function lineReplacements(before: string, after: string): Replacement[] {
  if (before === after) return [];
  const replacements: Replacement[] = [];
  let offset = 0;
  let pending: { start: number; end: number; text: string } | null = null;
  for (const part of diffLines(before, after)) {
    if (!part.added && !part.removed) {
      if (pending) replacements.push(pending);
      pending = null;
      offset += part.value.length;
      continue;
    }
    pending ??= { start: offset, end: offset, text: '' };
    if (part.removed) {
      offset += part.value.length;
      pending.end = offset;
    } else pending.text += part.value;
  }
  if (pending) replacements.push(pending);
  return replacements;
}

/** Whether {@link applyReplacements} (or {@link applyByteReplacements}) refused its input. */
export function isOverlap<T extends object, R>(result: T | OverlappingReplacements<R>): result is OverlappingReplacements<R> {
  return 'first' in result && 'second' in result;
}

/**
 * What replacements change in `text`, each cut down to the part that differs (the text they keep at
 * either end left out), then widened to whole words where it reaches into one: a structure replaced
 * with its own text but one line changes that line, and a name given a suffix is rewritten whole.
 * Spans are offsets into `text`; a span of no width is an insertion there. Unchanged ones are left out.
 */
export function changedSpans(text: string, replacements: readonly Replacement[]): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  for (const replacement of replacements) {
    const kept = keptEnds(text, replacement);
    if (!kept) continue;
    let start = replacement.start + kept.head;
    let end = replacement.end - kept.tail;
    // A change reaching into a word rewrites the whole word: `get_data` given a suffix is another name.
    const written = replacement.text;
    const newEnd = written.length - kept.tail;
    if (isWordCode(text.charCodeAt(start - 1)) && ((start < end && isWordCode(text.charCodeAt(start))) || (kept.head < newEnd && isWordCode(written.charCodeAt(kept.head))))) {
      while (start > 0 && isWordCode(text.charCodeAt(start - 1))) start--;
    }
    // (So is a name the change makes a member: `Mapping` written `abc.Mapping`.)
    if (isWordCode(text.charCodeAt(end)) && ((start < end && isWordCode(text.charCodeAt(end - 1))) || (kept.head < newEnd && (isWordCode(written.charCodeAt(newEnd - 1)) || '.:'.includes(written[newEnd - 1]!))))) {
      while (end < text.length && isWordCode(text.charCodeAt(end))) end++;
    }
    spans.push({ start, end });
  }
  return spans;
}

/** Whether a UTF-16 unit can be part of a name in the languages structedit reads (`NaN`, past either end, cannot). */
function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36 || code > 127;
}

/**
 * Where an offset of `text` lies after the replacements, for a place they leave alone: before a
 * replacement it stays, after one it moves by what the replacement adds, and inside one (in the
 * text it keeps at either end) it keeps its distance from that end.
 */
export function offsetAfter(text: string, offset: number, replacements: readonly Replacement[]): number {
  let delta = 0;
  for (const replacement of replacements) {
    const { start, end, text: written } = replacement;
    if (offset < start) continue;
    if (offset >= end) {
      delta += written.length - (end - start);
      continue;
    }
    const kept = keptEnds(text, replacement);
    return offset - start < (kept?.head ?? end - start) ? offset + delta : start + delta + written.length - (end - offset);
  }
  return offset + delta;
}

/** How much of a replacement's text at either end is the text it replaces; `null` when it is all of it (nothing changes). */
function keptEnds(text: string, { start, end, text: written }: Replacement): { head: number; tail: number } | null {
  let head = 0;
  const limit = Math.min(end - start, written.length);
  while (head < limit && text.charCodeAt(start + head) === written.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < limit - head && text.charCodeAt(end - 1 - tail) === written.charCodeAt(written.length - 1 - tail)) tail++;
  return head + tail === end - start && head + tail === written.length ? null : { head, tail };
}

/**
 * Where the text {@link changedSpans} finds changed lies in the edited text (`edited`, the result
 * of `replacements` on `text`): the same spans, in the new text's offsets. When the written text
 * is not the replacements' as given (line endings converted to the file's), one span from the
 * first difference to the last stands for all of them.
 */
export function writtenSpans(text: string, replacements: readonly Replacement[], edited: string): Array<{ start: number; end: number }> {
  const ordered = [...replacements].sort((a, b) => a.start - b.start);
  const growth = ordered.reduce((total, { start, end, text: written }) => total + written.length - (end - start), 0);
  if (growth !== edited.length - text.length) return differingSpan(text, edited);
  const spans: Array<{ start: number; end: number }> = [];
  let delta = 0;
  for (const replacement of ordered) {
    const kept = keptEnds(text, replacement);
    const { start, end, text: written } = replacement;
    if (kept) spans.push({ start: start + delta + kept.head, end: start + delta + written.length - kept.tail });
    delta += written.length - (end - start);
  }
  return spans;
}

/** The span of `edited` from its first difference with `text` to its last (none when they are equal). */
function differingSpan(text: string, edited: string): Array<{ start: number; end: number }> {
  const limit = Math.min(text.length, edited.length);
  let head = 0;
  while (head < limit && text.charCodeAt(head) === edited.charCodeAt(head)) head++;
  if (head === text.length && head === edited.length) return [];
  let tail = 0;
  while (tail < limit - head && text.charCodeAt(text.length - 1 - tail) === edited.charCodeAt(edited.length - 1 - tail)) tail++;
  return [{ start: head, end: edited.length - tail }];
}
