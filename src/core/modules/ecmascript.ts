import { dirname, joinPath } from '../semantic/modules.js';
import { jsonConfigs, stringField, type JsonObject } from './config-json.js';
import { declaredDependency, exportTargets, importTargets, localDependencyFolder, nodeBuiltin, splitPackageSpecifier, type ManifestLookup } from './package-json.js';
import type { ModuleResolver, ModuleTarget, ProjectFiles } from './project.js';
import { compilerConfigs, pathCandidates, type CompilerConfig } from './tsconfig.js';
import { packageIndex, type LocalPackage } from './workspaces.js';

/**
 * TypeScript/JavaScript import specifiers of the project under the root, resolved as the compiler
 * (moduleResolution `bundler`, with `allowJs`) and Node do, from the files and config texts the
 * editor gives the core:
 *
 * 1. Relative specifiers, with or without an extension (`.js` naming a `.ts` file, `.mjs` a `.mts`,
 *    `.jsx` a `.tsx`; `.d.ts` files), a folder's package.json `types`/`main`, `index` files; a
 *    `?query` (Vite's `?raw`) is left out. A `/path` is taken from the root, as Vite does.
 * 2. The tsconfig/jsconfig governing the importing file (see `CompilerConfigs.governing`): `paths`
 *    (an exact pattern, else the longest prefix before `*`; substitutions in order), then `baseUrl`.
 * 3. `#imports` of the nearest package.json.
 * 4. Node built-ins (`node:fs`, `fs/promises`) and URL-like specifiers (`npm:`, `https:`,
 *    `virtual:`): external.
 * 5. The importing file's own package by its name (the nearest package.json with a `name`).
 * 6. Workspace packages (see `packageIndex`) reached from the importing file's folder.
 * 7. The dependency declared nearest on the way up to the root: a `file:`/`link:` folder or a
 *    `workspace:` package of the project is followed; one from a registry is external — unless a
 *    package under the root outside any workspace carries the same name, which makes it ambiguous.
 * 8. A package under the root no workspace includes and nobody declares, when it is the only one
 *    with that name (a monorepo linked by a tool structedit does not read).
 *
 * A package's name and subpaths lead through its `exports` (conditions tried as `exportTargets`
 * orders them) or `types`/`typings`/`module`/`main`; a target in the build output is mapped back to
 * the source that produces it (the package's tsconfig `outDir`/`declarationDir` → `rootDir`, else
 * `src/` or the package folder; else `dist|build|out/` → `src/`); a target that is itself a file is
 * taken after those, and `lib/` → `src/` last (`lib/` is often the source of plain JS packages).
 * Anything else is `unresolved`, with a reason that says what to fix. Results are cached per
 * config, folder and specifier: the rename engine asks for every import of every file.
 */
export function ecmascriptResolver(project: ProjectFiles): ModuleResolver {
  const { files } = project;
  const json = jsonConfigs(project);
  const packages = packageIndex(project, json);
  const configs = compilerConfigs(project, json, packages);
  const found = new Map<string, string | null>();
  const results = new Map<string, ModuleTarget>();
  const packageConfigs = new Map<string, CompilerConfig[]>();
  const packageOutputs = new Map<string, OutputMapping[]>();

  /** The file a path names, probing as TypeScript does (see `probeCandidates`). */
  const fileAt = (base: string, suffixes: readonly string[] = NO_SUFFIXES): string | null => {
    const key = suffixes === NO_SUFFIXES ? base : `${base}\0${suffixes.join('\0')}`;
    let file = found.get(key);
    if (file === undefined) {
      file = probeCandidates(base, suffixes).find((candidate) => files.has(candidate)) ?? folderEntry(base, suffixes);
      found.set(key, file);
    }
    return file;
  };
  /** A folder imported as a module: its package.json `types`/`typings`/`main`, else its `index` file. */
  const folderEntry = (folder: string, suffixes: readonly string[]): string | null => {
    const manifest = packages.manifest(folder);
    for (const field of ['types', 'typings', 'main']) {
      const entry = stringField(manifest, field);
      const path = entry === null ? null : joinPath(folder, entry);
      const file = path === null ? null : (probeCandidates(path, suffixes).find((candidate) => files.has(candidate)) ?? null);
      if (file) return file;
    }
    return probeCandidates(`${folder}/index`, suffixes).find((candidate) => files.has(candidate)) ?? null;
  };

  /** The tsconfigs that say where a package's build output comes from: those in its folder, and the one governing it. */
  const configsOf = (pkg: PackageLike): CompilerConfig[] => {
    let list = packageConfigs.get(pkg.folder);
    if (!list) {
      const prefix = pkg.folder === '' ? '' : `${pkg.folder}/`;
      const own = [...project.configs.keys()].filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/') && /^(ts|js)config.*\.json$/.test(path.slice(prefix.length)));
      const governing = configs.governing(`${prefix}package.json`);
      list = [...new Set([...own.sort().flatMap((path) => configs.at(path) ?? []), ...(governing ? [governing] : [])])];
      packageConfigs.set(pkg.folder, list);
    }
    return list;
  };
  /** Where a package's build output goes and the sources it comes from: its tsconfigs' outDir/declarationDir -> rootDir (else src/ or the package folder), then dist|build|out/ -> src/. */
  const outputsOf = (pkg: PackageLike): OutputMapping[] => {
    let mappings = packageOutputs.get(pkg.folder);
    if (!mappings) {
      const inPackage = (folder: string) => joinPath(pkg.folder, folder)!;
      const fromConfigs = configsOf(pkg).flatMap((config) =>
        [config.outDir, config.declarationDir].flatMap((output) => (output === null ? [] : [{ output, sources: config.rootDir !== null ? [config.rootDir] : [inPackage('src'), pkg.folder] }])),
      );
      mappings = [...fromConfigs, ...['dist', 'build', 'out'].map((output) => ({ output: inPackage(output), sources: [inPackage('src')] }))];
      packageOutputs.set(pkg.folder, mappings);
    }
    return mappings;
  };
  /** A package target as a file under the root: the source its build output comes from, or itself; `lib/` -> `src/` last, as `lib/` is often a JS package's source. */
  const sourceOf = (pkg: PackageLike, target: string): string | null => {
    const path = joinPath(pkg.folder, target);
    if (path === null) return null;
    return mappedSource(path, outputsOf(pkg)) ?? fileAt(path) ?? mappedSource(path, [{ output: joinPath(pkg.folder, 'lib')!, sources: [joinPath(pkg.folder, 'src')!] }]);
  };
  /** A relative import into the build output of the package holding it (`../dist/index.js` from bench/): the source, when the importing file is not in that output itself. */
  const outputSourceOf = (from: string, path: string): string | null => {
    const scope = packages.scope(dirname(path));
    const pkg: PackageLike = scope ? { folder: scope.folder, name: '', json: scope.json } : { folder: '', name: '', json: {} };
    const outputs = outputsOf(pkg).filter(({ output }) => output !== '' && (path === output || path.startsWith(`${output}/`)) && !from.startsWith(`${output}/`));
    return outputs.length > 0 ? mappedSource(path, outputs) : null;
  };
  const mappedSource = (path: string, mappings: readonly OutputMapping[]): string | null => {
    for (const { output, sources } of mappings) {
      if (output !== '' && path !== output && !path.startsWith(`${output}/`)) continue;
      const rest = output === '' ? path : path.slice(output.length + 1);
      for (const source of sources) {
        const base = source === '' ? rest : `${source}/${rest}`;
        const file = sourceCandidates(base).find((candidate) => files.has(candidate)) ?? fileAt(base.replace(OUTPUT_EXTENSION, ''));
        if (file && file !== path) return file;
      }
    }
    return null;
  };

  /** Where a subpath of a package's name leads. */
  const throughManifest = (pkg: PackageLike, subpath: string, lookup: ManifestLookup, specifier: string): ModuleTarget => {
    const where = `${pkg.name} (${pkg.folder === '' ? 'the package at the root' : pkg.folder})`;
    if (lookup.kind === 'blocked') return { kind: 'unresolved', reason: `${where} does not ${lookup.field === 'exports' ? 'export' : 'import'} ${subpath}: its ${lookup.field} map ${lookup.key} to null` };
    if (lookup.kind === 'not-listed') return { kind: 'unresolved', reason: `${where} has no ${lookup.field} entry for ${subpath}; add one to its package.json, or import a subpath it lists` };
    for (const target of lookup.targets) {
      const source = sourceOf(pkg, target);
      if (source) return { kind: 'file', path: source };
    }
    const via = lookup.via === 'exports' || lookup.via === 'imports' ? `its ${lookup.via} map ${subpath} to` : lookup.via === 'fields' ? 'its types/main fields name' : `${subpath} is`;
    return {
      kind: 'unresolved',
      reason: `${specifier}: ${where} — ${via} ${lookup.targets.join(', ')}, and no file under the root is that or the source it is built from (tsconfig outDir -> rootDir, dist/ -> src/); build the package, or add a tsconfig "paths" entry mapping ${specifier} to its source`,
    };
  };
  const packageTarget = (pkg: PackageLike, subpath: string, specifier: string, config: CompilerConfig | null): ModuleTarget =>
    throughManifest(pkg, subpath, exportTargets(pkg.json, subpath, config?.customConditions), specifier);

  const resolveBare = (from: string, specifier: string, config: CompilerConfig | null, depth: number): ModuleTarget => {
    const folder = dirname(from);
    const suffixes = config?.moduleSuffixes ?? NO_SUFFIXES;
    if (specifier.startsWith('node:')) return { kind: 'external', name: nodeBuiltin(specifier)! };
    const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(specifier)?.[1];
    if (scheme !== undefined) {
      return scheme.toLowerCase() === 'file' ? { kind: 'unresolved', reason: `${specifier} is a file: URL; import the file by a relative path` } : { kind: 'external', name: specifier };
    }
    // Bundlers' queries (`~/styles.css?url`) are no part of the path.
    const pathSpecifier = specifier.replace(/\?.*$/, '');
    const mapped = config ? pathCandidates(config, pathSpecifier) : null;
    for (const candidate of mapped?.candidates ?? []) {
      const file = fileAt(candidate, suffixes);
      if (file) return { kind: 'file', path: file };
    }
    if (config && config.baseUrl !== null) {
      const base = joinPath(config.baseUrl, pathSpecifier);
      const file = base === null ? null : fileAt(base, suffixes);
      if (file) return { kind: 'file', path: file };
    }
    if (specifier.startsWith('#')) return resolveImport(from, specifier, config, depth);
    const builtin = nodeBuiltin(specifier);
    if (builtin !== null) return { kind: 'external', name: builtin };

    const { name, subpath } = splitPackageSpecifier(specifier);
    const own = packages.ownPackage(folder);
    if (own?.name === name) return packageTarget(own, subpath, specifier, config);
    const workspace = packages.workspacePackages(folder, name);
    if (workspace.length > 1) return { kind: 'unresolved', reason: `the workspace has ${workspace.length} packages named ${name} (${workspace.map((pkg) => pkg.folder).join(', ')}); rename one of them` };
    if (workspace.length === 1) return packageTarget(workspace[0]!, subpath, specifier, config);

    /** Why a bare specifier found nothing: what `paths` said, and the configs that could not be read. */
    const notFound = (): string => {
      const notes: string[] = [];
      if (mapped) {
        notes.push(
          mapped.candidates.length === 0
            ? `the tsconfig paths entry "${mapped.pattern}" in ${config!.pathsFile} matches it and has no substitutions`
            : `the tsconfig paths entry "${mapped.pattern}" in ${config!.pathsFile} maps it to ${mapped.candidates.join(', ')}, and none of them is a file under the root (with a .ts/.tsx/.d.ts/.js/.jsx extension, or an index file in it)`,
        );
      }
      if (config && config.unreadable.length > 0) notes.push(`${config.file} extends ${config.unreadable.join(', ')}, which is outside the root (node_modules) and structedit cannot read: if it sets "paths" or "baseUrl", repeat them in ${config.file}`);
      return notes.length > 0 ? `; ${notes.join('; ')}` : '';
    };
    const local = packages.named(name);
    const elsewhere = (pkgs: readonly LocalPackage[]) => pkgs.map((pkg) => pkg.folder || 'the root').join(', ');
    for (let at: string | null = folder; at !== null; at = at === '' ? null : dirname(at)) {
      const manifest = packages.manifest(at);
      if (!manifest) continue;
      const declared = `${at === '' ? '' : `${at}/`}package.json`;
      const version = declaredDependency(manifest, name);
      if (version === null) {
        if (declaredDependency(manifest, typesPackage(name)) !== null && local.length === 0) return { kind: 'external', name };
        continue;
      }
      const linked = localDependencyFolder(version);
      if (linked !== null) {
        const target = joinPath(at, linked);
        const targetManifest = target === null ? null : packages.manifest(target);
        if (target === null || !targetManifest) return { kind: 'unresolved', reason: `${declared} declares ${name} as ${version}, and there is no package.json at ${target ?? linked} under the root` };
        return packageTarget({ folder: target, name, json: targetManifest }, subpath, specifier, config);
      }
      if (version.startsWith('workspace:')) {
        if (local.length === 1) return packageTarget(local[0]!, subpath, specifier, config);
        return { kind: 'unresolved', reason: local.length === 0 ? `${declared} declares ${name} as ${version}, and no package.json under the root is named ${name}` : `${declared} declares ${name} as ${version}, and ${local.length} packages under the root are named ${name} (${elsewhere(local)}); list the one you mean in the workspace configuration` };
      }
      if (local.length > 0) {
        return {
          kind: 'unresolved',
          reason: `${declared} declares ${name} as ${version} (installed from a registry), and ${local.length === 1 ? 'the package' : 'the packages'} in ${elsewhere(local)}, which no workspace configuration includes, ${local.length === 1 ? 'is' : 'are'} also named ${name}: structedit cannot tell which one ${specifier} reaches; add the folder to the workspaces (or declare ${name} as "workspace:*" or "file:<folder>") if it is the one`,
        };
      }
      return { kind: 'external', name };
    }
    if (local.length === 1) return packageTarget(local[0]!, subpath, specifier, config);
    if (local.length > 1) return { kind: 'unresolved', reason: `${local.length} packages under the root are named ${name} (${elsewhere(local)}), and none is a workspace package here or a declared dependency; list the one you mean in the workspace configuration${notFound()}` };
    return {
      kind: 'unresolved',
      reason: mapped
        ? `${specifier} is no file of the project: ${notFound().slice(2)}; fix the import or the paths entry (${name} is not a dependency declared on the way up either)`
        : `${name} is not a dependency declared in any package.json from ${folder === '' ? 'the root' : folder} up to the root, no package under the root has that name, and no tsconfig paths entry matches it${notFound()}; declare the dependency, or map ${specifier} in the tsconfig "paths"`,
    };
  };

  /** A `#specifier`: the `imports` of the nearest package.json. */
  const resolveImport = (from: string, specifier: string, config: CompilerConfig | null, depth: number): ModuleTarget => {
    const scope = packages.scope(dirname(from));
    if (!scope) return { kind: 'unresolved', reason: `${specifier} is a package import (#), and there is no package.json above ${from}` };
    const pkg: PackageLike = { folder: scope.folder, name: stringField(scope.json, 'name') ?? 'the package', json: scope.json };
    const lookup = importTargets(scope.json, specifier, config?.customConditions);
    if (lookup.kind !== 'targets') return throughManifest(pkg, specifier, lookup, specifier);
    const local = lookup.targets.filter((target) => target.startsWith('./') || target.startsWith('../') || target.startsWith('/'));
    const inPackage = throughManifest(pkg, specifier, { ...lookup, targets: local }, specifier);
    if (inPackage.kind === 'file' || local.length === lookup.targets.length) return inPackage;
    // A target naming a package (`"#dep": "some-package"`) resolves as an import written in the package's folder.
    const bare = lookup.targets.find((target) => !local.includes(target))!;
    return depth > 4 ? { kind: 'unresolved', reason: `${specifier} maps to ${bare}, which maps on too many times` } : resolve(`${scope.folder === '' ? '' : `${scope.folder}/`}package.json`, bare, depth + 1);
  };

  const resolve = (from: string, rawSpecifier: string, depth: number): ModuleTarget => {
    const config = configs.governing(from);
    const key = `${config?.file ?? ''}\0${dirname(from)}\0${rawSpecifier}`;
    let result = results.get(key);
    if (result) return result;
    if (rawSpecifier.startsWith('.') || rawSpecifier.startsWith('/')) {
      const specifier = rawSpecifier.replace(/\?.*$/, '');
      const base = specifier.startsWith('/') ? joinPath('', specifier) : joinPath(dirname(from), specifier);
      const file = base === null ? null : (outputSourceOf(from, base) ?? fileAt(base, config?.moduleSuffixes));
      const folder = dirname(from) === '' ? 'the root' : `${dirname(from)}/`;
      result =
        file !== null
          ? { kind: 'file', path: file }
          : { kind: 'unresolved', reason: base === null ? `${rawSpecifier} climbs above the root` : `no file ${rawSpecifier} from ${folder} (looked for ${base} with the .ts/.tsx/.d.ts/.js/.jsx extensions, ${base}/index, and the source of ${base} if it is build output)` };
    } else result = resolveBare(from, rawSpecifier, config, depth);
    results.set(key, result);
    return result;
  };
  return (from, specifier) => resolve(from, specifier, 0);
}

/** What a manifest lookup needs of a package: a `#imports` scope need not have a name. */
type PackageLike = Pick<LocalPackage, 'folder' | 'name'> & { readonly json: JsonObject };

const NO_SUFFIXES: readonly string[] = [''];

/** A folder build output goes to, and the folders its sources may be in. */
interface OutputMapping {
  readonly output: string;
  readonly sources: readonly string[];
}

/** The `@types` package that types a package (`@types/node`; `@types/scope__name` for `@scope/name`). */
function typesPackage(name: string): string {
  return `@types/${name.replace(/^@/, '').replace('/', '__')}`;
}

/** Extensions TypeScript tries for a specifier, by the extension it is written with. */
const REPLACED_EXTENSIONS: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/\.d\.ts$|\.ts$|\.js$/, ['.ts', '.tsx', '.d.ts', '.js', '.jsx']],
  [/\.tsx$|\.jsx$/, ['.tsx', '.ts', '.d.ts', '.jsx', '.js']],
  [/\.d\.mts$|\.mts$|\.mjs$/, ['.mts', '.d.mts', '.mjs']],
  [/\.d\.cts$|\.cts$|\.cjs$/, ['.cts', '.d.cts', '.cjs']],
];
/** Extensions added to a specifier written without one: TypeScript's, then those bundlers add too. */
const ADDED_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs'];

/**
 * The files a path may name, in TypeScript's order: its extension replaced (`a.js` → `a.ts`,
 * `a.tsx`, `a.d.ts`, `a.js`, `a.jsx`), or for another extension its declaration (`a.d.css.ts`) and
 * the file itself; then extensions added (`a` → `a.ts`, …). `moduleSuffixes` go between the name
 * and the extension. Folders (`a/index.ts`) are the caller's.
 */
function probeCandidates(base: string, suffixes: readonly string[]): string[] {
  const withSuffixes = (stem: string, extensions: readonly string[]) => extensions.flatMap((extension) => suffixes.map((suffix) => `${stem}${suffix}${extension}`));
  const name = base.slice(base.lastIndexOf('/') + 1);
  const candidates: string[] = [];
  const replaced = REPLACED_EXTENSIONS.find(([pattern]) => pattern.test(name));
  if (replaced) candidates.push(...withSuffixes(base.replace(replaced[0], ''), replaced[1]));
  else {
    const dot = name.lastIndexOf('.');
    if (dot > 0) candidates.push(`${base.slice(0, base.length - (name.length - dot))}.d${name.slice(dot)}.ts`, base);
  }
  candidates.push(...withSuffixes(base, ADDED_EXTENSIONS));
  return candidates;
}

/** A build output's extension (`.d.ts`, `.js`, …), stripped to find the folder it was built from (`dist/tools.js` ← `src/tools/index.ts`). */
const OUTPUT_EXTENSION = /(\.d)?\.[mc]?[jt]sx?$/;
/** The sources a build output may come from, by its extension. */
const SOURCE_EXTENSIONS: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/\.d\.ts$/, ['.ts', '.tsx']],
  [/\.d\.mts$/, ['.mts', '.ts']],
  [/\.d\.cts$/, ['.cts', '.ts']],
  [/\.js$/, ['.ts', '.tsx', '.js', '.jsx']],
  [/\.jsx$/, ['.tsx', '.jsx']],
  [/\.mjs$/, ['.mts', '.mjs', '.ts']],
  [/\.cjs$/, ['.cts', '.cjs', '.ts']],
];

/** The source files a build output path may come from, by extension (the folder mapped already). */
function sourceCandidates(path: string): string[] {
  const entry = SOURCE_EXTENSIONS.find(([pattern]) => pattern.test(path));
  return entry ? entry[1].map((extension) => path.replace(entry[0], extension)) : [path];
}
