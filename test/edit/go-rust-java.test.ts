import { describe, expect, it } from 'vitest';
import { editorOver, expectFigures, lines, spliceLines } from '../helpers.js';

const server = lines(
  'package main',
  '',
  'import "fmt"',
  '',
  '// Server serves.',
  'type Server struct {',
  '\tAddr string',
  '\tPort int',
  '}',
  '',
  '// Start starts it.',
  'func (s *Server) Start() error {',
  '\tif s.Port == 0 {',
  '\t\treturn fmt.Errorf("no port")',
  '\t}',
  '\treturn nil',
  '}',
  '',
  'func main() {',
  '\ts := &Server{}',
  '\ts.Start()',
  '}',
);

describe('structure edits in Go (tab-indented)', () => {
  it('inserts space-indented content as tabs inside a method body', async () => {
    const { editor, fs } = editorOver({ 'main.go': server });
    const result = expectFigures(await editor.insertAfterStructure({ path: 'main.go', target: 'func (s *Server) Start\nif s.Port', content: 'if s.Addr == "" {\n    s.Addr = "localhost"\n}' }));
    expect(result).toEqual({ inserted_at_line: 16, dry_run: false, warnings: [] });
    expect(fs.snapshot()['main.go']).toBe(spliceLines(server, 16, 16, '\tif s.Addr == "" {', '\t\ts.Addr = "localhost"', '\t}', '\treturn nil'));
  });

  it('deletes a type with its doc comment and one of the two blank lines around it', async () => {
    const { editor, fs } = editorOver({ 'main.go': server });
    expect(expectFigures(await editor.deleteStructure({ path: 'main.go', target: 'type Server', force: true }))).toEqual({ deleted_line_range_inclusive: [5, 9], dry_run: false, warnings: [] });
    expect(fs.snapshot()['main.go']).toBe(spliceLines(server, 5, 10));
  });

  it('replaces a method named by its doc comment, keeping the comment the content leaves out, and moves a function before it', async () => {
    const { editor, fs } = editorOver({ 'main.go': server });
    expect(expectFigures(await editor.replaceStructure({ path: 'main.go', target: '// Start', content: 'func (s *Server) Start() error {\n\treturn fmt.Errorf("off")\n}' }))).toEqual({ lines: [11, 14], kept_leading_lines: 1, dry_run: false, warnings: [] });
    expect(expectFigures(await editor.moveStructure({ source_path: 'main.go', source_target: 'func main', dest_path: 'main.go', dest_target: 'func (s *Server) Start', position: 'before' }))).toEqual({
      source_original_line_range: [16, 19],
      destination_final_line_range: [11, 14],
      dry_run: false,
      warnings: [],
    });
    expect(fs.snapshot()['main.go']).toBe(spliceLines(server, 11, 22, 'func main() {', '\ts := &Server{}', '\ts.Start()', '}', '', '// Start starts it.', 'func (s *Server) Start() error {', '\treturn fmt.Errorf("off")', '}'));
  });

  it('replaces a method and its doc comment when the content brings its own', async () => {
    const { editor, fs } = editorOver({ 'main.go': server });
    expect(expectFigures(await editor.replaceStructure({ path: 'main.go', target: '// Start', content: '// Start does nothing.\nfunc (s *Server) Start() error {\n\treturn fmt.Errorf("off")\n}' }))).toEqual({ lines: [11, 14], kept_leading_lines: 0, dry_run: false, warnings: [] });
    expect(fs.snapshot()['main.go']).toBe(spliceLines(server, 11, 17, '// Start does nothing.', 'func (s *Server) Start() error {', '\treturn fmt.Errorf("off")', '}'));
  });
});

describe('text edits and insert-before in Go', () => {
  it('replaceTextInStructure, replaceAllTextInStructure and insertBeforeStructure', async () => {
    const { editor, fs } = editorOver({ 'main.go': server });
    expect(expectFigures(await editor.replaceTextInStructure({ path: 'main.go', target: 'func (s *Server) Start\nif s.Port', old_text: '"no port"', new_text: '"no port for %s", s.Addr' }))).toEqual({ affected_lines: [14, 14], dry_run: false, warnings: [] });
    expect(expectFigures(await editor.replaceAllTextInStructure({ path: 'main.go', target: 'func main', old_text: 's', new_text: 'srv', expected_count: 2 }))).toEqual({ total_replacements: 2, affected_lines: [20, 21], dry_run: false, warnings: [] });
    expect(expectFigures(await editor.insertBeforeStructure({ path: 'main.go', target: 'func main', content: '// main runs the server.' }))).toEqual({ inserted_at_line: 19, target_now_at_line: 20, dry_run: false, warnings: [] });
    expect(fs.snapshot()['main.go']).toBe(spliceLines(spliceLines(server, 19, 21, '// main runs the server.', 'func main() {', '\tsrv := &Server{}', '\tsrv.Start()'), 14, 14, '\t\treturn fmt.Errorf("no port for %s", s.Addr)'));
  });
});

const shape = lines(
  '/// A shape.',
  '#[derive(Debug, Clone)]',
  'pub enum Shape {',
  '    Circle(f64),',
  '    Square(f64),',
  '}',
  '',
  'impl Shape {',
  '    /// Its area.',
  '    pub fn area(&self) -> f64 {',
  '        match self {',
  '            Shape::Circle(r) => 3.14 * r * r,',
  '            Shape::Square(s) => s * s,',
  '        }',
  '    }',
  '}',
);

describe('structure edits in Rust', () => {
  it('inserts an enum variant with the comma the other variants carry', async () => {
    const { editor, fs } = editorOver({ 'lib.rs': shape });
    // (The layout is what is tested: the match in `area` that the new variants break, which the check refuses, is left to force.)
    expect(expectFigures(await editor.insertAfterStructure({ path: 'lib.rs', target: 'pub enum Shape\nSquare', content: 'Triangle(f64, f64)', force: true }))).toEqual({ inserted_at_line: 6, dry_run: false, warnings: [] });
    expect(expectFigures(await editor.insertBeforeStructure({ path: 'lib.rs', target: 'pub enum Shape\nCircle', content: 'Point', force: true }))).toEqual({ inserted_at_line: 4, target_now_at_line: 5, dry_run: false, warnings: [] });
    expect(fs.snapshot()['lib.rs']).toBe(spliceLines(shape, 4, 5, '    Point,', '    Circle(f64),', '    Square(f64),', '    Triangle(f64, f64),'));
  });

  it('deletes a match arm and the variant with its comma', async () => {
    const { editor, fs } = editorOver({ 'lib.rs': shape });
    expectFigures(await editor.deleteStructure({ path: 'lib.rs', target: 'pub enum Shape\nSquare', force: true }));
    expectFigures(await editor.deleteStructure({ path: 'lib.rs', target: 'impl Shape\npub fn area\nmatch\nShape::Square' }));
    expect(fs.snapshot()['lib.rs']).toBe(spliceLines(spliceLines(shape, 13, 13), 5, 5));
  });

  it('moves a method out of its impl, warning that the impl is empty', async () => {
    const { editor, fs } = editorOver({ 'lib.rs': shape });
    // (The layout is what is tested: the method's uses of its class, which the move's check refuses, are left to force.)
    const result = expectFigures(await editor.moveStructure({ source_path: 'lib.rs', source_target: 'impl Shape\npub fn area', dest_path: 'lib.rs', position: 'file_end', force: true }));
    expect(result.destination_final_line_range).toEqual([11, 17]);
    expect(result.warnings).toEqual([expect.objectContaining({ type: 'STRUCTURE_EMPTY', details: { structure: 'impl Shape', kind: 'impl', lines: [8, 9] } })]);
    expect(fs.snapshot()['lib.rs']).toBe(lines(...shape.split('\n').slice(0, 8), '}', '', '/// Its area.', 'pub fn area(&self) -> f64 {', '    match self {', '        Shape::Circle(r) => 3.14 * r * r,', '        Shape::Square(s) => s * s,', '    }', '}'));
  });
});

describe('replace and text edits in Rust', () => {
  it('replaceStructure keeps the attributes it is given, text edits stay in their arm', async () => {
    const { editor, fs } = editorOver({ 'lib.rs': shape });
    // (The match below still names Shape::Square, which the new text leaves out: force, as the layout is what is measured.)
    expect(expectFigures(await editor.replaceStructure({ path: 'lib.rs', target: '#[derive', content: '/// A shape.\n#[derive(Debug)]\npub enum Shape {\n    Circle(f64),\n}', force: true }))).toEqual({ lines: [1, 5], kept_leading_lines: 0, dry_run: false, warnings: [] });
    expect(expectFigures(await editor.replaceTextInStructure({ path: 'lib.rs', target: 'impl Shape\npub fn area\nmatch\nShape::Circle', old_text: '3.14', new_text: 'std::f64::consts::PI' }))).toEqual({ affected_lines: [11, 11], dry_run: false, warnings: [] });
    expect(expectFigures(await editor.replaceAllTextInStructure({ path: 'lib.rs', target: 'impl Shape\npub fn area\nmatch\nShape::Square', old_text: 's', new_text: 'side' }))).toEqual({ total_replacements: 3, affected_lines: [12, 12], dry_run: false, warnings: [] });
    expect(fs.snapshot()['lib.rs']).toBe(lines('/// A shape.', '#[derive(Debug)]', 'pub enum Shape {', '    Circle(f64),', '}', ...shape.split('\n').slice(6, 11), '            Shape::Circle(r) => std::f64::consts::PI * r * r,', '            Shape::Square(side) => side * side,', '        }', '    }', '}'));
  });
});

const shop = lines(
  'package shop;',
  '',
  '/** A shop. */',
  'public class Shop {',
  '    private int count;',
  '',
  '    /** Opens it. */',
  '    @Override',
  '    public void open() {',
  '        count = 0;',
  '    }',
  '',
  '    public int count() {',
  '        return count;',
  '    }',
  '}',
);

describe('structure edits in Java', () => {
  it('replaces an annotated method with its Javadoc, named by its annotation', async () => {
    const { editor, fs } = editorOver({ 'Shop.java': shop });
    expect(expectFigures(await editor.replaceStructure({ path: 'Shop.java', target: 'public class Shop\n@Override', content: '@Override\npublic void open() {\n    count = 1;\n}' }))).toEqual({ lines: [7, 10], kept_leading_lines: 0, dry_run: false, warnings: [] });
    expect(fs.snapshot()['Shop.java']).toBe(spliceLines(shop, 7, 11, '    @Override', '    public void open() {', '        count = 1;', '    }'));
  });

  it('deletes an annotated method and inserts a field after the first one', async () => {
    const { editor, fs } = editorOver({ 'Shop.java': shop });
    expect(expectFigures(await editor.deleteStructure({ path: 'Shop.java', target: 'public class Shop\npublic void open' }))).toEqual({ deleted_line_range_inclusive: [7, 11], dry_run: false, warnings: [] });
    expect(expectFigures(await editor.insertAfterStructure({ path: 'Shop.java', target: 'public class Shop\nprivate int count', content: 'private String name;' }))).toEqual({ inserted_at_line: 6, dry_run: false, warnings: [] });
    // A field next to a field sits tight to it (one-line structures of one kind, nothing else in the
    // class to follow); the blank line before the method stays.
    expect(fs.snapshot()['Shop.java']).toBe(spliceLines(shop, 6, 12, '    private String name;', ''));
  });

  it('replaces text in one method only and moves a method to another class file', async () => {
    const { editor, fs } = editorOver({ 'Shop.java': shop, 'Counter.java': lines('public class Counter {', '}') });
    expect(expectFigures(await editor.replaceAllTextInStructure({ path: 'Shop.java', target: 'public class Shop\npublic int count', old_text: 'count', new_text: 'size' }))).toEqual({ total_replacements: 2, affected_lines: [13, 14], dry_run: false, warnings: [] });
    const moved = expectFigures(await editor.moveStructure({ source_path: 'Shop.java', source_target: 'public class Shop\npublic int size', dest_path: 'Counter.java', dest_target: 'public class Counter', position: 'after' }));
    expect(moved.destination_final_line_range).toEqual([4, 6]);
    expect(fs.snapshot()).toEqual({
      'Shop.java': lines(...shop.split('\n').slice(0, 11), '}'),
      'Counter.java': lines('public class Counter {', '}', '', 'public int size() {', '    return size;', '}'),
    });
  });
});

describe('text edits and insert-before in Java', () => {
  it('replaceTextInStructure and insertBeforeStructure with an annotation', async () => {
    const { editor, fs } = editorOver({ 'Shop.java': shop });
    expect(expectFigures(await editor.replaceTextInStructure({ path: 'Shop.java', target: 'public class Shop\n@Override', old_text: 'count = 0', new_text: 'count = 10' }))).toEqual({ affected_lines: [10, 10], dry_run: false, warnings: [] });
    expect(expectFigures(await editor.insertBeforeStructure({ path: 'Shop.java', target: 'public class Shop\npublic int count', content: '@Deprecated\npublic void close() {\n    count = -1;\n}' }))).toEqual({
      inserted_at_line: 13,
      target_now_at_line: 18,
      dry_run: false,
      warnings: [],
    });
    expect(fs.snapshot()['Shop.java']).toBe(spliceLines(shop, 10, 13, '        count = 10;', '    }', '', '    @Deprecated', '    public void close() {', '        count = -1;', '    }', '', '    public int count() {'));
  });
});

describe('what the grammars accept and the compilers refuse (Go, Java, Rust)', () => {
  it("refuses an edit that leaves a function with a result without its return, in each language, and names the compiler's reason", async () => {
    const cases = [
      { path: 'a.go', text: lines('package a', '', 'func f(x int) int {', '\tx++', '\treturn x', '}'), target: 'func f\nreturn', line: 5 },
      { path: 'A.java', text: lines('class A {', '  int f() {', '    int x = 1;', '    return x;', '  }', '}'), target: 'class A\nint f\nreturn', line: 4 },
      { path: 'a.rs', text: lines('fn f() -> i32 {', '    let x = 1;', '    x', '}'), target: 'fn f\nx', line: 3 },
    ];
    for (const { path, text, target, line } of cases) {
      const { editor, fs } = editorOver({ [path]: text });
      const refused = await editor.deleteStructure({ path, target });
      expect(refused._unsafeUnwrapErr()).toMatchObject({ error: 'SYNTAX_ERROR', details: { errors: [{ line, kind: 'MISSING', missing: 'return', reason: 'missing return' }] } });
      expect(fs.snapshot()[path]).toBe(text);
    }
    // Bodies that end where nothing runs after: Go's endless `for`, Java's `throw`, Rust's `process::exit`.
    const ends = [
      { path: 'a.go', text: lines('package a', '', 'func f() int {', '\treturn 1', '}'), target: 'func f', content: 'func g() int {\n\tfor {\n\t}\n}' },
      { path: 'A.java', text: lines('class A {', '  int f() { return 1; }', '}'), target: 'class A\nint f', content: 'int g() {\n  throw new IllegalStateException();\n}' },
      { path: 'a.rs', text: lines('fn f() -> i32 {', '    1', '}'), target: 'fn f', content: 'fn g() -> i32 {\n    std::process::exit(1);\n}' },
    ];
    for (const { path, text, target, content } of ends) expectFigures(await editorOver({ [path]: text }).editor.insertAfterStructure({ path, target, content }));
  });

  it('refuses a Go edit that leaves an import or a local variable unused (a file_edit too), and not one that leaves them used', async () => {
    const go = lines('package a', '', 'import (', '\t"fmt"', '\t"strings"', ')', '', 'func f(s string) int {', '\tx := 1', '\tfmt.Println(x)', '\tfor i := range s {', '\t\tfunc(i int) { println(i) }(i)', '\t}', '\treturn strings.Count(s, "a")', '}');
    const { editor, fs } = editorOver({ 'a.go': go });
    for (const result of [await editor.deleteStructure({ path: 'a.go', target: 'func f\nfmt.Println' }), await editor.editFile({ path: 'a.go', edits: [{ old_text: '\tfmt.Println(x)\n', new_text: '' }] })]) {
      const error = result._unsafeUnwrapErr();
      expect(error).toMatchObject({ error: 'SYNTAX_ERROR', details: { errors: [{ line: 4, reason: '"fmt" imported and not used' }, { line: 9, reason: 'x declared and not used' }] } });
      expect(error.message).toContain('2 errors the compiler reports');
    }
    expect(fs.snapshot()['a.go']).toBe(go);
    // (The range variable is read as the literal's argument; inside it, `i` is the literal's own.)
    expectFigures(await editor.editFile({ path: 'a.go', edits: [{ old_text: 'x := 1', new_text: 'x := 2' }] }));
  });

  it("edits one spec of a grouped Go constant, and refuses what leaves a constant without a value (go build's \"missing init expr\")", async () => {
    const text = lines('package a', '', 'const (', '\t// Low is first.', '\tLow = iota', '\tMid', '\tHigh', ')', '', 'const (', '\tW, H = 1, 2', '\tX, Y', ')', '', 'func f() int { return Mid + X }');
    const { editor, fs } = editorOver({ 'a.go': text });
    const refused = [
      await editor.deleteStructure({ path: 'a.go', target: 'const (\nLow' }),
      await editor.replaceStructure({ path: 'a.go', target: 'const (\nX', content: 'X, Y, Z' }),
    ];
    expect(refused.map((result) => result._unsafeUnwrapErr().details)).toMatchObject([
      { errors: [{ line: 4, reason: 'missing init expr for Mid' }, { line: 5, reason: 'missing init expr for High' }] },
      { errors: [{ line: 12, reason: 'missing init expr for Z' }] },
    ]);
    expect(refused[0]!._unsafeUnwrapErr().message).toContain("a spec without values repeats the last one's");
    expect(fs.snapshot()['a.go']).toBe(text);
    // A later spec goes (the ones after it take the next values of iota), and a name is renamed where it is used.
    expectFigures(await editor.deleteStructure({ path: 'a.go', target: 'const (\nHigh' }));
    expect((await editor.applyEdits({ edits: [{ op: 'rename', path: 'a.go', address: 'const (\nMid', new_name: 'Middle' }] }))._unsafeUnwrap().status).toBe('applied');
    expect(fs.snapshot()['a.go']).toBe(spliceLines(text, 6, 7, '\tMiddle').replace('return Mid + X', 'return Middle + X'));
    // A group moves with every name its specs declare: `y`, the second name of a spec, is still used here.
    const vars = lines('package a', '', 'var (', '\tx, y = 1, 2', ')', '', 'func g() int { return y }');
    const moved = editorOver({ 'a.go': vars });
    const error = (await moved.editor.applyEdits({ edits: [{ op: 'move', path: 'a.go', address: 'var (', to: 'sub/b.go' }] }))._unsafeUnwrapErr();
    expect(error).toMatchObject({ error: 'UNRESOLVED_REFERENCES', details: { references: [{ line: 7, reason: expect.stringContaining('uses y') }] } });
    expect(moved.fs.snapshot()).toEqual({ 'a.go': vars });
  });

  it('refuses inserting a second declaration of a name where the language refuses it (not a renamed copy, not a cfg pair in Rust)', async () => {
    const cases = [
      { path: 'a.go', text: lines('package a', '', 'func f() int {', '\treturn 1', '}'), target: 'func f', content: 'func f() int {\n\treturn 2\n}', reason: 'f redeclared in this block' },
      { path: 'A.java', text: lines('class A {', '  int f(int a) { return a; }', '}'), target: 'class A\nint f', content: 'int f(int b) { return b + 1; }', reason: 'f is already defined' },
      { path: 'a.rs', text: lines('struct S;', '', 'impl S {', '    fn f(&self) {}', '}'), target: 'impl S\nfn f', content: 'fn f(&self) {}', reason: 'the name `f` is defined multiple times' },
    ];
    for (const { path, text, target, content, reason } of cases) {
      const { editor, fs } = editorOver({ [path]: text });
      expect((await editor.insertAfterStructure({ path, target, content }))._unsafeUnwrapErr()).toMatchObject({ error: 'SYNTAX_ERROR', details: { errors: [{ reason }] } });
      expect(fs.snapshot()[path]).toBe(text);
      expectFigures(await editor.insertAfterStructure({ path, target, content: content.replace(/\bf\(/, 'g(') }));
    }
    // A Java overload (other parameter types) and Rust items under #[cfg] are no second declaration.
    const { editor } = editorOver({ 'A.java': lines('class A {', '  int f(int a) { return a; }', '}'), 'a.rs': lines('#[cfg(unix)]', 'fn f() {}') });
    expectFigures(await editor.insertAfterStructure({ path: 'A.java', target: 'class A\nint f', content: 'int f(long a) { return 0; }' }));
    expectFigures(await editor.insertAfterStructure({ path: 'a.rs', target: 'fn f', content: '#[cfg(windows)]\nfn f() {}' }));
  });
});
