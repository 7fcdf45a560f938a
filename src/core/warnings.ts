import type { ParseErrorInfo } from './errors.js';

/**
 * Kinds of warning a successful result can carry.
 *
 * - `SYNTAX_BROKEN`: the edit added syntax errors (compared with the errors the file had before).
 * - `STRUCTURE_EMPTY`: a structure now holds no code.
 * - `INDENTATION_INCONSISTENT`: indentation does not match its surroundings.
 * - `SYNTAX_ERRORS_ELSEWHERE`: the file has syntax errors, but none inside the structures this
 *   operation had to locate or read, so it went ahead.
 * - `SYNTAX_ERRORS_AROUND`: a structure read holds no syntax error, but errors beside it in one of
 *   the structures around it (often a macro the grammar does not know) make edits of it refused
 *   (`PARSER_FAILED`): its text is exact.
 * - `SYNTAX_ERRORS_INSIDE`: a structure read or edited whole holds syntax errors (often a macro the
 *   grammar does not know, or syntax newer than it), but its extent is exact (it ends at its own `}`,
 *   the errors hold balanced brackets), so the operation went ahead; edits of its parts (parameters,
 *   body) are refused (`PARSER_FAILED`).
 * - `CHUNK_AMBIGUOUS`: a chunk of `applyChunks` fitted at several places in its structure and was
 *   applied at the first; `details` names the others.
 * - `FORMAT_SKIPPED`: `applyEdits` was asked to format, but no formatter handles some changed files
 *   (`details.files`); they were written as edited.
 * - `REFERENCES_UNRESOLVED`: a rename or move found uses of the name it could not tie to the
 *   declaration (a member accessed on a value of unknown type, a module imported dynamically);
 *   `details.locations` lists them, unchanged.
 * - `NOT_CHECKED`: an exact-text edit, a patch or a whole-file write wrote a code file structedit
 *   could not parse (larger than `limits.maxFileBytes`, or a grammar that failed on it) without
 *   checking its syntax or the uses of what it changed.
 */
export type WarningType =
  | 'SYNTAX_BROKEN'
  | 'STRUCTURE_EMPTY'
  | 'INDENTATION_INCONSISTENT'
  | 'SYNTAX_ERRORS_ELSEWHERE'
  | 'SYNTAX_ERRORS_AROUND'
  | 'SYNTAX_ERRORS_INSIDE'
  | 'CHUNK_AMBIGUOUS'
  | 'FORMAT_SKIPPED'
  | 'REFERENCES_UNRESOLVED'
  | 'NOT_CHECKED';

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

/** `SYNTAX_ERRORS_AROUND` for the errors beside structures a read took, which stop edits of them. */
export function syntaxErrorsAround(errors: readonly (ParseErrorInfo & { end_line: number })[]): Warning {
  const first = errors[0]!;
  return {
    type: 'SYNTAX_ERRORS_AROUND',
    message: `The structure read holds no syntax error and its text is exact, but ${errors.length === 1 ? 'a syntax error' : `${errors.length} syntax errors`} beside it in a structure around it (first at lines ${first.line}-${first.end_line}, often a macro the grammar does not know) stop edits of it: fix ${errors.length === 1 ? 'that' : 'those'} first, or edit with file_edit, which needs no parser.`,
    details: { errors },
  };
}

/** `SYNTAX_ERRORS_INSIDE` for the errors inside a structure read or edited whole because its extent holds. */
export function syntaxErrorsInside(errors: readonly (ParseErrorInfo & { end_line: number })[]): Warning {
  const first = errors[0]!;
  return {
    type: 'SYNTAX_ERRORS_INSIDE',
    message: `The structure holds ${errors.length === 1 ? 'a syntax error' : `${errors.length} syntax errors`} (first at lines ${first.line}-${first.end_line}, often a macro the grammar does not know or syntax newer than it), but its extent is exact (it ends at its own closing brace, and the errors hold balanced brackets), so the operation went ahead. Edits of its parameters or body are refused until ${errors.length === 1 ? 'that error is' : 'those errors are'} fixed: replace the structure whole, or use file_edit, which needs no parser.`,
    details: { errors },
  };
}

/**
 * `STRUCTURE_EMPTY`: a structure that held at least one nested structure before the operation
 * holds none after it (its last statement, member or item was deleted, moved out or edited away).
 */
export function structureEmpty(structure: string | null, kind: string, lines: readonly [number, number]): Warning {
  return {
    type: 'STRUCTURE_EMPTY',
    message: `${describedStructure(structure, kind)} at lines ${lines[0]}-${lines[1]} now contains no code. If that was not intended, insert its body back (insertAfterStructure / replaceStructure); some languages need a placeholder such as \`pass\`.`,
    details: { structure, kind, lines: [...lines] },
  };
}

/**
 * `STRUCTURE_EMPTY` for a structure a deletion left with no statement of its own, where the language
 * needs one: `filler` (Python's `pass`) was written in place of what was deleted.
 */
export function structureEmptied(structure: string | null, kind: string, lines: readonly [number, number], filler: string): Warning {
  return {
    type: 'STRUCTURE_EMPTY',
    message: `${describedStructure(structure, kind)} at lines ${lines[0]}-${lines[1]} held nothing else: \`${filler}\` was written in place of what was deleted, as the language needs a statement there. Replace it (replaceStructure) to give it a body, or delete the whole ${kind}.`,
    details: { structure, kind, lines: [...lines] },
  };
}

/** A structure as a warning's sentence starts with it: its target and kind, `The <kind>`, or `The file`. */
function describedStructure(structure: string | null, kind: string): string {
  const name = structure === null ? `the ${kind}` : structure === '' ? 'the file' : `${JSON.stringify(structure)} (${kind})`;
  return `${name[0]!.toUpperCase()}${name.slice(1)}`;
}

/**
 * `INDENTATION_INCONSISTENT`: a non-blank line the operation wrote is indented less than the
 * block it was written into (its indentation does not start with the destination's), so it may
 * have left that block. `line` is the first such line, `lines` all of them.
 */
export function indentationInconsistent(expected: string, actual: string, line: number, lines: readonly number[]): Warning {
  const more = lines.length > 1 ? ` (and ${lines.length - 1} more: lines ${lines.slice(1, 6).join(', ')}${lines.length > 6 ? ', …' : ''})` : '';
  return {
    type: 'INDENTATION_INCONSISTENT',
    message: `Line ${line} was written with indentation ${JSON.stringify(actual)}, outside the destination's ${JSON.stringify(expected)}${more}. Send content at zero indent (or indent every line at least as much as its first) so it is re-indented as one block; read the structure back to check.`,
    details: { expected_indent: expected, actual_indent: actual, line, lines: [...lines] },
  };
}
