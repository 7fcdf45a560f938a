import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { invalidArgument, type ErrorOf } from './errors.js';

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
