import MagicString from 'magic-string';
import { createSourceText, toOriginalOffset, type SourceText } from '../text/source-text.js';
import { sameBytes } from '../same-bytes.js';
import { utf8Length } from '../text/utf8.js';

/**
 * One change to a file: the text between `start` and `end` (offsets in {@link SourceText.text},
 * the `\n` form) becomes `text` (written with `\n` line endings). `start === end` inserts.
 */
export interface Replacement {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Why replacements could not be applied: they overlap (a bug in the planner that made them). */
export interface OverlappingReplacements {
  readonly first: Replacement;
  readonly second: Replacement;
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
    text: ending === '\n' ? replacement.text : replacement.text.replace(/\n/g, ending),
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

/** The new bytes of a file, and whether they differ from the old. */
export interface EditedBytes {
  readonly bytes: Uint8Array;
  readonly changed: boolean;
}

const encoder = new TextEncoder();

/**
 * {@link applyReplacements} straight to the file's new bytes: the bytes between replacements are
 * copied from `bytes` (the UTF-8 bytes `source` was decoded from, BOM included), only the new texts
 * are encoded. Same result as encoding the edited text, without building that text, measuring its
 * lines or encoding all of it: for large files this is most of the time and memory of an edit.
 */
export function applyReplacementsToBytes(source: SourceText, bytes: Uint8Array, replacements: readonly Replacement[]): EditedBytes | OverlappingReplacements {
  const edits = toOriginalEdits(source, replacements);
  if (isOverlap(edits)) return edits;
  const original = source.original;
  const bomLength = source.bom ? 3 : 0;
  // One byte per code unit exactly when the text is ASCII; otherwise count the bytes between edits.
  const ascii = bytes.length - bomLength === original.length;
  const byteLength = (from: number, to: number) => (ascii ? to - from : utf8Length(original, from, to));
  const encoded = edits.map((edit) => encoder.encode(edit.text));
  const ranges: Array<[number, number]> = [];
  let charAt = 0;
  let byteAt = bomLength;
  let size = bytes.length;
  let changed = false;
  edits.forEach((edit, index) => {
    byteAt += byteLength(charAt, edit.start);
    const start = byteAt;
    byteAt += byteLength(edit.start, edit.end);
    charAt = edit.end;
    ranges.push([start, byteAt]);
    size += encoded[index]!.length - (byteAt - start);
    changed ||= !sameBytes(bytes.subarray(start, byteAt), encoded[index]!);
  });
  if (!changed) return { bytes, changed };
  const out = new Uint8Array(size);
  let from = 0;
  let written = 0;
  ranges.forEach(([start, end], index) => {
    out.set(bytes.subarray(from, start), written);
    written += start - from;
    out.set(encoded[index]!, written);
    written += encoded[index]!.length;
    from = end;
  });
  out.set(bytes.subarray(from), written);
  // Edits can cancel out across their boundaries (insert "\r" here, delete the "\r" after it):
  // with the size unchanged, compare the span the edits cover, the only bytes that can differ.
  if (size === bytes.length) {
    const spanStart = ranges[0]![0];
    const spanEnd = ranges[ranges.length - 1]![1];
    changed = !sameBytes(bytes.subarray(spanStart, spanEnd), out.subarray(spanStart, spanEnd));
  }
  return { bytes: out, changed };
}

/** Whether {@link applyReplacements} (or {@link applyReplacementsToBytes}) refused its input. */
export function isOverlap<T extends object>(result: T | OverlappingReplacements): result is OverlappingReplacements {
  return 'first' in result && 'second' in result;
}
