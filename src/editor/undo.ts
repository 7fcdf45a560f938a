import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import * as z from 'zod/mini';
import { described } from '../core/arguments/common.js';
import { validateArguments } from '../core/arguments/validation.js';
import { invalidArgument, type StructeditError } from '../core/errors.js';
import type { Warning } from '../core/warnings.js';
import { fileChanged } from './commit.js';
import { UNDO_LIMITS } from './undo-store.js';
import type { EditorContext } from './context.js';

/** Arguments of {@link Editor.undo}. */
export interface UndoArgs {
  /** The `undo_token` of the result to undo. */
  undo_token: string;
}

/** A file `undo` put back. */
export interface RestoredFile {
  /** The file. */
  path: string;
  /** Its content hash now (`null`: the undone operation had created it, so it was removed). */
  hash: string | null;
}

/** Result of {@link Editor.undo}. */
export interface UndoResult {
  /** Every file put back, in the order the undone operation wrote them. */
  restored: RestoredFile[];
  /** A token that undoes this undo (redoes the operation). */
  undo_token: string;
  /** Always empty today; there like on every result. */
  warnings: Warning[];
}

/** Schema of {@link UndoArgs}. */
export const undoArgsSchema = z.strictObject({
  undo_token: described(z.string().check(z.minLength(1)), 'The undo_token of the result to undo.'),
}) satisfies z.ZodMiniType<UndoArgs>;

/**
 * `undo`: puts back the bytes the files had before the operation the token names, provided each
 * is still exactly as that operation left it (`CONFLICT` otherwise, writing nothing). A token
 * works once; the result carries a new one that redoes the change.
 */
export function undo(context: EditorContext, input: UndoArgs): ResultAsync<UndoResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(undoArgsSchema, input).safeUnwrap();
    const writes = context.undoStore.reversal(args.undo_token);
    if (writes === undefined) {
      return err(
        invalidArgument([
          { field: 'undo_token', message: `unknown or expired (this editor remembers its last ${UNDO_LIMITS.entries} writing calls, each token works once); read the file and edit it back instead` },
        ]),
      );
    }
    // The commit re-reads every file and refuses with CONFLICT unless it is as the operation left it.
    const receipt = yield* context
      .commit(writes)
      .mapErr((failure) =>
        failure.error === 'CONFLICT' && failure.details.reason === 'file_changed'
          ? fileChanged(
              failure.details.path,
              failure.details.expected_hash,
              failure.details.actual_hash,
              'changed since the operation this token undoes wrote it, so undoing it would lose that change',
            )
          : failure,
      )
      .safeUnwrap();
    context.undoStore.forget(args.undo_token);
    return ok({ restored: writes.map((write) => ({ path: write.path, hash: receipt.hashes.get(write.path) ?? null })), undo_token: receipt.undo_token, warnings: [] });
  });
}

/** The paths an undo token touches (for the editor's path locks). */
export function undoPaths(context: EditorContext, input: UndoArgs): string[] {
  const token = (input as { undo_token?: unknown } | null)?.undo_token;
  return typeof token === 'string' ? (context.undoStore.reversal(token)?.map((write) => write.path) ?? []) : [];
}
