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

/** Arguments of `readFile`. */
export interface ReadFileArgs {
  /** File path, relative to the root. */
  path: string;
  /** Read the structures this target names (not together with `startLine`/`endLine`). */
  target?: string;
  /** First line of a range to read (1-based); the range runs to the end of the file without `endLine`. */
  startLine?: number;
  /** Last line of a range to read (inclusive); the range starts at line 1 without `startLine`. */
  endLine?: number;
  /** Alone: a complete map of the file. With a range: imports, exports, comments and directives collapse too. */
  skeleton?: boolean;
  /** With `target`: show nested definitions in full (`true`) instead of as stubs (default `false`). */
  recursive?: boolean;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
}

const lineNumber = z.number().int().min(1, 'line numbers start at 1');

/** Schema of {@link ReadFileArgs}. */
export const readFileArgsSchema = z
  .strictObject({
    path,
    target: target.optional(),
    startLine: lineNumber.optional().describe('First line to read (1-based). Symbols in the range are shown as stubs naming the target that reads them; the range widens to whole import/comment/gap blocks. Without endLine: to the end of the file.'),
    endLine: lineNumber.optional().describe('Last line to read (inclusive; clamped to the end of the file). Without startLine: from line 1.'),
    skeleton: z.boolean().optional().describe('Alone: a complete map of the file (directives, imports, exports, comments, symbols with their targets, gaps). With startLine/endLine: imports, exports, comments and directives collapse to one line each.'),
    recursive: z.boolean().optional().describe('With target: true shows nested definitions in full; false (default) shows them as stubs. Ignored without target.'),
    language,
  })
  .superRefine((args, context) => {
    if (args.target !== undefined && (args.startLine !== undefined || args.endLine !== undefined)) {
      context.addIssue({ code: 'custom', path: ['target'], message: 'target cannot be combined with startLine/endLine: read a structure by target, or a line range, not both' });
    }
    if (args.startLine !== undefined && args.endLine !== undefined && args.startLine > args.endLine) {
      context.addIssue({ code: 'custom', path: ['endLine'], message: `endLine ${args.endLine} is before startLine ${args.startLine}; give startLine <= endLine` });
    }
  }) satisfies z.ZodType<ReadFileArgs>;

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
