import * as z from 'zod/mini';
import { described, dryRunField, expectedHashField, fileText, forceField, pathField, type ForceOption } from './common.js';

/** Arguments of `createFile`. */
export interface CreateFileArgs extends ForceOption {
  /** The new file, relative to the root (its folders are created). */
  path: string;
  /** Its whole text. */
  content: string;
  /** Replace a file that exists (then `expected_hash` must name the version replaced). */
  overwrite?: boolean;
  /** With `overwrite`: the hash of the file being replaced, from an earlier read. */
  expected_hash?: string;
  /** Check and report, without writing. */
  dry_run?: boolean;
}

/** Arguments of `deleteFile`. */
export interface DeleteFileArgs extends ForceOption {
  /** The file, relative to the root. */
  path: string;
  /** The hash of the version being deleted, from an earlier read (else any version is deleted). */
  expected_hash?: string;
  /** Check and report, without writing. */
  dry_run?: boolean;
}

/** Arguments of `moveFile`. */
export interface MoveFileArgs extends ForceOption {
  /** The file to move, relative to the root. */
  from: string;
  /** Where it goes, relative to the root (its folders are created). */
  to: string;
  /** Replace a file at `to` (then `to_expected_hash` must name the version replaced). */
  overwrite?: boolean;
  /** The hash of the file at `from`, from an earlier read. */
  expected_hash?: string;
  /** With `overwrite`: the hash of the file at `to` being replaced. */
  to_expected_hash?: string;
  /** Check and report, without writing. */
  dry_run?: boolean;
}

const overwriteField = z.optional(z.boolean());

/** Schema of {@link CreateFileArgs}. */
export const createFileArgsSchema = z
  .strictObject({
    path: described(pathField, 'The new file, relative to the root; missing folders are created.'),
    content: described(fileText(), 'The whole text of the file.'),
    overwrite: described(overwriteField, 'Replace the file if it exists; then expected_hash must be its hash (from file_read or an earlier write), so nothing unseen is lost.'),
    expected_hash: expectedHashField,
    dry_run: dryRunField,
    force: forceField,
  })
  .check(
    z.superRefine((args, context) => {
      if (args.overwrite === true && args.expected_hash === undefined)
        context.addIssue({ code: 'custom', path: ['expected_hash'], message: 'is required with overwrite: true (the hash of the file being replaced, from file_read)' });
    }),
  ) satisfies z.ZodMiniType<CreateFileArgs>;

/** Schema of {@link DeleteFileArgs}. */
export const deleteFileArgsSchema = z.strictObject({
  path: described(pathField, 'The file to delete, relative to the root.'),
  expected_hash: expectedHashField,
  dry_run: dryRunField,
  force: forceField,
}) satisfies z.ZodMiniType<DeleteFileArgs>;

/** Schema of {@link MoveFileArgs}. */
export const moveFileArgsSchema = z
  .strictObject({
    from: described(pathField, 'The file to move or rename, relative to the root.'),
    to: described(pathField, 'Its new path, relative to the root; missing folders are created.'),
    overwrite: described(overwriteField, 'Replace a file at `to`; then to_expected_hash must be its hash.'),
    expected_hash: described(expectedHashField, 'The hash of the file at `from`, from an earlier read; if it changed since, nothing is moved (CONFLICT).'),
    to_expected_hash: described(expectedHashField, 'With overwrite: the hash of the file at `to` being replaced.'),
    dry_run: dryRunField,
    force: forceField,
  })
  .check(
    z.superRefine((args, context) => {
      if (args.from === args.to) context.addIssue({ code: 'custom', path: ['to'], message: 'is the same path as from' });
      if (args.overwrite === true && args.to_expected_hash === undefined)
        context.addIssue({ code: 'custom', path: ['to_expected_hash'], message: 'is required with overwrite: true (the hash of the file at `to` being replaced)' });
    }),
  ) satisfies z.ZodMiniType<MoveFileArgs>;
