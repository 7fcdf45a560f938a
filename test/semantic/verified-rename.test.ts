import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SemanticEdit } from 'structedit';
import { syntaxEditorOver as editorOver, expectError, expectOk, lines } from '../helpers.js';

/**
 * Issue 17: a rename or remove is either correct or refused with the facts needed to fix the call.
 * Each case below was seen on real projects reporting success while breaking the program.
 */

async function batch(files: Record<string, string>, edits: SemanticEdit[]) {
  const { editor, fs } = editorOver(files);
  const result = await editor.applyEdits({ edits });
  return { result, files: fs.snapshot() as Record<string, string> };
}

/** Writes files to a fresh folder and runs Python there (the interpreter is the oracle). */
function runPython(files: Record<string, string>, code: string): string {
  const root = mkdtempSync(join(tmpdir(), 'structedit-py-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return execFileSync('python3', ['-c', code], { cwd: root, encoding: 'utf8' });
}

describe('rename through a Python package (issue 17, case 1)', () => {
  const files = {
    'pkg/__init__.py': lines('from .core import Context as Context'),
    'pkg/core.py': lines('class Context:', '    pass'),
    'tests/test_a.py': lines('import pkg.core', '', '', 'def test_it():', '    return type(pkg.Context()).__name__'),
  };

  it('the renamed package still runs: the re-export and `pkg.Context` follow the class', async () => {
    expect(runPython(files, 'import tests.test_a as t; print(t.test_it())').trim()).toBe('Context');
    const { result, files: after } = await batch(files, [{ op: 'rename', path: 'pkg/core.py', address: 'class Context', new_name: 'Ctx' }]);
    expectOk(result);
    expect(after['pkg/__init__.py']).toBe(lines('from .core import Ctx as Ctx'));
    expect(after['tests/test_a.py']).toContain('pkg.Ctx()');
    expect(runPython(after, 'import tests.test_a as t; print(t.test_it())').trim()).toBe('Ctx');
  });

  it('an alias that renames keeps its public name; uses through the package keep it too', async () => {
    const aliased = { ...files, 'pkg/__init__.py': lines('from .core import Context as PublicContext') , 'tests/test_a.py': lines('import pkg', '', '', 'def test_it():', '    return type(pkg.PublicContext()).__name__') };
    const { result, files: after } = await batch(aliased, [{ op: 'rename', path: 'pkg/core.py', address: 'class Context', new_name: 'Ctx' }]);
    expectOk(result);
    expect(after['pkg/__init__.py']).toBe(lines('from .core import Ctx as PublicContext'));
    expect(after['tests/test_a.py']).toBe(aliased['tests/test_a.py']);
    expect(runPython(after, 'import tests.test_a as t; print(t.test_it())').trim()).toBe('Ctx');
  });
});

describe('rename follows TypeScript imports that do not start with "." (issue 17, case 2)', () => {
  it('destructured dynamic imports and require', async () => {
    const { result, files } = await batch(
      {
        'source/index.ts': lines('export class HTTPError extends Error {}'),
        'test/a.ts': lines("test('x', async () => {", "  const { HTTPError } = await import('../source/index.js');", '  return new HTTPError();', '});'),
        'test/b.js': lines("const { HTTPError: E } = require('../source/index.js');", 'new E();'),
        'test/c.ts': lines("const mod = await import('../source/index.js');", 'new mod.HTTPError();'),
      },
      [{ op: 'rename', path: 'source/index.ts', address: 'export class HTTPError', new_name: 'RequestError' }],
    );
    expectOk(result);
    // The destructured name is the import's local name: like `import { HTTPError }`, it follows.
    expect(files['test/a.ts']).toBe(lines("test('x', async () => {", "  const { RequestError } = await import('../source/index.js');", '  return new RequestError();', '});'));
    expect(files['test/b.js']).toContain("const { RequestError: E } = require('../source/index.js');");
    expect(files['test/c.ts']).toContain('new mod.RequestError();');
  });

});

describe('the state after a rename is checked', () => {
  it('a use reached through a star import that the new name would send elsewhere refuses the rename', async () => {
    const original = {
      'a.py': lines('def foo():', '    return 1'),
      'c.py': lines('def bar():', '    return 2'),
      'b.py': lines('from a import *', 'from c import bar', '', 'print(foo(), bar())'),
    };
    const { result, files } = await batch(original, [{ op: 'rename', path: 'a.py', address: 'def foo', new_name: 'bar' }]);
    const error = expectError(result, 'UNRESOLVED_REFERENCES');
    expect(error.details.references).toEqual([expect.objectContaining({ file: 'b.py', reason: expect.stringContaining('no longer reach the declaration') })]);
    expect(files).toEqual(original);
  });
});

describe('renames keep meaning (issue 17, case 9)', () => {
  it('a #private member stays private, and uses on other instances of the class follow it', async () => {
    const source = lines('export class A {', '  #x = 1;', '  get(): number {', '    return this.#x;', '  }', '  static same(a: A, b: A): boolean {', '    return a.#x === b.#x;', '  }', '}');
    for (const newName of ['y', '#y']) {
      const { result, files } = await batch({ 'a.ts': source }, [{ op: 'rename', path: 'a.ts', address: 'export class A\n#x', new_name: newName }]);
      expectOk(result);
      expect(files['a.ts']).toBe(lines('export class A {', '  #y = 1;', '  get(): number {', '    return this.#y;', '  }', '  static same(a: A, b: A): boolean {', '    return a.#y === b.#y;', '  }', '}'));
    }
  });

  it('a static member used through the class name, in another file', async () => {
    const { result, files } = await batch(
      {
        'k.ts': lines('export class K {', '  static create(): K {', '    return new K();', '  }', '}'),
        'use.ts': lines("import { K } from './k';", 'export const k = K.create();'),
      },
      [{ op: 'rename', path: 'k.ts', address: 'export class K\nstatic create', new_name: 'make' }],
    );
    expectOk(result);
    expect(files['k.ts']).toContain('  static make(): K {');
    expect(files['use.ts']).toBe(lines("import { K } from './k';", 'export const k = K.make();'));
  });

  it('every @overload definition of a Python function and of a method, with the implementation', async () => {
    const source = lines(
      'from typing import overload',
      '',
      '',
      '@overload',
      'def f(x: int) -> int: ...',
      '@overload',
      'def f(x: str) -> str: ...',
      'def f(x):',
      '    return x',
      '',
      '',
      'class C:',
      '    @overload',
      '    def m(self, x: int) -> int: ...',
      '    @overload',
      '    def m(self, x: str) -> str: ...',
      '    def m(self, x):',
      '        return f(x)',
      '',
      '',
      'C().m(1)',
    );
    const renamedFunction = await batch({ 'o.py': source }, [{ op: 'rename', path: 'o.py', address: 'def f', new_name: 'g' }]);
    expectOk(renamedFunction.result);
    expect(renamedFunction.files['o.py']!.match(/def g\(/g)).toHaveLength(3);
    expect(renamedFunction.files['o.py']).toContain('return g(x)');
    const renamedMethod = await batch({ 'o.py': source }, [{ op: 'rename', path: 'o.py', address: 'class C\ndef m', new_name: 'n' }]);
    expectOk(renamedMethod.result);
    expect(renamedMethod.files['o.py']!.match(/def n\(self/g)).toHaveLength(3);
    expect(renamedMethod.files['o.py']).toContain('C().n(1)');
  });

  it('overriding members across a hierarchy are renamed together', async () => {
    const { result, files } = await batch(
      {
        'base.ts': lines('export class Base {', '  name(): string {', "    return 'base';", '  }', '}'),
        'sub.ts': lines("import { Base } from './base';", '', 'export class Sub extends Base {', '  override name(): string {', "    return 'sub' + super.name();", '  }', '}'),
      },
      [{ op: 'rename', path: 'base.ts', address: 'export class Base\nname', new_name: 'label' }],
    );
    expectOk(result);
    expect(files['base.ts']).toContain('  label(): string {');
    expect(files['sub.ts']).toContain('  override label(): string {');
    expect(files['sub.ts']).toContain("return 'sub' + super.label();");
  });
});

describe('members used through receivers of unknown type are never renamed silently', () => {
  const files = {
    'fmt.py': lines('class Formatter:', '    def write_dl(self, rows):', '        return self.write_dl_rows(rows)', '', '    def write_dl_rows(self, rows):', '        return rows'),
    'cli.py': lines('def show(formatter, rows):', '    formatter.write_dl(rows)'),
  };

  it('refuses with AMBIGUOUS_REFERENCES listing each candidate and its receiver', async () => {
    const { result, files: after } = await batch(files, [{ op: 'rename', path: 'fmt.py', address: 'class Formatter\ndef write_dl(self', new_name: 'write_definitions' }]);
    const error = expectError(result, 'AMBIGUOUS_REFERENCES');
    expect(error.details.candidates).toEqual([expect.objectContaining({ file: 'cli.py', line: 2, receiver: 'formatter', text: 'formatter.write_dl(rows)' })]);
    expect(after).toEqual(files);
  });

  it("renames them with include: 'candidates', or exactly the ones listed", async () => {
    const all = await batch(files, [{ op: 'rename', path: 'fmt.py', address: 'class Formatter\ndef write_dl(self', new_name: 'write_definitions', include: 'candidates' }]);
    expectOk(all.result);
    expect(all.files['cli.py']).toContain('formatter.write_definitions(rows)');
    expect(all.files['fmt.py']).toContain('def write_definitions(self, rows):');
    expect(all.files['fmt.py']).toContain('self.write_dl_rows(rows)');
    const listed = await batch(files, [{ op: 'rename', path: 'fmt.py', address: 'class Formatter\ndef write_dl(self', new_name: 'write_definitions', include: [] }]);
    expectOk(listed.result);
    expect(listed.files['cli.py']).toBe(files['cli.py']);
  });
});

describe('remove checks every binding form before dropping a used parameter (issue 17, case 10)', () => {
  const cases: Array<[string, string, string, string]> = [
    ['a rest parameter', 'f.ts', lines('export function f(a: number, ...keys: string[]): number {', '  return keys.length + a;', '}'), 'export function f.params.keys'],
    ['a destructured parameter', 'g.ts', lines('export function g({ status, statusText }: { status: number; statusText: string }): string {', '  return `${status} ${statusText}`;', '}'), 'export function g.params[0]'],
    ['a parameter with a default', 'h.ts', lines('export function h(a = 1, b = a + 1): number {', '  return b;', '}'), 'export function h.params.b'],
    ['a PHP variable', 'p.php', lines('<?php', 'function p($a, $b) {', '    return $b;', '}'), 'function p.params[1]'],
  ];
  for (const [what, path, source, address] of cases) {
    it(`${what}: REFERENCES_EXIST, nothing written`, async () => {
      const { result, files } = await batch({ [path]: source }, [{ op: 'remove', path, address }]);
      expectError(result, 'REFERENCES_EXIST');
      expect(files[path]).toBe(source);
    });
  }
});

describe('verified moves', () => {
  it('a Python move that would make two modules import each other is refused (IMPORT_CYCLE)', async () => {
    const original = { 'a.py': lines('def helper():', '    return 1', '', '', 'def f():', '    return helper()', '', '', 'X = f()') };
    const { result, files } = await batch(original, [{ op: 'move', path: 'a.py', address: 'def f', to: 'b.py' }]);
    const error = expectError(result, 'IMPORT_CYCLE');
    expect(error.details.cycle).toEqual(['b.py', 'a.py', 'b.py']);
    expect(files).toEqual(original);
  });

  it('a Python move inside a package keeps the package importable (the interpreter says so)', async () => {
    const original = {
      'pkg/__init__.py': lines('from .a import f'),
      'pkg/a.py': lines('def f():', "    return 'f'", '', '', 'def g():', "    return 'g'"),
      'pkg/b.py': lines('"""B."""'),
      'main.py': lines('from pkg import f', 'from pkg.a import f as direct', 'import pkg.a', '', 'print(f(), direct(), pkg.a.g())'),
    };
    const { result, files } = await batch(original, [{ op: 'move', path: 'pkg/a.py', address: 'def f', to: 'pkg/b.py' }]);
    expectOk(result);
    expect(files['pkg/__init__.py']).toBe(lines('from .b import f'));
    expect(files['main.py']).toContain('from pkg.b import f as direct');
    expect(runPython(files, 'import runpy; runpy.run_path("main.py")').trim()).toBe('f f g');
  });

  it("a function that assigns its module's globals (logging.config.stopListening) is not moved away from them", async () => {
    const original = {
      'log/config.py': lines('_listener = None', '', '', 'def listen():', '    global _listener', '    _listener = object()', '', '', 'def stop():', '    global _listener', '    if _listener:', '        _listener = None'),
      'log/handlers.py': lines('"""Handlers."""'),
    };
    const { result, files } = await batch(original, [{ op: 'move', path: 'log/config.py', address: 'def stop', to: 'log/handlers.py' }]);
    const error = expectError(result, 'UNRESOLVED_REFERENCES');
    expect(error.message).toContain('assigns _listener, a module-level name of log/config.py');
    expect(files).toEqual(original);
  });

  it('imports inside functions follow the moved declaration too (email.message_from_file, jinja2.exceptions)', async () => {
    const original = {
      'mail/__init__.py': lines('def parse(text):', '    from mail.parser import Parser', '    return Parser().parse(text)', '', '', 'def check(value):', '    from .parser import Parser', '    return isinstance(value, Parser)'),
      'mail/parser.py': lines('class Parser:', '    def parse(self, text):', '        return text.upper()'),
      'mail/feed.py': lines('"""Feed."""'),
    };
    const { result, files } = await batch(original, [{ op: 'move', path: 'mail/parser.py', address: 'class Parser', to: 'mail/feed.py' }]);
    expectOk(result);
    expect(files['mail/__init__.py']).toContain('    from mail.feed import Parser');
    expect(files['mail/__init__.py']).toContain('    from .feed import Parser');
    expect(runPython(files, "import mail; print(mail.parse('x'), mail.check(1))").trim()).toBe('X False');
  });

  it('an import a move adds that closes a cycle is refused, even where another cycle already works (json.dumps to json/decoder.py)', async () => {
    const original = {
      'pkg/__init__.py': lines('from .decoder import Decoder', '', '_default = object()', '', '', 'def dumps():', '    return _default'),
      'pkg/decoder.py': lines('from pkg import scanner', '', '', 'class Decoder:', '    pass'),
      'pkg/scanner.py': lines('X = 1'),
    };
    expect(runPython(original, 'import pkg; print(pkg.dumps() is pkg._default)').trim()).toBe('True');
    const { result, files } = await batch(original, [{ op: 'move', path: 'pkg/__init__.py', address: 'def dumps', to: 'pkg/decoder.py' }]);
    const error = expectError(result, 'IMPORT_CYCLE');
    expect(error.details.cycle).toEqual(['pkg/decoder.py', 'pkg/__init__.py', 'pkg/decoder.py']);
    expect(files).toEqual(original);
  });

  it('a retargeted import keeps its form: a tsconfig path alias names the new file through the alias', async () => {
    const original = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['src/lib/*'] } } }),
      'src/lib/util.ts': lines('export function helper(): number {', '  return 1;', '}'),
      'src/lib/other.ts': lines('export const other = 2;'),
      'src/app.ts': lines("import { helper } from '@lib/util';", '', 'export const value = helper();'),
    };
    const { result, files } = await batch(original, [{ op: 'move', path: 'src/lib/util.ts', address: 'export function helper', to: 'src/lib/other.ts' }]);
    expectOk(result);
    expect(files['src/app.ts']).toBe(lines("import { helper } from '@lib/other';", '', 'export const value = helper();'));
  });
});

describe('a member overriding one of a class outside the project is never renamed silently', () => {
  const parser = {
    'markup/extract.py': lines(
      'from html.parser import HTMLParser',
      '',
      '',
      'class Extractor(HTMLParser):',
      '    def __init__(self):',
      '        super().__init__()',
      '        self.tags = []',
      '',
      '    def handle_starttag(self, tag, attrs):',
      '        self.tags.append(tag)',
      '',
      '    def tags_seen(self):',
      '        return list(self.tags)',
    ),
  };
  const run = (files: Record<string, string>) => runPython(files, "import markup.extract as m; e = m.Extractor(); e.feed('<p><b>x</b></p>'); print(e.tags)").trim();

  it('refuses to rename a method the standard base class declares (the base keeps calling the old name)', async () => {
    expect(run(parser)).toBe("['p', 'b']");
    const { result, files } = await batch(parser, [{ op: 'rename', path: 'markup/extract.py', address: 'class Extractor\ndef handle_starttag', new_name: 'on_start' }]);
    const error = expectError(result, 'UNRESOLVED_REFERENCES');
    expect(error.message).toContain('derives from HTMLParser, which declares "handle_starttag" itself');
    expect(files).toEqual(parser);
  });

  it('renames a method the known base does not declare, and the program still runs', async () => {
    const { result, files } = await batch(parser, [{ op: 'rename', path: 'markup/extract.py', address: 'class Extractor\ndef tags_seen', new_name: 'seen_tags' }]);
    expectOk(result);
    expect(files['markup/extract.py']).toContain('def seen_tags(self):');
    expect(run(files)).toBe("['p', 'b']");
  });

  it('refuses a new name the known base declares (the renamed member would override it)', async () => {
    const { result } = await batch(parser, [{ op: 'rename', path: 'markup/extract.py', address: 'class Extractor\ndef tags_seen', new_name: 'handle_endtag' }]);
    expectError(result, 'CONFLICT');
  });

  it('refuses when a base is a class it cannot read, naming it; force renames anyway', async () => {
    const files = {
      'app/views.py': lines('from django.views import View', '', '', 'class Home(View):', '    def get(self, request):', '        return self.render()', '', '    def render(self):', '        return "home"'),
    };
    const refused = await batch(files, [{ op: 'rename', path: 'app/views.py', address: 'class Home\ndef render', new_name: 'page' }]);
    const error = expectError(refused.result, 'UNRESOLVED_REFERENCES');
    expect(error.message).toContain('Home derives from View, which is not a class under the root');
    const forced = await batch(files, [{ op: 'rename', path: 'app/views.py', address: 'class Home\ndef render', new_name: 'page', force: true }]);
    expectOk(forced.result);
    expect(forced.files['app/views.py']).toContain('return self.page()');
  });

  it('Exception subclasses keep renaming freely; a protocol method does not', async () => {
    const files = { 'errors.py': lines('class Failed(Exception):', '    def describe(self):', '        return str(self)', '', '    def __str__(self):', '        return "failed"') };
    expectOk((await batch(files, [{ op: 'rename', path: 'errors.py', address: 'class Failed\ndef describe', new_name: 'explain' }])).result);
    const protocol = await batch(files, [{ op: 'rename', path: 'errors.py', address: 'class Failed\ndef __str__', new_name: 'text' }]);
    expect(expectError(protocol.result, 'UNRESOLVED_REFERENCES').message).toContain('a name the language itself calls');
  });

  it('TypeScript: an Error subclass keeps `name`; a class extending a package class is refused', async () => {
    const files = {
      'src/errors.ts': lines('export class ApiError extends Error {', "  override name = 'ApiError';", '  status(): number {', '    return 500;', '  }', '}'),
      'src/widget.ts': lines("import { Component } from 'react';", '', 'export class Widget extends Component {', '  render() {', '    return null;', '  }', '}'),
      'package.json': JSON.stringify({ name: 'app', dependencies: { react: '^19.0.0' } }),
    };
    expectError((await batch(files, [{ op: 'rename', path: 'src/errors.ts', address: 'class ApiError\noverride name', new_name: 'label' }])).result, 'UNRESOLVED_REFERENCES');
    expectOk((await batch(files, [{ op: 'rename', path: 'src/errors.ts', address: 'class ApiError\nstatus', new_name: 'code' }])).result);
    const widget = await batch(files, [{ op: 'rename', path: 'src/widget.ts', address: 'class Widget\nrender', new_name: 'draw' }]);
    expect(expectError(widget.result, 'UNRESOLVED_REFERENCES').message).toContain('Widget derives from Component');
  });
});

describe('a module name bound by several imports', () => {
  it('follows the one under the root (importlib binds _bootstrap to the frozen module or to its own file)', async () => {
    const files = {
      'pkg/__init__.py': lines('try:', '    import _frozen_pkg_boot as _boot', 'except ImportError:', '    from . import _boot', '', '', 'def run():', '    return _boot._exec()'),
      'pkg/_boot.py': lines('def _exec():', '    return 1'),
    };
    const { result, files: after } = await batch(files, [{ op: 'rename', path: 'pkg/_boot.py', address: 'def _exec', new_name: '_execute' }]);
    expectOk(result);
    expect(after['pkg/__init__.py']).toContain('return _boot._execute()');
    expect(runPython(after, 'import pkg; print(pkg.run())').trim()).toBe('1');
  });
});

describe('a value built from a module namespace', () => {
  it("refuses when a property of it may be the renamed export (zod's `const z = { ..._schemas }`)", async () => {
    const files = {
      'src/schemas.ts': lines('export function hostname(): number {', '  return 1;', '}'),
      'src/from-json.ts': lines("import * as _schemas from './schemas.js';", '', 'const z = { ..._schemas };', '', 'export function host(): number {', '  return z.hostname();', '}'),
    };
    const { result, files: after } = await batch(files, [{ op: 'rename', path: 'src/schemas.ts', address: 'export function hostname', new_name: 'host_name' }]);
    const error = expectError(result, 'UNRESOLVED_REFERENCES');
    expect(error.details.references.map((reference) => `${reference.file}:${reference.line}`)).toEqual(['src/from-json.ts:6']);
    expect(after).toEqual(files);
  });
});

describe('a TypeScript parameter property is a member', () => {
  it('its rename follows the class: this.x, the constructor body, and a receiver typed as the class', async () => {
    const files = {
      'src/errors.ts': lines('export class HTTPError extends Error {', '  constructor(readonly response: { status: number }) {', '    super(String(response.status));', '  }', '', '  status(): number {', '    return this.response.status;', '  }', '}'),
      'src/client.ts': lines("import { HTTPError } from './errors.js';", '', 'export function statusOf(error: HTTPError): number {', '  return error.response.status;', '}', '', 'export function anyStatus(error: { response: { status: number } }): number {', '  return error.response.status;', '}'),
    };
    const edit = { op: 'rename' as const, path: 'src/errors.ts', address: 'export class HTTPError extends Error\nconstructor.params[0]', new_name: 'reply' };
    const { editor, fs } = editorOver(files);
    // `anyStatus` reads `response` from a value syntax cannot type: a candidate, listed.
    const refused = expectError(await editor.applyEdits({ edits: [edit] }), 'AMBIGUOUS_REFERENCES');
    expect(refused.details.candidates.map((candidate) => `${candidate.file}:${candidate.line}`)).toEqual(['src/client.ts:8']);
    expect(fs.snapshot()).toEqual(files);
    expectOk(await editor.applyEdits({ edits: [{ ...edit, include: [] }] }));
    const after = fs.snapshot() as Record<string, string>;
    expect(after['src/errors.ts']).toBe(lines('export class HTTPError extends Error {', '  constructor(readonly reply: { status: number }) {', '    super(String(reply.status));', '  }', '', '  status(): number {', '    return this.reply.status;', '  }', '}'));
    expect(after['src/client.ts']).toContain('  return error.reply.status;\n}\n\nexport function anyStatus');
    expect(after['src/client.ts']).toContain('error: { response: { status: number } }');
  });
});
