import { describe, expect, it } from 'vitest';
import { FsError, memoryFs, mountedFs } from 'structedit';

describe('mountedFs', () => {
  const make = () => {
    const a = memoryFs({ 'x.py': 'a\n', 'sub/y.py': 'y\n' });
    const b = memoryFs({ 'x.py': 'b\n' });
    return { a, b, fs: mountedFs({ one: a, two: b }) };
  };

  it('routes name/rest to the mount; the top level lists the mounts', async () => {
    const { a, b, fs } = make();
    expect(new TextDecoder().decode(await fs.readFile('two/x.py'))).toBe('b\n');
    expect(await fs.readDirectory('')).toEqual([{ name: 'one', kind: 'directory' }, { name: 'two', kind: 'directory' }]);
    expect(await fs.readDirectory('one')).toEqual([{ name: 'sub', kind: 'directory' }, { name: 'x.py', kind: 'file' }]);
    expect((await fs.stat('')).kind).toBe('directory');
    expect(await fs.realpath('one/sub/y.py')).toBe('one/sub/y.py');
    await fs.writeFile('one/z.py', new TextEncoder().encode('z\n'));
    await fs.rename('one/z.py', 'one/sub/z.py');
    expect(a.snapshot()).toEqual({ 'sub/y.py': 'y\n', 'sub/z.py': 'z\n', 'x.py': 'a\n' });
    expect(b.snapshot()).toEqual({ 'x.py': 'b\n' });
  });

  it('a path outside every mount is OUTSIDE_ROOT, naming the mounts; nothing exists there', async () => {
    const { fs } = make();
    await expect(fs.readFile('three/x.py')).rejects.toMatchObject({ code: 'OUTSIDE_ROOT', message: 'no folder is mounted as "three"; every path starts with one of one/, two/' });
    await expect(fs.readFile('../x.py')).rejects.toBeInstanceOf(FsError);
    expect(await fs.exists('three/x.py')).toBe(false);
    expect(await fs.exists('one')).toBe(true);
  });

  it('refuses a file at the top level and a rename across mounts', async () => {
    const { fs } = make();
    await expect(fs.writeFile('top.py', new Uint8Array())).rejects.toMatchObject({ code: 'OUTSIDE_ROOT' });
    await expect(fs.writeFile('', new Uint8Array())).rejects.toMatchObject({ code: 'EISDIR' });
    await expect(fs.rename('one/x.py', 'two/y.py')).rejects.toMatchObject({ code: 'EXDEV' });
  });
});
