import { isJsonObject, stringField, type JsonObject } from './config-json.js';

/**
 * What a `package.json` says about the modules a package offers and needs: the file its name and
 * subpaths lead to (`exports`, else `types`/`typings`/`module`/`main`), its private `#imports`, and
 * the dependencies it declares. Package-relative targets (`./dist/index.js`), as written.
 */

/** The package name a bare specifier starts with (`@scope/name`, `name`) and the subpath after it (`./sub`, or `.`). */
export function splitPackageSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const count = specifier.startsWith('@') ? 2 : 1;
  const rest = parts.slice(count).join('/');
  return { name: parts.slice(0, count).join('/'), subpath: rest === '' ? '.' : `./${rest}` };
}

/** What a package's manifest gives a subpath: the targets to try in order, or why there are none. */
export type ManifestLookup =
  | { readonly kind: 'targets'; readonly targets: readonly string[]; readonly via: 'exports' | 'imports' | 'fields' | 'subpath' }
  /** `exports`/`imports` exist and list no key matching it. */
  | { readonly kind: 'not-listed'; readonly field: 'exports' | 'imports' }
  /** Its key maps to `null`: the package hides it. */
  | { readonly kind: 'blocked'; readonly field: 'exports' | 'imports'; readonly key: string };

/**
 * Condition names in the order their targets are tried: the type declarations first (what
 * TypeScript reads), then ESM, then the rest; conditions not listed come after, in the order the
 * manifest writes them. All of them are collected, since the resolver maps build output back to
 * the source and any of them may lead there.
 */
const CONDITIONS = ['types', 'import', 'module', 'default', 'require', 'node'];

/**
 * The targets a package's manifest gives a subpath (`.`, `./sub`) of its name: through `exports`
 * (exact keys, then the `*` pattern with the longest prefix, then a legacy `./folder/` key; nested
 * conditions and fallback arrays), else `types`/`typings`/`module`/`main` (or `./index`) for `.` and
 * the subpath itself otherwise. `conditions` (tsconfig `customConditions`) come before the usual ones.
 */
export function exportTargets(json: JsonObject, subpath: string, conditions: readonly string[] = []): ManifestLookup {
  const exports = json['exports'];
  if (exports !== undefined && exports !== null) {
    const map = isJsonObject(exports) && Object.keys(exports).some((key) => key.startsWith('.')) ? exports : { '.': exports };
    return mappedTargets(map, subpath, 'exports', conditions);
  }
  if (subpath !== '.') return { kind: 'targets', targets: [subpath], via: 'subpath' };
  const fields = ['types', 'typings', 'module', 'main'].map((field) => stringField(json, field)).filter((value): value is string => value !== null);
  return { kind: 'targets', targets: fields.length > 0 ? fields : ['./index'], via: 'fields' };
}

/** The targets a package's `imports` give a `#specifier` (targets may be package-relative or bare specifiers). */
export function importTargets(json: JsonObject, specifier: string, conditions: readonly string[] = []): ManifestLookup {
  const imports = json['imports'];
  if (!isJsonObject(imports)) return { kind: 'not-listed', field: 'imports' };
  return mappedTargets(imports, specifier, 'imports', conditions);
}

/** The subpath-map lookup `exports` and `imports` share (Node's PACKAGE_IMPORTS_EXPORTS_RESOLVE). */
function mappedTargets(map: JsonObject, key: string, field: 'exports' | 'imports', conditions: readonly string[]): ManifestLookup {
  const found = (matchedKey: string, value: unknown, star: string | null): ManifestLookup => {
    if (value === null) return { kind: 'blocked', field, key: matchedKey };
    const targets = conditionTargets(value, conditions).map((target) => (star === null ? target : target.replaceAll('*', star)));
    return targets.length > 0 ? { kind: 'targets', targets, via: field } : { kind: 'not-listed', field };
  };
  if (key in map && !key.includes('*')) return found(key, map[key], null);
  // Patterns: the longest prefix before `*` wins, then the longest key (Node's PATTERN_KEY_COMPARE).
  let best: { key: string; prefix: string; star: string } | null = null;
  for (const candidate of Object.keys(map)) {
    const star = candidate.indexOf('*');
    if (star === -1 || candidate.indexOf('*', star + 1) !== -1) continue;
    const prefix = candidate.slice(0, star);
    const suffix = candidate.slice(star + 1);
    if (!key.startsWith(prefix) || key === prefix || (suffix !== '' && (!key.endsWith(suffix) || key.length < candidate.length))) continue;
    if (best && (best.prefix.length > prefix.length || (best.prefix.length === prefix.length && best.key.length >= candidate.length))) continue;
    best = { key: candidate, prefix, star: key.slice(prefix.length, key.length - suffix.length) };
  }
  if (best) return found(best.key, map[best.key], best.star);
  // Folder keys (`"./features/": "./dist/features/"`), which Node once allowed: the longest wins.
  const folder = Object.keys(map)
    .filter((candidate) => candidate.endsWith('/') && key.startsWith(candidate))
    .sort((a, b) => b.length - a.length)[0];
  if (folder !== undefined) {
    const lookup = found(folder, map[folder], null);
    return lookup.kind === 'targets' ? { ...lookup, targets: lookup.targets.filter((target) => target.endsWith('/')).map((target) => target + key.slice(folder.length)) } : lookup;
  }
  return { kind: 'not-listed', field };
}

/** Every target string a conditional value lists, in condition order (fallback arrays in order, `null` skipped). */
function conditionTargets(value: unknown, conditions: readonly string[]): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((entry) => conditionTargets(entry, conditions));
  if (!isJsonObject(value)) return [];
  const order = [...conditions, ...CONDITIONS];
  const entries = Object.entries(value);
  const rank = (key: string): number => {
    const at = order.indexOf(key.startsWith('types@') ? 'types' : key);
    return at === -1 ? order.length : at;
  };
  // A stable sort keeps the manifest's order among conditions of the same rank.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.index - b.index)
    .flatMap(({ entry }) => conditionTargets(entry[1], conditions));
}

/** The fields a package declares its dependencies in. */
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** The version range (or protocol: `workspace:*`, `file:../x`) a manifest declares a dependency with, or `null`. */
export function declaredDependency(json: JsonObject, name: string): string | null {
  for (const field of DEPENDENCY_FIELDS) {
    const dependencies = json[field];
    if (!isJsonObject(dependencies)) continue;
    const version = dependencies[name];
    if (typeof version === 'string') return version;
    if (version !== undefined) return '';
  }
  return null;
}

/** A dependency installed from a folder of the project (`file:`, `link:`, `portal:`): that folder, relative to the manifest. */
export function localDependencyFolder(version: string): string | null {
  return /^(?:file|link|portal):(?!\/\/)(.+)$/.exec(version)?.[1] ?? null;
}

/** Node's built-in modules (the core cannot ask `node:module`): a bare specifier naming one is no file of the project. */
const NODE_BUILTINS: ReadonlySet<string> = new Set(
  [
    'assert async_hooks buffer child_process cluster console constants crypto dgram diagnostics_channel dns domain events fs http http2 https',
    'inspector module net os path perf_hooks process punycode querystring readline repl stream string_decoder sys timers tls trace_events',
    'tty url util v8 vm wasi worker_threads zlib',
    '_http_agent _http_client _http_common _http_incoming _http_outgoing _http_server _stream_duplex _stream_passthrough _stream_readable',
    '_stream_transform _stream_wrap _stream_writable _tls_common _tls_wrap',
  ]
    .join(' ')
    .split(' '),
);
/** Built-ins Node only serves with the `node:` prefix (a bare `test` is a package like any other). */
const PREFIXED_BUILTINS: ReadonlySet<string> = new Set(['sea', 'sqlite', 'test']);

/** The built-in module a specifier names (`fs` for `node:fs`, `fs/promises`; `test` for `node:test/reporters`), or `null`. */
export function nodeBuiltin(specifier: string): string | null {
  const prefixed = specifier.startsWith('node:');
  const name = (prefixed ? specifier.slice(5) : specifier).split('/')[0]!;
  if (NODE_BUILTINS.has(name) || (prefixed && PREFIXED_BUILTINS.has(name))) return name;
  return prefixed ? name : null;
}
