import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { toFileEditResult } from '../tools/render/file-edit.js';
import { createTools, type ToolDefinition, type ToolResult } from '../tools/index.js';
import { chunkEditTool } from '../tools/definitions/chunk-edit.js';
import { fileReadTool } from '../tools/definitions/file-read.js';
import { findStructuresTool } from '../tools/definitions/find-structures.js';
import { listStructuresTool, readStructureTool } from '../tools/definitions/read-structure.js';
import { budgetedErrorText, budgetedText, type ToolSpec } from '../tools/tool-spec.js';
import { cutText, DEFAULT_MAX_OUTPUT_CHARS, MAX_OUTPUT_CHARS_CEILING, MIN_OUTPUT_CHARS } from '../tools/budget.js';
import { createEditor } from '../editor/index.js';
import { nodeFs } from '../fs/node.js';
import { terminalProgress } from './progress-line.js';
import type { Chunk } from '../core/arguments/chunks.js';
import type { StructeditError } from '../core/errors.js';
import type { Warning } from '../core/warnings.js';
import { version } from '../version.js';
import { registerMcpCommand } from './mcp-command.js';
import { registerFileLifecycleCommands } from './file-lifecycle-commands.js';
import { registerSemanticEditCommands } from './semantic-edit-commands.js';
import { SEMANTIC_OPTION, semanticOption } from './semantic-option.js';
import { editorSyntax, forceOption, registerStructureEditCommands, withForce, withWriteOptions, writeOptions, type OutputOptions, type SyntaxOptions } from './structure-edit-commands.js';

/**
 * Exit codes: 0 success, 1 the operation failed, 2 the command line was wrong, 3 the edit adds
 * syntax errors (refused by default; written with `--syntax warn`; `--allow-broken` writes it and
 * exits 0).
 */
const EXIT_OK = 0;
const EXIT_OPERATION_FAILED = 1;
const EXIT_USAGE = 2;
const EXIT_SYNTAX = 3;

/**
 * An error's advice in the command line's words: the tools' "send the same call with force: true"
 * is `--allow-broken` for an edit that adds syntax errors (`--force` writes it too, but exits 3),
 * and `--force` for the other refusals.
 */
function asCommandAdvice(text: string): string {
  return text
    .replace(/send the same call with force: true(?: \(validate: false for a batch\))?/g, 'run the command again with --allow-broken')
    .replace(/\bforce: true\b/g, '--force');
}

interface CommonOptions extends OutputOptions {
  root: string;
  language?: string;
}

/** `--max-output-chars <n>`: text output within n characters (0: no limit), as the tools answer. */
const MAX_OUTPUT_OPTION = [
  '--max-output-chars <n>',
  `cut text output to n characters, saying how to see the rest (0: no limit; --json is never cut)`,
  (value: string) => {
    if (!/^\d+$/.test(value) || (Number(value) !== 0 && Number(value) < MIN_OUTPUT_CHARS)) throw new InvalidArgumentError(`--max-output-chars takes 0 (no limit) or a number of characters from ${MIN_OUTPUT_CHARS}.`);
    return Number(value);
  },
  DEFAULT_MAX_OUTPUT_CHARS,
] as const;

/** The budget of text output (0: none). */
function textBudget(output: OutputOptions): number {
  return output.maxOutputChars === 0 ? Number.POSITIVE_INFINITY : (output.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS);
}

/** Where the CLI reads and writes (injectable for tests). */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** All of standard input (for `apply -` and `--content-file -`). */
  readStdin?: () => Promise<string>;
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `--level <line>`, repeatable: one level of a target each. */
const LEVEL_OPTION = ['--level <line>', 'one level of the target (repeatable, outermost first)', (value: string, previous: string[]) => [...previous, value], [] as string[]] as const;

/** The target from `--level` options, or from one string with `\\n` between levels (`given` says how it was given). */
function targetFrom(levels: readonly string[], text: string | undefined, given: string): string | undefined {
  if (text !== undefined && levels.length > 0) throw new CommanderError(EXIT_USAGE, 'structedit.usage', `give the target either as ${given} or as --level options, not both`);
  return levels.length > 0 ? levels.join('\n') : text?.replace(/\\n/g, '\n');
}


/** The input with `dry_run: true` when the tool takes it, at the top or in `options` (left alone otherwise). */
function withDryRun(tool: ToolDefinition, input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const properties = tool.inputSchema.properties ?? {};
  if ('dry_run' in properties) return { ...input, dry_run: true };
  if ('options' in properties) {
    const options = (input as { options?: unknown }).options;
    return { ...input, options: { ...(typeof options === 'object' && options !== null ? options : {}), dry_run: true } };
  }
  return input;
}

/**
 * A batch for `apply`, or the reason it is malformed. Two shapes: an array of tool calls, or a
 * semantic edit batch `{ "edits": [...], "options": {...} }` (or `{ "edit": {...} }`), which runs
 * as one `semantic_edit` call.
 */
function parseBatch(text: string): Array<{ tool: string; input: unknown }> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    return `the batch is not valid JSON: ${cause instanceof Error ? cause.message : String(cause)}`;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && ('edits' in value || 'edit' in value)) return [{ tool: 'semantic_edit', input: value }];
  if (!Array.isArray(value)) return 'the batch must be a JSON array of { "tool": name, "input": { ... } } objects, or a semantic edit batch { "edits": [...], "options": { ... } }';
  for (const [index, call] of value.entries()) {
    if (typeof call !== 'object' || call === null || typeof (call as { tool?: unknown }).tool !== 'string') return `call ${index + 1} must be an object with a "tool" name and an "input" object`;
  }
  return value as Array<{ tool: string; input: unknown }>;
}

/** The edits of `edit-file`: a JSON array, or an object with `edits` (a usage error otherwise). */
async function readEdits(file: string): Promise<unknown> {
  let text: string;
  try {
    text = file === '-' ? await readProcessStdin() : await readFile(file, 'utf8');
  } catch (cause) {
    throw new CommanderError(EXIT_USAGE, 'structedit.usage', `cannot read the edits file ${file}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new CommanderError(EXIT_USAGE, 'structedit.usage', `the edits file ${file} is not valid JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && 'edits' in parsed) return (parsed as { edits: unknown }).edits;
  return parsed;
}



/** Runs the CLI with `argv` (without `node` and the script); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: Io = { out: (text) => process.stdout.write(`${text}\n`), err: (text) => process.stderr.write(`${text}\n`) }): Promise<number> {
  let exitCode = EXIT_OK;
  const program = new Command()
    .name('structedit')
    .description('Read and edit source files by structure.')
    .version(version)
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) });

  const common = (command: Command) =>
    command
      .option('--root <dir>', 'folder every path is confined to', process.cwd())
      .option('--language <id>', 'parse the file as this language')
      .option('--json', 'print the result as JSON')
      .option(...MAX_OUTPUT_OPTION);

  const finish = <A, T>(spec: ToolSpec<A, T>, args: A, result: { isOk(): boolean; value?: T; error?: StructeditError }, output: OutputOptions, options: { allowBroken?: boolean } = {}) => {
    const json = output.json;
    if (result.isOk()) {
      io.out(json ? JSON.stringify(result.value, null, 2) : budgetedText(spec, result.value as T, args, textBudget(output)));
      const warnings = (result.value as { warnings?: readonly Warning[] }).warnings ?? [];
      exitCode = warnings.some((warning) => warning.type === 'SYNTAX_BROKEN') && !options.allowBroken ? EXIT_SYNTAX : EXIT_OK;
    } else {
      const error = result.error!;
      if (json) io.out(JSON.stringify(error, null, 2));
      else io.err(asCommandAdvice(budgetedErrorText(spec.name, error, textBudget(output))));
      exitCode = error.error === 'SYNTAX_ERROR' ? EXIT_SYNTAX : EXIT_OPERATION_FAILED;
    }
  };

  common(
    program
      .command('read')
      .description('Print every structure a target names. Levels go one per line in <target>, or as repeated --level options.')
      .argument('<path>', 'file, relative to --root')
      .argument('[target]', 'target path; levels separated by newlines ("" or omitted: the whole file)')
      .option(...LEVEL_OPTION),
  ).action(async (path: string, target: string | undefined, options: CommonOptions & { level: string[] }) => {
    const editor = createEditor({ fs: nodeFs({ root: options.root }) });
    const args = { path, target: targetFrom(options.level, target, 'an argument') ?? '', ...(options.language ? { language: options.language } : {}) };
    finish(readStructureTool, args, await editor.readStructure(args), options);
  });

  common(
    program
      .command('list')
      .description('Print the structure tree of a file with the target of each structure; for a folder or a glob, of each file in it.')
      .argument('<path>', 'file, folder or glob ("src/**/*.py"), relative to --root')
      .option('--depth <n>', 'levels to list', (value: string) => Number.parseInt(value, 10)),
  ).action(async (path: string, options: CommonOptions & { depth?: number }) => {
    const editor = createEditor({ fs: nodeFs({ root: options.root }) });
    const args = { path, ...(options.depth !== undefined ? { depth: options.depth } : {}), ...(options.language ? { language: options.language } : {}) };
    finish(listStructuresTool, args, await listStructuresTool.run(editor, args), options);
  });

  program
    .command('find')
    .description('Find structures across the files under --root (ignoring what .gitignore and .structeditignore ignore) by name, kind and text; print each with its path, lines and target.')
    .option('--root <dir>', 'folder every path is confined to', process.cwd())
    .option('--name <name>', 'the whole name: exact, or with * and ? wildcards')
    .option('--name-regex <regex>', 'a JavaScript regular expression searched for in the name')
    .option('--kind <kind...>', 'kinds to keep (function, method, class, section, …)')
    .option('--text <text>', 'literal text inside the structure')
    .option('--text-regex <regex>', 'a JavaScript regular expression searched for in the structure\'s text')
    .option('--paths <glob...>', 'globs of the files to search (default: every file structedit can parse)')
    .option('--max-results <n>', 'most matches printed (default 100)', (value: string) => Number.parseInt(value, 10))
    .option('--json', 'print the result as JSON')
    .action(async (options: { root: string; name?: string; nameRegex?: string; kind?: string[]; text?: string; textRegex?: string; paths?: string[]; maxResults?: number; json?: boolean }) => {
      const editor = createEditor({ fs: nodeFs({ root: options.root }), onProgress: terminalProgress() });
      const args = {
        ...(options.paths ? { paths: options.paths } : {}),
        ...(options.name !== undefined ? { name: options.name } : {}),
        ...(options.nameRegex !== undefined ? { name_regex: options.nameRegex } : {}),
        ...(options.kind ? { kind: options.kind } : {}),
        ...(options.text !== undefined ? { text: options.text } : {}),
        ...(options.textRegex !== undefined ? { text_regex: options.textRegex } : {}),
        ...(options.maxResults !== undefined ? { max_results: options.maxResults } : {}),
      };
      finish(findStructuresTool, args, await editor.findStructures(args), options);
    });

  withForce(withWriteOptions(common(
    program
      .command('chunk-edit')
      .description('Apply chunks (context_before / old_lines / new_lines / context_after) to one structure, all or none. Name the structure by --target (or --level) or by --line [--column].')
      .argument('<path>', 'file, relative to --root')
      .requiredOption('--chunks <file>', 'JSON file with the chunks: an array, or an object with a "chunks" array ("-" reads standard input)')
      .option('--target <target>', 'target path of the structure; levels separated by \\n')
      .option(...LEVEL_OPTION)
      .option('--line <n>', '1-based line of the structure (the one starting there, else the innermost holding it)', (value: string) => Number(value))
      .option('--column <n>', '1-based column on --line', (value: string) => Number(value))
      .addOption(new Option('--ambiguous <mode>', 'a chunk that fits at several places: reject (default: fail listing them) or first (apply at the first, with a warning)').choices(['reject', 'first'])),
  ))).action(async (path: string, options: CommonOptions & SyntaxOptions & { chunks: string; target?: string; level: string[]; line?: number; column?: number; dryRun?: boolean; expectedHash?: string; ambiguous?: 'first' | 'reject'; force?: boolean }) => {
    const target = targetFrom(options.level, options.target, '--target');
    let chunks: unknown;
    try {
      const parsed: unknown = JSON.parse(readFileSync(options.chunks === '-' ? 0 : options.chunks, 'utf8'));
      chunks = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && 'chunks' in parsed ? parsed.chunks : parsed;
    } catch (error) {
      throw new CommanderError(EXIT_USAGE, 'structedit.usage', `cannot read the chunks from ${options.chunks}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const editor = createEditor({ fs: nodeFs({ root: options.root }), syntax: editorSyntax(options) });
    const args = {
      path,
      chunks: chunks as Chunk[],
      ...(options.ambiguous ? { ambiguous: options.ambiguous } : {}),
      ...(target !== undefined ? { target } : {}),
      ...(options.line !== undefined ? { line: options.line } : {}),
      ...(options.column !== undefined ? { column: options.column } : {}),
      ...(options.language ? { language: options.language } : {}),
      ...writeOptions(options),
      ...forceOption(options),
    };
    finish(chunkEditTool, args, await editor.applyChunks(args), options, { allowBroken: options.allowBroken === true });
  });

  program
    .command('apply')
    .description('Run a JSON batch of tool calls, [{ "tool": "read_structure", "input": { ... } }, ...], in order, stopping at the first failure; or a semantic edit batch, { "edits": [{ "op": "rename", ... }, ...], "options": { ... } }, all or nothing.')
    .argument('<file>', 'JSON file with the batch, or - for standard input')
    .option('--root <dir>', 'folder every path is confined to', process.cwd())
    .option('--json', 'print the tool results as JSON')
    .option('--dry-run', 'set dry_run on every call whose tool takes it: check and report, write nothing')
    .option(...SEMANTIC_OPTION)
    .option(...MAX_OUTPUT_OPTION)
    .action(async (file: string, options: { root: string; json?: boolean; dryRun?: boolean; semantic: string[]; maxOutputChars?: number }) => {
      const text = file === '-' ? await (io.readStdin ?? readProcessStdin)() : await readFile(file, 'utf8').catch((cause: unknown) => {
        throw new CommanderError(EXIT_USAGE, 'structedit.usage', `cannot read ${file}: ${cause instanceof Error ? cause.message : String(cause)}`);
      });
      const batch = parseBatch(text);
      if (typeof batch === 'string') throw new CommanderError(EXIT_USAGE, 'structedit.usage', batch);
      const semantic = semanticOption(options.semantic);
      if ('problem' in semantic) throw new CommanderError(EXIT_USAGE, 'structedit.usage', semantic.problem);
      const editor = createEditor({ fs: nodeFs({ root: options.root }), onProgress: terminalProgress(), semantic: semantic.options });
      // Each answer as the tools give it, within the budget (the most they allow for --json or no limit).
      const budget = textBudget(options);
      const tools = new Map(createTools(editor, { maxOutputChars: options.json || !Number.isFinite(budget) ? MAX_OUTPUT_CHARS_CEILING : budget }).map((tool) => [tool.name, tool]));
      const results: ToolResult[] = [];
      try {
        exitCode = EXIT_OK;
        for (const [index, call] of batch.entries()) {
          const tool = tools.get(call.tool);
          const result: ToolResult = tool
            ? await tool.execute(options.dryRun ? withDryRun(tool, call.input) : call.input)
            : { isError: true, content: [{ type: 'text', text: `Unknown tool ${JSON.stringify(call.tool)} in call ${index + 1}. Tools: ${[...tools.keys()].join(', ')}.` }], structuredContent: { error: 'INVALID_ARGUMENT' } };
          results.push(result);
          if (!options.json) (result.isError ? io.err : io.out)(`[${index + 1}/${batch.length}] ${call.tool}\n${result.content.map((block) => block.text).join('\n')}`);
          if (result.isError) {
            exitCode = EXIT_OPERATION_FAILED;
            break;
          }
        }
      } finally {
        // Language servers started for the batch stop with it.
        await editor.dispose();
      }
      if (options.json) io.out(JSON.stringify(results, null, 2));
    });

  const lineNumber = (flag: string) => (value: string) => {
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(`${flag} takes a line number (1 or more).`);
    return Number(value);
  };
  common(
    program
      .command('read-file')
      .description('Read a file by structure: a target, a skeleton (--skeleton), a line range with symbols as stubs, or the whole file.')
      .argument('<path>', 'file, relative to --root')
      .option('--target <target>', 'read the structures this target names (levels separated by \\n)')
      .option('--start-line <n>', 'first line of a range (symbols in it are shown as stubs)', lineNumber('--start-line'))
      .option('--end-line <n>', 'last line of a range (inclusive)', lineNumber('--end-line'))
      .option('--skeleton', 'alone: a complete map of the file; with a range: collapse imports, exports, comments and directives too')
      .option('--recursive', 'with --target: show nested definitions in full instead of as stubs'),
  ).action(async (path: string, options: CommonOptions & { target?: string; startLine?: number; endLine?: number; skeleton?: boolean; recursive?: boolean }) => {
    const editor = createEditor({ fs: nodeFs({ root: options.root }) });
    const args = {
      path,
      ...(options.target !== undefined ? { target: options.target.replace(/\\n/g, '\n') } : {}),
      ...(options.startLine !== undefined ? { startLine: options.startLine } : {}),
      ...(options.endLine !== undefined ? { endLine: options.endLine } : {}),
      ...(options.skeleton ? { skeleton: true } : {}),
      ...(options.recursive ? { recursive: true } : {}),
      ...(options.language ? { language: options.language } : {}),
    };
    finish(fileReadTool, args, await editor.readFile(args), options);
  });
  const editContext = { common, finish, readStdin: io.readStdin ?? readProcessStdin, usageExitCode: EXIT_USAGE };
  registerStructureEditCommands(program, editContext);
  registerSemanticEditCommands(program, editContext);
  registerFileLifecycleCommands(program, editContext);
  registerMcpCommand(program, { err: io.err, usageExitCode: EXIT_USAGE });

  withForce(withWriteOptions(
    program
      .command('edit-file')
      .description('Apply exact-text edits to a file (file_edit): each old_text must occur exactly `occurrences` times (default 1); edits apply in order; all or nothing.')
      .argument('<path>', 'file, relative to --root')
      .requiredOption('--edits <file>', 'JSON file with the edits, [{ "old_text", "new_text", "occurrences"? }] or { "edits": [...] }; "-" reads standard input')
      .addOption(new Option('--match <mode>', 'exact (default), or whitespace: an old_text found nowhere exactly applies where it fits with only whitespace relaxed, if one place does').choices(['exact', 'whitespace'])),
  ))
    .option('--root <dir>', 'folder every path is confined to', process.cwd())
    .option('--json', 'print the result (the FileEditResult) as JSON')
    .option(...MAX_OUTPUT_OPTION)
    .action(async (path: string, options: SyntaxOptions & { edits: string; match?: 'exact' | 'whitespace'; dryRun?: boolean; expectedHash?: string; root: string; json?: boolean; maxOutputChars?: number; force?: boolean }) => {
      const edits = await readEdits(options.edits);
      const input = { path, edits, ...(options.match ? { match: options.match } : {}), ...writeOptions(options), ...forceOption(options) };
      const editor = createEditor({ fs: nodeFs({ root: options.root }), syntax: editorSyntax(options) });
      const raw = await editor.editFile(input as Parameters<typeof editor.editFile>[0]);
      const result = toFileEditResult(raw, input);
      const text = () => cutText(result.content.map((block) => block.text).join('\n'), textBudget(options), () => 'Read the changed lines with read-file --start-line/--end-line, or edit fewer places per call; --max-output-chars 0 prints everything.').text;
      if (options.json) io.out(JSON.stringify(result, null, 2));
      else if (result.isError) io.err(asCommandAdvice(text()));
      else io.out(text());
      const syntaxBroken = raw.isErr() ? raw.error.error === 'SYNTAX_ERROR' : !options.allowBroken && raw.value.warnings.some((warning) => warning.type === 'SYNTAX_BROKEN');
      exitCode = syntaxBroken ? EXIT_SYNTAX : result.isError ? EXIT_OPERATION_FAILED : EXIT_OK;
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT_OK;
      if (error.code === 'structedit.usage') io.err(`error: ${error.message}`);
      return EXIT_USAGE;
    }
    throw error;
  }
  return exitCode;
}
