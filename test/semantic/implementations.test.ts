import { refusalCases, type RefusalCase } from './refusal-cases.js';

// A method without a body added to an interface (a trait, a protocol, an abstract class) must be
// defined by every type implementing it: it used to be `applied` while `class A implements I` no
// longer compiled. Each case: the files, the edit, and what comes back: `applied`, or each
// implementation IMPLEMENTATIONS_BROKEN lists as `file:line: reason` (every file byte-identical).

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const java = { 'I.java': lines('interface I {', '    void f();', '}'), 'A.java': lines('class A implements I {', '    public void f() {}', '}') };

const cases: RefusalCase[] = [
  { name: 'Java: a method without a body added to an interface', files: java, edit: (editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'I.java', address: 'interface I', value: 'void g();' }] }), expected: ['A.java:1: A does not define g (0 parameters), which I now requires'] },
  { name: 'Java: a default method needs no implementation', files: java, edit: (editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'I.java', address: 'interface I', value: 'default void g() {}' }] }), expected: 'applied' },
  {
    name: 'Java: defined by the implementation in the same batch',
    files: java,
    edit: (editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'I.java', address: 'interface I', value: 'void g();' }, { op: 'add', path: 'A.java', address: 'class A implements I', value: 'public void g() {}' }] }),
    expected: 'applied',
  },
  {
    name: 'Java: an anonymous class, a class implementing a subinterface, a class with another base, and lambdas where the interface had one method',
    files: {
      'I.java': lines('interface I {', '    void f();', '}'),
      'U.java': lines('class U extends Base implements I {', '    public void f() {}', '    static I make() {', '        return new I() {', '            public void f() {}', '        };', '    }', '    static void use(I i) {}', '}'),
      'J.java': lines('interface J extends I {', '}', '', 'class K implements J {', '    public void f() {}', '}'),
    },
    edit: (editor) => editor.insertAfterStructure({ path: 'I.java', target: 'interface I\nvoid f', content: 'void g();' }),
    expected: [
      'J.java:4: K does not define g (0 parameters), which I now requires (through J)',
      'U.java:1: U does not define g (0 parameters), and may inherit it from its other bases, which structedit does not read',
      "U.java:3: I had one abstract method: lambdas and method references implement it where it is a parameter's or variable's type, and they cannot define g (0 parameters)",
      'U.java:4: the anonymous class does not define g (0 parameters), which I now requires',
    ],
  },
  { name: "Java: an interface method's parameters changed: an implementation taking the old ones no longer implements it", files: java, edit: (editor) => editor.replaceStructure({ path: 'I.java', target: 'interface I\nvoid f', content: 'void f(int times);' }), expected: ['A.java:1: A does not define f (1 parameter), which I now requires'] },
  { name: 'Java: an abstract method added to an abstract class', files: { 'B.java': lines('abstract class B {', '    abstract void f();', '}'), 'A.java': lines('class A extends B {', '    void f() {}', '}') }, edit: (editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'B.java', address: 'abstract class B', value: 'abstract void g();' }] }), expected: ['A.java:1: A does not define g (0 parameters), which B now requires'] },
  { name: 'C#: a method without a body', files: { 'I.cs': lines('interface I', '{', '    void F();', '}'), 'A.cs': lines('class A : I', '{', '    public void F() {}', '}') }, edit: (editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'I.cs', address: 'interface I', value: 'void G();' }] }), expected: ['A.cs:1: A does not define G (0 parameters), which I now requires'] },
  { name: 'Kotlin: a function without a body', files: { 'I.kt': lines('interface I {', '    fun f()', '}'), 'A.kt': lines('class A : I {', '    override fun f() {}', '    override fun g() {}', '}'), 'B.kt': lines('class B : I {', '    override fun f() {}', '}') }, edit: (editor) => editor.insertAfterStructure({ path: 'I.kt', target: 'interface I\nfun f', content: 'fun g()' }), expected: ['B.kt:1: B does not define g (0 parameters), which I now requires'] },
  { name: 'Rust: a trait method without a default', files: { 'src/lib.rs': lines('pub trait I {', '    fn f(&self);', '}', '', 'pub struct A;', '', 'impl I for A {', '    fn f(&self) {}', '}') }, edit: (editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'src/lib.rs', address: 'pub trait I', value: 'fn g(&self);' }] }), expected: ['src/lib.rs:8: A does not define g (1 parameter), which I now requires'] },
  { name: 'Rust: one with a default', files: { 'src/lib.rs': lines('pub trait I {', '    fn f(&self);', '}', '', 'pub struct A;', '', 'impl I for A {', '    fn f(&self) {}', '}') }, edit: (editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'src/lib.rs', address: 'pub trait I', value: 'fn g(&self) {}' }] }), expected: 'applied' },
  { name: 'PHP: an interface method', files: { 'i.php': lines('<?php', 'interface I {', '    public function f();', '}', 'class A implements I {', '    public function f() {}', '}') }, edit: (editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'i.php', address: 'interface I', value: 'public function g();' }] }), expected: ['i.php:6: A does not define g (0 parameters), which I now requires'] },
  { name: 'Swift: a protocol requirement', files: { 'p.swift': lines('protocol P {', '    func f()', '}', '', 'struct A: P {', '    func f() {}', '}') }, edit: (editor) => editor.insertAfterStructure({ path: 'p.swift', target: 'protocol P\nfunc f', content: 'func g()' }), expected: ['p.swift:6: A does not define g (0 parameters), which P now requires'] },
  { name: 'Swift: a protocol property requirement, defined by one conforming type and not the other', files: { 'p.swift': lines('protocol P {', '    func f()', '}', '', 'struct A: P {', '    var label: String { "a" }', '    func f() {}', '}', '', 'struct B: P {', '    func f() {}', '}') }, edit: (editor) => editor.insertAfterStructure({ path: 'p.swift', target: 'protocol P\nfunc f', content: 'var label: String { get }' }), expected: ['p.swift:11: B does not define label, which P now requires'] },
  {
    name: 'Python: an abstract method added to an abstract base class (a property or class attribute defines it; a mixin may)',
    files: {
      'base.py': lines('from abc import ABC, abstractmethod', '', '', 'class Base(ABC):', '    @abstractmethod', '    def f(self): ...'),
      'impl.py': lines('from base import Base', '', '', 'class A(Base):', '    def f(self):', '        return 1', '', '', 'class B(Base):', '    def f(self):', '        return 2', '', '    @property', '    def g(self):', '        return 3', '', '', 'class C(Base):', '    g = None', '', '    def f(self):', '        return 4', '', '', 'class D(Base, Mixin):', '    def f(self):', '        return 5'),
    },
    edit: (editor) => editor.insertAfterStructure({ path: 'base.py', target: 'class Base\ndef f', content: '@abstractmethod\ndef g(self): ...' }),
    expected: ['impl.py:4: A does not define g, which Base now requires', 'impl.py:25: D does not define g, and may inherit it from its other bases, which structedit does not read'],
  },
  {
    name: 'Python: the first abstract method of a class deriving from ABC, followed through an abstract subclass',
    files: { 'm.py': lines('import abc', '', '', 'class Base(metaclass=abc.ABCMeta):', '    def f(self):', '        return 1', '', '', 'class Middle(Base):', '    @abc.abstractmethod', '    def h(self): ...', '', '', 'class Leaf(Middle):', '    def h(self):', '        return 2') },
    edit: (editor) => editor.insertAfterStructure({ path: 'm.py', target: 'class Base\ndef f', content: '@abc.abstractmethod\ndef g(self): ...' }),
    expected: ['m.py:17: Leaf does not define g, which Base now requires (through Middle)'],
  },
  { name: 'Python: a method with a body added to an abstract base class needs no implementation', files: { 'm.py': lines('from abc import ABC, abstractmethod', '', '', 'class Base(ABC):', '    @abstractmethod', '    def f(self): ...', '', '', 'class A(Base):', '    def f(self):', '        return 1') }, edit: (editor) => editor.insertAfterStructure({ path: 'm.py', target: 'class Base\ndef f', content: 'def g(self):\n    return 2' }), expected: 'applied' },
  {
    name: 'C++: a pure virtual function added to a base class (a declaration in the derived class overrides it)',
    files: { 'shape.hpp': lines('struct Shape {', '    virtual double area() const = 0;', '};', '', 'struct Circle : public Shape {', '    double area() const override { return 3.14; }', '};', '', 'struct Square : Shape {', '    double area() const override;', '    double perimeter() const override;', '};') },
    edit: (editor) => editor.insertAfterStructure({ path: 'shape.hpp', target: 'struct Shape\nvirtual double area', content: 'virtual double perimeter() const = 0;' }),
    expected: ['shape.hpp:6: Circle does not define perimeter, which Shape now requires'],
  },
  { name: "Java: an implementation's method given a parameter no longer implements the interface's", files: java, edit: (editor) => editor.replaceStructure({ path: 'A.java', target: 'class A implements I\npublic void f', content: 'public void f(int times) {}' }), expected: ['A.java:1: A no longer defines f (0 parameters), which I requires'] },
  { name: "Java: an implementation's method renamed", files: java, edit: (editor) => editor.replaceStructure({ path: 'A.java', target: 'class A implements I\npublic void f', content: 'public void g() {}' }), expected: ['A.java:1: A no longer defines f (0 parameters), which I requires'] },
  { name: "Java: an implementation's method body edited", files: java, edit: (editor) => editor.replaceStructure({ path: 'A.java', target: 'class A implements I\npublic void f', content: 'public void f() { System.out.println(); }' }), expected: 'applied' },
  { name: 'Java: a method marked @Override of a base structedit cannot read, renamed', files: { 'A.java': lines('class A implements Runnable {', '    @Override', '    public void run() {}', '}') }, edit: (editor) => editor.replaceStructure({ path: 'A.java', target: 'class A implements Runnable\n@Override', content: '@Override\npublic void start() {}' }), expected: ['A.java:1: A no longer defines run (0 parameters), marked as overriding a member of Runnable, which structedit cannot read: whether it still overrides one cannot be told'] },
  { name: "Rust: a trait impl's method given a parameter", files: { 'src/lib.rs': lines('pub trait I {', '    fn f(&self);', '}', '', 'pub struct A;', '', 'impl I for A {', '    fn f(&self) {}', '}') }, edit: (editor) => editor.replaceStructure({ path: 'src/lib.rs', target: 'impl I for A\nfn f', content: 'fn f(&self, times: u8) {}' }), expected: ['src/lib.rs:7: A no longer defines f (1 parameter), which I requires'] },
  { name: 'Go: a type implements an interface without naming it', files: { 'p.go': lines('package p', '', 'type I interface {', '\tF()', '}') }, edit: (editor) => editor.insertAfterStructure({ path: 'p.go', target: 'type I\nF', content: 'G()' }), expected: ['p.go:3: go types implement an interface without naming it: which of them lack G cannot be told without types'] },
  {
    name: 'TypeScript without a checker: a class implementing it, and values typed as it',
    files: { 'i.ts': lines('export interface I {', '  f(): void;', '}'), 'a.ts': lines("import { I } from './i';", 'export class A implements I {', '  f() {}', '}', 'export const x: I = { f() {} };') },
    edit: (editor) => editor.insertAfterStructure({ path: 'i.ts', target: 'export interface I\nf', content: 'g(): void;' }),
    expected: ['a.ts:2: A does not define g, which I now requires', 'a.ts:5: values typed as I (an object literal) must define g, which structedit cannot check'],
  },
  {
    name: "TypeScript without a checker: uses of it that type no value (`Partial<I>`, `keyof I`, `I['f']`) need no member",
    files: { 'i.ts': lines('export interface I {', '  f(): void;', '}'), 'a.ts': lines("import { I } from './i';", 'export const x: Partial<I> = {};', "export type K = keyof I | I['f'];", 'export const y: Map<string, Partial<I>> = new Map();') },
    edit: (editor) => editor.insertAfterStructure({ path: 'i.ts', target: 'export interface I\nf', content: 'g(): void;' }),
    expected: 'applied',
  },
  {
    name: 'TypeScript without a checker: a value typed as it inside a Partial object still must define it',
    files: { 'i.ts': lines('export interface I {', '  f(): void;', '}'), 'a.ts': lines("import { I } from './i';", 'export const x: Partial<{ i: I }> = {};') },
    edit: (editor) => editor.insertAfterStructure({ path: 'i.ts', target: 'export interface I\nf', content: 'g(): void;' }),
    expected: ['a.ts:2: values typed as I (an object literal) must define g, which structedit cannot check'],
  },
  { name: 'TypeScript: an optional member needs no implementation', files: { 'i.ts': lines('export interface I {', '  f(): void;', '}'), 'a.ts': lines("import { I } from './i';", 'export class A implements I {', '  f() {}', '}') }, edit: (editor) => editor.insertAfterStructure({ path: 'i.ts', target: 'export interface I\nf', content: 'g?(): void;' }), expected: 'applied' },
];

refusalCases('an interface that requires a new member still has every implementation defining it (IMPLEMENTATIONS_BROKEN)', 'IMPLEMENTATIONS_BROKEN', (error) => error.details.implementations, cases);
