import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { dirname, joinPath } from '../semantic/modules.js';
import type { ProjectFiles } from './project.js';

/**
 * The parts of `tsconfig.json` / `jsconfig.json` that change where imports lead: `baseUrl`,
 * `paths`, `rootDir` and `outDir`, through `extends` chains. Read from the texts the project holds
 * (JSON with comments and trailing commas, as TypeScript accepts it). A config extended by package
 * name (`@tsconfig/node20/tsconfig.json`) lives in node_modules and cannot be read here: it is
 * listed in `unreadable`, so a failed resolution can say so.
 */
export interface CompilerPaths {
  /** The config file this came from. */
  readonly file: string;
  /** `baseUrl`, as a root-relative folder. */
  readonly baseUrl: string | null;
  /** `paths` patterns, each with its substitutions (root-relative, `*` kept). */
  readonly paths: ReadonlyArray<{ readonly pattern: string; readonly targets: readonly string[] }>;
  /** `rootDir` and `outDir`, as root-relative folders. */
  readonly rootDir: string | null;
  readonly outDir: string | null;
  /** `extends` entries that could not be read (package configs, missing files). */
  readonly unreadable: readonly string[];
}

/** A JSON or JSONC file of the project, parsed (`null` when absent or not an object). */
export function readJsonConfig(project: ProjectFiles, path: string): Record<string, unknown> | null {
  const text = project.configs.get(path);
  if (text === undefined) return null;
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function stringField(object: Record<string, unknown> | undefined, key: string): string | null {
  const value = object?.[key];
  return typeof value === 'string' ? value : null;
}

/** A config path relative to the config's folder, as a root-relative path (`null` above the root). */
function fromConfig(configFile: string, relative: string): string | null {
  return joinPath(dirname(configFile), relative);
}

/** The config an `extends` entry names, when it is a file of the project. */
function extendedConfig(project: ProjectFiles, configFile: string, entry: string): string | null {
  if (!entry.startsWith('.') && !entry.startsWith('/')) return null;
  const base = fromConfig(configFile, entry.replace(/^\//, ''));
  if (base === null) return null;
  for (const candidate of [base, `${base}.json`, `${base}/tsconfig.json`]) if (project.configs.has(candidate)) return candidate;
  return null;
}

/** The compiler paths of one config file, `extends` applied (a later config overrides what it sets). */
export function compilerPaths(project: ProjectFiles, file: string, seen: ReadonlySet<string> = new Set()): CompilerPaths {
  const json = readJsonConfig(project, file);
  const empty: CompilerPaths = { file, baseUrl: null, paths: [], rootDir: null, outDir: null, unreadable: [] };
  if (!json || seen.has(file)) return empty;
  const chain = new Set(seen).add(file);
  const extendsField = json['extends'];
  const entries = typeof extendsField === 'string' ? [extendsField] : Array.isArray(extendsField) ? extendsField.filter((entry): entry is string => typeof entry === 'string') : [];
  let inherited = empty;
  const unreadable: string[] = [];
  for (const entry of entries) {
    const parent = extendedConfig(project, file, entry);
    if (parent === null) {
      unreadable.push(entry);
      continue;
    }
    const next = compilerPaths(project, parent, chain);
    inherited = {
      file,
      baseUrl: next.baseUrl ?? inherited.baseUrl,
      paths: next.paths.length > 0 ? next.paths : inherited.paths,
      rootDir: next.rootDir ?? inherited.rootDir,
      outDir: next.outDir ?? inherited.outDir,
      unreadable: [...inherited.unreadable, ...next.unreadable],
    };
  }
  const options = typeof json['compilerOptions'] === 'object' && json['compilerOptions'] !== null ? (json['compilerOptions'] as Record<string, unknown>) : undefined;
  const baseUrlText = stringField(options, 'baseUrl');
  const baseUrl = baseUrlText !== null ? fromConfig(file, baseUrlText) : inherited.baseUrl;
  let paths = inherited.paths;
  const pathsField = options?.['paths'];
  if (typeof pathsField === 'object' && pathsField !== null && !Array.isArray(pathsField)) {
    // Substitutions are relative to baseUrl, or (TypeScript 4.1+) to the config that sets `paths`.
    const base = baseUrl ?? dirname(file);
    paths = Object.entries(pathsField as Record<string, unknown>).map(([pattern, targets]) => ({
      pattern,
      targets: (Array.isArray(targets) ? targets : []).filter((target): target is string => typeof target === 'string').flatMap((target) => joinPath(base, target) ?? []),
    }));
  }
  const rootDirText = stringField(options, 'rootDir');
  const outDirText = stringField(options, 'outDir');
  return {
    file,
    baseUrl,
    paths,
    rootDir: rootDirText !== null ? fromConfig(file, rootDirText) : inherited.rootDir,
    outDir: outDirText !== null ? fromConfig(file, outDirText) : inherited.outDir,
    unreadable: [...inherited.unreadable, ...unreadable],
  };
}

/** The `paths` substitutions for a specifier, by TypeScript's rule: the pattern with the longest prefix before `*` wins. */
export function pathCandidates(config: CompilerPaths, specifier: string): string[] | null {
  let best: { prefixLength: number; targets: string[] } | null = null;
  for (const { pattern, targets } of config.paths) {
    const star = pattern.indexOf('*');
    if (star === -1) {
      if (pattern === specifier && (!best || pattern.length > best.prefixLength)) best = { prefixLength: pattern.length, targets: [...targets] };
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix) || specifier.length < prefix.length + suffix.length) continue;
    if (best && best.prefixLength >= prefix.length) continue;
    const matched = specifier.slice(prefix.length, specifier.length - suffix.length);
    best = { prefixLength: prefix.length, targets: targets.map((target) => target.replace('*', matched)) };
  }
  return best?.targets ?? null;
}
