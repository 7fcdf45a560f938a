/**
 * structedit as an MCP server: {@link createMcpServer} serves every tool of `structedit/tools`
 * (with their annotations) through the MCP SDK, which is an optional peer dependency
 * (`npm i @modelcontextprotocol/sdk`). `npx structedit mcp <dir>` runs one over stdio.
 *
 * @packageDocumentation
 */
export { createMcpServer, type McpServerOptions } from './server.js';
