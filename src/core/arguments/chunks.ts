import * as z from 'zod/mini';
import { described, dryRunField, expectedHashField, fileText, languageField, MAX_EDITS_PER_CALL, pathField, targetField, forceField, type FileArgs, type ForceOption, type WriteOptions } from './common.js';

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
export interface ApplyChunksArgs extends FileArgs, WriteOptions, ForceOption {
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
}

const chunkLines = (what: string) =>
  described(
    z.array(fileText(), { error: (issue) => (issue.input === undefined ? `required: ${what} (a list of strings, [] for none)` : `must be a list of lines (an array of strings): ${what}`) }),
    `${what[0]!.toUpperCase()}${what.slice(1)}: a list of lines without line endings.`,
  );
const chunkContext = (what: string, empty: string) =>
  described(
    z.union([z.string(), z.array(z.string())], {
      error: (issue) => (issue.input === undefined ? `required: ${what}, or "" when ${empty}` : `must be a line (a string) or a list of lines: ${what}, or "" when ${empty}`),
    }),
    `${what[0]!.toUpperCase()}${what.slice(1)}: one line (a string) or a list of lines; "" or [] when ${empty}.`,
  );

/** Schema of {@link Chunk}. */
export const chunkSchema = z.strictObject({
  context_before: chunkContext('the line(s) directly above old_lines', "the chunk starts at the structure's first line"),
  old_lines: chunkLines('the lines to replace, exactly as in the structure'),
  new_lines: chunkLines('the lines to put in their place'),
  context_after: chunkContext('the line(s) directly below old_lines', "the chunk ends at the structure's last line"),
}) satisfies z.ZodMiniType<Chunk>;

/** Schema of {@link ApplyChunksArgs}. */
export const applyChunksArgsSchema = z
  .strictObject({
    path: pathField,
    target: z.optional(targetField),
    line: described(
      z.optional(z.number().check(z.int()).check(z.gte(1))),
      '1-based line of the structure to edit, instead of target: the structure starting on that line, else the innermost one holding it.',
    ),
    column: described(z.optional(z.number().check(z.int()).check(z.gte(1))), '1-based column on line (default: its first non-blank character).'),
    chunks: described(
      z
        .array(chunkSchema)
        .check(z.minLength(1, 'give at least one chunk'))
        .check(z.maxLength(MAX_EDITS_PER_CALL, `at most ${MAX_EDITS_PER_CALL} chunks per call`)),
      'The chunks to apply, all or none.',
    ),
    ambiguous: described(
      z.optional(z.enum(['first', 'reject'])),
      'A chunk that fits at several places: reject (default) fails with CHUNK_AMBIGUOUS listing them; first applies it at the first place with a warning.',
    ),
    language: languageField,
    dry_run: dryRunField,
    expected_hash: expectedHashField,
    force: forceField,
  })
  .check(
    z.superRefine((args, context) => {
      if ((args.target === undefined) === (args.line === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [args.target === undefined ? 'target' : 'line'],
          message: args.target === undefined ? 'name the structure with target (a target path) or with line (and column)' : 'give either target or line, not both',
        });
      }
      if (args.column !== undefined && args.line === undefined) context.addIssue({ code: 'custom', path: ['column'], message: 'column needs line' });
      args.chunks.forEach((chunk, index) => {
        if (chunk.old_lines.length === 0 && chunk.new_lines.length === 0) {
          context.addIssue({
            code: 'custom',
            path: ['chunks', index],
            message: 'old_lines and new_lines are both empty, so the chunk changes nothing; drop it or give the lines to replace or insert',
          });
        }
      });
    }),
  ) satisfies z.ZodMiniType<ApplyChunksArgs>;
