import type { FileEditErrorDetails } from './file-edit/types.js';

/**
 * The error values every operation returns instead of throwing. One discriminated union keyed by
 * `error`; each member carries a `message` written for an LLM (what went wrong and what to send next)
 * and typed `details`.
 */

/** The line range `[first, last]`, 1-based and inclusive. */
export type LineRange = [number, number];

/**
 * What happened to the files when an operation failed. `FILE_UNCHANGED`: nothing was written (or
 * everything written was restored); `FILES_MAY_HAVE_CHANGED`: a multi-file write failed and putting
 * the files back failed too (the message names them).
 */
export type FileState = 'FILE_UNCHANGED' | 'FILES_MAY_HAVE_CHANGED';

/** A structure suggested when a target line matched nothing. */
export interface TargetSuggestion {
  /** The candidate's match text (its first line, at most 50 characters): copy it as the target line. */
  match_text: string;
  /** The whole target (every level) that names this candidate. */
  target: string;
  /** The candidate's kind, e.g. `function`, `class`, `section`. */
  kind: string;
  /** The candidate's first line (1-based). */
  line: number;
  /** Similarity of the failing target line to this candidate, from 0 to 1. */
  similarity: number;
  /**
   * True when the candidate sits deeper than the failing level: the target probably skipped a level,
   * and `target` spells out every level.
   */
  skipped_level?: boolean;
}

/** The deepest level of a target path that did match. */
export interface ParentFound {
  /** The matched prefix of the target (`""` when only the file itself matched). */
  target: string;
  /** Kind of the (first) matched structure. */
  kind: string;
  /** Line range of the (first) matched structure. */
  line_range_inclusive: LineRange;
  /** How many structures the matched prefix named. */
  matches: number;
}

/** One of several structures a target named. */
export interface AmbiguousMatch {
  /** Kind of the matching structure. */
  kind: string;
  /** Its line range. */
  line_range_inclusive: LineRange;
  /** A target naming only this structure, or `null` when none exists. */
  target: string | null;
  /** Its match text (first line, at most 50 characters). */
  match_text: string;
}

/** A syntax error found by the parser. */
export interface ParseErrorInfo {
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** `ERROR`: text the grammar could not parse; `MISSING`: a token the parser had to assume. */
  kind: 'ERROR' | 'MISSING';
  /** The text of that line. */
  line_text: string;
  /** For `MISSING`: the token that is missing, e.g. `)`. */
  missing?: string;
}

/** One problem with an argument. */
export interface ArgumentIssue {
  /** Dotted path of the offending field, e.g. `edits.2.old_text` (`""` for the whole input). */
  field: string;
  /** What is wrong with it. */
  message: string;
}

/** The typed `details` of each error code (besides `state`). */
export interface ErrorDetailsByCode {
  /** No structure matches the target; `suggestions` lists the nearest candidates. */
  TARGET_NOT_FOUND: {
    path: string;
    /** The target's levels, one per line. */
    searched_path: string[];
    /** 1-based index of the level that matched nothing. */
    failed_level: number;
    parent_found: ParentFound;
    suggestions: TargetSuggestion[];
  };
  /** The target names several structures where one is needed; `matches` lists them. */
  TARGET_AMBIGUOUS: {
    path: string;
    target: string;
    matches: AmbiguousMatch[];
  };
  /** The file does not exist. */
  FILE_NOT_FOUND: { path: string };
  /** The file is over the size limit (`file_size` and `limit` in bytes). */
  FILE_TOO_LARGE: { path: string; file_size: number; limit: number };
  /** The file system refused the `operation`. */
  PERMISSION_DENIED: { path: string; operation: string };
  /** No parser for the file; `supported` lists language ids, `extensions` the known extensions. */
  LANGUAGE_UNSUPPORTED: { file: string; supported: string[]; extensions: string[] };
  /** Syntax errors inside the structures the operation needs, or no parser could run. */
  PARSER_FAILED: { path: string; parse_errors: ParseErrorInfo[] };
  /** The file is not valid UTF-8; `byte_offset` is the first bad sequence. */
  ENCODING_ERROR: { path: string; encoding: 'utf-8'; byte_offset: number };
  /** The file holds a NUL byte at `byte_offset`. */
  BINARY_FILE: { path: string; byte_offset: number };
  /** The input is malformed; `issues` names each offending field. */
  INVALID_ARGUMENT: { issues: ArgumentIssue[] };
  /** The path leads outside the editor's root. */
  PATH_OUTSIDE_ROOT: { path: string };
  /** Another file system failure; `code` is the system's error code. */
  IO_ERROR: { path: string; operation: string; code: string };
  /** The edit would add syntax errors and the editor was created with `syntax: 'reject'`. */
  SYNTAX_ERROR: { path: string; errors: ParseErrorInfo[] };
  /**
   * `file_edit`: an edit's `old_text` occurs nowhere in the file as that edit sees it;
   * `validation_error.similar_content` holds the closest text, `suggested_fixes` what to send.
   */
  NO_MATCH: FileEditErrorDetails;
  /**
   * `file_edit`: an edit's `old_text` occurs a different number of times than its `occurrences`;
   * `validation_error.match_locations` lists where.
   */
  WRONG_COUNT: FileEditErrorDetails;
  /** An unexpected failure inside structedit: a bug. `cause` holds the exception. */
  INTERNAL_ERROR: { cause: string };
}

/** Every error code. */
export type ErrorCode = keyof ErrorDetailsByCode;

/** An error value of one code. */
export interface ErrorOf<Code extends ErrorCode> {
  /** The error code, e.g. `TARGET_NOT_FOUND`. */
  error: Code;
  /** A sentence or two an LLM can act on: what went wrong and how to correct the next call. */
  message: string;
  /** Structured facts about the failure; `state` says what happened to the files. */
  details: ErrorDetailsByCode[Code] & { state: FileState };
}

/** The error union every operation returns. */
export type StructeditError = { [Code in ErrorCode]: ErrorOf<Code> }[ErrorCode];

/** Builds an error value; the single place that stamps `state`. */
export function makeError<Code extends ErrorCode>(
  error: Code,
  message: string,
  details: ErrorDetailsByCode[Code],
  state: FileState = 'FILE_UNCHANGED',
): ErrorOf<Code> {
  return { error, message, details: { ...details, state } };
}

/** `INVALID_ARGUMENT` for one or more argument problems. */
export function invalidArgument(issues: ArgumentIssue[]): ErrorOf<'INVALID_ARGUMENT'> {
  const listed = issues.map((issue) => `${issue.field || 'input'}: ${issue.message}`).join('; ');
  return makeError('INVALID_ARGUMENT', `Invalid argument. ${listed}. Correct these fields and call again.`, {
    issues,
  });
}

/** Narrows an unknown value to a structedit error value. */
export function isStructeditError(value: unknown): value is StructeditError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { details?: unknown }).details === 'object'
  );
}
