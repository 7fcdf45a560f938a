import type { Result } from 'neverthrow';
import { decodeUtf8, type DecodeFailure } from './utf8.js';

/** A line ending style. */
export type LineEnding = '\n' | '\r\n' | '\r';

/**
 * A file's text in the two forms the core needs: `text`, with every line ending turned into `\n`
 * (what parsing and matching see, like git), and `original`, exactly as decoded (what edits are
 * applied to, so lines an edit does not touch keep their own bytes, mixed endings included).
 */
export interface SourceText {
  /** The text with `\n` line endings. All offsets in the core refer to this string. */
  readonly text: string;
  /** The decoded text exactly as in the file (without a byte order mark). */
  readonly original: string;
  /** Whether the file starts with a UTF-8 byte order mark. */
  readonly bom: boolean;
  /** The file's most common line ending; new lines are written with it. */
  readonly lineEnding: LineEnding;
  /** Offsets in `text` of each `\n` that was `\r\n` in `original`, ascending. */
  readonly crlfBreaks: readonly number[];
  /** Offset in `text` of the first character of each line (a typed array: 4 bytes a line, not 16). */
  readonly lineStarts: ArrayLike<number>;
}

/** A file's bytes as its {@link SourceText}: `binary` or `encoding` where they are no UTF-8 text. */
export function sourceTextOf(bytes: Uint8Array): Result<SourceText, DecodeFailure> {
  return decodeUtf8(bytes).map((decoded) => createSourceText(decoded.text, decoded.bom));
}

/** Builds the {@link SourceText} of decoded file text. */
export function createSourceText(original: string, bom = false): SourceText {
  let text = original;
  const crlfBreaks: number[] = [];
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  if (original.includes('\r')) {
    const parts: string[] = [];
    let from = 0;
    let removed = 0;
    for (let i = 0; i < original.length; i++) {
      const code = original.charCodeAt(i);
      if (code === 13) {
        if (original.charCodeAt(i + 1) === 10) {
          parts.push(original.slice(from, i));
          crlfBreaks.push(i - removed);
          removed += 1;
          from = i + 1;
          crlf += 1;
          i += 1;
        } else {
          parts.push(original.slice(from, i), '\n');
          from = i + 1;
          cr += 1;
        }
      } else if (code === 10) lf += 1;
    }
    parts.push(original.slice(from));
    text = parts.join('');
  }
  // Without any CR the dominant ending is LF, whatever the count.
  return { text, original, bom, lineEnding: dominantLineEnding(lf, crlf, cr), crlfBreaks, lineStarts: computeLineStarts(text) };
}

/** The most common of a file's line endings, from their counts (ties go to `\n`, then `\r\n`). */
export function dominantLineEnding(lf: number, crlf: number, cr: number): LineEnding {
  if (crlf > lf && crlf >= cr) return '\r\n';
  if (cr > lf && cr > crlf) return '\r';
  return '\n';
}

/** Offsets of the first character of every line of `text` (which uses `\n` endings). */
export function computeLineStarts(text: string): Uint32Array {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  const starts = new Uint32Array(lines);
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
  return starts;
}

/** Maps an offset in `source.text` to the same position in `source.original`. */
export function toOriginalOffset(source: SourceText, offset: number): number {
  return offset + crlfBreaksBefore(source.crlfBreaks, offset);
}

/**
 * How many of the ascending offsets `breaks` (where a `\n` was `\r\n`) lie before `offset`: each is
 * one unit longer in the file than in the `\n` form.
 */
export function crlfBreaksBefore(breaks: ArrayLike<number>, offset: number): number {
  let lo = 0;
  let hi = breaks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (breaks[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** 1-based line of an offset in `source.text`. */
export function lineOfOffset(source: Pick<SourceText, 'lineStarts'>, offset: number): number {
  const starts = source.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** 1-based column (in UTF-16 code units) of an offset in `source.text`. */
export function columnOfOffset(source: Pick<SourceText, 'lineStarts'>, offset: number): number {
  return offset - source.lineStarts[lineOfOffset(source, offset) - 1]! + 1;
}

/** The text of a 1-based line, without its line ending. */
export function lineText(source: Pick<SourceText, 'text' | 'lineStarts'>, line: number): string {
  const start = source.lineStarts[line - 1];
  if (start === undefined) return '';
  const next = source.lineStarts[line];
  return source.text.slice(start, next === undefined ? source.text.length : next - 1);
}

/**
 * Number of lines as an editor shows them: a final line ending does not start a new line, and an
 * empty file has zero lines.
 */
export function countLines(source: Pick<SourceText, 'text' | 'lineStarts'>): number {
  if (source.text.length === 0) return 0;
  return source.text.endsWith('\n') ? source.lineStarts.length - 1 : source.lineStarts.length;
}

/** Where `text[start, end)` ends once the line breaks it ends with are left out (a structure ends at its last character). */
export function endBeforeLineBreaks(text: string, start: number, end: number): number {
  let last = end;
  while (last > start && text.charCodeAt(last - 1) === 10) last--;
  return last;
}

/** Whether only spaces and tabs precede `offset` on its line (what starts there starts the line). */
export function startsLine(source: Pick<SourceText, 'text' | 'lineStarts'>, offset: number): boolean {
  for (let at = source.lineStarts[lineOfOffset(source, offset) - 1]!; at < offset; at++) {
    const code = source.text.charCodeAt(at);
    if (code !== 32 && code !== 9) return false;
  }
  return true;
}

/** Whether only spaces and tabs follow `offset` on its line (what ends there ends the line). */
export function endsLine(text: string, offset: number): boolean {
  for (let at = offset; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 10 || code === 13) return true;
    if (code !== 32 && code !== 9) return false;
  }
  return true;
}

/** The whitespace that starts the line holding `offset`. */
export function indentationAt(source: Pick<SourceText, 'text' | 'lineStarts'>, offset: number): string {
  const start = source.lineStarts[lineOfOffset(source, offset) - 1]!;
  const match = /^[ \t]*/.exec(source.text.slice(start, offset));
  return match ? match[0] : '';
}
