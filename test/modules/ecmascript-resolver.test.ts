import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { jsonConfigs } from '../../src/core/modules/config-json.js';
import { ecmascriptResolver } from '../../src/core/modules/ecmascript.js';
import { isConfigFile, type ModuleTarget, type ProjectFiles } from '../../src/core/modules/project.js';
import { configFilesToRead } from '../../src/core/modules/tsconfig.js';
import { globRegExp } from '../../src/core/glob.js';
import { packageIndex, pnpmWorkspacePatterns } from '../../src/core/modules/workspaces.js';
import { typescriptProject } from './typescript-oracle.js';

/** A project from a few files (configs are the files `isConfigFile` names, and those they extend). */
function project(files: Record<string, string>): ProjectFiles {
  const configs = new Map(Object.entries(files).filter(([path]) => isConfigFile(path)));
  const result = { files: new Set(Object.keys(files)), configs };
  for (let more = configFilesToRead(result); more.length > 0; more = configFilesToRead(result)) for (const path of more) configs.set(path, files[path]!);
  return result;
}

function resolve(files: Record<string, string>, from: string, specifier: string): ModuleTarget {
  return ecmascriptResolver(project(files))(from, specifier);
}

const file = (path: string): ModuleTarget => ({ kind: 'file', path });
const external = (name: string): ModuleTarget => ({ kind: 'external', name });
const unresolved = (reason: string) => ({ kind: 'unresolved', reason: expect.stringContaining(reason) as string });

/**
 * One project and what its imports lead to. Each case is checked against `ecmascriptResolver` and,
 * unless `typescript` says otherwise, against TypeScript's `resolveModuleName` with the config
 * `config` names (TypeScript's answer: the file, or no file of the project for external and
 * unresolved). `links` are the node_modules links a package manager would make.
 */
interface Scenario {
  readonly files: Record<string, string>;
  readonly links?: Record<string, string>;
  readonly cases: ReadonlyArray<{
    readonly from: string;
    readonly specifier: string;
    readonly expected: ModuleTarget | ReturnType<typeof unresolved>;
    /** The config TypeScript uses for the file (default: none). */
    readonly config?: string;
    /** What TypeScript answers when it differs by design ('skip': not comparable, e.g. a Node-only rule). */
    readonly typescript?: string | null | 'skip';
  }>;
}

function check(scenario: Scenario): void {
  const resolver = ecmascriptResolver(project(scenario.files));
  const oracle = typescriptProject(scenario.files, scenario.links);
  for (const { from, specifier, expected, config, typescript } of scenario.cases) {
    expect({ from, specifier, target: resolver(from, specifier) }).toEqual({ from, specifier, target: expected });
    if (typescript === 'skip') continue;
    const theirs = oracle.resolve(from, specifier, config ?? null);
    const wanted = typescript !== undefined ? typescript : (expected as ModuleTarget).kind === 'file' ? (expected as { path: string }).path : null;
    expect({ from, specifier, typescript: theirs }).toEqual({ from, specifier, typescript: wanted });
  }
}

describe('relative specifiers', () => {
  it('extensions as TypeScript tries them: .js names .ts first, .mjs a .mts, .jsx a .tsx; .d.ts; index files; a folder\'s package.json', () => {
    check({
      files: {
        'src/a.ts': '',
        'src/a.js': '',
        'src/only.js': '',
        'src/b.mts': '',
        'src/c.cts': '',
        'src/view.tsx': '',
        'src/types.d.ts': '',
        'src/util/index.ts': '',
        'src/lib/package.json': JSON.stringify({ types: './types/main.d.ts', main: './main.js' }),
        'src/lib/types/main.d.ts': '',
        'src/lib/main.js': '',
        'src/data.json': '{}',
        'src/styles.css': '',
        'src/styles.d.css.ts': '',
      },
      cases: [
        { from: 'src/x.ts', specifier: './a.js', expected: file('src/a.ts') },
        { from: 'src/x.ts', specifier: './a', expected: file('src/a.ts') },
        { from: 'src/x.ts', specifier: './only.js', expected: file('src/only.js') },
        { from: 'src/x.ts', specifier: './b.mjs', expected: file('src/b.mts') },
        { from: 'src/x.ts', specifier: './c.cjs', expected: file('src/c.cts') },
        { from: 'src/x.ts', specifier: './view.jsx', expected: file('src/view.tsx') },
        { from: 'src/x.ts', specifier: './view', expected: file('src/view.tsx') },
        { from: 'src/x.ts', specifier: './types', expected: file('src/types.d.ts') },
        { from: 'src/x.ts', specifier: './types.js', expected: file('src/types.d.ts') },
        { from: 'src/x.ts', specifier: './util', expected: file('src/util/index.ts') },
        { from: 'src/x.ts', specifier: './util/index.js', expected: file('src/util/index.ts') },
        { from: 'src/x.ts', specifier: './lib', expected: file('src/lib/types/main.d.ts') },
        { from: 'src/x.ts', specifier: './data.json', expected: file('src/data.json') },
        { from: 'src/x.ts', specifier: './styles.css', expected: file('src/styles.d.css.ts') },
        { from: 'src/deep/y.ts', specifier: '../a.js', expected: file('src/a.ts') },
      ],
    });
  });

  it('what TypeScript does not resolve but bundlers do: an extensionless .mts, a ?query, a file without declarations; a missing file is unresolved', () => {
    check({
      files: { 'src/b.mts': '', 'src/worker.ts': '', 'src/logo.svg': '' },
      cases: [
        { from: 'src/x.ts', specifier: './b', expected: file('src/b.mts'), typescript: null },
        { from: 'src/x.ts', specifier: './worker.ts?worker', expected: file('src/worker.ts'), typescript: null },
        { from: 'src/x.ts', specifier: './logo.svg', expected: file('src/logo.svg'), typescript: null },
        { from: 'src/x.ts', specifier: './missing', expected: unresolved('no file ./missing from src/ (looked for src/missing with the .ts/.tsx/.d.ts/.js/.jsx extensions, src/missing/index') },
        { from: 'src/x.ts', specifier: '../../outside', expected: unresolved('climbs above the root') },
      ],
    });
  });
});

describe('tsconfig paths and baseUrl', () => {
  it('an exact pattern first, else the longest prefix; substitutions in order; relative to the config without baseUrl', () => {
    check({
      files: {
        'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['src/*'], '@/lib/*': ['vendor/lib/*', 'src/lib/*'], exact: ['src/exact.ts'], 'exact*': ['src/wild*'], 'two/*/*': ['src/*'] } } }),
        'src/a.ts': '',
        'src/lib/b.ts': '',
        'src/exact.ts': '',
        'src/wild.ts': '',
      },
      cases: [
        { from: 'test/t.ts', specifier: '@/a', expected: file('src/a.ts'), config: 'tsconfig.json' },
        { from: 'test/t.ts', specifier: '@/a?url', expected: file('src/a.ts'), config: 'tsconfig.json', typescript: null },
        { from: 'test/t.ts', specifier: '@/lib/b', expected: file('src/lib/b.ts'), config: 'tsconfig.json' },
        { from: 'test/t.ts', specifier: 'exact', expected: file('src/exact.ts'), config: 'tsconfig.json' },
        { from: 'test/t.ts', specifier: 'two/a/b', expected: unresolved('no tsconfig paths entry matches'), config: 'tsconfig.json' },
        { from: 'test/t.ts', specifier: '@/nope', expected: unresolved('the tsconfig paths entry "@/*" in tsconfig.json maps it to src/nope'), config: 'tsconfig.json' },
      ],
    });
  });

  it('baseUrl: bare specifiers from it, and paths relative to it (a baseUrl set below rebases paths set above)', () => {
    check({
      files: {
        'configs/base.json': JSON.stringify({ compilerOptions: { paths: { '~/*': ['./*'] } } }),
        'app/tsconfig.json': JSON.stringify({ extends: '../configs/base.json', compilerOptions: { baseUrl: './src' } }),
        'app/src/m.ts': '',
        'app/src/lib/x.ts': '',
        'configs/m.ts': '',
      },
      cases: [
        { from: 'app/src/n.ts', specifier: '~/m', expected: file('app/src/m.ts'), config: 'app/tsconfig.json' },
        { from: 'app/src/n.ts', specifier: 'lib/x', expected: file('app/src/lib/x.ts'), config: 'app/tsconfig.json' },
      ],
    });
  });

  it('extends: JSONC, with or without .json, arrays (the later wins), ${configDir}, a workspace package\'s config; the nearest config governs', () => {
    check({
      files: {
        'package.json': JSON.stringify({ private: true, workspaces: ['tooling/*', 'apps/*'] }),
        'tooling/typescript/package.json': JSON.stringify({ name: '@acme/tsconfig' }),
        'tooling/typescript/base.json': '{ "compilerOptions": { /* the app\'s own src */ "paths": { "~/*": ["${configDir}/src/*"], }, }, }',
        'configs/first.json': JSON.stringify({ compilerOptions: { paths: { '#lib/*': ['../first/*'] } } }),
        'configs/second.json': JSON.stringify({ compilerOptions: { paths: { '#lib/*': ['../second/*'] } } }),
        'apps/web/package.json': JSON.stringify({ name: 'web' }),
        'apps/web/tsconfig.json': JSON.stringify({ extends: '@acme/tsconfig/base.json' }),
        'apps/web/src/m.ts': '',
        'apps/api/package.json': JSON.stringify({ name: 'api' }),
        'apps/api/tsconfig.json': JSON.stringify({ extends: ['../../configs/first', '../../configs/second.json'] }),
        'first/x.ts': '',
        'second/x.ts': '',
      },
      links: { '@acme/tsconfig': 'tooling/typescript' },
      cases: [
        { from: 'apps/web/src/n.ts', specifier: '~/m', expected: file('apps/web/src/m.ts'), config: 'apps/web/tsconfig.json' },
        { from: 'apps/api/src/n.ts', specifier: '#lib/x', expected: file('second/x.ts'), config: 'apps/api/tsconfig.json' },
        // Outside apps/web no config maps ~.
        { from: 'other/n.ts', specifier: '~/m', expected: unresolved('no tsconfig paths entry matches') },
      ],
    });
  });

  it("a config extended from node_modules cannot be read, and the reason says so", () => {
    const files = { 'tsconfig.json': JSON.stringify({ extends: '@tsconfig/node20/tsconfig.json' }), 'src/a.ts': '' };
    expect(resolve(files, 'src/x.ts', '@lib/a')).toEqual(unresolved('tsconfig.json extends @tsconfig/node20/tsconfig.json, which is outside the root (node_modules) and structedit cannot read'));
  });

  it('the config that includes the file: a solution-style tsconfig.json through its references; an ancestor when the nearest excludes the file', () => {
    const files = {
      'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './tsconfig.node.json' }, { path: './tsconfig.app.json' }] }),
      'tsconfig.app.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./src/*'] } }, include: ['src'] }),
      'tsconfig.node.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./scripts/*'] } }, include: ['vite.config.ts', 'scripts/**/*.ts'] }),
      'src/a.ts': '',
      'scripts/a.ts': '',
      'packages/p/tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./lib/*'] } }, include: ['lib'], exclude: ['lib/generated'] }),
      'packages/p/lib/a.ts': '',
      'packages/p/tsconfig.test.json': '{}',
    };
    check({
      files,
      cases: [
        { from: 'src/main.ts', specifier: '@/a', expected: file('src/a.ts'), config: 'tsconfig.app.json' },
        { from: 'vite.config.ts', specifier: '@/a', expected: file('scripts/a.ts'), config: 'tsconfig.node.json' },
        { from: 'packages/p/lib/b.ts', specifier: '@/a', expected: file('packages/p/lib/a.ts'), config: 'packages/p/tsconfig.json' },
        // packages/p/test is not in packages/p's include, nor in the root's: the nearest config still applies.
        { from: 'packages/p/test/b.test.ts', specifier: '@/a', expected: file('packages/p/lib/a.ts'), config: 'packages/p/tsconfig.json' },
      ],
    });
    // Excluded from the nearest config, included by the root one.
    const nested = { 'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./src/*'] } } }), 'src/a.ts': '', 'pkg/tsconfig.json': JSON.stringify({ include: ['lib'] }) };
    expect(resolve(nested, 'pkg/test/x.ts', '@/a')).toEqual(file('src/a.ts'));
    expect(resolve(nested, 'pkg/lib/x.ts', '@/a')).toEqual(unresolved('no tsconfig paths entry matches'));
  });

  it('moduleSuffixes go between the name and the extension', () => {
    check({
      files: { 'tsconfig.json': JSON.stringify({ compilerOptions: { moduleSuffixes: ['.ios', ''] } }), 'src/button.ios.tsx': '', 'src/button.tsx': '', 'src/theme.ts': '' },
      cases: [
        { from: 'src/app.ts', specifier: './button', expected: file('src/button.ios.tsx'), config: 'tsconfig.json' },
        { from: 'src/app.ts', specifier: './theme', expected: file('src/theme.ts'), config: 'tsconfig.json' },
      ],
    });
  });
});

describe('packages of the project by name', () => {
  it('the package importing itself: exports subpaths, patterns, conditions and null, build output mapped to source through outDir/rootDir', () => {
    check({
      files: {
        'package.json': JSON.stringify({
          name: 'root-pkg',
          exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './tools': './dist/tools.js', './features/*': './dist/features/*.js', './features/private/*': null, './internal': null, './package.json': './package.json' },
        }),
        'tsconfig.json': JSON.stringify({ compilerOptions: { rootDir: 'src', outDir: 'dist' } }),
        'src/index.ts': '',
        'src/tools.ts': '',
        'src/features/search.ts': '',
        'src/features/private/x.ts': '',
      },
      cases: [
        // TypeScript takes dist/, which is not built here: structedit maps it back to src/.
        { from: 'test/a.ts', specifier: 'root-pkg', expected: file('src/index.ts'), typescript: null },
        { from: 'test/a.ts', specifier: 'root-pkg/tools', expected: file('src/tools.ts'), typescript: null },
        { from: 'test/a.ts', specifier: 'root-pkg/features/search', expected: file('src/features/search.ts'), typescript: null },
        { from: 'test/a.ts', specifier: 'root-pkg/features/private/x', expected: unresolved('does not export ./features/private/x: its exports map ./features/private/* to null') },
        { from: 'test/a.ts', specifier: 'root-pkg/internal', expected: unresolved('does not export ./internal') },
        { from: 'test/a.ts', specifier: 'root-pkg/other', expected: unresolved('has no exports entry for ./other') },
        { from: 'test/a.ts', specifier: 'root-pkg/package.json', expected: file('package.json') },
      ],
    });
  });

  it('exports to the source itself, nested conditions, a custom condition; no exports: types, module, main, index; subpaths without exports', () => {
    check({
      files: {
        'package.json': JSON.stringify({ private: true, workspaces: ['packages/*'] }),
        'tsconfig.json': JSON.stringify({ compilerOptions: { customConditions: ['@acme/source'] } }),
        'packages/a/package.json': JSON.stringify({ name: 'a', exports: { '.': { '@acme/source': './src/index.ts', import: { types: './dist/index.d.mts', default: './dist/index.mjs' }, require: './dist/index.cjs' } } }),
        'packages/a/src/index.ts': '',
        'packages/b/package.json': JSON.stringify({ name: 'b', main: './index.js' }),
        'packages/b/index.js': '',
        'packages/b/extra.js': '',
        'packages/c/package.json': JSON.stringify({ name: 'c' }),
        'packages/c/index.ts': '',
        'packages/d/package.json': JSON.stringify({ name: 'd', exports: './src/main.ts' }),
        'packages/d/src/main.ts': '',
      },
      links: { a: 'packages/a', b: 'packages/b', c: 'packages/c', d: 'packages/d' },
      cases: [
        { from: 'apps/x.ts', specifier: 'a', expected: file('packages/a/src/index.ts'), config: 'tsconfig.json' },
        { from: 'apps/x.ts', specifier: 'b', expected: file('packages/b/index.js'), config: 'tsconfig.json' },
        { from: 'apps/x.ts', specifier: 'b/extra', expected: file('packages/b/extra.js'), config: 'tsconfig.json' },
        { from: 'apps/x.ts', specifier: 'c', expected: file('packages/c/index.ts'), config: 'tsconfig.json' },
        { from: 'apps/x.ts', specifier: 'd', expected: file('packages/d/src/main.ts'), config: 'tsconfig.json' },
        { from: 'apps/x.ts', specifier: 'd/sub', expected: unresolved('has no exports entry for ./sub'), config: 'tsconfig.json' },
      ],
    });
  });

  it('build output back to source: .d.ts, .mjs/.cjs and their declarations, declarationDir, no rootDir (src/), dist/ by convention, a flattened index; lib/ as the source of a JS package', () => {
    const files = {
      'package.json': JSON.stringify({ private: true, workspaces: ['packages/*'] }),
      'packages/tsc/package.json': JSON.stringify({ name: 'tsc', exports: { '.': { types: './types/index.d.ts', default: './out/index.js' }, './esm': './out/esm.mjs', './cjs': { types: './out/cjs.d.cts', default: './out/cjs.cjs' } } }),
      'packages/tsc/tsconfig.build.json': JSON.stringify({ compilerOptions: { outDir: 'out', declarationDir: 'types' } }),
      'packages/tsc/src/index.ts': '',
      'packages/tsc/src/esm.mts': '',
      'packages/tsc/src/cjs.ts': '',
      'packages/tsup/package.json': JSON.stringify({ name: 'tsup', exports: { '.': { import: './dist/index.js', require: './dist/index.cjs' }, './tools': './dist/tools.cjs' } }),
      'packages/tsup/src/index.ts': '',
      'packages/tsup/src/tools/index.ts': '',
      'packages/js/package.json': JSON.stringify({ name: 'js', main: 'lib/index.js' }),
      'packages/js/lib/index.js': '',
      'packages/js/src/index.ts': '',
    };
    const resolver = ecmascriptResolver(project(files));
    expect(resolver('apps/x.ts', 'tsc')).toEqual(file('packages/tsc/src/index.ts'));
    expect(resolver('apps/x.ts', 'tsc/esm')).toEqual(file('packages/tsc/src/esm.mts'));
    expect(resolver('apps/x.ts', 'tsc/cjs')).toEqual(file('packages/tsc/src/cjs.ts'));
    expect(resolver('apps/x.ts', 'tsup')).toEqual(file('packages/tsup/src/index.ts'));
    expect(resolver('apps/x.ts', 'tsup/tools')).toEqual(file('packages/tsup/src/tools/index.ts'));
    expect(resolver('apps/x.ts', 'js')).toEqual(file('packages/js/lib/index.js'));
    // Built output present: the import still leads to the source (a rename changes the source; the build follows).
    expect(resolve({ ...files, 'packages/tsup/dist/index.js': '', 'packages/tsup/dist/index.d.ts': '' }, 'apps/x.ts', 'tsup')).toEqual(file('packages/tsup/src/index.ts'));
    // Neither output nor source: the reason names what was tried and what to do.
    expect(resolve({ 'package.json': JSON.stringify({ name: 'p', main: './dist/index.js' }) }, 'test/a.ts', 'p')).toEqual(
      unresolved('p: p (the package at the root) — its types/main fields name ./dist/index.js, and no file under the root is that or the source it is built from'),
    );
  });
});

describe('workspaces', () => {
  const core = { 'packages/core/package.json': JSON.stringify({ name: '@acme/core', main: './src/index.ts' }), 'packages/core/src/index.ts': '' };

  it('npm/yarn workspaces (array or { packages }), pnpm-workspace.yaml, lerna.json (packages/* by default), rush.json, bolt', () => {
    const configurations: Array<[string, Record<string, string>]> = [
      ['npm', { 'package.json': JSON.stringify({ workspaces: ['packages/*'] }) }],
      ['yarn', { 'package.json': JSON.stringify({ workspaces: { packages: ['packages/**'], nohoist: [] } }) }],
      ['pnpm', { 'package.json': '{}', 'pnpm-workspace.yaml': "# the packages\npackages:\n  - 'apps/*'\n  - \"packages/*\" # comment\n\ncatalog:\n  react: ^19\n" }],
      ['pnpm flow', { 'pnpm-workspace.yaml': "packages: ['packages/*']\n" }],
      ['lerna', { 'lerna.json': JSON.stringify({ version: '1.0.0' }) }],
      ['rush', { 'rush.json': '{ /* rush */ "projects": [{ "packageName": "@acme/core", "projectFolder": "packages/core" }] }' }],
      ['bolt', { 'package.json': JSON.stringify({ bolt: { workspaces: ['packages/*'] } }) }],
    ];
    for (const [tool, config] of configurations) {
      const files = { ...config, ...core, 'apps/web/package.json': JSON.stringify({ name: 'web', dependencies: { '@acme/core': '^1.0.0' } }), 'apps/web/main.ts': '' };
      expect({ tool, target: resolve(files, 'apps/web/main.ts', '@acme/core') }).toEqual({ tool, target: file('packages/core/src/index.ts') });
    }
  });

  it('globs: ** at any depth, ! excludes; a workspace nested in the project sees only its own packages', () => {
    const files = {
      'pnpm-workspace.yaml': "packages:\n  - 'packages/**'\n  - '!packages/legacy/**'\n",
      'packages/group/deep/package.json': JSON.stringify({ name: 'deep' }),
      'packages/group/deep/index.ts': '',
      'packages/legacy/old/package.json': JSON.stringify({ name: 'old' }),
      'packages/legacy/old/index.ts': '',
      'package.json': JSON.stringify({ dependencies: { old: '^1.0.0' } }),
      'examples/demo/package.json': JSON.stringify({ workspaces: ['libs/*'] }),
      'examples/demo/libs/deep/package.json': JSON.stringify({ name: 'deep' }),
      'examples/demo/libs/deep/index.ts': '',
    };
    const resolver = ecmascriptResolver(project(files));
    expect(resolver('src/a.ts', 'deep')).toEqual(file('packages/group/deep/index.ts'));
    expect(resolver('examples/demo/main.ts', 'deep')).toEqual(file('examples/demo/libs/deep/index.ts'));
    // packages/legacy/old is excluded from the workspace, and the root declares `old` from the registry.
    expect(resolver('src/a.ts', 'old')).toEqual(unresolved('package.json declares old as ^1.0.0 (installed from a registry), and the package in packages/legacy/old, which no workspace configuration includes, is also named old'));
  });

  it('two workspace packages with one name are refused', () => {
    const files = { 'package.json': JSON.stringify({ workspaces: ['a', 'b'] }), 'a/package.json': JSON.stringify({ name: 'x' }), 'b/package.json': JSON.stringify({ name: 'x' }) };
    expect(resolve(files, 'src/m.ts', 'x')).toEqual(unresolved('the workspace has 2 packages named x (a, b)'));
  });

  it('without workspace configuration: file:/link:/workspace: dependencies; a package nobody declares when it is the only one of its name', () => {
    const files = {
      'package.json': JSON.stringify({ name: 'app', dependencies: { 'renamed-local': 'file:./vendor/thing', linked: 'link:vendor/linked', '@acme/ui': 'workspace:*' } }),
      'vendor/thing/package.json': JSON.stringify({ name: 'thing', main: 'main.js' }),
      'vendor/thing/main.js': '',
      'vendor/linked/package.json': JSON.stringify({ name: 'linked' }),
      'vendor/linked/index.js': '',
      'ui/package.json': JSON.stringify({ name: '@acme/ui', exports: './src/index.tsx' }),
      'ui/src/index.tsx': '',
      'tools/gen/package.json': JSON.stringify({ name: 'gen' }),
      'tools/gen/index.ts': '',
      'fixtures/one/package.json': JSON.stringify({ name: 'dup' }),
      'fixtures/two/package.json': JSON.stringify({ name: 'dup' }),
    };
    const resolver = ecmascriptResolver(project(files));
    expect(resolver('src/a.ts', 'renamed-local')).toEqual(file('vendor/thing/main.js'));
    expect(resolver('src/a.ts', 'linked')).toEqual(file('vendor/linked/index.js'));
    expect(resolver('src/a.ts', '@acme/ui')).toEqual(file('ui/src/index.tsx'));
    expect(resolver('src/a.ts', 'gen')).toEqual(file('tools/gen/index.ts'));
    expect(resolver('src/a.ts', 'dup')).toEqual(unresolved('2 packages under the root are named dup (fixtures/one, fixtures/two)'));
  });

  it('the acceptance case: a workspace package through workspace:* (TypeScript through the link pnpm makes)', () => {
    check({
      files: {
        'package.json': JSON.stringify({ private: true, workspaces: ['packages/*'] }),
        ...core,
        'packages/app/package.json': JSON.stringify({ name: '@acme/app', dependencies: { '@acme/core': 'workspace:*' } }),
        'packages/app/src/main.ts': '',
      },
      links: { '@acme/core': 'packages/core' },
      cases: [{ from: 'packages/app/src/main.ts', specifier: '@acme/core', expected: file('packages/core/src/index.ts') }],
    });
  });
});

describe('#imports', () => {
  it('the nearest package.json\'s imports: exact, patterns, conditions; a target that is a package', () => {
    check({
      files: {
        'package.json': JSON.stringify({
          name: 'app',
          imports: { '#config': { types: './src/config.d.ts', default: './src/config.js' }, '#lib/*': './src/lib/*.ts', '#dep': 'lodash' },
          dependencies: { lodash: '^4' },
        }),
        'src/config.d.ts': '',
        'src/config.js': '',
        'src/lib/a.ts': '',
      },
      cases: [
        { from: 'src/main.ts', specifier: '#config', expected: file('src/config.d.ts') },
        { from: 'test/t.ts', specifier: '#lib/a', expected: file('src/lib/a.ts') },
        { from: 'src/main.ts', specifier: '#dep', expected: external('lodash') },
        { from: 'src/main.ts', specifier: '#nope', expected: unresolved('has no imports entry for #nope') },
      ],
    });
  });
});

describe('externals', () => {
  it('Node built-ins (node: and bare, with subpaths), URL-like specifiers, declared dependencies on the way up, @types; the rest unresolved, saying why', () => {
    const files = {
      'package.json': JSON.stringify({ name: 'app', dependencies: { react: '1' }, devDependencies: { '@types/node': '1', '@types/mdast': '1', '@types/scope__typed': '1' }, optionalDependencies: { fsevents: '2' } }),
      'sub/package.json': JSON.stringify({ name: 'sub', peerDependencies: { vue: '1' } }),
    };
    const resolver = ecmascriptResolver(project(files));
    const cases: Array<[string, string, ModuleTarget | ReturnType<typeof unresolved>]> = [
      ['src/a.ts', 'node:fs', external('fs')],
      ['src/a.ts', 'path', external('path')],
      ['src/a.ts', 'fs/promises', external('fs')],
      ['src/a.ts', 'node:test', external('test')],
      ['src/a.ts', 'test', unresolved('test is not a dependency declared in any package.json from src up to the root')],
      ['src/a.ts', 'react/jsx-runtime', external('react')],
      ['src/a.ts', 'mdast', external('mdast')],
      ['src/a.ts', '@scope/typed', external('@scope/typed')],
      ['src/a.ts', 'fsevents', external('fsevents')],
      ['sub/a.ts', 'vue', external('vue')],
      ['src/a.ts', 'vue', unresolved('not a dependency')],
      ['src/a.ts', 'npm:left-pad@1', external('npm:left-pad@1')],
      ['src/a.ts', 'https://esm.sh/react', external('https://esm.sh/react')],
      ['src/a.ts', 'virtual:pwa-register', external('virtual:pwa-register')],
      ['src/a.ts', '@unknown/util', unresolved('@unknown/util is not a dependency declared in any package.json from src up to the root, no package under the root has that name, and no tsconfig paths entry matches it; declare the dependency')],
    ];
    for (const [from, specifier, expected] of cases) expect({ specifier, target: resolver(from, specifier) }).toEqual({ specifier, target: expected });
  });

  it('a registry dependency and a package of the same name outside any workspace: ambiguous, unless a tsconfig paths entry says which', () => {
    const files = {
      'package.json': JSON.stringify({ name: 'tool', dependencies: { lodash: '^4' } }),
      'test/fixtures/fake-lodash/package.json': JSON.stringify({ name: 'lodash' }),
      'test/fixtures/fake-lodash/index.js': '',
    };
    expect(resolve(files, 'src/a.ts', 'lodash')).toEqual(unresolved('package.json declares lodash as ^4 (installed from a registry), and the package in test/fixtures/fake-lodash, which no workspace configuration includes, is also named lodash'));
    // Inside the fixture, lodash is its own name.
    expect(resolve(files, 'test/fixtures/fake-lodash/index.js', 'lodash')).toEqual(file('test/fixtures/fake-lodash/index.js'));
    const mapped = { ...files, 'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { lodash: ['./test/fixtures/fake-lodash/index.js'] } } }) };
    expect(resolve(mapped, 'src/a.ts', 'lodash')).toEqual(file('test/fixtures/fake-lodash/index.js'));
  });
});

describe('configuration files', () => {
  it('the files configs extend under other names are asked for, through package names too', () => {
    const files = {
      'package.json': JSON.stringify({ workspaces: ['tooling/*'] }),
      'tooling/ts/package.json': JSON.stringify({ name: '@acme/tsconfig' }),
      'tooling/ts/base.json': JSON.stringify({ extends: './strict' }),
      'tooling/ts/strict.json': '{}',
      'app/tsconfig.json': JSON.stringify({ extends: '@acme/tsconfig/base.json', references: [{ path: '../lib' }] }),
      'lib/tsconfig.json': '{}',
    };
    const partial: ProjectFiles = { files: new Set(Object.keys(files)), configs: new Map(Object.entries(files).filter(([path]) => isConfigFile(path))) };
    expect(configFilesToRead(partial)).toEqual(['tooling/ts/base.json']);
    const next: ProjectFiles = { ...partial, configs: new Map([...partial.configs, ['tooling/ts/base.json', files['tooling/ts/base.json']]]) };
    expect(configFilesToRead(next)).toEqual(['tooling/ts/strict.json']);
  });

  it('isConfigFile: package.json, tsconfig/jsconfig variants, workspace files', () => {
    const names = ['package.json', 'a/tsconfig.json', 'tsconfig.app.json', 'tsconfig-base.json', 'x.tsconfig.json', 'jsconfig.json', 'pnpm-workspace.yaml', 'lerna.json', 'rush.json', 'package-lock.json', 'config.json', 'tsconfig.ts'];
    expect(names.filter(isConfigFile)).toEqual(names.slice(0, 9));
  });

  it('globs: one segment for * and ?, any depth for **, {a,b}, [classes], and with orInside what is under a match', () => {
    const matches = (glob: string, paths: string[], orInside = false) => paths.filter((path) => globRegExp(glob, orInside).test(path));
    const paths = ['apps', 'apps/web', 'apps/web/sub', 'packages/a1', 'packages/b2', 'packages/c', 'tools/x.config.ts'];
    expect(matches('apps/*', paths)).toEqual(['apps/web']);
    expect(matches('apps/**', paths)).toEqual(['apps', 'apps/web', 'apps/web/sub']);
    expect(matches('**/*.config.ts', paths)).toEqual(['tools/x.config.ts']);
    expect(matches('packages/{a,b}?', paths)).toEqual(['packages/a1', 'packages/b2']);
    expect(matches('packages/[!a]*', paths)).toEqual(['packages/b2', 'packages/c']);
    expect(matches('apps', paths, true)).toEqual(['apps', 'apps/web', 'apps/web/sub']);
    expect(matches('a.b+(c)', ['a.b+(c)', 'aXb+(c)'])).toEqual(['a.b+(c)']);
  });

  it('pnpm-workspace.yaml: the packages list only, block or flow, quoted or not, comments skipped', () => {
    expect(pnpmWorkspacePatterns("# workspace\npackages:\n- apps/*   # the apps\n  - 'packages/**'\n\n  - \"!**/test/**\"\ncatalog:\n  - not/this\n")).toEqual(['apps/*', 'packages/**', '!**/test/**']);
    expect(pnpmWorkspacePatterns("packages: ['a/*', \"b\"]\n")).toEqual(['a/*', 'b']);
    expect(pnpmWorkspacePatterns('onlyBuiltDependencies:\n  - esbuild\n')).toEqual([]);
  });

  it('package index: own package, package scope, workspace packages', () => {
    const files = {
      'package.json': JSON.stringify({ name: 'root', workspaces: ['packages/*'] }),
      'packages/a/package.json': JSON.stringify({ name: 'a' }),
      'packages/a/fixtures/package.json': JSON.stringify({ type: 'module' }),
    };
    const p = project(files);
    const index = packageIndex(p, jsonConfigs(p));
    expect(index.ownPackage('packages/a/fixtures/x')?.name).toBe('a');
    expect(index.scope('packages/a/fixtures/x')?.folder).toBe('packages/a/fixtures');
    expect(index.workspacePackages('src', 'a').map((pkg) => pkg.folder)).toEqual(['packages/a']);
    expect(index.workspacePackages('src', 'root')).toEqual([]);
    expect(index.configurations).toEqual(['package.json']);
  });
});

/** Every file of this repository the resolver and TypeScript both see (no node_modules, no build output). */
function repositoryFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'temp') continue;
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else found.push(path);
    }
  };
  walk('');
  return found;
}

/** Every import specifier of a file as TypeScript's preprocessor finds them: import/export declarations, import(), require(), import types. */
function importsOf(root: string, path: string): string[] {
  return ts.preProcessFile(readFileSync(join(root, path), 'utf8'), true, true).importedFiles.map((entry) => entry.fileName);
}

describe('TypeScript/JavaScript module resolution on this repository', () => {
  const root = join(import.meta.dirname, '..', '..');
  const paths = repositoryFiles(root);
  const repo: ProjectFiles = { files: new Set(paths), configs: new Map(paths.filter(isConfigFile).map((path) => [path, readFileSync(join(root, path), 'utf8')])) };
  const sources = paths.filter((path) => /^(src|test|examples|bench|scripts)\/.*\.(ts|mts|cts|js|mjs|cjs)$/.test(path) || /^[^/]+\.config\.ts$/.test(path));

  it("agrees with ts.resolveModuleName on every import of src/, test/, examples/, bench/ and scripts/, and maps 'structedit' to src", () => {
    const resolver = ecmascriptResolver(repo);
    const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root);
    let compared = 0;
    let agreed = 0;
    let selfImports = 0;
    const toSource: string[] = [];
    const differences: string[] = [];
    for (const path of sources) {
      for (const specifier of importsOf(root, path)) {
        const ours = resolver(path, specifier);
        if (specifier === 'structedit' || specifier === 'structedit/tools') {
          selfImports++;
          expect({ path, ours }).toEqual({ path, ours: file(specifier === 'structedit' ? 'src/index.ts' : 'src/tools/index.ts') });
        }
        const theirs = ts.resolveModuleName(specifier, join(root, path), { ...config.options, allowJs: true }, ts.sys).resolvedModule;
        compared++;
        // TypeScript's answer: a file of the project, a package in node_modules (external), or nothing.
        const inside = theirs && !theirs.isExternalLibraryImport ? relative(root, theirs.resolvedFileName) : null;
        const agrees = inside !== null ? ours.kind === 'file' && ours.path === inside : theirs ? ours.kind === 'external' : ours.kind !== 'file';
        if (agrees) agreed++;
        // By design: an import of the build output (../dist/index.js) leads to the source, built or not.
        else if (/(^|\/)dist\//.test(specifier) && ours.kind === 'file' && (!theirs || inside?.startsWith('dist/'))) toSource.push(`${path}: ${specifier} -> ${ours.path}`);
        else differences.push(`${path}: ${specifier} -> ours ${JSON.stringify(ours)}, TypeScript ${inside ?? (theirs ? 'external' : 'unresolved')}`);
      }
    }
    console.log(`module resolution vs TypeScript on this repository: ${agreed}/${compared} imports of ${sources.length} files agree; ${toSource.length} imports of dist/ lead to src/ where TypeScript finds dist/ or nothing; ${selfImports} self-imports map to src/`);
    expect(compared).toBeGreaterThan(1000);
    expect(selfImports).toBeGreaterThan(40);
    expect(toSource.length).toBeGreaterThan(0);
    // ../dist/index.js -> src/index.ts, ../dist/node.js -> src/node.ts: each entry to its source.
    expect(toSource.filter((entry) => !/dist\/(\w+)\.js -> src\/\1\.ts$/.test(entry))).toEqual([]);
    expect(differences).toEqual([]);
  });

  it("without the tsconfig paths, 'structedit' and 'structedit/tools' go through package.json exports to dist/ and back to src/, built or not", () => {
    const withoutPaths = new Map(repo.configs);
    const tsconfig = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config as { compilerOptions: Record<string, unknown> };
    withoutPaths.set('tsconfig.json', JSON.stringify({ ...tsconfig, compilerOptions: { ...tsconfig.compilerOptions, paths: undefined } }));
    const built = ['dist/index.js', 'dist/index.d.ts', 'dist/index.cjs', 'dist/index.d.cts', 'dist/tools.js', 'dist/tools.d.ts'];
    for (const files of [repo.files, new Set([...repo.files, ...built])]) {
      const resolver = ecmascriptResolver({ files, configs: withoutPaths });
      let selfImports = 0;
      for (const path of sources.filter((source) => /^(test|examples)\//.test(source))) {
        for (const specifier of importsOf(root, path).filter((name) => name === 'structedit' || name === 'structedit/tools')) {
          selfImports++;
          expect({ path, target: resolver(path, specifier) }).toEqual({ path, target: file(specifier === 'structedit' ? 'src/index.ts' : 'src/tools/index.ts') });
        }
      }
      expect(selfImports).toBeGreaterThan(40);
    }
  });

  it('every relative import in src/ resolves to a file', () => {
    const resolver = ecmascriptResolver(repo);
    const imports = sources.filter((path) => path.startsWith('src/')).flatMap((path) => importsOf(root, path).map((specifier) => ({ path, specifier })));
    const relativeImports = imports.filter(({ specifier }) => specifier.startsWith('.'));
    expect(relativeImports.length).toBeGreaterThan(500);
    expect(relativeImports.filter(({ path, specifier }) => resolver(path, specifier).kind !== 'file')).toEqual([]);
  });
});
