/**
 * What module resolution knows about the project under the root: the files, and the text of the
 * configuration files that change how imports resolve (`package.json` names, exports and
 * workspaces; `tsconfig.json` / `jsconfig.json` base URLs and path aliases, and the config files
 * they extend; `pnpm-workspace.yaml`, `lerna.json`, `rush.json`).
 * Plain data, read by the editor shell: resolution itself stays pure.
 */
export interface ProjectFiles {
  /** Every file under the root renames and moves look at (normalized root-relative paths). */
  readonly files: ReadonlySet<string>;
  /** The text of each configuration file under the root ({@link isConfigFile}), by path. */
  readonly configs: ReadonlyMap<string, string>;
}

/** Where an import specifier leads. */
export type ModuleTarget =
  /** A file under the root. */
  | { readonly kind: 'file'; readonly path: string }
  /**
   * Provably not a file under the root: a dependency the project declares, a runtime's built-in
   * module, a Python module no folder under the root provides.
   */
  | { readonly kind: 'external'; readonly name: string }
  /** Neither: what it names could not be worked out (the reason says why). */
  | { readonly kind: 'unresolved'; readonly reason: string };

/** Resolves the import specifiers of one project, caching what it reads from its configuration. */
export type ModuleResolver = (from: string, specifier: string) => ModuleTarget;

/** Whether a file's text belongs in {@link ProjectFiles.configs}. */
export function isConfigFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return ['package.json', 'pnpm-workspace.yaml', 'lerna.json', 'rush.json'].includes(name) || /^(tsconfig|jsconfig)([.-][\w.-]+)?\.json$/.test(name) || /\.tsconfig\.json$/.test(name);
}

/** The file a specifier leads to, or `null` when it leads to no file under the root. */
export function targetFile(target: ModuleTarget): string | null {
  return target.kind === 'file' ? target.path : null;
}
