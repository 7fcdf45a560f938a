import { normalizeRelativePath } from '../fs/paths.js';

/**
 * Per-path locks of one editor: calls that touch the same file run one after another, from their
 * read to their write, so concurrent edits of one file all land instead of overwriting each other.
 * A call holding several paths takes them in sorted order, so two multi-file calls cannot wait for
 * each other (no deadlock). Paths are keyed by their normalized form; two different paths that
 * reach one file through a symbolic link are not serialised here, but the commit's re-read still
 * catches the race (`CONFLICT`).
 */
export interface PathLocks {
  /** Runs `task` while holding every path in `paths`. */
  withPaths<T>(paths: readonly string[], task: () => Promise<T>): Promise<T>;
}

/** Creates the locks of one editor. */
export function createPathLocks(): PathLocks {
  // Per key, the promise the next caller waits for; dropped when the last holder releases it.
  const tails = new Map<string, Promise<void>>();

  const acquire = async (key: string): Promise<() => void> => {
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    };
  };

  return {
    async withPaths(paths, task) {
      const keys = [...new Set(paths.map((path) => normalizeRelativePath(path).unwrapOr(path)))].sort();
      const releases: Array<() => void> = [];
      try {
        for (const key of keys) releases.push(await acquire(key));
        return await task();
      } finally {
        for (const release of releases.reverse()) release();
      }
    },
  };
}
