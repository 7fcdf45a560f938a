import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { invalidArgument, makeError, type ErrorOf } from './errors.js';
import { malformedPathReason } from './path-syntax.js';
import { utf8Length } from './text/utf8.js';

/**
 * The arguments of every operation, as zod schemas: the editor validates its input with them, and
 * the tool layer publishes them as JSON Schema, so both always agree. Field names are docs/spec/'s.
 */

const path = z
  .string()
  .min(1, 'must be a non-empty path relative to the root')
  .superRefine((value, context) => {
    const reason = malformedPathReason(value);
    if (reason !== null) context.addIssue({ code: 'custom', message: `is not a path relative to the root: ${reason}` });
  });
const language = z.string().min(1).optional().describe('Language id to parse the file as, overriding its extension (e.g. "python").');
const target = z
  .string()
  .describe('Target path: one line per nesting level, outermost first; each line is the literal start (first 50 characters) of a structure, e.g. "class UserAuth\\ndef validate(self):". "" is the whole file.');

const noNul = (text: string) => !text.includes('\0');
/** A UTF-16 surrogate without its other half: half a character, which no UTF-8 file can hold. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (text: string) => !loneSurrogate.test(text);
/**
 * Text that goes into a file: no NUL byte (the file would become binary) and no half of a
 * character (a lone UTF-16 surrogate, which no UTF-8 file can hold and would be written as U+FFFD).
 */
const fileText = () => z.string().refine(noNul, 'contains a NUL byte, which would make the file binary').refine(wellFormed, 'contains half of a character (a lone UTF-16 surrogate)');

/** The one definition of `expected_hash` every writing operation accepts. */
const expectedHash = z
  .string()
  .regex(/^sha256:[0-9a-f]{64}$/, 'must be a hash as results report it ("sha256:" and 64 hex digits)')
  .optional()
  .describe('The file\'s hash from an earlier result (read or write). If the file changed since, the call fails with CONFLICT and writes nothing.');

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
  /**
   * A chunk whose context fits at several places: `reject` (the default) fails with
   * `CHUNK_AMBIGUOUS`, listing the places, and writes nothing; `first` applies it at the first
   * place with a `CHUNK_AMBIGUOUS` warning.
   */
  ambiguous?: 'first' | 'reject';
  /** Parse the file as this language instead of by its extension. */
  language?: string;
  /** Validate and report without writing. */
  dry_run?: boolean;
  /** The file's `hash` from an earlier result: the call fails with `CONFLICT`, writing nothing, if the file changed since. */
  expected_hash?: string;
}

/** Most chunks one `applyChunks` call takes. */
export const MAX_CHUNKS = 1000;

const chunkLines = (what: string) =>
  z.array(fileText(), { error: (issue) => (issue.input === undefined ? `required: ${what} (a list of strings, [] for none)` : `must be a list of lines (an array of strings): ${what}`) }).describe(`${what[0]!.toUpperCase()}${what.slice(1)}: a list of lines without line endings.`);
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
    ambiguous: z.enum(['first', 'reject']).optional().describe('A chunk that fits at several places: reject (default) fails with CHUNK_AMBIGUOUS listing them; first applies it at the first place with a warning.'),
    language,
    dry_run: z.boolean().optional().describe('Validate and report without writing.'),
    expected_hash: expectedHash,
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

const content = fileText().describe('The new text, at zero indent (it is re-indented to the destination, keeping its relative indentation) or as readStructure returned it. At most 1 MB.');
const oldText = z.string().min(1, 'must not be empty').refine(wellFormed, 'contains half of a character (a lone UTF-16 surrogate)').describe('The exact text to find inside the structure: literal, case-sensitive, whitespace included.');
const newText = fileText().describe('The text that replaces it (written as given, not re-indented).');
const dryRun = z.boolean().optional().describe('Check everything and report what the edit would do, without writing.');
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
  /** Check and report without writing (the result has `dry_run: true`). */
  dry_run?: boolean;
  /** The file's `hash` from an earlier result: the call fails with `CONFLICT`, writing nothing, if the file changed since. */
  expected_hash?: string;
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

/** Arguments of `deleteStructure`. */
export interface DeleteStructureArgs {
  /** File path, relative to the root. */
  path: string;
  /** The structure to delete. */
  target: string;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
  /** Check and report without writing (the result has `dry_run: true`). */
  dry_run?: boolean;
  /** The file's `hash` from an earlier result: the call fails with `CONFLICT`, writing nothing, if the file changed since. */
  expected_hash?: string;
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
  /** Check and report without writing (the result has `dry_run: true`). */
  dry_run?: boolean;
  /** The file's `hash` from an earlier result: the call fails with `CONFLICT`, writing nothing, if the file changed since. */
  expected_hash?: string;
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
  /** Check and report without writing (the result has `dry_run: true`). */
  dry_run?: boolean;
  /** The file's `hash` from an earlier result: the call fails with `CONFLICT`, writing nothing, if the file changed since. */
  expected_hash?: string;
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
  /** Check and report without writing (the result has `dry_run: true`). */
  dry_run?: boolean;
  /** The source file's `hash` from an earlier result (`CONFLICT` if it changed since). */
  expected_hash?: string;
  /** The destination file's `hash` from an earlier result (`CONFLICT` if it changed since). */
  dest_expected_hash?: string;
}

/** Schema of {@link ReplaceStructureArgs}. */
export const replaceStructureArgsSchema = z.strictObject({ path, target, content, language, dry_run: dryRun, expected_hash: expectedHash }) satisfies z.ZodType<ReplaceStructureArgs>;

/** Schema of {@link DeleteStructureArgs}. */
export const deleteStructureArgsSchema = z.strictObject({ path, target, language, dry_run: dryRun, expected_hash: expectedHash }) satisfies z.ZodType<DeleteStructureArgs>;

/** Schema of {@link ReplaceTextInStructureArgs}. */
export const replaceTextInStructureArgsSchema = z.strictObject({ path, target, old_text: oldText, new_text: newText, language, dry_run: dryRun, expected_hash: expectedHash }) satisfies z.ZodType<ReplaceTextInStructureArgs>;

/** Schema of {@link ReplaceAllTextInStructureArgs}. */
export const replaceAllTextInStructureArgsSchema = z.strictObject({
  path,
  target,
  old_text: oldText,
  new_text: newText,
  expected_count: z.number().int().min(1).optional().describe('How many occurrences there must be; the call fails with COUNT_MISMATCH otherwise.'),
  language,
  dry_run: dryRun,
  expected_hash: expectedHash,
}) satisfies z.ZodType<ReplaceAllTextInStructureArgs>;

/** Schema of {@link InsertStructureArgs}. */
export const insertStructureArgsSchema = z.strictObject({ path, target, content, language, dry_run: dryRun, expected_hash: expectedHash }) satisfies z.ZodType<InsertStructureArgs>;

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
    dry_run: dryRun,
    expected_hash: expectedHash,
    dest_expected_hash: expectedHash,
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

/**
 * Arguments of the specified `move_structure_to_before` / `move_structure_to_after` tools: a move
 * next to `dest_target` (the position is the tool's).
 */
export type MoveStructureNextToArgs = Omit<MoveStructureArgs, 'position' | 'dest_target'> & { dest_target: string };

/** Arguments of the specified `move_structure_to_file_start` / `move_structure_to_file_end` tools. */
export type MoveStructureToFileArgs = Omit<MoveStructureArgs, 'position' | 'dest_target'>;

/** Schema of {@link MoveStructureNextToArgs}. */
export const moveStructureNextToArgsSchema = z.strictObject({
  source_path: path,
  source_target: target.describe('The structure to move (a target path, as in read_structure).'),
  dest_path: path,
  dest_target: target.describe('The structure to put it next to, in dest_path ("" for the file).'),
  source_language: language,
  dest_language: language,
  dry_run: dryRun,
  expected_hash: expectedHash,
  dest_expected_hash: expectedHash,
}) satisfies z.ZodType<MoveStructureNextToArgs>;

/** Schema of {@link MoveStructureToFileArgs}. */
export const moveStructureToFileArgsSchema = z.strictObject({
  source_path: path,
  source_target: target.describe('The structure to move (a target path, as in read_structure).'),
  dest_path: path.describe('The file it goes to; created with its folders if missing.'),
  source_language: language,
  dest_language: language,
  dry_run: dryRun,
  expected_hash: expectedHash,
  dest_expected_hash: expectedHash,
}) satisfies z.ZodType<MoveStructureToFileArgs>;
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
  /** The file's `hash` from an earlier result: the call fails with `CONFLICT`, writing nothing, if the file changed since. */
  expected_hash?: string;
}

/** The most edits one `editFile` call takes. */
export const MAX_EDITS_PER_CALL = 1000;


/** Schema of {@link EditOperation}. */
export const editOperationSchema = z.strictObject({
  old_text: z
    .string()
    .refine(noNul, 'contains a NUL byte, which no text file holds')
    .refine(wellFormed, 'contains half of a character (a lone UTF-16 surrogate)')
    .describe('Exact text to find, including whitespace and line breaks (matched literally, no regex). "" only for an empty file, to set its content.'),
  new_text: fileText()
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
  expected_hash: expectedHash,
}) satisfies z.ZodType<FileEditArgs>;

/**
 * `CONTENT_TOO_LARGE` for the first text argument over `limit` UTF-8 bytes (docs/safety.md: 1 MB per
 * content argument by default). One check for every operation that takes content.
 */
export function checkContentSizes(texts: ReadonlyArray<{ field: string; text: string }>, limit: number): Result<void, ErrorOf<'CONTENT_TOO_LARGE'>> {
  for (const { field, text } of texts) {
    // Cheap bound first: a UTF-16 code unit is at most 3 UTF-8 bytes, so most texts need no counting.
    if (text.length * 3 <= limit) continue;
    const size = utf8Length(text);
    if (size > limit) {
      return err(
        makeError('CONTENT_TOO_LARGE', `${field} is ${size} bytes, over the ${limit}-byte limit for one argument; nothing was written. Split the change into several calls (for example one per nested structure).`, {
          field,
          content_size: size,
          limit,
        }),
      );
    }
  }
  return ok(undefined);
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

const address = z
  .string()
  .describe('Address: a target path (one line per nesting level, e.g. "class User\\ndef save") plus an optional part: .body .params .returns .decorators .name .value .type .args .bases .type_params .imports, or an element by name (.timeout), ["key"] or [index]. The part may follow the last line or stand on a line of its own; "" + part (e.g. ".imports") is the file.');
const editPath = path.describe('File, relative to the root.');

/** `set`: the addressed part's text becomes `value` (the file must still parse). */
export interface SetEdit {
  /** The operation. */
  op: 'set';
  /** File, relative to the root. */
  path: string;
  /** What to change: a target plus an optional part (`def fetch.params.timeout`). */
  address: string;
  /** Its new text (zero-indent or as read; re-indented where it goes). */
  value: string;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
  /** The hash `path` had in an earlier result; `CONFLICT` (nothing written) if the file changed since. */
  expected_hash?: string;
}

/** `add`: `value` becomes a new item of the list the address names. */
export interface AddEdit {
  /** The operation. */
  op: 'add';
  /** File, relative to the root. */
  path: string;
  /** The list: a part (`.params`, `.imports`, `.decorators`, `.body`) or a literal, class, enum, import… */
  address: string;
  /** The new item, as it should read (`timeout: int = 30`, `"b": 2`, `post`). */
  value: string;
  /** `first`, `last` (default), `before:<ref>`, `after:<ref>` (an item by name or first text) or `at:<n>` (0-based). */
  position?: string;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
  /** The hash `path` had in an earlier result; `CONFLICT` (nothing written) if the file changed since. */
  expected_hash?: string;
}

/** `remove`: the addressed structure, part or list item goes (with its separator). */
export interface RemoveEdit {
  /** The operation. */
  op: 'remove';
  /** File, relative to the root. */
  path: string;
  /** What to remove. */
  address: string;
  /** Remove a declaration even when references to it remain (they are listed otherwise: `REFERENCES_EXIST`). */
  force?: boolean;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
  /** The hash `path` had in an earlier result; `CONFLICT` (nothing written) if the file changed since. */
  expected_hash?: string;
}

/** `rename`: a declaration and its references, across the files under the root. */
export interface RenameEdit {
  /** The operation. */
  op: 'rename';
  /** File of the declaration, relative to the root. */
  path: string;
  /** The declaration: a named structure, or a part that declares a name (`.params.timeout`). */
  address: string;
  /** The new identifier. A `#private` member stays private: `y` and `#y` both rename `#x` to `#y`. */
  new_name: string;
  /**
   * Uses of a member through receivers whose type syntax cannot tell (`AMBIGUOUS_REFERENCES` lists
   * them): `candidates` renames them all; a list renames exactly those places (an empty list, none).
   */
  include?: 'candidates' | Array<{ file: string; line: number; column: number }>;
  /**
   * Rename the places that were proven even though others mention the name and could not be
   * resolved (`UNRESOLVED_REFERENCES`); those are left alone and listed in a warning.
   */
  force?: boolean;
  /** Parse the file as this language instead of by its extension. */
  language?: string;
  /** The hash `path` had in an earlier result; `CONFLICT` (nothing written) if the file changed since. */
  expected_hash?: string;
}

/** `move`: a top-level declaration to another file (imports follow), or to another place in its file. */
export interface MoveEdit {
  /** The operation. */
  op: 'move';
  /** File the declaration is in, relative to the root. */
  path: string;
  /** The declaration (a top-level structure for moves between files). */
  address: string;
  /** The destination file (created if missing); omitted: the same file. */
  to?: string;
  /** Where in the destination: `first`, `last` (default), `before:<target>`, `after:<target>`. */
  position?: string;
  /**
   * Move even though some places mention the name and could not be resolved
   * (`UNRESOLVED_REFERENCES`); those are left as they are and listed in a warning.
   */
  force?: boolean;
  /** Parse the files as this language instead of by their extensions. */
  language?: string;
  /** The hash `path` had in an earlier result; `CONFLICT` (nothing written) if the file changed since. */
  expected_hash?: string;
}

/** One semantic edit. */
export type SemanticEdit = SetEdit | AddEdit | RemoveEdit | RenameEdit | MoveEdit;

/** Options of an `applyEdits` batch. */
export interface ApplyEditsOptions {
  /** Report what would change (`would_change`) without writing (default `false`). */
  dry_run?: boolean;
  /** All or nothing (default `true`); `false` applies the edits that succeed and reports the others. */
  transaction?: boolean;
  /** Refuse edits that add syntax errors (default `true`); `false` follows the editor's `syntax` option, except for `set`, which always refuses. */
  validate?: boolean;
  /** Format the changed lines with the editor's formatter (default `false`; prettier when installed). */
  format?: boolean;
}

/** Arguments of `applyEdits`: a batch (`edits`), or one edit (`edit`). */
export interface ApplyEditsArgs {
  /** The edits, applied in order to an in-memory state and written together. */
  edits?: SemanticEdit[];
  /** One edit (instead of `edits`). */
  edit?: SemanticEdit;
  /** Batch options. */
  options?: ApplyEditsOptions;
  /** Same as `options.transaction` (the specification writes it at the top level too). */
  transaction?: boolean;
}

/** Most edits one `applyEdits` call takes. */
export const MAX_SEMANTIC_EDITS = 1000;

const editLanguage = language;
const valueField = fileText().describe('The new text: zero-indent, or as read; it is re-indented where it goes.');

/** Schema of {@link SemanticEdit}. */
export const semanticEditSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('set'), path: editPath, address, value: valueField, language: editLanguage, expected_hash: expectedHash }),
  z.strictObject({
    op: z.literal('add'),
    path: editPath,
    address,
    value: valueField.describe('The new item as it should read, e.g. "timeout: int = 30", "\\"b\\": 2", "post", "@cache".'),
    position: z.string().optional().describe('first | last (default) | before:<ref> | after:<ref> (an item by name or by the start of its text) | at:<n> (0-based).'),
    language: editLanguage,
    expected_hash: expectedHash,
  }),
  z.strictObject({ op: z.literal('remove'), path: editPath, address, force: z.boolean().optional().describe('Remove a declaration even if references to it remain.'), language: editLanguage, expected_hash: expectedHash }),
  z.strictObject({
    op: z.literal('rename'),
    path: editPath,
    address,
    new_name: z.string().min(1, 'must be the new identifier').describe('The new identifier (a #private member stays private: "y" and "#y" both give "#y").'),
    include: z
      .union([z.literal('candidates'), z.array(z.strictObject({ file: z.string().min(1), line: z.number().int().min(1), column: z.number().int().min(1) }))])
      .optional()
      .describe('Member uses through receivers of unknown type (listed by AMBIGUOUS_REFERENCES): "candidates" renames them all; a list of {file, line, column} renames exactly those.'),
    force: z.boolean().optional().describe('Rename what was proven even if other places mention the name and could not be resolved (UNRESOLVED_REFERENCES); those stay as they are.'),
    language: editLanguage,
    expected_hash: expectedHash,
  }),
  z.strictObject({
    op: z.literal('move'),
    path: editPath,
    address,
    to: path.optional().describe('Destination file (created if missing); omitted: reorder within the same file.'),
    position: z.string().optional().describe('first | last (default) | before:<target> | after:<target> in the destination.'),
    force: z.boolean().optional().describe('Move even if some places mention the name and could not be resolved (UNRESOLVED_REFERENCES); they stay as they are.'),
    language: editLanguage,
    expected_hash: expectedHash,
  }),
]) satisfies z.ZodType<SemanticEdit>;

const editOptions = z
  .strictObject({
    dry_run: z.boolean().optional().describe('Preview: report would_change without writing.'),
    transaction: z.boolean().optional().describe('All or nothing (default true).'),
    validate: z.boolean().optional().describe('Refuse edits that add syntax errors (default true).'),
    format: z.boolean().optional().describe('Format the changed lines with prettier when installed (default false).'),
  })
  .describe('Batch options.');

/** Schema of {@link ApplyEditsArgs}. */
export const applyEditsArgsSchema = z
  .strictObject({
    edits: z.array(semanticEditSchema).max(MAX_SEMANTIC_EDITS, `at most ${MAX_SEMANTIC_EDITS} edits per call`).optional().describe('The edits, applied in order; all succeed or none is written.'),
    edit: semanticEditSchema.optional().describe('One edit, instead of edits.'),
    options: editOptions.optional(),
    transaction: z.boolean().optional().describe('Same as options.transaction.'),
  })
  .superRefine((args, context) => {
    if ((args.edits === undefined) === (args.edit === undefined)) {
      context.addIssue({ code: 'custom', path: [args.edits === undefined ? 'edits' : 'edit'], message: args.edits === undefined ? 'give the edits as edits: [...] (or one as edit: {...})' : 'give either edits or edit, not both' });
    }
    if (args.edits?.length === 0) context.addIssue({ code: 'custom', path: ['edits'], message: 'is empty; give at least one edit' });
  }) satisfies z.ZodType<ApplyEditsArgs>;
