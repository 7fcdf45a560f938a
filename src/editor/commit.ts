import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { makeError, type ErrorOf, type StructeditError } from '../core/errors.js';
import { joinContent, type FileContent } from '../core/file-content.js';
import { sameBytes } from '../core/same-bytes.js';
import { parentOf } from '../fs/paths.js';
import { FsError, type FsAdapter } from '../fs/adapter.js';
import { contentHash } from './content-hash.js';
import { fsFailure } from './fs-errors.js';

/**
 * One file to write: its bytes before (`null` if it does not exist yet) and after (`null`: remove
 * it, which only `undo` asks for; in chunks when an edit kept most of the old bytes as views).
 */
export interface FileWrite {
  readonly path: string;
  readonly before: Uint8Array | null;
  readonly after: FileContent | null;
}

/**
 * Writes files, each atomically through the adapter, creating missing folders. First every file is
 * compared with the bytes the operation read (`before`; through the adapter's `hasContent` where it
 * has one, else by reading it again): a file changed in between,
 * by another program or through another path, fails the whole commit with `CONFLICT` before
 * anything is written. When a write fails, the files already written are put back (rewritten with
 * their old bytes, or removed if they were created), so a failed multi-file operation leaves every
 * file as it was. Callers validate everything before calling this: it is the last step and the
 * only one that writes.
 */
export function commitFiles(fs: FsAdapter, writes: readonly FileWrite[]): ResultAsync<void, StructeditError> {
  const done: FileWrite[] = [];
  const writeOne = (write: FileWrite): ResultAsync<void, StructeditError> => {
    if (write.after === null) return ResultAsync.fromPromise(fs.remove(write.path), (cause) => fsFailure(cause, write.path, 'write'));
    const after = write.after;
    const folder = parentOf(write.path.replace(/^\/+/, ''));
    const ensureFolder = write.before === null && folder !== '' ? ResultAsync.fromPromise(fs.mkdir(folder), (cause) => fsFailure(cause, folder, 'write')) : okAsync(undefined);
    return ensureFolder.andThen(() => ResultAsync.fromPromise(writeContent(fs, write.path, after), (cause) => fsFailure(cause, write.path, 'write')));
  };
  const rollback = (failure: StructeditError): ResultAsync<void, StructeditError> =>
    ResultAsync.fromSafePromise(
      (async () => {
        const unrestored: string[] = [];
        for (const write of done.reverse()) {
          try {
            if (write.before === null) await fs.remove(write.path);
            else await fs.writeFile(write.path, write.before);
          } catch {
            unrestored.push(write.path);
          }
        }
        return unrestored;
      })(),
    ).andThen((unrestored) => {
      if (unrestored.length === 0) return errAsync(failure);
      return errAsync(
        makeError('IO_ERROR', `${failure.message} Restoring the files already written also failed for ${unrestored.join(', ')}: check them.`, {
          path: unrestored[0]!,
          operation: 'rollback',
          code: 'ROLLBACK_FAILED',
        }, 'FILES_MAY_HAVE_CHANGED'),
      );
    });
  const sequence = <T>(items: readonly T[], step: (item: T) => ResultAsync<void, StructeditError>) =>
    items.reduce<ResultAsync<void, StructeditError>>((previous, item) => previous.andThen(() => step(item)), okAsync(undefined));
  return sequence(writes, (write) => unchangedSinceRead(fs, write)).andThen(() =>
    sequence(writes, (write) =>
      writeOne(write).map(() => {
        done.push(write);
      }),
    ).orElse(rollback),
  );
}

/** Chunks go to the adapter as they are when it takes them, else joined into one array. */
function writeContent(fs: FsAdapter, path: string, content: FileContent): Promise<void> {
  return !(content instanceof Uint8Array) && fs.writeChunks ? fs.writeChunks(path, content) : fs.writeFile(path, joinContent(content));
}

/** `CONFLICT` unless the file still holds the bytes the operation read (or still does not exist). */
function unchangedSinceRead(fs: FsAdapter, write: FileWrite): ResultAsync<void, StructeditError> {
  // The adapter's own comparison when it has one (no second copy of the file); when it says the
  // file differs, the whole file is read to report its hash. A failing check fails the commit.
  const before = write.before;
  const holds = before !== null && fs.hasContent ? ResultAsync.fromPromise(fs.hasContent(write.path, before), (cause) => fsFailure(cause, write.path, 'read')) : okAsync(false);
  return holds.andThen((same) => (same ? okAsync(undefined) : compareWholeFile(fs, write)));
}

/** {@link unchangedSinceRead} by reading the file whole. */
function compareWholeFile(fs: FsAdapter, write: FileWrite): ResultAsync<void, StructeditError> {
  const current = ResultAsync.fromPromise(fs.readFile(write.path), (cause) => cause).orElse((cause) =>
    cause instanceof FsError && (cause.code === 'ENOENT' || cause.code === 'ENOTDIR') ? okAsync(null) : errAsync(fsFailure(cause, write.path, 'read')),
  );
  return current.andThen((bytes) => {
    if (bytes === null || write.before === null ? bytes === write.before : sameBytes(bytes, write.before)) return okAsync(undefined);
    return ResultAsync.fromSafePromise(Promise.all([hashOrNull(write.before), hashOrNull(bytes)])).andThen(([expected, actual]) =>
      errAsync(fileChanged(write.path, expected, actual, 'changed after this operation read it')),
    );
  });
}

/** {@link contentHash}, or `null` for a file that does not exist. */
export function hashOrNull(content: FileContent | null): Promise<string | null> {
  return content === null ? Promise.resolve(null) : contentHash(content);
}

/** `CONFLICT` (`file_changed`) for a file that is not as expected; `why` completes "The file …". */
export function fileChanged(path: string, expected: string | null, actual: string | null, why: string): ErrorOf<'CONFLICT'> {
  const now = actual === null ? 'it no longer exists' : `its hash is now ${actual}`;
  return makeError('CONFLICT', `${path} ${why} (${now}); nothing was written. Read the file again and redo the change on what it holds now.`, {
    reason: 'file_changed',
    path,
    expected_hash: expected,
    actual_hash: actual,
  });
}

/** What every writing result reports about its write. */
export interface WriteOutcome {
  /**
   * The file's content hash after the call (unchanged on a dry run): send it as `expected_hash` to
   * make the next write fail with `CONFLICT` if someone else changed the file in between.
   */
  hash: string;
  /** Give it to `editor.undo` to put the file back; `null` when nothing was written (a dry run, or no change). */
  undo_token: string | null;
}
