import { err, ok, okAsync, ResultAsync, safeTry, type Result } from 'neverthrow';
import {
  applyEditsArgsSchema,
  validateArguments,
  type AddEdit,
  type ApplyEditsArgs,
  type RemoveEdit,
  type SemanticEdit,
  type SetEdit,
} from '../core/arguments.js';
import { invalidArgument, makeError, type CodeLocation, type StructeditError } from '../core/errors.js';
import { locateTarget, locateUniqueTarget, targetAmbiguous } from '../core/locate/locate.js';
import { parseTarget, TargetNamer, type StructurePath } from '../core/locate/targets.js';
import { planAdd } from '../core/semantic/add-part.js';
import { readAddress, readingForErrors } from '../core/semantic/address.js';
import { lineChanges, type FileChange, type LineChange } from '../core/semantic/line-changes.js';
import { parsePosition } from '../core/semantic/lists.js';
import { resolvePart, type PartContext, type ResolvedPart } from '../core/semantic/parts.js';
import { planRemove } from '../core/semantic/remove-part.js';
import { planSet } from '../core/semantic/set-part.js';
import { detectIndentationStyle } from '../core/text/indentation.js';
import { lineOfOffset, lineText } from '../core/text/source-text.js';
import { utf8Length } from '../core/text/utf8.js';
import { uniqueBy } from '../core/unique-by.js';
import type { Warning } from '../core/warnings.js';
import type { CommitReceipt, EditorContext } from './context.js';
import { formatFiles, type Formatter } from './formatter.js';
import { moveDeclaration, type MoveOutcome } from './semantic-move.js';
import { checkReferencesBeforeRemove, renameDeclaration, type RenameOutcome } from './semantic-rename.js';
import { Workspace, type WorkspaceFile } from './workspace.js';

export type { MoveOutcome } from './semantic-move.js';
export type { RenameOutcome } from './semantic-rename.js';

/** What a `set`, `add` or `remove` did. */
export interface PartEditOutcome {
  /** 0-based index of the edit in the batch. */
  index: number;
  /** The operation. */
  op: 'set' | 'add' | 'remove';
  /** The file, as given. */
  path: string;
  /** The address, as given. */
  address: string;
  /** It was applied (or would be, in a dry run). */
  status: 'applied';
  /** The lines of the file this edit changed (before → after, as the file was just before it). */
  changes: LineChange[];
}

/** An edit of a non-transactional batch that failed (the others went ahead). */
export interface FailedEditOutcome {
  /** 0-based index of the edit in the batch. */
  index: number;
  /** The operation. */
  op: SemanticEdit['op'];
  /** The file, as given. */
  path: string;
  /** The address, as given. */
  address: string;
  /** It failed; the other edits went ahead. */
  status: 'failed';
  /** Why it failed. */
  error: StructeditError;
}

/** What one edit of a batch did. */
export type SemanticEditOutcome = PartEditOutcome | RenameOutcome | MoveOutcome | FailedEditOutcome;

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
  /** Dry run: applying the same batch now would succeed. */
  safe_to_apply: boolean;
  /** Warnings of every edit and file (`SYNTAX_BROKEN` with `validate: false`, `FORMAT_SKIPPED`, …). */
  warnings: Warning[];
  /** Each written file's content hash now (`null`: removed); empty on a dry run or when nothing changed. */
  hashes: Record<string, string | null>;
  /** Undoes the whole batch with `undo`; `null` when nothing was written. */
  undo_token: string | null;
}

/** What every edit runner gets. */
export interface EditRun {
  readonly workspace: Workspace;
  readonly index: number;
  /** How added syntax errors are treated for edits other than `set`. */
  readonly syntax: 'warn' | 'reject';
  readonly warnings: Warning[];
}

/** A located address: the file, its syntax context and the selected part. */
export interface LocatedAddress {
  readonly file: WorkspaceFile;
  readonly context: PartContext;
  readonly part: ResolvedPart;
  /** The target the address's reading used. */
  readonly target: string;
  /** The target of the structure enclosing the selection (for `STRUCTURE_EMPTY` warnings). */
  readonly ownerTarget: string | null;
}

/** Resolves an address in a file of the workspace (see `readAddress` for how it is read). */
export function locateAddress(workspace: Workspace, path: string, address: string, language?: string, options: { overloads?: boolean } = {}): ResultAsync<LocatedAddress, StructeditError> {
  return safeTry(async function* () {
    const file = yield* workspace.file(path, language);
    const readings = yield* readAddress(address);
    const root = yield* workspace.syntax(file);
    if (!root) {
      return err(invalidArgument([{ field: 'path', message: `${path} is ${file.language.id}, which has no syntax tree for semantic edits; use the structure operations (replaceStructure, insertAfterStructure, …) instead` }]));
    }
    const { tree } = file;
    const namer = new TargetNamer(tree);
    const context: PartContext = { tree, root: root.rootNode, file: path, address };
    let chosen: { target: string; structure: StructurePath; selectors: (typeof readings)[number]['selectors'] } | null = null;
    for (const reading of readings) {
      const located = locateTarget(tree, reading.target, path, namer);
      if (located.isErr()) continue;
      const matches = located.value;
      const overloaded = options.overloads === true && matches.length > 1 && matches.every((match) => isOverloadOf(match, matches[0]!));
      if (matches.length > 1 && !overloaded) return err(targetAmbiguous(tree, path, reading.target, matches, namer));
      // Overload signatures and their implementation declare one name: the last one stands for all.
      chosen = { target: reading.target, structure: matches[matches.length - 1]!, selectors: reading.selectors };
      break;
    }
    if (!chosen) {
      const reading = readingForErrors(readings);
      const failure = locateUniqueTarget(tree, reading.target, path, namer);
      return err(failure.isErr() ? failure.error : invalidArgument([{ field: 'address', message: 'names nothing' }]));
    }
    yield* workspace.context.checkLocatedSyntax({ path, language: file.language, bytes: file.originalBytes, hash: file.hash, tree }, [chosen.structure]);
    const part = yield* resolvePart(context, chosen.structure, chosen.selectors, chosen.target);
    const owner = part.path.length > 1 ? part.path.slice(0, part.kind === 'structure' ? -1 : undefined) : part.path;
    const ownerTarget = owner.length === 1 ? '' : namer.targetOf(owner).target;
    return ok({ file, context, part, target: chosen.target, ownerTarget });
  });
}

/** Whether two located structures are declarations of one name side by side (TypeScript overloads). */
function isOverloadOf(path: StructurePath, first: StructurePath): boolean {
  const node = path[path.length - 1]!;
  const other = first[first.length - 1]!;
  return node.name !== null && node.name === other.name && path.length === first.length && path[path.length - 2] === first[first.length - 2] && /function|method/.test(node.kind) && /function|method/.test(other.kind);
}

/** `CONTENT_TOO_LARGE` for a value over the content limit. */
function checkValueSize(context: EditorContext, field: string, value: string): Result<void, StructeditError> {
  const limit = context.limits.maxContentBytes;
  if (value.length * 3 <= limit) return ok(undefined);
  const size = utf8Length(value);
  if (size <= limit) return ok(undefined);
  return err(makeError('CONTENT_TOO_LARGE', `${field} is ${size} bytes, over the ${limit}-byte limit for one argument; nothing was written. Split it into several edits.`, { field, content_size: size, limit }));
}

/** `set`, `add` and `remove`: locate, plan, apply to the workspace. */
function editPart(run: EditRun, edit: SetEdit | AddEdit | RemoveEdit): ResultAsync<PartEditOutcome, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    if (edit.op !== 'remove') yield* checkValueSize(workspace.context, `edits.${run.index}.value`, edit.value);
    const located = yield* locateAddress(workspace, edit.path, edit.address, edit.language);
    const { file, context, part } = located;
    const style = detectIndentationStyle(file.tree.source.text);
    let replacements;
    if (edit.op === 'set') replacements = yield* planSet(context, part, edit.value, style, located.target);
    else if (edit.op === 'add') {
      const position = parsePosition(edit.position);
      if (!position) return err(invalidArgument([{ field: `edits.${run.index}.position`, message: `${JSON.stringify(edit.position)} is not a position; use first, last, before:<ref>, after:<ref> or at:<n>` }]));
      replacements = yield* planAdd(context, part, edit.value, position, edit.position ?? 'last', style);
    } else {
      if (!edit.force) yield* checkReferencesBeforeRemove(run, located);
      replacements = yield* planRemove(context, part, located.ownerTarget);
    }
    const before = file.tree.source.text;
    const applied = yield* workspace.apply(file, replacements, edit.op === 'set' ? 'reject' : run.syntax);
    run.warnings.push(...applied.warnings);
    return ok({ index: run.index, op: edit.op, path: edit.path, address: edit.address, status: 'applied' as const, changes: lineChanges(before, applied.file.tree.source.text) });
  });
}

function runEdit(run: EditRun, edit: SemanticEdit): ResultAsync<SemanticEditOutcome, StructeditError> {
  switch (edit.op) {
    case 'set':
    case 'add':
    case 'remove':
      return editPart(run, edit);
    case 'rename':
      return renameDeclaration(run, edit);
    case 'move':
      return moveDeclaration(run, edit);
  }
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
      const syntax = options.validate === false ? context.syntax : 'reject';
      for (const [index, edit] of edits.entries()) {
        const target = parseTarget(edit.address.split('\n').filter((line) => !/^[.[]/.test(line)).join('\n'));
        if (target.isErr()) return err(failedAt(invalidArgument([{ field: `edits.${index}.address`, message: target.error.details.issues[0]!.message }]), index, edits.length, edit, transaction));
      }
      const workspace = new Workspace(context);
      try {
        const warnings: Warning[] = [];
        const results: SemanticEditOutcome[] = [];
        for (const [index, edit] of edits.entries()) {
          const checkpoint = workspace.checkpoint();
          const run: EditRun = { workspace, index, syntax, warnings: [] };
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

/** A place in a file, as references and collisions are listed. */
export function codeLocation(file: WorkspaceFile, offset: number, kind: string): CodeLocation {
  const source = file.tree.source;
  const line = lineOfOffset(source, offset);
  return { file: file.path, line, column: offset - source.lineStarts[line - 1]! + 1, text: lineText(source, line).trim(), kind };
}
