import { describe, expect, it } from 'vitest';
import type { SemanticEdit } from 'structedit';
import { editorOver as autoEditorOver, syntaxEditorOver as editorOver, expectError, expectOk, lines, spliceLines } from '../helpers.js';

type EditIn<E> = E extends SemanticEdit ? Omit<E, 'path'> : never;

/** Go, Rust and Java get the generic rules: parts, lists and in-file scope-aware rename. */
async function edited(path: string, content: string, edits: EditIn<SemanticEdit>[]): Promise<string> {
  const { editor, fs } = editorOver({ [path]: content });
  expectOk(await editor.applyEdits({ edits: edits.map((edit) => ({ ...edit, path }) as SemanticEdit) }));
  return fs.snapshot()[path] as string;
}

describe('applyEdits with the generic rules', () => {
  it('Go: add a parameter and a struct field, set a field, rename a function and a parameter (a same-named local elsewhere stays)', async () => {
    const go = lines('package main', '', 'import "fmt"', '', 'type Config struct {', '\tName string', '\tPort int', '}', '', 'func greet(name string, times int) string {', '\treturn fmt.Sprintf("hi %s", name)', '}', '', 'func main() {', '\tname := "x"', '\tfmt.Println(greet(name, 2))', '}');
    const result = await edited('main.go', go, [
      { op: 'add', address: 'func greet.params', value: 'loud bool' },
      { op: 'set', address: 'func main.body', value: 'name := "x"\nfmt.Println(greet(name, 2, false))' },
      { op: 'add', address: 'type Config', value: 'Host string' },
      { op: 'set', address: 'type Config.Port', value: 'Port int64' },
      { op: 'rename', address: 'func greet', new_name: 'welcome' },
      { op: 'rename', address: 'func welcome.params.name', new_name: 'who' },
    ]);
    expect(result).toBe(lines('package main', '', 'import "fmt"', '', 'type Config struct {', '\tName string', '\tPort int64', '\tHost string', '}', '', 'func welcome(who string, times int, loud bool) string {', '\treturn fmt.Sprintf("hi %s", who)', '}', '', 'func main() {', '\tname := "x"', '\tfmt.Println(welcome(name, 2, false))', '}'));
  });

  it('Go: a package-level rename leaves locals of the name alone (:=, range, if), reads uses before a local as the package\'s, and follows the package\'s other files', async () => {
    const a = lines(
      'package m',
      '',
      'import "io"',
      '',
      'var count = 1',
      '',
      'type Writer struct{ out io.Writer }',
      '',
      'func F() int {',
      '\tbefore := count',
      '\tcount := count + 1',
      '\tfor i, count := range []int{1} {',
      '\t\t_ = i + count',
      '\t}',
      '\tif count, ok := g(); ok {',
      '\t\treturn count',
      '\t}',
      '\treturn before + count',
      '}',
      '',
      'func g() (int, bool) { return count, true }',
    );
    const b = lines('package m', '', 'type P struct{ count int }', '', 'type Set map[int]bool', '', 'func (w *Writer) count() int { return count }', '', 'func h() ([]P, Set, map[int]int) {', '\treturn []P{{count: count}}, Set{count: true}, map[int]int{count: 1}', '}');
    const other = lines('package m_test', '', 'var count = 9');
    const { editor, fs } = editorOver({ 'm/a.go': a, 'm/b.go': b, 'm/x_test.go': other });
    expectOk(await editor.applyEdits({ edits: [{ op: 'rename', path: 'm/a.go', address: 'var count', new_name: 'total' }, { op: 'rename', path: 'm/a.go', address: 'type Writer', new_name: 'Sink' }] }));
    const after = fs.snapshot();
    expect(after['m/a.go']).toBe(a.replace('var count', 'var total').replace('before := count', 'before := total').replace('count := count + 1', 'count := total + 1').replace('return count, true', 'return total, true').replace('type Writer struct', 'type Sink struct'));
    // The other file's use is renamed, not its method of that name; `package m_test` is another package.
    // A struct literal's key is a field (`P{count: …}`); a map's key is a value (`Set{total: true}`).
    expect(after['m/b.go']).toBe(lines('package m', '', 'type P struct{ count int }', '', 'type Set map[int]bool', '', 'func (w *Sink) count() int { return total }', '', 'func h() ([]P, Set, map[int]int) {', '\treturn []P{{count: total}}, Set{total: true}, map[int]int{total: 1}', '}'));
    expect(after['m/x_test.go']).toBe(other);
  });

  it('Go: a new name taken in another file of the package is refused (declared there, or a local where a renamed use sits)', async () => {
    const files = { 'm/a.go': lines('package m', '', 'var count = 1'), 'm/b.go': lines('package m', '', 'var total = 2'), 'm/c.go': lines('package m', '', 'func G() int {', '\tsum := 3', '\treturn count + sum', '}') };
    const { editor, fs } = editorOver(files);
    expect(expectError(await editor.applyEdits({ edits: [{ op: 'rename', path: 'm/a.go', address: 'var count', new_name: 'total' }] }), 'CONFLICT').message).toContain('is already declared at m/b.go:3');
    expect(expectError(await editor.applyEdits({ edits: [{ op: 'rename', path: 'm/a.go', address: 'var count', new_name: 'sum' }] }), 'CONFLICT').message).toContain('m/c.go:4');
    // A file for other build conditions declaring the name too: which one a use takes depends on the build.
    const variants = editorOver({ 'm/a_linux.go': lines('package m', '', 'func lower() int { return 1 }'), 'm/a_windows.go': lines('package m', '', 'func lower() int { return 2 }'), 'm/b.go': lines('package m', '', 'func G() int { return lower() }') });
    expect(expectError(await variants.editor.applyEdits({ edits: [{ op: 'rename', path: 'm/a_linux.go', address: 'func lower', new_name: 'down' }] }), 'UNRESOLVED_REFERENCES').message).toContain('m/a_windows.go too');
    // Another package importing this one (under any alias) reaches it through a name whose type structedit does not follow.
    const imported = editorOver({ 'm/a.go': lines('package m', '', 'func Hello() int { return 1 }'), 'cmd/main.go': lines('package main', '', 'import p "example.com/x/m"', '', 'func main() { _ = p.Hello() }') });
    expect(expectError(await imported.editor.applyEdits({ edits: [{ op: 'rename', path: 'm/a.go', address: 'func Hello', new_name: 'Hi' }] }), 'AMBIGUOUS_REFERENCES').message).toContain('cmd/main.go:5');
    expect(fs.snapshot()).toEqual(files);
  });

  it('a parameter added that a call does not pass is refused with the call (CALLS_BROKEN), in Go as in Java', async () => {
    const go = lines('package main', '', 'func greet(name string) string {', '\treturn name', '}', '', 'func main() {', '\tgreet("x")', '}');
    const { editor, fs } = editorOver({ 'main.go': go });
    const refused = expectError(await editor.applyEdits({ edits: [{ op: 'add', path: 'main.go', address: 'func greet', value: 'loud bool' }, { op: 'rename', path: 'main.go', address: 'func greet', new_name: 'welcome' }] }), 'CALLS_BROKEN');
    expect(refused.details).toMatchObject({ name: 'welcome', parameters: '(name string, loud bool)', calls: [{ line: 8, text: 'welcome("x")', reason: 'passes no argument for loud' }] });
    expect(fs.snapshot()['main.go']).toBe(go);
  });

  // (The literal gets the new field in the same batch: alone, the field leaves it short, CALLS_BROKEN.)
  it('Rust: add a struct field, set a return type, rename a function', async () => {
    const rust = lines('pub struct Point {', '    pub x: i32,', '    pub y: i32,', '}', '', 'pub fn dist(a: &Point, b: &Point) -> i32 {', '    (a.x - b.x).abs() + (a.y - b.y).abs()', '}', '', 'fn main() {', '    let p = Point { x: 1, y: 2 };', '    println!("{}", dist(&p, &p));', '}');
    const result = await edited('lib.rs', rust, [
      { op: 'add', address: 'pub struct Point', value: 'pub z: i32' },
      { op: 'set', address: 'fn main\nlet p', value: 'let p = Point { x: 1, y: 2, z: 3 };' },
      { op: 'set', address: 'pub fn dist.returns', value: 'i64' },
      { op: 'rename', address: 'pub fn dist', new_name: 'manhattan' },
    ]);
    expect(result).toBe(lines('pub struct Point {', '    pub x: i32,', '    pub y: i32,', '    pub z: i32,', '}', '', 'pub fn manhattan(a: &Point, b: &Point) -> i64 {', '    (a.x - b.x).abs() + (a.y - b.y).abs()', '}', '', 'fn main() {', '    let p = Point { x: 1, y: 2, z: 3 };', '    println!("{}", manhattan(&p, &p));', '}'));
  });

  it("a use above a same-named local of its block is the outer declaration's: Rust's `let`, Java's local variable (a rename changed the declaration alone)", async () => {
    const rust = lines('static COUNT: usize = 1;', '', 'fn g() -> usize {', '    let c = COUNT;', '    let COUNT = c + COUNT;', '    COUNT', '}');
    expect(await edited('a.rs', rust, [{ op: 'rename', address: 'static COUNT', new_name: 'TOTAL' }])).toBe(
      lines('static TOTAL: usize = 1;', '', 'fn g() -> usize {', '    let c = TOTAL;', '    let COUNT = c + TOTAL;', '    COUNT', '}'),
    );
    const java = lines('class A {', '  int count = 1;', '  int f() {', '    int a = count;', '    int count = a + 1;', '    return count;', '  }', '}');
    expect(await edited('A.java', java, [{ op: 'rename', address: 'class A\nint count', new_name: 'total' }])).toBe(
      lines('class A {', '  int total = 1;', '  int f() {', '    int a = total;', '    int count = a + 1;', '    return count;', '  }', '}'),
    );
  });

  it("Java: a loop variable, a resource and a lambda's parameters are locals: a field's rename leaves them (and their uses) alone", async () => {
    const java = lines(
      'class A {',
      '  int count;',
      '  int f(java.util.List<Integer> xs) {',
      '    int a = count;',
      '    for (int count : xs) a += count;',
      '    java.util.function.IntBinaryOperator g = (count, b) -> count + b;',
      '    try (java.io.StringReader count = new java.io.StringReader("")) { a += count.hashCode(); } catch (Exception e) {}',
      '    return a + count;',
      '  }',
      '}',
    );
    const renamed = await edited('A.java', java, [{ op: 'rename', address: 'class A\nint count', new_name: 'total' }]);
    expect(renamed).toBe(spliceLines(spliceLines(spliceLines(java, 2, 2, '  int total;'), 4, 4, '    int a = total;'), 8, 8, '    return a + total;'));
  });

  it("Java: a field's uses through `this` in its class's body and through a name declared with the class's type are the field's; `this` in another class's body is not", async () => {
    const java = lines('class Stats {', '  private long count;', '  void combine(Stats other) {', '    this.count += other.count;', '  }', '}');
    expect(await edited('Stats.java', java, [{ op: 'rename', address: 'class Stats\nprivate long count', new_name: 'total' }])).toBe(
      lines('class Stats {', '  private long total;', '  void combine(Stats other) {', '    this.total += other.total;', '  }', '}'),
    );
    // `this` in an anonymous class's body, a receiver of another type: still candidates (and `this.n` in A's own
    // body too, where the model binds A's, the anonymous class's and B's `n` as one name).
    const anonymous = lines('class A {', '  int n;', '  Runnable r = new Runnable() { int n; public void run() { this.n++; } };', '  int f(B b) { return b.n + this.n; }', '}', 'class B { int n; }');
    const refused = expectError(await editorOver({ 'A.java': anonymous }).editor.applyEdits({ edits: [{ op: 'rename', path: 'A.java', address: 'class A\nint n', new_name: 'm' }] }), 'AMBIGUOUS_REFERENCES');
    expect(refused.details.candidates.map((candidate) => [candidate.line, candidate.receiver])).toEqual([[3, 'this'], [4, 'b'], [4, 'this']]);
  });

  it("Java: a field named as a method of its class, or as a field of another class in the file, is refused (the model reads each pair as one name)", async () => {
    const sized = lines('class E {', '  private int size;', '  public int size() { return size; }', '}');
    const nested = lines('class Outer {', '  int kind;', '  Outer() { this.kind = 1; }', '  static class Proxy {', '    private int kind;', '    Proxy(Outer o) { kind = o.kind; }', '  }', '}');
    for (const [path, text, address] of [['E.java', sized, 'class E\nprivate int size'], ['Outer.java', nested, 'class Outer\nstatic class Proxy\nprivate int kind']] as const) {
      const { editor, fs } = editorOver({ [path]: text });
      const refused = await editor.applyEdits({ edits: [{ op: 'rename', path, address, new_name: 'zz' }] });
      expect(refused.isErr()).toBe(true);
      expect(fs.snapshot()[path]).toBe(text);
    }
    const { editor } = editorOver({ 'E.java': sized });
    const error = expectError(await editor.applyEdits({ edits: [{ op: 'rename', path: 'E.java', address: 'class E\nprivate int size', new_name: 'count' }] }), 'UNRESOLVED_REFERENCES');
    expect(error.message).toContain('also names a method of the type here');
  });

  it('Java: add a first parameter, remove one, rename a method and its call', async () => {
    const java = lines('public class App {', '    private int count = 0;', '', '    public int add(int a, int b) {', '        return a + b;', '    }', '', '    public int twice(int a) {', '        return add(a, a);', '    }', '}');
    const result = await edited('App.java', java, [
      { op: 'add', address: 'public class App\npublic int add.params', value: 'int c', position: 'first' },
      { op: 'set', address: 'public class App\npublic int twice.body', value: 'return add(0, a, a);' },
      { op: 'rename', address: 'public class App\npublic int add', new_name: 'sum' },
      { op: 'rename', address: 'public class App\npublic int twice.params.a', new_name: 'n' },
    ]);
    expect(result).toBe(lines('public class App {', '    private int count = 0;', '', '    public int sum(int c, int a, int b) {', '        return a + b;', '    }', '', '    public int twice(int n) {', '        return sum(0, n, n);', '    }', '}'));
  });

  // A declaration the scope model does not bind (C's parameters and functions, Kotlin's parameters,
  // Ruby's methods outside a class) used to be renamed or removed alone, breaking its uses: now every
  // mention of its name in code is listed as unproven, and nothing is written.
  const unbound: Array<{ file: string; text: string; param: string; fn: string; use: number }> = [
    { file: 'a.c', text: lines('int f(int a, int b) {', '    return b; /* b */', '}', '', 'int g(void) {', '    return f(1, 2);', '}'), param: 'int f.params[1]', fn: 'int f', use: 6 },
    { file: 'a.cpp', text: lines('int f(int a, int b) {', '    return b;', '}', '', 'int g() {', '    return f(1, 2);', '}'), param: 'int f.params[1]', fn: 'int f', use: 6 },
    { file: 'a.kt', text: lines('fun f(a: Int, b: Int): Int {', '    return b', '}'), param: 'fun f.params[1]', fn: '', use: 0 },
    { file: 'a.rb', text: lines('def f(a, b)', '  b', 'end', '', 'def g', '  f(1, 2)', 'end'), param: 'def f.params[1]', fn: 'def f', use: 6 },
  ];
  for (const { file, text, param, fn, use } of unbound) {
    it(`${file}: a rename or remove of a declaration the scope model does not bind is refused with its mentions (UNRESOLVED_REFERENCES)`, async () => {
      const { editor, fs } = editorOver({ [file]: text });
      for (const edit of [{ op: 'rename', address: param, new_name: 'zz' }, { op: 'remove', address: param }] as const) {
        const refused = expectError(await editor.applyEdits({ edits: [{ ...edit, path: file }] }), 'UNRESOLVED_REFERENCES');
        expect(refused.details.references.map((reference) => reference.line)).toEqual([2]);
      }
      if (fn !== '') {
        const refused = expectError(await editor.applyEdits({ edits: [{ op: 'rename', path: file, address: fn, new_name: 'zz' }] }), 'UNRESOLVED_REFERENCES');
        expect(refused.details.references.map((reference) => reference.line)).toEqual([use]);
      }
      expect(fs.snapshot()[file]).toBe(text);
      const unused = param.replace('[1]', '[0]');
      if (fn === '') {
        // Unused and uncalled, the parameter goes: nothing mentions it.
        expectOk(await editor.applyEdits({ edits: [{ op: 'remove', path: file, address: unused }] }));
        return;
      }
      // Unused, it would go, but the call still passes two arguments: CALLS_BROKEN lists it.
      const broken = expectError(await editor.applyEdits({ edits: [{ op: 'remove', path: file, address: unused }] }), 'CALLS_BROKEN');
      expect(broken.details.calls.map((call) => [call.line, call.reason.split('; it may')[0]])).toEqual([[use, 'passes 2 arguments by position; it takes at most 1']]);
      expect(fs.snapshot()[file]).toBe(text);
    });
  }

  it("a method's parameter the model does not bind is the method's, not a member: a remove of a used one is refused (a Ruby method's in a class was applied)", async () => {
    const text = lines('class K', '  def ff(a, b)', '    a + b', '  end', 'end');
    const { editor, fs } = editorOver({ 'k.rb': text });
    for (const edit of [{ op: 'remove', address: 'class K\ndef ff.params[0]' }, { op: 'rename', address: 'class K\ndef ff.params[0]', new_name: 'zz' }] as const) {
      const refused = expectError(await editor.applyEdits({ edits: [{ ...edit, path: 'k.rb' }] }), 'UNRESOLVED_REFERENCES');
      expect(refused.details.references.map((reference) => reference.line)).toEqual([3]);
    }
    expect(fs.snapshot()['k.rb']).toBe(text);
  });

  it("a Kotlin parameter with a default value is found by its name: a remove of a used one is refused (it was applied: 'declares no name')", async () => {
    const text = lines('fun ff(a: Int, bb: Int = 0): Int {', '    return a + bb', '}');
    const { editor, fs } = editorOver({ 'a.kt': text });
    for (const edit of [{ op: 'remove', address: 'fun ff.params.bb' }, { op: 'rename', address: 'fun ff.params.bb', new_name: 'zz' }] as const) {
      const refused = expectError(await editor.applyEdits({ edits: [{ ...edit, path: 'a.kt' }] }), 'UNRESOLVED_REFERENCES');
      expect(refused.details.references.map((reference) => reference.line)).toEqual([2]);
    }
    expect(fs.snapshot()['a.kt']).toBe(text);
  });

  it("a statement declares no name: the identifier a `return x` returns or the method a Java `g();` calls is a use (a rename renamed it; a delete was refused for the statement's own uses)", async () => {
    const cases = [
      { path: 'a.ts', text: lines('export function f(): number {', '  const x = 1;', '  g(x);', '  return x;', '}', 'function g(n: number) {}'), statement: 'function f\ng(x)', returned: 'function f\nreturn' },
      { path: 'A.java', text: lines('class A {', '  int f() {', '    int x = 1;', '    g();', '    return x;', '  }', '  void g() {}', '}'), statement: 'class A\nint f\ng()', returned: 'class A\nint f\nreturn' },
    ];
    // (Both engines: TypeScript's backend is asked for the name's references.)
    for (const [{ path, text, statement, returned }, over] of cases.flatMap((one) => [[one, editorOver], [one, autoEditorOver]] as const)) {
      const { editor, fs } = over({ [path]: text });
      for (const address of [statement, returned]) {
        const refused = expectError(await editor.applyEdits({ edits: [{ op: 'rename', path, address, new_name: 'zz' }] }), 'INVALID_ARGUMENT');
        expect(refused.details.issues[0]!.message).toContain('declares no name');
      }
      expect(fs.snapshot()[path]).toBe(text);
      expectOk(await editor.deleteStructure({ path, target: statement }));
      expect(fs.snapshot()[path]).toBe(text.replace(/\n\s*g\(x?\);/, ''));
    }
  });

  it('refuses a parameter added (or a parameter list set) with the name of one the function has: every compiler refuses two', async () => {
    // Where the language's profile has the compiler's rule, its words (as for any edit: test/edit/duplicate-parameters.test.ts).
    const cases = [
      { path: 'a.py', text: lines('def f(x):', '    return x'), address: 'def f', value: 'x=1', reason: "duplicate argument 'x' in function definition" },
      { path: 'a.go', text: lines('package a', '', 'func f(x int) int {', '\treturn x', '}'), address: 'func f', value: 'x string', reason: 'duplicate argument x' },
      { path: 'A.java', text: lines('class A {', '  int f(int x) { return x; }', '}'), address: 'class A\nint f', value: 'long x', reason: 'variable x is already defined' },
      { path: 'a.rs', text: lines('fn f(x: i32) -> i32 {', '    x', '}'), address: 'fn f', value: 'x: u8', reason: 'identifier `x` is bound more than once in this parameter list' },
      { path: 'a.ts', text: lines('export function f(x: number): number {', '  return x;', '}'), address: 'function f', value: 'x?: string', reason: "Duplicate identifier 'x'" },
      { path: 'A.cs', text: lines('class A {', '  int F(int x) { return x; }', '}'), address: 'class A\nint F', value: 'long x', reason: null },
    ];
    for (const { path, text, address, value, reason } of cases) {
      const { editor, fs } = editorOver({ [path]: text });
      for (const edit of [{ op: 'add', path, address: `${address}.params`, value }, { op: 'set', path, address: `${address}.params`, value: `${value}, ${value}` }] as const) {
        if (reason) {
          expect(expectError(await editor.applyEdits({ edits: [edit] }), 'SYNTAX_ERROR').details.errors).toMatchObject([{ reason }]);
          continue;
        }
        // Elsewhere, the parameter list read again after the edit.
        const refused = expectError(await editor.applyEdits({ edits: [edit] }), 'INVALID_ARGUMENT');
        expect(refused.details.issues[0]!.message).toContain('two parameters named "x"');
      }
      expect(fs.snapshot()[path]).toBe(text);
    }
  });

  it("an expression standing as a statement declares no name: Rust's tail `x` and `Span { end, ..self }`, Ruby's bare call `foo`", async () => {
    const rust = lines('fn f(a: i32) -> i32 {', '    let x = a;', '    x', '}', '', 'fn g(self) -> Span {', '    Span { end: 1, ..self }', '}');
    const ruby = lines('def f', '  foo', '  bar(1)', 'end', '', 'def foo', 'end');
    for (const [path, text, address] of [['a.rs', rust, 'fn f\nx'], ['a.rs', rust, 'fn g\nSpan'], ['a.rb', ruby, 'def f\nfoo']] as const) {
      const { editor, fs } = editorOver({ [path]: text });
      const refused = expectError(await editor.applyEdits({ edits: [{ op: 'rename', path, address, new_name: 'zz' }] }), 'INVALID_ARGUMENT');
      expect(refused.details.issues[0]!.message).toContain('declares no name');
      expect(fs.snapshot()[path]).toBe(text);
    }
    const { editor, fs } = editorOver({ 'a.rb': ruby });
    expectOk(await editor.deleteStructure({ path: 'a.rb', target: 'def f\nfoo' }));
    expect(fs.snapshot()['a.rb']).toBe(ruby.replace('  foo\n', ''));
  });

  // A member the scope model binds as a plain name, or reads as a property name, used to be renamed
  // with only the uses its binding reached: `a.ff()` in another file kept the old name. Every
  // mention nothing ties to it or proves unrelated now refuses the rename and the remove.
  const members: Array<{ files: Record<string, string>; path: string; address: string; use: string }> = [
    { files: { 'A.java': lines('class A {', '    int ff() {', '        return 1;', '    }', '}'), 'B.java': lines('class B {', '    int g(A a) {', '        return a.ff();', '    }', '}') }, path: 'A.java', address: 'class A\nint ff', use: 'B.java:3' },
    { files: { 'a.go': lines('package m', '', 'type A struct{}', '', 'func (a A) Ff() int {', '\treturn 1', '}'), 'b.go': lines('package m', '', 'func g(a A) int {', '\treturn a.Ff()', '}') }, path: 'a.go', address: 'func (a A) Ff', use: 'b.go:4' },
    { files: { 'a.cpp': lines('class A {', ' public:', '  int ff() { return 1; }', '};', '', 'int g(A a) {', '  return a.ff();', '}') }, path: 'a.cpp', address: 'class A\nint ff', use: 'a.cpp:7' },
    { files: { 'a.rb': lines('class K', '  def ff(a)', '    a', '  end', '', '  def g', '    ff(1)', '  end', 'end') }, path: 'a.rb', address: 'class K\ndef ff', use: 'a.rb:7' },
    { files: { 'a.scala': lines('object A {', '  def ff(a: Int): Int = a', '}', '', 'object B {', '  def g(): Int = A.ff(2)', '}') }, path: 'a.scala', address: 'object A\ndef ff', use: 'a.scala:6' },
  ];
  for (const { files, path, address, use } of members) {
    it(`${path}: a member used through a receiver the model does not follow is neither renamed nor removed without that use`, async () => {
      const { editor, fs } = editorOver(files);
      for (const edit of [{ op: 'rename', path, address, new_name: 'zz' }, { op: 'remove', path, address }] as const) {
        const result = await editor.applyEdits({ edits: [edit] });
        const refused = result.isErr() ? result.error : null;
        expect(refused?.error).toMatch(/^(UNRESOLVED|AMBIGUOUS)_REFERENCES$/);
        const places = refused?.error === 'UNRESOLVED_REFERENCES' ? refused.details.references : refused?.error === 'AMBIGUOUS_REFERENCES' ? refused.details.candidates : [];
        expect(places.map((place) => `${place.file}:${place.line}`)).toContain(use);
      }
      expect(fs.snapshot()).toEqual(files);
    });
  }

  // Files of these languages reach each other's top-level names without imports structedit follows
  // (a Java package, PHP's and Lua's globals): a use in another file used to be left with the old
  // name, or the declaration removed while used there. (A Go package's files share one scope: below.)
  const shared: Array<{ files: Record<string, string>; path: string; address: string; use: string }> = [
    { files: { 'A.java': lines('class Aa {', '    static int f() {', '        return 1;', '    }', '}'), 'B.java': lines('class B {', '    int g() {', '        return Aa.f();', '    }', '}') }, path: 'A.java', address: 'class Aa', use: 'B.java:3' },
    { files: { 'a.php': lines('<?php', 'function ff() {', '    return 1;', '}'), 'b.php': lines('<?php', 'require "a.php";', 'function g() {', '    return ff();', '}') }, path: 'a.php', address: 'function ff', use: 'b.php:4' },
    { files: { 'a.lua': lines('function ff()', '  return 1', 'end'), 'b.lua': lines('require("a")', 'return ff()') }, path: 'a.lua', address: 'function ff', use: 'b.lua:2' },
  ];
  for (const { files, path, address, use } of shared) {
    it(`${path}: a top-level declaration used from another file without an import is neither renamed nor removed without that use`, async () => {
      const { editor, fs } = editorOver(files);
      for (const edit of [{ op: 'rename', path, address, new_name: 'zz' }, { op: 'remove', path, address }] as const) {
        const refused = expectError(await editor.applyEdits({ edits: [edit] }), 'UNRESOLVED_REFERENCES');
        expect(refused.details.references.map((place) => `${place.file}:${place.line}`)).toContain(use);
      }
      expect(fs.snapshot()).toEqual(files);
    });
  }

  it('a.go: a top-level declaration used from another file of its package is renamed there, and not removed while used there', async () => {
    const files = { 'a.go': lines('package m', '', 'func ff() int {', '\treturn 1', '}'), 'b.go': lines('package m', '', 'func g() int {', '\treturn ff()', '}') };
    const { editor, fs } = editorOver(files);
    const refused = expectError(await editor.applyEdits({ edits: [{ op: 'remove', path: 'a.go', address: 'func ff' }] }), 'REFERENCES_EXIST');
    expect(refused.details.references.map((place) => `${place.file}:${place.line}`)).toEqual(['b.go:4']);
    expect(fs.snapshot()).toEqual(files);
    expectOk(await editor.applyEdits({ edits: [{ op: 'rename', path: 'a.go', address: 'func ff', new_name: 'zz' }] }));
    expect(fs.snapshot()).toEqual({ 'a.go': files['a.go'].replace('ff', 'zz'), 'b.go': files['b.go'].replace('ff', 'zz') });
  });

  it('a move to another file in a language without a module system is refused while the name is used (the text used to move alone)', async () => {
    const files = { 'a.c': lines('int ff(void) {', '    return 1;', '}', '', 'int unused(void) {', '    return 2;', '}', '', 'int g(void) {', '    return ff();', '}') };
    const { editor, fs } = editorOver(files);
    const refused = expectError(await editor.applyEdits({ edits: [{ op: 'move', path: 'a.c', address: 'int ff', to: 'b.c' }] }), 'UNRESOLVED_REFERENCES');
    expect(refused.details.references.map((place) => `${place.file}:${place.line}`)).toEqual(['a.c:10']);
    expect(fs.snapshot()).toEqual(files);
    expectOk(await editor.applyEdits({ edits: [{ op: 'move', path: 'a.c', address: 'int unused', to: 'b.c' }] }));
    expect(fs.snapshot()['b.c']).toBe(lines('int unused(void) {', '    return 2;', '}'));
  });

  it('a set that drops a declared name still used is refused (REFERENCES_EXIST); with force, or keeping the name, it goes', async () => {
    const go = lines('package m', '', 'func ff(a int) int {', '\treturn a', '}', '', 'func g() int {', '\treturn ff(1)', '}');
    const { editor, fs } = editorOver({ 'a.go': go });
    for (const edit of [
      { op: 'set', path: 'a.go', address: 'func ff.name', value: 'zz' },
      { op: 'set', path: 'a.go', address: 'func ff.params[0]', value: 'b int' },
    ] as const) {
      const refused = expectError(await editor.applyEdits({ edits: [edit] }), 'REFERENCES_EXIST');
      expect(refused.message).toContain('rename changes a name with its references');
    }
    expect(fs.snapshot()['a.go']).toBe(go);
    expectOk(await editor.applyEdits({ edits: [{ op: 'set', path: 'a.go', address: 'func ff.params[0]', value: 'a int64' }] }));
    expectOk(await editor.applyEdits({ edits: [{ op: 'set', path: 'a.go', address: 'func ff.name', value: 'zz', force: true }] }));
    expect(fs.snapshot()['a.go']).toBe(lines('package m', '', 'func zz(a int64) int {', '\treturn a', '}', '', 'func g() int {', '\treturn ff(1)', '}'));
  });

  it('a move that creates its destination starts it as the source starts: PHP\'s <?php, a package clause (it started with the moved code alone)', async () => {
    const cases = [
      { path: 'a.php', text: lines('<?php', '', 'function ff() {', '    return 1;', '}'), address: 'function ff', to: 'b.php', expected: lines('<?php', '', 'function ff() {', '    return 1;', '}') },
      { path: 'a.go', text: lines('package m', '', 'func ff() int {', '\treturn 1', '}'), address: 'func ff', to: 'b.go', expected: lines('package m', '', 'func ff() int {', '\treturn 1', '}') },
      { path: 'A.java', text: lines('package p;', '', 'class Ff {', '}', '', 'class G {', '}'), address: 'class Ff', to: 'Ff.java', expected: lines('package p;', '', 'class Ff {', '}') },
    ];
    for (const { path, text, address, to, expected } of cases) {
      const { editor, fs } = editorOver({ [path]: text });
      expectOk(await editor.applyEdits({ edits: [{ op: 'move', path, address, to }] }));
      expect(fs.snapshot()[to]).toBe(expected);
    }
  });
});
