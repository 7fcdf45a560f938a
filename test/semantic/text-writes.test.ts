import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type Editor, type StructeditError } from '../../src/index.js';

/*
 * Writes made as text (`editFile`, `applyPatch`) are checked as a text edit of a structure is: a
 * file in a language structedit parses gets its syntax compared and the uses of what the write
 * changes checked, the files of one patch together. Each case: the files, the write, and what
 * comes back (`applied`, or the error code and a part of its message); a refusal leaves every file
 * byte-identical, an applied write is on disk.
 */

type Case = { name: string; files: Record<string, string>; write: (editor: Editor) => ResultAsync<{ warnings: Array<{ type: string }> }, StructeditError>; expected: 'applied' | `${string}: ${string}`; warnings?: string[]; options?: { syntax: 'reject' | 'warn' } };

const lib = 'def f(a, b):\n    return a + b\n\n\ndef g():\n    return f(1, 2)\n';
const user = 'from lib import f\n\nprint(f(3, 4))\n';
const patch = (...lines: string[]) => ({ patch: ['*** Begin Patch', ...lines, '*** End Patch'].join('\n') });

const cases: Case[] = [
  {
    name: 'file_edit renaming a function used in another file is refused, each use listed',
    files: { 'lib.py': lib, 'user.py': user },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'def f(a, b):', new_text: 'def h(a, b):' }] }),
    expected: 'REFERENCES_EXIST: "f" is still referenced in 3 places (lib.py:6 "return f(1, 2)"; user.py:1 "from lib import f"; user.py:3 "print(f(3, 4))")',
  },
  {
    name: 'file_edit giving a function a required parameter is refused, each call listed',
    files: { 'lib.py': lib, 'user.py': user },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'def f(a, b):', new_text: 'def f(a, b, c):' }] }),
    expected: 'CALLS_BROKEN: The new parameters of "f" (a, b, c) do not fit 2 uses of it',
  },
  {
    name: 'file_edit of a body is applied',
    files: { 'lib.py': lib, 'user.py': user },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'return a + b', new_text: 'return b + a' }] }),
    expected: 'applied',
  },
  {
    name: 'file_edit with force writes what the checks would refuse',
    files: { 'lib.py': lib, 'user.py': user },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'def f(a, b):', new_text: 'def h(a, b):' }], force: true }),
    expected: 'applied',
  },
  {
    name: 'file_edit breaking the syntax is SYNTAX_ERROR, nothing written (the default)',
    files: { 'lib.py': lib },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'return a + b', new_text: 'return a + (b' }] }),
    expected: 'SYNTAX_ERROR: Nothing was written: the edit adds',
  },
  {
    name: 'file_edit breaking the syntax is written with SYNTAX_BROKEN with force: true',
    files: { 'lib.py': lib },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'return a + b', new_text: 'return a + (b' }], force: true }),
    expected: 'applied',
    warnings: ['SYNTAX_BROKEN'],
  },
  {
    name: 'file_edit breaking the syntax is written with SYNTAX_BROKEN where the editor only warns (syntax: warn)',
    files: { 'lib.py': lib },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'return a + b', new_text: 'return a + (b' }] }),
    options: { syntax: 'warn' },
    expected: 'applied',
    warnings: ['SYNTAX_BROKEN'],
  },
  {
    name: 'file_edit of a file no grammar reads is not checked',
    files: { 'notes.txt': 'def f(a, b):\n', 'user.py': user },
    write: (editor) => editor.editFile({ path: 'notes.txt', edits: [{ old_text: 'def f(a, b):', new_text: 'def h(a, b):' }] }),
    expected: 'applied',
  },
  {
    name: 'file_edit of a CRLF file with characters of several UTF-16 units before the edit: the use listed at its line',
    files: { 'lib.py': '# é 😀 ü\r\ndef f(a, b):\r\n    return a + b\r\n\r\n\r\nprint(f(1, 2))\r\n' },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'def f(a, b):', new_text: 'def h(a, b):' }] }),
    expected: 'REFERENCES_EXIST: "f" is still referenced in 1 place (lib.py:6 "print(f(1, 2))")',
  },
  {
    name: 'a name given a suffix with every use in the same file is a whole rename',
    files: { 'lib.py': 'def get_data():\n    return 1\n\n\nx = get_data()\n' },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'def get_data():', new_text: 'def get_data_v2():' }, { old_text: 'x = get_data()', new_text: 'x = get_data_v2()' }] }),
    expected: 'applied',
  },
  {
    name: 'a name the edit makes a member (`Mapping` written `abc.Mapping`) is no longer a use of the import removed',
    files: { 'lib.py': 'from collections.abc import Mapping\nfrom collections import abc\n\n\nclass M(Mapping):\n    pass\n' },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'from collections.abc import Mapping\n', new_text: '' }, { old_text: 'class M(Mapping):', new_text: 'class M(abc.Mapping):' }] }),
    expected: 'applied',
  },
  {
    name: 'an import moved into another import still declares its name',
    files: { 'lib.py': 'from itertools import chain\nfrom os import path\n\n\nprint(chain, path)\n' },
    write: (editor) => editor.editFile({ path: 'lib.py', edits: [{ old_text: 'from itertools import chain\nfrom os import path\n', new_text: 'from os import path\nfrom itertools import chain\n' }] }),
    expected: 'applied',
  },
  {
    name: 'a top-level name assigned inside a block instead is still declared',
    files: { 'setup.py': 'readme = open("README").read()\n\n\nsetup(long_description=readme)\n' },
    write: (editor) => editor.editFile({ path: 'setup.py', edits: [{ old_text: 'readme = open("README").read()', new_text: 'with open("README") as f:\n    readme = f.read()' }] }),
    expected: 'applied',
  },
  {
    name: 'a local made a parameter of the same name is still declared for its uses',
    files: { 'lib.ts': 'export function size(box: { path: string[] }): number {\n  const path = box.path;\n  return path.length;\n}\n' },
    write: (editor) => editor.editFile({ path: 'lib.ts', edits: [{ old_text: 'size(box: { path: string[] }): number {\n  const path = box.path;\n', new_text: 'size(path: string[]): number {\n' }] }),
    expected: 'applied',
  },
  {
    name: 'a class attribute made an instance attribute (`self.x = …` in `__init__`) is still a member',
    files: { 'sign.py': 'import hashlib\n\n\nclass Signer:\n    digest_method = hashlib.sha1\n\n    def sign(self, value):\n        return self.digest_method(value)\n' },
    write: (editor) => editor.editFile({ path: 'sign.py', edits: [{ old_text: '    digest_method = hashlib.sha1\n', new_text: '    def __init__(self, digest_method=hashlib.sha1):\n        self.digest_method = digest_method\n' }] }),
    expected: 'applied',
  },
  {
    name: 'a class attribute removed, read through self and assigned nowhere, is refused',
    files: { 'sign.py': 'import hashlib\n\n\nclass Signer:\n    digest_method = hashlib.sha1\n\n    def sign(self, value):\n        return self.digest_method(value)\n' },
    write: (editor) => editor.editFile({ path: 'sign.py', edits: [{ old_text: '    digest_method = hashlib.sha1\n', new_text: '' }] }),
    expected: 'REFERENCES_EXIST: "digest_method" is still referenced in 1 place (sign.py:8',
  },
  {
    name: "Python 2's `except E, name:` binds the name, and its builtins are declared",
    files: { 'old.py': 'try:\n    pass\nexcept ValueError:\n    pass\n' },
    write: (editor) => editor.editFile({ path: 'old.py', edits: [{ old_text: 'except ValueError:\n    pass', new_text: 'except ValueError, err:\n    print(unicode(err))' }] }),
    expected: 'applied',
  },
  {
    name: 'a name the new text uses that nothing declares is refused',
    files: { 'setup.py': 'def run_setup():\n    pass\n\n\nrun_setup()\n' },
    write: (editor) => editor.editFile({ path: 'setup.py', edits: [{ old_text: 'run_setup()\n', new_text: 'run_setpu()\n' }] }),
    expected: 'NAMES_OUT_OF_REACH: The edit\'s new text uses "run_setpu"',
  },
  {
    name: 'a name imported from a module of the project that does not declare it is refused',
    files: { 'lib.py': lib, 'user.py': user },
    write: (editor) => editor.editFile({ path: 'user.py', edits: [{ old_text: 'from lib import f', new_text: 'from lib import f, h' }] }),
    expected: 'NAMES_OUT_OF_REACH: The edit\'s new text imports "h", which the module it names does not declare (user.py:1 (lib.py declares no "h"))',
  },
  {
    name: 'apply_patch importing a name from the module it adds the name to is applied',
    files: { 'lib.py': lib, 'user.py': user },
    write: (editor) => editor.applyPatch(patch('*** Update File: lib.py', '@@', ' def g():', '     return f(1, 2)', '+', '+', '+def h():', '+    return 3', '*** Update File: user.py', '-from lib import f', '+from lib import f, h')),
    expected: 'applied',
  },
  {
    name: 'apply_patch renaming a function and every use of it in two files is applied',
    files: { 'lib.py': lib, 'user.py': user },
    write: (editor) =>
      editor.applyPatch(patch('*** Update File: lib.py', '@@', '-def f(a, b):', '+def h(a, b):', '@@', '-    return f(1, 2)', '+    return h(1, 2)', '*** Update File: user.py', '-from lib import f', '+from lib import h', ' ', '-print(f(3, 4))', '+print(h(3, 4))')),
    expected: 'applied',
  },
  {
    name: 'apply_patch renaming it in its own file only is refused, the other file listed',
    files: { 'lib.py': lib, 'user.py': user },
    write: (editor) => editor.applyPatch(patch('*** Update File: lib.py', '@@', '-def f(a, b):', '+def h(a, b):', '@@', '-    return f(1, 2)', '+    return h(1, 2)')),
    expected: 'REFERENCES_EXIST: "f" is still referenced in 2 places (user.py:1 "from lib import f"; user.py:3 "print(f(3, 4))")',
  },
  {
    name: 'apply_patch deleting a module still imported is refused',
    files: { 'lib.py': lib, 'user.py': user },
    write: (editor) => editor.applyPatch(patch('*** Delete File: lib.py')),
    expected: 'REFERENCES_EXIST: "f" is still referenced in 2 places (user.py:1 "from lib import f"; user.py:3 "print(f(3, 4))")',
  },
  {
    name: 'apply_patch deleting a module with its importer changed too is applied',
    files: { 'lib.py': lib, 'user.py': user },
    write: (editor) => editor.applyPatch(patch('*** Delete File: lib.py', '*** Update File: user.py', '-from lib import f', '+def f(a, b):', '+    return a', ' ', ' print(f(3, 4))')),
    expected: 'applied',
  },
  {
    name: 'apply_patch moving a TypeScript module whose importer still names the old path is refused',
    files: { 'src/lib.ts': 'export function f(a: number): number {\n  return a;\n}\n', 'src/user.ts': "import { f } from './lib';\n\nf(1);\n" },
    write: (editor) => editor.applyPatch(patch('*** Update File: src/lib.ts', '*** Move to: src/util.ts', '@@', ' export function f(a: number): number {')),
    expected: 'REFERENCES_EXIST: "f" is still referenced',
  },
  {
    name: 'apply_patch moving it with the importer changed is applied, and a module the patch adds can be imported',
    files: { 'src/lib.ts': 'export function f(a: number): number {\n  return a;\n}\n', 'src/user.ts': "import { f } from './lib';\n\nf(1);\n" },
    write: (editor) =>
      editor.applyPatch(
        patch('*** Update File: src/lib.ts', '*** Move to: src/util.ts', '@@', ' export function f(a: number): number {', '*** Add File: src/extra.ts', '+export const g = 2;', '*** Update File: src/user.ts', "-import { f } from './lib';", "+import { f } from './util';", "+import { g } from './extra';", ' ', '-f(1);', '+f(g);'),
      ),
    expected: 'applied',
  },
  {
    name: 'apply_patch moving a Python package under src/, where its importers still find it by name, is applied',
    files: { 'pkg/__init__.py': 'from .core import f\n', 'pkg/core.py': lib, 'tests/test_pkg.py': 'import pkg\nfrom pkg.core import g\n\nassert pkg.f(1, 2) == g()\n' },
    write: (editor) => editor.applyPatch(patch('*** Update File: pkg/__init__.py', '*** Move to: src/pkg/__init__.py', '@@', ' from .core import f', '*** Update File: pkg/core.py', '*** Move to: src/pkg/core.py', '@@', ' def f(a, b):', '     return a + b')),
    expected: 'applied',
  },
  {
    name: 'the same move dropping g on the way is refused, the test that imports it listed',
    files: { 'pkg/__init__.py': 'from .core import f\n', 'pkg/core.py': lib, 'tests/test_pkg.py': 'import pkg\nfrom pkg.core import g\n\nassert pkg.f(1, 2) == g()\n' },
    write: (editor) => editor.applyPatch(patch('*** Update File: pkg/__init__.py', '*** Move to: src/pkg/__init__.py', '@@', ' from .core import f', '*** Update File: pkg/core.py', '*** Move to: src/pkg/core.py', '@@', ' def f(a, b):', '     return a + b', '-', '-', '-def g():', '-    return f(1, 2)')),
    expected: 'REFERENCES_EXIST: "g" is still referenced in 2 places (tests/test_pkg.py:2 "from pkg.core import g"; tests/test_pkg.py:4',
  },
  {
    name: 'apply_patch moving one module of a package under src/ while a module left in the package imports it relatively is refused',
    files: { 'pkg/__init__.py': '', 'pkg/core.py': lib, 'pkg/user.py': 'from . import core\n\nprint(core.f(1, 2))\n' },
    write: (editor) => editor.applyPatch(patch('*** Update File: pkg/core.py', '*** Move to: src/pkg/core.py', '@@', ' def f(a, b):')),
    expected: 'REFERENCES_EXIST: "f" is still referenced',
  },
];

describe('writes made as text are checked: applied means the program still holds together', () => {
  for (const { name, files, write, expected, warnings, options } of cases) {
    it(name, async () => {
      const fs = memoryFs(files);
      const result = await write(createEditor({ fs, semantic: 'syntax', ...options }));
      if (expected === 'applied') {
        expect(result.isOk() ? 'applied' : `${result.error.error}: ${result.error.message}`).toBe('applied');
        expect(result.isOk() && result.value.warnings.map((warning) => warning.type)).toEqual(warnings ?? []);
        expect(fs.snapshot()).not.toEqual(files);
        return;
      }
      expect(result.isErr() && `${result.error.error}: ${result.error.message}`).toContain(expected);
      expect(fs.snapshot()).toEqual(files);
    });
  }
});

describe('whole-file writes are checked too', () => {
  const files = { 'lib.py': lib, 'user.py': user, 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': "import { a } from './a';\n\nconsole.log(a);\n" };
  it('delete_file of a module still imported is refused, its users listed; with force it is deleted', async () => {
    const fs = memoryFs(files);
    const editor = createEditor({ fs, semantic: 'syntax' });
    const refused = await editor.deleteFile({ path: 'lib.py' });
    expect(refused.isErr() && `${refused.error.error}: ${refused.error.message}`).toContain('REFERENCES_EXIST: "f" is still referenced in 2 places (user.py:1 "from lib import f"; user.py:3 "print(f(3, 4))")');
    expect(fs.snapshot()).toEqual(files);
    expect((await editor.deleteFile({ path: 'lib.py', force: true })).isOk()).toBe(true);
    expect(fs.snapshot()['lib.py']).toBeUndefined();
  });
  it('move_file of a TypeScript module its importer names by path is refused', async () => {
    const fs = memoryFs(files);
    const result = await createEditor({ fs, semantic: 'syntax' }).moveFile({ from: 'src/a.ts', to: 'src/c.ts' });
    expect(result.isErr() && `${result.error.error}: ${result.error.message}`).toContain('REFERENCES_EXIST: "a" is still referenced');
    expect(fs.snapshot()).toEqual(files);
  });
  it('move_file of a Python module under src/, where its importers still find it by name, is applied', async () => {
    const fs = memoryFs(files);
    const result = await createEditor({ fs, semantic: 'syntax' }).moveFile({ from: 'lib.py', to: 'src/lib.py' });
    expect(result.isOk() ? 'applied' : `${result.error.error}: ${result.error.message}`).toBe('applied');
    expect(fs.snapshot()['src/lib.py']).toBe(lib);
  });
  it('create_file of code that does not parse is SYNTAX_ERROR (written with SYNTAX_BROKEN when forced); overwriting a module its users need is refused', async () => {
    const fs = memoryFs(files);
    const editor = createEditor({ fs, semantic: 'syntax' });
    const refused = await editor.createFile({ path: 'new.py', content: 'def broken(:\n' });
    expect(refused.isErr() && refused.error.error).toBe('SYNTAX_ERROR');
    expect(fs.snapshot()['new.py']).toBeUndefined();
    const created = await editor.createFile({ path: 'new.py', content: 'def broken(:\n', force: true });
    expect(created.isOk() && created.value.warnings.map((warning) => warning.type)).toEqual(['SYNTAX_BROKEN']);
    const hash = (await editor.readFile({ path: 'lib.py' }))._unsafeUnwrap().hash;
    const overwritten = await editor.createFile({ path: 'lib.py', content: 'VERSION = 1\n', overwrite: true, expected_hash: hash });
    expect(overwritten.isErr() && overwritten.error.error).toBe('REFERENCES_EXIST');
    expect(fs.snapshot()['lib.py']).toBe(lib);
  });
});

describe('a file moved brings its syntax errors with it: only errors beyond them are new', () => {
  // The grammar cannot parse a directive inside a function call's arguments: valid C it reads with errors.
  const speedups = 'int f(int a) {\n  return g(a,\n#if V\n    1\n#else\n    2\n#endif\n  );\n}\n';

  it('moveFile and a patch moving a C file the grammar reads with errors are applied', async () => {
    const fs = memoryFs({ 'old/speedups.c': speedups });
    const editor = createEditor({ fs, semantic: 'syntax' });
    const listed = (await editor.listStructures({ path: 'old/speedups.c' }))._unsafeUnwrap();
    expect(listed.warnings.map((warning) => warning.type)).toContain('SYNTAX_ERRORS_ELSEWHERE');
    const moved = await editor.moveFile({ from: 'old/speedups.c', to: 'src/speedups.c', dry_run: true });
    expect(moved.isOk() ? 'applied' : `${moved.error.error}: ${moved.error.message}`).toBe('applied');
    const patch = ['diff --git a/old/speedups.c b/src/speedups.c', 'similarity index 100%', 'rename from old/speedups.c', 'rename to src/speedups.c', ''].join('\n');
    const patched = await editor.applyPatch({ patch, dry_run: true });
    expect(patched.isOk() ? 'applied' : `${patched.error.error}: ${patched.error.message}`).toBe('applied');
  });

  it('a moved file given new errors is refused, listing only the new ones', async () => {
    const editor = createEditor({ fs: memoryFs({ 'old/speedups.c': speedups }), semantic: 'syntax' });
    const patch = ['diff --git a/old/speedups.c b/src/speedups.c', 'similarity index 90%', 'rename from old/speedups.c', 'rename to src/speedups.c', '--- a/old/speedups.c', '+++ b/src/speedups.c', '@@ -1,2 +1,2 @@', '-int f(int a) {', '+int f(int a {', '   return g(a,', ''].join('\n');
    const patched = await editor.applyPatch({ patch, dry_run: true });
    expect(patched.isErr() && `${patched.error.error}: ${patched.error.message}`).toMatch(/^SYNTAX_ERROR: Nothing was written: the edit adds \d syntax errors? to src\/speedups\.c \(line 1: /);
  });
});

describe('a code file that cannot be checked is still written, and says so', () => {
  it('file_edit of a code file over limits.maxFileBytes: NOT_CHECKED, written; force: no warning', async () => {
    const files = { 'big.py': `def f(a, b):\n    return a + b\n${'x = 1\n'.repeat(400)}`, 'user.py': user.replace('lib', 'big') };
    const fs = memoryFs(files);
    const editor = createEditor({ fs, semantic: 'syntax', limits: { maxFileBytes: 1000 } });
    const written = await editor.editFile({ path: 'big.py', edits: [{ old_text: 'def f(a, b):', new_text: 'def h(a, b):' }] });
    expect(written.isOk() && written.value.warnings.map((warning) => `${warning.type}: ${warning.message}`)).toEqual([
      'NOT_CHECKED: big.py was written without checking what the edit changes: at 2430 bytes it is larger than structedit parses (limits.maxFileBytes, 1000). Check its syntax and uses yourself.',
    ]);
    expect(fs.snapshot()['big.py']).toContain('def h(a, b):');
    const forced = await editor.editFile({ path: 'big.py', edits: [{ old_text: 'def h(a, b):', new_text: 'def g(a, b):' }], force: true });
    expect(forced.isOk() && forced.value.warnings).toEqual([]);
  });
});
