import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { CommanderError, type Command } from 'commander';
import type { FsAdapter } from '../fs/adapter.js';
import { mountedFs } from '../fs/mounted.js';
import { nodeFs } from '../fs/node.js';
import { createEditor } from '../editor/index.js';
import { createTools, DEFAULT_MAX_OUTPUT_CHARS, MAX_OUTPUT_CHARS_CEILING, MIN_OUTPUT_CHARS, TOOL_NAMES } from '../tools/index.js';
import type * as Stdio from '../mcp/stdio.js';
import { SEMANTIC_OPTION, semanticOption } from './semantic-option.js';
import { semanticSummary } from './semantic-summary.js';

/** How to get the SDK, for the message when it is missing. */
export const MCP_SDK_MISSING = [
  'structedit mcp needs the MCP SDK (@modelcontextprotocol/sdk), an optional peer dependency that is not installed.',
  'Run it with the SDK:      npx -y -p structedit -p @modelcontextprotocol/sdk structedit mcp <dir>',
  'or install it alongside:  npm i @modelcontextprotocol/sdk',
].join('\n');

/** What `structedit mcp` needs from the CLI around it. */
export interface McpCommandContext {
  /** Standard error (the server owns standard output). */
  err: (text: string) => void;
  usageExitCode: number;
}

const usage = (context: McpCommandContext, message: string) => new CommanderError(context.usageExitCode, 'structedit.usage', message);

/**
 * Each root as a mount name: its folder name, with `-2`, `-3`… for a name already taken
 * (`/a/src` and `/b/src` are `src` and `src-2`).
 */
export function mountNames(roots: readonly string[]): string[] {
  const taken = new Set<string>();
  return roots.map((root) => {
    const base = basename(root) || 'root';
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    return name;
  });
}

/** The roots as absolute paths, or the usage error for the first that is missing or not a folder. */
function checkRoots(context: McpCommandContext, given: readonly string[]): string[] {
  return given.map((root) => {
    const absolute = resolve(root);
    let isFolder: boolean;
    try {
      isFolder = statSync(absolute).isDirectory();
    } catch {
      throw usage(context, `root ${root} does not exist (${absolute}); give an existing folder`);
    }
    if (!isFolder) throw usage(context, `root ${root} is not a folder (${absolute}); give the folder that holds the files`);
    return absolute;
  });
}

/** The tool names `--tools` and `--read-only` choose, or the usage error. */
function chooseTools(context: McpCommandContext, list: string | undefined, readOnly: boolean, readOnlyNames: ReadonlySet<string>): string[] {
  const names = list === undefined ? [...TOOL_NAMES] : list.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !TOOL_NAMES.includes(name));
  if (unknown.length > 0) throw usage(context, `unknown tool${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')} in --tools; the tools are: ${TOOL_NAMES.join(', ')}`);
  if (names.length === 0) throw usage(context, `--tools names no tool; the tools are: ${TOOL_NAMES.join(', ')}`);
  if (!readOnly) return names;
  if (list !== undefined) {
    const writing = names.filter((name) => !readOnlyNames.has(name));
    if (writing.length > 0) throw usage(context, `--read-only serves only tools that do not write, and ${writing.join(', ')} write${writing.length === 1 ? 's' : ''}; the read-only tools are: ${[...readOnlyNames].join(', ')}`);
  }
  return names.filter((name) => readOnlyNames.has(name));
}

/** Loads the stdio server, or throws the usage error saying how to install the SDK when it is missing. */
async function loadStdio(context: McpCommandContext): Promise<typeof Stdio> {
  try {
    // Dynamic: `structedit` and its other commands never load the SDK, an optional peer dependency.
    return await import('../mcp/stdio.js');
  } catch (cause) {
    const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String(cause).includes('@modelcontextprotocol/sdk')) throw usage(context, MCP_SDK_MISSING);
    throw cause;
  }
}

/** `structedit mcp [roots...]`: an MCP server over stdio on one or more folders. */
export function registerMcpCommand(program: Command, context: McpCommandContext): void {
  program
    .command('mcp')
    .description(
      'Serve the tools as an MCP server over stdio (needs @modelcontextprotocol/sdk). With one root, tool paths are relative to it; with several, each is a top-level folder named after it (a repeated name gets -2, -3…).',
    )
    .argument('[roots...]', 'folders the tools may read and edit (default: the current folder)')
    .option('--read-only', 'serve only the tools that do not write')
    .option('--tools <names>', 'serve only these tools, comma-separated')
    .option(...SEMANTIC_OPTION)
    .option('--max-output-chars <n>', `most characters of a tool answer's text, and of its data (default ${DEFAULT_MAX_OUTPUT_CHARS}); longer answers are cut and say how to get the rest`, (value: string) => {
      const chars = Number(value);
      if (!/^\d+$/.test(value) || chars < MIN_OUTPUT_CHARS || chars > MAX_OUTPUT_CHARS_CEILING) throw usage(context, `--max-output-chars takes a number of characters from ${MIN_OUTPUT_CHARS} to ${MAX_OUTPUT_CHARS_CEILING}`);
      return chars;
    })
    .action(async (given: string[], options: { readOnly?: boolean; tools?: string; semantic: string[]; maxOutputChars?: number }) => {
      const roots = checkRoots(context, given.length > 0 ? given : [process.cwd()]);
      const semantic = semanticOption(options.semantic);
      if ('problem' in semantic) throw usage(context, semantic.problem);
      const names = mountNames(roots);
      const fs: FsAdapter = roots.length === 1 ? nodeFs({ root: roots[0]! }) : mountedFs(Object.fromEntries(roots.map((root, index) => [names[index]!, nodeFs({ root })])));
      const editor = createEditor({ fs, semantic: semantic.options });
      const all = createTools(editor, options.maxOutputChars === undefined ? {} : { maxOutputChars: options.maxOutputChars });
      const chosen = new Set(chooseTools(context, options.tools, options.readOnly === true, new Set(all.filter((tool) => tool.annotations.readOnlyHint).map((tool) => tool.name))));
      const tools = all.filter((tool) => chosen.has(tool.name));
      const stdio = await loadStdio(context);
      const where = roots.length === 1 ? `root ${roots[0]}` : `roots ${roots.map((root, index) => `${root} as ${names[index]}/`).join(', ')}`;
      context.err(`structedit mcp: ${where}; ${tools.length} tool${tools.length === 1 ? '' : 's'}${options.readOnly ? ' (read-only)' : ''}; semantic: ${await semanticSummary(semantic.options)}`);
      await stdio.serveStdio({ editor, tools });
    });
}
