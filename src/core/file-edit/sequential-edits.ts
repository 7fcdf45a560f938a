import { err, ok, type Result } from 'neverthrow';
import { encodeText, type ByteReplacement, type ByteText } from '../text/byte-text.js';
import { createLiteralMatcher, sampleText, type LiteralMatcher, type TextSample } from '../text/literal-search.js';
import { PieceTable, type Anchor, type EditedText } from './piece-table.js';

export type { EditedText } from './piece-table.js';
import { lineOfOffset } from '../text/source-text.js';
import { findWhitespaceRelaxed } from '../text/whitespace-match.js';
import type { DiffPreview, EditSummary } from './types.js';

/**
 * The planner of `file_edit`: literal edits applied in order, each to the result of the previous
 * one, with its occurrences counted on that result. Pure; returns the replacements to make on the
 * file's bytes, or why an edit failed.
 *
 * It works on the UTF-8 bytes ({@link ByteText}), never on a decoded copy of the file: for a large
 * file that copy was the largest thing an edit held. Only an error report decodes the text.
 *
 * Doing that naively (one search and one copy of the whole text per edit) costs O(edits × file
 * size): seconds for 1000 edits on 10 MB. Here the text is a piece table over the original (pieces
 * of the original and of inserted text, never copied), and occurrences are indexed once:
 * - every pattern's occurrences in the original are found by one multi-pattern scan;
 * - when an edit inserts or deletes text, only the window around each change (the change plus,
 *   on each side, the length of the longest later pattern of a length class) is scanned for the
 *   patterns of later edits,
 *   and the occurrences found there are remembered, anchored to the piece their first byte is in;
 * - an edit's occurrences are the remembered ones still intact in the current text (an original
 *   occurrence whose bytes are all still in one original piece, or a remembered one whose bytes
 *   still match), counted without overlap from left to right (like `String.replaceAll`).
 * Every occurrence in the current text either lies in untouched original text or touches the
 * latest change next to it, so nothing is missed.
 */

/** An edit as the planner takes it: texts with `\n` line endings, `occurrences` resolved. */
export interface LiteralEdit {
  readonly old_text: string;
  readonly new_text: string;
  readonly occurrences: number;
}


/** A successful plan. */
export interface SequentialEditPlan {
  /** Replacements on the file's bytes (`text.bytes` offsets), ascending, non-overlapping. */
  replacements: ByteReplacement[];
  /** What each edit did. */
  summaries: EditSummary[];
  /** With `preview`: each change with its line, before and after (at most {@link PREVIEW_LIMIT}). */
  changes: DiffPreview[];
}

/** Why an edit could not be applied. */
export type SequentialEditFailure = (
  | {
      readonly reason: 'NO_MATCH';
      readonly seen: EditedText;
      /** Occurrences of `old_text` in the original file (non-overlapping). */
      readonly original_count: number;
      /** With `match: 'whitespace'`: where the relaxed old text fits (offsets in `seen.text`); more than one, so none was chosen. */
      readonly relaxed_candidates?: readonly number[];
    }
  | {
      readonly reason: 'WRONG_COUNT';
      readonly seen: EditedText;
      readonly original_count: number;
      /** Start offsets in `seen.text` of the occurrences found (non-overlapping, ascending). */
      readonly matches: readonly number[];
    }
  | { readonly reason: 'EMPTY_OLD_TEXT' }
) & {
  readonly edit_index: number;
  /**
   * Earlier edits of the call that failed too: this edit was checked on the text without them
   * (as if they had not been sent), so its report may change once they are fixed.
   */
  readonly after_failed: readonly number[];
};

/** Why a plan failed: every failing edit, not only the first. */
export interface SequentialEditFailures {
  /** The failing edits in order; the first is where an exact run of the edits stops. */
  readonly failures: readonly [SequentialEditFailure, ...SequentialEditFailure[]];
  /** Edits after the last failure left unchecked because {@link FAILURE_LIMIT} had failed. */
  readonly unchecked: number;
}

/** Past this many failing edits, the rest are not checked (each report decodes the text). */
export const FAILURE_LIMIT = 10;

/** The most changes a plan lists in `changes`. */
export const PREVIEW_LIMIT = 1000;

/** Options of {@link planSequentialEdits}. */
export interface PlanOptions {
  /** Collect `changes` (the lines before and after each change), as dry runs report them. */
  readonly preview?: boolean;
  /**
   * `whitespace`: an edit of one occurrence whose old text is not found exactly applies where the
   * text fits with only whitespace relaxed, when exactly one place does ({@link findWhitespaceRelaxed}).
   * Default `exact`.
   */
  readonly match?: 'exact' | 'whitespace';
  /**
   * In `changes`, cut lines longer than 500 characters to windows around the change, as
   * the diff cuts them (default: whole lines).
   */
  readonly cutLongLines?: boolean;
}

/** Plans `edits` on `text`; nothing is applied. */
export function planSequentialEdits(text: ByteText, edits: readonly LiteralEdit[], options: PlanOptions = {}): Result<SequentialEditPlan, SequentialEditFailures> {
  const patterns: Uint8Array[] = [];
  const patternIds = new Map<string, number>();
  const editPattern = edits.map((edit) => {
    if (edit.old_text === '') return -1;
    let id = patternIds.get(edit.old_text);
    if (id === undefined) {
      id = patterns.push(encodeText(edit.old_text, text.newline)) - 1;
      patternIds.set(edit.old_text, id);
    }
    return id;
  });
  const insertions = edits.map((edit) => encodeText(edit.new_text, text.newline));
  // The last edit using each pattern.
  const lastUse = patterns.map(() => -1);
  editPattern.forEach((id, index) => {
    if (id >= 0) lastUse[id] = index;
  });
  // Counted once, and only what a matcher asks for.
  const sample = sampleText(text.bytes);
  const originalOccurrences = findOriginalOccurrences(patterns, sample, text.bytes);
  const classes = edits.length > 1 ? lengthClasses(patterns, sample, editPattern) : [];
  const laterOccurrences: Anchor[][] = patterns.map(() => []);
  const table = new PieceTable(text.bytes);
  const summaries: EditSummary[] = [];
  const changes: DiffPreview[] = [];

  const failures: SequentialEditFailure[] = [];
  const failedIndices: number[] = [];
  const fail = (failure: SequentialEditFailure) => {
    failures.push(failure);
    failedIndices.push(failure.edit_index);
  };
  let index = 0;
  for (; index < edits.length && failures.length < FAILURE_LIMIT; index++) {
    const edit = edits[index]!;
    const id = editPattern[index]!;
    const pattern = id < 0 ? EMPTY : patterns[id]!;
    const after_failed = [...failedIndices];
    // A failed edit is skipped: the later ones are checked on the text without it.
    let matches: number[];
    if (id < 0) {
      if (table.length > 0) {
        fail({ reason: 'EMPTY_OLD_TEXT', edit_index: index, after_failed });
        continue;
      }
      matches = [0];
    } else {
      matches = table.occurrences(pattern, originalOccurrences[id]!, laterOccurrences[id]!);
    }
    let length = pattern.length;
    let inserted = insertions[index]!;
    let newText = edit.new_text;
    let relaxed: EditSummary['relaxed'];
    if (matches.length !== edit.occurrences) {
      const original_count = id < 0 ? (text.bytes.length === 0 ? 1 : 0) : countNonOverlapping(originalOccurrences[id]!, pattern.length);
      const { seen, textOffsets, byteOffset } = table.decode(text, index > failedIndices.length);
      if (matches.length > 0) {
        fail({ reason: 'WRONG_COUNT', edit_index: index, after_failed, seen, original_count, matches: textOffsets(matches) });
        continue;
      }
      const search = options.match === 'whitespace' && edit.occurrences === 1 ? findWhitespaceRelaxed(seen.text, edit.old_text, edit.new_text) : null;
      if (search === null || search.match === null) {
        fail({ reason: 'NO_MATCH', edit_index: index, after_failed, seen, original_count, ...(search && search.candidates.length > 1 ? { relaxed_candidates: search.candidates } : {}) });
        continue;
      }
      const { match } = search;
      const start = byteOffset(match.start);
      matches = [start];
      length = byteOffset(match.end) - start;
      newText = match.new_text;
      inserted = encodeText(newText, text.newline);
      relaxed = { ...match.relaxation, line_number: seen.originalLine(match.start), matched_text: seen.text.slice(match.start, match.end) };
    }
    const keys = matches.map((position) => table.originalOffset(position));
    summaries.push({ edit_index: index, occurrences_replaced: matches.length, line_numbers: keys.map((key) => lineOfOffset(text, key)), ...(relaxed ? { relaxed } : {}) });
    for (let k = 0; options.preview && k < matches.length && changes.length < PREVIEW_LIMIT; k++) {
      const { before, after, cut } = table.changedLines(matches[k]!, length, newText, text.newline, options.cutLongLines ?? false);
      changes.push({ edit_index: index, line_number: lineOfOffset(text, keys[k]!), before, after, ...(cut > 0 ? { cut_lines: cut } : {}) });
    }
    const zones = table.replace(matches, keys, length, inserted);
    for (const lengthClass of classes) {
      const reach = lengthClass.longestAfter[index]!;
      if (reach === 0) continue;
      table.scanChanges(zones, inserted.length, reach, lengthClass.matcher, (member, position) => {
        const later = lengthClass.members[member]!;
        if (lastUse[later]! > index) laterOccurrences[later]!.push(table.anchorAt(position));
      }, lengthClass.lengths);
    }
  }
  if (failures.length > 0) return err({ failures: failures as [SequentialEditFailure, ...SequentialEditFailure[]], unchecked: edits.length - index });
  return ok({ replacements: table.replacements(text.bytes.length), summaries, changes });
}

const EMPTY = new Uint8Array(0);

/**
 * Patterns grouped by length, each group with its own matcher: after an edit, the window scanned
 * around a change reaches as far as the group's longest later pattern, so one long pattern does not
 * widen the windows scanned for all the short ones.
 */
interface LengthClass {
  /** Pattern ids in this class; the matcher's pattern `k` is `members[k]`. */
  readonly members: readonly number[];
  readonly lengths: readonly number[];
  readonly matcher: LiteralMatcher;
  /** For each edit, the longest pattern of this class any later edit uses (0: none). */
  readonly longestAfter: readonly number[];
}

const CLASS_LIMITS = [16, 256, Infinity];

function lengthClasses(patterns: readonly Uint8Array[], sample: TextSample, editPatterns: readonly number[]): LengthClass[] {
  const classes: LengthClass[] = [];
  let floor = 1;
  for (const limit of CLASS_LIMITS) {
    // Only patterns some edit after the first uses need finding in changed text.
    const members = patterns.map((_, id) => id).filter((id) => patterns[id]!.length >= floor && patterns[id]!.length < limit && editPatterns.lastIndexOf(id) > 0);
    floor = limit;
    if (members.length === 0) continue;
    const inClass = new Set(members);
    const longestAfter = new Array<number>(editPatterns.length).fill(0);
    for (let index = editPatterns.length - 2; index >= 0; index--) {
      const next = editPatterns[index + 1]!;
      longestAfter[index] = Math.max(longestAfter[index + 1]!, inClass.has(next) ? patterns[next]!.length : 0);
    }
    const texts = members.map((id) => patterns[id]!);
    classes.push({ members, lengths: texts.map((text) => text.length), matcher: createLiteralMatcher(texts, sample), longestAfter });
  }
  return classes;
}

function findOriginalOccurrences(patterns: readonly Uint8Array[], sample: TextSample, text: Uint8Array): Int32Array[] {
  const found: number[][] = patterns.map(() => []);
  if (patterns.length > 0) createLiteralMatcher(patterns, sample).scan(text, (pattern, offset) => found[pattern]!.push(offset));
  // The sampled scan reports each pattern's occurrences out of order.
  return found.map((offsets) => Int32Array.from(offsets).sort());
}

/** How many occurrences remain when overlapping ones are dropped from left to right. */
function countNonOverlapping(sorted: ArrayLike<number>, length: number): number {
  let count = 0;
  let free = -Infinity;
  for (let k = 0; k < sorted.length; k++) {
    if (sorted[k]! >= free) {
      count++;
      free = sorted[k]! + length;
    }
  }
  return count;
}
