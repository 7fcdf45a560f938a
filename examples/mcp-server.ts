/**
 * An MCP server over stdio exposing every structedit tool on one folder.
 *
 *   npx tsx examples/mcp-server.ts /path/to/project
 *
 * Register it with an MCP client (Claude Desktop, an IDE, the MCP inspector) as a stdio server
 * with that command. Every path the tools receive is confined to the folder.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createEditor, nodeFs } from 'structedit';
import { createTools } from 'structedit/tools';

/** Builds the server for one root folder (not yet connected). */
export function createStructeditServer(root: string): Server {
  const tools = createTools(createEditor({ fs: nodeFs({ root }) }));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server({ name: 'structedit', version: '0.1.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      return { isError: true, content: [{ type: 'text', text: `Unknown tool ${JSON.stringify(request.params.name)}. Available: ${[...byName.keys()].join(', ')}.` }] };
    }
    // execute validates its input and never throws: a bad call comes back as isError with the fix.
    const result = await tool.execute(request.params.arguments ?? {});
    return { ...result };
  });
  return server;
}

const root = process.argv[2];
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!root) {
    process.stderr.write('usage: tsx examples/mcp-server.ts <root folder>\n');
    process.exit(2);
  }
  await createStructeditServer(root).connect(new StdioServerTransport());
}
