import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';

const root = mkdtempSync(join(tmpdir(), 'structedit-cli-'));
writeFileSync(join(root, 'auth.py'), 'class UserAuth:\n    def validate(self):\n        return True\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('structedit CLI', () => {
  it('read: levels as \\n inside the argument', async () => {
    const result = await run('read', 'auth.py', 'class UserAuth\\ndef validate', '--root', root);
    expect(result).toEqual({ code: 0, out: '--- auth.py lines 2-3 ---\n    def validate(self):\n        return True', err: '' });
  });

  it('read: levels as repeated --level, JSON output', async () => {
    const result = await run('read', 'auth.py', '--level', 'class UserAuth', '--level', 'def validate', '--root', root, '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ matches: [{ text: '    def validate(self):\n        return True', line_range_inclusive: [2, 3] }], warnings: [] });
  });

  it('an operation error exits 1 with the message and suggestions', async () => {
    const result = await run('read', 'auth.py', 'def validate', '--root', root);
    expect(result.code).toBe(1);
    expect(result.err).toContain('error: TARGET_NOT_FOUND');
    expect(result.err).toContain('"class UserAuth\\ndef validate"');
    const json = await run('read', 'missing.py', '', '--root', root, '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ error: 'FILE_NOT_FOUND', details: { path: 'missing.py', state: 'FILE_UNCHANGED' } });
  });

  it('usage errors exit 2', async () => {
    expect((await run('nonsense')).code).toBe(2);
    expect((await run('read')).code).toBe(2);
    const both = await run('read', 'auth.py', 'class UserAuth', '--level', 'x', '--root', root);
    expect(both.code).toBe(2);
    expect(both.err).toContain('not both');
  });

  it('read-file: a range with stubs, a skeleton, a target; --json gives the data', async () => {
    const range = await run('read-file', 'auth.py', '--start-line', '1', '--root', root);
    expect(range).toEqual({
      code: 0,
      out: '## file_read: auth.py\n\n**Range:** lines 1-3 of 3\n\nclass UserAuth:\n\n    --- symbol: validate (method, lines 2-3) ---\n    Use { target: "class UserAuth\\ndef validate" } to read this symbol',
      err: '',
    });
    const skeleton = await run('read-file', 'auth.py', '--skeleton', '--json', '--root', root);
    expect(JSON.parse(skeleton.out)).toMatchObject({ mode: 'skeleton', skeleton: { symbols: [{ kind: 'class', target: 'class UserAuth', children: [{ target: 'class UserAuth\ndef validate' }] }] } });
    const target = await run('read-file', 'auth.py', '--target', 'class UserAuth\\ndef validate', '--recursive', '--root', root);
    expect(target.out.endsWith('    def validate(self):\n        return True')).toBe(true);
  });

  it('read-file: usage and operation errors', async () => {
    const notNumber = await run('read-file', 'auth.py', '--start-line', 'two', '--root', root);
    expect(notNumber.code).toBe(2);
    expect(notNumber.err).toContain('--start-line takes a line number');
    const past = await run('read-file', 'auth.py', '--start-line', '9', '--root', root);
    expect(past.code).toBe(1);
    expect(past.err).toContain('error: LINE_OUT_OF_RANGE');
  });

  it('list prints the tree with targets; --help lists the commands', async () => {
    const listing = await run('list', 'auth.py', '--root', root);
    expect(listing).toEqual({ code: 0, out: 'class UserAuth [1-3]  "class UserAuth"\n  method validate [2-3]  "class UserAuth\\ndef validate"\n    statement [3-3]  "class UserAuth\\ndef validate\\nreturn"', err: '' });
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/read \[options\] <path> \[target\]/);
    expect(help.out).toMatch(/list \[options\] <path>/);
    expect(help.out).toMatch(/read-file \[options\] <path>/);
  });
});
