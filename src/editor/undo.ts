import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { validateArguments } from '../core/arguments.js';
import { invalidArgument, type StructeditError } from '../core/errors.js';
import { contentLength, joinContent } from '../core/file-content.js';
import type { Warning } from '../core/warnings.js';
import { fileChanged, type FileWrite } from './commit.js';
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
  undo_token: z.string().min(1).describe('The undo_token of the result to undo.'),
}) satisfies z.ZodType<UndoArgs>;

/** How much one editor remembers for `undo`: the most recent writes, within both bounds. */
export const UNDO_LIMITS = { entries: 100, bytes: 64 * 1024 * 1024 } as const;

/**
 * Undo state of one editor, in memory: for each of the last {@link UNDO_LIMITS}.entries writing
 * calls (and at most {@link UNDO_LIMITS}.bytes of file contents in all, though the latest call is
 * always kept), the bytes each file had before and after. Older entries are forgotten, so their
 * tokens stop working. Nothing is kept on
 * disk: undo is for the session that made the change.
 */
export interface UndoStore {
  /** Remembers a commit (with the hash of the first file it wrote) and returns its token. */
  record(writes: readonly FileWrite[], firstHash: string | null): string;
  /** The writes that undo the commit a token names (`undefined`: unknown or forgotten). */
  reversal(token: string): FileWrite[] | undefined;
  /** Forgets a token (after it was used). */
  forget(token: string): void;
}

/** Creates an editor's undo store. */
export function createUndoStore(): UndoStore {
  const entries = new Map<string, { writes: FileWrite[]; bytes: number }>();
  let total = 0;
  let counter = 0;
  const size = (writes: readonly FileWrite[]) => writes.reduce((sum, write) => sum + (write.before?.length ?? 0) + (write.after === null ? 0 : contentLength(write.after)), 0);
  const forget = (token: string) => {
    const entry = entries.get(token);
    if (entry === undefined) return;
    total -= entry.bytes;
    entries.delete(token);
  };
  return {
    record(writes, firstHash) {
      // Deterministic (tests and examples can print it); the hash part makes a token given to
      // another editor almost surely unknown there rather than naming one of its own writes.
      const token = `undo-${++counter}-${(firstHash ?? 'sha256:removed').slice(7, 15)}`;
      const bytes = size(writes);
      entries.set(token, { writes: [...writes], bytes });
      total += bytes;
      // Map iteration is insertion order: the first key is the oldest entry.
      for (const oldest of entries.keys()) {
        if (entries.size <= UNDO_LIMITS.entries && (total <= UNDO_LIMITS.bytes || entries.size === 1)) break;
        forget(oldest);
      }
      return token;
    },
    reversal(token) {
      return entries.get(token)?.writes.map((write) => ({ path: write.path, before: write.after === null ? null : joinContent(write.after), after: write.before })).reverse();
    },
    forget,
  };
}

/**
 * `undo`: puts back the bytes the files had before the operation the token names, provided each
 * is still exactly as that operation left it (`CONFLICT` otherwise, writing nothing). A token
 * works once; the result carries a new one that redoes the change.
 */
export function undo(context: EditorContext, input: UndoArgs): ResultAsync<UndoResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(undoArgsSchema, input);
    const writes = context.undoStore.reversal(args.undo_token);
    if (writes === undefined) {
      return err(
        invalidArgument([{ field: 'undo_token', message: `unknown or expired (this editor remembers its last ${UNDO_LIMITS.entries} writing calls, each token works once); read the file and edit it back instead` }]),
      );
    }
    // The commit re-reads every file and refuses with CONFLICT unless it is as the operation left it.
    const receipt = yield* context
      .commit(writes)
      .mapErr((failure) => (failure.error === 'CONFLICT' && failure.details.reason === 'file_changed' ? fileChanged(failure.details.path, failure.details.expected_hash, failure.details.actual_hash, 'changed since the operation this token undoes wrote it, so undoing it would lose that change') : failure));
    context.undoStore.forget(args.undo_token);
    return ok({ restored: writes.map((write) => ({ path: write.path, hash: receipt.hashes.get(write.path) ?? null })), undo_token: receipt.undo_token, warnings: [] });
  });
}

/** The paths an undo token touches (for the editor's path locks). */
export function undoPaths(context: EditorContext, input: UndoArgs): string[] {
  const token = (input as { undo_token?: unknown } | null)?.undo_token;
  return typeof token === 'string' ? (context.undoStore.reversal(token)?.map((write) => write.path) ?? []) : [];
}
