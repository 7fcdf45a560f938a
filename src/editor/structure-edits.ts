import { err, ok, okAsync, ResultAsync, safeTry, type Result } from 'neverthrow';
import {
  deleteStructureArgsSchema,
  insertStructureArgsSchema,
  moveStructureArgsSchema,
  replaceAllTextInStructureArgsSchema,
  replaceStructureArgsSchema,
  replaceTextInStructureArgsSchema,
  type DeleteStructureArgs,
  type InsertStructureArgs,
  type MoveStructureArgs,
  type ReplaceAllTextInStructureArgs,
  type ReplaceStructureArgs,
  type ReplaceTextInStructureArgs,
} from '../core/arguments/structure.js';
import { checkContentSizes, validateArguments } from '../core/arguments/validation.js';
import { planDeleteStructure } from '../core/edit/delete-structure.js';
import { planInsert, type InsertSide } from '../core/edit/insert-structure.js';
import { insertSideOf, planMoveAcrossFiles, planMoveWithinFile } from '../core/edit/move-structure.js';
import { structureEmptyWarnings, type EditPlan } from '../core/edit/plan.js';
import { planReplaceStructure } from '../core/edit/replace-structure.js';
import { planReplaceAllText, planReplaceText } from '../core/edit/replace-text.js';
import { applyReplacements, isOverlap } from '../core/edit/replacements.js';
import { makeError, type LineRange, type StructeditError } from '../core/errors.js';
import { locateUniqueTarget } from '../core/locate/locate.js';
import { parseTarget, type StructurePath } from '../core/locate/targets.js';
import type { IndentationStyle } from '../core/text/indentation.js';
import { spacingKind, type ContentKinds } from '../core/edit/layout.js';
import { profileOf } from '../core/languages/profiles/index.js';
import type { StructureNode } from '../core/structure/types.js';
import type { Warning } from '../core/warnings.js';
import { normalizeRelativePath } from '../fs/paths.js';
import type { FileWrite, WriteOutcome } from './commit.js';
import type { CommitReceipt, EditorContext, ParsedFile } from './context.js';
import { checkUsesOfMove } from './move-uses.js';
import { checkReferencesOfDelete, checkTextEdit, type UsesCheck } from './text-edit-uses.js';

/** Result of {@link Editor.replaceStructure}. */
export interface ReplaceStructureResult extends WriteOutcome {
  /** Where the new structure is, 1-based inclusive, in the edited file. */
  lines: LineRange;
  /**
   * How many lines above the declaration were kept because the content left them out: its doc
   * comment, decorators or `export` (content that starts with its own replaces them). 0 when the
   * whole structure was replaced.
   */
  kept_leading_lines: number;
  /** True when nothing was written because `dry_run` was set. */
  dry_run: boolean;
  /** Warnings: `SYNTAX_BROKEN`, `STRUCTURE_EMPTY`, `INDENTATION_INCONSISTENT`, `SYNTAX_ERRORS_ELSEWHERE`. */
  warnings: Warning[];
}

/** Result of {@link Editor.deleteStructure}. */
export interface DeleteStructureResult extends WriteOutcome {
  /** The lines the structure occupied before the deletion. */
  deleted_line_range_inclusive: LineRange;
  /** True when nothing was written because `dry_run` was set. */
  dry_run: boolean;
  /** Warnings, as for every write. */
  warnings: Warning[];
}

/** Result of {@link Editor.replaceTextInStructure}. */
export interface ReplaceTextInStructureResult extends WriteOutcome {
  /** The lines the new text occupies in the edited file. */
  affected_lines: LineRange;
  /** True when nothing was written because `dry_run` was set. */
  dry_run: boolean;
  /** Warnings, as for every write. */
  warnings: Warning[];
}

/** Result of {@link Editor.replaceAllTextInStructure}. */
export interface ReplaceAllTextInStructureResult extends WriteOutcome {
  /** How many occurrences were replaced. */
  total_replacements: number;
  /** From the first replaced occurrence to the end of the last, in the edited file. */
  affected_lines: LineRange;
  /** True when nothing was written because `dry_run` was set. */
  dry_run: boolean;
  /** Warnings, as for every write. */
  warnings: Warning[];
}

/** Result of {@link Editor.insertBeforeStructure}. */
export interface InsertBeforeStructureResult extends WriteOutcome {
  /** The first line of the inserted content in the edited file. */
  inserted_at_line: number;
  /** Where the target's first line is now. */
  target_now_at_line: number;
  /** True when nothing was written because `dry_run` was set. */
  dry_run: boolean;
  /** Warnings, as for every write. */
  warnings: Warning[];
}

/** Result of {@link Editor.insertAfterStructure}. */
export interface InsertAfterStructureResult extends WriteOutcome {
  /** The first line of the inserted content in the edited file. */
  inserted_at_line: number;
  /** True when nothing was written because `dry_run` was set. */
  dry_run: boolean;
  /** Warnings, as for every write. */
  warnings: Warning[];
}

/** Result of {@link Editor.moveStructure}. */
export interface MoveStructureResult extends WriteOutcome {
  /** The destination file's content hash after the call (`null`: a file a dry run would create). `hash` is the source file's. */
  dest_hash: string | null;
  /** The structure's lines in the source file before the move. */
  source_original_line_range: LineRange;
  /** Its lines in the destination file after the move. */
  destination_final_line_range: LineRange;
  /** True when nothing was written because `dry_run` was set. */
  dry_run: boolean;
  /** Warnings for either file, as for every write. */
  warnings: Warning[];
}

/** The target of the structure enclosing the one a target names: its levels but the last. */
function parentTargetOf(target: string): string {
  return parseTarget(target)
    .map((levels) => levels.slice(0, -1).join('\n'))
    .unwrapOr('');
}

/** A plan for one file. */
interface FilePlan {
  readonly file: ParsedFile;
  readonly plan: EditPlan<unknown>;
}

/**
 * Applies plans, checks each edited file (re-parse: `SYNTAX_BROKEN` or `SYNTAX_ERROR`, then
 * `STRUCTURE_EMPTY`) and only then writes them all in one commit, in the order given. A plan
 * that changes nothing writes nothing; a dry run writes nothing at all.
 */
function writePlans(context: EditorContext, plans: readonly FilePlan[], dryRun: boolean, checkUses: UsesCheck, forced: boolean): ResultAsync<{ warnings: Warning[]; receipt: CommitReceipt | null }, StructeditError> {
  return safeTry(async function* () {
    const writes: FileWrite[] = [];
    const warnings: Warning[] = [];
    for (const { file, plan } of plans) {
      if (plan.replacements.length === 0) continue;
      const edited = applyReplacements(file.tree.source, plan.replacements);
      if (isOverlap(edited)) {
        return err(makeError('INTERNAL_ERROR', `structedit planned overlapping changes to ${file.path}; nothing was written. This is a bug in structedit.`, { cause: JSON.stringify(edited) }));
      }
      const checked = yield* checkTextEdit(context, file, edited, plan.replacements, checkUses, forced).safeUnwrap();
      writes.push(checked.write);
      warnings.push(...checked.warnings, ...structureEmptyWarnings(plan.watched, checked.tree));
    }
    const receipt = writes.length > 0 && !dryRun ? yield* context.commit(writes).safeUnwrap() : null;
    return ok({ warnings, receipt });
  });
}

/** The file's hash after a write (its hash as read when the receipt does not name it) and the undo token. */
function outcomeOf(file: ParsedFile, receipt: CommitReceipt | null): { hash: string | null; undo_token: string | null } {
  return { hash: receipt?.hashes.get(file.path) ?? file.hash, undo_token: receipt?.undo_token ?? null };
}

/** The steps every single-file structure edit shares: validate, parse, locate, plan, write. */
function editStructure<Args extends { path: string; target: string; language?: string | undefined; dry_run?: boolean | undefined; expected_hash?: string | undefined; force?: boolean | undefined }, Figures>(
  context: EditorContext,
  args: Result<Args, StructeditError>,
  contentFields: (args: Args) => Record<string, string>,
  plan: (file: ParsedFile, path: StructurePath, args: Args, style: IndentationStyle) => Result<EditPlan<Figures>, StructeditError> | ResultAsync<EditPlan<Figures>, StructeditError>,
  // Which uses of what the edit writes are checked (its calls, what it removes, the names it uses):
  // all for a text edit or an insertion, the calls for a delete (it checks what it removes itself).
  checksUses: UsesCheck = false,
): ResultAsync<Figures & WriteOutcome & { dry_run: boolean; warnings: Warning[] }, StructeditError> {
  return safeTry(async function* () {
    const valid = yield* args.safeUnwrap();
    yield* checkContentSizes(
      Object.entries(contentFields(valid)).map(([field, text]) => ({ field, text })),
      context.limits.maxContentBytes,
    ).safeUnwrap();
    const file = yield* context.parseFile(valid.path, valid.language).safeUnwrap();
    yield* context.checkExpectedHash(file, valid.expected_hash).safeUnwrap();
    const path = yield* locateUniqueTarget(file.tree, valid.target, valid.path).safeUnwrap();
    const syntaxWarnings = yield* context.checkLocatedSyntax(file, [path]).safeUnwrap();
    const planned = yield* (await plan(file, path, valid, yield* context.indentationStyle(file).safeUnwrap())).safeUnwrap();
    const dryRun = valid.dry_run === true;
    const written = yield* writePlans(context, [{ file, plan: planned }], dryRun, valid.force === true ? false : checksUses, valid.force === true).safeUnwrap();
    return ok({ ...planned.figures, hash: outcomeOf(file, written.receipt).hash!, undo_token: written.receipt?.undo_token ?? null, dry_run: dryRun, warnings: [...syntaxWarnings, ...planned.warnings, ...written.warnings] });
  });
}

/** `replaceStructure`. */
export function replaceStructure(context: EditorContext, input: ReplaceStructureArgs): ResultAsync<ReplaceStructureResult, StructeditError> {
  return editStructure(
    context,
    validateArguments(replaceStructureArgsSchema, input),
    (args) => ({ content: args.content }),
    (file, path, args, style) => planReplaceStructure(file.tree, path, args.content, style, args.target),
    true,
  );
}

/** `deleteStructure`. */
export function deleteStructure(context: EditorContext, input: DeleteStructureArgs): ResultAsync<DeleteStructureResult, StructeditError> {
  return editStructure(
    context,
    validateArguments(deleteStructureArgsSchema, input),
    () => ({}),
    (file, path, args) => {
      if (path.length === 1) {
        return err(
          makeError('INVALID_ARGUMENT', 'The target "" is the whole file, and deleteStructure removes one structure. Name the structure to delete; to empty the file, call replaceStructure with target "" and content "".', {
            issues: [{ field: 'target', message: 'is "" (the whole file)' }],
          }),
        );
      }
      const plan = planDeleteStructure(file.tree, path, parentTargetOf(args.target));
      return args.force === true ? okAsync(plan) : checkReferencesOfDelete(context, file, args.target).map(() => plan);
    },
    // (A field deleted from a dataclass or struct changes what its constructions pass.)
    'calls',
  );
}

/** `replaceTextInStructure`. */
export function replaceTextInStructure(context: EditorContext, input: ReplaceTextInStructureArgs): ResultAsync<ReplaceTextInStructureResult, StructeditError> {
  return editStructure(
    context,
    validateArguments(replaceTextInStructureArgsSchema, input),
    (args) => ({ old_text: args.old_text, new_text: args.new_text }),
    (file, path, args) => planReplaceText(file.tree, path, { file: args.path, target: args.target, oldText: args.old_text, newText: args.new_text }),
    true,
  );
}

/** `replaceAllTextInStructure`. */
export function replaceAllTextInStructure(context: EditorContext, input: ReplaceAllTextInStructureArgs): ResultAsync<ReplaceAllTextInStructureResult, StructeditError> {
  return editStructure(
    context,
    validateArguments(replaceAllTextInStructureArgsSchema, input),
    (args) => ({ old_text: args.old_text, new_text: args.new_text }),
    (file, path, args) =>
      planReplaceAllText(file.tree, path, { file: args.path, target: args.target, oldText: args.old_text, newText: args.new_text, expectedCount: args.expected_count }),
    true,
  );
}

function insertStructure(context: EditorContext, input: InsertStructureArgs, side: InsertSide) {
  return editStructure(
    context,
    validateArguments(insertStructureArgsSchema, input),
    (args) => ({ content: args.content }),
    (file, path, args, style) => kindsInPlace(context, file, path, side, args.content, style).andThen((kinds) => planInsert(file.tree, path, side, args.content, style, { contentKinds: kinds })),
    true,
  );
}

/**
 * The kinds of the first and last structure of content as it parses where it goes (a Java field
 * is a field in a class body, not a statement): the structures on its lines, as deep as the target,
 * in the file with the content inserted as the target is spaced (an incremental parse of that
 * edit); `null` when it adds syntax errors or makes no structure there. An insertion is then spaced
 * as the file spaces structures of those kinds.
 */
function kindsInPlace(context: EditorContext, file: ParsedFile, path: StructurePath, side: InsertSide, content: string, style: IndentationStyle): ResultAsync<ContentKinds | null, never> {
  let found = parsedKinds(context, file, path, side, content, style);
  // Content of a kind that ends with a token of the body's (a Zig field without its `,`) parses only with it.
  if (/[,;]\s*$/.test(content)) return found;
  for (const [kind, terminator] of Object.entries(profileOf(file.language.id).layout.terminators)) {
    found = found.andThen((kinds) =>
      kinds !== null ? okAsync(kinds) : parsedKinds(context, file, path, side, `${content}${terminator}`, style).map((terminated) => (terminated?.last === kind ? terminated : null)),
    );
  }
  return found;
}

function parsedKinds(context: EditorContext, file: ParsedFile, path: StructurePath, side: InsertSide, content: string, style: IndentationStyle): ResultAsync<ContentKinds | null, never> {
  const provisional = planInsert(file.tree, path, side, content, style);
  if (provisional.isErr()) return okAsync(null);
  const edited = applyReplacements(file.tree.source, provisional.value.replacements);
  if (isOverlap(edited)) return okAsync(null);
  const first = provisional.value.figures.inserted_at_line;
  const last = first + provisional.value.written.length - 1;
  return context
    .parseSource(file.path, edited, file.language, file.tree.source)
    .map((tree): ContentKinds | null => {
      // Among the target's new siblings: as deep as the target, on the inserted lines.
      const inserted: StructureNode[] = [];
      const visit = (node: StructureNode, depth: number) => {
        for (const child of node.children) {
          if (depth === path.length - 1) {
            if (child.lineRange[0] >= first && child.lineRange[1] <= last) inserted.push(child);
          } else if (child.lineRange[0] <= last && child.lineRange[1] >= first) visit(child, depth + 1);
        }
      };
      visit(tree.root, 1);
      if (inserted.length === 0 || tree.syntaxErrors.length > file.tree.syntaxErrors.length) return null;
      return { first: spacingKind(tree, inserted[0]!), last: spacingKind(tree, inserted[inserted.length - 1]!) };
    })
    .orElse(() => okAsync(null));
}

/** `insertBeforeStructure`. */
export function insertBeforeStructure(context: EditorContext, input: InsertStructureArgs): ResultAsync<InsertBeforeStructureResult, StructeditError> {
  return insertStructure(context, input, 'before').map(({ inserted_at_line, target_now_at_line, hash, undo_token, dry_run, warnings }) => ({ inserted_at_line, target_now_at_line, hash, undo_token, dry_run, warnings }));
}

/** `insertAfterStructure`. */
export function insertAfterStructure(context: EditorContext, input: InsertStructureArgs): ResultAsync<InsertAfterStructureResult, StructeditError> {
  return insertStructure(context, input, 'after').map(({ inserted_at_line, hash, undo_token, dry_run, warnings }) => ({ inserted_at_line, hash, undo_token, dry_run, warnings }));
}

/** Whether two paths name one file: the same path once normalized, or the same file through links. */
function sameFile(context: EditorContext, first: string, second: string): ResultAsync<boolean, never> {
  const a = normalizeRelativePath(first);
  const b = normalizeRelativePath(second);
  if (a.isOk() && b.isOk() && a.value === b.value) return okAsync(true);
  return ResultAsync.fromSafePromise(
    Promise.all([context.fs.realpath(first), context.fs.realpath(second)]).then(
      ([x, y]) => x === y,
      () => false,
    ),
  );
}

/**
 * `moveStructure`. Both files are read, located, planned, applied and re-parsed before anything
 * is written; then one commit writes the destination first and the source second, restoring the
 * destination if the source cannot be written (so a failure that cannot even be undone leaves the
 * structure in both files, never in neither). A missing destination is created for `file_start`
 * and `file_end`.
 */
export function moveStructure(context: EditorContext, input: MoveStructureArgs): ResultAsync<MoveStructureResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(moveStructureArgsSchema, input).safeUnwrap();
    const side = insertSideOf(args.position);
    const destTarget = args.dest_target ?? '';
    const source = yield* context.parseFile(args.source_path, args.source_language).safeUnwrap();
    yield* context.checkExpectedHash(source, args.expected_hash).safeUnwrap();
    const sourcePath = yield* locateUniqueTarget(source.tree, args.source_target, args.source_path).safeUnwrap();
    const moveSource = { tree: source.tree, path: sourcePath, parentTarget: parentTargetOf(args.source_target) };

    if (yield* sameFile(context, args.source_path, args.dest_path).safeUnwrap()) {
      yield* context.checkExpectedHash(source, args.dest_expected_hash).safeUnwrap();
      const destPath = yield* locateUniqueTarget(source.tree, destTarget, args.dest_path).safeUnwrap();
      const syntaxWarnings = yield* context.checkLocatedSyntax(source, [sourcePath, destPath]).safeUnwrap();
      const plan = yield* planMoveWithinFile(moveSource, { tree: source.tree, path: destPath, side, style: yield* context.indentationStyle(source).safeUnwrap() }).safeUnwrap();
      if (args.force !== true) yield* checkUsesOfMove(context, { file: source, target: args.source_target, path: sourcePath }, { file: source, path: destPath, side, sameFile: true }).safeUnwrap();
      const written = yield* writePlans(context, [{ file: source, plan }], args.dry_run === true, false, args.force === true).safeUnwrap();
      const outcome = outcomeOf(source, written.receipt);
      return ok({ ...plan.figures, hash: outcome.hash!, dest_hash: outcome.hash, undo_token: outcome.undo_token, dry_run: args.dry_run === true, warnings: [...syntaxWarnings, ...plan.warnings, ...written.warnings] });
    }

    const creatable = args.position === 'file_start' || args.position === 'file_end';
    const dest = yield* context.parseFile(args.dest_path, args.dest_language).orElse((failure) =>
      creatable && failure.error === 'FILE_NOT_FOUND' ? context.newFile(args.dest_path, args.dest_language) : err(failure),
    ).safeUnwrap();
    yield* context.checkExpectedHash(dest, args.dest_expected_hash).safeUnwrap();
    const destPath = yield* locateUniqueTarget(dest.tree, destTarget, args.dest_path).safeUnwrap();
    const sourceWarnings = yield* context.checkLocatedSyntax(source, [sourcePath]).safeUnwrap();
    const destWarnings = yield* context.checkLocatedSyntax(dest, [destPath]).safeUnwrap();
    const plans = yield* planMoveAcrossFiles(moveSource, { tree: dest.tree, path: destPath, side, style: yield* context.indentationStyle(dest).safeUnwrap() }).safeUnwrap();
    if (args.force !== true) yield* checkUsesOfMove(context, { file: source, target: args.source_target, path: sourcePath }, { file: dest, path: destPath, side, sameFile: false }).safeUnwrap();
    const written = yield* writePlans(
      context,
      [
        { file: dest, plan: plans.destination },
        { file: source, plan: plans.source },
      ],
      args.dry_run === true,
      false,
      args.force === true,
    ).safeUnwrap();
    return ok({
      ...plans.figures,
      hash: outcomeOf(source, written.receipt).hash!,
      dest_hash: outcomeOf(dest, written.receipt).hash,
      undo_token: written.receipt?.undo_token ?? null,
      dry_run: args.dry_run === true,
      warnings: [...sourceWarnings, ...destWarnings, ...plans.source.warnings, ...plans.destination.warnings, ...written.warnings],
    });
  });
}
