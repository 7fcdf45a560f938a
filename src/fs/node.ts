import { randomUUID } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync, statSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as nodePath from 'node:path';
import { Buffer } from 'node:buffer';
import { FsError, type DirectoryEntry, type FileStat, type FsAdapter } from './adapter.js';
import { normalizeRelativePath } from './paths.js';

/** Bytes compared at a time by `hasContent`. */
const HAS_CONTENT_CHUNK = 1 << 20;

/** Regular files up to this size are read with synchronous calls (see {@link nodeFs}). */
const SYNC_READ_BYTES = 1 << 20;

/** Options of {@link nodeFs}. */
export interface NodeFsOptions {
  /** The folder every path is confined to. */
  root: string;
}

function kindOf(stats: { isFile(): boolean; isDirectory(): boolean }): FileStat['kind'] {
  return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
}

function toFsError(cause: unknown, path: string): FsError {
  if (cause instanceof FsError) return cause;
  const code = typeof cause === 'object' && cause !== null && typeof (cause as { code?: unknown }).code === 'string' ? (cause as { code: string }).code : 'EIO';
  return new FsError(code, path, cause instanceof Error ? cause.message : String(cause));
}

/**
 * The real file system, confined to `root`. Every path is resolved inside the root, symbolic links
 * included (a link that leads out is refused with `OUTSIDE_ROOT`); writes go to a temporary file in
 * the same folder, are fsynced, and renamed over the target, keeping its mode. Writing through a
 * symbolic link rewrites the file it points to and keeps the link. A file with no write permission
 * bit is refused (`EACCES`), as a direct write would be.
 *
 * Resolving a path, `stat` and reading a regular file of up to 1 MiB are synchronous system calls
 * (tens of microseconds each, as TypeScript's and ESLint's file systems make them): a scan of
 * thousands of source files otherwise waits on thread-pool round trips (eight per file) more than
 * on the disk, a rename scan of 1,900 files 25% longer. Larger reads, listings and every write are
 * asynchronous.
 */
export function nodeFs(options: NodeFsOptions): FsAdapter {
  const root = nodePath.resolve(options.root);
  let realRootPromise: Promise<string> | null = null;
  const realRoot = () => (realRootPromise ??= fs.realpath(root).catch(() => root));

  const isInside = (base: string, candidate: string) => {
    const relative = nodePath.relative(base, candidate);
    return relative === '' || (!relative.startsWith('..') && !nodePath.isAbsolute(relative));
  };

  /** The absolute path for a root-relative (or absolute, inside-root) path, checked lexically. */
  const lexical = (path: string): string => {
    let relative = path;
    if (nodePath.isAbsolute(path) && !path.includes('\0')) {
      if (!isInside(root, path)) throw new FsError('OUTSIDE_ROOT', path, `${path} is outside the root ${root}`);
      relative = nodePath.relative(root, path).split(nodePath.sep).join('/');
    }
    const normalized = normalizeRelativePath(relative);
    if (normalized.isErr()) throw new FsError(normalized.error.code, path, `${path}: ${normalized.error.reason}`);
    return nodePath.join(root, normalized.value);
  };

  /** The absolute path, with symbolic links resolved as far as the path exists, checked against the real root. */
  const resolve = async (path: string): Promise<string> => {
    const absolute = lexical(path);
    const real = await realRoot();
    let existing = absolute;
    const rest: string[] = [];
    for (;;) {
      try {
        existing = realpathSync.native(existing);
        break;
      } catch (cause) {
        const code = (cause as { code?: string }).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') throw toFsError(cause, path);
        const parent = nodePath.dirname(existing);
        if (parent === existing) break;
        rest.unshift(nodePath.basename(existing));
        existing = parent;
      }
    }
    // A dangling link in the path: follow it lexically so it cannot point out of the root unseen.
    const resolved = nodePath.join(existing, ...rest);
    if (!isInside(real, resolved)) throw new FsError('OUTSIDE_ROOT', path, `${path} leads outside the root through a symbolic link`);
    if (rest.length > 0) {
      const link = await fs.lstat(nodePath.join(existing, rest[0]!)).catch(() => null);
      if (link?.isSymbolicLink()) {
        const target = nodePath.resolve(existing, await fs.readlink(nodePath.join(existing, rest[0]!)));
        if (!isInside(real, target)) throw new FsError('OUTSIDE_ROOT', path, `${path} leads outside the root through a symbolic link`);
      }
    }
    return resolved;
  };

  const wrap = async <T>(path: string, action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (cause) {
      throw toFsError(cause, path);
    }
  };

  /**
   * Writes a file atomically: the content goes to a temporary file in the same folder (created
   * with the target's mode), which is flushed to disk and renamed over the target.
   */
  const writeAtomically = async (path: string, requestedMode: number | undefined, write: (handle: fs.FileHandle) => Promise<void>): Promise<void> => {
    const target = await resolve(path);
    const existing = await fs.stat(target).catch(() => null);
    // Renaming over a file needs no write permission on it, so check it here: a file without
    // any write bit is read-only by intent (even for root, who may write anything).
    if (existing?.isFile() && (existing.mode & 0o222) === 0) throw new FsError('EACCES', path, `${path} is read-only (mode ${(existing.mode & 0o777).toString(8)})`);
    let mode = requestedMode;
    if (mode === undefined && existing) mode = existing.mode & 0o7777;
    const temporary = nodePath.join(nodePath.dirname(target), `.${nodePath.basename(target)}.${randomUUID().slice(0, 8)}.structedit-tmp`);
    const handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode ?? 0o666);
    try {
      try {
        await write(handle);
        if (mode !== undefined) await handle.chmod(mode);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, target);
    } catch (cause) {
      await fs.rm(temporary, { force: true });
      throw cause;
    }
    // Make the rename itself durable; not every platform lets a folder be opened for this.
    const folder = await fs.open(nodePath.dirname(target), 'r').catch(() => null);
    if (folder) await folder.sync().catch(() => undefined).finally(() => folder.close());
  };

  return {
    readFile: (path) =>
      wrap(path, async () => {
        const absolute = await resolve(path);
        const data = readSmallFile(absolute) ?? (await fs.readFile(absolute));
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      }),

    hasContent: (path, bytes) =>
      wrap(path, async () => {
        let handle: fs.FileHandle;
        try {
          handle = await fs.open(await resolve(path), 'r');
        } catch (cause) {
          // No file there (as a whole-file read would report it: ENOENT, or a parent that is a file).
          const code = toFsError(cause, path).code;
          if (code === 'ENOENT' || code === 'ENOTDIR') return false;
          throw cause;
        }
        try {
          if ((await handle.stat()).size !== bytes.length) return false;
          // 1 MiB at a time: a 100 MB file is compared without a second copy of it in memory.
          const chunk = Buffer.allocUnsafe(Math.max(1, Math.min(HAS_CONTENT_CHUNK, bytes.length)));
          for (let offset = 0; offset < bytes.length; ) {
            const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, bytes.length - offset), offset);
            if (bytesRead === 0 || !chunk.subarray(0, bytesRead).equals(bytes.subarray(offset, offset + bytesRead))) return false;
            offset += bytesRead;
          }
          // Grown since the size was taken: one more byte to read means it differs.
          return (await handle.read(chunk, 0, 1, bytes.length)).bytesRead === 0;
        } finally {
          await handle.close();
        }
      }),

    writeFile: (path, data, writeOptions) => wrap(path, () => writeAtomically(path, writeOptions?.mode, (handle) => handle.writeFile(data))),

    writeChunks: (path, chunks, writeOptions) => wrap(path, () => writeAtomically(path, writeOptions?.mode, (handle) => writeAll(handle, chunks))),

    stat: (path) =>
      wrap(path, async () => {
        const stats = statSync(await resolve(path));
        return { kind: kindOf(stats), size: stats.size, mode: stats.mode & 0o7777 };
      }),

    mkdir: (path) =>
      wrap(path, async () => {
        await fs.mkdir(await resolve(path), { recursive: true });
      }),

    rename: (from, to) =>
      wrap(from, async () => {
        await fs.rename(await resolve(from), await resolve(to));
      }),

    remove: (path) =>
      wrap(path, async () => {
        await fs.unlink(await resolve(path));
      }),

    realpath: (path) =>
      wrap(path, async () => {
        const resolved = await fs.realpath(await resolve(path));
        return nodePath.relative(await realRoot(), resolved).split(nodePath.sep).join('/');
      }),

    exists: (path) =>
      wrap(path, async () => {
        const resolved = await resolve(path);
        return fs.access(resolved).then(
          () => true,
          () => false,
        );
      }),

    readDirectory: (path) =>
      wrap(path, async () => {
        const folder = await resolve(path);
        const entries: DirectoryEntry[] = [];
        for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
          if (entry.isSymbolicLink()) {
            // Listed as what it points to, and only when that stays inside the root.
            const target = await fs.realpath(nodePath.join(folder, entry.name)).catch(() => null);
            if (!target || !isInside(await realRoot(), target)) continue;
            const stats = await fs.stat(target);
            entries.push({ name: entry.name, kind: kindOf(stats) });
          } else {
            entries.push({ name: entry.name, kind: kindOf(entry) });
          }
        }
        return entries.sort((a, b) => (a.name < b.name ? -1 : 1));
      }),
  };
}

/**
 * A regular file of up to {@link SYNC_READ_BYTES}, read with synchronous calls; `null` for anything
 * else (read asynchronously instead). Opened without blocking, so a named pipe cannot stall the
 * thread: it is not a regular file, and goes the asynchronous way as before.
 */
function readSmallFile(absolute: string): Buffer | null {
  const descriptor = openSync(absolute, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(descriptor);
    return stats.isFile() && stats.size <= SYNC_READ_BYTES ? readFileSync(descriptor) : null;
  } finally {
    closeSync(descriptor);
  }
}

/** Most buffers one `writev` call takes (IOV_MAX on Linux and macOS). */
const WRITEV_BATCH = 1024;

/** Writes chunks one after another from the start of a file, with `writev`, resuming after partial writes. */
async function writeAll(handle: fs.FileHandle, chunks: readonly Uint8Array[]): Promise<void> {
  const pending = chunks.filter((chunk) => chunk.length > 0);
  let position = 0;
  let next = 0;
  while (next < pending.length) {
    const batch = pending.slice(next, next + WRITEV_BATCH);
    let { bytesWritten } = await handle.writev(batch, position);
    // (An error without a code: the adapter reports it as EIO, with the path.)
    if (bytesWritten === 0) throw new Error('the disk took none of the bytes written');
    position += bytesWritten;
    // Skip what was written; a chunk written in part continues from where it stopped.
    while (next < pending.length && bytesWritten >= pending[next]!.length) bytesWritten -= pending[next++]!.length;
    if (bytesWritten > 0) pending[next] = pending[next]!.subarray(bytesWritten);
  }
}
