import { FsError, type DirectoryEntry, type FileStat, type FsAdapter } from './adapter.js';
import { normalizeRelativePath } from './paths.js';

/**
 * A read-only view of an adapter with some files as a change would leave them: each path in
 * `files` reads as its bytes, or as absent (`null`); folders holding an added file exist. What a
 * patch is checked against before it is written: the other files' imports resolve where they will.
 * Writes reject with `EPERM`.
 */
export function overlayFs(base: FsAdapter, files: ReadonlyMap<string, Uint8Array | null>): FsAdapter {
  const changed = new Map<string, Uint8Array | null>();
  for (const [path, bytes] of files) changed.set(keyOf(path), bytes);
  // Folders the added files need, with the names each holds.
  const added = new Map<string, Map<string, DirectoryEntry['kind']>>();
  for (const [path, bytes] of changed) {
    if (bytes === null) continue;
    const parts = path.split('/');
    for (let depth = 0; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      const entries = added.get(folder) ?? new Map<string, DirectoryEntry['kind']>();
      entries.set(parts[depth]!, depth === parts.length - 1 ? 'file' : 'directory');
      added.set(folder, entries);
    }
  }
  const readOnly = (path: string): Promise<never> => Promise.reject(new FsError('EPERM', path, `${path}: a read-only view of files as a change leaves them`));
  const stat = async (path: string): Promise<FileStat> => {
    const key = keyOf(path);
    const bytes = changed.get(key);
    if (bytes === null) throw new FsError('ENOENT', path);
    if (bytes !== undefined) return { kind: 'file', size: bytes.length, mode: 0o644 };
    try {
      return await base.stat(path);
    } catch (cause) {
      if (added.has(key)) return { kind: 'directory', size: 0, mode: 0o755 };
      throw cause;
    }
  };
  return {
    async readFile(path) {
      const bytes = changed.get(keyOf(path));
      if (bytes === null) throw new FsError('ENOENT', path);
      return bytes ?? base.readFile(path);
    },
    stat,
    async exists(path) {
      const key = keyOf(path);
      if (changed.has(key)) return changed.get(key) !== null;
      return added.has(key) || base.exists(path);
    },
    async realpath(path) {
      const key = keyOf(path);
      return changed.has(key) || added.has(key) ? key : base.realpath(path);
    },
    async readDirectory(path) {
      const key = keyOf(path);
      const extra = added.get(key);
      let entries: DirectoryEntry[];
      try {
        entries = await base.readDirectory(path);
      } catch (cause) {
        if (!extra) throw cause;
        entries = [];
      }
      const inside = (name: string) => (key === '' ? name : `${key}/${name}`);
      const listed = entries.filter((entry) => changed.get(inside(entry.name)) !== null);
      for (const [name, kind] of extra ?? []) if (!listed.some((entry) => entry.name === name)) listed.push({ name, kind });
      return listed;
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
