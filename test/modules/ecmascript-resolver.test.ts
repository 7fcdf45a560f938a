import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ecmascriptResolver } from '../../src/core/modules/ecmascript.js';
import { isConfigFile, type ModuleTarget, type ProjectFiles } from '../../src/core/modules/project.js';

/** A project from a few files (configs are the files `isConfigFile` names). */
function project(files: Record<string, string>): ProjectFiles {
  return { files: new Set(Object.keys(files)), configs: new Map(Object.entries(files).filter(([path]) => isConfigFile(path))) };
}

function resolve(files: Record<string, string>, from: string, specifier: string): ModuleTarget {
  return ecmascriptResolver(project(files))(from, specifier);
}

describe('TypeScript/JavaScript module resolution', () => {
  it('relative specifiers: extensions, .js naming .ts, index files', () => {
    const files = { 'src/a.ts': '', 'src/util/index.ts': '', 'src/b.mts': '' };
    expect(resolve(files, 'src/x.ts', './a.js')).toEqual({ kind: 'file', path: 'src/a.ts' });
    expect(resolve(files, 'src/x.ts', './util')).toEqual({ kind: 'file', path: 'src/util/index.ts' });
    expect(resolve(files, 'src/x.ts', './b.mjs')).toEqual({ kind: 'file', path: 'src/b.mts' });
    expect(resolve(files, 'src/x.ts', './missing')).toMatchObject({ kind: 'unresolved' });
  });

  it('tsconfig paths: the longest prefix wins, substitutions in order, relative to baseUrl or the config', () => {
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['src/*'], '@/lib/*': ['vendor/lib/*', 'src/lib/*'], exact: ['src/exact.ts'] } } }),
      'src/a.ts': '',
      'src/lib/b.ts': '',
      'src/exact.ts': '',
    };
    expect(resolve(files, 'test/t.ts', '@/a')).toEqual({ kind: 'file', path: 'src/a.ts' });
    expect(resolve(files, 'test/t.ts', '@/lib/b')).toEqual({ kind: 'file', path: 'src/lib/b.ts' });
    expect(resolve(files, 'test/t.ts', 'exact')).toEqual({ kind: 'file', path: 'src/exact.ts' });
    expect(resolve(files, 'test/t.ts', '@/nope')).toMatchObject({ kind: 'unresolved', reason: expect.stringContaining('tsconfig paths') });
  });

  it('the nearest config governs, and extends chains (JSONC) pass baseUrl and paths down', () => {
    const files = {
      'configs/tsconfig.base.json': '{ "compilerOptions": { "baseUrl": "..", /* root */ "paths": { "~/*": ["app/src/*"] }, }, }',
      'app/tsconfig.json': '{ "extends": "../configs/tsconfig.base" }',
      'app/src/m.ts': '',
      'lib/x.ts': '',
    };
    expect(resolve(files, 'app/src/n.ts', '~/m')).toEqual({ kind: 'file', path: 'app/src/m.ts' });
    expect(resolve(files, 'app/src/n.ts', 'lib/x')).toEqual({ kind: 'file', path: 'lib/x.ts' });
    // Outside app/ no config applies.
    expect(resolve(files, 'other/n.ts', '~/m')).toMatchObject({ kind: 'unresolved' });
  });

  it('packages of the project by name: exports subpaths, patterns and conditions, main, and build output mapped to source', () => {
    const files = {
      'package.json': JSON.stringify({ name: 'root-pkg', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './tools': './dist/tools.js', './features/*': './dist/features/*.js', './internal': null } }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { rootDir: 'src', outDir: 'dist' } }),
      'src/index.ts': '',
      'src/tools.ts': '',
      'src/features/search.ts': '',
      'packages/core/package.json': JSON.stringify({ name: '@acme/core', main: './lib/main.js' }),
      'packages/core/src/main.ts': '',
    };
    expect(resolve(files, 'test/a.ts', 'root-pkg')).toEqual({ kind: 'file', path: 'src/index.ts' });
    expect(resolve(files, 'test/a.ts', 'root-pkg/tools')).toEqual({ kind: 'file', path: 'src/tools.ts' });
    expect(resolve(files, 'test/a.ts', 'root-pkg/features/search')).toEqual({ kind: 'file', path: 'src/features/search.ts' });
    expect(resolve(files, 'test/a.ts', 'root-pkg/internal')).toMatchObject({ kind: 'unresolved', reason: expect.stringContaining('does not export ./internal') });
    expect(resolve(files, 'src/index.ts', '@acme/core')).toEqual({ kind: 'file', path: 'packages/core/src/main.ts' });
  });

  it('externals: Node built-ins and declared dependencies; anything else is unresolved, saying why', () => {
    const files = { 'package.json': JSON.stringify({ name: 'app', dependencies: { react: '1' }, devDependencies: { '@types/node': '1' } }), 'sub/package.json': JSON.stringify({ name: 'sub', peerDependencies: { vue: '1' } }) };
    expect(resolve(files, 'src/a.ts', 'node:fs')).toEqual({ kind: 'external', name: 'fs' });
    expect(resolve(files, 'src/a.ts', 'path')).toEqual({ kind: 'external', name: 'path' });
    expect(resolve(files, 'src/a.ts', 'react/jsx-runtime')).toEqual({ kind: 'external', name: 'react' });
    expect(resolve(files, 'sub/a.ts', 'vue')).toEqual({ kind: 'external', name: 'vue' });
    expect(resolve(files, 'src/a.ts', 'vue')).toMatchObject({ kind: 'unresolved', reason: expect.stringContaining('not a dependency') });
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

describe('TypeScript/JavaScript module resolution on this repository, against TypeScript', () => {
  it("agrees with ts.resolveModuleName on every import of src/, test/ and examples/, and maps 'structedit' to src", () => {
    const root = join(import.meta.dirname, '..', '..');
    const paths = repositoryFiles(root);
    const repo: ProjectFiles = { files: new Set(paths), configs: new Map(paths.filter(isConfigFile).map((path) => [path, readFileSync(join(root, path), 'utf8')])) };
    const resolver = ecmascriptResolver(repo);
    const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root);
    let compared = 0;
    let agreed = 0;
    let selfImports = 0;
    const differences: string[] = [];
    for (const path of paths.filter((file) => /^(src|test|examples)\/.*\.ts$/.test(file))) {
      const source = ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.ES2022);
      for (const statement of source.statements) {
        if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
        const specifier = statement.moduleSpecifier.text;
        const ours = resolver(path, specifier);
        if (specifier === 'structedit' || specifier === 'structedit/tools') {
          selfImports++;
          expect(ours).toEqual({ kind: 'file', path: specifier === 'structedit' ? 'src/index.ts' : 'src/tools/index.ts' });
          continue;
        }
        const theirs = ts.resolveModuleName(specifier, join(root, path), config.options, ts.sys).resolvedModule;
        const inside = theirs && !theirs.isExternalLibraryImport ? relative(root, theirs.resolvedFileName) : null;
        compared++;
        if (inside === null ? ours.kind === 'external' : ours.kind === 'file' && ours.path === inside) agreed++;
        else differences.push(`${path}: ${specifier} -> ours ${JSON.stringify(ours)}, TypeScript ${inside ?? 'external'}`);
      }
    }
    console.log(`module resolution vs TypeScript on this repository: ${agreed}/${compared} imports agree; ${selfImports} self-imports map to src/`);
    expect(compared).toBeGreaterThan(500);
    expect(selfImports).toBeGreaterThan(20);
    expect(differences).toEqual([]);
  });
});
