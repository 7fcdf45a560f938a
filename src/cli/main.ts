import { readFile } from 'node:fs/promises';
import { Command, CommanderError } from 'commander';
import { toFileEditResult } from '../core/file-edit/result.js';
import { createEditor } from '../editor/index.js';
import { nodeFs } from '../fs/node.js';
import type { StructeditError } from '../core/errors.js';
import type { StructureListing } from '../core/read/list-structures.js';
import { version } from '../version.js';

/** Exit codes: 0 success, 1 the operation failed, 2 the command line was wrong. */
const EXIT_OK = 0;
const EXIT_OPERATION_FAILED = 1;
const EXIT_USAGE = 2;

interface CommonOptions {
  root: string;
  json?: boolean;
  language?: string;
}

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

function renderError(error: StructeditError): string {
  const lines = [`error: ${error.error}`, error.message];
  if (error.error === 'TARGET_NOT_FOUND' && error.details.suggestions.length > 0) {
    lines.push('suggestions:');
    for (const suggestion of error.details.suggestions) {
      lines.push(`  line ${suggestion.line} (${suggestion.kind}${suggestion.skipped_level ? ', deeper level' : ''}): ${JSON.stringify(suggestion.target)}`);
    }
  }
  if (error.error === 'TARGET_AMBIGUOUS') {
    for (const match of error.details.matches) {
      lines.push(`  lines ${match.line_range_inclusive[0]}-${match.line_range_inclusive[1]}: ${match.target === null ? '(no unique target)' : JSON.stringify(match.target)}`);
    }
  }
  return lines.join('\n');
}

function renderListing(structures: readonly StructureListing[], indent = ''): string[] {
  return structures.flatMap((structure) => [
    `${indent}${structure.kind}${structure.name ? ` ${structure.name}` : ''} [${structure.line_range_inclusive[0]}-${structure.line_range_inclusive[1]}]${structure.target === null ? '' : `  ${JSON.stringify(structure.target)}`}`,
    ...renderListing(structure.children, `${indent}  `),
  ]);
}

/** The edits of `edit-file`: a JSON array, or an object with `edits` (a usage error otherwise). */
async function readEdits(file: string): Promise<unknown> {
  let text: string;
  try {
    text = file === '-' ? await readStandardInput() : await readFile(file, 'utf8');
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

async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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
      .option('--json', 'print the result as JSON');

  const finish = <T>(result: { isOk(): boolean; value?: T; error?: StructeditError }, json: boolean | undefined, render: (value: T) => string) => {
    if (result.isOk()) {
      io.out(json ? JSON.stringify(result.value, null, 2) : render(result.value as T));
      exitCode = EXIT_OK;
    } else {
      const error = result.error!;
      if (json) io.out(JSON.stringify(error, null, 2));
      else io.err(renderError(error));
      exitCode = EXIT_OPERATION_FAILED;
    }
  };

  common(
    program
      .command('read')
      .description('Print every structure a target names. Levels go one per line in <target>, or as repeated --level options.')
      .argument('<path>', 'file, relative to --root')
      .argument('[target]', 'target path; levels separated by newlines ("" or omitted: the whole file)')
      .option('--level <line>', 'one level of the target (repeatable, outermost first)', (value: string, previous: string[]) => [...previous, value], [] as string[]),
  ).action(async (path: string, target: string | undefined, options: CommonOptions & { level: string[] }) => {
    if (target !== undefined && options.level.length > 0) throw new CommanderError(EXIT_USAGE, 'structedit.usage', 'give the target either as an argument or as --level options, not both');
    const editor = createEditor({ fs: nodeFs({ root: options.root }) });
    const args = { path, target: options.level.length > 0 ? options.level.join('\n') : (target ?? '').replace(/\\n/g, '\n'), ...(options.language ? { language: options.language } : {}) };
    finish(await editor.readStructure(args), options.json, (value) =>
      value.matches.map((match) => `--- ${path} lines ${match.line_range_inclusive[0]}-${match.line_range_inclusive[1]} ---\n${match.text}`).join('\n'),
    );
  });

  common(
    program
      .command('list')
      .description('Print the structure tree of a file with the target of each structure.')
      .argument('<path>', 'file, relative to --root')
      .option('--depth <n>', 'levels to list', (value: string) => Number.parseInt(value, 10)),
  ).action(async (path: string, options: CommonOptions & { depth?: number }) => {
    const editor = createEditor({ fs: nodeFs({ root: options.root }) });
    const args = { path, ...(options.depth !== undefined ? { depth: options.depth } : {}), ...(options.language ? { language: options.language } : {}) };
    finish(await editor.listStructures(args), options.json, (value) => renderListing(value.structures).join('\n'));
  });

  program
    .command('edit-file')
    .description('Apply exact-text edits to a file (file_edit): each old_text must occur exactly `occurrences` times (default 1); edits apply in order; all or nothing.')
    .argument('<path>', 'file, relative to --root')
    .requiredOption('--edits <file>', 'JSON file with the edits, [{ "old_text", "new_text", "occurrences"? }] or { "edits": [...] }; "-" reads standard input')
    .option('--dry-run', 'check every edit and print the diff without writing')
    .option('--root <dir>', 'folder every path is confined to', process.cwd())
    .option('--json', 'print the result (the FileEditResult) as JSON')
    .action(async (path: string, options: { edits: string; dryRun?: boolean; root: string; json?: boolean }) => {
      const edits = await readEdits(options.edits);
      const input = { path, edits, ...(options.dryRun ? { dry_run: true } : {}) };
      const editor = createEditor({ fs: nodeFs({ root: options.root }) });
      const result = toFileEditResult(await editor.editFile(input as Parameters<typeof editor.editFile>[0]), input);
      if (options.json) io.out(JSON.stringify(result, null, 2));
      else if (result.isError) io.err(result.content.map((block) => block.text).join('\n'));
      else io.out(result.content.map((block) => block.text).join('\n'));
      exitCode = result.isError ? EXIT_OPERATION_FAILED : EXIT_OK;
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
