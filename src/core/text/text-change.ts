import { lineOfOffset, type SourceText } from './source-text.js';

/** A row and column, both 0-based, the column in UTF-16 code units (tree-sitter's `Point`). */
export interface TextPoint {
  readonly row: number;
  readonly column: number;
}

/**
 * The one span where two versions of a text differ, in the shape of tree-sitter's `Edit`: offsets
 * into `text` (the `\n` form) before and after, with their points. Everything before `startIndex`
 * and from `oldEndIndex` (before) / `newEndIndex` (after) on is identical.
 */
export interface TextChange {
  readonly startIndex: number;
  readonly oldEndIndex: number;
  readonly newEndIndex: number;
  readonly startPosition: TextPoint;
  readonly oldEndPosition: TextPoint;
  readonly newEndPosition: TextPoint;
}

// Whole blocks are compared as substrings first (a native comparison), then single characters.
const BLOCK = 4096;

/**
 * The span covering every difference between `before` and `after`: their common prefix and suffix
 * are left out. One span rather than one per replacement keeps callers free of edit bookkeeping,
 * and an incremental reparse only needs the edited region bounded, not exact.
 */
export function changedSpan(before: SourceText, after: SourceText): TextChange {
  const a = before.text;
  const b = after.text;
  const limit = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix + BLOCK <= limit && a.slice(prefix, prefix + BLOCK) === b.slice(prefix, prefix + BLOCK)) prefix += BLOCK;
  while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  // The suffix may not overlap the prefix in either text.
  const suffixLimit = limit - prefix;
  let suffix = 0;
  while (suffix + BLOCK <= suffixLimit && a.slice(a.length - suffix - BLOCK, a.length - suffix) === b.slice(b.length - suffix - BLOCK, b.length - suffix)) suffix += BLOCK;
  while (suffix < suffixLimit && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  return {
    startIndex: prefix,
    oldEndIndex: a.length - suffix,
    newEndIndex: b.length - suffix,
    startPosition: pointAt(before, prefix),
    oldEndPosition: pointAt(before, a.length - suffix),
    newEndPosition: pointAt(after, b.length - suffix),
  };
}

function pointAt(source: SourceText, offset: number): TextPoint {
  const line = lineOfOffset(source, offset);
  return { row: line - 1, column: offset - source.lineStarts[line - 1]! };
}
