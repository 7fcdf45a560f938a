import MagicString from 'magic-string';
import { createSourceText, toOriginalOffset, type SourceText } from '../text/source-text.js';

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

/**
 * Applies replacements to the file's *original* text, so every line an edit does not touch keeps
 * its own bytes (mixed line endings included); inserted text takes the file's dominant line
 * ending. Replacements are offsets into `source.text` (one version of it): they must not overlap, and
 * insertions at one offset keep their given order.
 */
export function applyReplacements(source: SourceText, replacements: readonly Replacement[]): SourceText | OverlappingReplacements {
  if (replacements.length === 0) return source;
  const ordered = replacements.map((replacement, index) => ({ replacement, index })).sort((a, b) => a.replacement.start - b.replacement.start || a.replacement.end - b.replacement.end || a.index - b.index);
  for (let i = 1; i < ordered.length; i++) {
    const previous = ordered[i - 1]!.replacement;
    const current = ordered[i]!.replacement;
    if (current.start < previous.end) return { first: previous, second: current };
  }
  const buffer = new MagicString(source.original);
  const ending = source.lineEnding;
  for (const { replacement } of ordered) {
    const text = ending === '\n' ? replacement.text : replacement.text.replace(/\n/g, ending);
    const start = toOriginalOffset(source, replacement.start);
    const end = toOriginalOffset(source, replacement.end);
    if (start === end) {
      if (text !== '') buffer.appendLeft(start, text);
    } else if (text === '') buffer.remove(start, end);
    else buffer.overwrite(start, end, text);
  }
  return createSourceText(buffer.toString(), source.bom);
}

/** Whether {@link applyReplacements} refused its input. */
export function isOverlap(result: SourceText | OverlappingReplacements): result is OverlappingReplacements {
  return 'first' in result;
}
