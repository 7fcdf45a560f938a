import type { ErrorCode } from '../errors.js';
import type { TextDiff } from '../text/diff.js';
import type { Warning } from '../warnings.js';

/**
 * The result and error shapes of `file_edit`, as its specification (docs/spec/file-edit.md) spells them.
 * Line numbers are 1-based and always refer to the file as it was before the call.
 */

/** One block of text for the caller (the shape MCP uses). */
export interface TextContent {
  /** Always `text`. */
  type: 'text';
  /** The text. */
  text: string;
}

/** What one edit did. */
export interface EditSummary {
  /** Index of the edit in `edits` (0-based). */
  edit_index: number;
  /** How many occurrences it replaced (its `occurrences`). */
  occurrences_replaced: number;
  /** The line (in the file before the call) where each replaced occurrence starts. */
  line_numbers: number[];
}

/** One change a dry run would make. */
export interface DiffPreview {
  /** The edit making it (0-based). */
  edit_index: number;
  /** The line (in the file before the call) where the replaced text starts. */
  line_number: number;
  /** The whole line(s) holding the replaced text, before this edit. */
  before: string;
  /** The same line(s) after this edit. */
  after: string;
}

/** The diff of a `file_edit` call: a unified diff with line numbers of the original file. */
export type FileEditDiffContext = TextDiff;

/** Where an `old_text` occurs (for `WRONG_COUNT`). */
export interface MatchLocation {
  /** Line of the occurrence, in the file before the call. */
  line_number: number;
  /** 1-based column where it starts (UTF-16 code units). */
  column_start: number;
  /** 1-based column just past its end on its first line. */
  column_end: number;
  /** The full line holding the start of the occurrence, as the edit saw it. */
  line_content: string;
  /** The line before it, if any. */
  context_before?: string;
  /** The line after it, if any. */
  context_after?: string;
}

/** One way the searched text differs from text in the file. */
export interface StringDiff {
  /** `whitespace`, `case`, `punctuation` (e.g. quote style) or `content`. */
  type: 'whitespace' | 'case' | 'punctuation' | 'content';
  /** The part as `old_text` has it. */
  expected: string;
  /** The part as the file has it. */
  found: string;
}

/** Text in the file close to an `old_text` that was not found. */
export interface SimilarContent {
  /** First line of the similar text, in the file before the call. */
  line_number: number;
  /** The similar text exactly as in the file: copy it into `old_text`. */
  content: string;
  /** How similar it is to the searched text, from 0 to 1. */
  similarity_score: number;
  /** What differs. */
  differences: StringDiff[];
}

/** A concrete next step for the caller. */
export interface SuggestedFix {
  /** `USE_EXACT_TEXT`, `ADJUST_COUNT`, `ESCAPE_SPECIAL` or `CHECK_WHITESPACE`. */
  type: 'USE_EXACT_TEXT' | 'ADJUST_COUNT' | 'ESCAPE_SPECIAL' | 'CHECK_WHITESPACE';
  /** What to do. */
  suggestion: string;
  /** Text to send, when there is one (e.g. the exact text to use as `old_text`). */
  example?: string;
}

/** A line of a {@link FilePreview} worth looking at. */
export interface LineHighlight {
  /** The line, in the file before the call. */
  line_number: number;
  /** Why: it starts a `match` of `old_text`, or it starts `similar` text. */
  reason: 'match' | 'similar';
}

/** A section of the file around where an edit failed. */
export interface FilePreview {
  /** Lines in the file. */
  total_lines: number;
  /** First line shown. */
  preview_start_line: number;
  /** Last line shown. */
  preview_end_line: number;
  /** The lines shown, as the failing edit saw them. */
  content: string;
  /** Lines worth looking at. */
  highlights?: LineHighlight[];
}

/** Why a `file_edit` call failed (`metadata.validation_error`). */
export interface ValidationError {
  /** The error code: `NO_MATCH`, `WRONG_COUNT`, `FILE_NOT_FOUND`, `BINARY_FILE`, `PERMISSION_DENIED`, … */
  type: ErrorCode;
  /** The edit that failed (0-based); 0 when the file itself could not be edited. */
  edit_index: number;
  /** How many edits were sent. */
  total_edits: number;
  /** What went wrong, for a person or an LLM. */
  message: string;
  /** `WRONG_COUNT`: the `occurrences` the edit asked for. */
  expected_occurrences?: number;
  /** `WRONG_COUNT`: how many there are. */
  actual_occurrences?: number;
  /** `WRONG_COUNT`: where they are (at most 100). */
  match_locations?: MatchLocation[];
  /** The `old_text` searched for. */
  search_text?: string;
  /** `NO_MATCH`: the closest text in the file, best first. */
  similar_content?: SimilarContent[];
}

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
}

/** The result of `file_edit` in the specification's shape, for either outcome. */
export interface FileEditResult {
  /** Whether the call failed (then nothing was written). */
  isError: boolean;
  /** The outcome as text for the caller (an LLM reads this). */
  content: TextContent[];
  /** The outcome as data. */
  metadata?: FileEditMetadata;
}

/** A successful `editFile`: the specification's result, plus the warnings every result carries. */
export interface FileEditSuccess extends FileEditResult {
  /** Always false. */
  isError: false;
  /** Always present on success. */
  metadata: FileEditMetadata & Required<Pick<FileEditMetadata, 'diff' | 'edits_applied' | 'total_replacements' | 'dry_run' | 'hash' | 'undo_token'>>;
  /** Warnings (none are produced by `file_edit` today; the field is there like on every result). */
  warnings: Warning[];
}

/** The `details` of `NO_MATCH` and `WRONG_COUNT` errors (besides `state`). */
export interface FileEditErrorDetails {
  /** The file, symbolic links resolved. */
  path: string;
  /** The failing edit and what was found instead. */
  validation_error: ValidationError;
  /** What to send next. */
  suggested_fixes: SuggestedFix[];
  /** The file around where the edit failed. */
  file_preview?: FilePreview;
  /** Something the caller should know, e.g. that earlier edits in the call changed the text. */
  note?: string;
}
