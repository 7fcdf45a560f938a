import { FsError, type DirectoryEntry, type FsAdapter } from './adapter.js';
import { normalizeRelativePath } from './paths.js';

/**
 * Several adapters under one root, each mounted as a top-level folder: the path `name/rest` goes to
 * the adapter mounted as `name` as `rest`. The top level lists the mounts (as folders) and holds
 * nothing else; a path outside every mount is refused with `OUTSIDE_ROOT`, which the editor reports
 * as an error value naming the mounts. Renaming from one mount to another is refused (`EXDEV`).
 * Mount names are single folder names (a `TypeError` otherwise: that is a bug of the host, not input).
 *
 * @example
 * ```ts
 * const fs = mountedFs({ api: nodeFs({ root: '/work/api' }), web: nodeFs({ root: '/work/web' }) });
 * const editor = createEditor({ fs }); // paths: "api/src/app.py", "web/src/main.ts"
 * ```
 */
export function mountedFs(mounts: Readonly<Record<string, FsAdapter>>): FsAdapter {
  const names = Object.keys(mounts).sort();
  for (const name of names) {
    // A mount name is one path segment; anything else could never be reached.
    if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\\')) throw new TypeError(`mountedFs: ${JSON.stringify(name)} is not a folder name`);
  }
  const known = names.map((name) => `${name}/`).join(', ');

  /** The mount and the path inside it, or `null` for the top level. */
  const split = (path: string): { adapter: FsAdapter; name: string; rest: string } | null => {
    const normalized = normalizeRelativePath(path);
    if (normalized.isErr()) throw new FsError(normalized.error.code, path, `${path}: ${normalized.error.reason}`);
    if (normalized.value === '') return null;
    const slash = normalized.value.indexOf('/');
    const name = slash === -1 ? normalized.value : normalized.value.slice(0, slash);
    const adapter = Object.hasOwn(mounts, name) ? mounts[name] : undefined;
    if (!adapter) throw new FsError('OUTSIDE_ROOT', path, `no folder is mounted as ${JSON.stringify(name)}; every path starts with one of ${known}`);
    return { adapter, name, rest: slash === -1 ? '' : normalized.value.slice(slash + 1) };
  };
  /** The mount of a path that must be inside one (the top level is a folder no file can be written to). */
  const inside = (path: string, whenTop: string) => {
    const mount = split(path);
    if (!mount) throw new FsError(whenTop, path);
    return mount;
  };

  const adapter: FsAdapter = {
    readFile: async (path) => {
      const { adapter, rest } = inside(path, 'EISDIR');
      return adapter.readFile(rest);
    },
    writeFile: async (path, data, options) => {
      const { adapter, rest } = inside(path, 'EISDIR');
      return adapter.writeFile(rest, data, options);
    },
    stat: async (path) => {
      const mount = split(path);
      return mount ? mount.adapter.stat(mount.rest) : { kind: 'directory', size: 0, mode: 0o755 };
    },
    mkdir: async (path) => {
      const mount = split(path);
      if (mount) await mount.adapter.mkdir(mount.rest);
    },
    rename: async (from, to) => {
      const source = inside(from, 'EISDIR');
      const target = inside(to, 'EISDIR');
      if (source.name !== target.name) throw new FsError('EXDEV', from, `cannot rename ${from} to ${to}: they are in different mounted folders`);
      await source.adapter.rename(source.rest, target.rest);
    },
    remove: async (path) => {
      const { adapter, rest } = inside(path, 'EISDIR');
      return adapter.remove(rest);
    },
    realpath: async (path) => {
      const mount = split(path);
      if (!mount) return '';
      const real = await mount.adapter.realpath(mount.rest);
      return real === '' ? mount.name : `${mount.name}/${real}`;
    },
    exists: async (path) => {
      let mount: ReturnType<typeof split>;
      try {
        mount = split(path);
      } catch {
        // Outside every mount: nothing exists there.
        return false;
      }
      return mount ? mount.adapter.exists(mount.rest) : true;
    },
    readDirectory: async (path): Promise<DirectoryEntry[]> => {
      const mount = split(path);
      return mount ? mount.adapter.readDirectory(mount.rest) : names.map((name) => ({ name, kind: 'directory' }));
    },
  };
  // The optional methods are forwarded only when every mount has them, so the editor's fallbacks stay right.
  if (names.every((name) => mounts[name]!.hasContent)) {
    adapter.hasContent = async (path, bytes) => {
      const { adapter: mounted, rest } = inside(path, 'EISDIR');
      return mounted.hasContent!(rest, bytes);
    };
  }
  if (names.every((name) => mounts[name]!.writeChunks)) {
    adapter.writeChunks = async (path, chunks, options) => {
      const { adapter: mounted, rest } = inside(path, 'EISDIR');
      return mounted.writeChunks!(rest, chunks, options);
    };
  }
  return adapter;
}
