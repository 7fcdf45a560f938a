import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, languageServerBackend, memoryFs, type ApplyEditsArgs, type LanguageServerOptions, type RenameOutcome, type SemanticBackend } from 'structedit';
import { expectError, expectOk, lines } from '../helpers.js';

/**
 * Issue 18: language servers over stdio as semantic backends. A fake server (built on
 * vscode-languageserver) shows what happens when one is missing, crashes mid-rename or hangs:
 * BACKEND_UNAVAILABLE, every file byte-identical. pyright's language server (npm `pyright`, a dev
 * dependency) shows a real one: renames through a package's re-export, and a batch that adds a type
 * error refused.
 */

const fakeServer = fileURLToPath(new URL('./fixtures/fake-language-server.mjs', import.meta.url));
const pyright = fileURLToPath(new URL('../../node_modules/.bin/pyright-langserver', import.meta.url));

const project = {
  'app/models.py': lines('class Widget:', '    pass', '', 'def build():', '    return Widget()'),
  'app/main.py': lines('from app.models import Widget', '', 'item = Widget()'),
};

const rename: ApplyEditsArgs = {
  edits: [
    {
      op: 'rename',
      path: 'app/models.py',
      address: 'class Widget',
      new_name: 'Gadget',
    },
  ],
};

const started: SemanticBackend[] = [];
afterAll(() => Promise.all(started.map((backend) => backend.dispose())));

function fake(mode: string, extra: Partial<LanguageServerOptions> = {}): SemanticBackend {
  const backend = languageServerBackend({
    command: process.execPath,
    args: [fakeServer, mode],
    languages: ['python'],
    name: 'lsp:fake',
    ...extra,
  });
  started.push(backend);
  return backend;
}

async function run(files: Record<string, string>, args: ApplyEditsArgs, python: SemanticBackend | 'syntax') {
  const fs = memoryFs(files);
  const editor = createEditor({ fs, semantic: { python } });
  const result = await editor.applyEdits(args);
  return { result, files: fs.snapshot() as Record<string, string>, editor };
}

describe('a language server as the semantic backend (issue 18)', () => {
  it('renames with the places the server gives, and names the backend', async () => {
    const { result, files } = await run(project, rename, fake('normal'));
    const outcome = expectOk(result).results[0] as RenameOutcome;
    expect(outcome.backend).toBe('lsp:fake');
    expect(files['app/models.py']).toBe(lines('class Gadget:', '    pass', '', 'def build():', '    return Gadget()'));
    expect(files['app/main.py']).toBe(lines('from app.models import Gadget', '', 'item = Gadget()'));
  });

  it('a batch that adds an error the server reports is refused (TYPE_ERRORS_ADDED), nothing written', async () => {
    const args: ApplyEditsArgs = {
      edits: [
        {
          op: 'set',
          path: 'app/models.py',
          address: 'def build.body',
          value: 'return undefined_name',
        },
      ],
    };
    const { result, files } = await run(project, args, fake('normal'));
    const error = expectError(result, 'TYPE_ERRORS_ADDED');
    expect(error.details.backend).toBe('lsp:fake');
    expect(error.details.errors.map((added) => `${added.file}:${added.line} ${added.code}`)).toEqual(['app/models.py:5 undefined']);
    expect(files).toEqual(project);
  });

  it('definition comes back as a place in the project', async () => {
    const definition = expectOk(await fake('normal').definition(texts(project), 'app/main.py', project['app/main.py']!.lastIndexOf('Widget')));
    expect(definition).toEqual([{ file: 'app/main.py', start: 23, end: 29 }]);
  });

  it('a server that is not installed: BACKEND_UNAVAILABLE (not_installed), files unchanged', async () => {
    const backend = languageServerBackend({
      command: 'structedit-no-such-language-server',
      languages: ['python'],
      install: 'npm install --save-dev pyright',
    });
    started.push(backend);
    const { result, files } = await run(project, rename, backend);
    const error = expectError(result, 'BACKEND_UNAVAILABLE');
    expect(error.details).toMatchObject({
      backend: 'lsp:structedit-no-such-language-server',
      reason: 'not_installed',
    });
    expect(error.message).toContain('npm install --save-dev pyright');
    expect(files).toEqual(project);
  });

  it('a server that exits at start: BACKEND_UNAVAILABLE (crashed), files unchanged', async () => {
    const { result, files } = await run(project, rename, fake('exit-at-start'));
    const error = expectError(result, 'BACKEND_UNAVAILABLE');
    expect(error.details.reason).toBe('crashed');
    expect(error.message).toContain('exit code 3');
    expect(files).toEqual(project);
  });

  it("auto does not choose rustup's rust-analyzer proxy without the component; a server's `error:` line is what a crash quotes", async () => {
    // rustup puts this on the PATH: it prints its error and a backtrace, and exits 1, for any arguments.
    const bin = mkdtempSync(join(tmpdir(), 'structedit-path-'));
    const proxy = join(bin, 'rust-analyzer');
    writeFileSync(proxy, ['#!/bin/sh', "echo \"error: Unknown binary 'rust-analyzer' in official toolchain 'stable-x86_64-unknown-linux-gnu'.\" >&2", "echo '' >&2", "echo 'Stack backtrace:' >&2", "echo '  15: <unknown>' >&2", 'exit 1', ''].join('\n'), { mode: 0o755 });
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path ?? ''}`;
    try {
      const code = { 'src/lib.rs': lines('fn f(a: i32) -> i32 {', '    a', '}', '', 'fn g() -> i32 {', '    f(1)', '}') };
      const fs = memoryFs(code);
      const editor = createEditor({ fs });
      // The syntactic engine answers (and refuses the call it cannot keep), not a server that cannot start.
      const added = await editor.applyEdits({ edits: [{ op: 'add', path: 'src/lib.rs', address: 'fn f\n.params', value: 'b: i32' }] });
      expect(expectError(added, 'CALLS_BROKEN').message).toContain('passes no argument for b');
      await editor.dispose();
      // Chosen by name, it is tried, and its own words say why it stopped.
      const named = createEditor({ fs, semantic: { rust: languageServerBackend({ command: proxy, languages: ['rust'] }) } });
      const renamed = await named.applyEdits({ edits: [{ op: 'rename', path: 'src/lib.rs', address: 'fn f', new_name: 'h' }] });
      expect(expectError(renamed, 'BACKEND_UNAVAILABLE').message).toContain("error: Unknown binary 'rust-analyzer'");
      expect(fs.snapshot()).toEqual(code);
      await named.dispose();
    } finally {
      process.env.PATH = path;
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('a server that crashes mid-rename: BACKEND_UNAVAILABLE (crashed), files unchanged; the next call starts it again', async () => {
    const backend = fake('crash-on-rename');
    const { result, files } = await run(project, rename, backend);
    expect(expectError(result, 'BACKEND_UNAVAILABLE').details.reason).toBe('crashed');
    expect(files).toEqual(project);
    const again = await run(project, rename, backend);
    expect(expectError(again.result, 'BACKEND_UNAVAILABLE').details.reason).toBe('crashed');
  });

  it('a server that does not answer in time: BACKEND_UNAVAILABLE (timed_out), files unchanged', async () => {
    const { result, files } = await run(project, rename, fake('hang-on-rename', { timeoutMs: 1500 }));
    const error = expectError(result, 'BACKEND_UNAVAILABLE');
    expect(error.details.reason).toBe('timed_out');
    expect(error.message).toContain('textDocument/rename');
    expect(files).toEqual(project);
  });

  it("removes the project copies of processes that are gone (a host killed before dispose), not those of living ones", async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    const abandoned = mkdtempSync(join(tmpdir(), `structedit-lsp-${gone}-`));
    const living = mkdtempSync(join(tmpdir(), `structedit-lsp-${process.pid}-`));
    writeFileSync(join(abandoned, 'a.py'), 'x = 1\n');
    expectOk((await run(project, rename, fake('normal'))).result);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(living)).toBe(true);
    rmSync(living, { recursive: true });
  });
});

/** The project's files as a backend reads them. */
function texts(files: Record<string, string>) {
  return { text: async (path: string) => files[path], files: async () => Object.keys(files).sort(), folder: async () => null };
}

describe("pyright's language server (issue 18)", () => {
  const pyrightBackend = (): SemanticBackend => {
    const backend = languageServerBackend({
      command: pyright,
      args: ['--stdio'],
      languages: ['python'],
    });
    started.push(backend);
    return backend;
  };

  it('renames a class re-exported by its package: every use through the package follows (issue 17 case 1)', async () => {
    const files = {
      'pkg/__init__.py': lines('from .core import Context as Context'),
      'pkg/core.py': lines('class Context:', '    def run(self):', '        return 1'),
      'tests/test_a.py': lines('import pkg.core', '', 'def test_context():', '    assert pkg.Context().run() == 1'),
    };
    const { result, files: after } = await run(
      files,
      {
        edits: [
          {
            op: 'rename',
            path: 'pkg/core.py',
            address: 'class Context',
            new_name: 'Ctx',
          },
        ],
      },
      pyrightBackend(),
    );
    const outcome = expectOk(result).results[0] as RenameOutcome;
    expect(outcome.backend).toBe('lsp:pyright-langserver');
    expect(after['pkg/core.py']).toContain('class Ctx:');
    // The package's export and the use through it change together: nothing left pointing at a name that is gone.
    expect(after['pkg/__init__.py']).toBe(lines('from .core import Ctx as Ctx'));
    expect(after['tests/test_a.py']).toContain('assert pkg.Ctx().run() == 1');
  });

  it('renames a method called on instances (which the syntactic engine cannot type)', async () => {
    const files = {
      'shop/cart.py': lines('class Cart:', '    def total(self):', '        return 0', '', 'class Other:', '    def total(self):', '        return 1'),
      'shop/use.py': lines('from shop.cart import Cart, Other', '', 'def checkout(cart: Cart, other: Other):', '    return cart.total() + other.total()'),
    };
    const { result, files: after } = await run(
      files,
      {
        edits: [
          {
            op: 'rename',
            path: 'shop/cart.py',
            address: 'class Cart\ndef total',
            new_name: 'sum',
          },
        ],
      },
      pyrightBackend(),
    );
    expectOk(result);
    expect(after['shop/cart.py']).toBe(lines('class Cart:', '    def sum(self):', '        return 0', '', 'class Other:', '    def total(self):', '        return 1'));
    expect(after['shop/use.py']).toContain('return cart.sum() + other.total()');
  });

  it('a method overriding one of a class outside the project is refused (pyright renames the override alone)', async () => {
    const files = {
      'store.py': lines('class Settings(dict):', '    def update(self, other):', '        super().update(other)', '', 'Settings().update({})'),
      'untyped.py': lines('def refresh(x):', '    return x.update({})'),
    };
    const { result, files: after } = await run(files, { edits: [{ op: 'rename', path: 'store.py', address: 'class Settings\ndef update', new_name: 'merge' }] }, pyrightBackend());
    const error = expectError(result, 'UNRESOLVED_REFERENCES');
    expect(error.message).toContain('does not rename a member');
    expect(after).toEqual(files);
  });

  it("a batch that adds a type error is refused with pyright's words", async () => {
    const files = {
      'calc.py': lines('def double(x: int) -> int:', '    return x * 2', '', 'y: int = double(2)'),
    };
    const { result, files: after } = await run(
      files,
      {
        edits: [
          {
            op: 'set',
            path: 'calc.py',
            address: 'def double.body',
            value: "return 'two'",
          },
        ],
      },
      pyrightBackend(),
    );
    const error = expectError(result, 'TYPE_ERRORS_ADDED');
    expect(error.details.backend).toBe('lsp:pyright-langserver');
    expect(error.details.errors.map((added) => `${added.file}:${added.line}`)).toEqual(['calc.py:2']);
    expect(after).toEqual(files);
  });
});

describe('the CLI picks the best backend installed (issue 18)', () => {
  const folder = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'structedit-cli-lsp-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };
  const cli = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { out: (text) => out.push(text), err: (text) => err.push(text) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('by default, pyright-langserver (found in node_modules/.bin or on the PATH) renames and type-checks, and the output says so', async () => {
    const root = folder(project);
    try {
      const renamed = await cli(['edit', 'rename', 'app/models.py', 'class Widget', 'Gadget', '--root', root]);
      expect(renamed.code).toBe(0);
      expect(renamed.out).toContain('Widget -> Gadget (renamed by lsp:pyright-langserver)');
      expect(renamed.out).toContain('type-checked by lsp:pyright-langserver: no new errors');
      expect(readFileSync(join(root, 'app/main.py'), 'utf8')).toBe(lines('from app.models import Gadget', '', 'item = Gadget()'));
      // remove --force of a declaration still used: the type check refuses it; --no-validate writes it.
      const forced = await cli(['edit', 'remove', 'app/models.py', 'def build', '--root', root]);
      expect(forced.code).toBe(0);
      const broken = await cli(['edit', 'remove', 'app/models.py', 'class Gadget', '--force', '--root', root]);
      expect(broken.code).toBe(1);
      expect(broken.err).toContain('TYPE_ERRORS_ADDED');
      expect(readFileSync(join(root, 'app/models.py'), 'utf8')).toContain('class Gadget:');
      expect((await cli(['edit', 'remove', 'app/models.py', 'class Gadget', '--force', '--no-validate', '--root', root])).code).toBe(0);
      expect(readFileSync(join(root, 'app/models.py'), 'utf8')).not.toContain('class Gadget:');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('--semantic chooses: syntax, lsp:<command>, <language>=<choice>; a wrong choice is a usage error (exit 2)', async () => {
    const root = folder(project);
    try {
      const syntax = await cli(['edit', 'rename', 'app/models.py', 'class Widget', 'Gadget', '--dry-run', '--semantic', 'syntax', '--root', root]);
      expect(syntax.code).toBe(0);
      expect(syntax.out).not.toContain('renamed by');
      const server = await cli(['edit', 'rename', 'app/models.py', 'class Widget', 'Gadget', '--dry-run', '--semantic', `python=lsp:${pyright} --stdio`, '--root', root]);
      expect(server.out).toContain('(renamed by lsp:pyright-langserver)');
      const wrong = await cli(['edit', 'rename', 'app/models.py', 'class Widget', 'Gadget', '--semantic', 'lsp:some-unknown-server', '--root', root]);
      expect(wrong.code).toBe(2);
      expect(wrong.err).toContain('python=lsp:some-unknown-server');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
