import { refusalCases, type RefusalCase } from './refusal-cases.js';

// A declaration whose reach an edit narrows (`pub` removed, `private` added, Java's `public`
// dropped) must not be used from beyond its new reach: it used to be `applied` while those uses
// stopped compiling. Each case: the files, the edit, and what comes back: `applied`, or each use
// NAMES_OUT_OF_REACH lists as `file:line: reason` (every file byte-identical).

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const crate = {
  'src/lib.rs': lines('pub mod shapes;', '', 'pub fn total() -> u32 {', '    shapes::area() + shapes::round::radius()', '}'),
  'src/shapes.rs': lines('pub mod round;', '', 'pub fn area() -> u32 {', '    1', '}'),
  'src/shapes/round.rs': lines('pub fn radius() -> u32 {', '    super::area()', '}'),
};

const cases: RefusalCase[] = [
  {
    name: "Rust: `pub` removed: a use in the module's child still reaches it, one in its parent does not",
    files: crate,
    edit: (editor) => editor.replaceStructure({ path: 'src/shapes.rs', target: 'pub fn area', content: 'fn area() -> u32 {\n    1\n}' }),
    expected: ['src/lib.rs:4: uses area from outside the module of src/shapes.rs, which area no longer reaches (private to its module: no pub)'],
  },
  { name: 'Rust: `pub` added reaches further: nothing to check', files: { 'src/lib.rs': lines('mod m {', '    fn f() {}', '}') }, edit: (editor) => editor.replaceStructure({ path: 'src/lib.rs', target: 'mod m\nfn f', content: 'pub fn f() {}' }), expected: 'applied' },
  {
    name: 'Rust: a type made private while a pub field of a pub struct is of that type',
    files: { 'src/lib.rs': lines('pub mod m {', '    pub struct Inner;', '', '    pub struct Outer {', '        pub inner: Option<Inner>,', '    }', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'src/lib.rs', target: 'pub mod m\npub struct Inner', content: 'struct Inner;' }),
    expected: ['src/lib.rs:5: writes Inner in the interface of inner, which reaches further than Inner now does (a private type in a public interface): its users need the type'],
  },
  {
    name: "Java: `public` made `private`: another class's use is out of reach, a nested class's is not",
    files: { 'a/A.java': lines('package a;', '', 'public class A {', '    public static int f() { return 1; }', '', '    static class Inner {', '        int g() { return f(); }', '    }', '}'), 'a/B.java': lines('package a;', '', 'class B {', '    int h() { return A.f(); }', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'a/A.java', target: 'public class A\npublic static int f', content: 'private static int f() { return 1; }' }),
    expected: ['a/B.java:4: uses f from outside A, which f no longer reaches (private to its outermost type)'],
  },
  {
    name: 'Java: `public` dropped: package-private reaches its own folder, not another',
    files: { 'a/A.java': lines('package a;', '', 'public class A {', '    public static int f() { return 1; }', '}'), 'a/B.java': lines('package a;', '', 'class B {', '    int h() { return A.f(); }', '}'), 'b/C.java': lines('package b;', '', 'import a.A;', '', 'class C {', '    int k() { return A.f(); }', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'a/A.java', target: 'public class A\npublic static int f', content: 'static int f() { return 1; }' }),
    expected: ["b/C.java:6: uses f from another package than a/A.java's, which f no longer reaches (package-private: its package)"],
  },
  {
    name: "Java: a package is what the files declare: a test in another source root's folder of that package still reaches it",
    files: { 'src/main/java/a/A.java': lines('package a;', '', 'public class A {', '    public static int f() { return 1; }', '}'), 'src/test/java/a/ATest.java': lines('package a;', '', 'class ATest {', '    int t() { return A.f(); }', '}'), 'src/main/java/b/C.java': lines('package b;', '', 'import a.A;', '', 'class C {', '    int k() { return A.f(); }', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'src/main/java/a/A.java', target: 'public class A\npublic static int f', content: 'static int f() { return 1; }' }),
    expected: ["src/main/java/b/C.java:6: uses f from another package than src/main/java/a/A.java's, which f no longer reaches (package-private: its package)"],
  },
  {
    name: 'C#: a member without an access modifier is private',
    files: { 'A.cs': lines('class A', '{', '    public static int F() { return 1; }', '}'), 'B.cs': lines('class B', '{', '    int G() { return A.F(); }', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'A.cs', target: 'class A\npublic static int F', content: 'static int F() { return 1; }' }),
    expected: ['B.cs:3: uses F from outside A, which F no longer reaches (private to its type)'],
  },
  {
    name: "Swift: `private` reaches the type's extensions in its file, not another file",
    files: { 'A.swift': lines('struct A {', '    func f() -> Int { 1 }', '}', '', 'extension A {', '    func g() -> Int { f() }', '}'), 'B.swift': lines('func h(a: A) -> Int {', '    return a.f()', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'A.swift', target: 'struct A\nfunc f', content: 'private func f() -> Int { 1 }' }),
    expected: ['B.swift:2: uses f from outside A, which f no longer reaches (private to its type)'],
  },
  {
    name: "JavaScript: `export` removed: its file's uses still reach it, another module's import does not",
    files: { 'a.js': lines('export function f() {', '  return 1;', '}', '', 'export const y = f();'), 'b.js': lines("import { f } from './a.js';", '', 'export const x = f();') },
    edit: (editor) => editor.replaceTextInStructure({ path: 'a.js', target: 'export function f', old_text: 'export function f', new_text: 'function f' }),
    expected: ['b.js:1: uses f from outside a.js, which f no longer reaches (private to its file)'],
  },
  { name: 'JavaScript: exported by an export list instead', files: { 'a.js': lines('export function f() {', '  return 1;', '}'), 'b.js': lines("import { f } from './a.js';", '', 'export const x = f();') }, edit: (editor) => editor.replaceStructure({ path: 'a.js', target: 'export function f', content: 'function f() {\n  return 1;\n}\n\nexport { f };' }), expected: 'applied' },
  {
    name: 'TypeScript without a checker: a method made private',
    files: { 'a.ts': lines('export class A {', '  f(): number {', '    return 1;', '  }', '}', '', 'export const x = new A().f();') },
    edit: (editor) => editor.replaceStructure({ path: 'a.ts', target: 'export class A\nf', content: 'private f(): number {\n  return 1;\n}' }),
    expected: ['a.ts:7: uses f from outside A, which f no longer reaches (private to its type)'],
  },
];

refusalCases('a declaration whose reach narrowed is used only where it still reaches (NAMES_OUT_OF_REACH)', 'NAMES_OUT_OF_REACH', (error) => error.details.uses, cases);
