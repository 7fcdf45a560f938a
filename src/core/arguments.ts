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

/**
 * One chunk of `applyChunks`: lines to find by their context and replace. Every line is a line of
 * the structure without its line ending; comparisons ignore trailing whitespace (but for the
 * `old_lines` of a pure deletion, which must be exact). A string context is one line, or several
 * separated by line breaks (a final line break is ignored); `""` and `[]` mean no context, so a
 * blank line as context is `[""]`.
 */
export interface Chunk {
  /**
   * The line(s) directly above `old_lines`. Empty: the chunk starts at the structure's first line.
   */
  context_before: string | string[];
  /** The lines to replace, exactly as in the structure; empty for a pure insertion. */
  old_lines: string[];
  /** The lines to put in their place; empty for a pure deletion. */
  new_lines: string[];
  /** The line(s) directly below `old_lines`. Empty: the chunk ends at the structure's last line. */
  context_after: string | string[];
}

/**
 * Arguments of `applyChunks`. Name the structure by `target`, or by `line` (and `column`): the
 * structure that starts there, else the innermost one holding that position.
 */
export interface ApplyChunksArgs {
  /** File path, relative to the root. */
  path: string;
  /** The structure to edit, as a target path (give this or `line`). */
  target?: string;
  /** 1-based line of the structure to edit (give this or `target`). */
  line?: number;
  /**
   * 1-based column on `line`; when omitted, or inside the line's indentation, the line's first
   * non-blank character.
   */
  column?: number;
  /** The chunks, validated together against the original structure and applied all or none. */
  chunks: Chunk[];
  /** Parse the file as this language instead of by its extension. */
  language?: string;
  /** Validate and report without writing. */
  dry_run?: boolean;
}

/** Most chunks one `applyChunks` call takes. */
export const MAX_CHUNKS = 1000;

const chunkLines = (what: string) =>
  z.array(z.string(), { error: (issue) => (issue.input === undefined ? `required: ${what} (a list of strings, [] for none)` : `must be a list of lines (an array of strings): ${what}`) }).describe(`${what[0]!.toUpperCase()}${what.slice(1)}: a list of lines without line endings.`);
const chunkContext = (what: string, empty: string) =>
  z
    .union([z.string(), z.array(z.string())], {
      error: (issue) => (issue.input === undefined ? `required: ${what}, or "" when ${empty}` : `must be a line (a string) or a list of lines: ${what}, or "" when ${empty}`),
    })
    .describe(`${what[0]!.toUpperCase()}${what.slice(1)}: one line (a string) or a list of lines; "" or [] when ${empty}.`);

/** Schema of {@link Chunk}. */
export const chunkSchema = z.strictObject({
  context_before: chunkContext('the line(s) directly above old_lines', 'the chunk starts at the structure\'s first line'),
  old_lines: chunkLines('the lines to replace, exactly as in the structure'),
  new_lines: chunkLines('the lines to put in their place'),
  context_after: chunkContext('the line(s) directly below old_lines', 'the chunk ends at the structure\'s last line'),
}) satisfies z.ZodType<Chunk>;

/** Schema of {@link ApplyChunksArgs}. */
export const applyChunksArgsSchema = z
  .strictObject({
    path,
    target: target.optional(),
    line: z.number().int().min(1).optional().describe('1-based line of the structure to edit, instead of target: the structure starting on that line, else the innermost one holding it.'),
    column: z.number().int().min(1).optional().describe('1-based column on line (default: its first non-blank character).'),
    chunks: z.array(chunkSchema).min(1, 'give at least one chunk').max(MAX_CHUNKS, `at most ${MAX_CHUNKS} chunks per call`).describe('The chunks to apply, all or none.'),
    language,
    dry_run: z.boolean().optional().describe('Validate and report without writing.'),
  })
  .superRefine((args, context) => {
    if ((args.target === undefined) === (args.line === undefined)) {
      context.addIssue({ code: 'custom', path: [args.target === undefined ? 'target' : 'line'], message: args.target === undefined ? 'name the structure with target (a target path) or with line (and column)' : 'give either target or line, not both' });
    }
    if (args.column !== undefined && args.line === undefined) context.addIssue({ code: 'custom', path: ['column'], message: 'column needs line' });
    args.chunks.forEach((chunk, index) => {
      if (chunk.old_lines.length === 0 && chunk.new_lines.length === 0) {
        context.addIssue({ code: 'custom', path: ['chunks', index], message: 'old_lines and new_lines are both empty, so the chunk changes nothing; drop it or give the lines to replace or insert' });
      }
    });
  }) satisfies z.ZodType<ApplyChunksArgs>;
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
