/**
 * An MCP server over stdio exposing every structedit tool on one folder.
 *
 *   npx tsx examples/mcp-server.ts /path/to/project [--semantic auto|syntax]
 *
 * `--semantic` chooses what answers renames and type-checks edits: `auto` (the default: TypeScript
 * when installed, a language server such as pyright-langserver on the PATH) or `syntax`
 * (structedit's own engine).
 * Register it with an MCP client (Claude Desktop, an IDE, the MCP inspector) as a stdio server
 * with that command. Every path the tools receive is confined to the folder.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createEditor, nodeFs } from 'structedit';
import { createTools } from 'structedit/tools';

/** Builds the server for one root folder (not yet connected). */
export function createStructeditServer(root: string, semantic: 'auto' | 'syntax' = 'auto'): Server {
  const editor = createEditor({ fs: nodeFs({ root }), semantic });
  const tools = createTools(editor);
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
  // Language servers the editor started stop with the server.
  server.onclose = () => void editor.dispose();
  return server;
}

const args = process.argv.slice(2);
const flag = args.indexOf('--semantic');
const semantic = flag === -1 ? 'auto' : args.splice(flag, 2)[1];
const root = args[0];
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!root || (semantic !== 'auto' && semantic !== 'syntax')) {
    process.stderr.write('usage: tsx examples/mcp-server.ts <root folder> [--semantic auto|syntax]\n');
    process.exit(2);
  }
  await createStructeditServer(root, semantic).connect(new StdioServerTransport());
}
