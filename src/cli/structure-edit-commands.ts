import { readFile } from 'node:fs/promises';
import { CommanderError, Option, type Command } from 'commander';
import type { ResultAsync } from 'neverthrow';
import type { StructeditError } from '../core/errors.js';
import { createEditor, type Editor } from '../editor/index.js';
import { nodeFs } from '../fs/node.js';
import type { MoveStructureResult } from '../editor/structure-edits.js';
import {
  deleteStructureTool,
  insertAfterStructureTool,
  insertBeforeStructureTool,
  moveStructureTools,
  replaceAllTextInStructureTool,
  replaceStructureTool,
  replaceTextInStructureTool,
} from '../tools/definitions/structure-edits.js';
import type { ToolSpec } from '../tools/tool-spec.js';

/** What the structure edit subcommands need from the CLI around them. */
export interface EditCommandContext {
  /** Adds `--root`, `--language`, `--json` and `--max-output-chars`. */
  common(command: Command): Command;
  /**
   * Prints a result as the tool `spec` renders it, within `--max-output-chars` (or as JSON, whole),
   * an error as the tools render errors, and sets the exit code: 3 when the edit adds syntax errors
   * (refused, or written with `SYNTAX_BROKEN` unless `allowBroken`).
   */
  finish<A, T>(spec: ToolSpec<A, T>, args: A, result: { isOk(): boolean; value?: T; error?: StructeditError }, output: OutputOptions, options?: { allowBroken?: boolean }): void;
  /** Standard input, for `--content-file -`. */
  readStdin(): Promise<string>;
  /** Exit code for usage errors. */
  usageExitCode: number;
}

/** How a command prints: JSON (whole), or text within a budget (0: no limit). */
export interface OutputOptions {
  json?: boolean;
  maxOutputChars?: number;
}

interface EditOptions extends SyntaxOptions, OutputOptions {
  root: string;
  json?: boolean;
  language?: string;
  dryRun?: boolean;
  expectedHash?: string;
  content?: string;
  contentFile?: string;
  force?: boolean;
}

/** What a writing command does with an edit that adds syntax errors. */
export interface SyntaxOptions {
  syntax?: 'reject' | 'warn';
  allowBroken?: boolean;
}

/**
 * Adds the options every writing command takes: `--dry-run`, `--expected-hash`, and what to do
 * with an edit that adds syntax errors (`--syntax`, `--allow-broken`).
 */
export function withWriteOptions(command: Command): Command {
  return command
    .option('--dry-run', 'check everything and report what would change, without writing')
    .option('--expected-hash <hash>', 'the file\'s hash from an earlier --json result: fail with CONFLICT, writing nothing, if the file changed since')
    .addOption(new Option('--syntax <mode>', 'an edit that adds syntax errors: reject (default: nothing is written, exit 3) or warn (written with a SYNTAX_BROKEN warning, exit 3)').choices(['reject', 'warn']))
    .option('--allow-broken', 'write an edit that adds syntax errors and exit 0 (with the SYNTAX_BROKEN warning)');
}

/** Adds `--force` to a command whose edit has its uses checked. */
export function withForce(command: Command): Command {
  return command.option('--force', 'write an edit that leaves uses of what it changes or removes broken or unchecked (refused otherwise: CALLS_BROKEN, IMPLEMENTATIONS_BROKEN, MATCHES_BROKEN, TYPE_ERRORS_ADDED, REFERENCES_EXIST), or that adds syntax errors (SYNTAX_ERROR; written with the SYNTAX_BROKEN warning, exit 3: --allow-broken exits 0)');
}

/** `force: true` when `--force` was given. */
export function forceOption(options: { force?: boolean }): { force?: true } {
  return options.force === true ? { force: true } : {};
}

/** The editor's `syntax` option for a command's flags. */
export function editorSyntax(options: SyntaxOptions): 'reject' | 'warn' {
  return options.allowBroken ? 'warn' : (options.syntax ?? 'reject');
}

/** `dry_run` and `expected_hash` as an operation's arguments. */
export function writeOptions(options: { dryRun?: boolean; expectedHash?: string }): { dry_run?: true; expected_hash?: string } {
  return { ...(options.dryRun ? { dry_run: true } : {}), ...(options.expectedHash !== undefined ? { expected_hash: options.expectedHash } : {}) };
}

/** Target levels come as one argument with `\n` between levels, as in `read`. */
const levels = (target: string) => target.replace(/\\n/g, '\n');



/** Registers replace, delete, replace-text, replace-all-text, insert-before, insert-after and move. */
export function registerStructureEditCommands(program: Command, context: EditCommandContext): void {
  const { common, finish } = context;
  const editorFor = (options: EditOptions): Editor => createEditor({ fs: nodeFs({ root: options.root }), syntax: editorSyntax(options) });
  /** `language`, `dry_run` and `expected_hash` as the operation's arguments. */
  const language = (options: EditOptions) => ({ ...(options.language ? { language: options.language } : {}), ...writeOptions(options) });
  /** A write command: the common options plus `--dry-run` and `--expected-hash`. */
  const edit = (command: Command) => withWriteOptions(common(command));

  const content = async (options: EditOptions): Promise<string> => {
    if ((options.content === undefined) === (options.contentFile === undefined)) {
      throw new CommanderError(context.usageExitCode, 'structedit.usage', 'give the content either with --content <text> or with --content-file <file> ("-" for standard input)');
    }
    if (options.content !== undefined) return options.content;
    return options.contentFile === '-' ? context.readStdin() : readFile(options.contentFile!, 'utf8');
  };
  const withContent = (command: Command) =>
    command.option('--content <text>', 'the content, at zero indent (or as read)').option('--content-file <file>', 'read the content from a file ("-": standard input)');

  const run = async <A, T>(options: EditOptions, spec: ToolSpec<A, T>, args: A, call: ResultAsync<T, StructeditError>) => finish(spec, args, await call, options, { allowBroken: options.allowBroken === true });

  withForce(withContent(edit(program.command('replace').description('Replace a structure (target "" : the whole file) with new content.').argument('<path>').argument('<target>')))).action(
    async (path: string, target: string, options: EditOptions) => {
      const args = { path, target: levels(target), content: await content(options), ...language(options), ...forceOption(options) };
      await run(options, replaceStructureTool, args, editorFor(options).replaceStructure(args));
    },
  );

  withForce(edit(program.command('delete').description('Delete a structure with its decorators and doc comment; refused while a name it declares is still used, unless --force.').argument('<path>').argument('<target>'))).action(async (path: string, target: string, options: EditOptions) => {
    const args = { path, target: levels(target), ...language(options), ...forceOption(options) };
    await run(options, deleteStructureTool, args, editorFor(options).deleteStructure(args));
  });

  withForce(edit(
    program
      .command('replace-text')
      .description('Replace the one occurrence of --old inside a structure with --new.')
      .argument('<path>')
      .argument('<target>')
      .requiredOption('--old <text>', 'the exact text to replace')
      .requiredOption('--new <text>', 'its replacement'),
  )).action(async (path: string, target: string, options: EditOptions & { old: string; new: string }) => {
    const args = { path, target: levels(target), old_text: options.old, new_text: options.new, ...language(options), ...forceOption(options) };
    await run(options, replaceTextInStructureTool, args, editorFor(options).replaceTextInStructure(args));
  });

  withForce(edit(
    program
      .command('replace-all-text')
      .description('Replace every occurrence of --old inside a structure with --new.')
      .argument('<path>')
      .argument('<target>')
      .requiredOption('--old <text>', 'the exact text to replace')
      .requiredOption('--new <text>', 'its replacement')
      .option('--expected-count <n>', 'fail unless exactly n occurrences are found', (value: string) => Number.parseInt(value, 10)),
  )).action(async (path: string, target: string, options: EditOptions & { old: string; new: string; expectedCount?: number }) => {
    const args = { path, target: levels(target), old_text: options.old, new_text: options.new, ...(options.expectedCount !== undefined ? { expected_count: options.expectedCount } : {}), ...language(options), ...forceOption(options) };
    await run(options, replaceAllTextInStructureTool, args, editorFor(options).replaceAllTextInStructure(args));
  });

  withForce(withContent(edit(program.command('insert-before').description('Insert content before a structure (target "": at the file start).').argument('<path>').argument('<target>')))).action(
    async (path: string, target: string, options: EditOptions) => {
      const args = { path, target: levels(target), content: await content(options), ...language(options), ...forceOption(options) };
      await run(options, insertBeforeStructureTool, args, editorFor(options).insertBeforeStructure(args));
    },
  );

  withForce(withContent(edit(program.command('insert-after').description('Insert content after a structure (target "": at the file end).').argument('<path>').argument('<target>')))).action(
    async (path: string, target: string, options: EditOptions) => {
      const args = { path, target: levels(target), content: await content(options), ...language(options), ...forceOption(options) };
      await run(options, insertAfterStructureTool, args, editorFor(options).insertAfterStructure(args));
    },
  );

  withForce(edit(
    program
      .command('move')
      .description('Move a structure before or after another, or to the start or end of a file (the same or another).')
      .argument('<source-path>')
      .argument('<source-target>')
      .requiredOption('--to <dest-path>', 'the destination file (created for file_start / file_end if missing)')
      .requiredOption('--position <position>', 'before | after | file_start | file_end')
      .option('--dest-target <target>', 'the structure to move next to (with before / after)'),
  )).action(async (sourcePath: string, sourceTarget: string, options: EditOptions & { to: string; position: string; destTarget?: string }) => {
    const args = {
      source_path: sourcePath,
      source_target: levels(sourceTarget),
      dest_path: options.to,
      position: options.position as 'before',
      ...(options.destTarget !== undefined ? { dest_target: levels(options.destTarget) } : {}),
      ...(options.language ? { source_language: options.language, dest_language: options.language } : {}),
      ...writeOptions(options),
      ...forceOption(options),
    };
    // Rendered as the move tool of that position renders it.
    const spec = moveStructureTools.find((candidate) => candidate.name === `move_structure_to_${options.position}`) as unknown as ToolSpec<typeof args, MoveStructureResult> | undefined;
    if (!spec) throw new CommanderError(context.usageExitCode, 'structedit.usage', `--position must be before, after, file_start or file_end, not ${JSON.stringify(options.position)}`);
    await run(options, spec, args, editorFor(options).moveStructure(args));
  });
}
