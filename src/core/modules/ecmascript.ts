import { dirname, joinPath } from '../semantic/modules.js';
import { declaredDependencies, localPackages, manifestTargets, NODE_BUILTINS, packagePath, splitPackageSpecifier, type LocalPackage } from './packages.js';
import type { ModuleResolver, ModuleTarget, ProjectFiles } from './project.js';
import { compilerPaths, pathCandidates, type CompilerPaths } from './tsconfig.js';

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** Build outputs and the sources they come from, for a package target into its build folder. */
const OUTPUT_TO_SOURCE: ReadonlyArray<[RegExp, string[]]> = [
  [/\.d\.ts$/, ['.ts', '.tsx']],
  [/\.d\.mts$/, ['.mts']],
  [/\.d\.cts$/, ['.cts']],
  [/\.js$/, ['.ts', '.tsx', '.js', '.jsx']],
  [/\.mjs$/, ['.mts', '.mjs']],
  [/\.cjs$/, ['.cts', '.cjs']],
];

/**
 * TypeScript/JavaScript import specifiers of the project under the root, resolved as the compiler
 * and Node do for files of the project:
 * 1. relative specifiers, with or without an extension (`.js` naming a `.ts` file), `index` files;
 * 2. the nearest `tsconfig.json` / `jsconfig.json` above the importing file (its `extends` chain
 *    followed): `paths` patterns (the longest prefix wins), then `baseUrl`;
 * 3. the name of a package of the project (every `package.json` under the root with a `name`: the
 *    project itself for self-imports, workspace packages) and a subpath, through its `exports` or
 *    `types`/`module`/`main`; a target in a build folder maps back to its source through the
 *    package's tsconfig `outDir` → `rootDir`, else a `dist|build|lib|out/` → `src/` convention;
 * 4. anything else is `external` when it is a Node built-in or a dependency declared on the path
 *    from the importing file to the root, and `unresolved` otherwise (with the reason).
 */
export function ecmascriptResolver(project: ProjectFiles): ModuleResolver {
  const { files } = project;
  const packages = localPackages(project);
  const configs = new Map<string, CompilerPaths | null>();
  const dependencies = new Map<string, Set<string>>();

  /** The file a path names, probing extensions and `index` files. */
  const fileAt = (base: string): string | null => {
    const stem = base.replace(/\.(m|c)?jsx?$/, '');
    const candidates = [base, ...SCRIPT_EXTENSIONS.map((extension) => `${stem}${extension}`), ...SCRIPT_EXTENSIONS.map((extension) => `${base}/index${extension}`)];
    return candidates.find((candidate) => files.has(candidate)) ?? null;
  };
  /** The compiler config governing a folder: the nearest tsconfig.json or jsconfig.json above it. */
  const configFor = (folder: string): CompilerPaths | null => {
    if (configs.has(folder)) return configs.get(folder)!;
    const own = ['tsconfig.json', 'jsconfig.json'].map((name) => (folder === '' ? name : `${folder}/${name}`)).find((path) => project.configs.has(path));
    const found = own ? compilerPaths(project, own) : folder === '' ? null : configFor(dirname(folder));
    configs.set(folder, found);
    return found;
  };
  const dependenciesOf = (from: string): Set<string> => {
    const folder = dirname(from);
    let found = dependencies.get(folder);
    if (!found) dependencies.set(folder, (found = declaredDependencies(project, from)));
    return found;
  };
  /** A package target as a source file: itself, or what the build made it from. */
  const sourceOf = (pkg: LocalPackage, target: string): string | null => {
    const path = packagePath(pkg, target);
    if (path === null) return null;
    const direct = fileAt(path);
    if (direct) return direct;
    const config = configFor(pkg.folder);
    const mappings: Array<[string, string]> = [];
    if (config?.outDir) mappings.push([config.outDir, config.rootDir ?? joinPath(pkg.folder, 'src') ?? 'src']);
    for (const output of ['dist', 'build', 'lib', 'out']) mappings.push([joinPath(pkg.folder, output) ?? output, joinPath(pkg.folder, 'src') ?? 'src']);
    for (const [output, sourceRoot] of mappings) {
      if (path !== output && !path.startsWith(`${output}/`)) continue;
      const rest = path.slice(output.length);
      for (const [pattern, extensions] of OUTPUT_TO_SOURCE) {
        if (!pattern.test(rest)) continue;
        for (const extension of extensions) {
          const candidate = `${sourceRoot}${rest.replace(pattern, extension)}`.replace(/^\//, '');
          if (files.has(candidate)) return candidate;
        }
      }
      const bare = fileAt(`${sourceRoot}${rest}`.replace(/^\//, ''));
      if (bare) return bare;
    }
    return null;
  };

  return (from, specifier): ModuleTarget => {
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      const base = specifier.startsWith('/') ? joinPath('', specifier) : joinPath(dirname(from), specifier);
      if (base === null) return { kind: 'unresolved', reason: `${specifier} climbs above the root` };
      const file = fileAt(base);
      return file === null ? { kind: 'unresolved', reason: `no file ${specifier} next to ${from}` } : { kind: 'file', path: file };
    }
    const config = configFor(dirname(from));
    const mapped = config ? pathCandidates(config, specifier) : null;
    if (mapped) {
      for (const candidate of mapped) {
        const file = fileAt(candidate);
        if (file) return { kind: 'file', path: file };
      }
    }
    if (config?.baseUrl !== null && config?.baseUrl !== undefined) {
      const base = joinPath(config.baseUrl, specifier);
      const file = base === null ? null : fileAt(base);
      if (file) return { kind: 'file', path: file };
    }
    const { name, subpath } = splitPackageSpecifier(specifier.replace(/^node:/, ''));
    const pkg = packages.get(name);
    if (pkg) {
      const targets = manifestTargets(pkg.json, subpath);
      for (const target of targets) {
        const source = sourceOf(pkg, target);
        if (source) return { kind: 'file', path: source };
      }
      return { kind: 'unresolved', reason: targets.length === 0 ? `${name} (${pkg.folder || 'the root'}) does not export ${subpath}` : `${name} (${pkg.folder || 'the root'}) exports ${subpath} as ${targets.join(', ')}, and no file under the root is that or its source` };
    }
    if (specifier.startsWith('node:') || NODE_BUILTINS.has(name)) return { kind: 'external', name };
    if (mapped) return { kind: 'unresolved', reason: `the tsconfig paths entry in ${config!.file} maps ${specifier} to ${mapped.join(', ')}, and none of them is a file under the root` };
    // A dependency, or its type declarations (`@types/mdast` for `mdast`, `@types/scope__name` for `@scope/name`).
    const declared = dependenciesOf(from);
    if (declared.has(name) || declared.has(`@types/${name.replace(/^@/, '').replace('/', '__')}`)) return { kind: 'external', name };
    const unreadable = config && config.unreadable.length > 0 ? `; ${config.file} extends ${config.unreadable.join(', ')}, which structedit cannot read` : '';
    return { kind: 'unresolved', reason: `${name} is not a dependency in any package.json above ${from}, not a package of the project, and no tsconfig paths entry matches it${unreadable}` };
  };
}
