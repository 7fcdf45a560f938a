import type { Result, ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type Editor, type StructeditError } from '../../src/index.js';

// A text edit of a structure (replaceStructure, replaceTextInStructure, chunks) that changes a
// function's parameters must leave every call of it fitting, and a deleteStructure must leave no
// use of what it deletes, as a semantic batch must: a required parameter written into `def ff(a)`
// used to be written while every caller went on passing one argument, and a called function was
// deleted. Each case: the files, the edit, and what comes back: written (the file as expected), or
// each call CALLS_BROKEN lists as `file:line: reason` with every file byte-identical.

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const files = {
  'a.py': lines('def ff(a):', '    return a', '', '', 'def gg():', '    return ff(1)'),
  'b.py': lines('from a import ff', 'print(ff(2))'),
};

type Case = {
  name: string;
  files: Record<string, string>;
  edit: (editor: Editor) => ResultAsync<unknown, StructeditError>;
  expected: { written: Record<string, string> } | { refused: string[] };
};

const narrowedPy = 'def ff(a, b):\n    return a + b';

const cases: Case[] = [
  {
    name: 'replaceStructure: a required parameter added, calls in two files',
    files,
    edit: (editor) => editor.replaceStructure({ path: 'a.py', target: 'def ff', content: narrowedPy }),
    expected: { refused: ['a.py:6: passes no argument for b', 'b.py:2: passes no argument for b'] },
  },
  {
    name: 'replaceStructure: an optional one added',
    files,
    edit: (editor) => editor.replaceStructure({ path: 'a.py', target: 'def ff', content: 'def ff(a, b=0):\n    return a + b' }),
    expected: { written: { 'a.py': files['a.py'].replace('def ff(a):\n    return a\n', 'def ff(a, b=0):\n    return a + b\n') } },
  },
  {
    name: 'replaceStructure: the body only',
    files,
    edit: (editor) => editor.replaceStructure({ path: 'a.py', target: 'def ff', content: 'def ff(a):\n    return a * 2' }),
    expected: { written: { 'a.py': files['a.py'].replace('return a\n', 'return a * 2\n') } },
  },
  {
    name: 'replaceStructure with force: true writes it anyway',
    files,
    edit: (editor) => editor.replaceStructure({ path: 'a.py', target: 'def ff', content: narrowedPy, force: true }),
    expected: { written: { 'a.py': files['a.py'].replace('def ff(a):\n    return a\n', `${narrowedPy}\n`), 'b.py': files['b.py'] } },
  },
  {
    name: 'replaceStructure of the whole file: its own call changed, the other file not',
    files,
    edit: (editor) => editor.replaceStructure({ path: 'a.py', target: '', content: lines('def ff(a, b):', '    return a', '', '', 'def gg():', '    return ff(1, 2)') }),
    expected: { refused: ['b.py:2: passes no argument for b'] },
  },
  {
    name: 'replaceTextInStructure: the parameter list rewritten',
    files,
    edit: (editor) => editor.replaceTextInStructure({ path: 'a.py', target: 'def ff', old_text: '(a)', new_text: '(a, b)' }),
    expected: { refused: ['a.py:6: passes no argument for b', 'b.py:2: passes no argument for b'] },
  },
  {
    name: 'replaceAllTextInStructure: a parameter a call passes by name, renamed',
    files: { 'k.py': lines('def ff(a, bb=0):', '    return a + bb', '', '', 'x = ff(1, bb=2)') },
    edit: (editor) => editor.replaceAllTextInStructure({ path: 'k.py', target: 'def ff', old_text: 'bb', new_text: 'zz' }),
    expected: { refused: ['k.py:5: passes bb by name; it takes no parameter of that name'] },
  },
  {
    name: 'applyChunks: a chunk that changes the signature line',
    files,
    edit: (editor) => editor.applyChunks({ path: 'a.py', target: 'def ff', chunks: [{ context_before: [], old_lines: ['def ff(a):'], new_lines: ['def ff(a, b):'], context_after: ['    return a'] }] }),
    expected: { refused: ['a.py:6: passes no argument for b', 'b.py:2: passes no argument for b'] },
  },
  {
    name: 'a method: `self` renamed is not a change its calls see',
    files: { 'k.py': lines('class K:', '    def ff(self, a):', '        return a', '', '', 'K().ff(1)') },
    edit: (editor) => editor.replaceAllTextInStructure({ path: 'k.py', target: 'class K\ndef ff', old_text: 'self', new_text: 'me' }),
    expected: { written: { 'k.py': lines('class K:', '    def ff(me, a):', '        return a', '', '', 'K().ff(1)') } },
  },
  {
    name: 'Go: a parameter removed that a call still passes',
    files: { 'a.go': lines('package a', '', 'func Ff(a int, b int) int {', '\treturn a', '}', '', 'func Gg() int {', '\treturn Ff(1, 2)', '}') },
    edit: (editor) => editor.replaceTextInStructure({ path: 'a.go', target: 'func Ff', old_text: 'a int, b int', new_text: 'a int' }),
    expected: { refused: ['a.go:8: passes 2 arguments by position; it takes at most 1'] },
  },
  {
    name: 'Java: a constructor given a parameter its constructions do not pass',
    files: { 'A.java': lines('class A {', '    A(int a) {}', '    static A make() { return new A(1); }', '}') },
    edit: (editor) => editor.replaceTextInStructure({ path: 'A.java', target: 'class A\nA(int a)', old_text: 'int a', new_text: 'int a, int b' }),
    expected: { refused: ['A.java:3: passes no argument for b'] },
  },
  {
    name: "Kotlin: a class's header given a parameter its constructions in another file do not pass",
    files: { 'src/A.kt': lines('class A(val a: Int) {', '    fun twice(): Int = a * 2', '}'), 'src/B.kt': lines('fun main() {', '    println(A(1).twice())', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'src/A.kt', target: 'class A', content: lines('class A(val a: Int, val b: Int) {', '    fun twice(): Int = a * 2', '}').trimEnd() }),
    expected: { refused: ['src/B.kt:2: passes no argument for b'] },
  },
  {
    name: "Kotlin: a class's body changed, its header not",
    files: { 'src/A.kt': lines('class A(val a: Int) {', '    fun twice(): Int = a * 2', '}'), 'src/B.kt': lines('fun main() {', '    println(A(1).twice())', '}') },
    edit: (editor) => editor.replaceTextInStructure({ path: 'src/A.kt', target: 'class A', old_text: 'a * 2', new_text: 'a + a' }),
    expected: { written: { 'src/A.kt': lines('class A(val a: Int) {', '    fun twice(): Int = a + a', '}') } },
  },
  {
    name: 'deleteStructure: a dataclass field its constructions pass by name',
    files: { 'p.py': lines('from dataclasses import dataclass', '', '', '@dataclass', 'class P:', '    x: int', '    y: int = 0', '', '', 'p = P(1, y=2)') },
    edit: (editor) => editor.deleteStructure({ path: 'p.py', target: 'class P\ny' }),
    expected: { refused: ['p.py:9: passes y by name; it takes no parameter of that name'] },
  },
  {
    name: 'insertAfterStructure: a required field into a dataclass',
    files: { 'p.py': lines('from dataclasses import dataclass', '', '', '@dataclass', 'class P:', '    x: int', '', '', 'p = P(1)') },
    edit: (editor) => editor.insertAfterStructure({ path: 'p.py', target: 'class P\nx', content: 'y: int' }),
    expected: { refused: ['p.py:10: passes no argument for y'] },
  },
  {
    name: 'replaceStructure: a Rust struct given a field its literal in another file leaves out',
    files: { 'src/p.rs': lines('pub struct P {', '    pub x: i32,', '}'), 'src/main.rs': lines('mod p;', '', 'fn main() {', '    let q = p::P { x: 1 };', '    println!("{}", q.x);', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'src/p.rs', target: 'pub struct P', content: lines('pub struct P {', '    pub x: i32,', '    pub y: i32,', '}').trimEnd() }),
    expected: { refused: ['src/main.rs:4: leaves out the field y'] },
  },
  {
    name: 'Scala: a class parameter written into the header',
    files: { 'a.scala': lines('class A(a: Int)', 'object M {', '  val x = new A(1)', '}') },
    edit: (editor) => editor.replaceTextInStructure({ path: 'a.scala', target: 'class A', old_text: 'a: Int', new_text: 'a: Int, b: Int' }),
    expected: { refused: ['a.scala:3: passes no argument for b'] },
  },
];

describe('a text edit that changes a function’s parameters still fits every call (CALLS_BROKEN)', () => {
  for (const { name, files: before, edit, expected } of cases) {
    it(name, async () => {
      const fs = memoryFs(before);
      const result = await edit(createEditor({ fs, semantic: 'syntax' }));
      if ('written' in expected) {
        expect(result.isOk() ? 'ok' : `${result.error.error}: ${result.error.message}`).toBe('ok');
        expect(fs.snapshot()).toEqual({ ...before, ...expected.written });
        return;
      }
      expect(result.isErr() && result.error.error).toBe('CALLS_BROKEN');
      if (result.isOk() || result.error.error !== 'CALLS_BROKEN') return;
      const error = result.error;
      expect(error.details.calls.map((call) => `${call.file}:${call.line}: ${call.reason.split('; it may be a use')[0]}`)).toEqual(expected.refused);
      expect(error.message).toMatch(/force: true/);
      expect(fs.snapshot()).toEqual(before);
    });
  }

  it('a dry run is refused as the write would be', async () => {
    const fs = memoryFs(files);
    const result = await createEditor({ fs, semantic: 'syntax' }).replaceStructure({ path: 'a.py', target: 'def ff', content: narrowedPy, dry_run: true });
    expect(result.isErr() && result.error.error).toBe('CALLS_BROKEN');
  });

  it('an edit that breaks the syntax is refused (SYNTAX_ERROR); where the editor only warns, it is not checked (its parameters cannot be read): SYNTAX_BROKEN says so', async () => {
    const edit = { path: 'a.py', target: 'def ff', content: 'def ff(a, b:\n    return a' };
    const refused = await createEditor({ fs: memoryFs(files), semantic: 'syntax' }).replaceStructure(edit);
    expect(refused.isErr() && refused.error.error).toBe('SYNTAX_ERROR');
    const result = await createEditor({ fs: memoryFs(files), semantic: 'syntax', syntax: 'warn' }).replaceStructure(edit);
    expect(result.isOk() && result.value.warnings.map((warning) => warning.type)).toEqual(['SYNTAX_BROKEN']);
  });

  it('where a type checker answers for the language, it checks the program instead (TYPE_ERRORS_ADDED)', async () => {
    const ts = { 'a.ts': lines('export function ff(a: number): number {', '  return a;', '}'), 'b.ts': lines("import { ff } from './a';", 'export const x = ff(2);') };
    const fs = memoryFs(ts);
    const editor = createEditor({ fs, semantic: { typescript: 'auto' } });
    const refused = await editor.replaceTextInStructure({ path: 'a.ts', target: 'export function ff', old_text: 'a: number', new_text: 'a: number, b: number' });
    expect(refused.isErr() && refused.error.error).toBe('TYPE_ERRORS_ADDED');
    expect(refused.isErr() && refused.error.message).toMatch(/b\.ts:2 .*force: true/);
    expect(fs.snapshot()).toEqual(ts);
    const fitting = await editor.replaceTextInStructure({ path: 'a.ts', target: 'export function ff', old_text: 'a: number', new_text: 'a: number, b = 0' });
    expect(fitting.isOk()).toBe(true);
    await editor.dispose();
  });
});

/** A REFERENCES_EXIST refusal listing the uses as `file:line`, and saying to send the `op` again with force. */
function expectReferencesExist(result: Result<unknown, StructeditError>, expected: readonly string[], op: 'delete' | 'edit'): void {
  expect(result.isErr() && result.error.error).toBe('REFERENCES_EXIST');
  if (result.isOk() || result.error.error !== 'REFERENCES_EXIST') return;
  expect(result.error.details.references.map((reference) => `${reference.file}:${reference.line}`)).toEqual(expected);
  expect(result.error.message).toMatch(new RegExp(`send the ${op} again with force: true`));
}

describe('deleteStructure leaves no use of what it deletes (REFERENCES_EXIST)', () => {
  const deletes: Array<{ name: string; files: Record<string, string>; path: string; target: string; expected: string[] | 'written' }> = [
    { name: 'a function called here and in another file', files, path: 'a.py', target: 'def ff', expected: ['a.py:6', 'b.py:1', 'b.py:2'] },
    { name: 'a function no one calls', files: { ...files, 'a.py': `${files['a.py']}\n\ndef unused():\n    return 0\n` }, path: 'a.py', target: 'def unused', expected: 'written' },
    { name: 'an import still used', files, path: 'b.py', target: 'from a import ff', expected: ['b.py:2'] },
    { name: 'a statement that declares nothing', files, path: 'b.py', target: 'print', expected: 'written' },
    { name: 'a method called through self', files: { 'k.py': lines('class K:', '    def m(self):', '        return 1', '', '    def n(self):', '        return self.m()') }, path: 'k.py', target: 'class K\ndef m', expected: ['k.py:6'] },
    { name: 'a Go type used in a signature', files: { 'a.go': lines('package a', '', 'type Point struct{ X int }', '', 'func Origin() Point {', '\treturn Point{}', '}') }, path: 'a.go', target: 'type Point', expected: ['a.go:5', 'a.go:6'] },
  ];
  for (const { name, files: before, path, target, expected } of deletes) {
    it(name, async () => {
      const fs = memoryFs(before);
      const editor = createEditor({ fs, semantic: 'syntax' });
      const result = await editor.deleteStructure({ path, target });
      if (expected === 'written') {
        expect(result.isOk() ? 'ok' : result.error.message).toBe('ok');
        expect(fs.snapshot()[path]).not.toBe(before[path]);
        return;
      }
      expectReferencesExist(result, expected, 'delete');
      expect(fs.snapshot()).toEqual(before);
      // force: true deletes it anyway.
      expect((await editor.deleteStructure({ path, target, force: true })).isOk()).toBe(true);
      expect(fs.snapshot()[path]).not.toBe(before[path]);
    });
  }
});

describe('REFERENCES_EXIST names what is used', () => {
  it('the function, not its parameters (they are declared in the deleted text too, and used only there)', async () => {
    const result = await createEditor({ fs: memoryFs(files), semantic: 'syntax' }).deleteStructure({ path: 'a.py', target: 'def ff' });
    expect(result.isErr() && result.error.error === 'REFERENCES_EXIST' && result.error.details.name).toBe('ff');
    expect(result.isErr() && result.error.message).toMatch(/^"ff" is still referenced in 3 places/);
  });
});

describe('a replace that no longer declares a name still used elsewhere is refused (REFERENCES_EXIST)', () => {
  const module = {
    'a.py': lines('class K:', '    def m(self):', '        return 1', '', '    def n(self):', '        return 2', '', '', 'def ff(a):', '    return a', '', '', 'def gg():', '    return ff(1)'),
    'b.py': lines('from a import ff, K', 'print(ff(2), K().n())'),
  };
  const cases: Array<{ name: string; edit: (editor: Editor) => ResultAsync<unknown, StructeditError>; expected: string[] | 'written' }> = [
    { name: 'a function renamed by its new text', edit: (editor) => editor.replaceStructure({ path: 'a.py', target: 'def ff', content: 'def hh(a):\n    return a' }), expected: ['a.py:14', 'b.py:1', 'b.py:2'] },
    { name: 'a class rewritten without a method used elsewhere', edit: (editor) => editor.replaceStructure({ path: 'a.py', target: 'class K', content: 'class K:\n    def m(self):\n        return 1' }), expected: ['b.py:2'] },
    { name: 'a class rewritten without a method no one uses', edit: (editor) => editor.replaceStructure({ path: 'a.py', target: 'class K', content: 'class K:\n    def n(self):\n        return 2' }), expected: 'written' },
    { name: 'a chunk that drops a function', edit: (editor) => editor.applyChunks({ path: 'a.py', target: '', chunks: [{ context_before: ['', ''], old_lines: ['def ff(a):', '    return a', '', ''], new_lines: [], context_after: ['def gg():'] }] }), expected: ['a.py:14', 'b.py:1', 'b.py:2'] },
    { name: 'a whole file rewritten with the name changed at every use in it', edit: (editor) => editor.replaceStructure({ path: 'b.py', target: '', content: lines('from a import ff as f2, K', 'print(f2(2), K().n())') }), expected: 'written' },
    { name: 'with force: true, written anyway', edit: (editor) => editor.replaceStructure({ path: 'a.py', target: 'def ff', content: 'def hh(a):\n    return a', force: true }), expected: 'written' },
  ];
  for (const { name, edit, expected } of cases) {
    it(name, async () => {
      const fs = memoryFs(module);
      const result = await edit(createEditor({ fs, semantic: 'syntax' }));
      if (expected === 'written') {
        expect(result.isOk() ? 'ok' : `${result.error.error}: ${result.error.message}`).toBe('ok');
        expect(fs.snapshot()).not.toEqual(module);
        return;
      }
      expectReferencesExist(result, expected, 'edit');
      expect(fs.snapshot()).toEqual(module);
    });
  }
});

describe('a refused edit frees what its check parsed', () => {
  it('the syntax trees of a text edit’s check are deleted when it refuses (REFERENCES_EXIST), not left in WASM memory', async () => {
    const { Parser, Tree } = await import('web-tree-sitter');
    let live = 0;
    const { parse } = Parser.prototype;
    const { copy, delete: remove } = Tree.prototype;
    Parser.prototype.parse = function (this: InstanceType<typeof Parser>, ...args: Parameters<typeof parse>) {
      live++;
      return parse.apply(this, args);
    };
    Tree.prototype.copy = function (this: InstanceType<typeof Tree>) {
      live++;
      return copy.call(this);
    };
    Tree.prototype.delete = function (this: InstanceType<typeof Tree>) {
      live--;
      remove.call(this);
    };
    try {
      const editor = createEditor({ fs: memoryFs({ 'a.py': lines('def helper():', '    return 1', '', '', 'def main():', '    return helper()') }), semantic: 'syntax' });
      const counts: number[] = [];
      for (let i = 0; i < 4; i++) {
        const refused = await editor.replaceStructure({ path: 'a.py', target: 'def helper', content: 'def helper2():\n    return 1' });
        expect(refused.isErr() && refused.error.error).toBe('REFERENCES_EXIST');
        counts.push(live);
      }
      // The parse cache holds the same versions after each: nothing more stays alive.
      expect(new Set(counts).size, `live trees after each refusal: ${counts.join(', ')}`).toBe(1);
    } finally {
      Parser.prototype.parse = parse;
      Tree.prototype.copy = copy;
      Tree.prototype.delete = remove;
    }
  });
});
