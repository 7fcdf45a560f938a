import { diffArrays } from 'diff';
import { leadingWhitespace } from './indentation.js';

/**
 * Opt-in lenient matching (`match: 'whitespace'`): an old text with no exact occurrence is looked
 * for again with only whitespace relaxed — indentation, runs of spaces and tabs, spaces around
 * punctuation, trailing spaces — and, when every line of it carries one, a line-number prefix as
 * read tools print them (`12 | `, `12\t`, `  12→`). Letters, digits, punctuation and the line
 * structure (how many lines, which are blank) must be the same. It applies only where exactly one
 * such candidate exists: two candidates are never chosen between.
 *
 * The new text is fitted to the place found: lines it keeps from the old text are written as the
 * file has them (byte for byte), and the indentation of the other lines is mapped the way the old
 * text's indentation maps onto the file's (e.g. 2 spaces to a tab).
 */

/** How strictly old texts must match: exactly, or with whitespace relaxed where one place fits. */
export type MatchMode = 'exact' | 'whitespace';

/** What was relaxed to find an old text. */
export interface WhitespaceRelaxation {
  /** Always `whitespace`. */
  readonly match: 'whitespace';
  /** Whether line-number prefixes were removed from the old (and new) text. */
  readonly line_number_prefixes: boolean;
  /** Whether the new text's indentation was changed to the file's. */
  readonly reindented: boolean;
}

/** The one place a relaxed old text fits, and the new text fitted to it. */
export interface RelaxedMatch {
  /** Start offset in the text searched. */
  readonly start: number;
  /** End offset (exclusive). */
  readonly end: number;
  /** The new text to put there. */
  readonly new_text: string;
  readonly relaxation: WhitespaceRelaxation;
}

/** The outcome of a relaxed search: the one match, or the offsets of every candidate (none, or several). */
export type RelaxedSearch = { readonly match: RelaxedMatch } | { readonly match: null; readonly candidates: readonly number[] };

/** At most this many candidates are collected (two are enough to refuse; the lines of a few help). */
const CANDIDATE_LIMIT = 20;

/** Looks for `oldText` in `text` from `from` on, whitespace relaxed; `newText` is fitted to the one place found. */
export function findWhitespaceRelaxed(text: string, oldText: string, newText: string, from = 0): RelaxedSearch {
  const stripped = stripLineNumberPrefixes(oldText);
  const old = stripped ?? oldText;
  const fresh = stripped !== null ? (stripLineNumberPrefixes(newText, false) ?? newText) : newText;
  if (old.trim() === '') return { match: null, candidates: [] };
  const candidates = relaxedOccurrences(text, old, from);
  if (candidates.length !== 1) return { match: null, candidates: candidates.map((candidate) => candidate.start) };
  const { start, end } = candidates[0]!;
  const matched = text.slice(start, end);
  const atLineStart = start === 0 || text[start - 1] === '\n';
  const fitted = fitNewText(old, matched, fresh, atLineStart);
  return { match: { start, end, new_text: fitted, relaxation: { match: 'whitespace', line_number_prefixes: stripped !== null, reindented: fitted !== fresh } } };
}

const PREFIX = /^[ \t]*(\d+)(?:[ \t]*[|│:→][ \t]?|\t)/;

/**
 * The text without the line-number prefix every line carries, or null when some line lacks one
 * (or, for an old text, when the numbers do not count up by one: then they are likely content).
 */
function stripLineNumberPrefixes(text: string, consecutive = true): string | null {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  let previous: number | null = null;
  const out: string[] = [];
  for (const line of lines) {
    const prefix = PREFIX.exec(line);
    if (prefix === null) return null;
    const number = Number(prefix[1]);
    if (consecutive && previous !== null && number !== previous + 1) return null;
    previous = number;
    out.push(line.slice(prefix[0].length));
  }
  return out.join('\n') + (text.endsWith('\n') ? '\n' : '');
}

const WORD = /[\p{L}\p{N}_$]/u;

const isBlank = (code: number) => code === 32 || code === 9;

/** A text without its spaces and tabs, and where each remaining character was. */
interface Skeleton {
  readonly text: string;
  readonly at: Int32Array;
}

function skeletonOf(text: string): Skeleton {
  const at = new Int32Array(text.length);
  let kept = '';
  let count = 0;
  let runStart = 0;
  for (let index = 0; index <= text.length; index++) {
    if (index === text.length || isBlank(text.charCodeAt(index))) {
      if (runStart < index) kept += text.slice(runStart, index);
      runStart = index + 1;
      continue;
    }
    at[count++] = index;
  }
  return { text: kept, at: at.subarray(0, count) };
}

/**
 * Where `old` occurs in `text` from `from` on with only spaces and tabs relaxed, without overlaps:
 * the texts without spaces and tabs must match, and wherever two word characters meet, a space
 * between them in one must be a space in the other (`a b` is two tokens, `ab` one). Indentation
 * is free; when `old` starts with some, the match starts at a line start. Linear in the text (no
 * regular expression: an old text of a minified line would overflow one).
 */
function relaxedOccurrences(text: string, old: string, from: number): Array<{ start: number; end: number }> {
  const needle = skeletonOf(old);
  const haystack = skeletonOf(text);
  const indented = isBlank(old.charCodeAt(0));
  const trailing = isBlank(old.charCodeAt(old.length - 1));
  const length = needle.text.length;
  const found: Array<{ start: number; end: number }> = [];
  for (let at = haystack.text.indexOf(needle.text); at !== -1 && found.length < CANDIDATE_LIMIT; at = haystack.text.indexOf(needle.text, at + 1)) {
    let start = haystack.at[at]!;
    let end = haystack.at[at + length - 1]! + 1;
    if (indented) {
      while (start > 0 && isBlank(text.charCodeAt(start - 1))) start--;
      if (start > 0 && text[start - 1] !== '\n') continue;
    }
    if (start < from || (found.length > 0 && start < found[found.length - 1]!.end)) continue;
    if (!sameTokens(text, haystack.at, at, old, needle.at, length)) continue;
    if (trailing) while (end < text.length && isBlank(text.charCodeAt(end))) end++;
    found.push({ start, end });
  }
  return found;
}

/** Whether, between every two neighbouring word characters, both texts have a space or neither has. */
function sameTokens(text: string, textAt: Int32Array, offset: number, old: string, oldAt: Int32Array, length: number): boolean {
  for (let k = 0; k + 1 < length; k++) {
    const oldGap = oldAt[k + 1]! - oldAt[k]! > 1;
    const textGap = textAt[offset + k + 1]! - textAt[offset + k]! > 1;
    if (oldGap === textGap) continue;
    if (WORD.test(old[oldAt[k]!]!) && WORD.test(old[oldAt[k + 1]!]!)) return false;
  }
  return true;
}

/**
 * The new text as it should stand where `old` was found as `matched`: lines kept from the old text
 * are the file's lines; other lines have their indentation mapped as the old text's maps onto the
 * file's (the longest old indentation a line starts with, replaced by what the file has there).
 */
function fitNewText(old: string, matched: string, fresh: string, atLineStart: boolean): string {
  const oldLines = old.split('\n');
  const fileLines = matched.split('\n');
  const newLines = fresh.split('\n');
  // Old indentation -> the file's, from aligned lines (a fragment's first line has no indentation of its own).
  const indentMap = new Map<string, string>();
  oldLines.forEach((line, index) => {
    if (line.trim() === '' || (index === 0 && !atLineStart)) return;
    const from = leadingWhitespace(line);
    const to = leadingWhitespace(fileLines[index] ?? '');
    if (!indentMap.has(from)) indentMap.set(from, to);
  });
  const known = [...indentMap.keys()].sort((a, b) => b.length - a.length);
  // Trailing spaces the old text has on every line and the file on none were the caller's, not the file's.
  const hasTrailing = (line: string) => line.trim() !== '' && line !== line.trimEnd();
  const strayTrailing = oldLines.filter((line) => line.trim() !== '').every(hasTrailing) && !fileLines.some(hasTrailing);
  const reindent = (line: string, index: number) => {
    if (strayTrailing) line = line.trimEnd();
    if (line.trim() === '' || (index === 0 && !atLineStart)) return line;
    const indent = leadingWhitespace(line);
    const base = known.find((key) => indent.startsWith(key));
    return base === undefined ? line : indentMap.get(base)! + line.slice(base.length);
  };
  const out: string[] = [];
  let oldIndex = 0;
  let newIndex = 0;
  for (const part of diffArrays(oldLines, newLines)) {
    for (const _ of part.value) {
      if (part.removed) oldIndex++;
      else if (part.added) {
        out.push(reindent(newLines[newIndex]!, newIndex));
        newIndex++;
      } else {
        // A kept line: the file's own bytes (its first line keeps the new text's start when the match began mid-line).
        out.push(fileLines[oldIndex] ?? newLines[newIndex]!);
        oldIndex++;
        newIndex++;
      }
    }
  }
  return out.join('\n');
}
