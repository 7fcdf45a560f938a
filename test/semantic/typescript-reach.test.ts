import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { changedExports, reach, type ChangedExports } from '../../src/backends/typescript-reach.js';
import { editorOver } from '../helpers.js';

/**
 * How far a change of a module's declarations reaches, by name (`typescript-reach.ts`): which exports
 * of a `.d.ts` changed, and, in a file importing the module, which statements use one of them and
 * what the file's own exports then pass on.
 */

/** A change as plain data: `true`, or names to changes. */
function plain(changed: ChangedExports): unknown {
  return changed === true ? true : Object.fromEntries([...changed].map(([name, meaning]) => [name, plain(meaning)]));
}

/** `source` importing `./m.js` (every import of it), whose exports changed as `changed`. */
function reached(source: string, changed: ChangedExports, name = '/p/a.ts') {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
  // (Where the program finds module names: after `from`, in `import(…)`; not a module augmentation's name.)
  const sites = [...source.matchAll(/(?<=from |import\()(['"])\.\/m\.js\1/g)].map((match) => ({ position: match.index + 1, target: 'm.ts' }));
  const result = reach(ts, file, sites, (target) => (target === 'm.ts' ? changed : undefined));
  return { affected: result.affected, changed: plain(result.changed), global: result.global };
}

const only = (...names: string[]): ChangedExports => new Map(names.map((name) => [name, true as const]));

describe('which exports of a module changed (its declarations before and after)', () => {
  it.each([
    ['a function whose result changed', 'export declare function f(): number;\nexport declare function g(): string;\n', 'export declare function f(): void;\nexport declare function g(): string;\n', { f: true }],
    ['none: the same declarations', 'export declare const a: number;\n', 'export declare const a: number;\n', {}],
    ['a type kept private that an export names', 'type T = number;\nexport declare function f(): T;\nexport declare const b: 1;\n', 'type T = string;\nexport declare function f(): T;\nexport declare const b: 1;\n', { f: true }],
    ['an export removed, one added', 'export declare const a: 1;\n', 'export declare const b: 1;\n', { a: true, b: true }],
    ['the default export, named elsewhere', 'declare const _default: 1;\nexport default _default;\n', 'declare const _default: 2;\nexport default _default;\n', { default: true }],
    ['an export list renaming', 'declare const a: 1;\nexport { a as x };\n', 'declare const a: 1;\nexport { a as y };\n', { x: true, y: true }],
  ])('%s', (_, before, after, expected) => {
    expect(plain(changedExports(ts, before, after))).toEqual(expected);
  });

  it('everything: a module that exports by `export =`, one whose `export *` changed, one that is gone', () => {
    expect(changedExports(ts, 'declare const a: 1;\nexport = a;\n', 'declare const a: 2;\nexport = a;\n')).toBe(true);
    expect(changedExports(ts, "export * from './x';\n", "export * from './y';\n")).toBe(true);
    expect(changedExports(ts, 'export declare const a: 1;\n', null)).toBe(true);
  });
});

describe('what a file importing a changed module uses of it, and passes on', () => {
  it.each([
    ['a call of the changed function: affected, and what it declares passes on', "import { f } from './m.js';\nexport const x = f();\nexport const y = 1;\n", only('f'), { affected: true, changed: { x: true }, global: false }],
    ['an import of something else of the module: not affected', "import { g } from './m.js';\nexport const y = g();\n", only('f'), { affected: false, changed: {}, global: false }],
    ['on through the file: a use of a declaration that used it', "import { f } from './m.js';\nconst x = f();\nfunction h() { return x; }\nexport { h as k };\n", only('f'), { affected: true, changed: { k: true }, global: false }],
    ['a namespace, member by member', "import * as m from './m.js';\nexport const a = m.g();\nexport const b = m.f();\n", only('f'), { affected: true, changed: { b: true }, global: false }],
    ['a namespace used whole', "import * as m from './m.js';\nexport const all = m;\n", only('f'), { affected: true, changed: { all: true }, global: false }],
    ['a namespace indexed by a string, by a variable', "import * as m from './m.js';\nconst k = 'g';\nexport const a = m['g'];\nexport const b = m[k];\n", only('f'), { affected: true, changed: { b: true }, global: false }],
    ['a namespace re-exported: its members passed on, nested', "export * as m from './m.js';\n", only('f'), { affected: true, changed: { m: { f: true } }, global: false }],
    ['a re-export of every name, of some', "export * from './m.js';\nexport { f as g, h } from './m.js';\n", only('f', 'default'), { affected: true, changed: { f: true, g: true }, global: false }],
    ['a property of the same name is not a use', "import { f } from './m.js';\nimport { o } from './o.js';\nexport const a = o.f();\nexport const b = { f: 1 };\n", only('f'), { affected: true, changed: {}, global: false }],
    ['a name in a string or a comment is not a use (TypeScript)', "import { f } from './m.js';\n// f is used elsewhere\nexport const a = 'f';\n", only('f'), { affected: true, changed: {}, global: false }],
    ['a dynamic import of the module: the statement holding it', "export const lazy = () => import('./m.js');\nexport const b = 1;\n", only('f'), { affected: true, changed: { lazy: true }, global: false }],
    ['a global declaration using it: every file', "import { f } from './m.js';\ndeclare global {\n  var g: ReturnType<typeof f>;\n}\n", only('f'), { affected: true, changed: true, global: true }],
    ['a default import', "import d from './m.js';\nexport const a = d;\n", only('default'), { affected: true, changed: { a: true }, global: false }],
    ['an augmentation of a module: checked, and global only where it uses what changed', "import { g } from './m.js';\ndeclare module './m.js' {\n  interface Options {\n    extra: string;\n  }\n}\nexport const y = g;\n", only('f'), { affected: true, changed: {}, global: false }],
  ])('%s', (_, source, changed, expected) => {
    expect(reached(source, changed)).toEqual(expected);
  });
});

describe('JavaScript', () => {
  it('a mention is a use: a JSDoc type is a comment to the tree, a type to the checker', () => {
    const source = "import * as m from './m.js';\n/** @type {m.f} */\nexport const a = m.g;\n";
    expect(reached(source, only('f'), '/p/a.js')).toEqual({ affected: true, changed: { a: true }, global: false });
    expect(reached(source, only('f'))).toEqual({ affected: false, changed: {}, global: false });
  });
});

describe('a TypeScript text edit is judged in the files that use what it changed', () => {
  it('an edit changing a function a file uses through a re-export is refused for the error there; one changing nothing it shows, applied', async () => {
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', noEmit: true } }),
      'package.json': '{ "type": "module" }',
      'm.ts': 'export function f(): number {\n  return 1;\n}\n\nexport function g(): string {\n  return "g";\n}\n',
      'index.ts': "export * from './m.js';\n",
      'uses-f.ts': "import { f } from './index.js';\n\nexport const n: number = f() + 1;\n",
      'uses-g.ts': "import { g } from './index.js';\n\nexport const s: string = g();\n",
    };
    const { editor, fs } = editorOver(files);
    const refused = await editor.editFile({ path: 'm.ts', edits: [{ old_text: 'export function f(): number {\n  return 1;\n}', new_text: 'export function f() {\n  return "one";\n}' }] });
    expect(refused._unsafeUnwrapErr()).toMatchObject({ error: 'TYPE_ERRORS_ADDED', details: { errors: [{ file: 'uses-f.ts', code: 'TS2322' }] } });
    expect(fs.snapshot()).toEqual(files);
    const applied = await editor.editFile({ path: 'm.ts', edits: [{ old_text: 'return "g";', new_text: 'return "G";' }] });
    expect(applied.isOk()).toBe(true);
  });
});
