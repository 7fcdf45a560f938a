import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type SemanticEdit } from '../../src/index.js';

// A batch that changes a function's parameters, in a language no type checker answers for, must
// leave every call of it fitting: a required parameter added that a call does not pass, or one
// removed that a call still passes, used to be `applied`, leaving the program to fail when called.
// Each case: the file, the edits (on that file), and what comes back: `applied`, or each call or
// use listed by CALLS_BROKEN as `line: reason` (the file then byte-identical).

const lines = (...text: string[]) => `${text.join('\n')}\n`;

type WithoutPath<E> = E extends SemanticEdit ? Omit<E, 'path'> : never;
type Case = { name: string; file: string; text: string; edits: Array<WithoutPath<SemanticEdit>>; expected: 'applied' | string[] };

const py = lines('def ff(a, b=0):', '    return a + b', '', '', 'def g(xs):', '    return ff(1) + ff(2, b=3) + ff(a=4)');
const method = lines('class K:', '    def ff(self, a):', '        return a', '', '    def g(self):', '        return self.ff(1) + K.ff(self, 2)');

const cases: Case[] = [
  { name: 'Python: a required parameter added', file: 'a.py', text: py, edits: [{ op: 'add', address: 'def ff', value: 'c' }], expected: ['6: passes no argument for c', '6: passes no argument for c', '6: passes no argument for c'] },
  { name: 'Python: an optional one added', file: 'a.py', text: py, edits: [{ op: 'add', address: 'def ff', value: 'c=None' }], expected: 'applied' },
  { name: 'Python: a required one added, with the calls changed in the same batch', file: 'a.py', text: py, edits: [{ op: 'add', address: 'def ff', value: 'c' }, { op: 'set', address: 'def g.body', value: 'return ff(1, c=0) + ff(2, 3, 0) + ff(a=4, c=0)' }], expected: 'applied' },
  { name: 'Python: a keyword-only one added after *', file: 'a.py', text: py, edits: [{ op: 'add', address: 'def ff', value: '*, flag' }], expected: ['6: passes no argument for flag', '6: passes no argument for flag', '6: passes no argument for flag'] },
  { name: 'Python: a parameter a call passes by name, removed', file: 'a.py', text: py, edits: [{ op: 'set', address: 'def ff.body', value: 'return a' }, { op: 'remove', address: 'def ff.params.b' }], expected: ['6: passes b by name; it takes no parameter of that name'] },
  { name: 'Python: a parameter with a default inserted before another: calls passing that one by position now reach the new one', file: 'a.py', text: lines('def ff(a, b=1):', '    return a + b', '', '', 'def g():', '    return ff(1) + ff(1, 2) + ff(1, b=2)'), edits: [{ op: 'set', address: 'def ff.params', value: 'a, c=None, b=1' }], expected: ['6: passes its argument 2 by position to c, where it reached b before: the parameters moved'] },
  { name: 'Python: parameters swapped, calls by name unaffected', file: 'a.py', text: lines('def ff(a, b):', '    return a - b', '', '', 'def g():', '    return ff(1, 2) + ff(b=1, a=2)'), edits: [{ op: 'set', address: 'def ff.params', value: 'b, a' }], expected: ['6: passes its argument 1 by position to b, where it reached a before: the parameters moved'] },
  { name: 'Python: a parameter renamed in place is the same parameter to calls by position', file: 'a.py', text: lines('def ff(a, b):', '    return a - b', '', '', 'def g():', '    return ff(1, 2)'), edits: [{ op: 'set', address: 'def ff.params', value: 'a, count' }, { op: 'set', address: 'def ff.body', value: 'return a - count' }], expected: 'applied' },
  { name: 'Go: parameters swapped', file: 'p.go', text: lines('package p', '', 'func F(a int, b int) int {', '\treturn a - b', '}', '', 'func G() int {', '\treturn F(1, 2)', '}'), edits: [{ op: 'set', address: 'func F.params', value: 'b int, a int' }], expected: ['8: passes its argument 1 by position to b, where it reached a before: the parameters moved'] },
  { name: 'Python: a function made asynchronous: calls that do not await it (or hand it to asyncio) no longer run it', file: 'a.py', text: lines('import asyncio', '', '', 'def ff(a):', '    return a', '', '', 'async def g():', '    x = ff(1)', '    y = await ff(2)', '    return asyncio.run(ff(3))'), edits: [{ op: 'set', address: 'def ff', value: 'async def ff(a):\n    return a' }], expected: ['9: calls ff without awaiting it: ff is asynchronous now, so this call gives a coroutine, promise or future and runs nothing until awaited'] },
  { name: 'Python: a function no longer asynchronous: calls that await it fail', file: 'a.py', text: lines('async def ff(a):', '    return a', '', '', 'async def g():', '    return await ff(1)'), edits: [{ op: 'set', address: 'async def ff', value: 'def ff(a):\n    return a' }], expected: ['6: awaits ff, which is no longer asynchronous: what it returns cannot be awaited'] },
  { name: 'Rust: a function made async: `.await` or an executor', file: 'lib.rs', text: lines('pub fn ff() -> u8 {', '    1', '}', '', 'pub async fn g() -> u8 {', '    ff() + ff().await + block_on(ff())', '}'), edits: [{ op: 'set', address: 'pub fn ff', value: 'pub async fn ff() -> u8 {\n    1\n}' }], expected: ['6: calls ff without awaiting it: ff is asynchronous now, so this call gives a coroutine, promise or future and runs nothing until awaited'] },
  { name: 'Swift: a function made async: `await` (with `try`)', file: 'a.swift', text: lines('func ff() throws -> Int {', '    return 1', '}', '', 'func g() async throws -> Int {', '    return try ff() + (try await ff())', '}'), edits: [{ op: 'set', address: 'func ff', value: 'func ff() async throws -> Int {\n    return 1\n}' }], expected: ['6: calls ff without awaiting it: ff is asynchronous now, so this call gives a coroutine, promise or future and runs nothing until awaited'] },
  { name: 'TypeScript (no checker): a function made async: awaited, handed to Promise.all, then-ed or voided', file: 'a.ts', text: lines('export function ff(): number {', '  return 1;', '}', '', 'export async function g(): Promise<number> {', '  void ff();', '  await Promise.all([ff()]);', '  ff().then(() => 0);', '  return ff() + (await ff());', '}'), edits: [{ op: 'set', address: 'export function ff', value: 'export async function ff(): Promise<number> {\n  return 1;\n}' }], expected: ['9: calls ff without awaiting it: ff is asynchronous now, so this call gives a coroutine, promise or future and runs nothing until awaited'] },
  { name: 'JavaScript: calls may pass fewer or more arguments, but a parameter added before another moves where they land', file: 'a.js', text: lines('export function ff(a, b) {', '  return a + (b ?? 0);', '}', '', 'export const x = ff(1) + ff(1, 2, 3);'), edits: [{ op: 'set', address: 'export function ff.params', value: 'a, c, b' }], expected: ['5: passes its argument 2 by position to c, where it reached b before: the parameters moved'] },
  { name: 'JavaScript: a parameter added at the end fits every call', file: 'a.js', text: lines('export function ff(a) {', '  return a;', '}', '', 'export const x = ff(1) + [1].map(ff)[0];'), edits: [{ op: 'add', address: 'export function ff', value: 'b' }], expected: 'applied' },
  { name: 'JavaScript: a function made async', file: 'a.js', text: lines('export function ff() {', '  return 1;', '}', '', 'export async function g() {', '  return ff() + (await ff());', '}'), edits: [{ op: 'set', address: 'export function ff', value: 'export async function ff() {\n  return 1;\n}' }], expected: ['6: calls ff without awaiting it: ff is asynchronous now, so this call gives a coroutine, promise or future and runs nothing until awaited'] },
  { name: 'Lua: parameters swapped', file: 'a.lua', text: lines('local function ff(a, b)', '  return a - b', 'end', '', 'return ff(1, 2) + ff(3)'), edits: [{ op: 'set', address: 'local function ff.params', value: 'b, a' }], expected: ['5: passes its argument 1 by position to b, where it reached a before: the parameters moved', '5: passes its argument 1 by position to b, where it reached a before: the parameters moved'] },
  { name: 'Python: a method made a property: its calls now call the value', file: 'k.py', text: lines('class K:', '    def ff(self):', '        return 1', '', '', 'def g(k: K):', '    return k.ff() + 1'), edits: [{ op: 'add', address: 'class K\ndef ff.decorators', value: 'property' }], expected: ['8: calls ff, which is a property now: this reads its value and calls that'] },
  { name: 'Python: a property made a method: its reads now get the method', file: 'k.py', text: lines('class K:', '    @property', '    def ff(self):', '        return 1', '', '', 'def g(k: K):', '    return k.ff + 1'), edits: [{ op: 'remove', address: 'class K\ndef ff.decorators[0]' }], expected: ['7: reads ff, which is a method now (no longer a property): this gets the method itself, not its value'] },
  { name: 'Python: a method made a @staticmethod: calls through an instance no longer pass self', file: 'k.py', text: lines('class K:', '    def ff(self, a):', '        return a', '', '', 'def g(k: K):', '    return k.ff(1)'), edits: [{ op: 'add', address: 'class K\ndef ff.decorators', value: 'staticmethod' }], expected: ['8: passes no argument for a'] },
  { name: 'Python: a method through self and through its class', file: 'k.py', text: method, edits: [{ op: 'add', address: 'class K\ndef ff', value: 'b' }], expected: ['6: passes no argument for b', '6: passes no argument for b'] },
  { name: 'Python: a method keeps fitting both calls with a default', file: 'k.py', text: method, edits: [{ op: 'add', address: 'class K\ndef ff', value: 'b=1' }], expected: 'applied' },
  {
    name: 'Python: a use other than a call, and spread arguments, cannot be checked',
    file: 'a.py',
    text: lines('def ff(a):', '    return a', '', '', 'def g(xs, args):', '    return sorted(xs, key=ff) + [ff(*args)]'),
    edits: [{ op: 'add', address: 'def ff', value: 'c' }],
    expected: ['6: uses it other than by calling it (passed or stored as a value), so the arguments it will get cannot be checked', '6: spreads its arguments, so how many it passes cannot be told'],
  },
  {
    name: "Python: a classmethod's cls is passed through the class as well",
    file: 'k.py',
    text: lines('class K:', '    @classmethod', '    def ff(cls, a):', '        return a', '', '', 'def g():', '    return K.ff(1)'),
    edits: [{ op: 'add', address: 'class K\n@classmethod', value: 'b' }, { op: 'set', address: 'def g.body', value: 'return K.ff(1, 2)' }],
    expected: 'applied',
  },
  { name: "Go: `a, b int` is two parameters", file: 'a.go', text: lines('package m', '', 'func ff(a, b int) int {', '\treturn a', '}', '', 'func g() int {', '\treturn ff(1, 2)', '}'), edits: [{ op: 'add', address: 'func ff', value: 'c int' }], expected: ['8: passes no argument for c'] },
  { name: 'TypeScript (no checker): a required parameter added', file: 'a.ts', text: lines('export function ff(a: number) {', '  return a;', '}', 'ff(1);'), edits: [{ op: 'add', address: 'export function ff', value: 'b: number' }], expected: ['4: passes no argument for b'] },
  { name: 'TypeScript (no checker): an optional one', file: 'a.ts', text: lines('export function ff(a: number) {', '  return a;', '}', 'ff(1);'), edits: [{ op: 'add', address: 'export function ff', value: 'b?: number' }], expected: 'applied' },
  { name: 'JavaScript: a call may pass fewer arguments', file: 'a.js', text: lines('function ff(a) {', '  return a;', '}', 'ff(1);'), edits: [{ op: 'add', address: 'function ff', value: 'b' }], expected: 'applied' },
  { name: 'Ruby: a required keyword', file: 'a.rb', text: lines('class K', '  def ff(a)', '    a', '  end', '', '  def g', '    ff(1) + self.ff(2, d: 3)', '  end', 'end'), edits: [{ op: 'add', address: 'class K\ndef ff', value: 'd:' }], expected: ['7: passes no argument for d'] },
  { name: 'Ruby: keywords to a method without keyword parameters are one hash', file: 'a.rb', text: lines('class K', '  def ff(a)', '    a', '  end', '', '  def g', '    ff(1, d: 3)', '  end', 'end'), edits: [{ op: 'add', address: 'class K\ndef ff', value: 'opts' }], expected: 'applied' },
  { name: 'Swift: a labelled parameter', file: 'a.swift', text: lines('func ff(a: Int) -> Int {', '    return a', '}', '', 'let x = ff(a: 1)'), edits: [{ op: 'add', address: 'func ff', value: 'b: Int' }], expected: ['5: passes no argument for b'] },
  { name: 'Swift: one with a default', file: 'a.swift', text: lines('func ff(a: Int) -> Int {', '    return a', '}', '', 'let x = ff(a: 1)'), edits: [{ op: 'add', address: 'func ff', value: '_ b: Int = 0' }], expected: 'applied' },
  { name: 'Kotlin: a named argument fills the new parameter', file: 'a.kt', text: lines('fun ff(a: Int): Int {', '    return a', '}', '', 'fun g(): Int {', '    return ff(1) + ff(a = 2)', '}'), edits: [{ op: 'add', address: 'fun ff', value: 'b: Int' }, { op: 'set', address: 'fun g.body', value: 'return ff(1, b = 0) + ff(a = 2, b = 0)' }], expected: 'applied' },
  { name: "Rust: a method's self is passed by its receiver", file: 'a.rs', text: lines('struct P;', 'impl P {', '    fn ff(&self, a: i32) -> i32 {', '        a', '    }', '}', '', 'fn g(p: P) -> i32 {', '    p.ff(1) + P::ff(&p, 2)', '}'), edits: [{ op: 'add', address: 'impl P\nfn ff', value: 'b: i32' }], expected: ['9: passes no argument for b', '9: passes no argument for b'] },
  { name: 'PHP: a function ignores arguments beyond its parameters', file: 'a.php', text: lines('<?php', 'function ff($a, $b) {', '    return $a;', '}', 'ff(1, 2);'), edits: [{ op: 'remove', address: 'function ff.params[1]' }], expected: 'applied' },
  { name: 'C: a parameter removed that a call passes', file: 'a.c', text: lines('int ff(int a, int b) {', '    return a;', '}', '', 'int g(void) {', '    return ff(1, 2);', '}'), edits: [{ op: 'remove', address: 'int ff.params[1]' }], expected: ['6: passes 2 arguments by position; it takes at most 1'] },
  // A parameter renamed: calls passing it by name (Python, Kotlin, C#, PHP, Scala; Swift's labels) rely on its name.
  {
    name: 'Python: a method parameter passed by name through a receiver of unknown type, renamed',
    file: 'k.py',
    text: lines('class K:', '    def ff(self, a, bb=0):', '        return a + bb', '', '', 'def g(k):', '    return k.ff(1, bb=2)'),
    edits: [{ op: 'rename', address: 'class K\ndef ff.params.bb', new_name: 'zz' }],
    expected: ['7: passes bb by name; it takes no parameter of that name'],
  },
  { name: 'Python: one passed by position only, renamed', file: 'a.py', text: lines('def ff(a, bb=0):', '    return a + bb', '', '', 'y = ff(1, 2)'), edits: [{ op: 'rename', address: 'def ff.params.bb', new_name: 'zz' }], expected: 'applied' },

  { name: 'Java: calls never name parameters', file: 'A.java', text: lines('class A {', '    static int ff(int a, int bb) {', '        return a + bb;', '    }', '    static int g() { return ff(1, 2); }', '}'), edits: [{ op: 'rename', address: 'class A\nstatic int ff.params.bb', new_name: 'zz' }], expected: 'applied' },
  // Constructors: their calls name the class.
  { name: 'Python: __init__ checked against A(…)', file: 'c.py', text: lines('class A:', '    def __init__(self, a):', '        self.a = a', '', '', 'x = A(1)', 'y = A(a=2)'), edits: [{ op: 'add', address: 'class A\ndef __init__', value: 'b' }], expected: ['6: passes no argument for b', '7: passes no argument for b'] },
  { name: 'Python: __init__ with a default added', file: 'c.py', text: lines('class A:', '    def __init__(self, a):', '        self.a = a', '', '', 'x = A(1)'), edits: [{ op: 'add', address: 'class A\ndef __init__', value: 'b=None' }], expected: 'applied' },
  {
    name: 'Python: a subclass, cls(…) and a use as a value cannot be checked; annotations and A.member are left alone',
    file: 'a.py',
    text: lines('class A:', '    def __init__(self, a):', '        self.a = a', '', '    @classmethod', '    def make(cls):', '        return cls(1)', '', '', 'class B(A):', '    pass', '', '', 'def g(x: A) -> A:', '    return A(1, 2) if isinstance(x, A) else A.make()'),
    edits: [{ op: 'add', address: 'class A\ndef __init__', value: 'b' }],
    expected: [
      '10: derives a class from A: its constructions and super(…) calls are not followed',
      '15: uses A other than by constructing it (passed or stored as a value), so the arguments it will get cannot be checked',
      '7: constructs A without naming it (cls(), which the check cannot bind',
    ],
  },
  { name: 'TypeScript (no checker): a constructor checked against new A(…)', file: 'a.ts', text: lines('export class A {', '  constructor(a: number) {}', '}', 'const x: A = new A(1);'), edits: [{ op: 'add', address: 'export class A\nconstructor', value: 'b: number' }], expected: ['4: passes no argument for b'] },
  {
    name: 'TypeScript (no checker): a class derived from it is listed (its super(…) calls are not followed)',
    file: 'a.ts',
    text: lines('export class A {', '  constructor(a: number) {}', '}', 'class B extends A {', '  constructor() {', '    super(1);', '  }', '}', 'const x = new A(1);'),
    edits: [{ op: 'add', address: 'export class A\nconstructor', value: 'b: number' }],
    expected: ['4: derives a class from A: its constructions and super(…) calls are not followed', '9: passes no argument for b'],
  },
  { name: 'Java: a constructor checked against new A(…)', file: 'A.java', text: lines('class A {', '    A(int a) {}', '    static A make() { return new A(1); }', '}'), edits: [{ op: 'add', address: 'class A\nA(int a)', value: 'int b' }], expected: ['3: passes no argument for b'] },
  { name: 'Swift: init checked against A(a:)', file: 'a.swift', text: lines('class A {', '    init(a: Int) {}', '}', 'let x = A(a: 1)'), edits: [{ op: 'add', address: 'class A\ninit', value: 'b: Int' }], expected: ['4: passes no argument for b'] },
  // A class whose header declares its constructor's parameters: `.params` of the class is that list,
  // and its constructions are checked against it (they were `applied` unchecked, as were text edits of the header).
  { name: 'Kotlin: a primary constructor checked against A(…), a named argument and this(…)', file: 'a.kt', text: lines('class A(val a: Int, val b: Int = 0) {', '    constructor(s: String) : this(s.length)', '}', '', 'fun g() = A(1, b = 2).a + A("x").a'), edits: [{ op: 'add', address: 'class A.params', value: 'val c: Int' }], expected: ['5: passes no argument for c', '5: passes no argument for c', '2: passes no argument for c'] },
  { name: 'Kotlin: a primary constructor parameter with a default', file: 'a.kt', text: lines('class A(val a: Int) {', '    constructor(s: String) : this(s.length)', '}', '', 'fun g() = A(1).a'), edits: [{ op: 'add', address: 'class A.params', value: 'val c: Int = 0' }], expected: 'applied' },
  { name: "Kotlin: a primary constructor's parameter removed that a call passes by name", file: 'a.kt', text: lines('class A(val a: Int, val b: Int = 0)', '', 'fun g() = A(1, b = 2)'), edits: [{ op: 'remove', address: 'class A.params.b' }], expected: ['3: passes b by name; it takes no parameter of that name'] },
  { name: 'Scala: a class parameter checked against new A(…), A(…) and def this(…)', file: 'a.scala', text: lines('case class A(a: Int) {', '  def this(s: String) = this(s.length)', '}', 'object M {', '  val x = new A(1)', '  val y = A(a = 2)', '}'), edits: [{ op: 'add', address: 'case class A.params', value: 'b: Int' }], expected: ['5: passes no argument for b', '6: passes no argument for b', '2: passes no argument for b'] },
  { name: 'Java: a record component checked against new A(…)', file: 'A.java', text: lines('record A(int a) {', '    static A make() { return new A(1); }', '}'), edits: [{ op: 'add', address: 'record A.params', value: 'int b' }], expected: ['2: passes no argument for b'] },
  { name: "C#: a record's parameter checked against new A(…) and a target-typed new(…)", file: 'A.cs', text: lines('record A(int X);', 'class M {', '    A a = new A(1);', '    A b = new(2);', '    object c = new(3);', '    static void Use(A a) {}', '    static void G() { Use(new(4)); }', '}'), edits: [{ op: 'add', address: 'record A.params', value: 'int Y' }], expected: ['3: passes no argument for Y', '4: passes no argument for Y', '7: constructs a class it does not name (new(4)), taken from where it goes: whether that is A needs types structedit does not have'] },
  { name: "C#: a class's primary constructor", file: 'A.cs', text: lines('class A(int x, int y) {', '    int X => x;', '}', 'class M {', '    A a = new A(1, 2);', '}'), edits: [{ op: 'remove', address: 'class A.params.y' }], expected: ['5: passes 2 arguments by position; it takes at most 1'] },
  // A class whose constructor is made from its fields (a dataclass, a Rust struct): an edit of the
  // fields changes what its constructions must pass, and used to be `applied` unchecked.
  { name: 'Python: a dataclass field without a default added', file: 'p.py', text: lines('from dataclasses import dataclass', '', '', '@dataclass', 'class P:', '    x: int', '', '', 'p = P(1)'), edits: [{ op: 'add', address: 'class P', value: 'y: int' }], expected: ['10: passes no argument for y'] },
  { name: 'Python: a dataclass field with a default added', file: 'p.py', text: lines('from dataclasses import dataclass', '', '', '@dataclass', 'class P:', '    x: int', '', '', 'p = P(1)'), edits: [{ op: 'add', address: 'class P', value: 'y: int = 0' }], expected: 'applied' },
  { name: 'Python: a dataclass field a construction passes by name, removed', file: 'p.py', text: lines('from dataclasses import dataclass', '', '', '@dataclass', 'class P:', '    x: int', '    y: int = 0', '', '', 'p = P(1, y=2)'), edits: [{ op: 'remove', address: 'class P\ny' }], expected: ['9: passes y by name; it takes no parameter of that name'] },
  { name: 'Python: field(default_factory=…), ClassVar and KW_ONLY as dataclasses read them', file: 'p.py', text: lines('import dataclasses', 'from typing import ClassVar', '', '', '@dataclasses.dataclass', 'class P:', '    x: int', '    tags: list = dataclasses.field(default_factory=list)', '    count: ClassVar[int] = 0', '    _: dataclasses.KW_ONLY', '    y: int = 0', '', '', 'p = P(1, [])'), edits: [{ op: 'add', address: 'class P', value: 'z: int' }], expected: ['15: passes no argument for z'] },
  { name: 'Python: a required field after a defaulted one: the class itself is refused', file: 'p.py', text: lines('from dataclasses import dataclass', '', '', '@dataclass', 'class P:', '    x: int = 0'), edits: [{ op: 'add', address: 'class P', value: 'y: int' }], expected: ['4: its field y has no default but follows x, which has one: the constructor made from them is refused when the class is defined'] },
  { name: 'Python: a NamedTuple and a pydantic model (keyword arguments only)', file: 'p.py', text: lines('from typing import NamedTuple', 'from pydantic import BaseModel', '', '', 'class T(NamedTuple):', '    a: int', '', '', 'class M(BaseModel):', '    a: int', '', '', 't = T(1)', 'm = M(a=1)'), edits: [{ op: 'add', address: 'class T', value: 'b: str' }, { op: 'add', address: 'class M', value: 'b: str' }], expected: ['15: passes no argument for b'] },
  { name: 'Python: a dataclass whose base has fields: constructions by position cannot be placed', file: 'p.py', text: lines('from dataclasses import dataclass', 'from base import Base', '', '', '@dataclass', 'class P(Base):', '    x: int', '', '', 'p = P(1, 2)', 'q = P(b=1, x=2)'), edits: [{ op: 'add', address: 'class P', value: 'y: int' }], expected: ['11: passes arguments by position to P, whose fields follow those of its base Base, which structedit does not read: where they go cannot be told', '12: passes no argument for y'] },
  { name: 'Python: a dataclass with an __init__ of its own is checked by that', file: 'p.py', text: lines('from dataclasses import dataclass', '', '', '@dataclass', 'class P:', '    x: int', '', '    def __init__(self, x):', '        self.x = x', '', '', 'p = P(1)'), edits: [{ op: 'add', address: 'class P', value: 'y: int' }], expected: 'applied' },
  { name: 'Rust: a struct field added: literals, Self { … } and patterns without ..', file: 'lib.rs', text: lines('pub struct P {', '    pub x: i32,', '}', '', 'impl P {', '    pub fn new() -> Self {', '        Self { x: 0 }', '    }', '}', '', 'pub fn f(p: P) -> i32 {', '    let P { x } = p;', '    let q = P { x: 1, ..P::new() };', '    let P { x: y, .. } = q;', '    x + y + P { x: 2 }.x', '}'), edits: [{ op: 'add', address: 'pub struct P', value: 'pub z: i32' }], expected: ['13: leaves out the field z', '16: leaves out the field z', '8: leaves out the field z'] },
  { name: "Rust: a field added to an enum's variant: its literals, Self::C { … } and patterns without .. (not a comment, not the other variant)", file: 'lib.rs', text: lines('pub enum S {', '    C { r: i32 },', '    D,', '}', '', 'impl S {', '    pub fn unit() -> Self {', '        Self::C { r: 1 }', '    }', '}', '', '// S::C { r } in a comment', 'pub fn f(s: S) -> i32 {', '    match s {', '        S::C { r } => r,', '        S::D => 0,', '    }', '}'), edits: [{ op: 'add', address: 'pub enum S\nC', value: 'z: i32' }], expected: ['15: leaves out the field z', '8: leaves out the field z'] },
  { name: 'Rust: a unit variant given a field: its bare uses no longer fit', file: 'lib.rs', text: lines('pub enum S {', '    C { r: i32 },', '    D,', '}', '', 'impl S {', '    pub fn unit() -> Self {', '        Self::C { r: 1 }', '    }', '}', '', '// S::C { r } in a comment', 'pub fn f(s: S) -> i32 {', '    match s {', '        S::C { r } => r,', '        S::D => 0,', '    }', '}'), edits: [{ op: 'set', address: 'pub enum S\nD', value: 'D(i32)' }], expected: ['16: uses D without giving its fields, which it now has'] },
  { name: 'Rust: a variant brought in by `use S::*` is checked where it is used bare', file: 'lib.rs', text: lines('pub enum S {', '    T(i32),', '}', '', 'use S::*;', '', 'pub fn f() -> S {', '    T(1)', '}'), edits: [{ op: 'set', address: 'pub enum S\nT', value: 'T(i32, i32)' }], expected: ['8: passes no argument for an unnamed parameter'] },
  { name: 'Rust: a tuple struct called and matched', file: 'lib.rs', text: lines('pub struct T(pub i32);', '', 'pub fn f(t: T) -> T {', '    let T(a) = t;', '    T(a + 1)', '}'), edits: [{ op: 'add', address: 'pub struct T', value: 'pub i32' }], expected: ['4: gives 1 value by position; T has 2 fields', '5: passes no argument for an unnamed parameter'] },
  { name: 'Go: a struct field added: a literal giving every field by position, and elements of []P{…}', file: 'p.go', text: lines('package p', '', 'type P struct {', '\tX int', '\tY int', '}', '', 'var a = P{1, 2}', 'var b = &P{X: 1}', 'var c = []P{{X: 1}, {3, 4}}'), edits: [{ op: 'add', address: 'type P', value: 'Z int' }], expected: ['9: gives 2 values by position; P has 3 fields', '11: its element 2 (a P written without its name) gives 2 values by position; P has 3 fields'] },
  { name: 'Go: a struct field a keyed literal names, removed', file: 'p.go', text: lines('package p', '', 'type P struct {', '\tX int', '\tY int', '}', '', 'var b = P{X: 1, Y: 2}', 'var c = map[string]P{"a": {Y: 3}}'), edits: [{ op: 'remove', address: 'type P\nY' }], expected: ['7: names the field Y, which P no longer has', '8: names the field Y, which P no longer has'] },
  { name: "Swift: a struct's memberwise initializer given a stored property without a value", file: 'p.swift', text: lines('struct P {', '    var x: Int', '    let k = 1', '    var note: String?', '    var area: Int { x * x }', '}', '', 'let p = P(x: 1)', 'let q: P = .init(x: 2, note: "n")'), edits: [{ op: 'add', address: 'struct P', value: 'var y: Int' }], expected: ['9: passes no argument for y', '10: passes no argument for y'] },
  { name: "Swift: one with a value is optional; a struct with an init of its own is checked by that", file: 'p.swift', text: lines('struct P {', '    var x: Int', '}', '', 'struct Q {', '    var x: Int', '    init() { x = 0 }', '}', '', 'let p = P(x: 1)', 'let q = Q()'), edits: [{ op: 'add', address: 'struct P', value: 'var y: Int = 0' }, { op: 'add', address: 'struct Q', value: 'var y: Int' }], expected: 'applied' },
  { name: 'Python: an __init__ of its own added to a dataclass: constructions must fit it instead', file: 'p.py', text: lines('from dataclasses import dataclass', '', '', '@dataclass', 'class P:', '    x: int', '', '', 'p = P(1)'), edits: [{ op: 'add', address: 'class P', value: 'def __init__(self):\n    self.x = 0' }], expected: ['12: passes 1 argument by position; it takes none'] },
  { name: 'Scala: a method body set in a class whose companion object has its name', file: 'a.scala', text: lines('abstract class A {', '  def f: Int = 1', '}', 'object A {', '  def g: Int = 2', '}'), edits: [{ op: 'set', address: 'abstract class A\ndef f.body', value: '3' }], expected: 'applied' },
  { name: "C++: a constructor's calls cannot all be found", file: 'a.cpp', text: lines('class A {', ' public:', '  A(int a) {}', '};', 'A x(1);'), edits: [{ op: 'add', address: 'class A\nA(int a)', value: 'int b' }], expected: ['3: a cpp constructor is also called where its class is not named (conversions, copies, members), which structedit cannot check'] },
];

describe('a changed parameter list still fits every call (CALLS_BROKEN)', () => {
  // A parameter renamed takes the named arguments of its function's proven calls with it.
  const renamed: Array<{ file: string; text: string; address: string; newName: string; expected: string }> = [
    { file: 'a.py', text: lines('def ff(a, bb=0):', '    return a + bb', '', '', 'x = ff(1, bb=2)', 'y = ff(1, 2)'), address: 'def ff.params.bb', newName: 'zz', expected: lines('def ff(a, zz=0):', '    return a + zz', '', '', 'x = ff(1, zz=2)', 'y = ff(1, 2)') },
    { file: 'a.swift', text: lines('func ff(a: Int, bb: Int) -> Int {', '    return a + bb', '}', '', 'let x = ff(a: 1, bb: 2)'), address: 'func ff.params.bb', newName: 'zz', expected: lines('func ff(a: Int, zz: Int) -> Int {', '    return a + zz', '}', '', 'let x = ff(a: 1, zz: 2)') },
    { file: 'a.swift', text: lines('func ff(a: Int, with bb: Int) -> Int {', '    return a + bb', '}', '', 'let x = ff(a: 1, with: 2)'), address: 'func ff.params.bb', newName: 'zz', expected: lines('func ff(a: Int, with zz: Int) -> Int {', '    return a + zz', '}', '', 'let x = ff(a: 1, with: 2)') },
    { file: 'A.cs', text: lines('class A {', '    static int F(int a, int bb = 0) {', '        return a + bb;', '    }', '    static int G() { return F(1, bb: 2); }', '}'), address: 'class A\nstatic int F.params.bb', newName: 'zz', expected: lines('class A {', '    static int F(int a, int zz = 0) {', '        return a + zz;', '    }', '    static int G() { return F(1, zz: 2); }', '}') },
  ];
  for (const { file, text, address, newName, expected } of renamed) {
    it(`${file}: ${address.split('\n').pop()} renamed with the calls that name it`, async () => {
      const fs = memoryFs({ [file]: text });
      const result = await createEditor({ fs, semantic: 'syntax' }).applyEdits({ edits: [{ op: 'rename', path: file, address, new_name: newName }] });
      expect(result.isOk() ? result.value.status : result.error.message).toBe('applied');
      expect(fs.snapshot()[file]).toBe(expected);
    });
  }

  for (const { name, file, text, edits, expected } of cases) {
    it(name, async () => {
      const fs = memoryFs({ [file]: text });
      const editor = createEditor({ fs, semantic: 'syntax' });
      const result = await editor.applyEdits({ edits: edits.map((edit) => ({ ...edit, path: file }) as SemanticEdit) });
      if (expected === 'applied') {
        expect(result.isOk() ? result.value.status : `${result.error.error}: ${result.error.message}`).toBe('applied');
        return;
      }
      expect(result.isErr() && result.error.error).toBe('CALLS_BROKEN');
      if (!result.isErr() || result.error.error !== 'CALLS_BROKEN') return;
      expect(result.error.details.calls.map((call) => `${call.line}: ${call.reason.split('; it may be a use')[0]}`)).toEqual(expected);
      expect(fs.snapshot()[file]).toBe(text);
      // validate: false writes it anyway.
      const forced = await editor.applyEdits({ edits: edits.map((edit) => ({ ...edit, path: file }) as SemanticEdit), options: { validate: false } });
      expect(forced.isOk()).toBe(true);
    });
  }
});
