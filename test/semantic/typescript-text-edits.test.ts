import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from '../../src/index.js';

/*
 * TypeScript's and JavaScript's names are not checked by structedit's own engine (which globals a
 * program sees depends on its environment), so where TypeScript's language service answers (the
 * default backend, with the `typescript` package installed) every text edit of them is type-checked
 * before and after, as a semantic batch is: errors the edit adds refuse it (`TYPE_ERRORS_ADDED`),
 * errors the project already had do not. Each case: the files, the edit, and what comes back.
 */

const math = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
const user = "import { add } from './math';\n\nexport const total: number = add(1, 2);\n";
const tsconfig = JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', target: 'es2022', moduleResolution: 'bundler' } });

describe('text edits of TypeScript are judged by its checker', () => {
  it('a body calling a name nothing declares is refused, with TypeScript\'s own error; nothing is written', async () => {
    const files = { 'math.ts': math, 'user.ts': user, 'tsconfig.json': tsconfig };
    const fs = memoryFs(files);
    const editor = createEditor({ fs });
    const replaced = await editor.replaceStructure({ path: 'math.ts', target: 'export function add', content: 'export function add(a: number, b: number): number {\n  return a + offset(b);\n}' });
    expect(replaced.isErr() && `${replaced.error.error}: ${replaced.error.message}`).toContain("TYPE_ERRORS_ADDED: The edit would add 1 type error (typescript): math.ts:2 TS2304 Cannot find name 'offset'");
    const edited = await editor.editFile({ path: 'math.ts', edits: [{ old_text: 'return a + b;', new_text: 'return a + offset(b);' }] });
    expect(edited.isErr() && edited.error.error).toBe('TYPE_ERRORS_ADDED');
    expect(fs.snapshot()).toEqual(files);
  });

  it('a body whose type no longer fits the declared return type is refused; one that fits is applied', async () => {
    const fs = memoryFs({ 'math.ts': math, 'user.ts': user, 'tsconfig.json': tsconfig });
    const editor = createEditor({ fs });
    const wrong = await editor.replaceStructure({ path: 'math.ts', target: 'export function add', content: "export function add(a: number, b: number): number {\n  return `${a}${b}`;\n}" });
    expect(wrong.isErr() && `${wrong.error.error}: ${wrong.error.message}`).toContain('TS2322');
    const right = await editor.replaceStructure({ path: 'math.ts', target: 'export function add', content: 'export function add(a: number, b: number): number {\n  return b + a;\n}' });
    expect(right.isOk()).toBe(true);
    expect(fs.snapshot()['math.ts']).toContain('return b + a;');
  });

  it('errors the project already had do not refuse an edit elsewhere in the file', async () => {
    const broken = 'export const a: number = "x";\n\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n';
    const fs = memoryFs({ 'math.ts': broken, 'tsconfig.json': tsconfig });
    const result = await createEditor({ fs }).editFile({ path: 'math.ts', edits: [{ old_text: 'return a + b;', new_text: 'return b + a;' }] });
    expect(result.isOk() ? 'applied' : `${result.error.error}: ${result.error.message}`).toBe('applied');
  });

  it('force writes what the checker refuses; the syntax backend does not type-check', async () => {
    const edit = { path: 'math.ts', edits: [{ old_text: 'return a + b;', new_text: 'return a + offset(b);' }] };
    const forced = memoryFs({ 'math.ts': math, 'tsconfig.json': tsconfig });
    expect((await createEditor({ fs: forced }).editFile({ ...edit, force: true })).isOk()).toBe(true);
    const syntax = memoryFs({ 'math.ts': math, 'tsconfig.json': tsconfig });
    expect((await createEditor({ fs: syntax, semantic: 'syntax' }).editFile(edit)).isOk()).toBe(true);
  });

  it('types from node_modules are read (a dependency and @types): a call that does not fit its declaration is refused', async () => {
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, types: ['greet'] } }),
      'node_modules/dep/package.json': JSON.stringify({ name: 'dep', types: 'index.d.ts' }),
      'node_modules/dep/index.d.ts': 'export declare function twice(n: number): number;\n',
      'node_modules/@types/greet/index.d.ts': 'declare function greet(name: string): string;\n',
      'main.ts': "import { twice } from 'dep';\n\nexport function run(): number {\n  return twice(2);\n}\n",
    };
    const editor = createEditor({ fs: memoryFs(files) });
    const fits = await editor.editFile({ path: 'main.ts', edits: [{ old_text: 'return twice(2);', new_text: 'greet("a");\n  return twice(3);' }], dry_run: true });
    expect(fits.isOk() ? 'applied' : `${fits.error.error}: ${fits.error.message}`).toBe('applied');
    const wrong = await editor.editFile({ path: 'main.ts', edits: [{ old_text: 'return twice(2);', new_text: 'greet(1);\n  return twice("3");' }], dry_run: true });
    expect(wrong.isErr() && `${wrong.error.error}: ${wrong.error.message}`).toContain('TYPE_ERRORS_ADDED: The edit would add 2 type errors (typescript): main.ts:4 TS2345');
  });

  it('a declaration file is judged only where the project checks declaration files (skipLibCheck off)', async () => {
    const declarations = 'export declare function add(a: number, b: number): number;\n';
    const edit = { path: 'math.d.ts', edits: [{ old_text: '): number;', new_text: '): Missing;' }] };
    const checked = memoryFs({ 'math.d.ts': declarations, 'tsconfig.json': JSON.stringify({ compilerOptions: { skipLibCheck: false } }) });
    const refused = await createEditor({ fs: checked }).editFile(edit);
    expect(refused.isErr() && `${refused.error.error}: ${refused.error.message}`).toContain("TS2304 Cannot find name 'Missing'");
    const skipped = memoryFs({ 'math.d.ts': declarations, 'tsconfig.json': JSON.stringify({ compilerOptions: { skipLibCheck: true } }) });
    expect((await createEditor({ fs: skipped }).editFile(edit)).isOk()).toBe(true);
  });

  it('JavaScript is judged as its project configures TypeScript to check it: with checkJs or // @ts-check, refused; without, applied', async () => {
    const js = 'export function add(a, b) {\n  return a + b;\n}\n';
    const edit = { path: 'math.js', edits: [{ old_text: 'return a + b;', new_text: 'return a + offset(b);' }] };
    const checked = memoryFs({ 'math.js': js, 'tsconfig.json': JSON.stringify({ compilerOptions: { allowJs: true, checkJs: true } }) });
    const refused = await createEditor({ fs: checked }).editFile(edit);
    expect(refused.isErr() && `${refused.error.error}: ${refused.error.message}`).toContain("TS2304 Cannot find name 'offset'");
    const pragma = memoryFs({ 'math.js': `// @ts-check\n${js}` });
    const refusedByPragma = await createEditor({ fs: pragma }).editFile(edit);
    expect(refusedByPragma.isErr() && refusedByPragma.error.error).toBe('TYPE_ERRORS_ADDED');
    const unchecked = memoryFs({ 'math.js': js });
    expect((await createEditor({ fs: unchecked }).editFile(edit)).isOk()).toBe(true);
  });

  it('an edit that changes what a module exports is judged in the files importing it, and in theirs while the change flows on', async () => {
    const shapes = 'export function point() {\n  return { x: 1, y: 2 };\n}\n';
    const files = {
      'tsconfig.json': tsconfig,
      'shapes.ts': shapes,
      'origin.ts': "import { point } from './shapes';\n\nexport const origin = point();\n",
      'sum.ts': "import { origin } from './origin';\n\nexport const sum: number = origin.x + origin.y;\n",
    };
    const fs = memoryFs(files);
    const editor = createEditor({ fs });
    // The inferred return type loses `y`: sum.ts, which sees it only through origin.ts, breaks.
    const narrowed = await editor.replaceStructure({ path: 'shapes.ts', target: 'export function point', content: 'export function point() {\n  return { x: 1 };\n}' });
    expect(narrowed.isErr() && `${narrowed.error.error}: ${narrowed.error.message}`).toContain("TYPE_ERRORS_ADDED: The edit would add 1 type error (typescript): sum.ts:3 TS2339 Property 'y' does not exist");
    expect(fs.snapshot()).toEqual(files);
    // The same exports (another body, the same type): applied.
    const same = await editor.editFile({ path: 'shapes.ts', edits: [{ old_text: 'return { x: 1, y: 2 };', new_text: 'return { x: 2, y: 1 };' }] });
    expect(same.isOk() ? 'applied' : `${same.error.error}: ${same.error.message}`).toBe('applied');
    // A wider type the importers still accept: applied.
    const wider = await editor.editFile({ path: 'shapes.ts', edits: [{ old_text: 'return { x: 2, y: 1 };', new_text: 'return { x: 2, y: 1, z: 0 };' }] });
    expect(wider.isOk() ? 'applied' : `${wider.error.error}: ${wider.error.message}`).toBe('applied');
  });

  it('a change passed on through a re-export, whose own text does not change (zod\'s core/index.ts), is judged where it is used', async () => {
    const files = {
      'tsconfig.json': tsconfig,
      'api.ts': 'export function point() {\n  return { x: 1, y: 2 };\n}\n',
      'index.ts': "export * from './api';\n",
      'user.ts': "import { point } from './index';\n\nexport const y: number = point().y;\n",
    };
    const fs = memoryFs(files);
    const editor = createEditor({ fs });
    const narrowed = await editor.editFile({ path: 'api.ts', edits: [{ old_text: 'return { x: 1, y: 2 };', new_text: 'return { x: 1 };' }] });
    expect(narrowed.isErr() && `${narrowed.error.error}: ${narrowed.error.message}`).toContain("user.ts:3 TS2339 Property 'y' does not exist");
    // A patch that edits the re-exporting file too, its declarations as they were: it still passes the change on.
    const patch = ['*** Begin Patch', '*** Update File: api.ts', '@@', ' export function point() {', '-  return { x: 1, y: 2 };', '+  return { x: 1 };', '*** Update File: index.ts', '@@', "-export * from './api';", "+export * from './api';", '+const version = 1;', '*** End Patch'].join('\n');
    const patched = await editor.applyPatch({ patch });
    expect(patched.isErr() && `${patched.error.error}: ${patched.error.message}`).toContain("user.ts:3 TS2339 Property 'y' does not exist");
    expect(fs.snapshot()).toEqual(files);
  });

  it('a file the checker skips is judged by the files that use it: a global declaration file, a JavaScript module', async () => {
    const globals = memoryFs({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, skipLibCheck: true } }),
      'globals.d.ts': 'declare function greet(name: string): string;\n',
      'main.ts': 'export const hello: string = greet("a");\n',
    });
    const retyped = await createEditor({ fs: globals }).editFile({ path: 'globals.d.ts', edits: [{ old_text: 'name: string', new_text: 'name: number' }] });
    expect(retyped.isErr() && `${retyped.error.error}: ${retyped.error.message}`).toContain('main.ts:1 TS2345');
    const js = memoryFs({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, allowJs: true, module: 'esnext', moduleResolution: 'bundler' } }),
      'math.js': 'export function half(n) {\n  return n / 2;\n}\n',
      'main.ts': "import { half } from './math.js';\n\nexport const shown: string = half(3).toFixed(1);\n",
    });
    const stringly = await createEditor({ fs: js }).editFile({ path: 'math.js', edits: [{ old_text: 'return n / 2;', new_text: 'return `${n / 2}`;' }] });
    expect(stringly.isErr() && `${stringly.error.error}: ${stringly.error.message}`).toContain("main.ts:3 TS2339 Property 'toFixed' does not exist");
  });
});
