/**
 * The file system as structedit sees it. Every read and write goes through an adapter, so a host
 * can confine it ({@link nodeFs}), keep it in memory ({@link memoryFs}) or supply its own.
 *
 * Paths are relative to the adapter's root with `/` separators (an absolute path inside the root
 * is accepted by `nodeFs`). Methods reject with an {@link FsError}; the editor turns that into an
 * error value, so adapters may throw and callers of the editor never see it.
 */

/** What a path is. */
export interface FileStat {
  /** `file`, `directory`, or `other` (a socket, a device…). */
  kind: 'file' | 'directory' | 'other';
  /** Size in bytes. */
  size: number;
  /** Permission bits (e.g. `0o644`); kept when a file is rewritten. */
  mode: number;
}

/** An entry of a directory listing. */
export interface DirectoryEntry {
  /** The entry's name (no path). */
  name: string;
  /** What it is. */
  kind: 'file' | 'directory' | 'other';
}

/** The file operations structedit needs. */
export interface FsAdapter {
  /** Reads a whole file. */
  readFile(path: string): Promise<Uint8Array>;
  /**
   * Optional: whether the file holds exactly `bytes` (`false` when it does not exist). Before a
   * write, structedit checks that the file is still what the operation read; without this method
   * it reads the whole file again for that, which holds a second copy of it in memory. `nodeFs`
   * compares in chunks instead. An adapter that overrides `readFile` must override this too, or
   * leave it out.
   */
  hasContent?(path: string, bytes: Uint8Array): Promise<boolean>;
  /**
   * Replaces a file's content atomically (readers see the old bytes or the new, never a mix),
   * creating it if missing. Keeps the existing file's mode unless `mode` is given.
   */
  writeFile(path: string, data: Uint8Array, options?: { mode?: number }): Promise<void>;
  /**
   * Optional: {@link FsAdapter.writeFile} with the content given as chunks, written one after
   * another (atomically, as one file). `file_edit` hands over an edited file as views into the bytes
   * it read between the new texts; with this method a large file is written without joining them
   * into a copy (`nodeFs` writes them with `writev`). Without it, structedit joins the chunks and
   * calls `writeFile`.
   */
  writeChunks?(path: string, chunks: readonly Uint8Array[], options?: { mode?: number }): Promise<void>;
  /** Describes a path (following symbolic links). */
  stat(path: string): Promise<FileStat>;
  /** Creates a directory and its missing parents; succeeds if it exists. */
  mkdir(path: string): Promise<void>;
  /** Renames a file, replacing the destination. */
  rename(from: string, to: string): Promise<void>;
  /** Deletes a file. */
  remove(path: string): Promise<void>;
  /** The path with symbolic links resolved, relative to the root. */
  realpath(path: string): Promise<string>;
  /** Whether the path exists. */
  exists(path: string): Promise<boolean>;
  /** The entries of a directory. */
  readDirectory(path: string): Promise<DirectoryEntry[]>;
}

/** Error codes an adapter rejects with. */
export type FsErrorCode =
  | 'ENOENT'
  | 'EACCES'
  | 'EPERM'
  | 'EISDIR'
  | 'ENOTDIR'
  | 'EEXIST'
  | 'ENOSPC'
  | 'EIO'
  | 'OUTSIDE_ROOT'
  | 'INVALID_PATH'
  | (string & {});

/** The error an adapter rejects with. */
export class FsError extends Error {
  /** Always `FsError`. */
  override readonly name = 'FsError';
  /** A Node-style code (`ENOENT`, `EACCES`, …) or `OUTSIDE_ROOT` / `INVALID_PATH`. */
  readonly code: FsErrorCode;
  /** The path, as the caller gave it. */
  readonly path: string;

  constructor(code: FsErrorCode, path: string, message?: string) {
    super(message ?? `${code}: ${path}`);
    this.code = code;
    this.path = path;
  }
}
