import type { ParseErrorInfo } from './errors.js';

/**
 * Kinds of warning a successful result can carry.
 *
 * - `SYNTAX_BROKEN`: the edit added syntax errors (compared with the errors the file had before).
 * - `STRUCTURE_EMPTY`: a structure now holds no code.
 * - `INDENTATION_INCONSISTENT`: indentation does not match its surroundings.
 * - `SYNTAX_ERRORS_ELSEWHERE`: the file has syntax errors, but none inside the structures this
 *   operation had to locate or read, so it went ahead.
 * - `CHUNK_AMBIGUOUS`: a chunk of `applyChunks` fitted at several places in its structure and was
 *   applied at the first; `details` names the others.
 */
export type WarningType =
  | 'SYNTAX_BROKEN'
  | 'STRUCTURE_EMPTY'
  | 'INDENTATION_INCONSISTENT'
  | 'SYNTAX_ERRORS_ELSEWHERE'
  | 'CHUNK_AMBIGUOUS';

/** A warning on a successful result. */
export interface Warning {
  /** What kind of warning. */
  type: WarningType;
  /** A sentence an LLM can act on. */
  message: string;
  /** Structured facts, e.g. `errors` for syntax warnings. */
  details?: { [key: string]: unknown };
}

/** `SYNTAX_ERRORS_ELSEWHERE` for syntax errors that did not block the operation. */
export function syntaxErrorsElsewhere(errors: readonly ParseErrorInfo[]): Warning {
  const first = errors[0];
  const where = first ? ` (first at line ${first.line}, column ${first.column})` : '';
  return {
    type: 'SYNTAX_ERRORS_ELSEWHERE',
    message: `The file has ${errors.length} syntax error${errors.length === 1 ? '' : 's'}${where} outside the structures this operation used; they were left alone.`,
    details: { errors },
  };
}
