import * as z from 'zod/mini';
import { malformedPathReason } from '../path-syntax.js';

/**
 * What the arguments of every operation share: the base interfaces (each field documented once)
 * and the field schemas. The operations' schemas are built from these; the editor validates its
 * input with them, and the tool layer publishes them as JSON Schema, so both always agree. Field
 * names are docs/spec/'s.
 */

/** The file an operation reads or edits. */
export interface FileArgs {
  /** File path, relative to the root. */
  path: string;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
}

/** Options of every operation that writes one file. */
export interface WriteOptions {
  /** Check everything and report what the call would do, without writing (default `false`). */
  dry_run?: boolean;
  /** The file's `hash` from an earlier result: the call fails with `CONFLICT`, writing nothing, if the file changed since. */
  expected_hash?: string;
}

/** The option of writes whose uses are checked (a structure replaced or deleted, text replaced inside one, chunks, exact-text edits, patches, whole files). */
export interface ForceOption {
  /**
   * Write even when the edit leaves a use of what it changes or removes broken: a call that no longer
   * fits a function's new parameters (`CALLS_BROKEN`, `TYPE_ERRORS_ADDED`), a reference to a
   * declaration deleted (`REFERENCES_EXIST`), or a use that cannot be checked; or one that adds
   * syntax errors (`SYNTAX_ERROR`: written with a `SYNTAX_BROKEN` warning, for code the parser is
   * wrong about). Default `false`: such an edit is refused, its uses listed.
   */
  force?: boolean;
}

/**
 * Most items one call takes: edits of `editFile`, chunks of `applyChunks`, edits of `applyEdits`.
 * More are refused with `INVALID_ARGUMENT` (split them into several calls).
 */
export const MAX_EDITS_PER_CALL = 1000;

/** `path`: a path relative to the root, refused when malformed (absolute, `..`, NUL…). */
export const pathField = described(
  z
    .string()
    .check(z.minLength(1, 'must be a non-empty path relative to the root'))
    .check(
      z.superRefine((value, context) => {
        const reason = malformedPathReason(value);
        if (reason !== null) context.addIssue({ code: 'custom', message: `is not a path relative to the root: ${reason}` });
      }),
    ),
  'The file, relative to the root, with forward slashes (e.g. "src/app.py").',
);

/** `language`: a language id overriding the file's extension. */
export const languageField = described(z.optional(z.string().check(z.minLength(1))), 'Language id to parse the file as, overriding its extension (e.g. "python").');

/** `target`: a target path. */
export const targetField = described(
  z.string(),
  'Target path: one line per nesting level, outermost first; each line is the literal start (first 50 characters) of a structure, e.g. "class UserAuth\\ndef validate(self):". "" is the whole file.',
);

/** The one definition of `expected_hash` every writing operation accepts. */
export const expectedHashField = described(
  z.optional(z.string().check(z.regex(/^sha256:[0-9a-f]{64}$/, 'must be a hash as results report it ("sha256:" and 64 hex digits)'))),
  "The file's hash from an earlier result (read or write). If the file changed since, the call fails with CONFLICT and writes nothing.",
);

/** `dry_run` of the structure operations. */
export const dryRunField = described(z.optional(z.boolean()), 'Check everything and report what the edit would do, without writing.');

/** `force` of the text edits whose uses are checked. */
export const forceField = described(
  z.optional(z.boolean()),
  'Write even when the edit leaves uses of what it changes or removes broken (a call short of a new parameter, a reference to a deleted declaration), or unchecked, or adds syntax errors; refused otherwise (CALLS_BROKEN, IMPLEMENTATIONS_BROKEN, MATCHES_BROKEN, TYPE_ERRORS_ADDED, REFERENCES_EXIST, SYNTAX_ERROR), the uses or errors listed. For uses you change next, or code the parser is wrong about.',
);

/** Whether a text holds no NUL byte. */
export const hasNoNul = (text: string): boolean => !text.includes('\0');

/** A UTF-16 surrogate without its other half: half a character, which no UTF-8 file can hold. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds only whole characters (no lone UTF-16 surrogate). */
export const isWellFormed = (text: string): boolean => !loneSurrogate.test(text);

/**
 * Text that goes into a file: no NUL byte (the file would become binary) and no half of a
 * character (a lone UTF-16 surrogate, which no UTF-8 file can hold and would be written as U+FFFD).
 */
export const fileText = () =>
  z.string().check(z.refine(hasNoNul, 'contains a NUL byte, which would make the file binary')).check(z.refine(isWellFormed, 'contains half of a character (a lone UTF-16 surrogate)'));

/**
 * A schema with its description (what JSON Schema's `description` carries to a model), registered
 * where zod's JSON Schema output reads it, on a copy (as zod's own `.describe()` does).
 */
export function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  return (schema.clone() as z.ZodMiniType).register(z.globalRegistry, { description }) as T;
}
