import { FsError, type DirectoryEntry, type FileStat, type FsAdapter } from './adapter.js';
import { normalizeRelativePath } from './paths.js';

/**
 * A read-only view of an adapter with some files as a change would leave them: each path in
 * `files` reads as its bytes, and the folders holding them exist. What a patch is checked against
 * before it is written: the other files' imports resolve where they will. Writes reject with `EPERM`.
 */
export function overlayFs(base: FsAdapter, files: ReadonlyMap<string, Uint8Array>): FsAdapter {
  const written = new Map<string, Uint8Array>();
  for (const [path, bytes] of files) written.set(keyOf(path), bytes);
  // The folders those files need, with the names each holds.
  const folders = new Map<string, Map<string, DirectoryEntry['kind']>>();
  for (const path of written.keys()) {
    const parts = path.split('/');
    for (let depth = 0; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      const entries = folders.get(folder) ?? new Map<string, DirectoryEntry['kind']>();
      entries.set(parts[depth]!, depth === parts.length - 1 ? 'file' : 'directory');
      folders.set(folder, entries);
    }
  }
  const readOnly = (path: string): Promise<never> => Promise.reject(new FsError('EPERM', path, `${path}: a read-only view of files as a change leaves them`));
  return {
    async readFile(path) {
      return written.get(keyOf(path)) ?? base.readFile(path);
    },
    async stat(path): Promise<FileStat> {
      const key = keyOf(path);
      const bytes = written.get(key);
      if (bytes !== undefined) return { kind: 'file', size: bytes.length, mode: 0o644 };
      try {
        return await base.stat(path);
      } catch (cause) {
        if (folders.has(key)) return { kind: 'directory', size: 0, mode: 0o755 };
        throw cause;
      }
    },
    async exists(path) {
      const key = keyOf(path);
      return written.has(key) || folders.has(key) || base.exists(path);
    },
    async realpath(path) {
      const key = keyOf(path);
      return written.has(key) || folders.has(key) ? key : base.realpath(path);
    },
    async readDirectory(path) {
      const extra = folders.get(keyOf(path));
      let entries: DirectoryEntry[];
      try {
        entries = [...(await base.readDirectory(path))];
      } catch (cause) {
        if (!extra) throw cause;
        entries = [];
      }
      for (const [name, kind] of extra ?? []) if (!entries.some((entry) => entry.name === name)) entries.push({ name, kind });
      return entries;
    },
    writeFile: (path) => readOnly(path),
    mkdir: (path) => readOnly(path),
    rename: (from) => readOnly(from),
    remove: (path) => readOnly(path),
  };
}

/** A path as the overlay keys it: relative, `/`-separated, without `.` segments (`""`: the root). */
function keyOf(path: string): string {
  const result = normalizeRelativePath(path);
  if (result.isErr()) throw new FsError(result.error.code, path, `${path}: ${result.error.reason}`);
  return result.value;
}
