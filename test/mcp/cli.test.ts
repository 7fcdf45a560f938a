import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { mountNames } from '../../src/cli/mcp-command.js';
import { semanticSummary } from '../../src/cli/semantic-summary.js';

const folder = mkdtempSync(join(tmpdir(), 'structedit-mcp-cli-'));
writeFileSync(join(folder, 'file.py'), 'x = 1\n');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs `structedit mcp …`, which must fail before it starts a server. */
async function mcp(...args: string[]) {
  const err: string[] = [];
  const code = await runCli(['mcp', ...args], { out: () => undefined, err: (text) => err.push(text) });
  return { code, err: err.join('\n') };
}

describe('structedit mcp fails fast, before starting a server, on a wrong command line', () => {
  it('a root that does not exist', async () => {
    expect(await mcp(folder, join(folder, 'nope'))).toEqual({ code: 2, err: expect.stringMatching(/^error: root .*nope does not exist .*give an existing folder$/) });
  });
  it('a root that is a file', async () => {
    expect(await mcp(join(folder, 'file.py'))).toEqual({ code: 2, err: expect.stringMatching(/root .*file\.py is not a folder/) });
  });
  it('an unknown tool, listing the valid names', async () => {
    const { code, err } = await mcp(folder, '--tools', 'read_structure,frobnicate');
    expect(code).toBe(2);
    expect(err).toContain('unknown tool frobnicate in --tools; the tools are: read_structure, list_structures,');
  });
  it('--read-only with a tool that writes', async () => {
    const { code, err } = await mcp(folder, '--read-only', '--tools', 'file_read,file_edit');
    expect(code).toBe(2);
    expect(err).toContain('file_edit writes; the read-only tools are: read_structure, list_structures, find_structures, file_read');
  });
  it('a --semantic it does not know', async () => {
    const { code, err } = await mcp(folder, '--semantic', 'magic');
    expect(code).toBe(2);
    expect(err).toContain('--semantic magic: choose auto, syntax, typescript');
  });
});

describe('mount names', () => {
  it('are folder names, a repeated one numbered', () => {
    expect(mountNames(['/a/src', '/b/src', '/c/lib', '/d/src'])).toEqual(['src', 'src-2', 'lib', 'src-3']);
  });
});

describe('the semantic line', () => {
  it('says what each language gets', async () => {
    expect(await semanticSummary('syntax')).toBe('syntax for every language');
    const auto = await semanticSummary('auto');
    expect(auto).toMatch(/^typescript=typescript, python=\S+.*, go=.*, other languages=syntax$/);
    expect(await semanticSummary({ python: 'syntax' })).toContain('python=syntax');
  });
});
