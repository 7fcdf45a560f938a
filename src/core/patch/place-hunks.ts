import type { PatchHunkReport } from '../errors.js';
import { describeDifferences } from '../file-edit/diagnostics.js';
import { applyReplacements, isOverlap } from '../edit/replacements.js';
import { findSimilarText } from '../text/similar-text.js';
import { createSourceText, lineOfOffset, toOriginalOffset, type SourceText } from '../text/source-text.js';
import { findWhitespaceRelaxed, type MatchMode } from '../text/whitespace-match.js';
import type { PatchHunk } from './patch-batch.js';

/** What became of one hunk (its file aside). */
export type HunkOutcome = Omit<PatchHunkReport, 'file'>;

/**
 * Applies a file's hunks in order, each searched from where the previous one ended (as patches are
 * written; a hunk found nowhere after it is looked for before it, as SEARCH/REPLACE blocks may come
 * in any order), on the `\n` form of the text: every line a hunk does not touch keeps its bytes
 * (line endings included), new lines take the file's dominant ending. A hunk's old text must occur
 * exactly: once after the previous hunk (or, when nowhere after it, once in the file), or, with a
 * line hint, the occurrence nearest to it; after an anchor line when the hunk has one; at the
 * end of the file for `*** End of File`. A file whose last line has no newline ends with that line
 * even for a hunk that cannot say so (a SEARCH block, an envelope hunk without `*** End of File`):
 * the hunk's text without its final newline matches there, and the file keeps no final newline. A
 * hunk that fails is reported with the file's most similar text and the rest are tried on the text
 * without it, so one answer lists every hunk that would not apply.
 * With `match: 'whitespace'`, a hunk found nowhere exactly applies at the one place after the
 * previous hunk where it fits with whitespace relaxed ({@link findWhitespaceRelaxed}).
 */
export function placeHunks(source: SourceText, hunks: readonly PatchHunk[], match: MatchMode = 'exact'): { text: SourceText; outcomes: HunkOutcome[] } {
  let current = source;
  let cursor = 0;
  // Line numbers of the hunks refer to the file before the patch: later ones shift by what earlier ones added.
  let lineShift = 0;
  const outcomes: HunkOutcome[] = [];
  hunks.forEach((hunk, index) => {
    const text = current.text;
    let from = cursor;
    if (hunk.anchor !== null) {
      const anchorAt = findAnchor(text, hunk.anchor, from);
      if (anchorAt !== -1) from = anchorAt;
    }
    let atEnd = hunk.at_end;
    let starts: number[];
    if (hunk.old_text === '') starts = [hunk.at_end || hunk.line_hint === null ? text.length : text.length];
    else {
      starts = occurrences(text, hunk.old_text, from);
      // The anchor narrows where to look; a hunk that is not after it (its anchor line lies before an
      // earlier hunk, as git's hunk headings can) is looked for from the previous hunk on.
      if (starts.length === 0 && from !== cursor) starts = occurrences(text, hunk.old_text, cursor);
      if (hunk.at_end) {
        const bare = hunk.old_text.endsWith('\n') ? hunk.old_text.slice(0, -1) : null;
        starts = starts.filter((start) => start + hunk.old_text.length === text.length);
        if (starts.length === 0 && bare !== null && text.endsWith(bare) && text.length - bare.length >= from) starts = [text.length - bare.length];
      } else if (starts.length === 0 && hunk.old_text.endsWith('\n') && !text.endsWith('\n') && text.endsWith(hunk.old_text.slice(0, -1)) && text.length - hunk.old_text.length + 1 >= cursor) {
        starts = [text.length - hunk.old_text.length + 1];
        atEnd = true;
      }
      // Blocks may come in any order (Aider, Cline and Roo apply each one to the whole file): a text
      // found nowhere after the previous hunk is looked for before it too.
      if (starts.length === 0 && !hunk.at_end && cursor > 0) starts = occurrences(text, hunk.old_text, 0);
    }
    const matchLength = (start: number) => (atEnd && start + hunk.old_text.length > text.length ? hunk.old_text.length - 1 : hunk.old_text.length);
    let chosen: number | null = null;
    let relaxedEnd: number | null = null;
    let newText = hunk.new_text;
    let relaxed: HunkOutcome['relaxed'];
    if (starts.length === 0 && match === 'whitespace' && hunk.old_text !== '' && !hunk.at_end) {
      // Only when the text is nowhere exactly: then the one place it fits with whitespace relaxed.
      let search = findWhitespaceRelaxed(text, hunk.old_text, hunk.new_text, cursor);
      // As exact text, a hunk that fits nowhere after the previous one may fit once before it.
      if (search.match === null && search.candidates.length === 0 && cursor > 0) search = findWhitespaceRelaxed(text, hunk.old_text, hunk.new_text, 0);
      if (search.match !== null) {
        chosen = search.match.start;
        relaxedEnd = search.match.end;
        newText = search.match.new_text;
        relaxed = { ...search.match.relaxation, line_number: lineOfOffset(current, chosen) };
      } else if (search.candidates.length > 1) {
        outcomes.push({ hunk: index + 1, patch_line: hunk.patch_line, applied: false, reason: 'ambiguous', matches: search.candidates.map((start) => lineOfOffset(current, start)) });
        return;
      }
    }
    // Unless placed with whitespace relaxed above: the one exact place, or the one nearest the line hint.
    if (chosen === null && starts.length === 1) chosen = starts[0]!;
    else if (chosen === null && starts.length > 1 && hunk.line_hint !== null) {
      const wanted = hunk.line_hint + lineShift;
      const distance = (start: number) => Math.abs(lineOfOffset(current, start) - wanted);
      const sorted = [...starts].sort((a, b) => distance(a) - distance(b));
      // Two places equally near the hint leave the choice open.
      if (distance(sorted[0]!) < distance(sorted[1]!)) chosen = sorted[0]!;
    }
    if (chosen === null) {
      if (starts.length === 0) {
        const similar = findSimilarText(current, hunk.old_text, 3).map((found) => ({ line_number: found.line, content: found.text, similarity_score: Math.round(found.score * 100) / 100, differences: describeDifferences(hunk.old_text, found.text) }));
        // Nothing worth copying: still say where the file comes nearest.
        const nearest = similar.length === 0 ? findSimilarText(current, hunk.old_text, 1, 0)[0] : undefined;
        outcomes.push({
          hunk: index + 1,
          patch_line: hunk.patch_line,
          applied: false,
          reason: 'no_match',
          similar_content: similar,
          ...(nearest ? { nearest_match: { line_number: nearest.line, content: nearest.text, similarity_score: Math.round(nearest.score * 100) / 100 } } : {}),
        });
      } else {
        outcomes.push({ hunk: index + 1, patch_line: hunk.patch_line, applied: false, reason: 'ambiguous', matches: starts.map((start) => lineOfOffset(current, start)) });
      }
      return;
    }
    const end = relaxedEnd ?? chosen + matchLength(chosen);
    if (atEnd && end === text.length && !text.endsWith('\n') && hunk.new_text.endsWith('\n') && matchLength(chosen) < hunk.old_text.length) newText = hunk.new_text.slice(0, -1);
    // A diff that shows the file's bytes exactly (carriage returns included) is applied byte for byte.
    const verbatim = relaxed === undefined && hunk.raw !== undefined && current.original.slice(toOriginalOffset(current, chosen), toOriginalOffset(current, end)) === hunk.raw.old_text;
    const edited = applyReplacements(current, [verbatim ? { start: chosen, end, text: hunk.raw!.new_text, verbatim } : { start: chosen, end, text: newText }]);
    if (isOverlap(edited)) return;
    lineShift += countLines(newText) - countLines(text.slice(chosen, end));
    current = edited;
    cursor = chosen + newText.length;
    outcomes.push({ hunk: index + 1, patch_line: hunk.patch_line, applied: true, ...(relaxed ? { relaxed } : {}) });
  });
  return { text: current, outcomes };
}

/** A new file's text in the `\n` form, as a source to apply to. */
export function emptySource(): SourceText {
  return createSourceText('');
}

function countLines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count++;
  return count;
}

/** Start offsets of `needle` in `text` from `from` on (overlapping occurrences counted once each). */
function occurrences(text: string, needle: string, from: number): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle, from); at !== -1; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** The offset of the line after the first line from `from` on holding `anchor` (trimmed), or -1. */
function findAnchor(text: string, anchor: string, from: number): number {
  let lineStart = from === 0 ? 0 : text.lastIndexOf('\n', from - 1) + 1;
  while (lineStart < text.length) {
    const lineEnd = text.indexOf('\n', lineStart);
    const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
    if (line.includes(anchor)) return lineEnd === -1 ? text.length : lineEnd + 1;
    if (lineEnd === -1) break;
    lineStart = lineEnd + 1;
  }
  return -1;
}
