import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { expectOk } from '../helpers.js';

/**
 * Issue 21: `.params` and `.body` outside the tuned languages. Java methods with an annotation and
 * C# methods with an attribute had neither (the header starts inside the node holding the
 * annotation); Kotlin keeps them in unnamed children; Ruby's `def` is a `method`.
 */
const cases = [
  { file: 'A.java', source: 'class A {\n    @Override\n    public String g(int a) { return ""; }\n}\n', target: 'class A\npublic String g', param: 'int b', body: 'return "b";', expected: 'class A {\n    @Override\n    public String g(int a, int b) { return "b"; }\n}\n' },
  { file: 'A.cs', source: 'class A {\n    [Obsolete]\n    public void M(int a) { }\n}\n', target: 'class A\npublic void M', param: 'int b', body: 'return;', expected: 'class A {\n    [Obsolete]\n    public void M(int a, int b) { return; }\n}\n' },
  { file: 'a.kt', source: 'class A {\n    fun g(a: Int): Int {\n        return a\n    }\n}\n', target: 'class A\nfun g', param: 'b: Int', body: 'return a + b', expected: 'class A {\n    fun g(a: Int, b: Int): Int {\n        return a + b\n    }\n}\n' },
  { file: 'a.rb', source: 'class A\n  def g(a)\n    a\n  end\nend\n', target: 'class A\ndef g', param: 'b', body: 'a + b', expected: 'class A\n  def g(a, b)\n    a + b\n  end\nend\n' },
];

describe('parameters and bodies in Java, C#, Kotlin and Ruby', () => {
  for (const { file, source, target, param, body, expected } of cases) {
    it(`${file}: add a parameter, set the body, remove the parameter again`, async () => {
      const fs = memoryFs({ [file]: source });
      const editor = createEditor({ fs, semantic: 'syntax' });
      expectOk(await editor.applyEdits({ edits: [{ op: 'add', path: file, address: `${target}.params`, value: param }, { op: 'set', path: file, address: `${target}.body`, value: body }] }));
      expect(fs.snapshot()[file]).toBe(expected);
      expectOk(await editor.applyEdits({ edits: [{ op: 'remove', path: file, address: `${target}.params[1]`, force: true }] }));
      expect(fs.snapshot()[file]).toBe(expected.replace(`, ${param}`, ''));
    });
  }
});

describe('a Ruby method written without parentheses', () => {
  it('gets them when a parameter is added (instance and singleton methods), and loses them with its last parameter', async () => {
    const source = 'class A\n  def g\n    1\n  end\n\n  def self.h\n    2\n  end\nend\n';
    const fs = memoryFs({ 'a.rb': source });
    const editor = createEditor({ fs, semantic: 'syntax' });
    expectOk(await editor.applyEdits({ edits: [{ op: 'add', path: 'a.rb', address: 'class A\ndef g.params', value: 'b = nil' }, { op: 'add', path: 'a.rb', address: 'class A\ndef self.h.params', value: 'c' }] }));
    expect(fs.snapshot()['a.rb']).toBe('class A\n  def g(b = nil)\n    1\n  end\n\n  def self.h(c)\n    2\n  end\nend\n');
    expectOk(await editor.applyEdits({ edits: [{ op: 'remove', path: 'a.rb', address: 'class A\ndef g.params[0]', force: true }] }));
    expect(fs.snapshot()['a.rb']).toBe('class A\n  def g\n    1\n  end\n\n  def self.h(c)\n    2\n  end\nend\n');
  });

  it('Bash functions still have no parameter list to add to', async () => {
    const editor = createEditor({ fs: memoryFs({ 'a.sh': 'f() {\n  echo 1\n}\n' }), semantic: 'syntax' });
    const result = await editor.applyEdits({ edits: [{ op: 'add', path: 'a.sh', address: 'f.params', value: 'x' }] });
    expect(result.isErr() && result.error.error).toBe('PART_NOT_FOUND');
  });
});

describe('a parameter added where a variadic one must stay last', () => {
  const cases = [
    { file: 'a.go', source: 'package a\n\nfunc f(a int, b ...int) {\n}\n', address: 'func f.params', value: 'c string', expected: 'package a\n\nfunc f(a int, c string, b ...int) {\n}\n' },
    { file: 'A.java', source: 'class A {\n  void f(int a, String... b) {}\n}\n', address: 'class A\nvoid f.params', value: 'int c', expected: 'class A {\n  void f(int a, int c, String... b) {}\n}\n' },
    // LuaRocks, upload/api.lua: `function Api:raw_method(path, ...)`.
    { file: 'a.lua', source: 'function Api:raw(path, ...)\n  return path\nend\n', address: 'function Api:raw.params', value: 'zz', expected: 'function Api:raw(path, zz, ...)\n  return path\nend\n' },
    // Go's own sources, types2/object.go: a method of an interface.
    { file: 'b.go', source: 'package a\n\ntype Object interface {\n\tParent() *Scope\n}\n', address: 'type Object\nParent.params', value: 'y int', expected: 'package a\n\ntype Object interface {\n\tParent(y int) *Scope\n}\n' },
  ];
  for (const { file, source, address, value, expected } of cases) {
    it(`${file}: ${address.replace('\n', ' / ')}`, async () => {
      const fs = memoryFs({ [file]: source });
      const editor = createEditor({ fs, semantic: 'syntax' });
      expectOk(await editor.applyEdits({ edits: [{ op: 'add', path: file, address, value }] }));
      expect(fs.snapshot()[file]).toBe(expected);
    });
  }
});

describe('a body whose closing brace ends a line of code', () => {
  // JDK 17, sun/font/AttributeValues.java.
  const source = 'class A {\n    public void setLigatures(int f) {\n      this.ligatures = (byte)f; update(ELIGATURES); }\n}\n';
  const address = 'class A\npublic void setLigatures\n.body';

  it('set to the statements it has: the file is unchanged', async () => {
    const fs = memoryFs({ 'A.java': source });
    expectOk(await createEditor({ fs, semantic: 'syntax' }).applyEdits({ edits: [{ op: 'set', path: 'A.java', address, value: 'this.ligatures = (byte)f; update(ELIGATURES);' }] }));
    expect(fs.snapshot()['A.java']).toBe(source);
  });

  it('set to other statements: the brace goes on its own line, indented as the line that opens it', async () => {
    const fs = memoryFs({ 'A.java': source });
    expectOk(await createEditor({ fs, semantic: 'syntax' }).applyEdits({ edits: [{ op: 'set', path: 'A.java', address, value: 'int x = 1;\nupdate(x);' }] }));
    expect(fs.snapshot()['A.java']).toBe('class A {\n    public void setLigatures(int f) {\n      int x = 1;\n      update(x);\n    }\n}\n');
  });
});

it('a one-line body set to the statement it has keeps its spacing (JDK 17, XML11DocumentScannerImpl.java)', async () => {
  const source = 'class A {\n    public A() {super();} // <init>()\n}\n';
  const fs = memoryFs({ 'A.java': source });
  expectOk(await createEditor({ fs, semantic: 'syntax' }).applyEdits({ edits: [{ op: 'set', path: 'A.java', address: 'class A\npublic A()\n.body', value: 'super();' }] }));
  expect(fs.snapshot()['A.java']).toBe(source);
});

describe('a Kotlin parameter written as several nodes (a default value, a modifier)', () => {
  it('is one item: removed whole, by name, and the list stays valid', async () => {
    // From expo-modules-core (AutoSizingComposable.kt, FunctionBuilder.kt): the grammar writes
    // `axis: T = default` as `parameter`, `=`, expression, and `crossinline body: T` as modifiers + parameter.
    const source = 'fun f(axis: Int = compute(1, 2), crossinline body: () -> Unit, last: Int = 0) {\n}\n';
    const fs = memoryFs({ 'a.kt': source });
    const editor = createEditor({ fs, semantic: 'syntax' });
    expectOk(await editor.applyEdits({ edits: [{ op: 'remove', path: 'a.kt', address: 'fun f.params.last', force: true }] }));
    expect(fs.snapshot()['a.kt']).toBe('fun f(axis: Int = compute(1, 2), crossinline body: () -> Unit) {\n}\n');
    expectOk(await editor.applyEdits({ edits: [{ op: 'remove', path: 'a.kt', address: 'fun f.params.body', force: true }] }));
    expect(fs.snapshot()['a.kt']).toBe('fun f(axis: Int = compute(1, 2)) {\n}\n');
    expectOk(await editor.applyEdits({ edits: [{ op: 'add', path: 'a.kt', address: 'fun f.params', value: 'zz: Int = 0' }] }));
    expect(fs.snapshot()['a.kt']).toBe('fun f(axis: Int = compute(1, 2), zz: Int = 0) {\n}\n');
  });
});

describe('a Swift function after a doc comment (the tree-sitter-wasms grammar)', () => {
  it('has a body to set: the declaration is found where the empty range at its first byte gives the whole file', async () => {
    // From expo-modules-core (ClassFactories.swift): `.body` was PART_NOT_FOUND on 26 of 42 functions.
    const source = 'import Foundation\n\n/**\n Doc.\n */\npublic func make<R>(_ body: @escaping () -> R) -> Int {\n  return 1\n}\n';
    const fs = memoryFs({ 'a.swift': source });
    const editor = createEditor({ fs, semantic: 'syntax' });
    expectOk(await editor.applyEdits({ edits: [{ op: 'set', path: 'a.swift', address: 'public func make<R>.body', value: 'return 2' }] }));
    expect(fs.snapshot()['a.swift']).toBe(source.replace('return 1', 'return 2'));
  });
});

describe("Swift parameters, which the grammar writes as the function's own children between its parentheses", () => {
  it('are a list: added to, removed by name or argument label, a default value kept with its parameter', async () => {
    // From expo-modules-core (ObjectFactories.swift, ExpoAppDelegateSubscriber.swift): `.params` was PART_NOT_FOUND on 50 of 59 functions.
    const source = 'class A {\n  func greet(_ name: String, times n: Int = 1) -> String {\n    return name\n  }\n\n  func none() {}\n}\n';
    const fs = memoryFs({ 'a.swift': source });
    const editor = createEditor({ fs, semantic: 'syntax' });
    expectOk(await editor.applyEdits({ edits: [{ op: 'add', path: 'a.swift', address: 'class A\nfunc greet.params', value: 'loud: Bool' }, { op: 'add', path: 'a.swift', address: 'class A\nfunc none.params', value: 'x: Int' }] }));
    expect(fs.snapshot()['a.swift']).toBe(source.replace('n: Int = 1)', 'n: Int = 1, loud: Bool)').replace('none()', 'none(x: Int)'));
    expectOk(await editor.applyEdits({ edits: [{ op: 'remove', path: 'a.swift', address: 'class A\nfunc greet.params.times', force: true }] }));
    expect(fs.snapshot()['a.swift']).toBe(source.replace(', times n: Int = 1)', ', loud: Bool)').replace('none()', 'none(x: Int)'));
    expectOk(await editor.applyEdits({ edits: [{ op: 'remove', path: 'a.swift', address: 'class A\nfunc none.params.x', force: true }] }));
    expect(fs.snapshot()['a.swift']).toContain('func none() {}');
  });
});

describe('a first item added to a list whose items are one per line, the first on the line that opens it', () => {
  const cases = [
    { file: 'a.ts', source: 'class A {\n  constructor(a: number,\n              b: string) {}\n}\n', address: 'class A\nconstructor.params', value: 'c: boolean', expected: 'class A {\n  constructor(c: boolean,\n              a: number,\n              b: string) {}\n}\n' },
    { file: 'a.py', source: 'def f(a,\n      b):\n    pass\n', address: 'def f.params', value: 'c', expected: 'def f(c,\n      a,\n      b):\n    pass\n' },
    { file: 'a.swift', source: 'class A {\n  init(a: Int,\n       b: String) {\n  }\n}\n', address: 'class A\ninit.params', value: 'c: Int', expected: 'class A {\n  init(c: Int,\n       a: Int,\n       b: String) {\n  }\n}\n' },
  ];
  for (const { file, source, address, value, expected } of cases) {
    it(`${file}: takes the first item's place, which goes down to a line aligned as the others (it used to go above the function)`, async () => {
      const fs = memoryFs({ [file]: source });
      const editor = createEditor({ fs, semantic: 'syntax' });
      expectOk(await editor.applyEdits({ edits: [{ op: 'add', path: file, address, value, position: 'first' }] }));
      expect(fs.snapshot()[file]).toBe(expected);
    });
  }
});

describe('Scala methods: type parameters in the same field, no list, a body on the next line', () => {
  // Shapes of the Scala 2.11 library (Debian's scala source package).
  const source = [
    'class Proxy {',
    '  private[actors] def exiting: Boolean = false',
    '  def fresh[NameType <: Name](name: NameType): NameType =',
    '    freshName[NameType](name)',
    '  def f[B]: B',
    '}',
    '',
  ].join('\n');

  it('adds to the value parameters, creates them after the name or the type parameters, keeps () when the last goes', async () => {
    const fs = memoryFs({ 'a.scala': source });
    const editor = createEditor({ fs, semantic: 'syntax' });
    expectOk(
      await editor.applyEdits({
        edits: [
          { op: 'add', path: 'a.scala', address: 'class Proxy\nprivate[actors] def exiting.params', value: 'x: Int' },
          { op: 'add', path: 'a.scala', address: 'class Proxy\ndef fresh.params', value: 'n: Int' },
          { op: 'add', path: 'a.scala', address: 'class Proxy\ndef f[B].params', value: 'b: B' },
        ],
      }),
    );
    expect(fs.snapshot()['a.scala']).toBe(
      source.replace('exiting:', 'exiting(x: Int):').replace('(name: NameType)', '(name: NameType, n: Int)').replace('def f[B]:', 'def f[B](b: B):'),
    );
    expectOk(await editor.applyEdits({ edits: [{ op: 'remove', path: 'a.scala', address: 'class Proxy\nprivate[actors] def exiting.params[0]', force: true }] }));
    // `def exiting()` and `def exiting` differ in Scala: the list stays.
    expect(fs.snapshot()['a.scala']).toContain('  private[actors] def exiting(): Boolean = false\n');
  });
});

describe('Zig functions and struct fields', () => {
  it('a parameter added, a result type set (neither has a field in the grammar); `@compileError(…)` is a call, not a function', async () => {
    const source = 'pub fn build(b: *std.Build) !void {\n    @compileError("no");\n}\n\nfn none() void {}\n';
    const fs = memoryFs({ 'a.zig': source });
    const editor = createEditor({ fs, semantic: 'syntax' });
    expectOk(
      await editor.applyEdits({
        edits: [
          { op: 'add', path: 'a.zig', address: 'pub fn build.params', value: 'extra: u8' },
          { op: 'add', path: 'a.zig', address: 'fn none.params', value: 'x: u32' },
          { op: 'set', path: 'a.zig', address: 'fn none.returns', value: 'u32' },
        ],
      }),
    );
    expect(fs.snapshot()['a.zig']).toBe('pub fn build(b: *std.Build, extra: u8) !void {\n    @compileError("no");\n}\n\nfn none(x: u32) u32 {}\n');
    const listed = expectOk(await editor.listStructures({ path: 'a.zig', depth: 3 }));
    expect(listed.structures[0]!.children.map((child) => child.kind)).toEqual(['call']);
  });

  it('a field put back gets its `,` (the grammar gives it to the struct), also one named @"…" (not an annotation)', async () => {
    const source = 'const E = enum(u8) {\n    @"movlhps xmm xmm" = 0x16,\n    @"movhps m64 xmm" = 0x17,\n    @"mov r32 cr" = 0x20,\n};\n\nconst S = struct {\n    ptr: *const volatile i32,\n    pub const internal_type = .abort_signal;\n};\n';
    const fs = memoryFs({ 'a.zig': source });
    const editor = createEditor({ fs });
    for (const [target, anchor] of [
      ['const E\n@"movhps m64 xmm"', 'const E\n@"mov r32 cr"'],
      ['const S\nptr', 'const S\npub const internal_type'],
    ]) {
      const text = expectOk(await editor.readStructure({ path: 'a.zig', target: target! })).matches[0]!.text;
      expect(text).not.toMatch(/,$/);
      expectOk(await editor.deleteStructure({ path: 'a.zig', target: target! }));
      expectOk(await editor.insertBeforeStructure({ path: 'a.zig', target: anchor!, content: text }));
      expect(fs.snapshot()['a.zig']).toBe(source);
    }
  });

  it('a kind named like a property of every object (`constructor`) has no terminator: a C# constructor put back is unchanged', async () => {
    // The lookup once found Object's constructor and wrote "function Object() { [native code] }" after it.
    const source = 'struct Id\n{\n    public Id(string a)\n      : this(a, a) { }\n\n    public Id(string a, string b) { }\n}\n';
    const fs = memoryFs({ 'a.cs': source });
    const editor = createEditor({ fs });
    const target = 'struct Id\npublic Id(string a)';
    const text = expectOk(await editor.readStructure({ path: 'a.cs', target })).matches[0]!.text;
    expectOk(await editor.deleteStructure({ path: 'a.cs', target }));
    expectOk(await editor.insertBeforeStructure({ path: 'a.cs', target: 'struct Id\npublic Id', content: text }));
    expect(fs.snapshot()['a.cs']).toBe(source);
  });
});
