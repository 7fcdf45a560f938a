import ts from 'typescript';

/**
 * TypeScript's own module resolution over an in-memory project (root-relative paths), as an
 * oracle for `ecmascriptResolver`. `links` stands in for what a package manager installs:
 * `node_modules/<name>` leading to a folder of the project (a workspace package), resolved through
 * `realpath` as TypeScript does for symlinks.
 */
export interface TypeScriptProject {
  /** Where TypeScript resolves `specifier` from `from` with the given config (`null`: no file of the project). */
  resolve(from: string, specifier: string, configPath: string | null): string | null;
}

const ROOT = '/project';

/** TypeScript's resolver over `files`; compiler options from the config, with `bundler` resolution and `allowJs` unless the config sets them. */
export function typescriptProject(files: Record<string, string>, links: Record<string, string> = {}): TypeScriptProject {
  const relative = (path: string): string | null => (path === ROOT ? '' : path.startsWith(`${ROOT}/`) ? path.slice(ROOT.length + 1) : null);
  /** A path through a `node_modules/<name>` link, as the real project path. */
  const real = (path: string): string => {
    const inside = relative(path);
    if (inside === null) return path;
    const match = /^(?:(.*)\/)?node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(inside);
    if (!match || links[match[2]!] === undefined) return path;
    const target = links[match[2]!]!;
    return `${ROOT}${target === '' ? '' : `/${target}`}${match[3] ?? ''}`;
  };
  const fileExists = (path: string): boolean => {
    const inside = relative(real(path));
    return inside !== null && inside in files;
  };
  const directoryExists = (path: string): boolean => {
    const inside = relative(real(path));
    if (inside === null) return path === '/' || ROOT.startsWith(`${path}/`);
    // node_modules and @scope folders exist where links do.
    const linkFolder = /^(?:.*\/)?node_modules(\/@[^/]+)?$/.exec(inside);
    if (linkFolder) return Object.keys(links).some((name) => linkFolder[1] === undefined || name.startsWith(`${linkFolder[1].slice(1)}/`));
    return inside === '' || Object.keys(files).some((file) => file.startsWith(`${inside}/`));
  };
  const readFile = (path: string): string | undefined => {
    const inside = relative(real(path));
    return inside === null ? undefined : files[inside];
  };
  const host: ts.ModuleResolutionHost = { fileExists, readFile, directoryExists, realpath: real, getCurrentDirectory: () => ROOT };
  const parseHost: ts.ParseConfigHost = { useCaseSensitiveFileNames: true, readDirectory: () => [], fileExists, readFile };
  const options = new Map<string | null, ts.CompilerOptions>();
  const optionsOf = (configPath: string | null): ts.CompilerOptions => {
    let found = options.get(configPath);
    if (!found) {
      const parsed =
        configPath === null ? { options: {} as ts.CompilerOptions } : ts.parseJsonConfigFileContent(ts.readConfigFile(`${ROOT}/${configPath}`, readFile).config, parseHost, `${ROOT}/${configPath.includes('/') ? configPath.slice(0, configPath.lastIndexOf('/')) : ''}`.replace(/\/$/, ''), undefined, `${ROOT}/${configPath}`);
      found = { ...parsed.options, moduleResolution: parsed.options.moduleResolution ?? ts.ModuleResolutionKind.Bundler, module: parsed.options.module ?? ts.ModuleKind.ESNext, allowJs: true, resolveJsonModule: true };
      options.set(configPath, found);
    }
    return found;
  };
  return {
    resolve(from, specifier, configPath) {
      const resolved = ts.resolveModuleName(specifier, `${ROOT}/${from}`, optionsOf(configPath), host).resolvedModule;
      const inside = resolved ? relative(real(resolved.resolvedFileName)) : null;
      return inside === null || inside.split('/').includes('node_modules') ? null : inside;
    },
  };
}
