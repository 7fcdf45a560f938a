import { FsError, type DirectoryEntry, type FileStat, type FsAdapter } from './adapter.js';
import { normalizeRelativePath, parentOf } from './paths.js';

/** The in-memory file system: an {@link FsAdapter} plus a way to look at everything in it. */
export interface MemoryFs extends FsAdapter {
  /** Every file as text (UTF-8, invalid bytes replaced), keyed by path. */
  snapshot(): Record<string, string>;
}

interface MemoryFile {
  data: Uint8Array;
  mode: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A complete in-memory file system, for tests and browsers (it imports nothing from Node).
 * `files` maps paths to text or bytes; folders are implied by the paths.
 *
 * @example
 * ```ts
 * const fs = memoryFs({ 'src/app.py': 'def main():\n    pass\n' });
 * const editor = createEditor({ fs });
 * ```
 */
export function memoryFs(files: Record<string, string | Uint8Array> = {}): MemoryFs {
  const contents = new Map<string, MemoryFile>();
  const folders = new Set<string>(['']);

  const normalize = (path: string): string => {
    const result = normalizeRelativePath(path);
    if (result.isErr()) throw new FsError(result.error.code, path, `${path}: ${result.error.reason}`);
    return result.value;
  };
  const addFolders = (path: string) => {
    for (let folder = parentOf(path); !folders.has(folder); folder = parentOf(folder)) folders.add(folder);
  };
  const requireParent = (path: string, original: string) => {
    const parent = parentOf(path);
    if (!folders.has(parent)) throw new FsError(contents.has(parent) ? 'ENOTDIR' : 'ENOENT', original);
  };

  for (const [path, content] of Object.entries(files)) {
    const key = normalize(path);
    contents.set(key, { data: typeof content === 'string' ? encoder.encode(content) : content.slice(), mode: 0o644 });
    addFolders(key);
  }

  const stat = (path: string): FileStat => {
    const key = normalize(path);
    const file = contents.get(key);
    if (file) return { kind: 'file', size: file.data.length, mode: file.mode };
    if (folders.has(key)) return { kind: 'directory', size: 0, mode: 0o755 };
    throw new FsError('ENOENT', path);
  };

  return {
    async readFile(path) {
      const key = normalize(path);
      const file = contents.get(key);
      if (file) return file.data.slice();
      throw new FsError(folders.has(key) ? 'EISDIR' : 'ENOENT', path);
    },
    async writeFile(path, data, options) {
      const key = normalize(path);
      if (folders.has(key)) throw new FsError('EISDIR', path);
      requireParent(key, path);
      const mode = options?.mode ?? contents.get(key)?.mode ?? 0o644;
      contents.set(key, { data: data.slice(), mode });
    },
    async stat(path) {
      return stat(path);
    },
    async mkdir(path) {
      const key = normalize(path);
      if (contents.has(key)) throw new FsError('EEXIST', path);
      for (let folder = key; folder !== '' && !folders.has(folder); folder = parentOf(folder)) {
        if (contents.has(folder)) throw new FsError('ENOTDIR', path);
      }
      folders.add(key);
      addFolders(key);
    },
    async rename(from, to) {
      const source = normalize(from);
      const target = normalize(to);
      const file = contents.get(source);
      if (!file) throw new FsError('ENOENT', from);
      if (folders.has(target)) throw new FsError('EISDIR', to);
      requireParent(target, to);
      contents.delete(source);
      contents.set(target, file);
    },
    async remove(path) {
      const key = normalize(path);
      if (!contents.delete(key)) throw new FsError(folders.has(key) ? 'EISDIR' : 'ENOENT', path);
    },
    async realpath(path) {
      const key = normalize(path);
      stat(key);
      return key;
    },
    async exists(path) {
      const key = normalize(path);
      return contents.has(key) || folders.has(key);
    },
    async readDirectory(path) {
      const key = normalize(path);
      if (!folders.has(key)) throw new FsError(contents.has(key) ? 'ENOTDIR' : 'ENOENT', path);
      const prefix = key === '' ? '' : `${key}/`;
      const entries = new Map<string, DirectoryEntry>();
      for (const file of contents.keys()) {
        if (file.startsWith(prefix) && !file.slice(prefix.length).includes('/')) entries.set(file, { name: file.slice(prefix.length), kind: 'file' });
      }
      for (const folder of folders) {
        if (folder !== key && folder.startsWith(prefix) && !folder.slice(prefix.length).includes('/')) {
          entries.set(folder, { name: folder.slice(prefix.length), kind: 'directory' });
        }
      }
      return [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    },
    snapshot() {
      const out: Record<string, string> = {};
      for (const [path, file] of [...contents.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) out[path] = decoder.decode(file.data);
      return out;
    },
  };
}
