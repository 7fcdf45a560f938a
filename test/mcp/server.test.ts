import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, mountedFs, type FsAdapter } from 'structedit';
import { createMcpServer, type McpServerOptions } from 'structedit/mcp';
import { createTools, TOOL_NAMES } from 'structedit/tools';
import { FILES, TOOL_CASES, type Call } from './tool-cases.js';

type Text = Array<{ type: string; text: string }>;

/** A client connected to a fresh server over memory; the syntactic engine, so no language server starts. */
async function connect(fs: FsAdapter = memoryFs(FILES), options: Omit<McpServerOptions, 'editor'> = {}) {
  const editor = createEditor({ fs, semantic: 'syntax' });
  const server = createMcpServer({ editor, ...options });
  const client = new Client({ name: 'structedit-test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const call: Call = async (name, input) => (await client.callTool({ name, arguments: input as Record<string, unknown> })) as Awaited<ReturnType<Call>>;
  return { client, call, fs, close: async () => (await client.close(), await editor.dispose()) };
}

describe('createMcpServer over an in-memory transport', () => {
  it('lists every tool with its title, JSON Schema and annotations', async () => {
    const { client, close } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.title).toBe(tool.annotations?.title);
      expect(tool.annotations).toMatchObject({ readOnlyHint: expect.any(Boolean), destructiveHint: expect.any(Boolean), idempotentHint: expect.any(Boolean), openWorldHint: false });
    }
    const hints = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    expect(hints.read_structure).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(hints.insert_after_structure).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(hints.delete_structure).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name)).toEqual(['read_structure', 'list_structures', 'find_structures', 'file_read']);
    await close();
  });

  it('the annotations are the tool definitions\' own, for every host', () => {
    const tools = createTools(createEditor({ fs: memoryFs() }));
    expect(tools.every((tool) => tool.annotations.openWorldHint === false && tool.annotations.title.length > 0)).toBe(true);
  });

  it('has a case for every tool', () => {
    expect(Object.keys(TOOL_CASES).sort()).toEqual([...TOOL_NAMES].sort());
  });

  describe.each(Object.entries(TOOL_CASES))('%s', (name, testCase) => {
    it('succeeds with text and structured content', async () => {
      const { call, close } = await connect();
      const result = await call(name, await testCase.ok(call));
      const text = (result as { content: Text }).content[0]!.text;
      expect(result.isError, text).toBe(false);
      expect(result.structuredContent).toBeTypeOf('object');
      await close();
    });

    it('fails with isError and a text that says how to fix the call, changing nothing', async () => {
      const { call, fs, close } = await connect();
      const before = (fs as ReturnType<typeof memoryFs>).snapshot();
      const result = await call(name, testCase.fails);
      expect(result.isError).toBe(true);
      const text = (result as { content: Text }).content[0]!.text;
      expect(text).toContain(`${name} failed (`);
      expect(text).toMatch(testCase.fix);
      expect(result.structuredContent).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      expect((fs as ReturnType<typeof memoryFs>).snapshot()).toEqual(before);
      await close();
    });
  });

  it('an invalid input names the field; an unknown tool lists the tools', async () => {
    const { call, close } = await connect();
    const invalid = await call('replace_structure', { path: 'auth.py', content: 'x' });
    expect(invalid.isError).toBe(true);
    expect((invalid as { content: Text }).content[0]!.text).toContain('target:');
    const unknown = await call('no_such_tool', {});
    expect(unknown.isError).toBe(true);
    expect((unknown as { content: Text }).content[0]!.text).toContain('This server has: read_structure, list_structures');
    await close();
  });

  it('readOnly serves only the tools that do not write', async () => {
    const { client, call, close } = await connect(memoryFs(FILES), { readOnly: true });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['read_structure', 'list_structures', 'find_structures', 'file_read']);
    const refused = await call('file_edit', { path: 'auth.py', edits: [{ old_text: 'VALID', new_text: 'OK' }] });
    expect(refused.isError).toBe(true);
    await close();
  });

  it('serves the tools it is given', async () => {
    const editor = createEditor({ fs: memoryFs(FILES), semantic: 'syntax' });
    const server = createMcpServer({ editor, tools: createTools(editor, { include: ['file_read', 'undo'] }) });
    const client = new Client({ name: 'structedit-test', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['file_read', 'undo']);
    await client.close();
  });
});

describe('two roots with the same folder name, mounted', () => {
  it('reads and edits each under its own name; the top level lists the mounts; outside them is an error value', async () => {
    const first = memoryFs({ 'app.py': 'def main():\n    return 1\n' });
    const second = memoryFs({ 'app.py': 'def main():\n    return 2\n' });
    const { call, close } = await connect(mountedFs({ src: first, 'src-2': second }));
    const read = await call('read_structure', { path: 'src-2/app.py', target: 'def main' });
    expect((read as { content: Text }).content[0]!.text).toContain('return 2');
    const edited = await call('replace_text_in_structure', { path: 'src/app.py', target: 'def main', old_text: 'return 1', new_text: 'return 10' });
    expect(edited.isError).toBe(false);
    expect(first.snapshot()).toEqual({ 'app.py': 'def main():\n    return 10\n' });
    expect(second.snapshot()).toEqual({ 'app.py': 'def main():\n    return 2\n' });
    const outside = await call('file_read', { path: 'lib/app.py' });
    expect(outside.isError).toBe(true);
    expect((outside as { content: Text }).content[0]!.text).toMatch(/no folder is mounted as "lib"; every path starts with one of src\/, src-2\//);
    await close();
  });
});
