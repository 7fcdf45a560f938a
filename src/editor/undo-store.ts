import { contentLength, joinContent } from '../core/file-content.js';
import type { FileWrite } from './commit.js';

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
