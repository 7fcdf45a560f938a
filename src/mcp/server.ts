import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type ListToolsResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Editor } from 'structedit';
import type { ToolDefinition } from 'structedit/tools';
import { createTools } from '../tools/index.js';
import { version as packageVersion } from '../version.js';

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /** The editor every tool works through (its file system, root and caches); it stays the host's to dispose. */
  editor: Editor;
  /** The tools to serve; `createTools(editor)` (every tool) when omitted. */
  tools?: readonly ToolDefinition[];
  /** Serve only the tools that never write (`annotations.readOnlyHint`). */
  readOnly?: boolean;
  /** The server's name in the MCP handshake (default `structedit`). */
  name?: string;
  /** The server's version in the MCP handshake (default structedit's). */
  version?: string;
}

/**
 * An MCP server (the SDK's low-level `Server`, not yet connected) serving structedit's tools:
 * `tools/list` gives each tool's name, title, description, input JSON Schema and annotations
 * (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`); `tools/call` runs it and
 * answers with its text and its result as `structuredContent`. A failing call is a result with
 * `isError: true` whose text says how to fix the call, never a protocol error. Needs the optional
 * peer dependency `@modelcontextprotocol/sdk`.
 *
 * @example
 * ```ts
 * import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
 * const editor = createEditor({ fs: nodeFs({ root: process.cwd() }) });
 * const server = createMcpServer({ editor });
 * server.onclose = () => void editor.dispose();
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createMcpServer(options: McpServerOptions): Server {
  const all = options.tools ?? createTools(options.editor);
  const tools = options.readOnly ? all.filter((tool) => tool.annotations.readOnlyHint) : [...all];
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server({ name: options.name ?? 'structedit', version: options.version ?? packageVersion }, { capabilities: { tools: {} } });

  server.setRequestHandler(
    ListToolsRequestSchema,
    async (): Promise<ListToolsResult> => ({
      tools: tools.map((tool) => ({
        name: tool.name,
        title: tool.annotations.title,
        description: tool.description,
        // The SDK's type allows no boolean subschema (`true`); schemas made from zod have none.
        inputSchema: tool.inputSchema as Tool['inputSchema'],
        annotations: { ...tool.annotations },
      })),
    }),
  );

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      const text = `Unknown tool ${JSON.stringify(request.params.name)}. This server has: ${[...byName.keys()].join(', ')}.`;
      return { isError: true, content: [{ type: 'text', text }], structuredContent: { error: 'INVALID_ARGUMENT', message: text, details: { tool: request.params.name } } };
    }
    // execute validates its input and never throws: a bad call comes back as isError with the fix.
    // structuredContent goes without an outputSchema: MCP (2025-06-18) allows it, and the SDK's
    // client validates structuredContent only against a declared outputSchema.
    const result = await tool.execute(request.params.arguments ?? {});
    return { isError: result.isError, content: result.content, structuredContent: result.structuredContent };
  });
  return server;
}
