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

const content = z.string().describe('The new text, at zero indent (it is re-indented to the destination, keeping its relative indentation) or as readStructure returned it. At most 1 MB.');
const oldText = z.string().min(1, 'must not be empty').describe('The exact text to find inside the structure: literal, case-sensitive, whitespace included.');
const newText = z.string().describe('The text that replaces it (written as given, not re-indented).');

/** Arguments of `replaceStructure`. */
export interface ReplaceStructureArgs {
  /** File path, relative to the root. */
  path: string;
  /** The structure to replace (`""`: the whole file). */
  target: string;
  /** Its new text (re-indented to the structure's indentation; verbatim for `""`). */
  content: string;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
}

/** Arguments of `deleteStructure`. */
export interface DeleteStructureArgs {
  /** File path, relative to the root. */
  path: string;
  /** The structure to delete. */
  target: string;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
}

/** Arguments of `replaceTextInStructure`. */
export interface ReplaceTextInStructureArgs {
  /** File path, relative to the root. */
  path: string;
  /** The structure to search (`""`: the whole file). */
  target: string;
  /** The text to find: it must occur exactly once in the structure. */
  old_text: string;
  /** What replaces it. */
  new_text: string;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
}

/** Arguments of `replaceAllTextInStructure`. */
export interface ReplaceAllTextInStructureArgs extends ReplaceTextInStructureArgs {
  /** When given, exactly this many occurrences must be found (`COUNT_MISMATCH` otherwise). */
  expected_count?: number;
}

/** Arguments of `insertBeforeStructure` and `insertAfterStructure`. */
export interface InsertStructureArgs {
  /** File path, relative to the root. */
  path: string;
  /** The structure to insert next to (`""`: the file's start or end). */
  target: string;
  /** The text to insert, re-indented to the target's indentation. */
  content: string;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
}

/** Arguments of `moveStructure`. */
export interface MoveStructureArgs {
  /** The file the structure is in. */
  source_path: string;
  /** The structure to move. */
  source_target: string;
  /** The file it goes to (the same or another; created for `file_start` / `file_end` if missing). */
  dest_path: string;
  /** The structure it goes next to (for `before` / `after`; `""` is the file). */
  dest_target?: string;
  /** Where it goes. */
  position: 'before' | 'after' | 'file_start' | 'file_end';
  /** Parse the source file as this language instead of by its extension. */
  source_language?: string;
  /** Parse the destination file as this language instead of by its extension. */
  dest_language?: string;
}

/** Schema of {@link ReplaceStructureArgs}. */
export const replaceStructureArgsSchema = z.strictObject({ path, target, content, language }) satisfies z.ZodType<ReplaceStructureArgs>;

/** Schema of {@link DeleteStructureArgs}. */
export const deleteStructureArgsSchema = z.strictObject({ path, target, language }) satisfies z.ZodType<DeleteStructureArgs>;

/** Schema of {@link ReplaceTextInStructureArgs}. */
export const replaceTextInStructureArgsSchema = z.strictObject({ path, target, old_text: oldText, new_text: newText, language }) satisfies z.ZodType<ReplaceTextInStructureArgs>;

/** Schema of {@link ReplaceAllTextInStructureArgs}. */
export const replaceAllTextInStructureArgsSchema = z.strictObject({
  path,
  target,
  old_text: oldText,
  new_text: newText,
  expected_count: z.number().int().min(1).optional().describe('How many occurrences there must be; the call fails with COUNT_MISMATCH otherwise.'),
  language,
}) satisfies z.ZodType<ReplaceAllTextInStructureArgs>;

/** Schema of {@link InsertStructureArgs}. */
export const insertStructureArgsSchema = z.strictObject({ path, target, content, language }) satisfies z.ZodType<InsertStructureArgs>;

/** Schema of {@link MoveStructureArgs}. */
export const moveStructureArgsSchema = z
  .strictObject({
    source_path: path,
    source_target: target,
    dest_path: path,
    dest_target: target.optional(),
    position: z.enum(['before', 'after', 'file_start', 'file_end']).describe('before / after dest_target, or the start / end of dest_path.'),
    source_language: language,
    dest_language: language,
  })
  .superRefine((args, context) => {
    const needsTarget = args.position === 'before' || args.position === 'after';
    if (needsTarget && args.dest_target === undefined) {
      context.addIssue({ code: 'custom', path: ['dest_target'], message: `is required with position "${args.position}": the structure to move next to ("" for the file)` });
    }
    if (!needsTarget && args.dest_target !== undefined && args.dest_target !== '') {
      context.addIssue({ code: 'custom', path: ['dest_target'], message: `is not used with position "${args.position}"; leave it out, or use position "before" / "after"` });
    }
  }) satisfies z.ZodType<MoveStructureArgs>;

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
