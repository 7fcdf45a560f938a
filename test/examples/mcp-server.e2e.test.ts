import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_NAMES } from 'structedit/tools';

const projectRoot = join(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(tmpdir(), 'structedit-mcp-'));
const source = 'class UserAuth:\n    def validate(self, token):\n        return token in VALID\n';
writeFileSync(join(root, 'auth.py'), source);

/** Drives examples/mcp-server.ts as a child process over stdio with the MCP SDK's own client. */
describe('examples/mcp-server.ts over stdio', () => {
  const client = new Client({ name: 'structedit-test', version: '1.0.0' });
  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', join(projectRoot, 'examples', 'mcp-server.ts'), root],
      cwd: projectRoot,
      stderr: 'pipe',
    });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists every tool with its JSON Schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    const read = tools.find((tool) => tool.name === 'read_structure')!;
    expect(read.inputSchema).toMatchObject({ type: 'object', required: ['path', 'target'] });
    expect(read.description).toContain('Example:');
  });

  it('read_structure succeeds with text and structured content', async () => {
    const result = await client.callTool({ name: 'read_structure', arguments: { path: 'auth.py', target: 'class UserAuth\ndef validate' } });
    expect(result.isError).toBe(false);
    expect((result.content as Array<{ text: string }>)[0]!.text).toContain('    def validate(self, token):\n        return token in VALID');
    expect(result.structuredContent).toEqual({ matches: [{ text: '    def validate(self, token):\n        return token in VALID', line_range_inclusive: [2, 3] }], hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), warnings: [] });
  });

  it('a failing call comes back as isError with a message that says how to fix it, and nothing changes', async () => {
    const result = await client.callTool({ name: 'replace_structure', arguments: { path: 'auth.py', target: 'def validate', content: 'def validate(self, token):\n    return False' } });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ text: string }>)[0]!.text;
    expect(text).toContain('replace_structure failed (TARGET_NOT_FOUND)');
    expect(text).toContain('the target skipped a level');
    expect(text).toContain('"class UserAuth\\ndef validate"');
    expect(result.structuredContent).toMatchObject({ error: 'TARGET_NOT_FOUND', details: { state: 'FILE_UNCHANGED' } });
    const invalid = await client.callTool({ name: 'replace_structure', arguments: { path: 'auth.py', content: 'x' } });
    expect(invalid.isError).toBe(true);
    expect((invalid.content as Array<{ text: string }>)[0]!.text).toContain('target:');
    expect(readFileSync(join(root, 'auth.py'), 'utf8')).toBe(source);
  });
});
