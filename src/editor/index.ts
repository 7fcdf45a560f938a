import { err, ResultAsync } from 'neverthrow';
import type { FileEditArgs, ListStructuresArgs, ReadStructureArgs } from '../core/arguments.js';
import { makeError, type StructeditError } from '../core/errors.js';
import type { FileEditSuccess } from '../core/file-edit/types.js';
import { createEditorContext, type EditorOptions } from './context.js';
import { editFile } from './file-edit.js';
import { listStructures, readStructure, type ListStructuresResult, type ReadStructureResult } from './read.js';

export type { EditorLimits, EditorOptions } from './context.js';
export type { ListStructuresResult, ReadStructureResult } from './read.js';

/**
 * Reads and edits files by structure. Every method returns a `ResultAsync` (await it for a
 * `Result`): `ok` with the result, or `err` with a {@link StructeditError}; none throws.
 */
export interface Editor {
  /** Every structure a target names, with its text and line range. */
  readStructure(args: ReadStructureArgs): ResultAsync<ReadStructureResult, StructeditError>;
  /** The file's structure tree, each node with the shortest target that names it. */
  listStructures(args: ListStructuresArgs): ResultAsync<ListStructuresResult, StructeditError>;
  /**
   * Exact-text edits on any UTF-8 text file (seed file-edit): applied in order, each to the result
   * of the previous one, each required to match exactly `occurrences` times (default 1); all or
   * nothing, one read and one atomic write. Fails with `NO_MATCH` (with the closest text in the
   * file) or `WRONG_COUNT` (with every match's location). `toFileEditResult` renders either
   * outcome as the specification's `FileEditResult`.
   */
  editFile(args: FileEditArgs): ResultAsync<FileEditSuccess, StructeditError>;
}

/**
 * Creates an editor over a file system adapter.
 *
 * @example
 * ```ts
 * const editor = createEditor({ fs: nodeFs({ root: '/repo' }) });
 * const result = await editor.readStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate(self):' });
 * ```
 */
export function createEditor(options: EditorOptions): Editor {
  const context = createEditorContext(options);
  return {
    readStructure: (args) => guard(readStructure(context, args)),
    listStructures: (args) => guard(listStructures(context, args)),
    editFile: (args) => guard(editFile(context, args)),
  };
}

/**
 * Turns an unexpected exception (a bug) into an error value, so a host is never crashed by one.
 * Expected failures never get here: they are values all the way.
 */
function guard<T>(result: ResultAsync<T, StructeditError>): ResultAsync<T, StructeditError> {
  return new ResultAsync(
    Promise.resolve(result).catch((cause: unknown) =>
      err(
        makeError('INTERNAL_ERROR', `structedit failed unexpectedly: ${cause instanceof Error ? cause.message : String(cause)}. This is a bug in structedit; the files were not changed.`, {
          cause: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause),
        }),
      ),
    ),
  );
}
