/**
 * An MCP server over stdio on one folder, built from `createMcpServer` (what `npx structedit mcp`
 * runs, without its options). For a host that wants its own server: another transport, its own
 * editor options, a subset of the tools.
 *
 *   npx tsx examples/mcp-server.ts /path/to/project
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createEditor } from 'structedit';
import { nodeFs } from 'structedit/node';
import { createMcpServer } from 'structedit/mcp';

const editor = createEditor({ fs: nodeFs({ root: process.argv[2] ?? process.cwd() }) });
const server = createMcpServer({ editor });
// Language servers the editor started stop with the server.
server.onclose = () => void editor.dispose();
await server.connect(new StdioServerTransport());
