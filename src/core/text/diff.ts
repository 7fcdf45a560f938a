import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import type { Replacement } from '../edit/replacements.js';
import { decodeText, type ByteText } from './byte-text.js';
import { lineOfOffset, type SourceText } from './source-text.js';
import { utf8Length } from './utf8.js';

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
  /**
   * Lines of the diff cut to a window around their changes because they are longer than
   * 500 characters (absent: none). The diff is then for reading, not for applying.
   */
  cut_lines?: number;
}

/** Lines longer than this (in the text's offsets) are cut in a diff unless the whole diff is asked for. */
export const DIFF_LINE_LIMIT = 500;
/** Characters shown on each side of a change in a cut line. */
const CUT_WINDOW = 80;
/** The most characters of one change a cut line shows (its start and its end). */
const CUT_CHANGE = 200;
/** The head of an unchanged (context) line that is cut. */
const CUT_HEAD = 160;
/** The most windows a cut line shows. */
const CUT_WINDOWS = 5;

/** Options of {@link diffReplacements}. */
export interface DiffOptions {
  /** The file name shown in the `---` / `+++` headers (default: no headers). */
  path?: string;
  /** Unchanged lines shown around each change (default 3). */
  context?: number;
  /**
   * Cut lines longer than {@link DIFF_LINE_LIMIT} to a window around each change (with `…` and the
   * columns shown), so the diff's size and cost follow the changes, not the lines' length. Regions
   * whose lines are all shorter are diffed exactly as without it.
   */
  cutLongLines?: boolean;
}

/**
 * A text as the diff reads it: offsets are the text's own (code units of a {@link SourceText}'s
 * `text`, or bytes of a {@link ByteText}); `slice` gives the `\n` form of a range.
 */
export interface DiffableText {
  readonly lineStarts: ArrayLike<number>;
  readonly length: number;
  slice(from: number, to: number): string;
  /** Offsets a line break takes (2 in CRLF bytes; default 1). */
  readonly newlineWidth?: number;
  /** The length of a `\n`-form text in these offsets (default: its length). */
  measure?(text: string): number;
  /** The start of the character holding `offset` (an offset never cuts a character in two). */
  snap?(offset: number): number;
}

/** A decoded text, or a file's bytes (only the ranges a diff shows are decoded), as {@link DiffableText}. */
export function diffableText(source: SourceText | ByteText): DiffableText {
  if ('bytes' in source) {
    const { bytes, newline } = source;
    return {
      lineStarts: source.lineStarts,
      length: bytes.length,
      slice: (from, to) => decodeText(bytes.subarray(from, to), newline),
      newlineWidth: newline.length,
      measure: (text) => utf8Length(text) + (newline === '\r\n' ? countNewlines(text) : 0),
      snap: (offset) => {
        while (offset > 0 && offset < bytes.length && (bytes[offset]! & 0xc0) === 0x80) offset--;
        return offset;
      },
    };
  }
  const { text } = source;
  return { lineStarts: source.lineStarts, length: text.length, slice: (from, to) => text.slice(from, to), snap: (offset) => snapUnits(text, offset) };
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
  let cutLines = 0;
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
    if (options.cutLongLines) {
      const cut = cutRegionHunk(source, ordered.slice(index, next), firstLine, lastLine, context, lineDelta);
      if (cut !== null) {
        if (cut.hunk !== null) hunks.push(cut.hunk);
        cutLines += cut.cut;
        lineDelta += cut.delta;
        index = next;
        continue;
      }
    }
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
  const diff: TextDiff = { unified: formatHunks(hunks, options.path), hunks, lines_added: added, lines_removed: removed };
  if (cutLines > 0) diff.cut_lines = cutLines;
  return diff;
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

/** An offset of `text` moved back off the low half of a surrogate pair. */
function snapUnits(text: string, offset: number): number {
  if (offset > 0 && offset < text.length) {
    const unit = text.charCodeAt(offset);
    if (unit >= 0xdc00 && unit <= 0xdfff) return offset - 1;
  }
  return offset;
}

/**
 * A line given as its parts, as a diff shows it: whole when it is at most {@link DIFF_LINE_LIMIT}
 * long, else cut to windows around its changed parts (`…` where text is left out, then `  (line
 * cut: columns a-b shown)`), reading only those windows of `source`. The diff's lines and
 * `file_edit`'s dry-run previews both use it.
 */
export function renderLine(source: Pick<DiffableText, 'slice' | 'snap'>, parts: readonly LinePart[]): { text: string; cut: boolean } {
  const snap = source.snap ?? ((offset: number) => offset);
  const units = parts.map((part) => (part.text === null ? part.to - part.from : part.text.length));
  const total = units.reduce((sum, length) => sum + length, 0);
  const extract = (from: number, to: number): string => {
    let out = '';
    let position = 0;
    parts.forEach((part, k) => {
      const length = units[k]!;
      const a = Math.max(0, from - position);
      const b = Math.min(length, to - position);
      position += length;
      if (a >= b && !(a === 0 && b === 0 && length === 0)) return;
      if (part.text === null) out += source.slice(snap(part.from + a), b === length ? part.to : snap(part.from + b));
      else out += part.text.slice(snapUnits(part.text, a), snapUnits(part.text, b));
    });
    return out;
  };
  if (total <= DIFF_LINE_LIMIT) return { text: extract(0, total), cut: false };
  // The changes, in units of the line, merged where they touch.
  const changes: Array<[number, number]> = [];
  let position = 0;
  parts.forEach((part, k) => {
    const end = position + units[k]!;
    if (part.changed) {
      const last = changes[changes.length - 1];
      if (last !== undefined && last[1] >= position) last[1] = Math.max(last[1], end);
      else changes.push([position, end]);
    }
    position = end;
  });
  const windows: Array<[number, number]> = [];
  const add = (from: number, to: number) => {
    from = Math.max(0, from);
    to = Math.min(total, to);
    const last = windows[windows.length - 1];
    if (last !== undefined && last[1] >= from) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
  };
  if (changes.length === 0) add(0, CUT_HEAD);
  for (const [from, to] of changes) {
    if (to - from > CUT_CHANGE) {
      add(from - CUT_WINDOW, from + CUT_CHANGE / 2);
      add(to - CUT_CHANGE / 2, to + CUT_WINDOW);
    } else {
      add(from - CUT_WINDOW, to + CUT_WINDOW);
    }
  }
  const shown = windows.slice(0, CUT_WINDOWS);
  let text = '';
  const columns: string[] = [];
  let column = 1;
  let previous = 0;
  for (const [from, to] of shown) {
    column += extract(previous, from).length;
    const window = extract(from, to);
    text += `${from > 0 ? '…' : ''}${window}`;
    columns.push(`${column}-${column + Math.max(0, window.length - 1)}`);
    column += window.length;
    previous = to;
  }
  if (previous < total) text += '…';
  const more = windows.length - shown.length;
  return { text: `${text}  (line cut: columns ${columns.join(', ')} shown${more > 0 ? `; ${more} more changes not shown` : ''})`, cut: true };
}

/**
 * A piece of a line in a region with long lines: text of the source (`from`..`to`, `text` null)
 * or new text; `changed` when an edit replaced or inserted it (an empty changed piece marks where
 * text was deleted).
 */
export interface LinePart {
  readonly text: string | null;
  readonly from: number;
  readonly to: number;
  readonly changed: boolean;
}

/**
 * The hunk of a region holding a line longer than {@link DIFF_LINE_LIMIT}, built without decoding
 * its lines whole: the lines around each run of replacements are found from the line starts, the
 * lines a run touches are removed and the lines it leaves added (less the leading and trailing
 * ones it leaves equal), and long lines are cut to windows around their changes. `null` when the
 * region has no long line (or touches the end of a file without a final line break): the exact
 * diff then costs what the lines cost.
 */
function cutRegionHunk(source: DiffableText, replacements: readonly Replacement[], firstLine: number, lastLine: number, context: number, lineDelta: number): { hunk: DiffHunk | null; cut: number; delta: number } | null {
  const starts = source.lineStarts;
  const lineCount = starts.length;
  const width = source.newlineWidth ?? 1;
  const lineStart = (line: number) => starts[line - 1]!;
  const lineEnd = (line: number) => (line < lineCount ? starts[line]! - width : source.length);
  // A file ending with a line break has an empty last "line" after it: not a line of the diff.
  if (lastLine === lineCount && lineCount > 1 && lineStart(lineCount) === source.length) lastLine--;
  else if (lastLine === lineCount) return null;
  const regionEnd = lineEnd(lastLine);
  let long = false;
  for (const replacement of replacements) {
    if (replacement.end > regionEnd) return null;
    if (replacement.text.length > DIFF_LINE_LIMIT) long = true;
  }
  for (let line = firstLine; !long && line <= lastLine; line++) long = lineEnd(line) - lineStart(line) > DIFF_LINE_LIMIT;
  if (!long) return null;
  const measure = source.measure ?? ((text: string) => text.length);
  const lineOf = (offset: number) => lineOfOffset(source, offset);

  let cut = false;
  /** The line's text, cut when long (then `cut` is set). */
  const render = (parts: readonly LinePart[]): string => {
    const line = renderLine(source, parts);
    cut = line.cut;
    return line.text;
  };
  const original = (line: number): LinePart[] => [{ text: null, from: lineStart(line), to: lineEnd(line), changed: false }];
  const materialize = (parts: readonly LinePart[]) => parts.map((part) => part.text ?? source.slice(part.from, part.to)).join('');
  const sizeOf = (parts: readonly LinePart[]) => parts.reduce((sum, part) => sum + (part.text === null ? part.to - part.from : measure(part.text)), 0);
  const same = (a: readonly LinePart[], b: readonly LinePart[]) => sizeOf(a) === sizeOf(b) && materialize(a) === materialize(b);

  const items: Array<{ kind: ' ' | '-' | '+'; text: string; cut: boolean }> = [];
  const item = (kind: ' ' | '-' | '+', parts: readonly LinePart[]) => {
    const text = render(parts);
    items.push({ kind, text, cut });
  };
  const contextLines = (from: number, to: number) => {
    for (let line = from; line <= to; line++) item(' ', original(line));
  };
  let delta = 0;
  let cursor = firstLine;
  let k = 0;
  while (k < replacements.length) {
    // A run: replacements touching the same lines.
    const first = lineOf(replacements[k]!.start);
    let last = lineOf(Math.max(replacements[k]!.start, replacements[k]!.end));
    let end = k + 1;
    while (end < replacements.length && lineOf(replacements[end]!.start) <= last) {
      last = Math.max(last, lineOf(Math.max(replacements[end]!.start, replacements[end]!.end)));
      end++;
    }
    const run = replacements.slice(k, end);
    k = end;
    contextLines(cursor, first - 1);
    cursor = last + 1;
    // The lines before: each cut into the stretches the replacements change and those they keep.
    const before: LinePart[][] = [];
    for (let line = first; line <= last; line++) {
      const parts: LinePart[] = [];
      let at = lineStart(line);
      const stop = lineEnd(line);
      for (const replacement of run) {
        if (replacement.end < at || replacement.start > stop) continue;
        const from = Math.max(at, replacement.start);
        const to = Math.min(stop, replacement.end);
        if (from > at) parts.push({ text: null, from: at, to: from, changed: false });
        parts.push({ text: null, from, to: Math.max(from, to), changed: true });
        at = Math.max(at, to);
      }
      if (at < stop || parts.length === 0) parts.push({ text: null, from: at, to: stop, changed: false });
      before.push(parts);
    }
    // The lines after: the kept stretches and the new texts, split at line breaks.
    const after: LinePart[][] = [[]];
    const push = (part: LinePart) => after[after.length - 1]!.push(part);
    const keep = (from: number, to: number) => {
      let line = lineOf(from);
      while (line < lineCount && starts[line]! <= to) {
        const breakAt = starts[line]! - width;
        if (breakAt > from) push({ text: null, from, to: breakAt, changed: false });
        after.push([]);
        from = starts[line]!;
        line++;
      }
      if (to > from) push({ text: null, from, to, changed: false });
    };
    let at = lineStart(first);
    for (const replacement of run) {
      keep(at, replacement.start);
      const pieces = replacement.text.split('\n');
      pieces.forEach((piece, index) => {
        if (index > 0) after.push([]);
        push({ text: piece, from: 0, to: 0, changed: true });
      });
      at = Math.max(at, replacement.end);
      delta += pieces.length - 1 - (lineOf(replacement.end) - lineOf(replacement.start));
    }
    keep(at, lineEnd(last));
    let prefix = 0;
    while (prefix < before.length && prefix < after.length && same(before[prefix]!, after[prefix]!)) prefix++;
    let suffix = 0;
    while (suffix < before.length - prefix && suffix < after.length - prefix && same(before[before.length - 1 - suffix]!, after[after.length - 1 - suffix]!)) suffix++;
    contextLines(first, first + prefix - 1);
    for (let index = prefix; index < before.length - suffix; index++) item('-', before[index]!);
    for (let index = prefix; index < after.length - suffix; index++) item('+', after[index]!);
    contextLines(last - suffix + 1, last);
  }
  contextLines(cursor, lastLine);
  // At most `context` unchanged lines before the first change and after the last.
  let lead = 0;
  while (lead < items.length && items[lead]!.kind === ' ') lead++;
  if (lead === items.length) return { hunk: null, cut: 0, delta };
  let trail = 0;
  while (items[items.length - 1 - trail]!.kind === ' ') trail++;
  const dropped = Math.max(0, lead - context);
  const shown = items.slice(dropped, items.length - Math.max(0, trail - context));
  const oldLines = shown.filter((item) => item.kind !== '+').length;
  const newLines = shown.filter((item) => item.kind !== '-').length;
  const oldStart = firstLine + dropped;
  return {
    hunk: {
      old_start: oldLines === 0 ? oldStart - 1 : oldStart,
      old_lines: oldLines,
      new_start: newLines === 0 ? oldStart + lineDelta - 1 : oldStart + lineDelta,
      new_lines: newLines,
      lines: shown.map((line) => `${line.kind}${line.text}`),
    },
    cut: shown.filter((line) => line.cut).length,
    delta,
  };
}
