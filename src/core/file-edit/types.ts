import type { FilePreview, OtherEditFailure, SuggestedFix, ValidationError } from '../errors.js';
import type { TextDiff } from '../text/diff.js';
import type { Warning } from '../warnings.js';
import type { WhitespaceRelaxation } from '../text/whitespace-match.js';

/**
 * The result and error shapes of `file_edit`, as its specification (docs/spec/file-edit.md) spells them.
 * Line numbers are 1-based and always refer to the file as it was before the call.
 */

/** What one edit did. */
export interface EditSummary {
  /** Index of the edit in `edits` (0-based). */
  edit_index: number;
  /** How many occurrences it replaced (its `occurrences`). */
  occurrences_replaced: number;
  /** The line (in the file before the call) where each replaced occurrence starts. */
  line_numbers: number[];
  /**
   * With `match: 'whitespace'`, when the old text was found only with whitespace relaxed: what was
   * relaxed, where, and the text it replaced (as the file had it).
   */
  relaxed?: WhitespaceRelaxation & { line_number: number; matched_text: string };
}

/** One change a dry run would make. */
export interface DiffPreview {
  /** The edit making it (0-based). */
  edit_index: number;
  /** The line (in the file before the call) where the replaced text starts. */
  line_number: number;
  /**
   * The line(s) holding the replaced text, before this edit: whole, except that a line over 500
   * characters is cut to windows around the change as the diff cuts it (`…` where text is left
   * out, then `  (line cut: columns a-b shown)`); `full_diff: true` gives every line whole.
   */
  before: string;
  /** The same line(s) after this edit, cut the same way. */
  after: string;
  /** How many lines of `before` and `after` are cut (absent: none). */
  cut_lines?: number;
}

/** The diff of a `file_edit` call: a unified diff with line numbers of the original file. */
export type FileEditDiffContext = TextDiff;

/** `metadata` of a `file_edit` result. */
export interface FileEditMetadata {
  /** The file edited: the path with symbolic links resolved, relative to the root. */
  path: string;
  /** The unified diff of the change (also in dry runs). */
  diff?: FileEditDiffContext;
  /** What each edit did. */
  edits_applied?: EditSummary[];
  /** Occurrences replaced by all edits together. */
  total_replacements?: number;
  /** Whether this was a dry run (nothing written). */
  dry_run?: boolean;
  /** The file's content hash after the call (unchanged on a dry run): send it as `expected_hash` next time. */
  hash?: string;
  /** Give it to `editor.undo` to put the file back; `null` when nothing was written. */
  undo_token?: string | null;
  /** Dry runs: whether the edits would change the file. */
  would_modify?: boolean;
  /** Dry runs: each change, with its line (at most 1000). */
  preview?: DiffPreview[];
  /** Failures: what failed. */
  validation_error?: ValidationError;
  /** Failures: what to send next. */
  suggested_fixes?: SuggestedFix[];
  /** Failures: the file around where the edit failed. */
  file_preview?: FilePreview;
  /** Failures: the call's other failing edits, each checked on the file without the failed ones before it. */
  other_failures?: OtherEditFailure[];
  /** Failures: edits left unchecked because too many failed. */
  unchecked_edits?: number;
}

/** What `editFile` did: the edits, their diff, the file's hash after the call and how to undo it. */
export interface EditFileResult extends Required<Pick<FileEditMetadata, 'path' | 'diff' | 'edits_applied' | 'total_replacements' | 'dry_run' | 'hash' | 'undo_token'>> {
  /** Dry runs: whether the edits would change the file. */
  would_modify?: boolean;
  /** Dry runs: each change, with its line (at most 1000). */
  preview?: DiffPreview[];
  /** Warnings (none are produced by `file_edit` today; the field is there like on every result). */
  warnings: Warning[];
}
