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

  it('list prints the tree with targets; --help lists the commands', async () => {
    const listing = await run('list', 'auth.py', '--root', root);
    expect(listing).toEqual({ code: 0, out: 'class UserAuth [1-3]  "class UserAuth"\n  method validate [2-3]  "class UserAuth\\ndef validate"\n    statement [3-3]  "class UserAuth\\ndef validate\\nreturn"', err: '' });
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/read \[options\] <path> \[target\]/);
    expect(help.out).toMatch(/list \[options\] <path>/);
  });
});

describe('structedit apply', () => {
  const batchFile = join(root, 'batch.json');

  it('runs a batch of tool calls from a file, in order', async () => {
    writeFileSync(batchFile, JSON.stringify([
      { tool: 'list_structures', input: { path: 'auth.py', depth: 1 } },
      { tool: 'read_structure', input: { path: 'auth.py', target: 'class UserAuth\ndef validate' } },
    ]));
    const result = await run('apply', batchFile, '--root', root, '--json');
    expect(result.code).toBe(0);
    const results = JSON.parse(result.out) as Array<{ isError: boolean; structuredContent: unknown }>;
    expect(results.map((r) => r.isError)).toEqual([false, false]);
    expect(results[1]!.structuredContent).toEqual({ matches: [{ text: '    def validate(self):\n        return True', line_range_inclusive: [2, 3] }], warnings: [] });
  });

  it('reads the batch from standard input and stops at the first failing call', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const batch = JSON.stringify([
      { tool: 'read_structure', input: { path: 'auth.py', target: 'def validate' } },
      { tool: 'read_structure', input: { path: 'auth.py', target: 'class UserAuth' } },
    ]);
    const code = await runCli(['apply', '-', '--root', root], { out: (text) => out.push(text), err: (text) => err.push(text), readStdin: async () => batch });
    expect(code).toBe(1);
    expect(err.join('\n')).toContain('[1/2] read_structure\nread_structure failed (TARGET_NOT_FOUND)');
    expect(out).toEqual([]);
  });

  it('a malformed batch or an unknown tool is reported clearly', async () => {
    writeFileSync(batchFile, '{ not json');
    const malformed = await run('apply', batchFile, '--root', root);
    expect(malformed.code).toBe(2);
    expect(malformed.err).toContain('not valid JSON');
    writeFileSync(batchFile, JSON.stringify([{ tool: 'rm_rf', input: {} }]));
    const unknown = await run('apply', batchFile, '--root', root);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Unknown tool "rm_rf"');
  });
});
