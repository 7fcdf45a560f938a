import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    expect(result).toEqual({ code: 0, out: 'auth.py: 1 match for "class UserAuth\\ndef validate"\n\nlines 2-3:\n    def validate(self):\n        return True', err: '' });
  });

  it('read: levels as repeated --level, JSON output', async () => {
    const result = await run('read', 'auth.py', '--level', 'class UserAuth', '--level', 'def validate', '--root', root, '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ matches: [{ text: '    def validate(self):\n        return True', line_range_inclusive: [2, 3] }], hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), warnings: [] });
  });

  it('text output is cut to --max-output-chars, saying how to see the rest; --json and 0 are not cut', async () => {
    const big = mkdtempSync(join(tmpdir(), 'structedit-cli-big-'));
    writeFileSync(join(big, 'big.py'), Array.from({ length: 400 }, (_, index) => `def f${index}():\n    return ${index}\n`).join('\n'));
    const cut = await run('read-file', 'big.py', '--root', big, '--max-output-chars', '2000');
    expect(cut.code).toBe(0);
    expect(cut.out.length).toBeLessThanOrEqual(2000);
    expect(cut.out).toMatch(/\[Output cut to fit 2,000 characters \(max_output_chars\): showing [\d,]+ of [\d,]+ lines\. Continue with file_read \{"path": "big.py", "startLine": \d+/);
    expect((await run('read-file', 'big.py', '--root', big, '--max-output-chars', '0')).out).toContain('def f399():');
    expect(JSON.parse((await run('read-file', 'big.py', '--root', big, '--json', '--max-output-chars', '2000')).out).content).toContain('def f399():');
    expect((await run('read-file', 'big.py', '--root', big, '--max-output-chars', '5')).code).toBe(2);
    rmSync(big, { recursive: true });
  });

  it('an operation error exits 1 with the message and suggestions', async () => {
    const result = await run('read', 'auth.py', 'def validate', '--root', root);
    expect(result.code).toBe(1);
    expect(result.err).toContain('failed (TARGET_NOT_FOUND)');
    expect(result.err).toContain('"class UserAuth\\ndef validate"');
    const json = await run('read', 'missing.py', '', '--root', root, '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ error: 'FILE_NOT_FOUND', details: { path: 'missing.py', state: 'FILE_UNCHANGED' } });
  });

  it('find: structures across the root by name and kind; list: a folder file by file', async () => {
    const found = await run('find', '--name', 'valid*', '--kind', 'method', 'function', '--root', root);
    expect(found).toEqual({ code: 0, out: '1 match in 1 file searched.\nauth.py:2-3 method validate: "class UserAuth\\ndef validate"', err: '' });
    const bad = await run('find', '--name-regex', '(', '--root', root, '--json');
    expect([bad.code, JSON.parse(bad.out).details.issues[0].field]).toEqual([1, 'name_regex']);
    const listed = await run('list', '.', '--depth', '1', '--root', root, '--json');
    expect(JSON.parse(listed.out)).toMatchObject({ path: '.', files: [{ path: 'auth.py', structures: [{ kind: 'class', name: 'UserAuth' }] }] });
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
    // The data, without the text (the tools render it).
    expect(JSON.parse(skeleton.out)).not.toHaveProperty('text');
    const target = await run('read-file', 'auth.py', '--target', 'class UserAuth\\ndef validate', '--recursive', '--root', root);
    expect(target.out.endsWith('    def validate(self):\n        return True')).toBe(true);
  });

  it('read-file: usage and operation errors', async () => {
    const notNumber = await run('read-file', 'auth.py', '--start-line', 'two', '--root', root);
    expect(notNumber.code).toBe(2);
    expect(notNumber.err).toContain('--start-line takes a line number');
    const past = await run('read-file', 'auth.py', '--start-line', '9', '--root', root);
    expect(past.code).toBe(1);
    expect(past.err).toContain('failed (LINE_OUT_OF_RANGE)');
  });

  it('list prints the tree with targets; --help lists the commands', async () => {
    const listing = await run('list', 'auth.py', '--root', root);
    expect(listing).toEqual({ code: 0, out: 'auth.py (python):\n  class UserAuth (lines 1-3): "class UserAuth"\n    method validate (lines 2-3): "class UserAuth\\ndef validate"\n      statement (lines 3-3): "class UserAuth\\ndef validate\\nreturn"', err: '' });
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/read \[options\] <path> \[target\]/);
    expect(help.out).toMatch(/list \[options\] <path>/);
    expect(help.out).toMatch(/read-file \[options\] <path>/);
  });

  it('chunk-edit: by --target or --line, chunks from a JSON file; errors exit 1 with the lines to fix', async () => {
    writeFileSync(join(root, 'calc.py'), 'def total(items):\n    s = 0\n    for i in items:\n        s += i\n    return s\n');
    const chunks = join(root, 'chunks.json');
    writeFileSync(chunks, JSON.stringify([{ context_before: '    for i in items:', old_lines: ['        s += i'], new_lines: ['        s += i * 2'], context_after: '    return s' }]));
    const applied = await run('chunk-edit', 'calc.py', '--target', 'def total', '--chunks', chunks, '--root', root);
    expect(applied).toEqual({ code: 0, out: 'Applied 1 chunk to function "def total" in calc.py, now lines 1-5 (1 line removed, 1 added).\n  chunk 1: old lines 4-4 -> new lines 4-4', err: '' });
    expect(readFileSync(join(root, 'calc.py'), 'utf8')).toBe('def total(items):\n    s = 0\n    for i in items:\n        s += i * 2\n    return s\n');

    writeFileSync(chunks, JSON.stringify({ chunks: [{ context_before: '', old_lines: ['def total(items):'], new_lines: ['def total(items, start=0):'], context_after: '    s = 0' }] }));
    const dry = await run('chunk-edit', 'calc.py', '--line', '1', '--chunks', chunks, '--root', root, '--dry-run', '--json');
    expect(JSON.parse(dry.out)).toMatchObject({ dry_run: true, target: 'def total', chunks: [{ chunk_index: 0, old_line_range_inclusive: [1, 1] }] });
    expect(readFileSync(join(root, 'calc.py'), 'utf8')).toMatch(/^def total\(items\):/);

    writeFileSync(chunks, JSON.stringify([{ context_before: '    for i in items:', old_lines: ['        s += i'], new_lines: ['        s -= i'], context_after: '    return s' }]));
    const failed = await run('chunk-edit', 'calc.py', '--target', 'def total', '--chunks', chunks, '--root', root);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('failed (CHUNK_MISMATCH)');
    expect(failed.err).toContain('> 4 |         s += i * 2');

    writeFileSync(chunks, '[{');
    const bad = await run('chunk-edit', 'calc.py', '--target', 'def total', '--chunks', chunks, '--root', root);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('cannot read the chunks from');
    expect((await run('chunk-edit', 'calc.py', '--target', 'def total', '--root', root)).code).toBe(2);
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
    expect(results[1]!.structuredContent).toEqual({ matches: [{ text: '    def validate(self):\n        return True', line_range_inclusive: [2, 3] }], hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), warnings: [] });
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

describe('--dry-run', () => {
  it('structure edits and apply report what would change and write nothing', async () => {
    const before = readFileSync(join(root, 'auth.py'), 'utf8');
    const replace = await run('replace', 'auth.py', 'class UserAuth\\ndef validate', '--content', 'def validate(self):\n    return False', '--root', root, '--dry-run');
    expect(replace).toEqual({ code: 0, out: 'Dry run, nothing written: would replace "class UserAuth\\ndef validate" in auth.py; it would be at lines 2-3.', err: '' });
    const moved = await run('move', 'auth.py', 'class UserAuth\\ndef validate', '--to', 'other.py', '--position', 'file_end', '--root', root, '--dry-run', '--json');
    expect(JSON.parse(moved.out)).toMatchObject({ dry_run: true, destination_final_line_range: [1, 2] });
    writeFileSync(join(root, 'batch.json'), JSON.stringify([{ tool: 'delete_structure', input: { path: 'auth.py', target: 'class UserAuth\ndef validate' } }]));
    const applied = await run('apply', join(root, 'batch.json'), '--root', root, '--dry-run', '--json');
    expect(JSON.parse(applied.out)[0].structuredContent).toMatchObject({ dry_run: true, deleted_line_range_inclusive: [2, 3] });
    expect(readFileSync(join(root, 'auth.py'), 'utf8')).toBe(before);
    expect(existsSync(join(root, 'other.py'))).toBe(false);
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

describe('file lifecycle commands', () => {
  it('create-file, move-file, delete-file and patch write through the root; an existing file is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'structedit-cli-files-'));
    expect((await run('create-file', 'pkg/a.py', '--content', 'X = 1\n', '--root', dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'pkg/a.py'), 'utf8')).toBe('X = 1\n');
    const refused = await run('create-file', 'pkg/a.py', '--content', 'Y = 2\n', '--root', dir);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('already exists');
    expect((await run('move-file', 'pkg/a.py', 'lib/b.py', '--root', dir)).out).toMatch(/^Moved pkg\/a\.py to lib\/b\.py \(6 bytes\)/);
    expect(existsSync(join(dir, 'pkg/a.py'))).toBe(false);
    expect((await run('delete-file', 'lib/b.py', '--root', dir, '--dry-run')).out).toBe('Would delete lib/b.py (6 bytes); nothing was written.');
    expect((await run('delete-file', 'lib/b.py', '--root', dir)).code).toBe(0);
    writeFileSync(join(dir, 'fix.patch'), '*** Begin Patch\n*** Add File: c.py\n+Z = 3\n*** End Patch\n');
    expect((await run('patch', join(dir, 'fix.patch'), '--root', dir)).out).toMatch(/^Applied the apply_patch patch to 1 file \(undo_token: undo-[\w-]+\):\n {2}added c\.py/);
    expect(readFileSync(join(dir, 'c.py'), 'utf8')).toBe('Z = 3\n');
    const failed = await run('patch', join(dir, 'fix.patch'), '--root', dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('c.py (patch line 2) already exists');
    expect(existsSync(join(dir, 'lib/b.py'))).toBe(false);
    rmSync(dir, { recursive: true });
  });
});
