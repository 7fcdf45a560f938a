import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import type { Replacement } from '../edit/replacements.js';
import { decodeText, type ByteText } from './byte-text.js';
import { lineOfOffset, type SourceText } from './source-text.js';

/** One hunk of a unified diff. Line numbers are 1-based; `lines` start with `' '`, `'-'`, `'+'` or `'\'`. */
export interface DiffHunk {
  /** First line of the hunk in the original file. */
  old_start: number;
  /** How many original lines the hunk spans. */
  old_lines: number;
  /** First line of the hunk in the edited file. */
  new_start: number;
  /** How many edited lines the hunk spans. */
  new_lines: number;
  /** The hunk's lines: context (`' '`), removed (`'-'`), added (`'+'`), `'\ No newline at end of file'`. */
  lines: string[];
}

/** A unified diff of an edit, with line numbers of the original file. */
export interface TextDiff {
  /** The unified diff text (`--- path`, `+++ path`, `@@ … @@` hunks); `""` when nothing changed. */
  unified: string;
  /** Its hunks, structured. */
  hunks: DiffHunk[];
  /** Lines added. */
  lines_added: number;
  /** Lines removed. */
  lines_removed: number;
}

/** Options of {@link diffReplacements}. */
export interface DiffOptions {
  /** The file name shown in the `---` / `+++` headers (default: no headers). */
  path?: string;
  /** Unchanged lines shown around each change (default 3). */
  context?: number;
}

/**
 * A text as the diff reads it: offsets are the text's own (code units of a {@link SourceText}'s
 * `text`, or bytes of a {@link ByteText}); `slice` gives the `\n` form of a range.
 */
export interface DiffableText {
  readonly lineStarts: ArrayLike<number>;
  readonly length: number;
  slice(from: number, to: number): string;
}

/** A decoded text, or a file's bytes (only the ranges a diff shows are decoded), as {@link DiffableText}. */
export function diffableText(source: SourceText | ByteText): DiffableText {
  if ('bytes' in source) {
    const { bytes, newline } = source;
    return { lineStarts: source.lineStarts, length: bytes.length, slice: (from, to) => decodeText(bytes.subarray(from, to), newline) };
  }
  const { text } = source;
  return { lineStarts: source.lineStarts, length: text.length, slice: (from, to) => text.slice(from, to) };
}

/**
 * The unified diff of applying `replacements` (offsets in `source`, new text in the `\n` form) to `source`, computed with
 * the `diff` package on the changed regions only: the lines each replacement touches plus their
 * context, merged where hunks would touch. Cost follows the size of the changes, not of the file,
 * so a few edits in a 100 MB file diff as fast as in a small one; the lines diffed inside a region
 * are exactly what a whole-file diff would show there, with the original file's line numbers.
 */
export function diffReplacements(source: DiffableText, replacements: readonly Replacement[], options: DiffOptions = {}): TextDiff {
  const context = options.context ?? 3;
  const ordered = [...replacements].sort((a, b) => a.start - b.start || a.end - b.end);
  const lineCount = source.lineStarts.length;
  const hunks: DiffHunk[] = [];
  let lineDelta = 0;
  let index = 0;
  while (index < ordered.length) {
    // A region: consecutive replacements whose context windows overlap or touch.
    const first = ordered[index]!;
    let firstLine = Math.max(1, lineOfOffset(source, first.start) - context);
    let lastLine = Math.min(lineCount, lineOfOffset(source, Math.max(first.start, first.end)) + context);
    let next = index + 1;
    while (next < ordered.length) {
      const candidate = ordered[next]!;
      const candidateFirst = lineOfOffset(source, candidate.start) - context;
      if (candidateFirst > lastLine + 1) break;
      lastLine = Math.min(lineCount, Math.max(lastLine, lineOfOffset(source, Math.max(candidate.start, candidate.end)) + context));
      next++;
    }
    firstLine = Math.max(1, firstLine);
    const regionStart = source.lineStarts[firstLine - 1]!;
    const regionEnd = lastLine < lineCount ? source.lineStarts[lastLine]! : source.length;
    const before = source.slice(regionStart, regionEnd);
    let after = '';
    let cursor = regionStart;
    for (let k = index; k < next; k++) {
      const replacement = ordered[k]!;
      after += source.slice(cursor, replacement.start) + replacement.text;
      cursor = Math.max(cursor, replacement.end);
    }
    after += source.slice(cursor, regionEnd);
    const simple = index + 1 === next ? replacedLinesHunk(before, after, context) : null;
    const regionHunks = simple ?? structuredPatch('', '', before, after, undefined, undefined, { context }).hunks;
    for (const hunk of regionHunks) {
      hunks.push({
        old_start: hunk.oldStart + firstLine - 1,
        old_lines: hunk.oldLines,
        new_start: hunk.newStart + firstLine - 1 + lineDelta,
        new_lines: hunk.newLines,
        lines: hunk.lines,
      });
    }
    lineDelta += countNewlines(after) - countNewlines(before);
    index = next;
  }
  let added = 0;
  let removed = 0;
  for (const hunk of hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  }
  return { unified: formatHunks(hunks, options.path), hunks, lines_added: added, lines_removed: removed };
}

/** The unified diff text of hunks (`""` when there are none). */
export function formatHunks(hunks: readonly DiffHunk[], path?: string): string {
  if (hunks.length === 0) return '';
  return formatPatch(
    {
      oldFileName: path,
      newFileName: path,
      oldHeader: undefined,
      newHeader: undefined,
      hunks: hunks.map((hunk) => ({ oldStart: hunk.old_start, oldLines: hunk.old_lines, newStart: hunk.new_start, newLines: hunk.new_lines, lines: hunk.lines })),
    },
    FILE_HEADERS_ONLY,
  );
}

/**
 * The hunk of a region where one run of lines became another, built directly: the common leading
 * and trailing lines are context, the rest is removed and added. That is what the `diff` package
 * computes when the removed and added lines have no line in common (and both texts end with a line
 * break, so no "No newline" marker is due), at a fraction of its allocations, which for 1000 edits
 * grew the heap by several megabytes. `null` (compute it with the package) otherwise.
 */
function replacedLinesHunk(before: string, after: string, context: number): Array<{ oldStart: number; oldLines: number; newStart: number; newLines: number; lines: string[] }> | null {
  if (!before.endsWith('\n') || !after.endsWith('\n')) return null;
  const old = before.slice(0, -1).split('\n');
  const edited = after.slice(0, -1).split('\n');
  let prefix = 0;
  while (prefix < old.length && prefix < edited.length && old[prefix] === edited[prefix]) prefix++;
  let suffix = 0;
  while (suffix < old.length - prefix && suffix < edited.length - prefix && old[old.length - 1 - suffix] === edited[edited.length - 1 - suffix]) suffix++;
  const removed = old.slice(prefix, old.length - suffix);
  const added = edited.slice(prefix, edited.length - suffix);
  if (removed.length === 0 && added.length === 0) return [];
  if (removed.length * added.length > MAX_LINE_COMPARISONS) return null;
  for (const line of removed) if (added.includes(line)) return null;
  const leading = Math.min(prefix, context);
  const trailing = Math.min(suffix, context);
  if (leading + removed.length + trailing === 0 || leading + added.length + trailing === 0) return null;
  const lines: string[] = [];
  for (let k = prefix - leading; k < prefix; k++) lines.push(` ${old[k]!}`);
  for (const line of removed) lines.push(`-${line}`);
  for (const line of added) lines.push(`+${line}`);
  for (let k = old.length - suffix; k < old.length - suffix + trailing; k++) lines.push(` ${old[k]!}`);
  const start = prefix - leading + 1;
  return [{ oldStart: start, oldLines: leading + removed.length + trailing, newStart: start, newLines: leading + added.length + trailing, lines }];
}

/** Above this many removed × added lines, the package's diff is cheaper than checking them pairwise. */
const MAX_LINE_COMPARISONS = 10_000;

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
