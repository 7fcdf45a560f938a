import * as z from 'zod';
import type { MatchMode } from '../text/whitespace-match.js';
import { expectedHashField, fileText, hasNoNul, isWellFormed, MAX_EDITS_PER_CALL, pathField, type WriteOptions } from './common.js';

/** One edit of `editFile`. */
export interface EditOperation {
  /** The exact text to find (literally: no regex, no trimming). */
  old_text: string;
  /** The text to put in its place. */
  new_text: string;
  /** How many times `old_text` must occur (default 1); the edit replaces all of them. */
  occurrences?: number;
}

/** Arguments of `editFile`: literal text edits of any file, parsed or not (so no `language`). */
export interface FileEditArgs extends WriteOptions {
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
export const matchModeField = z
  .enum(['exact', 'whitespace'] satisfies MatchMode[])
  .optional()
  .describe('"exact" (default): old text must occur exactly. "whitespace": old text not found exactly applies where it fits with only whitespace (indentation, spacing, "12 | " line-number prefixes) relaxed, if exactly one place fits; the new text is re-indented to match and the result says what was relaxed.');

/** Schema of {@link EditOperation}. */
export const editOperationSchema = z.strictObject({
  old_text: z
    .string()
    .refine(hasNoNul, 'contains a NUL byte, which no text file holds')
    .refine(isWellFormed, 'contains half of a character (a lone UTF-16 surrogate)')
    .describe('Exact text to find, including whitespace and line breaks (matched literally, no regex). "" only for an empty file, to set its content.'),
  new_text: fileText()
    .describe('Text to put in place of every occurrence of old_text.'),
  occurrences: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('How many times old_text must occur in the file (as the edits before leave it); all are replaced. Default 1. The call fails, writing nothing, when the count differs.'),
}) satisfies z.ZodType<EditOperation>;

/** Schema of {@link FileEditArgs}. */
export const fileEditArgsSchema = z.strictObject({
  path: pathField,
  edits: z
    .array(editOperationSchema)
    .min(1, 'no edits given: send at least one { old_text, new_text }')
    .max(MAX_EDITS_PER_CALL, `at most ${MAX_EDITS_PER_CALL} edits per call: split them into several calls`)
    .describe('Edits applied in order, each to the result of the previous one; all succeed or nothing is written.'),
  dry_run: z.boolean().optional().describe('Check every edit and return the diff without writing (default false).'),
  match: matchModeField,
  full_diff: z.boolean().optional().describe('Return the diff and dry-run previews with every line whole (default false: lines over 500 characters are cut to a window around each change, with the columns shown).'),
  expected_hash: expectedHashField,
}) satisfies z.ZodType<FileEditArgs>;

export type { MatchMode };
