import { dirname, joinPath } from '../semantic/modules.js';
import type { ProjectFiles } from './project.js';
import { readJsonConfig } from './tsconfig.js';

/**
 * The npm packages of a project, as module resolution sees them: every `package.json` under the
 * root with a `name` is a local package (the project itself, its workspace packages, the packages of
 * a monorepo whose tool is not configured here), reached by its name; each package's `exports` (or,
 * without them, `types`/`module`/`main`) say which file a specifier names. And the packages a file
 * may import from outside: the dependencies declared on the path from its folder up to the root.
 */

/** A local package. */
export interface LocalPackage {
  /** Its folder, root-relative (`""`: the root). */
  readonly folder: string;
  readonly name: string;
  readonly json: Record<string, unknown>;
}

/** Condition names in the order their targets are tried. */
const CONDITIONS = ['types', 'typings', 'import', 'module', 'default', 'require', 'node', 'browser', 'development', 'production'];

/** Every local package of the project, by name (the shallowest folder wins a name used twice). */
export function localPackages(project: ProjectFiles): Map<string, LocalPackage> {
  const packages = new Map<string, LocalPackage>();
  const manifests = [...project.configs.keys()].filter((path) => path === 'package.json' || path.endsWith('/package.json')).sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
  for (const path of manifests) {
    const json = readJsonConfig(project, path);
    const name = json?.['name'];
    if (!json || typeof name !== 'string' || name === '' || packages.has(name)) continue;
    packages.set(name, { folder: dirname(path), name, json });
  }
  return packages;
}

/** The package name a bare specifier starts with (`@scope/name`, `name`) and the subpath after it (`./sub`, or `.`). */
export function splitPackageSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const count = specifier.startsWith('@') ? 2 : 1;
  const rest = parts.slice(count).join('/');
  return { name: parts.slice(0, count).join('/'), subpath: rest === '' ? '.' : `./${rest}` };
}

/** Every target string an `exports` value lists for conditions, in condition order. */
function conditionTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(conditionTargets);
  if (typeof value !== 'object' || value === null) return [];
  const entries = Object.entries(value as Record<string, unknown>);
  const ordered = [...CONDITIONS.flatMap((condition) => entries.filter(([key]) => key === condition)), ...entries.filter(([key]) => !CONDITIONS.includes(key))];
  return ordered.flatMap(([, target]) => conditionTargets(target));
}

/**
 * The targets a package's manifest gives a subpath (`.`, `./sub`), package-relative (`./dist/index.js`):
 * through `exports` (subpath keys, `*` patterns, nested conditions), else `types`/`module`/`main`
 * (or `index`) for `.` and the subpath itself otherwise. `[]` when `exports` does not export it.
 */
export function manifestTargets(json: Record<string, unknown>, subpath: string): string[] {
  const exports = json['exports'];
  if (exports !== undefined && exports !== null) {
    const isSubpathMap = typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports as object).some((key) => key.startsWith('.'));
    if (!isSubpathMap) return subpath === '.' ? conditionTargets(exports) : [];
    const map = exports as Record<string, unknown>;
    if (subpath in map) return conditionTargets(map[subpath]);
    let best: { prefix: string; targets: string[] } | null = null;
    for (const [key, value] of Object.entries(map)) {
      const star = key.indexOf('*');
      if (star === -1) continue;
      const prefix = key.slice(0, star);
      const suffix = key.slice(star + 1);
      if (!subpath.startsWith(prefix) || !subpath.endsWith(suffix) || (best && best.prefix.length >= prefix.length)) continue;
      const matched = subpath.slice(prefix.length, subpath.length - suffix.length);
      best = { prefix, targets: conditionTargets(value).map((target) => target.replaceAll('*', matched)) };
    }
    return best?.targets ?? [];
  }
  if (subpath !== '.') return [subpath];
  const fields = ['types', 'typings', 'module', 'main'].map((field) => json[field]).filter((value): value is string => typeof value === 'string');
  return fields.length > 0 ? fields : ['./index'];
}

/** A package-relative target as a root-relative path (`null` when it climbs out). */
export function packagePath(pkg: LocalPackage, target: string): string | null {
  return joinPath(pkg.folder, target);
}

/** The dependencies declared by every package.json on the path from a file's folder up to the root. */
export function declaredDependencies(project: ProjectFiles, from: string): Set<string> {
  const names = new Set<string>();
  for (let folder = dirname(from); ; folder = dirname(folder)) {
    const json = readJsonConfig(project, folder === '' ? 'package.json' : `${folder}/package.json`);
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      const deps = json?.[field];
      if (typeof deps === 'object' && deps !== null) for (const name of Object.keys(deps)) names.add(name);
    }
    if (folder === '') break;
  }
  return names;
}

/** Node's built-in modules (the core cannot ask `node:module`): a bare specifier naming one is never a file of the project. */
export const NODE_BUILTINS: ReadonlySet<string> = new Set(
  'assert async_hooks buffer child_process cluster console constants crypto dgram diagnostics_channel dns domain events fs http http2 https inspector module net os path perf_hooks process punycode querystring readline repl stream string_decoder sys timers tls trace_events tty url util v8 vm wasi worker_threads zlib test sqlite sea'.split(
    ' ',
  ),
);
