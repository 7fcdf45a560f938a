import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { invalidArgument, type ArgumentIssue, type ErrorOf } from './errors.js';
import { utf8Length } from './text/utf8.js';

/**
 * The arguments of every operation, as zod schemas: the editor validates its input with them, and
 * the tool layer publishes them as JSON Schema, so both always agree. Field names are the seeds'.
 */

const path = z.string().min(1, 'must be a non-empty path relative to the root');
const language = z.string().min(1).optional().describe('Language id to parse the file as, overriding its extension (e.g. "python").');
const target = z
  .string()
  .describe('Target path: one line per nesting level, outermost first; each line is the literal start (first 50 characters) of a structure, e.g. "class UserAuth\\ndef validate(self):". "" is the whole file.');

/** Arguments of `readStructure`. */
export interface ReadStructureArgs {
  /** File path, relative to the root. */
  path: string;
  /** The target path; every structure it names is returned. */
  target: string;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
}

/** Arguments of `listStructures`. */
export interface ListStructuresArgs {
  /** File path, relative to the root. */
  path: string;
  /** How many levels to list (1 = top level only); all when omitted. */
  depth?: number;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
}

/** Schema of {@link ReadStructureArgs}. */
export const readStructureArgsSchema = z.strictObject({ path, target, language }) satisfies z.ZodType<ReadStructureArgs>;

/** Schema of {@link ListStructuresArgs}. */
export const listStructuresArgsSchema = z.strictObject({
  path,
  depth: z.number().int().min(1).optional().describe('How many levels to list (1 = top level only); all when omitted.'),
  language,
}) satisfies z.ZodType<ListStructuresArgs>;

/** One edit of `editFile`. */
export interface EditOperation {
  /** The exact text to find (literally: no regex, no trimming). */
  old_text: string;
  /** The text to put in its place. */
  new_text: string;
  /** How many times `old_text` must occur (default 1); the edit replaces all of them. */
  occurrences?: number;
}

/** Arguments of `editFile`. */
export interface FileEditArgs {
  /** File path, relative to the root. */
  path: string;
  /** The edits, applied in order, each to the result of the previous one (1 to 1000). */
  edits: EditOperation[];
  /** Check the edits and show the diff without writing anything (default false). */
  dry_run?: boolean;
}

/** The most edits one `editFile` call takes. */
export const MAX_EDITS_PER_CALL = 1000;

const noNul = (text: string) => !text.includes('\0');
/** A UTF-16 surrogate without its other half: half a character, which no UTF-8 file can hold. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (text: string) => !loneSurrogate.test(text);

/** Schema of {@link EditOperation}. */
export const editOperationSchema = z.strictObject({
  old_text: z
    .string()
    .refine(noNul, 'contains a NUL byte, which no text file holds')
    .refine(wellFormed, 'contains half of a character (a lone UTF-16 surrogate)')
    .describe('Exact text to find, including whitespace and line breaks (matched literally, no regex). "" only for an empty file, to set its content.'),
  new_text: z
    .string()
    .refine(noNul, 'contains a NUL byte, which would make the file binary')
    .refine(wellFormed, 'contains half of a character (a lone UTF-16 surrogate)')
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
  path,
  edits: z
    .array(editOperationSchema)
    .min(1, 'no edits given: send at least one { old_text, new_text }')
    .max(MAX_EDITS_PER_CALL, `at most ${MAX_EDITS_PER_CALL} edits per call: split them into several calls`)
    .describe('Edits applied in order, each to the result of the previous one; all succeed or nothing is written.'),
  dry_run: z.boolean().optional().describe('Check every edit and return the diff without writing (default false).'),
}) satisfies z.ZodType<FileEditArgs>;

/**
 * `INVALID_ARGUMENT` for the text arguments over `limit` UTF-8 bytes (DESIGN §6: 1 MB per content
 * argument by default), naming each.
 */
export function checkTextSizes(texts: ReadonlyArray<{ field: string; text: string }>, limit: number): Result<void, ErrorOf<'INVALID_ARGUMENT'>> {
  const issues: ArgumentIssue[] = [];
  for (const { field, text } of texts) {
    // Cheap bound first: a UTF-16 code unit is at most 3 UTF-8 bytes.
    if (text.length * 3 <= limit) continue;
    const bytes = utf8Length(text);
    if (bytes > limit) issues.push({ field, message: `is ${bytes} bytes, over the ${limit}-byte limit per text argument: split the change into smaller edits` });
  }
  return issues.length === 0 ? ok(undefined) : err(invalidArgument(issues));
}

/** Validates input against a schema, naming every offending field in `INVALID_ARGUMENT`. */
export function validateArguments<T>(schema: z.ZodType<T>, input: unknown): Result<T, ErrorOf<'INVALID_ARGUMENT'>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  return err(
    invalidArgument(
      parsed.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.'),
        message: issue.code === 'unrecognized_keys' ? `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}` : issue.message,
      })),
    ),
  );
}
