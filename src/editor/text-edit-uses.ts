import { err, ok, okAsync, ResultAsync, safeTry, type Result } from 'neverthrow';
import { changedSpans, writtenSpans, type Replacement } from '../core/edit/replacements.js';
import { makeError, type StructeditError } from '../core/errors.js';
import { profileOf } from '../core/languages/profiles/index.js';
import { locateStructureAt } from '../core/locate/position.js';
import { TargetNamer } from '../core/locate/targets.js';
import type { SignatureChanges } from '../core/semantic/call-arity.js';
import { checkNarrowedCalls, narrowedSignatures, noteSignaturesTouched } from '../core/semantic/call-check.js';
import { checkReferencesBeforeRemove, modelled, type RemovingOp } from '../core/semantic/declaration-references.js';
import { codeLocation, locateAddress } from '../core/semantic/locate-address.js';
import type { Occurrence, ScopeModel } from '../core/semantic/scopes.js';
import { afterEdit, declarationsGone, mayBeUsedElsewhere, stillDeclared, wordOffsets, type AfterEdit } from '../core/semantic/removed-declarations.js';
import { undeclaredUses } from '../core/semantic/undeclared-names.js';
import { mayBindName, writtenNamedImports } from '../core/semantic/written-imports.js';
import { projectResolution } from '../core/modules/resolution.js';
import type { EditRun, WorkspaceFile } from '../core/semantic/workspace.js';
import { lineOfOffset, type SourceText } from '../core/text/source-text.js';
import type { StructureTree } from '../core/structure/types.js';
import { SpanIndex } from '../core/text/span-index.js';
import type { CheckedEdit, EditorContext, ParsedFile } from './context.js';
import { typeCheck } from './type-check.js';
import { type Workspace, withWorkspace } from './workspace.js';

/**
 * What a text edit of a structure leaves of the uses of what it changes or removes: the references
 * to a declaration its new text no longer declares, the calls of a function whose parameters it
 * changed, the references to a structure deleted. Checked before anything is written, as a
 * semantic batch checks them; `force` skips them.
 */

/**
 * The checks of a text edit of a structure (`replaceStructure`, text replaced inside one, chunks):
 *
 * - A declaration the edit touches that its new text no longer declares (removed, or renamed: its
 *   enclosing structure holds nothing of its name any more) must not be used outside the places
 *   the edit rewrote: as `deleteStructure` checks it (`REFERENCES_EXIST`, …).
 * - A function whose parameter list the edit reaches, where the new list may not accept every call
 *   the old one did: the program is checked as after a semantic batch, by the language's type
 *   checker where a backend answers for it (`TYPE_ERRORS_ADDED`), else by binding each use of the
 *   function across the project to its new parameters (`CALLS_BROKEN`).
 * - A language whose names structedit cannot check (TypeScript, JavaScript), where its backend
 *   checks every text edit (`checksTextEdits`): the whole edit, by its type checker.
 *
 * An edit that changes only the insides of what it touches costs a walk of the structures it
 * touches (and a read of the parsed text when it reaches a parameter list). An edit that broke the
 * syntax (`SYNTAX_BROKEN`, written as the editor's `syntax` option allows) is not checked: its
 * structures cannot be read.
 *
 * `context.checkEdit` runs first (`forced`: syntax errors the edit adds are written with a
 * `SYNTAX_BROKEN` warning whatever the editor's `syntax` option); `uses: false` (`force`) runs only
 * that; `uses: 'calls'` (a delete, whose removed names its own reference check has covered) only the calls and the
 * type checker's verdict. The syntax tree of the
 * version edited is taken from the parse cache before it: the check's parse of the edited version
 * may evict it (a cache holds one version of a 9 MB file), and the uses check reads it.
 */
export function checkTextEdit(context: EditorContext, file: ParsedFile, edited: SourceText, replacements: readonly Replacement[], uses: UsesCheck, forced = false): ResultAsync<CheckedEdit, StructeditError> {
  if (!uses) return context.checkEdit(file, edited, forced ? 'warn' : undefined);
  return checkTextEdits(context, [{ file, edited, replacements }], uses, forced).map(([checked]) => checked!);
}

/** One file's text edit, for {@link checkTextEdits}: the file as read, its edited text, and the replacements between them. */
export interface FileTextEdit {
  readonly file: ParsedFile;
  readonly edited: SourceText;
  readonly replacements: readonly Replacement[];
  /** The tree whose syntax errors are not new (the file's own, where not given: a moved file's are those of where it was). */
  readonly syntaxBefore?: StructureTree;
}

/**
 * {@link checkTextEdit} of several files edited together (a patch): each file's syntax, then the
 * uses of what each one changes, looked up in the others as edited (a declaration renamed in one
 * file and its uses in another by the same patch is a whole change). A file the edit deletes is
 * its whole text removed: what it declared must be used nowhere else.
 */
export function checkTextEdits(context: EditorContext, edits: readonly FileTextEdit[], uses: UsesCheck, forced = false): ResultAsync<CheckedEdit[], StructeditError> {
  return withWorkspace(context, (workspace) =>
    safeTry(async function* () {
      const checked: CheckedEdit[] = [];
      for (const { file, edited, syntaxBefore } of edits) {
        if (uses) workspace.keepCachedSyntax(workspace.adopt(file));
        checked.push(yield* context.checkEdit(file, edited, forced ? 'warn' : undefined, syntaxBefore).safeUnwrap());
      }
      if (!uses) return ok(checked);
      // Each file as edited, the state every other file's check reads it in.
      const states: WorkspaceFile[] = [];
      if (edits.length > 1) for (const edit of edits) states.push((yield* workspace.apply(workspace.adopt(edit.file), edit.replacements, 'warn').safeUnwrap()).file);
      for (const [index, edit] of edits.entries()) {
        yield* checkUsesIn(workspace, context, edit.file, edit.replacements, checked[index]!, uses === 'calls').safeUnwrap();
        if (states[index]) workspace.keep(states[index]);
      }
      return ok(checked);
    }),
  );
}

/** Which uses {@link checkTextEdit} checks: all, only the calls of what the edit changes (and a type checker's verdict), or none. */
export type UsesCheck = boolean | 'calls';

/** The uses checks of {@link checkTextEdit}, in a workspace the caller disposes of. */
function checkUsesIn(workspace: Workspace, context: EditorContext, file: ParsedFile, replacements: readonly Replacement[], checked: CheckedEdit, callsOnly: boolean): ResultAsync<void, StructeditError> {
  if (checked.warnings.some((warning) => warning.type === 'SYNTAX_BROKEN') || file.language.id === 'markdown') return okAsync(undefined);
  const changed = new SpanIndex(changedSpans(file.tree.source.text, replacements));
  if (changed.empty) return okAsync(undefined);
  return tooDeep(file.path, () => checkUses(workspace, context, file, replacements, checked, changed, callsOnly));
}

function checkUses(workspace: Workspace, context: EditorContext, file: ParsedFile, replacements: readonly Replacement[], checked: CheckedEdit, changed: SpanIndex, callsOnly: boolean): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const before = workspace.adopt(file);
    const root = yield* workspace.syntax(before).safeUnwrap();
    if (!root) return ok(undefined);
    // Declarations gone, looked up in the files as they are (the edit's uses elsewhere still name them).
    const namer = new TargetNamer(file.tree);
    const gone = callsOnly ? [] : declarationsGone(file.tree, checked.tree, changed);
    const mentions = gone.length > 0 ? wordOffsets(file.tree.source.text) : new Map<string, number[]>();
    // The file as edited, read without making it the workspace's current state (the uses are looked up in the files as they are).
    const editedView: WorkspaceFile = { ...before, tree: checked.tree };
    const profile = profileOf(file.tree.language);
    let afterModel: AfterEdit | null = null;
    for (const path of gone) {
      // A local no one mentions outside it and the rewritten places is used nowhere.
      if (!mayBeUsedElsewhere(path, mentions, changed)) continue;
      const editedRoot = yield* workspace.syntax(editedView).safeUnwrap();
      afterModel ??= editedRoot ? afterEdit(file.tree.source.text, checked.tree.source.text, modelled(editedView, editedRoot).model, replacements, profile.members.declaredByAssignment ? profile.names.receivers : null) : null;
      const still = afterModel ? stillDeclared(path, mentions, changed, afterModel) : 'nowhere';
      if (still === 'everywhere') continue;
      const target = namer.targetOf(path).target;
      const located = target === null ? null : await locateAddress(workspace, file.path, target, file.language.id, { edit: 'set' });
      if (!located?.isOk()) continue;
      // Imported back from where it moved: its own file's uses reach it through the import, the other files' do not.
      const kept = still === 'in-file' ? new SpanIndex([{ start: 0, end: file.tree.source.text.length + 1 }]) : changed;
      yield* checkReferencesBeforeRemove(await referenceRun(context, workspace, file), located.value, 'edit', kept).safeUnwrap();
    }
    // Names the new text uses that nothing declares (where the language's predeclared names are known).
    const names = profile.names;
    if (!callsOnly && names.predeclared && !(names.dynamicDeclarations?.test(checked.tree.source.text) ?? false)) {
      const editedRoot = yield* workspace.syntax(editedView).safeUnwrap();
      if (editedRoot) {
        const written = new SpanIndex(writtenSpans(file.tree.source.text, replacements, checked.tree.source.text));
        const editedModel = afterModel?.model ?? modelled(editedView, editedRoot).model;
        const uses = undeclaredUses(editedModel, () => modelled(before, root).model, written, names.predeclared);
        if (uses.length > 0) return err(undeclared(editedView, uses));
        // Names the new text imports from a module under the root that does not declare them.
        const lost = yield* importsNotDeclared(workspace, editedView, editedModel, written).safeUnwrap();
        if (lost.length > 0) return err(namesOutOfReach(editedView, '', lost, (names, listed) => `The edit's new text imports ${names}, which the module${lost.length === 1 ? '' : 's'} it names ${lost.length === 1 ? 'does' : 'do'} not declare (${listed}); nothing was written. Import ${lost.length === 1 ? 'it' : 'them'} from where ${lost.length === 1 ? 'it is' : 'they are'} declared, declare ${lost.length === 1 ? 'it' : 'them'} there in the same edit (apply_patch), or send the edit again with force: true.`));
      }
    }
    // A language whose names structedit cannot check (its predeclared names unknown: TypeScript,
    // JavaScript) is judged whole by its type checker where one answers for every edit: undeclared
    // names, types, calls. What it finds that it did not before refuses the edit.
    // (A backend is asked for only where it is used: finding one may start a language server.) A
    // delete is judged too: taking out a function's `return` leaves a result it does not return.
    const judge = names.predeclared ? null : await context.backends.for(file.language.id);
    if (judge?.checksTextEdits) {
      yield* workspace.apply(before, replacements, 'warn').safeUnwrap();
      // The edited file's own errors: what the edit removes or renames, and calls whose parameters
      // it narrows, are checked in the other files below and by the reference check.
      yield* typeCheck(workspace, judge, new Map(), 'text-edit', [file.path]).safeUnwrap();
    }
    if (!profile.calls) return ok(undefined);
    const changes: SignatureChanges = new Map();
    noteSignaturesTouched(changes, before, root, changed, file.language.id);
    if (changes.size === 0) return ok(undefined);
    // (Parsed again from the cache: the syntax check has just parsed this text.)
    yield* workspace.apply(before, replacements, 'warn').safeUnwrap();
    const narrowed = yield* narrowedSignatures(workspace, changes, new Map(), 'text-edit').safeUnwrap();
    if (narrowed.length === 0) return ok(undefined);
    const backend = await context.backends.for(file.language.id);
    return await (backend ? typeCheck(workspace, backend, new Map(), 'text-edit') : checkNarrowedCalls(workspace, changes, narrowed, 'text-edit'));
  });
}

/**
 * The reference check of `deleteStructure`, as a semantic `remove` of the structure makes it: a
 * name it declares that is still used outside it (found by the language's backend where one
 * answers, else by structedit's own scopes and imports across the project) refuses the delete with
 * `REFERENCES_EXIST`, each use listed; uses that cannot be proven are `UNRESOLVED_REFERENCES` or
 * `AMBIGUOUS_REFERENCES`. A structure the semantic engine cannot locate (no syntax tree, as in
 * Markdown; syntax errors inside it) is deleted without the check.
 */
export function checkReferencesOfDelete(context: EditorContext, file: ParsedFile, target: string): ResultAsync<void, StructeditError> {
  return tooDeep(file.path, () => checkRemoval(context, file, target, 'delete'));
}

/**
 * The reference check of a removal from where the structure at `target` stands: uses outside it
 * (and outside `kept`, where they still reach it after a move) refuse it. Runs in a workspace of its own.
 */
export function checkRemoval(context: EditorContext, file: ParsedFile, target: string, op: RemovingOp, kept?: SpanIndex): ResultAsync<void, StructeditError> {
  return withWorkspace(context, (workspace) =>
    new ResultAsync(
      (async (): Promise<Result<void, StructeditError>> => {
        workspace.adopt(file);
        const located = await locateAddress(workspace, file.path, target, file.language.id, { edit: 'set' });
        if (located.isErr()) return ok(undefined);
        return await checkReferencesBeforeRemove(await referenceRun(context, workspace, file), located.value, op, kept);
      })(),
    ),
  );
}

/**
 * The names the edit's new text imports (`from m import x`) from a module under the root that does
 * not bind them, each with why: the module as the workspace has it now (a patch's other files as
 * it leaves them). A module that cannot be read, has syntax errors or may bind names its model does
 * not see is taken at its word.
 */
function importsNotDeclared(workspace: Workspace, edited: WorkspaceFile, model: ScopeModel, written: SpanIndex): ResultAsync<LostName[], StructeditError> {
  return safeTry(async function* () {
    const records = writtenNamedImports(model, written);
    if (records.length === 0) return ok([]);
    const resolution = projectResolution(yield* workspace.project().safeUnwrap());
    const language = edited.language.id;
    const profile = profileOf(edited.tree.language);
    const lost: LostName[] = [];
    for (const record of records) {
      const occurrence = record.nameOccurrence ?? record.localOccurrence;
      const target = resolution.resolve(edited.path, record.module, language);
      if (!occurrence || target.kind !== 'file' || target.path === edited.path) continue;
      const submodule = profile.modules?.submodule(record.module, record.imported) ?? null;
      if (submodule !== null && resolution.resolveFile(edited.path, submodule, language) !== null) continue;
      // A module built from another file beside it (a compiled extension's `_speedups.c`) is none structedit reads.
      const beside = `${target.path.replace(/[^/]*$/, '')}${record.imported}.`;
      if ([...resolution.project.files].some((path) => path.startsWith(beside))) continue;
      const read = await workspace.file(target.path);
      if (read.isErr() || read.value.tree.syntaxErrors.length > 0) continue;
      const root = yield* workspace.syntax(read.value).safeUnwrap();
      if (!root) continue;
      const module = read.value;
      const rules = profileOf(module.tree.language);
      if (mayBindName(modelled(module, root).model, module.tree.source.text, record.imported, [rules.modules?.anyName ?? null, rules.names.dynamicDeclarations])) continue;
      lost.push({ occurrence, reason: `${target.path} declares no ${JSON.stringify(record.imported)}` });
    }
    return ok(lost);
  });
}

/** `NAMES_OUT_OF_REACH` for a text edit: names its new text uses that nothing declares. */
function undeclared(edited: WorkspaceFile, uses: readonly Occurrence[]): StructeditError {
  const tree = edited.tree;
  const namer = new TargetNamer(tree);
  const first = uses[0]!;
  const line = lineOfOffset(tree.source, first.start);
  const holder = locateStructureAt(tree, line, first.start - tree.source.lineStarts[line - 1]! + 1, edited.path, namer);
  // The declaration around it (not the statement it sits in).
  const path = holder.isOk() ? [...holder.value] : [];
  while (path.length > 1 && path[path.length - 1]!.name === null) path.pop();
  const address = path.length > 0 ? (namer.targetOf(path).target ?? '') : '';
  const lost = uses.map((occurrence) => ({ occurrence, reason: `"${occurrence.name}" is declared nowhere in ${edited.path}, and is no builtin` }));
  return namesOutOfReach(
    edited,
    address,
    lost,
    (names, listed) =>
      `The edit's new text uses ${names}, which nothing in ${edited.path} declares (${listed}); nothing was written. Correct the name, or declare or import it in the same edit (applyEdits, applyPatch, or a replace of a structure holding both), or send the edit again with force: true.`,
  );
}

/** A name an edit leaves pointing at nothing: its first use, and why. */
export interface LostName {
  readonly occurrence: Pick<Occurrence, 'name' | 'start'>;
  readonly reason: string;
}

/**
 * `NAMES_OUT_OF_REACH` for the names an edit of `file` leaves pointing at nothing (a move's, a text
 * edit's): each one's first use listed with why; `message` words it, given the names and the first uses.
 */
export function namesOutOfReach(file: WorkspaceFile, address: string, lost: readonly LostName[], message: (names: string, listed: string) => string): StructeditError {
  const names = lost.map(({ occurrence }) => occurrence.name);
  const uses = lost.map(({ occurrence, reason }) => ({ ...codeLocation(file, occurrence.start, 'unresolved'), reason }));
  const listed = `${uses.slice(0, 3).map((use) => `${use.file}:${use.line} (${use.reason})`).join('; ')}${uses.length > 3 ? '; …' : ''}`;
  return makeError('NAMES_OUT_OF_REACH', message(names.map((name) => JSON.stringify(name)).join(', '), listed), { path: file.path, address, names, uses });
}

/** The run a reference check of a text edit goes through: the file's language's backend, where one answers. */
async function referenceRun(context: EditorContext, workspace: Workspace, file: ParsedFile): Promise<EditRun> {
  return { workspace, index: 0, syntax: 'reject', warnings: [], backend: await context.backends.for(file.language.id), signatures: new Map() };
}

/**
 * `PARSER_FAILED` when code nests deeper than the scope model can follow (it runs out of stack, as
 * the parser does on the same code): the uses cannot be checked, and the edit is not written unchecked.
 */
export function tooDeep(path: string, check: () => ResultAsync<void, StructeditError>): ResultAsync<void, StructeditError> {
  return new ResultAsync(
    Promise.resolve()
      .then(() => check())
      .catch((cause: unknown) => {
        if (!(cause instanceof RangeError && /call stack/i.test(cause.message))) throw cause;
        return err(
          makeError('PARSER_FAILED', `${path} could not be checked: its code is nested too deeply for structedit to follow its names (it ran out of stack), so the uses of what the edit changes cannot be told. Send the edit again with force: true to write it unchecked, or edit it with file_edit.`, { path, parse_errors: [] }),
        );
      }),
  );
}
