import { describe, expect, it } from 'vitest';
import { syntaxEditorOver as editorOver, expectFigures, expectOk, lines } from '../helpers.js';

/**
 * Issue 17, cases 3, 4 and 8: a structure replace keeps the doc comment and decorators the content
 * leaves out; content copied at the file's own indentation (first line unindented) lands where it
 * was; re-indentation never touches the inside of a string, raw string or heredoc.
 */

describe('replaceStructure keeps what the content leaves out (case 3)', () => {
  it('HTML: content that starts with the element\'s own comment replaces it, not a second copy above it', async () => {
    // /usr/share/doc/libffi8/html/Complex.html: Texinfo's comment right above <head>.
    const source = lines('<html>', '<!-- Created by GNU Texinfo 6.8 -->', '<head>', '<title>A</title>', '</head>', '</html>');
    const { editor, fs } = editorOver({ 'a.html': source });
    const content = '<!-- Created by GNU Texinfo 7.1 -->\n<head>\n<title>A</title>\n</head>';
    expect(expectFigures(await editor.replaceStructure({ path: 'a.html', target: '<html>\n<head>', content }))).toMatchObject({ lines: [2, 5], kept_leading_lines: 0 });
    expect(fs.snapshot()['a.html']).toBe(lines('<html>', '<!-- Created by GNU Texinfo 7.1 -->', '<head>', '<title>A</title>', '</head>', '</html>'));
  });

  it('Go: a doc comment above a type', async () => {
    const source = lines('package x', '', '// NamedInt is a named int.', 'type NamedInt int', '');
    const { editor, fs } = editorOver({ 'x.go': source });
    const result = expectFigures(await editor.replaceStructure({ path: 'x.go', target: 'type NamedInt', content: 'type NamedInt int64' }));
    expect(result).toMatchObject({ lines: [3, 4], kept_leading_lines: 1 });
    expect(fs.snapshot()['x.go']).toBe(lines('package x', '', '// NamedInt is a named int.', 'type NamedInt int64', ''));
  });

  it('TypeScript: a JSDoc comment and export, when the content starts at the function', async () => {
    const source = lines('/**', ' * Adds.', ' */', 'export function add(a: number, b: number): number {', '  return a + b;', '}');
    const { editor, fs } = editorOver({ 'a.ts': source });
    const result = expectFigures(await editor.replaceStructure({ path: 'a.ts', target: 'export function add', content: 'function add(a: number, b: number): number {\n  return b + a;\n}' }));
    expect(result.kept_leading_lines).toBe(3);
    expect(fs.snapshot()['a.ts']).toBe(lines('/**', ' * Adds.', ' */', 'export function add(a: number, b: number): number {', '  return b + a;', '}'));
  });

  it('Python: decorators, in replaceStructure and in a semantic set of the whole declaration', async () => {
    const source = lines('import functools', '', '', '@functools.cache', 'def f(x):', '    return x', '');
    const { editor, fs } = editorOver({ 'f.py': source });
    expect(expectFigures(await editor.replaceStructure({ path: 'f.py', target: 'def f', content: 'def f(x):\n    return 2 * x' })).kept_leading_lines).toBe(1);
    expect(fs.snapshot()['f.py']).toBe(lines('import functools', '', '', '@functools.cache', 'def f(x):', '    return 2 * x', ''));
    expectOk(await editor.applyEdits({ edits: [{ op: 'set', path: 'f.py', address: 'def f', value: 'def f(x):\n    return 3 * x' }] }));
    expect(fs.snapshot()['f.py']).toBe(lines('import functools', '', '', '@functools.cache', 'def f(x):', '    return 3 * x', ''));
  });

  it('content that starts with its own decorator or comment replaces them', async () => {
    const source = lines('@functools.cache', 'def f(x):', '    return x', '');
    const { editor, fs } = editorOver({ 'f.py': source });
    expect(expectFigures(await editor.replaceStructure({ path: 'f.py', target: 'def f', content: '@functools.lru_cache\ndef f(x):\n    return x' })).kept_leading_lines).toBe(0);
    expect(fs.snapshot()['f.py']).toBe(lines('@functools.lru_cache', 'def f(x):', '    return x', ''));
  });
});

describe('content at the file’s own indentation (case 4)', () => {
  it('Python: the first line unindented, the rest as in the file', async () => {
    const source = lines('class A:', '    def f(self):', '        return 1', '');
    const { editor, fs } = editorOver({ 'a.py': source });
    const result = expectFigures(await editor.replaceStructure({ path: 'a.py', target: 'class A\ndef f', content: 'def f(self):\n        return 2' }));
    expect(result.warnings).toEqual([]);
    expect(fs.snapshot()['a.py']).toBe(lines('class A:', '    def f(self):', '        return 2', ''));
  });

  it('TypeScript: a method with its closing brace at the class body’s indentation', async () => {
    const source = lines('class A {', '  f(): number {', '    return 1;', '  }', '}');
    const { editor, fs } = editorOver({ 'a.ts': source });
    expectFigures(await editor.replaceStructure({ path: 'a.ts', target: 'class A\nf()', content: 'f(): number {\n    return 2;\n  }' }));
    expect(fs.snapshot()['a.ts']).toBe(lines('class A {', '  f(): number {', '    return 2;', '  }', '}'));
  });

  it('zero-indent content is still re-based, and a decorator line leads its declaration', async () => {
    const source = lines('class A:', '    def f(self):', '        return 1', '');
    const { editor, fs } = editorOver({ 'a.py': source });
    expectFigures(await editor.replaceStructure({ path: 'a.py', target: 'class A\ndef f', content: 'def f(self):\n    return 3' }));
    expect(fs.snapshot()['a.py']).toBe(lines('class A:', '    def f(self):', '        return 3', ''));
    expectFigures(await editor.replaceStructure({ path: 'a.py', target: 'class A\ndef f', content: '@property\n    def f(self):\n        return 4' }));
    expect(fs.snapshot()['a.py']).toBe(lines('class A:', '    @property', '    def f(self):', '        return 4', ''));
  });
});

describe('re-indentation leaves the inside of literals alone (case 8)', () => {
  it('Go: a raw string holding a space-indented script, inserted into a tab-indented file', async () => {
    const source = lines('package x', '', 'func a() {', '\tprintln("a")', '}', '');
    const { editor, fs } = editorOver({ 'x.go': source });
    const content = 'func script() string {\n    return `#!/bin/sh\n    echo hi\n        echo there\n`\n}';
    expectFigures(await editor.insertAfterStructure({ path: 'x.go', target: 'func a', content }));
    expect(fs.snapshot()['x.go']).toBe(lines('package x', '', 'func a() {', '\tprintln("a")', '}', '', 'func script() string {', '\treturn `#!/bin/sh', '    echo hi', '        echo there', '`', '}', ''));
  });

  it('Python: a tab inside a triple-quoted string, and string lines at column 0 in zero-indent content', async () => {
    const source = lines('class A:', '    def f(self):', '        return 1', '');
    const { editor, fs } = editorOver({ 'a.py': source });
    const content = 'def g(self):\n    text = """\n\tx\nSELECT 1\n"""\n    return text';
    expectFigures(await editor.insertAfterStructure({ path: 'a.py', target: 'class A\ndef f', content }));
    expect(fs.snapshot()['a.py']).toBe(lines('class A:', '    def f(self):', '        return 1', '', '    def g(self):', '        text = """', '\tx', 'SELECT 1', '"""', '        return text', ''));
  });

  it('a docstring is documentation, re-indented with its function', async () => {
    const source = lines('class A:', '    pass', '');
    const { editor, fs } = editorOver({ 'a.py': source });
    expectFigures(await editor.insertAfterStructure({ path: 'a.py', target: 'class A\npass', content: 'def g(self):\n    """Doc.\n\n    More.\n    """\n    return 1' }));
    expect(fs.snapshot()['a.py']).toBe(lines('class A:', '    pass', '', '    def g(self):', '        """Doc.', '', '        More.', '        """', '        return 1', ''));
  });

  it('TypeScript: a template literal keeps its lines, code inside ${} is re-based', async () => {
    const source = lines('class A {', '  a(): void {}', '}');
    const { editor, fs } = editorOver({ 'a.ts': source });
    expectFigures(await editor.insertAfterStructure({ path: 'a.ts', target: 'class A\na()', content: 'b(): string {\n  return `\nline one\n  line two\n`;\n}' }));
    expect(fs.snapshot()['a.ts']).toBe(lines('class A {', '  a(): void {}', '', '  b(): string {', '    return `', 'line one', '  line two', '`;', '  }', '}'));
  });
});
