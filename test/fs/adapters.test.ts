import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsError, memoryFs, type FsAdapter } from 'structedit';
import { nodeFs } from 'structedit/node';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const bytes = (value: string) => new TextEncoder().encode(value);

async function rejection(promise: Promise<unknown>): Promise<FsError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FsError);
    return error as FsError;
  }
  throw new Error('expected a rejection');
}

/** The contract both adapters share. */
function contract(name: string, make: () => { fs: FsAdapter; cleanup?: () => void }) {
  describe(`${name}: FsAdapter contract`, () => {
    let fs: FsAdapter;
    let cleanup: (() => void) | undefined;
    beforeEach(() => {
      ({ fs, cleanup } = make());
    });
    afterEach(() => cleanup?.());

    it('reads, writes, stats and lists files', async () => {
      await fs.mkdir('src/deep');
      await fs.writeFile('src/deep/a.py', bytes('x = 1\n'));
      expect(text(await fs.readFile('src/deep/a.py'))).toBe('x = 1\n');
      expect(await fs.stat('src/deep/a.py')).toMatchObject({ kind: 'file', size: 6 });
      expect((await fs.stat('src')).kind).toBe('directory');
      expect(await fs.exists('src/deep/a.py')).toBe(true);
      expect(await fs.exists('src/deep/b.py')).toBe(false);
      expect(await fs.readDirectory('src/deep')).toEqual([{ name: 'a.py', kind: 'file' }]);
      expect(await fs.realpath('./src//deep/../deep/a.py')).toBe('src/deep/a.py');
    });

    it('replaces a file, renames and removes', async () => {
      await fs.writeFile('a.txt', bytes('one'));
      await fs.writeFile('a.txt', bytes('two'));
      expect(text(await fs.readFile('a.txt'))).toBe('two');
      await fs.rename('a.txt', 'b.txt');
      expect(await fs.exists('a.txt')).toBe(false);
      expect(text(await fs.readFile('b.txt'))).toBe('two');
      await fs.remove('b.txt');
      expect(await fs.exists('b.txt')).toBe(false);
    });

    it('reports missing files and folders with ENOENT, folders read as files with EISDIR', async () => {
      expect((await rejection(fs.readFile('nope.py'))).code).toBe('ENOENT');
      expect((await rejection(fs.writeFile('no/such/folder/a.py', bytes('')))).code).toBe('ENOENT');
      await fs.mkdir('dir');
      expect((await rejection(fs.readFile('dir'))).code).toBe('EISDIR');
    });

    it('refuses paths that leave the root, NUL bytes and backslashes', async () => {
      expect((await rejection(fs.readFile('../outside.txt'))).code).toBe('OUTSIDE_ROOT');
      expect((await rejection(fs.readFile('a/../../outside.txt'))).code).toBe('OUTSIDE_ROOT');
      expect((await rejection(fs.writeFile('../outside.txt', bytes('x')))).code).toBe('OUTSIDE_ROOT');
      expect((await rejection(fs.readFile('a\0b.py'))).code).toBe('INVALID_PATH');
      expect((await rejection(fs.readFile('a\\b.py'))).code).toBe('INVALID_PATH');
      expect((await rejection(fs.readFile('C:/x.py'))).code).toBe('INVALID_PATH');
    });
  });
}

contract('memoryFs', () => ({ fs: memoryFs() }));

const scratch: string[] = [];
const temporaryRoot = () => {
  const root = mkdtempSync(join(tmpdir(), 'structedit-fs-'));
  scratch.push(root);
  return root;
};
afterAll(() => {
  for (const root of scratch) rmSync(root, { recursive: true, force: true });
});
contract('nodeFs', () => ({ fs: nodeFs({ root: temporaryRoot() }) }));

describe('memoryFs', () => {
  it('starts from files given as text or bytes and shows them as a snapshot', async () => {
    const fs = memoryFs({ 'b/c.txt': 'hello', 'a.bin': new Uint8Array([1, 2]) });
    expect(await fs.readDirectory('')).toEqual([
      { name: 'a.bin', kind: 'file' },
      { name: 'b', kind: 'directory' },
    ]);
    expect(fs.snapshot()).toEqual({ 'a.bin': '\u0001\u0002', 'b/c.txt': 'hello' });
  });

  it('keeps a file mode across rewrites', async () => {
    const fs = memoryFs({ 'run.sh': 'echo' });
    await fs.writeFile('run.sh', bytes('echo'), { mode: 0o755 });
    await fs.writeFile('run.sh', bytes('echo hi'));
    expect((await fs.stat('run.sh')).mode).toBe(0o755);
  });
});

describe('nodeFs', () => {
  it('writes atomically: a temporary file in the same folder, renamed, and nothing left behind', async () => {
    const root = temporaryRoot();
    const fs = nodeFs({ root });
    writeFileSync(join(root, 'a.py'), 'old');
    await fs.writeFile('a.py', bytes('new'));
    expect(readFileSync(join(root, 'a.py'), 'utf8')).toBe('new');
    expect(readdirSync(root)).toEqual(['a.py']);
  });

  it('keeps the file mode', async () => {
    const root = temporaryRoot();
    const fs = nodeFs({ root });
    writeFileSync(join(root, 'run.sh'), 'echo');
    chmodSync(join(root, 'run.sh'), 0o751);
    await fs.writeFile('run.sh', bytes('echo hi'));
    expect(statSync(join(root, 'run.sh')).mode & 0o777).toBe(0o751);
  });

  it('accepts absolute paths inside the root and refuses those outside', async () => {
    const root = temporaryRoot();
    const fs = nodeFs({ root });
    writeFileSync(join(root, 'a.py'), 'x');
    expect(text(await fs.readFile(join(root, 'a.py')))).toBe('x');
    expect((await rejection(fs.readFile('/etc/passwd'))).code).toBe('OUTSIDE_ROOT');
  });

  it('follows symbolic links inside the root, and refuses links that lead out (files, folders, dangling)', async () => {
    const root = temporaryRoot();
    const outside = temporaryRoot();
    writeFileSync(join(outside, 'secret.py'), 'secret');
    writeFileSync(join(root, 'real.py'), 'real');
    symlinkSync(join(root, 'real.py'), join(root, 'link.py'));
    symlinkSync(join(outside, 'secret.py'), join(root, 'escape.py'));
    symlinkSync(outside, join(root, 'escape-dir'));
    symlinkSync(join(outside, 'not-yet.py'), join(root, 'dangling.py'));
    const fs = nodeFs({ root });

    expect(text(await fs.readFile('link.py'))).toBe('real');
    expect(await fs.realpath('link.py')).toBe('real.py');
    await fs.writeFile('link.py', bytes('changed'));
    expect(readFileSync(join(root, 'real.py'), 'utf8')).toBe('changed');

    expect((await rejection(fs.readFile('escape.py'))).code).toBe('OUTSIDE_ROOT');
    expect((await rejection(fs.writeFile('escape.py', bytes('x')))).code).toBe('OUTSIDE_ROOT');
    expect((await rejection(fs.readFile('escape-dir/secret.py'))).code).toBe('OUTSIDE_ROOT');
    expect((await rejection(fs.writeFile('escape-dir/new.py', bytes('x')))).code).toBe('OUTSIDE_ROOT');
    expect((await rejection(fs.writeFile('dangling.py', bytes('x')))).code).toBe('OUTSIDE_ROOT');
    expect(readFileSync(join(outside, 'secret.py'), 'utf8')).toBe('secret');
    expect(readdirSync(outside)).toEqual(['secret.py']);
    expect((await fs.readDirectory('')).map((entry) => entry.name)).toEqual(['link.py', 'real.py']);
  });

  it('hasContent compares a file with bytes in chunks: equal, other bytes, other size, missing, outside the root', async () => {
    const root = temporaryRoot();
    const outside = temporaryRoot();
    const fs = nodeFs({ root });
    const hasContent = fs.hasContent!;
    // Over one 1 MiB chunk, so the comparison crosses a chunk boundary; the difference is in the second chunk.
    const large = new Uint8Array(3 * 1024 * 1024 + 7).map((_, index) => index % 251);
    writeFileSync(join(root, 'large.bin'), large);
    writeFileSync(join(root, 'empty.txt'), '');
    writeFileSync(join(outside, 'secret.py'), 'secret');
    symlinkSync(join(outside, 'secret.py'), join(root, 'escape.py'));
    expect(await hasContent('large.bin', large)).toBe(true);
    const changed = large.slice();
    changed[1024 * 1024 + 5] = (large[1024 * 1024 + 5]! + 1) % 251;
    expect(await hasContent('large.bin', changed)).toBe(false);
    expect(await hasContent('large.bin', large.subarray(0, large.length - 1))).toBe(false);
    expect(await hasContent('empty.txt', new Uint8Array(0))).toBe(true);
    expect(await hasContent('empty.txt', bytes('x'))).toBe(false);
    expect(await hasContent('missing.txt', bytes('x'))).toBe(false);
    expect(await hasContent('empty.txt/under-a-file.txt', bytes('x'))).toBe(false);
    expect((await rejection(hasContent('escape.py', bytes('secret')))).code).toBe('OUTSIDE_ROOT');
    expect((await rejection(hasContent('../x', bytes('x')))).code).toBe('OUTSIDE_ROOT');
  });

  it('writeChunks writes the chunks one after another, atomically, keeping the mode (more chunks than one writev takes)', async () => {
    const root = temporaryRoot();
    const fs = nodeFs({ root });
    writeFileSync(join(root, 'a.txt'), 'old');
    chmodSync(join(root, 'a.txt'), 0o640);
    const chunks = Array.from({ length: 3000 }, (_, index) => (index % 7 === 0 ? new Uint8Array(0) : bytes(`${index},`)));
    await fs.writeChunks!('a.txt', chunks);
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe(chunks.map(text).join(''));
    expect(statSync(join(root, 'a.txt')).mode & 0o777).toBe(0o640);
    expect(readdirSync(root)).toEqual(['a.txt']);
    await fs.writeChunks!('new.txt', []);
    expect(readFileSync(join(root, 'new.txt'), 'utf8')).toBe('');
    chmodSync(join(root, 'a.txt'), 0o444);
    expect((await rejection(fs.writeChunks!('a.txt', [bytes('x')]))).code).toBe('EACCES');
    expect((await rejection(fs.writeChunks!('../x.txt', [bytes('x')]))).code).toBe('OUTSIDE_ROOT');
  });

  it('reads small files with synchronous calls and large ones asynchronously, the same bytes either way', async () => {
    const root = temporaryRoot();
    const small = bytes('const a = 1;\n'.repeat(1000));
    const large = new Uint8Array(3 * 1024 * 1024 + 7).map((_, index) => 32 + (index % 90));
    writeFileSync(join(root, 'small.ts'), small);
    writeFileSync(join(root, 'large.txt'), large);
    writeFileSync(join(root, 'empty.txt'), '');
    const fs = nodeFs({ root });
    expect(await fs.readFile('small.ts')).toEqual(small);
    expect(await fs.readFile('large.txt')).toEqual(large);
    expect(await fs.readFile('empty.txt')).toEqual(new Uint8Array());
    expect((await rejection(fs.readFile('missing.txt'))).code).toBe('ENOENT');
  });

  it.skipIf(process.platform === 'win32')('a named pipe is not read on the thread: the read waits for a writer while the process goes on', async () => {
    const root = temporaryRoot();
    execFileSync('mkfifo', [join(root, 'pipe')]);
    // A writer 300 ms from now; meanwhile a timer counts whether the thread is free.
    const writer = spawn('sh', ['-c', 'sleep 0.3; printf "through the pipe" > pipe'], { cwd: root });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      expect(text(await nodeFs({ root }).readFile('pipe'))).toBe('through the pipe');
    } finally {
      clearInterval(timer);
      writer.kill();
    }
    expect(ticks).toBeGreaterThan(10);
  });

  it('creates nested folders', async () => {
    const root = temporaryRoot();
    await nodeFs({ root }).mkdir('a/b/c');
    expect(statSync(join(root, 'a/b/c')).isDirectory()).toBe(true);
    mkdirSync(join(root, 'x'));
    await nodeFs({ root }).mkdir('x');
  });
});
