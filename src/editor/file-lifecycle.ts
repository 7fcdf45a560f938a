import { err, ok, okAsync, safeTry, type ResultAsync } from 'neverthrow';
import { createFileArgsSchema, deleteFileArgsSchema, moveFileArgsSchema, type CreateFileArgs, type DeleteFileArgs, type MoveFileArgs } from '../core/arguments/file-lifecycle.js';
import { checkContentSizes, validateArguments } from '../core/arguments/validation.js';
import { makeError, type StructeditError } from '../core/errors.js';
import { sourceTextOf } from '../core/text/source-text.js';
import type { Warning } from '../core/warnings.js';
import { contentHash } from './content-hash.js';
import type { EditorContext } from './context.js';
import { fromFs } from './fs-errors.js';
import { checkTextWrites, type TextWrite } from './text-write-check.js';

/**
 * Creating, deleting and moving whole files: each one commit through the adapter (a move is the new
 * file written and the old one removed together, put back if either fails), undoable with the
 * token it returns. A file's bytes are moved and deleted as they are, text or not.
 */

/** What a file lifecycle call did (or, in a dry run, would do). */
export interface FileLifecycleResult {
  /** What happened: `created`, `overwritten`, `deleted` or `moved`. */
  action: 'created' | 'overwritten' | 'deleted' | 'moved';
  /** The file written or removed (for a move, its new path). */
  path: string;
  /** For a move: where the file was. */
  from?: string;
  /** Bytes of the file written, or of the file removed. */
  bytes: number;
  /** The content hash of the file now at `path` (`null` after a delete). */
  hash: string | null;
  /** Whether this was a dry run (nothing written). */
  dry_run: boolean;
  /** The token that undoes the call (`null` in a dry run). */
  undo_token: string | null;
  /** What the checks of the files it writes found without refusing it (`SYNTAX_BROKEN`). */
  warnings: Warning[];
}

/** Bytes a lifecycle call reads at most: the undo store keeps what it replaces. */
const MAX_MOVED_BYTES = 64 * 1024 * 1024;
const movedLimit = { bytes: MAX_MOVED_BYTES, advice: 'Move or delete files this large with the host\'s own tools.' };

/** The file at `path` as it is now: its bytes and hash, or null when there is none. */
function existing(context: EditorContext, path: string): ResultAsync<{ bytes: Uint8Array; hash: string } | null, StructeditError> {
  return fromFs(context.fs.exists(path), path, 'read').andThen((exists) => (exists ? context.readBytes(path, movedLimit) : okAsync(null)));
}

/** The file at `path`, required to exist and to be the version `expected` names (when given). */
function expectedFile(context: EditorContext, path: string, expected: string | undefined, verb: 'deleted' | 'moved'): ResultAsync<{ bytes: Uint8Array; hash: string }, StructeditError> {
  return existing(context, path).andThen((found) => {
    if (found === null) return err(makeError('FILE_NOT_FOUND', `No file at ${path}. Paths are relative to the editor's root; check the spelling and the folder. Nothing was ${verb}.`, { path }));
    return context.checkExpectedHash({ path, hash: found.hash }, expected).map(() => found);
  });
}

/**
 * The checks of what a lifecycle call writes (`checkTextWrites`): the files it leaves in languages
 * structedit parses. A file that is not UTF-8 text is not read as code.
 */
function checkFiles(context: EditorContext, files: ReadonlyArray<{ path: string; before: { bytes: Uint8Array; hash: string } | null; after: Uint8Array | null; movedFrom?: string }>, force: boolean): ResultAsync<Warning[], StructeditError> {
  const writes: TextWrite[] = [];
  for (const { path, before, after, movedFrom } of files) {
    const was = before === null ? null : sourceTextOf(before.bytes).unwrapOr(undefined);
    const now = after === null ? null : sourceTextOf(after).unwrapOr(undefined);
    if (was === undefined || now === undefined) continue;
    writes.push({ path, before: before === null || was === null ? null : { source: was, bytes: before.bytes, hash: before.hash }, after: now, ...(movedFrom === undefined ? {} : { movedFrom }) });
  }
  return checkTextWrites(context, writes, force);
}

/** `FILE_EXISTS`, naming the hash to overwrite it with. */
function fileExists(path: string, hash: string, field: string): StructeditError {
  return makeError('FILE_EXISTS', `${path} already exists; nothing was written. To replace it, send overwrite: true with ${field}: "${hash}" (its hash now), or choose another path.`, { path, hash });
}

/** `createFile`: a new file with its folders; an existing one only with `overwrite` and its `expected_hash`. */
export function createFile(context: EditorContext, input: CreateFileArgs): ResultAsync<FileLifecycleResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(createFileArgsSchema, input).safeUnwrap();
    yield* checkContentSizes([{ field: 'content', text: args.content }], context.limits.maxContentBytes).safeUnwrap();
    const before = yield* existing(context, args.path).safeUnwrap();
    if (before !== null && args.overwrite !== true) return err(fileExists(args.path, before.hash, 'expected_hash'));
    if (before !== null) yield* context.checkExpectedHash({ path: args.path, hash: before.hash }, args.expected_hash).safeUnwrap();
    const after = new TextEncoder().encode(args.content);
    const warnings = yield* checkFiles(context, [{ path: args.path, before, after }], args.force === true).safeUnwrap();
    const dryRun = args.dry_run ?? false;
    const receipt = dryRun ? null : yield* context.commit([{ path: args.path, before: before?.bytes ?? null, after }]).safeUnwrap();
    return ok({
      action: before === null ? 'created' : 'overwritten',
      path: args.path,
      bytes: after.length,
      hash: receipt?.hashes.get(args.path) ?? (await contentHash(after)),
      dry_run: dryRun,
      undo_token: receipt?.undo_token ?? null,
      warnings,
    } satisfies FileLifecycleResult);
  });
}

/** `deleteFile`: removes a file (any content), checked against `expected_hash` when given. */
export function deleteFile(context: EditorContext, input: DeleteFileArgs): ResultAsync<FileLifecycleResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(deleteFileArgsSchema, input).safeUnwrap();
    const before = yield* expectedFile(context, args.path, args.expected_hash, 'deleted').safeUnwrap();
    const warnings = yield* checkFiles(context, [{ path: args.path, before, after: null }], args.force === true).safeUnwrap();
    const dryRun = args.dry_run ?? false;
    const receipt = dryRun ? null : yield* context.commit([{ path: args.path, before: before.bytes, after: null }]).safeUnwrap();
    return ok({ action: 'deleted', path: args.path, bytes: before.bytes.length, hash: null, dry_run: dryRun, undo_token: receipt?.undo_token ?? null, warnings } satisfies FileLifecycleResult);
  });
}

/** `moveFile`: the file's bytes written at `to` and removed from `from` in one commit. */
export function moveFile(context: EditorContext, input: MoveFileArgs): ResultAsync<FileLifecycleResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(moveFileArgsSchema, input).safeUnwrap();
    const source = yield* expectedFile(context, args.from, args.expected_hash, 'moved').safeUnwrap();
    const target = yield* existing(context, args.to).safeUnwrap();
    if (target !== null && args.overwrite !== true) return err(fileExists(args.to, target.hash, 'to_expected_hash'));
    if (target !== null) yield* context.checkExpectedHash({ path: args.to, hash: target.hash }, args.to_expected_hash).safeUnwrap();
    const warnings = yield* checkFiles(
      context,
      [
        { path: args.to, before: target, after: source.bytes, movedFrom: args.from },
        { path: args.from, before: source, after: null },
      ],
      args.force === true,
    ).safeUnwrap();
    const dryRun = args.dry_run ?? false;
    // The new file first: undo and rollback then restore both in the right order.
    const receipt = dryRun
      ? null
      : yield* context.commit([
          { path: args.to, before: target?.bytes ?? null, after: source.bytes },
          { path: args.from, before: source.bytes, after: null },
        ]).safeUnwrap();
    return ok({ action: 'moved', path: args.to, from: args.from, bytes: source.bytes.length, hash: source.hash, dry_run: dryRun, undo_token: receipt?.undo_token ?? null, warnings } satisfies FileLifecycleResult);
  });
}
