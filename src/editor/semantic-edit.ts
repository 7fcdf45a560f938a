import { err, ok, okAsync, ResultAsync, type Result } from 'neverthrow';
import { applyEditsArgsSchema, type ApplyEditsArgs, type SemanticEdit } from '../core/arguments/semantic.js';
import { validateArguments } from '../core/arguments/validation.js';
import { invalidArgument, type StructeditError } from '../core/errors.js';
import type { SemanticBackend } from '../core/semantic/backend.js';
import { parseTarget } from '../core/locate/targets.js';
import { runEdit } from '../core/semantic/edits.js';
import type { SemanticEditOutcome } from '../core/semantic/outcomes.js';
import { lineChanges, type FileChange } from '../core/semantic/line-changes.js';
import type { SignatureChanges } from '../core/semantic/call-arity.js';
import { checkCalls } from '../core/semantic/call-check.js';
import type { EditRun } from '../core/semantic/workspace.js';
import { uniqueBy } from '../core/unique-by.js';
import type { Warning } from '../core/warnings.js';
import type { CommitReceipt, EditorContext } from './context.js';
import { formatFiles } from './format-batch.js';
import type { Formatter } from './formatter.js';
import { typeCheck } from './type-check.js';
import { Workspace } from './workspace.js';

export type { FailedEditOutcome, MoveChange, MoveOutcome, PartEditOutcome, RenameChange, RenameOutcome, SemanticEditOutcome } from '../core/semantic/outcomes.js';

/** Result of {@link Editor.applyEdits}. */
export interface ApplyEditsResult {
  /** `applied`: written; `dry_run`: nothing written; `partial`: some edits of a non-transactional batch failed. */
  status: 'applied' | 'dry_run' | 'partial';
  /** Whether this was a dry run (nothing written). */
  dry_run: boolean;
  /** How many edits were applied (or would be). */
  applied: number;
  /** How many failed (only a non-transactional batch gets here with failures). */
  failed: number;
  /** One outcome per edit, in order. */
  results: SemanticEditOutcome[];
  /** Dry run: every file that would change, with its changed lines before and after. */
  would_change?: FileChange[];
  /** Every file that changed, with its changed lines before and after. */
  changed?: FileChange[];
  /** Every touched file still parses (an edit that would have broken one failed instead). */
  validation: 'passed';
  /**
   * The semantic backends that type-checked the batch, before and after, and found no new error
   * (`typescript`, `lsp:pyright-langserver`); empty when none did (the syntactic engine only checks
   * that the files parse; `validate: false` skips the check).
   */
  type_checked: string[];
  /** Dry run: applying the same batch now would succeed. */
  safe_to_apply: boolean;
  /** Warnings of every edit and file (`SYNTAX_BROKEN` with `validate: false`, `FORMAT_SKIPPED`, …). */
  warnings: Warning[];
  /** Each written file's content hash now (`null`: removed); empty on a dry run or when nothing changed. */
  hashes: Record<string, string | null>;
  /** Undoes the whole batch with `undo`; `null` when nothing was written. */
  undo_token: string | null;
}

/** The error of a failed edit, saying which edit of the batch it was. */
function failedAt(error: StructeditError, index: number, total: number, edit: SemanticEdit, transaction: boolean): StructeditError {
  const prefix = total > 1 || transaction ? `Edit ${index + 1} of ${total} (${edit.op} ${JSON.stringify(edit.address)} in ${edit.path}) failed${transaction && total > 1 ? ', so no edit of the batch was applied and nothing was written' : ''}: ` : '';
  return { ...error, message: `${prefix}${error.message}`, details: { ...error.details, edit: { index, op: edit.op, path: edit.path, address: edit.address } } } as StructeditError;
}

/**
 * `applyEdits` (docs/spec/semantic-edit-operations.md): the edits apply in order to an in-memory state
 * (each sees the files as the edits before it left them); every touched file must still parse; then
 * all files are written in one commit (each atomically; a failed write restores the ones before
 * it). A transactional batch (the default) stops at the first failing edit and writes nothing.
 */
export function applyEdits(context: EditorContext, input: ApplyEditsArgs, formatter: Formatter | null): ResultAsync<ApplyEditsResult, StructeditError> {
  return new ResultAsync(
    (async (): Promise<Result<ApplyEditsResult, StructeditError>> => {
      const valid = validateArguments(applyEditsArgsSchema, input);
      if (valid.isErr()) return err(valid.error);
      const args = valid.value;
      const edits = args.edits ?? [args.edit!];
      const options = args.options ?? {};
      const transaction = options.transaction ?? args.transaction ?? true;
      const dryRun = options.dry_run ?? false;
      const syntax = options.validate === false ? 'warn' : 'reject';
      for (const [index, edit] of edits.entries()) {
        const target = parseTarget(edit.address.split('\n').filter((line) => !/^[.[]/.test(line)).join('\n'));
        if (target.isErr()) return err(failedAt(invalidArgument([{ field: `edits.${index}.address`, message: target.error.details.issues[0]!.message }]), index, edits.length, edit, transaction));
      }
      const workspace = new Workspace(context);
      try {
        const warnings: Warning[] = [];
        const results: SemanticEditOutcome[] = [];
        const backends = new Set<SemanticBackend>();
        const signatures: SignatureChanges = new Map();
        for (const [index, edit] of edits.entries()) {
          const checkpoint = workspace.checkpoint();
          const language = workspace.languageOf(edit.path);
          const backend = language.isOk() ? await context.backends.for(language.value.id) : null;
          if (backend) backends.add(backend);
          const run: EditRun = { workspace, index, syntax, warnings: [], backend, signatures };
          const outcome = await checkExpectedHash(workspace, edit).andThen(() => runEdit(run, edit));
          if (outcome.isErr()) {
            const error = failedAt(outcome.error, index, edits.length, edit, transaction);
            if (transaction) return err(error);
            workspace.restore(checkpoint);
            results.push({ index, op: edit.op, path: edit.path, address: edit.address, status: 'failed', error });
            continue;
          }
          warnings.push(...run.warnings);
          results.push(outcome.value);
        }
        if (options.format) {
          const formatted = await formatFiles(workspace, formatter, syntax);
          if (formatted.isErr()) return err(formatted.error);
          warnings.push(...formatted.value);
        }
        // After the batch: the calls of functions whose parameters changed (where no backend checks
        // types), then the backends of the changed files' languages, on the files before and after it.
        const typeChecked: string[] = [];
        const renames = results.flatMap((result) => (result.status === 'applied' && result.op === 'rename' ? [{ from: result.old_name, to: result.new_name }] : []));
        if (options.validate !== false) {
          const calls = await checkCalls(workspace, signatures, new Map(renames.map(({ from, to }) => [from, to])));
          if (calls.isErr()) return err(calls.error);
          for (const file of workspace.changed()) {
            const backend = await context.backends.for(file.language.id);
            if (backend) backends.add(backend);
          }
          for (const backend of backends) {
            typeChecked.push(backend.name);
            const checked = await typeCheck(workspace, backend, new Map(renames.map(({ from, to }) => [to, from])), 'batch');
            if (checked.isErr()) return err(checked.error);
          }
        }
        const changed = workspace.changed();
        const fileChanges: FileChange[] = changed.map((file) => ({ file: file.path, created: file.originalBytes === null, changes: lineChanges(file.original.text, file.tree.source.text) }));
        let receipt: CommitReceipt | null = null;
        if (!dryRun && changed.length > 0) {
          const committed = await context.commit(workspace.writes());
          if (committed.isErr()) return err(committed.error);
          receipt = committed.value;
        }
        const failed = results.filter((result) => result.status === 'failed').length;
        return ok({
          status: dryRun ? 'dry_run' : failed > 0 ? 'partial' : 'applied',
          dry_run: dryRun,
          applied: results.length - failed,
          failed,
          results,
          ...(dryRun ? { would_change: fileChanges } : { changed: fileChanges }),
          validation: 'passed',
          type_checked: typeChecked,
          safe_to_apply: failed === 0,
          warnings: dedupe(warnings),
          hashes: receipt ? Object.fromEntries(receipt.hashes) : {},
          undo_token: receipt?.undo_token ?? null,
        });
      } finally {
        workspace.dispose();
      }
    })(),
  );
}

/** `CONFLICT` when an edit's `expected_hash` is not the hash its file had before the batch. */
function checkExpectedHash(workspace: Workspace, edit: SemanticEdit): ResultAsync<void, StructeditError> {
  if (edit.expected_hash === undefined) return okAsync(undefined);
  const expected = edit.expected_hash;
  return workspace
    .fileOrNew(edit.path, edit.language)
    .andThen((file) => workspace.context.checkExpectedHash(file, expected));
}

function dedupe(warnings: readonly Warning[]): Warning[] {
  return uniqueBy(warnings, (warning) => `${warning.type}\u0000${warning.message}`);
}
