import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('list prints the tree with targets; --help lists the commands', async () => {
    const listing = await run('list', 'auth.py', '--root', root);
    expect(listing).toEqual({ code: 0, out: 'class UserAuth [1-3]  "class UserAuth"\n  method validate [2-3]  "class UserAuth\\ndef validate"\n    statement [3-3]  "class UserAuth\\ndef validate\\nreturn"', err: '' });
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/read \[options\] <path> \[target\]/);
    expect(help.out).toMatch(/list \[options\] <path>/);
  });

  it('edit-file applies the edits of a JSON file; --dry-run --json prints the FileEditResult', async () => {
    writeFileSync(join(root, 'notes.txt'), 'alpha\r\nbeta\r\n');
    writeFileSync(join(root, 'edits.json'), JSON.stringify([{ old_text: 'beta', new_text: 'gamma\ndelta' }]));
    const dry = await run('edit-file', 'notes.txt', '--edits', join(root, 'edits.json'), '--dry-run', '--json', '--root', root);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.out)).toMatchObject({ isError: false, metadata: { path: 'notes.txt', dry_run: true, would_modify: true, total_replacements: 1 } });
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('alpha\r\nbeta\r\n');
    const real = await run('edit-file', 'notes.txt', '--edits', join(root, 'edits.json'), '--root', root);
    expect(real).toEqual({ code: 0, out: 'Applied 1 edit to notes.txt: 1 replacement.\n\n```diff\n--- notes.txt\n+++ notes.txt\n@@ -1,2 +1,3 @@\n alpha\n-beta\n+gamma\n+delta\n```', err: '' });
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('alpha\r\ngamma\r\ndelta\r\n');
  });

  it('edit-file: a failed edit exits 1 with the report; a bad edits file exits 2', async () => {
    writeFileSync(join(root, 'miss.json'), JSON.stringify({ edits: [{ old_text: 'alpha\nGamma', new_text: 'x' }] }));
    const miss = await run('edit-file', 'notes.txt', '--edits', join(root, 'miss.json'), '--root', root);
    expect(miss.code).toBe(1);
    expect(miss.err).toContain('Edit 1 of 1 failed: Could not find exact text in notes.txt.');
    expect(miss.err).toContain('Lines 1-2 (similarity');
    writeFileSync(join(root, 'broken.json'), '[{ old_text: ');
    const broken = await run('edit-file', 'notes.txt', '--edits', join(root, 'broken.json'), '--root', root);
    expect(broken.code).toBe(2);
    expect(broken.err).toContain('is not valid JSON');
    expect((await run('edit-file', 'notes.txt', '--root', root)).code).toBe(2);
    expect((await run('--help')).out).toMatch(/edit-file \[options\] <path>/);
  });
});
