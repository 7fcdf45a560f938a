import * as z from 'zod/mini';
import { described, dryRunField, expectedHashField, fileText, isWellFormed, languageField, pathField, targetField, forceField, type FileArgs, type ForceOption, type WriteOptions } from './common.js';

/** Arguments of `replaceStructure`. */
export interface ReplaceStructureArgs extends FileArgs, WriteOptions, ForceOption {
  /** The structure to replace (`""`: the whole file). */
  target: string;
  /** Its new text (re-indented to the structure's indentation; verbatim for `""`). */
  content: string;
}

/** Arguments of `deleteStructure`. */
export interface DeleteStructureArgs extends FileArgs, WriteOptions, ForceOption {
  /** The structure to delete. */
  target: string;
}

/** Arguments of `replaceTextInStructure`. */
export interface ReplaceTextInStructureArgs extends FileArgs, WriteOptions, ForceOption {
  /** The structure to search (`""`: the whole file). */
  target: string;
  /** The text to find: it must occur exactly once in the structure. */
  old_text: string;
  /** What replaces it. */
  new_text: string;
}

/** Arguments of `replaceAllTextInStructure`. */
export interface ReplaceAllTextInStructureArgs extends ReplaceTextInStructureArgs {
  /** When given, exactly this many occurrences must be found (`COUNT_MISMATCH` otherwise). */
  expected_count?: number;
}

/** Arguments of `insertBeforeStructure` and `insertAfterStructure`. */
export interface InsertStructureArgs extends FileArgs, WriteOptions, ForceOption {
  /** The structure to insert next to (`""`: the file's start or end). */
  target: string;
  /** The text to insert, re-indented to the target's indentation. */
  content: string;
}

/** Arguments of `moveStructure`. */
export interface MoveStructureArgs extends WriteOptions, ForceOption {
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
  /** The source file's `hash` from an earlier result (`CONFLICT` if it changed since). */
  expected_hash?: string;
  /** The destination file's `hash` from an earlier result (`CONFLICT` if it changed since). */
  dest_expected_hash?: string;
}

/**
 * Arguments of the specified `move_structure_to_before` / `move_structure_to_after` tools: a move
 * next to `dest_target` (the position is the tool's).
 */
export type MoveStructureNextToArgs = Omit<MoveStructureArgs, 'position' | 'dest_target'> & { dest_target: string };

/** Arguments of the specified `move_structure_to_file_start` / `move_structure_to_file_end` tools. */
export type MoveStructureToFileArgs = Omit<MoveStructureArgs, 'position' | 'dest_target'>;

const content = described(fileText(), 'The new text, at zero indent (it is re-indented to the destination, keeping its relative indentation) or as readStructure returned it. At most 1 MB.');
const oldText = described(
  z.string().check(z.minLength(1, 'must not be empty')).check(z.refine(isWellFormed, 'contains half of a character (a lone UTF-16 surrogate)')),
  'The exact text to find inside the structure: literal, case-sensitive, whitespace included.',
);
const newText = described(fileText(), 'The text that replaces it (written as given, not re-indented).');

/** Schema of {@link ReplaceStructureArgs}. */
export const replaceStructureArgsSchema = z.strictObject({
  path: pathField,
  target: targetField,
  content,
  language: languageField,
  dry_run: dryRunField,
  expected_hash: expectedHashField,
  force: forceField,
}) satisfies z.ZodMiniType<ReplaceStructureArgs>;

/** Schema of {@link DeleteStructureArgs}. */
export const deleteStructureArgsSchema = z.strictObject({
  path: pathField,
  target: targetField,
  language: languageField,
  dry_run: dryRunField,
  expected_hash: expectedHashField,
  force: forceField,
}) satisfies z.ZodMiniType<DeleteStructureArgs>;

/** Schema of {@link ReplaceTextInStructureArgs}. */
export const replaceTextInStructureArgsSchema = z.strictObject({
  path: pathField,
  target: targetField,
  old_text: oldText,
  new_text: newText,
  language: languageField,
  dry_run: dryRunField,
  expected_hash: expectedHashField,
  force: forceField,
}) satisfies z.ZodMiniType<ReplaceTextInStructureArgs>;

/** Schema of {@link ReplaceAllTextInStructureArgs}. */
export const replaceAllTextInStructureArgsSchema = z.strictObject({
  path: pathField,
  target: targetField,
  old_text: oldText,
  new_text: newText,
  expected_count: described(z.optional(z.number().check(z.int()).check(z.gte(1))), 'How many occurrences there must be; the call fails with COUNT_MISMATCH otherwise.'),
  language: languageField,
  dry_run: dryRunField,
  expected_hash: expectedHashField,
  force: forceField,
}) satisfies z.ZodMiniType<ReplaceAllTextInStructureArgs>;

/** Schema of {@link InsertStructureArgs}. */
export const insertStructureArgsSchema = z.strictObject({
  path: pathField,
  target: targetField,
  content,
  language: languageField,
  dry_run: dryRunField,
  expected_hash: expectedHashField,
  force: forceField,
}) satisfies z.ZodMiniType<InsertStructureArgs>;

/** Schema of {@link MoveStructureArgs}. */
export const moveStructureArgsSchema = z
  .strictObject({
    source_path: described(pathField, 'The file holding the structure to move, relative to the root.'),
    source_target: targetField,
    dest_path: described(pathField, 'The file holding dest_target, relative to the root (the same file as source_path to move within it).'),
    dest_target: z.optional(targetField),
    position: described(z.enum(['before', 'after', 'file_start', 'file_end']), 'before / after dest_target, or the start / end of dest_path.'),
    source_language: languageField,
    dest_language: languageField,
    dry_run: dryRunField,
    expected_hash: expectedHashField,
    dest_expected_hash: expectedHashField,
    force: forceField,
  })
  .check(
    z.superRefine((args, context) => {
      const needsTarget = args.position === 'before' || args.position === 'after';
      if (needsTarget && args.dest_target === undefined) {
        context.addIssue({ code: 'custom', path: ['dest_target'], message: `is required with position "${args.position}": the structure to move next to ("" for the file)` });
      }
      if (!needsTarget && args.dest_target !== undefined && args.dest_target !== '') {
        context.addIssue({ code: 'custom', path: ['dest_target'], message: `is not used with position "${args.position}"; leave it out, or use position "before" / "after"` });
      }
    }),
  ) satisfies z.ZodMiniType<MoveStructureArgs>;

/** Schema of {@link MoveStructureNextToArgs}. */
export const moveStructureNextToArgsSchema = z.strictObject({
  source_path: described(pathField, 'The file holding the structure to move, relative to the root.'),
  source_target: described(targetField, 'The structure to move (a target path, as in read_structure).'),
  dest_path: described(pathField, 'The file holding dest_target, relative to the root (the same file as source_path to move within it).'),
  dest_target: described(targetField, 'The structure to put it next to, in dest_path ("" for the file).'),
  source_language: languageField,
  dest_language: languageField,
  dry_run: dryRunField,
  expected_hash: expectedHashField,
  dest_expected_hash: expectedHashField,
  force: forceField,
}) satisfies z.ZodMiniType<MoveStructureNextToArgs>;

/** Schema of {@link MoveStructureToFileArgs}. */
export const moveStructureToFileArgsSchema = z.strictObject({
  source_path: described(pathField, 'The file holding the structure to move, relative to the root.'),
  source_target: described(targetField, 'The structure to move (a target path, as in read_structure).'),
  dest_path: described(pathField, 'The file it goes to; created with its folders if missing.'),
  source_language: languageField,
  dest_language: languageField,
  dry_run: dryRunField,
  expected_hash: expectedHashField,
  dest_expected_hash: expectedHashField,
  force: forceField,
}) satisfies z.ZodMiniType<MoveStructureToFileArgs>;
