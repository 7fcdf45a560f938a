import { describe, expect, it } from 'vitest';
import { editorOver, expectFigures, lines } from '../helpers.js';

/**
 * Two parameters of one name: every grammar parses it, every compiler here refuses it (but in a
 * JavaScript script's plain function, and for the names a language lets repeat: Go's and Rust's `_`,
 * Ruby's `_x`; not Lua, which takes the later). Whatever writes it (a text edit, a replace), the edit check refuses it with the
 * compiler's words; the oracle is test/oracles/compiler-rules.corpus.test.ts.
 */
const refused = [
  { path: 'a.py', text: lines('def f(a, b):', '    return a + b'), old: 'a, b', new: 'a, a', reason: "duplicate argument 'a' in function definition" },
  { path: 'a.py', text: lines('g = lambda a, b: a'), old: 'a, b', new: 'a, *a', reason: "duplicate argument 'a' in function definition" },
  { path: 'a.py', text: lines('def f(a, *, b: int = 1):', '    return a'), old: 'b: int', new: 'a: int', reason: "duplicate argument 'a' in function definition" },
  { path: 'a.ts', text: lines('export function f(a: number, b: number): number {', '  return a;', '}'), old: 'b: number)', new: 'a: string)', reason: "Duplicate identifier 'a'" },
  { path: 'a.js', text: lines('export function f(a, b) {', '  return a;', '}'), old: 'a, b', new: 'a, a', reason: 'Duplicate parameter name not allowed in this context' },
  { path: 'a.js', text: lines('function f(a, b = 1) {', '  return a;', '}'), old: 'a, b', new: 'a, a', reason: 'Duplicate parameter name not allowed in this context' },
  { path: 'a.js', text: lines('const f = (a, b) => a;'), old: 'a, b', new: 'a, a', reason: 'Duplicate parameter name not allowed in this context' },
  { path: 'a.js', text: lines('const o = {', '  m(a, b) {', '    return a;', '  },', '};'), old: 'a, b', new: 'a, a', reason: 'Duplicate parameter name not allowed in this context' },
  { path: 'a.js', text: lines("'use strict';", 'function f(a, b) {', '  return a;', '}'), old: 'a, b', new: 'a, a', reason: 'Duplicate parameter name not allowed in this context' },
  { path: 'a.go', text: lines('package a', '', 'func f(a int, b int) int {', '\treturn a + b', '}'), old: 'b int)', new: 'a int)', reason: 'duplicate argument a' },
  { path: 'a.go', text: lines('package a', '', 'func f(a int) (b int) {', '\treturn a', '}'), old: '(b int)', new: '(a int)', reason: 'duplicate argument a' },
  { path: 'a.go', text: lines('package a', '', 'type M interface {', '\tF(a int, b string) error', '}'), old: 'b string', new: 'a string', reason: 'duplicate argument a' },
  // (The span the rules look at starting between two declarations: a cursor's jump to it found no child there.)
  {
    path: 'a.go',
    text: lines('package a', '', 'import "go/types"', '', 'type TypeList struct{}', '', 'type TypeParam struct{}', '', 'func unsupported() {}', '', 'func (*TypeList) At(int) types.Type { unsupported(); return nil }', '', '// NewTypeParam is unsupported at this Go version, and panics.', 'func NewTypeParam(name *types.TypeName, constraint types.Type) *TypeParam {', '\tunsupported()', '\treturn nil', '}'),
    old: 'constraint types.Type',
    new: 'name types.Type',
    reason: 'duplicate argument name',
  },
  { path: 'a.rs', text: lines('fn f(a: u8, b: u8) -> u8 {', '    a', '}'), old: 'b: u8)', new: 'mut a: u8)', reason: 'identifier `a` is bound more than once in this parameter list' },
  { path: 'a.c', text: lines('int f(int a, char *b) {', '  return a;', '}'), old: 'char *b', new: 'char *a', reason: "redefinition of parameter 'a'" },
  { path: 'a.cpp', text: lines('auto g = [](int a, int &b) { return a; };'), old: 'int &b', new: 'int &a', reason: "redefinition of parameter 'a'" },
  { path: 'a.rb', text: lines('def f(a, b = 1)', '  a', 'end'), old: 'b = 1', new: 'a = 1', reason: 'duplicated argument name' },
  { path: 'a.rb', text: lines('[1].each { |x, (y, z)| x }'), old: 'z)', new: 'x)', reason: 'duplicated argument name' },
  { path: 'A.java', text: lines('class A {', '  int f(int a, int b) { return a; }', '}'), old: 'int b)', new: 'long a)', reason: 'variable a is already defined' },
];

const applied = [
  // A script's plain function with plain parameters may repeat one (the later wins).
  { path: 'a.js', text: lines('function f(a, b) {', '  return a;', '}'), old: 'a, b', new: 'a, a' },
  { path: 'a.go', text: lines('package a', '', 'func f(a int, b int) int {', '\treturn a', '}'), old: 'a int, b int', new: '_ int, _ int' },
  { path: 'a.rs', text: lines('fn f(a: u8, b: u8) -> u8 {', '    0', '}'), old: 'a: u8, b: u8', new: '_: u8, _: u8' },
  { path: 'a.py', text: lines('def f(a, b):', '    return a'), old: 'a, b', new: 'a, c' },
  { path: 'a.rb', text: lines('def f(_a, b)', '  b', 'end'), old: '_a, b', new: '_a, _a' },
  { path: 'a.c', text: lines('int f(int a, char *b);'), old: 'int a, char *b', new: 'int, char *' },
];

describe('a parameter named as another of its function', () => {
  it("is refused from a text edit with the compiler's reason, in Python, TypeScript, JavaScript, Go, Rust, Java, C, C++ and Ruby", async () => {
    for (const { path, text, old, new: replacement, reason } of refused) {
      const { editor, fs } = editorOver({ [path]: text });
      const result = await editor.editFile({ path, edits: [{ old_text: old, new_text: replacement }] });
      expect(result._unsafeUnwrapErr(), `${path}: ${replacement}`).toMatchObject({ error: 'SYNTAX_ERROR', details: { errors: [{ reason }] } });
      expect(fs.snapshot()[path]).toBe(text);
    }
  });

  it('is refused from a replaceStructure too', async () => {
    const text = lines('def f(a, b):', '    return a + b', '', '', 'def g():', '    pass');
    const { editor, fs } = editorOver({ 'a.py': text });
    const result = await editor.replaceStructure({ path: 'a.py', target: 'def f', content: 'def f(a, a):\n    return a' });
    expect(result._unsafeUnwrapErr()).toMatchObject({ error: 'SYNTAX_ERROR', details: { errors: [{ reason: "duplicate argument 'a' in function definition" }] } });
    expect(fs.snapshot()['a.py']).toBe(text);
  });

  it('is not refused where the language lets a name repeat, or for names that differ', async () => {
    for (const { path, text, old, new: replacement } of applied) {
      const { editor, fs } = editorOver({ [path]: text });
      expectFigures(await editor.editFile({ path, edits: [{ old_text: old, new_text: replacement }] }));
      expect(fs.snapshot()[path]).toBe(text.replace(old, replacement));
    }
  });
});
