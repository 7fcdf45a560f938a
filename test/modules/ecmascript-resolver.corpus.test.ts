import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { ecmascriptResolver } from '../../src/core/modules/ecmascript.js';
import { isConfigFile, type ModuleTarget, type ProjectFiles } from '../../src/core/modules/project.js';
import { configFilesToRead } from '../../src/core/modules/tsconfig.js';

/** Every file under `root` (no node_modules, no .git), root-relative. */
function filesUnder(root: string, skip: RegExp = /^(node_modules|\.git)$/): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      if (skip.test(entry.name)) continue;
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(path);
    }
  };
  walk('');
  return found;
}

/** The project as the editor reads it: the files, the config files and the files they extend. */
function projectAt(root: string, paths: readonly string[]): ProjectFiles {
  const configs = new Map(paths.filter(isConfigFile).map((path) => [path, readFileSync(join(root, path), 'utf8')]));
  const project = { files: new Set(paths), configs };
  for (let more = configFilesToRead(project); more.length > 0; more = configFilesToRead(project)) for (const path of more) configs.set(path, readFileSync(join(root, path), 'utf8'));
  return project;
}

const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

function importsOf(root: string, path: string): string[] {
  return ts.preProcessFile(readFileSync(join(root, path), 'utf8'), true, true).importedFiles.map((entry) => entry.fileName);
}

describe('TypeScript/JavaScript module resolution on node_modules (a real tree of packages)', () => {
  it('resolves every import of 2,000+ files in well under a second, and relative imports as TypeScript does', () => {
    const root = join(import.meta.dirname, '..', '..', 'node_modules');
    const paths = filesUnder(root, /^\.git$/);
    const project = projectAt(root, paths);
    const sources = paths.filter((path) => SCRIPT.test(path) && !/\.d\.[mc]?ts$/.test(path)).slice(0, 4000);
    const imports = sources.flatMap((path) => importsOf(root, path).map((specifier) => ({ path, specifier })));
    expect(sources.length).toBeGreaterThan(2000);

    const started = performance.now();
    const resolver = ecmascriptResolver(project);
    const targets = imports.map(({ path, specifier }) => resolver(path, specifier));
    const elapsed = performance.now() - started;
    const kinds = { file: 0, external: 0, unresolved: 0 };
    for (const target of targets) kinds[target.kind]++;
    console.log(`node_modules: ${imports.length} imports of ${sources.length} files (${project.configs.size} config files) resolved in ${elapsed.toFixed(0)} ms: ${JSON.stringify(kinds)}`);
    expect(elapsed).toBeLessThan(1000 * (sources.length / 2000));

    // Relative imports, against TypeScript (allowJs, bundler resolution) on the same files.
    const options: ts.CompilerOptions = { allowJs: true, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, resolveJsonModule: true };
    let compared = 0;
    let agreed = 0;
    const differences: string[] = [];
    imports.forEach(({ path, specifier }, index) => {
      if (!specifier.startsWith('.')) return;
      const theirs = ts.resolveModuleName(specifier, join(root, path), options, ts.sys).resolvedModule;
      const inside = theirs ? relative(root, theirs.resolvedFileName) : null;
      const ours = targets[index]!;
      compared++;
      if (inside === null ? ours.kind !== 'file' || !SCRIPT.test(ours.path) : ours.kind === 'file' && ours.path === inside) agreed++;
      else differences.push(`${path}: ${specifier} -> ours ${ours.kind === 'file' ? ours.path : ours.kind}, TypeScript ${inside ?? 'unresolved'}`);
    });
    console.log(`node_modules relative imports vs TypeScript: ${agreed}/${compared} agree${differences.length > 0 ? `; differences:\n${differences.slice(0, 20).join('\n')}` : ''}`);
    expect(compared).toBeGreaterThan(2000);
    expect(differences).toEqual([]);
  });
});

/**
 * Monorepos fetched from GitHub onto this machine (/work/.mirror, read-only git snapshots): each is
 * exported to a temporary folder, given the node_modules links its package manager would make for
 * packages of the project, and every import of every script is resolved by structedit and by
 * TypeScript (with the nearest tsconfig.json, as `tsc -p` of that folder would).
 */
const MONOREPOS = [
  // pnpm workspace, tsconfig extends through a workspace package (@acme/tsconfig/base.json), ${configDir}, paths.
  { name: 't3-oss/create-t3-turbo', git: '/work/.mirror/t3-oss+create-t3-turbo/repo' },
  // pnpm workspace, self-imports (zod/v4) through exports with a custom condition, extends from a dot folder.
  { name: 'colinhacks/zod', git: '/work/.mirror/colinhacks+zod/repo' },
];

describe.each(MONOREPOS)('TypeScript/JavaScript module resolution on $name, against TypeScript', ({ git }) => {
  const temporary: string[] = [];
  afterAll(() => {
    for (const folder of temporary) rmSync(folder, { recursive: true, force: true });
  });

  it.skipIf(!existsSync(git))('agrees with ts.resolveModuleName on every import, apart from what structedit resolves by design', () => {
    const root = mkdtempSync(join(tmpdir(), 'structedit-resolver-'));
    temporary.push(root);
    execFileSync('sh', ['-c', `git --git-dir="${git}" archive HEAD | tar -x -C "${root}"`]);
    const paths = filesUnder(root);
    const project = projectAt(root, paths);

    // The links pnpm makes: node_modules/<name> in each package declaring a package of the project.
    const folders = new Map<string, string>();
    const manifests = paths.filter((path) => path.endsWith('package.json')).flatMap((path) => {
      try {
        return [{ folder: dirname(path), json: JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown> }];
      } catch {
        return [];
      }
    });
    for (const { folder, json } of manifests) if (typeof json['name'] === 'string') folders.set(json['name'], folder);
    for (const { folder, json } of manifests) {
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
        for (const name of Object.keys((json[field] as Record<string, string> | undefined) ?? {})) {
          const target = folders.get(name);
          const link = join(root, folder, 'node_modules', name);
          if (target === undefined || existsSync(link)) continue;
          mkdirSync(dirname(link), { recursive: true });
          symlinkSync(join(root, target), link);
        }
      }
    }

    const resolver = ecmascriptResolver(project);
    const optionsOf = new Map<string, ts.CompilerOptions>();
    const options = (path: string): ts.CompilerOptions => {
      const config = ts.findConfigFile(dirname(join(root, path)), ts.sys.fileExists) ?? '';
      let found = optionsOf.get(config);
      if (!found) {
        const parsed = config === '' ? {} : ts.parseJsonConfigFileContent(ts.readConfigFile(config, ts.sys.readFile).config, ts.sys, dirname(config), undefined, config).options;
        found = { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, ...parsed, allowJs: true };
        optionsOf.set(config, found);
      }
      return found;
    };
    const sources = paths.filter((path) => SCRIPT.test(path) && !/\.d\.[mc]?ts$/.test(path));
    let compared = 0;
    let agreed = 0;
    const byDesign = { assets: 0, sourceForMissingBuild: 0 };
    const kinds = { file: 0, external: 0, unresolved: 0 };
    const differences: string[] = [];
    let ourTime = 0;
    for (const path of sources) {
      for (const specifier of importsOf(root, path)) {
        const started = performance.now();
        const ours: ModuleTarget = resolver(path, specifier);
        ourTime += performance.now() - started;
        kinds[ours.kind]++;
        const theirs = ts.resolveModuleName(specifier, join(root, path), options(path), ts.sys).resolvedModule;
        const real = theirs ? relative(root, ts.sys.realpath!(theirs.resolvedFileName)) : null;
        const inside = real !== null && !real.startsWith('..') && !real.split('/').includes('node_modules') ? real : null;
        compared++;
        if (inside !== null ? ours.kind === 'file' && ours.path === inside : theirs ? ours.kind === 'external' : ours.kind !== 'file') agreed++;
        // Bundlers resolve stylesheets and images; TypeScript only declarations for them.
        else if (!theirs && ours.kind === 'file' && !SCRIPT.test(ours.path)) byDesign.assets++;
        // A package whose exports lead to build output that is not built here: structedit takes the source.
        else if (!theirs && ours.kind === 'file' && !specifier.startsWith('.') && folders.has(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'))) byDesign.sourceForMissingBuild++;
        else differences.push(`${path}: ${specifier} -> ours ${ours.kind === 'file' ? ours.path : JSON.stringify(ours)}, TypeScript ${inside ?? (theirs ? 'external' : 'unresolved')}`);
      }
    }
    console.log(
      `${git}: ${agreed}/${compared} imports of ${sources.length} files agree with TypeScript; by design: ${byDesign.assets} stylesheet/image imports resolved, ${byDesign.sourceForMissingBuild} package imports lead to the source where the build output is missing; ours ${JSON.stringify(kinds)} in ${ourTime.toFixed(0)} ms`,
    );
    expect(compared).toBeGreaterThan(200);
    expect(kinds.file).toBeGreaterThan(100);
    expect(differences).toEqual([]);
  });
});
