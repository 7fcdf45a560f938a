import { dirname, joinPath } from '../semantic/modules.js';
import { isJsonObject, stringField, stringsField, type JsonConfigs, type JsonObject } from './config-json.js';
import { globRegExp } from '../glob.js';
import type { ProjectFiles } from './project.js';

/**
 * The npm packages under the root (every folder whose `package.json` has a `name`) and the
 * workspaces that link them: npm/yarn/bolt `workspaces` in a package.json, `pnpm-workspace.yaml`,
 * `lerna.json` and `rush.json`. A workspace package is reachable by its name from every file under
 * its workspace root, as the package manager's links in node_modules make it; the others only by a
 * `file:`/`link:`/`workspace:` dependency, a self-import, or (see the resolver) when nothing else
 * claims the name.
 */

/** A package under the root. */
export interface LocalPackage {
  /** Its folder, root-relative (`""`: the root). */
  readonly folder: string;
  readonly name: string;
  readonly json: JsonObject;
}

/** The packages of a project, and how they are linked. */
export interface PackageIndex {
  /** The package.json at a folder (named or not), parsed, or `null`. */
  manifest(folder: string): JsonObject | null;
  /** The nearest package.json with a name at or above a folder: the package a file belongs to. */
  ownPackage(folder: string): LocalPackage | null;
  /** The nearest package.json at or above a folder, named or not (Node's package scope, for `#imports`). */
  scope(folder: string): { readonly folder: string; readonly json: JsonObject } | null;
  /**
   * The workspace packages named `name` that a file in `folder` reaches: those of the deepest
   * workspace root at or above it that has one (several when the workspace names it twice).
   */
  workspacePackages(folder: string, name: string): readonly LocalPackage[];
  /** Every package under the root named `name`, shallowest first. */
  named(name: string): readonly LocalPackage[];
  /** The named package at a folder, or `null`. */
  at(folder: string): LocalPackage | null;
  /** The workspace configuration files found (for reasons). */
  readonly configurations: readonly string[];
}

interface WorkspaceRoot {
  readonly folder: string;
  readonly packages: ReadonlyMap<string, LocalPackage[]>;
}

/** The packages of `project` and its workspaces. */
export function packageIndex(project: ProjectFiles, json: JsonConfigs): PackageIndex {
  const manifestPath = (folder: string) => (folder === '' ? 'package.json' : `${folder}/package.json`);
  const all: LocalPackage[] = [];
  for (const path of project.configs.keys()) {
    if (path !== 'package.json' && !path.endsWith('/package.json')) continue;
    const manifest = json(path);
    const name = stringField(manifest, 'name');
    if (manifest && name) all.push({ folder: dirname(path), name, json: manifest });
  }
  all.sort((a, b) => depth(a.folder) - depth(b.folder) || (a.folder < b.folder ? -1 : 1));
  const byName = new Map<string, LocalPackage[]>();
  const byFolder = new Map<string, LocalPackage>();
  for (const pkg of all) {
    byName.set(pkg.name, [...(byName.get(pkg.name) ?? []), pkg]);
    byFolder.set(pkg.folder, pkg);
  }

  const { roots, configurations } = workspaceRoots(project, json, all);
  const rootsByFolder = new Map(roots.map((root) => [root.folder, root]));
  const own = new Map<string, LocalPackage | null>();
  const scopes = new Map<string, { folder: string; json: JsonObject } | null>();

  const ownPackage = (folder: string): LocalPackage | null => {
    let found = own.get(folder);
    if (found === undefined) {
      found = byFolder.get(folder) ?? (folder === '' ? null : ownPackage(dirname(folder)));
      own.set(folder, found);
    }
    return found;
  };
  const scope = (folder: string): { folder: string; json: JsonObject } | null => {
    let found = scopes.get(folder);
    if (found === undefined) {
      const manifest = json(manifestPath(folder));
      found = manifest ? { folder, json: manifest } : folder === '' ? null : scope(dirname(folder));
      scopes.set(folder, found);
    }
    return found;
  };
  return {
    manifest: (folder) => json(manifestPath(folder)),
    ownPackage,
    scope,
    workspacePackages(folder, name) {
      for (let current: string | null = folder; current !== null; current = current === '' ? null : dirname(current)) {
        const found = rootsByFolder.get(current)?.packages.get(name);
        if (found) return found;
      }
      return [];
    },
    named: (name) => byName.get(name) ?? [],
    at: (folder) => byFolder.get(folder) ?? null,
    configurations,
  };
}

function depth(folder: string): number {
  return folder === '' ? 0 : folder.split('/').length;
}

/** Every workspace root of the project, with the packages its patterns include. */
function workspaceRoots(project: ProjectFiles, json: JsonConfigs, all: readonly LocalPackage[]): { roots: WorkspaceRoot[]; configurations: string[] } {
  const patterns = new Map<string, string[]>();
  const configurations: string[] = [];
  const add = (config: string, found: readonly string[]) => {
    const folder = dirname(config);
    patterns.set(folder, [...(patterns.get(folder) ?? []), ...found]);
    configurations.push(config);
  };
  for (const [path, text] of project.configs) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name === 'package.json') {
      const manifest = json(path);
      const workspaces = manifest?.['workspaces'];
      const bolt = manifest?.['bolt'];
      const found = Array.isArray(workspaces) ? stringsField(manifest, 'workspaces') : isJsonObject(workspaces) ? stringsField(workspaces, 'packages') : isJsonObject(bolt) ? stringsField(bolt, 'workspaces') : null;
      if (found) add(path, found);
    } else if (name === 'pnpm-workspace.yaml') add(path, pnpmWorkspacePatterns(text));
    else if (name === 'lerna.json') add(path, stringsField(json(path), 'packages') ?? ['packages/*']);
    else if (name === 'rush.json') {
      const projects = json(path)?.['projects'];
      const folders = Array.isArray(projects) ? projects.flatMap((entry) => (isJsonObject(entry) && typeof entry['projectFolder'] === 'string' ? [entry['projectFolder']] : [])) : [];
      add(path, folders);
    }
  }
  const roots: WorkspaceRoot[] = [];
  for (const [folder, globs] of patterns) {
    const include: RegExp[] = [];
    const exclude: RegExp[] = [];
    for (const glob of globs) {
      const negated = glob.startsWith('!');
      const normalized = joinPath(folder, (negated ? glob.slice(1) : glob).replace(/\/+$/, ''));
      if (normalized !== null) (negated ? exclude : include).push(globRegExp(normalized));
    }
    const packages = new Map<string, LocalPackage[]>();
    for (const pkg of all) {
      if (!include.some((pattern) => pattern.test(pkg.folder)) || exclude.some((pattern) => pattern.test(pkg.folder))) continue;
      packages.set(pkg.name, [...(packages.get(pkg.name) ?? []), pkg]);
    }
    roots.push({ folder, packages });
  }
  return { roots, configurations: configurations.sort() };
}

/**
 * The `packages:` list of a pnpm-workspace.yaml (block or flow style, quoted or not, comments
 * skipped). Only that key is read: a tiny reader instead of a YAML library in the core.
 */
export function pnpmWorkspacePatterns(text: string): string[] {
  const unquote = (value: string) => value.trim().replace(/^(['"])(.*)\1$/, '$2');
  const patterns: string[] = [];
  let inPackages = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/(^|\s)#.*$/, '');
    if (!inPackages) {
      const key = /^packages\s*:\s*(.*)$/.exec(line);
      if (!key) continue;
      const rest = key[1]!.trim();
      if (rest.startsWith('[')) return rest.replace(/^\[|\]$/g, '').split(',').map(unquote).filter(Boolean);
      inPackages = true;
      continue;
    }
    if (line.trim() === '') continue;
    const item = /^\s*-\s*(.+)$/.exec(line);
    if (item) patterns.push(unquote(item[1]!));
    else if (/^\S/.test(line)) break;
  }
  return patterns;
}
