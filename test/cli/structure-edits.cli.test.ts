import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';

const root = mkdtempSync(join(tmpdir(), 'structedit-cli-edits-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const original = 'class UserAuth:\n    def validate(self):\n        return True\n\n    def logout(self):\n        pass\n';
beforeEach(() => {
  writeFileSync(join(root, 'auth.py'), original);
  rmSync(join(root, 'out'), { recursive: true, force: true });
});
const file = (path = 'auth.py') => readFileSync(join(root, path), 'utf8');

async function run(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli([...argv, '--root', root], { out: (text) => out.push(text), err: (text) => err.push(text), readStdin: async () => stdin });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('structedit CLI: structure edits', () => {
  it('replace with --content, and with --content-file - from standard input', async () => {
    expect(await run(['replace', 'auth.py', 'class UserAuth\\ndef logout', '--content', 'def logout(self):\n    return None'])).toEqual({ code: 0, out: 'Replaced "class UserAuth\\ndef logout" in auth.py; it is now at lines 5-6.', err: '' });
    expect(file()).toBe(original.replace('        pass', '        return None'));
    const piped = await run(['replace', 'auth.py', 'class UserAuth\\ndef logout', '--content-file', '-', '--json'], 'def logout(self):\n    pass\n');
    expect(JSON.parse(piped.out)).toEqual({ lines: [5, 6], kept_leading_lines: 0, hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), undo_token: expect.any(String), dry_run: false, warnings: [] });
    expect(file()).toBe(original);
  });

  it('a write that adds syntax errors: refused with exit 3 by default, written with --syntax warn (exit 3) or --allow-broken (exit 0) (issue 17, case 5)', async () => {
    // --content is literal: a shell's single quotes keep "\n" as two characters, one broken line.
    const literal = 'def helper():\\n    pass';
    const refused = await run(['insert-before', 'auth.py', '', '--content', literal]);
    expect(refused.code).toBe(3);
    expect(refused.err).toContain('SYNTAX_ERROR');
    // The advice is the command line's: a flag, not the tools' `force: true`.
    expect(refused.err).toContain('run the command again with --allow-broken');
    expect(refused.err).not.toContain('force: true');
    expect(file()).toBe(original);
    const warned = await run(['insert-before', 'auth.py', '', '--content', literal, '--syntax', 'warn']);
    expect(warned.code).toBe(3);
    expect(warned.out).toContain('Warning (SYNTAX_BROKEN)');
    expect(file()).toBe(`${literal}\n\n${original}`);
    writeFileSync(join(root, 'auth.py'), original);
    const allowed = await run(['insert-before', 'auth.py', '', '--content', literal, '--allow-broken']);
    expect(allowed.code).toBe(0);
    expect(allowed.out).toContain('Warning (SYNTAX_BROKEN)');
    // A real line break ($'…' in a shell, or --content-file -) is code that parses.
    writeFileSync(join(root, 'auth.py'), original);
    const good = await run(['insert-before', 'auth.py', '', '--content-file', '-'], 'def helper():\n    pass\n');
    expect(good).toMatchObject({ code: 0, err: '' });
    expect(file()).toBe(`def helper():\n    pass\n\n${original}`);
  });

  it('an edit that leaves a call short of a new parameter: refused with exit 1 (CALLS_BROKEN), written with --force', async () => {
    // Go: no language server here, so the calls are bound to the new parameters by structedit itself.
    const go = 'package a\n\nfunc Area(w int) int {\n\treturn w * w\n}\n\nfunc Both() int {\n\treturn Area(2)\n}\n';
    writeFileSync(join(root, 'a.go'), go);
    const refused = await run(['replace-text', 'a.go', 'func Area', '--old', 'w int', '--new', 'w int, h int']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('CALLS_BROKEN');
    expect(refused.err).toContain('a.go:8');
    expect(file('a.go')).toBe(go);
    const written = await run(['replace-text', 'a.go', 'func Area', '--old', 'w int', '--new', 'w int, h int', '--force']);
    expect(written.code).toBe(0);
    expect(file('a.go')).toBe(go.replace('w int', 'w int, h int'));
  });

  it('delete, insert-before, insert-after', async () => {
    expect((await run(['insert-after', 'auth.py', 'class UserAuth\\ndef logout', '--content', 'def login(self):\n    pass'])).out).toBe('Inserted after "class UserAuth\\ndef logout" in auth.py at line 8.');
    // A blank line between the import and the (multi-line) class: the file gives no other example.
    expect((await run(['insert-before', 'auth.py', '', '--content', 'import os'])).out).toBe('Inserted before "" in auth.py at line 1; the target now starts at line 3.');
    expect((await run(['delete', 'auth.py', 'class UserAuth\\ndef validate'])).out).toBe('Deleted "class UserAuth\\ndef validate" from auth.py (lines 4-5).');
    expect(file()).toBe('import os\n\nclass UserAuth:\n    def logout(self):\n        pass\n\n    def login(self):\n        pass\n');
  });

  it('replace-text, replace-all-text with --expected-count, and errors with similar lines', async () => {
    expect((await run(['replace-text', 'auth.py', 'class UserAuth\\ndef validate', '--old', 'True', '--new', 'False'])).out).toBe('Replaced the text in "class UserAuth\\ndef validate" of auth.py; the new text is at lines 3-3.');
    const mismatch = await run(['replace-all-text', 'auth.py', 'class UserAuth', '--old', 'self', '--new', 'me', '--expected-count', '3']);
    expect(mismatch.code).toBe(1);
    expect(mismatch.err).toContain('failed (COUNT_MISMATCH)');
    expect((await run(['replace-all-text', 'auth.py', 'class UserAuth', '--old', 'self', '--new', 'me', '--expected-count', '2'])).out).toBe('Replaced 2 occurrences in "class UserAuth" of auth.py (lines 2-5).');
    const missing = await run(['replace-text', 'auth.py', 'class UserAuth', '--old', 'return  False', '--new', 'x']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('Most similar lines of the structure (copy the exact text):\n  line 3 (similarity 0.92):         return False');
  });

  it('move to another file, creating it', async () => {
    expect(await run(['move', 'auth.py', 'class UserAuth\\ndef logout', '--to', 'out/session.py', '--position', 'file_end'])).toEqual({ code: 0, out: 'Moved "class UserAuth\\ndef logout" from auth.py (lines 5-6) to out/session.py, now lines 1-2.', err: '' });
    expect(file('out/session.py')).toBe('def logout(self):\n    pass\n');
    expect(file()).toBe('class UserAuth:\n    def validate(self):\n        return True\n');
  });

  it('--expected-hash: a stale hash is a CONFLICT (exit 1), nothing written; the current one goes through', async () => {
    const read = JSON.parse((await run(['read', 'auth.py', 'class UserAuth\\ndef logout', '--json'])).out) as { hash: string };
    writeFileSync(join(root, 'auth.py'), original.replace('pass', 'return'));
    const stale = await run(['replace-text', 'auth.py', 'class UserAuth\\ndef logout', '--old', 'return', '--new', 'return 0', '--expected-hash', read.hash]);
    expect(stale.code).toBe(1);
    expect(stale.err).toContain('CONFLICT');
    expect(file()).toBe(original.replace('pass', 'return'));
    const fresh = JSON.parse((await run(['read', 'auth.py', 'class UserAuth\\ndef logout', '--json'])).out) as { hash: string };
    expect((await run(['replace-text', 'auth.py', 'class UserAuth\\ndef logout', '--old', 'return', '--new', 'return 0', '--expected-hash', fresh.hash])).code).toBe(0);
    expect(file()).toBe(original.replace('pass', 'return 0'));
  });

  it('usage errors exit 2 and write nothing', async () => {
    const both = await run(['replace', 'auth.py', 'class UserAuth', '--content', 'x', '--content-file', 'y']);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--content');
    expect((await run(['move', 'auth.py', 'class UserAuth'])).code).toBe(2);
    expect(file()).toBe(original);
  });
});
