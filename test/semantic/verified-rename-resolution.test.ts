import { describe, expect, it } from 'vitest';
import type { SemanticEdit } from 'structedit';
import { syntaxEditorOver as editorOver, expectError, expectOk, lines } from '../helpers.js';

/**
 * Issue 17: a rename or remove is either correct or refused with the facts needed to fix the call.
 * Each case below was seen on real projects reporting success while breaking the program.
 */

async function batch(files: Record<string, string>, edits: SemanticEdit[]) {
  const { editor, fs } = editorOver(files);
  const result = await editor.applyEdits({ edits });
  return { result, files: fs.snapshot() as Record<string, string> };
}

describe('rename follows TypeScript imports that do not start with "." (issue 17, case 2)', () => {
  it('tsconfig paths and baseUrl aliases', async () => {
    const { result, files } = await batch(
      {
        'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['src/lib/*'] } } }),
        'src/lib/util.ts': lines('export function foo(): number {', '  return 1;', '}'),
        'src/app.ts': lines("import { foo } from '@lib/util';", "import { foo as other } from 'src/lib/util';", '', 'export const x = foo() + other();'),
      },
      [{ op: 'rename', path: 'src/lib/util.ts', address: 'export function foo', new_name: 'bar' }],
    );
    expectOk(result);
    expect(files['src/app.ts']).toBe(lines("import { bar } from '@lib/util';", "import { bar as other } from 'src/lib/util';", '', 'export const x = bar() + other();'));
  });

  it('paths inherited through extends', async () => {
    const { result, files } = await batch(
      {
        'tsconfig.base.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '~/*': ['./src/*'] } } }),
        'tsconfig.json': '{\n  // comments are allowed in tsconfig\n  "extends": "./tsconfig.base.json",\n}\n',
        'src/util.ts': lines('export const foo = 1;'),
        'src/app.ts': lines("import { foo } from '~/util';", 'console.log(foo);'),
      },
      [{ op: 'rename', path: 'src/util.ts', address: 'export const foo', new_name: 'bar' }],
    );
    expectOk(result);
    expect(files['src/app.ts']).toBe(lines("import { bar } from '~/util';", 'console.log(bar);'));
  });

  it('the package importing itself by its own name (exports to dist, mapped back to src)', async () => {
    const { result, files } = await batch(
      {
        'package.json': JSON.stringify({ name: 'mypkg', type: 'module', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }),
        'tsconfig.json': JSON.stringify({ compilerOptions: { rootDir: 'src', outDir: 'dist' } }),
        'src/index.ts': lines("export { foo } from './foo.js';"),
        'src/foo.ts': lines('export function foo(): number {', '  return 1;', '}'),
        'test/foo.test.ts': lines("import { foo } from 'mypkg';", '', 'foo();'),
      },
      [{ op: 'rename', path: 'src/foo.ts', address: 'export function foo', new_name: 'bar' }],
    );
    expectOk(result);
    expect(files['src/index.ts']).toBe(lines("export { bar } from './foo.js';"));
    expect(files['test/foo.test.ts']).toBe(lines("import { bar } from 'mypkg';", '', 'bar();'));
  });

  it('workspace packages', async () => {
    const { result, files } = await batch(
      {
        'package.json': JSON.stringify({ private: true, workspaces: ['packages/*'] }),
        'packages/core/package.json': JSON.stringify({ name: '@acme/core', main: './src/index.ts' }),
        'packages/core/src/index.ts': lines('export function foo(): number {', '  return 1;', '}'),
        'packages/app/package.json': JSON.stringify({ name: '@acme/app', dependencies: { '@acme/core': 'workspace:*' } }),
        'packages/app/src/main.ts': lines("import { foo } from '@acme/core';", 'foo();'),
      },
      [{ op: 'rename', path: 'packages/core/src/index.ts', address: 'export function foo', new_name: 'bar' }],
    );
    expectOk(result);
    expect(files['packages/app/src/main.ts']).toBe(lines("import { bar } from '@acme/core';", 'bar();'));
  });

  it('an import it cannot resolve that names the declaration refuses the rename, listing it', async () => {
    const original = {
      'src/util.ts': lines('export function foo(): number {', '  return 1;', '}'),
      'src/app.ts': lines("import { foo } from '@unknown/util';", 'foo();'),
    };
    const { result, files } = await batch(original, [{ op: 'rename', path: 'src/util.ts', address: 'export function foo', new_name: 'bar' }]);
    const error = expectError(result, 'UNRESOLVED_REFERENCES');
    expect(error.details.references).toEqual([expect.objectContaining({ file: 'src/app.ts', line: 1, text: "import { foo } from '@unknown/util';" })]);
    expect(files).toEqual(original);
    // A package the project depends on is provably another module.
    const dependency = { ...original, 'package.json': JSON.stringify({ name: 'app', dependencies: { '@unknown/util': '1.0.0' } }) };
    expectOk((await batch(dependency, [{ op: 'rename', path: 'src/util.ts', address: 'export function foo', new_name: 'bar' }])).result);
  });
});


describe('rename follows the configs and workspaces monorepos write', () => {
  it('paths from a shared config a workspace package holds under another name (turborepo: @repo/typescript-config/base.json)', async () => {
    const { result, files } = await batch(
      {
        'package.json': JSON.stringify({ private: true }),
        'pnpm-workspace.yaml': "packages:\n  - 'apps/*'\n  - 'packages/*'\n",
        'packages/typescript-config/package.json': JSON.stringify({ name: '@repo/typescript-config' }),
        'packages/typescript-config/base.json': '{\n  // every app maps ~ to its own src\n  "compilerOptions": { "paths": { "~/*": ["${configDir}/src/*"] } },\n}\n',
        'apps/web/package.json': JSON.stringify({ name: 'web', devDependencies: { '@repo/typescript-config': 'workspace:*' } }),
        'apps/web/tsconfig.json': JSON.stringify({ extends: '@repo/typescript-config/base.json', include: ['src'] }),
        'apps/web/src/util.ts': lines('export const foo = 1;'),
        'apps/web/src/app.ts': lines("import { foo } from '~/util';", 'console.log(foo);'),
      },
      [{ op: 'rename', path: 'apps/web/src/util.ts', address: 'export const foo', new_name: 'bar' }],
    );
    expectOk(result);
    expect(files['apps/web/src/app.ts']).toBe(lines("import { bar } from '~/util';", 'console.log(bar);'));
  });

  it('a pnpm workspace package whose exports lead to unbuilt output, mapped back to its source', async () => {
    const { result, files } = await batch(
      {
        'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
        'packages/ui/package.json': JSON.stringify({ name: '@acme/ui', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } }),
        'packages/ui/tsconfig.json': JSON.stringify({ compilerOptions: { outDir: 'dist', rootDir: 'src' } }),
        'packages/ui/src/index.ts': lines('export function button(): string {', "  return 'button';", '}'),
        'packages/app/package.json': JSON.stringify({ name: 'app', dependencies: { '@acme/ui': 'workspace:^' } }),
        'packages/app/main.ts': lines("import { button } from '@acme/ui';", 'button();'),
      },
      [{ op: 'rename', path: 'packages/ui/src/index.ts', address: 'export function button', new_name: 'primaryButton' }],
    );
    expectOk(result);
    expect(files['packages/app/main.ts']).toBe(lines("import { primaryButton } from '@acme/ui';", 'primaryButton();'));
  });

  it('a registry dependency that a package outside the workspaces also names refuses the rename, saying which', async () => {
    const original = {
      'package.json': JSON.stringify({ name: 'tool', dependencies: { helpers: '^1.0.0' } }),
      'fixtures/helpers/package.json': JSON.stringify({ name: 'helpers', main: 'index.ts' }),
      'fixtures/helpers/index.ts': lines('export function foo(): number {', '  return 1;', '}'),
      'src/app.ts': lines("import { foo } from 'helpers';", 'foo();'),
    };
    const { result, files } = await batch(original, [{ op: 'rename', path: 'fixtures/helpers/index.ts', address: 'export function foo', new_name: 'bar' }]);
    const error = expectError(result, 'UNRESOLVED_REFERENCES');
    expect(error.details.references).toEqual([expect.objectContaining({ file: 'src/app.ts', line: 1, reason: expect.stringContaining('structedit cannot tell which one helpers reaches') })]);
    expect(files).toEqual(original);
  });
});
