import type { Command } from 'commander';
import type { ApplyEditsArgs, ApplyEditsOptions, SemanticEdit } from '../core/arguments/semantic.js';
import { createEditor } from '../editor/index.js';
import { nodeFs } from '../fs/node.js';
import { terminalProgress } from './progress-line.js';
import { semanticEditTool } from '../tools/definitions/semantic-edit.js';
import { CommanderError } from 'commander';
import { SEMANTIC_OPTION, semanticOption } from './semantic-option.js';
import { editorSyntax, withWriteOptions, type EditCommandContext, type SyntaxOptions } from './structure-edit-commands.js';

interface SemanticOptions extends SyntaxOptions {
  root: string;
  json?: boolean;
  language?: string;
  dryRun?: boolean;
  expectedHash?: string;
  format?: boolean;
  validate?: boolean;
  position?: string;
  force?: boolean;
  to?: string;
  semantic: string[];
}

/** Addresses come as one argument with `\n` between target levels, as targets do in `read`. */
const levels = (address: string) => address.replace(/\\n/g, '\n');

/** The batch options the flags ask for (`--no-validate` and `--format` only when given). */
function batchOptions(options: SemanticOptions): ApplyEditsOptions {
  // Semantic edits validate by default; --no-validate, --syntax warn and --allow-broken let an edit (other than set) add syntax errors.
  const validate = options.validate !== false && options.syntax !== 'warn' && !options.allowBroken;
  return { ...(options.dryRun ? { dry_run: true } : {}), ...(options.format ? { format: true } : {}), ...(validate ? {} : { validate: false }) };
}

/** Runs one semantic edit and prints what `semantic_edit` prints (or the result as JSON). */
async function runOne(context: EditCommandContext, options: SemanticOptions, edit: SemanticEdit): Promise<void> {
  const args: ApplyEditsArgs = {
    edits: [{ ...edit, ...(options.language ? { language: options.language } : {}), ...(options.expectedHash !== undefined ? { expected_hash: options.expectedHash } : {}) }],
    options: batchOptions(options),
  };
  const semantic = semanticOption(options.semantic);
  if ('problem' in semantic) throw new CommanderError(context.usageExitCode, 'structedit.usage', semantic.problem);
  const editor = createEditor({ fs: nodeFs({ root: options.root }), onProgress: terminalProgress(), syntax: options.validate === false ? 'warn' : editorSyntax(options), semantic: semantic.options });
  try {
    context.finish(semanticEditTool, args, await editor.applyEdits(args), options, { allowBroken: options.allowBroken === true });
  } finally {
    // Language servers started for the edit stop with it.
    await editor.dispose();
  }
}

/**
 * Registers `edit set|add|remove|rename|move` (docs/spec/semantic-edit-operations.md): one semantic edit
 * per call; several at once go through `apply` with a batch object `{ "edits": [...] }`.
 */
export function registerSemanticEditCommands(program: Command, context: EditCommandContext): void {
  const edit = program.command('edit').description('Semantic edits by address (a target plus an optional part such as .params.timeout): set, add, remove, rename, move. Levels of the address go one per line, or separated by \\n.');
  const semantic = (command: Command) =>
    withWriteOptions(context.common(command))
      .option('--format', 'format the touched files with prettier when it is installed')
      .option('--no-validate', 'allow an add, remove, rename or move that adds syntax or type errors (with a warning); set always refuses syntax errors')
      .option(...SEMANTIC_OPTION);

  semantic(edit.command('set').description('Replace the text of the addressed part (the file must still parse).').argument('<path>').argument('<address>').argument('<value>')).action(
    (path: string, address: string, value: string, options: SemanticOptions) => runOne(context, options, { op: 'set', path, address: levels(address), value }),
  );
  semantic(
    edit
      .command('add')
      .description('Add an item to the addressed list (parameters, arguments, members, entries, items, import names, union members), following its layout.')
      .argument('<path>')
      .argument('<address>')
      .argument('<value>')
      .option('--position <position>', 'first | last (default) | before:<ref> | after:<ref> | at:<n>'),
  ).action((path: string, address: string, value: string, options: SemanticOptions) =>
    runOne(context, options, { op: 'add', path, address: levels(address), value, ...(options.position ? { position: options.position } : {}) }),
  );
  semantic(edit.command('remove').description('Remove the addressed element with its separator; a declaration still referenced is refused unless --force.').argument('<path>').argument('<address>').option('--force', 'remove even if references remain')).action(
    (path: string, address: string, options: SemanticOptions) => runOne(context, options, { op: 'remove', path, address: levels(address), ...(options.force ? { force: true } : {}) }),
  );
  semantic(edit.command('rename').description('Rename a declaration and its references across the files under --root (imports and exports too), scope-aware.').argument('<path>').argument('<address>').argument('<new_name>')).action(
    (path: string, address: string, newName: string, options: SemanticOptions) => runOne(context, options, { op: 'rename', path, address: levels(address), new_name: newName }),
  );
  semantic(
    edit
      .command('move')
      .description('Move a top-level declaration to another file (--to, created if missing; imports follow) or to another place in its file (--position).')
      .argument('<path>')
      .argument('<address>')
      .option('--to <file>', 'destination file, relative to --root')
      .option('--position <position>', 'first | last (default) | before:<target> | after:<target>'),
  ).action((path: string, address: string, options: SemanticOptions) =>
    runOne(context, options, { op: 'move', path, address: levels(address), ...(options.to ? { to: options.to } : {}), ...(options.position ? { position: options.position } : {}) }),
  );
}
