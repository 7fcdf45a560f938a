import { dirname, joinPath } from '../semantic/modules.js';
import { isJsonObject, jsonConfigs, stringField, stringsField, type JsonConfigs, type JsonObject } from './config-json.js';
import { exportTargets, splitPackageSpecifier } from './package-json.js';
import { globRegExp } from '../glob.js';
import type { ProjectFiles } from './project.js';
import { packageIndex, type PackageIndex } from './workspaces.js';

/**
 * The parts of `tsconfig.json` / `jsconfig.json` that change where imports lead, read as
 * TypeScript reads them: `extends` chains (relative files, with or without `.json`, arrays, and
 * configs of packages under the root such as a workspace's `@acme/tsconfig/base.json`), compiler
 * options overriding what they extend, paths relative to the config that writes them and
 * `${configDir}` to the config in use, `paths` relative to `baseUrl` or else to the config that sets
 * them. A config extended from a package outside the root (`@tsconfig/node20/tsconfig.json`) lives in
 * node_modules and cannot be read here: it is listed in `unreadable`, so a failed resolution can say so.
 */
export interface CompilerConfig {
  /** The config file in use. */
  readonly file: string;
  /** `baseUrl`, as a root-relative folder. */
  readonly baseUrl: string | null;
  /** Valid `paths` patterns (at most one `*`), each with its substitutions as root-relative paths (`*` kept). */
  readonly paths: readonly PathPattern[];
  /** The config that sets `paths` (for reasons), or `null`. */
  readonly pathsFile: string | null;
  /** `rootDir`, `outDir` and `declarationDir`, as root-relative folders. */
  readonly rootDir: string | null;
  readonly outDir: string | null;
  readonly declarationDir: string | null;
  /** `moduleSuffixes` (`[".ios", ""]`), or `[""]`. */
  readonly moduleSuffixes: readonly string[];
  /** `customConditions`, tried before the usual conditions of package exports. */
  readonly customConditions: readonly string[];
  /** `extends` entries (of the chain) that could not be read. */
  readonly unreadable: readonly string[];
  /** Whether the config's `files`/`include`/`exclude` take in a root-relative file. */
  includes(path: string): boolean;
  /** The configs its `references` name. */
  readonly references: readonly string[];
}

/** One `paths` entry. */
export interface PathPattern {
  readonly pattern: string;
  /** What comes before and after the `*` (`suffix` is `null` for a pattern without `*`). */
  readonly prefix: string;
  readonly suffix: string | null;
  readonly targets: readonly string[];
}

/** An option as the config chain sets it, with the folder of the config that sets it. */
interface Setting {
  readonly value: unknown;
  readonly file: string;
  readonly folder: string;
}

/** A config merged with what it extends, before paths are resolved against the config in use. */
interface MergedConfig {
  readonly options: ReadonlyMap<string, Setting>;
  readonly files: Setting | null;
  readonly include: Setting | null;
  readonly exclude: Setting | null;
  readonly unreadable: readonly string[];
}

/** The compiler configs of a project, each compiled once. */
export interface CompilerConfigs {
  /** The config at a path (with its extends chain), or `null` when the project holds no such config. */
  at(file: string): CompilerConfig | null;
  /**
   * The config governing a file: walking up from its folder, the first `tsconfig.json` (else
   * `jsconfig.json`) whose `files`/`include`/`exclude` take the file in, or one of the configs its
   * `references` name that does (a solution-style tsconfig.json, as Vite's templates write); when
   * none takes it in, the nearest one. This is how editors pick the project of a file.
   */
  governing(file: string): CompilerConfig | null;
}

/** The compiler configs of `project`. */
export function compilerConfigs(project: ProjectFiles, json: JsonConfigs, packages: PackageIndex): CompilerConfigs {
  const compiled = new Map<string, CompilerConfig | null>();
  const governing = new Map<string, CompilerConfig | null>();
  const at = (file: string): CompilerConfig | null => {
    let config = compiled.get(file);
    if (config === undefined) {
      const own = json(file);
      config = own ? compile(file, merged(json, packages, project, file, new Set()), referenceEntries(own, file)) : null;
      compiled.set(file, config);
    }
    return config;
  };
  const including = (file: string, configPath: string, seen: Set<string>): CompilerConfig | null => {
    if (seen.has(configPath)) return null;
    seen.add(configPath);
    const config = at(configPath);
    if (!config) return null;
    if (config.includes(file)) return config;
    for (const reference of config.references) {
      const found = including(file, reference, seen);
      if (found) return found;
    }
    return null;
  };
  return {
    at,
    governing(file) {
      if (governing.has(file)) return governing.get(file)!;
      let nearest: CompilerConfig | null = null;
      let found: CompilerConfig | null = null;
      for (let folder: string | null = dirname(file); folder !== null && !found; folder = folder === '' ? null : dirname(folder)) {
        const configPath = ['tsconfig.json', 'jsconfig.json'].map((name) => (folder === '' ? name : `${folder}/${name}`)).find((path) => project.configs.has(path));
        if (configPath === undefined) continue;
        nearest ??= at(configPath);
        found = including(file, configPath, new Set());
      }
      const config = found ?? nearest;
      governing.set(file, config);
      return config;
    },
  };
}

/** The config files an `extends` entry may name, in the order TypeScript tries them. */
function extendsCandidates(json: JsonConfigs, packages: PackageIndex, configFile: string, entry: string): string[] {
  const folder = dirname(configFile);
  if (entry.startsWith('./') || entry.startsWith('../') || entry.startsWith('/') || entry === '.' || entry === '..') {
    const base = joinPath(entry.startsWith('/') ? '' : folder, entry);
    if (base === null) return [];
    return entry.endsWith('.json') ? [base] : [base, `${base}.json`];
  }
  // A package's config: a package under the root (a workspace's shared tsconfig), through its exports or as a path.
  const { name, subpath } = splitPackageSpecifier(entry);
  const pkg = packages.workspacePackages(folder, name)[0] ?? (packages.named(name).length === 1 ? packages.named(name)[0]! : null);
  if (!pkg) return [];
  const inPackage = (target: string) => joinPath(pkg.folder, target);
  if (subpath === '.') return [inPackage(stringField(pkg.json, 'tsconfig') ?? 'tsconfig.json')].filter((path): path is string => path !== null);
  const lookup = pkg.json['exports'] !== undefined ? exportTargets(pkg.json, subpath) : null;
  const targets = lookup === null ? [subpath] : lookup.kind === 'targets' ? lookup.targets : [];
  return targets.flatMap((target) => {
    const base = inPackage(target);
    return base === null ? [] : target.endsWith('.json') ? [base] : [base, `${base}.json`, `${base}/tsconfig.json`];
  });
}

/**
 * The files the project's configs extend or reference that the project holds no text for yet
 * (`tooling/typescript/base.json`, named by `"extends": "@acme/tsconfig/base.json"`): what the
 * editor reads next, until none is left.
 */
export function configFilesToRead(project: ProjectFiles): string[] {
  const json = jsonConfigs(project);
  const packages = packageIndex(project, json);
  const wanted = new Set<string>();
  for (const path of project.configs.keys()) {
    if (path.endsWith('package.json') || !path.endsWith('.json')) continue;
    const config = json(path);
    if (!config) continue;
    const entries = extendsEntries(config);
    const references = referenceEntries(config, path);
    for (const candidate of [...entries.flatMap((entry) => extendsCandidates(json, packages, path, entry)), ...references]) {
      if (project.files.has(candidate) && !project.configs.has(candidate)) wanted.add(candidate);
    }
  }
  return [...wanted].sort();
}

function extendsEntries(config: JsonObject): string[] {
  const field = config['extends'];
  return typeof field === 'string' ? [field] : (stringsField(config, 'extends') ?? []);
}

/** The config files a config's `references` name (`{ "path": "./tsconfig.app.json" }` or a folder holding a tsconfig.json). */
function referenceEntries(config: JsonObject, configFile: string): string[] {
  const references = config['references'];
  if (!Array.isArray(references)) return [];
  return references.flatMap((reference) => {
    const path = isJsonObject(reference) ? stringField(reference, 'path') : null;
    const target = path === null ? null : joinPath(dirname(configFile), path);
    if (target === null) return [];
    return target.endsWith('.json') ? [target] : [`${target === '' ? '' : `${target}/`}tsconfig.json`];
  });
}

const DIRECTORY_OPTIONS = ['baseUrl', 'rootDir', 'outDir', 'declarationDir'];

/** A config with what it extends (later `extends` entries over earlier ones, the config over all of them). */
function merged(json: JsonConfigs, packages: PackageIndex, project: ProjectFiles, file: string, seen: ReadonlySet<string>): MergedConfig {
  const config = json(file);
  const empty: MergedConfig = { options: new Map(), files: null, include: null, exclude: null, unreadable: [] };
  if (!config || seen.has(file)) return empty;
  const chain = new Set(seen).add(file);
  let result = empty;
  for (const entry of extendsEntries(config)) {
    const parent = extendsCandidates(json, packages, file, entry).find((candidate) => project.configs.has(candidate));
    if (parent === undefined) {
      result = { ...result, unreadable: [...result.unreadable, entry] };
      continue;
    }
    const next = merged(json, packages, project, parent, chain);
    result = {
      options: new Map([...result.options, ...next.options]),
      files: next.files ?? result.files,
      include: next.include ?? result.include,
      exclude: next.exclude ?? result.exclude,
      unreadable: [...result.unreadable, ...next.unreadable],
    };
  }
  const folder = dirname(file);
  const options = new Map(result.options);
  const compilerOptions = config['compilerOptions'];
  if (isJsonObject(compilerOptions)) for (const [key, value] of Object.entries(compilerOptions)) options.set(key, { value, file, folder });
  const own = (key: string): Setting | null => (config[key] !== undefined ? { value: config[key], file, folder } : null);
  return {
    options,
    files: own('files') ?? result.files,
    include: own('include') ?? result.include,
    exclude: own('exclude') ?? result.exclude,
    unreadable: result.unreadable,
  };
}

/** A path a config writes, root-relative: `${configDir}` is the folder of the config in use, else the folder of the config that writes it. */
function configPath(text: string, writtenIn: string, configDir: string): string | null {
  if (text.startsWith('${configDir}')) return joinPath(configDir, text.slice('${configDir}'.length));
  return joinPath(text.startsWith('/') ? '' : writtenIn, text);
}

function compile(file: string, config: MergedConfig, references: readonly string[]): CompilerConfig {
  const configDir = dirname(file);
  const directory = (key: string): string | null => {
    const setting = config.options.get(key);
    return setting && typeof setting.value === 'string' ? configPath(setting.value, setting.folder, configDir) : null;
  };
  const [baseUrl, rootDir, outDir, declarationDir] = DIRECTORY_OPTIONS.map(directory) as [string | null, string | null, string | null, string | null];
  const pathsSetting = config.options.get('paths');
  const paths: PathPattern[] = [];
  if (pathsSetting && isJsonObject(pathsSetting.value)) {
    // Substitutions are relative to baseUrl, or (TypeScript 4.1+) to the config that sets `paths`.
    const base = baseUrl ?? pathsSetting.folder;
    for (const [pattern, substitutions] of Object.entries(pathsSetting.value)) {
      const star = pattern.indexOf('*');
      if (star !== -1 && pattern.indexOf('*', star + 1) !== -1) continue;
      const targets = (Array.isArray(substitutions) ? substitutions : [])
        .filter((target): target is string => typeof target === 'string')
        .flatMap((target) => configPath(target, base, configDir) ?? []);
      paths.push({ pattern, prefix: star === -1 ? pattern : pattern.slice(0, star), suffix: star === -1 ? null : pattern.slice(star + 1), targets });
    }
  }
  const strings = (key: string): string[] => {
    const value = config.options.get(key)?.value;
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  };
  const suffixes = strings('moduleSuffixes');
  return {
    file,
    baseUrl,
    paths,
    pathsFile: pathsSetting ? pathsSetting.file : null,
    rootDir,
    outDir,
    declarationDir,
    moduleSuffixes: suffixes.length > 0 ? suffixes : [''],
    customConditions: strings('customConditions'),
    unreadable: config.unreadable,
    includes: includeMatcher(config, configDir, [outDir, declarationDir]),
    references,
  };
}

/** TypeScript's `files`/`include`/`exclude`: with neither `files` nor `include`, everything under the config's folder. */
function includeMatcher(config: MergedConfig, configDir: string, outputs: ReadonlyArray<string | null>): (path: string) => boolean {
  const list = (setting: Setting | null): Array<{ text: string; folder: string }> | null =>
    setting && Array.isArray(setting.value) ? setting.value.filter((entry): entry is string => typeof entry === 'string').map((text) => ({ text, folder: setting.folder })) : null;
  const files = new Set((list(config.files) ?? []).flatMap(({ text, folder }) => configPath(text, folder, configDir) ?? []));
  const include = list(config.include) ?? (config.files ? [] : [{ text: '**/*', folder: configDir }]);
  const includePatterns = include.flatMap(({ text, folder }) => {
    const path = configPath(text, folder, configDir);
    if (path === null) return [];
    // A last segment without `.`, `*` or `?` names a folder: everything under it.
    const last = path.slice(path.lastIndexOf('/') + 1);
    return [globRegExp(path === '' ? '**/*' : /[.*?]/.test(last) ? path : `${path}/**/*`)];
  });
  // Without `exclude`: package folders and the build output.
  const excluded = list(config.exclude)?.flatMap(({ text, folder }) => configPath(text, folder, configDir) ?? []) ?? [
    ...['node_modules', 'bower_components', 'jspm_packages'].flatMap((name) => joinPath(configDir, name) ?? []),
    ...outputs.filter((output): output is string => output !== null),
  ];
  const excludePatterns = excluded.map((path) => globRegExp(path, true));
  return (path) => files.has(path) || (includePatterns.some((pattern) => pattern.test(path)) && !excludePatterns.some((pattern) => pattern.test(path)));
}

/** The `paths` substitutions for a specifier, as TypeScript picks them: an exact pattern, else the one with the longest prefix before `*` (the first of equals). */
export function pathCandidates(config: CompilerConfig, specifier: string): { pattern: string; candidates: string[] } | null {
  const exact = config.paths.find((entry) => entry.suffix === null && entry.pattern === specifier);
  if (exact) return { pattern: exact.pattern, candidates: [...exact.targets] };
  let best: PathPattern | null = null;
  for (const entry of config.paths) {
    if (entry.suffix === null || specifier.length < entry.prefix.length + entry.suffix.length) continue;
    if (!specifier.startsWith(entry.prefix) || !specifier.endsWith(entry.suffix)) continue;
    if (!best || entry.prefix.length > best.prefix.length) best = entry;
  }
  if (!best) return null;
  const matched = specifier.slice(best.prefix.length, specifier.length - best.suffix!.length);
  return { pattern: best.pattern, candidates: best.targets.map((target) => target.replace('*', matched)) };
}
