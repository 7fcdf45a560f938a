import * as z from 'zod/mini';
import type { MatchMode } from '../text/whitespace-match.js';
import { described, expectedHashField, fileText, forceField, hasNoNul, isWellFormed, MAX_EDITS_PER_CALL, pathField, type ForceOption, type WriteOptions } from './common.js';

/** One edit of `editFile`. */
export interface EditOperation {
  /** The exact text to find (literally: no regex, no trimming). */
  old_text: string;
  /** The text to put in its place. */
  new_text: string;
  /** How many times `old_text` must occur (default 1); the edit replaces all of them. */
  occurrences?: number;
}

/**
 * Arguments of `editFile`: literal text edits of any file, parsed or not (so no `language`). A file in a
 * language structedit parses is checked as a text edit of a structure is (`force` skips the uses).
 */
export interface FileEditArgs extends WriteOptions, ForceOption {
  /** File path, relative to the root. */
  path: string;
  /** The edits, applied in order, each to the result of the previous one (1 to {@link MAX_EDITS_PER_CALL}). */
  edits: EditOperation[];
  /**
   * `exact` (default): every old_text must occur exactly. `whitespace`: an old_text of one
   * occurrence that is not found exactly applies where it fits with only whitespace (indentation,
   * spaces, line-number prefixes) relaxed, when exactly one place does; the result reports it.
   */
  match?: MatchMode;
  /**
   * Lines longer than 500 characters are cut in `diff` and in a dry run's `preview` to a window
   * around each change (the columns shown, `diff.cut_lines` and `preview[i].cut_lines` counting
   * them); `true` returns every line whole in both (the full diff and previews, which on a file of
   * long lines are as large as the lines). Default false.
   */
  full_diff?: boolean;
}

/** Schema of {@link MatchMode}. */
export const matchModeField = described(
  z.optional(z.enum(['exact', 'whitespace'] satisfies MatchMode[])),
  '"exact" (default): old text must occur exactly. "whitespace": old text not found exactly applies where it fits with only whitespace (indentation, spacing, "12 | " line-number prefixes) relaxed, if exactly one place fits; the new text is re-indented to match and the result says what was relaxed.',
);

/** Schema of {@link EditOperation}. */
export const editOperationSchema = z.strictObject({
  old_text: described(
    z.string().check(z.refine(hasNoNul, 'contains a NUL byte, which no text file holds')).check(z.refine(isWellFormed, 'contains half of a character (a lone UTF-16 surrogate)')),
    'Exact text to find, including whitespace and line breaks (matched literally, no regex). "" only for an empty file, to set its content.',
  ),
  new_text: described(fileText(), 'Text to put in place of every occurrence of old_text.'),
  occurrences: described(
    z.optional(z.number().check(z.int()).check(z.gte(1))),
    'How many times old_text must occur in the file (as the edits before leave it); all are replaced. Default 1. The call fails, writing nothing, when the count differs.',
  ),
}) satisfies z.ZodMiniType<EditOperation>;

/** Schema of {@link FileEditArgs}. */
export const fileEditArgsSchema = z.strictObject({
  path: pathField,
  edits: described(
    z
      .array(editOperationSchema)
      .check(z.minLength(1, 'no edits given: send at least one { old_text, new_text }'))
      .check(z.maxLength(MAX_EDITS_PER_CALL, `at most ${MAX_EDITS_PER_CALL} edits per call: split them into several calls`)),
    'Edits applied in order, each to the result of the previous one; all succeed or nothing is written.',
  ),
  dry_run: described(z.optional(z.boolean()), 'Check every edit and return the diff without writing (default false).'),
  match: matchModeField,
  full_diff: described(
    z.optional(z.boolean()),
    'Return the diff and dry-run previews with every line whole (default false: lines over 500 characters are cut to a window around each change, with the columns shown).',
  ),
  expected_hash: expectedHashField,
  force: forceField,
}) satisfies z.ZodMiniType<FileEditArgs>;

export type { MatchMode };
