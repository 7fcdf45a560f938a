import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { makeError, type StructeditError } from '../core/errors.js';
import { parentOf } from '../fs/paths.js';
import type { FsAdapter } from '../fs/adapter.js';
import { fsFailure } from './fs-errors.js';

/** One file to write: its bytes before (`null` if it does not exist yet) and after. */
export interface FileWrite {
  readonly path: string;
  readonly before: Uint8Array | null;
  readonly after: Uint8Array;
}

/**
 * Writes files, each atomically through the adapter, creating missing folders. When a write
 * fails, the files already written are put back (rewritten with their old bytes, or removed if
 * they were created), so a failed multi-file operation leaves every file as it was. Callers
 * validate everything before calling this: it is the last step and the only one that writes.
 */
export function commitFiles(fs: FsAdapter, writes: readonly FileWrite[]): ResultAsync<void, StructeditError> {
  const done: FileWrite[] = [];
  const writeOne = (write: FileWrite): ResultAsync<void, StructeditError> => {
    const folder = parentOf(write.path.replace(/^\/+/, ''));
    const ensureFolder = write.before === null && folder !== '' ? ResultAsync.fromPromise(fs.mkdir(folder), (cause) => fsFailure(cause, folder, 'write')) : okAsync(undefined);
    return ensureFolder.andThen(() => ResultAsync.fromPromise(fs.writeFile(write.path, write.after), (cause) => fsFailure(cause, write.path, 'write')));
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
  return writes
    .reduce<ResultAsync<void, StructeditError>>(
      (previous, write) =>
        previous.andThen(() =>
          writeOne(write).map(() => {
            done.push(write);
          }),
        ),
      okAsync(undefined),
    )
    .orElse(rollback);
}
