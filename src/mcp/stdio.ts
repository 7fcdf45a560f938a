import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Editor } from 'structedit';
import type { ToolDefinition } from 'structedit/tools';
import { createMcpServer } from './server.js';

/** What `structedit mcp` serves over stdio. */
export interface StdioServerOptions {
  /** The one editor of the server's life (its parse cache lives as long as the server). */
  editor: Editor;
  /** The tools, already chosen. */
  tools: readonly ToolDefinition[];
}

/**
 * Serves the tools over this process's stdin and stdout until the client closes the connection,
 * stdin ends, or SIGINT/SIGTERM arrives; then disposes the editor (language servers it started
 * stop) and resolves. The SDK is imported statically here: the CLI loads this module with a
 * dynamic `import()` only for `structedit mcp`.
 */
export async function serveStdio(options: StdioServerOptions): Promise<void> {
  const server = createMcpServer({ editor: options.editor, tools: options.tools });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  const close = () => void server.close().catch(() => undefined);
  // The transport does not watch for the end of stdin; a client that goes away without closing must not leave the process behind.
  process.stdin.once('end', close);
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  try {
    await server.connect(new StdioServerTransport());
    await closed;
  } finally {
    process.stdin.off('end', close);
    process.off('SIGINT', close);
    process.off('SIGTERM', close);
    await options.editor.dispose();
  }
}
