import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEditor, FsError, type Editor } from 'structedit';
import { nodeFs } from 'structedit/node';

/**
 * No way out of the root: every kind of path that could lead outside it, through every operation
 * of the editor, is refused with PATH_OUTSIDE_ROOT or INVALID_ARGUMENT, and nothing outside changes.
 */
let base: string;
let root: string;
let outside: string;
let editor: Editor;

const outsideFiles = () => Object.fromEntries(readdirSync(outside, { recursive: true, encoding: 'utf8' }).sort().map((name) => [name, (() => { try { return readFileSync(join(outside, name), 'utf8'); } catch { return '(folder)'; } })()]));

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'structedit-paths-'));
  root = join(base, 'root');
  outside = join(base, 'root-evil');
  mkdirSync(root);
  mkdirSync(join(outside, 'sub'), { recursive: true });
  writeFileSync(join(outside, 'secret.py'), 'def secret():\n    return 1\n');
  writeFileSync(join(outside, 'sub', 'deep.py'), 'def deep():\n    return 2\n');
  writeFileSync(join(root, 'inside.py'), 'def inside():\n    return 0\n');
  symlinkSync(join(outside, 'secret.py'), join(root, 'file-link.py'));
  symlinkSync(outside, join(root, 'folder-link'));
  symlinkSync(join(root, 'file-link.py'), join(root, 'chain.py'));
  symlinkSync(join(outside, 'missing.py'), join(root, 'dangling.py'));
  symlinkSync('../root-evil/secret.py', join(root, 'relative-link.py'));
  editor = createEditor({ fs: nodeFs({ root }) });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const OUTSIDE: Array<[string, () => string]> = [
  ['"..": a relative climb', () => '../root-evil/secret.py'],
  ['".." after a folder', () => 'sub/../../root-evil/secret.py'],
  ['an absolute path outside', () => join(outside, 'secret.py')],
  ['an absolute path that climbs out of the root', () => `${root}/../root-evil/secret.py`],
  ['a sibling whose name starts with the root\'s', () => `${root}-evil/secret.py`],
  ['a symbolic link to a file outside', () => 'file-link.py'],
  ['a symbolic link to a folder outside', () => 'folder-link/secret.py'],
  ['a new file inside a linked folder outside', () => 'folder-link/sub/new.py'],
  ['a chain of links that ends outside', () => 'chain.py'],
  ['a relative link that leads out', () => 'relative-link.py'],
  ['a dangling link to outside', () => 'dangling.py'],
];

const INVALID: Array<[string, string]> = [
  ['a NUL byte', 'inside.py\0.txt'],
  ['a NUL byte in an absolute path', '/tmp/x\0y.py'],
  ['Windows separators', 'sub\\inside.py'],
  ['a Windows climb', '..\\root-evil\\secret.py'],
  ['a drive letter', 'C:/Windows/win.ini'],
  ['a drive letter with backslashes', 'C:\\Windows\\win.ini'],
  ['a UNC path', '\\\\server\\share\\x.py'],
];

/** Every operation of the editor on one path (as the file read, and as a move's destination). */
const calls = (path: string) => [
  editor.readStructure({ path, target: '' }),
  editor.listStructures({ path }),
  editor.readFile({ path }),
  editor.replaceStructure({ path, target: '', content: 'x = 1\n' }),
  editor.deleteStructure({ path, target: 'def secret' }),
  editor.replaceTextInStructure({ path, target: '', old_text: 'return', new_text: 'yield' }),
  editor.replaceAllTextInStructure({ path, target: '', old_text: 'return', new_text: 'yield' }),
  editor.insertBeforeStructure({ path, target: '', content: 'import os' }),
  editor.insertAfterStructure({ path, target: '', content: 'x = 1' }),
  editor.editFile({ path, edits: [{ old_text: 'return', new_text: 'yield' }] }),
  editor.applyChunks({ path, line: 1, chunks: [{ context_before: '', old_lines: [], new_lines: ['x = 1'], context_after: [] }] }),
  editor.moveStructure({ source_path: path, source_target: 'def secret', dest_path: 'inside.py', position: 'file_end' }),
  editor.moveStructure({ source_path: 'inside.py', source_target: 'def inside', dest_path: path, position: 'file_end' }),
];

describe('nodeFs through the editor: no way out of the root', () => {
  it.each(OUTSIDE)('%s: PATH_OUTSIDE_ROOT from every operation, nothing outside read or changed', async (_name, pathOf) => {
    const before = outsideFiles();
    for (const call of calls(pathOf())) {
      const result = await call;
      expect(result.isErr()).toBe(true);
      expect(result._unsafeUnwrapErr().error).toBe('PATH_OUTSIDE_ROOT');
      expect(JSON.stringify(result._unsafeUnwrapErr())).not.toContain('def secret():');
    }
    expect(outsideFiles()).toEqual(before);
    expect(readFileSync(join(root, 'inside.py'), 'utf8')).toBe('def inside():\n    return 0\n');
  });

  it.each(INVALID)('%s: INVALID_ARGUMENT naming the path from every operation', async (_name, path) => {
    for (const call of calls(path)) {
      const result = await call;
      expect(result.isErr()).toBe(true);
      const error = result._unsafeUnwrapErr();
      expect(error.error).toBe('INVALID_ARGUMENT');
      if (error.error === 'INVALID_ARGUMENT') expect(error.details.issues[0]!.field).toMatch(/path$/);
    }
    expect(readdirSync(root).sort()).toEqual(['chain.py', 'dangling.py', 'file-link.py', 'folder-link', 'inside.py', 'relative-link.py']);
  });

  it('every adapter method refuses the same paths', async () => {
    const fs = nodeFs({ root });
    const methods = (path: string): Array<() => Promise<unknown>> => [
      () => fs.readFile(path),
      () => fs.writeFile(path, new Uint8Array([120])),
      () => fs.stat(path),
      () => fs.mkdir(`${path}/d`),
      () => fs.rename('inside.py', path),
      () => fs.rename(path, 'moved.py'),
      () => fs.remove(path),
      () => fs.realpath(path),
      () => fs.exists(path),
    ];
    for (const [, pathOf] of OUTSIDE) {
      for (const method of methods(pathOf())) {
        const error = await method().then(() => null, (cause: unknown) => cause);
        expect(error, pathOf()).toBeInstanceOf(FsError);
        expect((error as FsError).code, pathOf()).toMatch(/^(OUTSIDE_ROOT|ENOENT)$/);
      }
    }
    expect(readdirSync(outside).sort()).toEqual(['secret.py', 'sub']);
    expect(readFileSync(join(root, 'inside.py'), 'utf8')).toBe('def inside():\n    return 0\n');
  });
});
