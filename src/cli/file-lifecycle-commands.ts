import { readFile } from 'node:fs/promises';
import { CommanderError, Option, type Command } from 'commander';
import { createEditor } from '../editor/index.js';
import { nodeFs } from '../fs/node.js';
import { applyPatchTool } from '../tools/definitions/apply-patch.js';
import { createFileTool, deleteFileTool, moveFileTool } from '../tools/definitions/file-lifecycle.js';
import { forceOption, withForce, type EditCommandContext, type OutputOptions } from './structure-edit-commands.js';

interface LifecycleOptions extends OutputOptions {
  root: string;
  dryRun?: boolean;
  expectedHash?: string;
  overwrite?: boolean;
  content?: string;
  contentFile?: string;
  toExpectedHash?: string;
  force?: boolean;
}

/** `dry_run` and `force` as the call's arguments. */
const writeFlags = (options: LifecycleOptions) => ({ ...(options.dryRun ? { dry_run: true as const } : {}), ...forceOption(options) });
const expectedHash = (options: LifecycleOptions) => (options.expectedHash !== undefined ? { expected_hash: options.expectedHash } : {});

/** Registers patch, create-file, delete-file and move-file. */
export function registerFileLifecycleCommands(program: Command, context: EditCommandContext): void {
  const { common, finish } = context;
  const editorFor = (options: LifecycleOptions) => createEditor({ fs: nodeFs({ root: options.root }) });
  // Every write here has what it leaves checked (`--force` writes anyway).
  const write = (command: Command) => withForce(common(command).option('--dry-run', 'check everything and report what would happen, without writing'));

  write(
    program
      .command('patch')
      .description('Apply a patch (apply_patch envelope, SEARCH/REPLACE blocks or a unified diff) across files, all or nothing.')
      .argument('<file>', 'the patch file, or - for standard input')
      .option('--format <format>', 'auto (default), apply_patch, search_replace or unified')
      .option('--path <path>', 'the file of SEARCH/REPLACE blocks that name none')
      .addOption(new Option('--match <mode>', 'exact (default), or whitespace: a hunk found nowhere exactly applies where it fits with only whitespace relaxed, if one place does').choices(['exact', 'whitespace'])),
  ).action(async (file: string, options: LifecycleOptions & { format?: string; path?: string; match?: 'exact' | 'whitespace' }) => {
    const patch = file === '-' ? await context.readStdin() : await readFile(file, 'utf8').catch((cause: unknown) => {
      throw new CommanderError(context.usageExitCode, 'structedit.usage', `cannot read ${file}: ${cause instanceof Error ? cause.message : String(cause)}`);
    });
    const args = { patch, ...(options.format ? { format: options.format as 'auto' } : {}), ...(options.path ? { path: options.path } : {}), ...(options.match ? { match: options.match } : {}), ...writeFlags(options) };
    finish(applyPatchTool, args, await editorFor(options).applyPatch(args), options);
  });

  write(
    program
      .command('create-file')
      .description('Create a file with the given text (and its folders); an existing file only with --overwrite and its --expected-hash.')
      .argument('<path>', 'the new file, relative to --root')
      .option('--content <text>', 'the whole text of the file')
      .option('--content-file <file>', 'read the text from a file ("-": standard input)')
      .option('--overwrite', 'replace an existing file (needs --expected-hash)')
      .option('--expected-hash <hash>', 'with --overwrite: the hash of the file being replaced'),
  ).action(async (path: string, options: LifecycleOptions) => {
    if ((options.content === undefined) === (options.contentFile === undefined)) {
      throw new CommanderError(context.usageExitCode, 'structedit.usage', 'give the text either with --content <text> or with --content-file <file> ("-" for standard input)');
    }
    const content = options.content ?? (options.contentFile === '-' ? await context.readStdin() : await readFile(options.contentFile!, 'utf8'));
    const args = { path, content, ...(options.overwrite ? { overwrite: true } : {}), ...expectedHash(options), ...writeFlags(options) };
    finish(createFileTool, args, await editorFor(options).createFile(args), options);
  });

  write(
    program
      .command('delete-file')
      .description('Delete a file (any content).')
      .argument('<path>', 'the file, relative to --root')
      .option('--expected-hash <hash>', 'the hash of the version to delete: fail with CONFLICT if it changed'),
  ).action(async (path: string, options: LifecycleOptions) => {
    const args = { path, ...expectedHash(options), ...writeFlags(options) };
    finish(deleteFileTool, args, await editorFor(options).deleteFile(args), options);
  });

  write(
    program
      .command('move-file')
      .description('Move or rename a file in one atomic step (its imports are not rewritten).')
      .argument('<from>', 'the file, relative to --root')
      .argument('<to>', 'its new path, relative to --root')
      .option('--overwrite', 'replace a file at <to> (needs --to-expected-hash)')
      .option('--expected-hash <hash>', 'the hash of <from>: fail with CONFLICT if it changed')
      .option('--to-expected-hash <hash>', 'with --overwrite: the hash of the file at <to> being replaced'),
  ).action(async (from: string, to: string, options: LifecycleOptions) => {
    const args = { from, to, ...(options.overwrite ? { overwrite: true } : {}), ...expectedHash(options), ...(options.toExpectedHash !== undefined ? { to_expected_hash: options.toExpectedHash } : {}), ...writeFlags(options) };
    finish(moveFileTool, args, await editorFor(options).moveFile(args), options);
  });
}
