import { err, ok, okAsync, ResultAsync, safeTry, type Result } from 'neverthrow';
import { changedSpans, writtenSpans, type Replacement } from '../core/edit/replacements.js';
import { makeError, type StructeditError } from '../core/errors.js';
import { profileOf } from '../core/languages/profiles/index.js';
import { locateStructureAt } from '../core/locate/position.js';
import { TargetNamer, type StructurePath } from '../core/locate/targets.js';
import { MEMBER_CONTAINERS } from '../core/structure/kinds.js';
import type { SignatureChanges } from '../core/semantic/call-arity.js';
import { checkNarrowedCalls, narrowedSignatures, noteSignaturesTouched } from '../core/semantic/call-check.js';
import { checkReferencesBeforeRemove, modelled, type RemovingOp } from '../core/semantic/declaration-references.js';
import { codeLocation, locateAddress } from '../core/semantic/locate-address.js';
import { classAt, membersOutOfReach, orderBreaks, reachAfterMove, type MoveReach } from '../core/semantic/moved-names.js';
import { memberDefinitions } from '../core/semantic/members.js';
import type { Occurrence } from '../core/semantic/scopes.js';
import { declarationsGone, mayBeUsedElsewhere, wordOffsets } from '../core/semantic/removed-declarations.js';
import { undeclaredUses } from '../core/semantic/undeclared-names.js';
import type { EditRun, WorkspaceFile } from '../core/semantic/workspace.js';
import { lineOfOffset } from '../core/text/source-text.js';
import { SpanIndex } from '../core/text/span-index.js';
import { uniqueBy } from '../core/unique-by.js';
import type { CheckedEdit, EditorContext, ParsedFile } from './context.js';
import { typeCheck } from './type-check.js';
import { Workspace } from './workspace.js';

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
 *
 * An edit that changes only the insides of what it touches costs a walk of the structures it
 * touches (and a read of the parsed text when it reaches a parameter list). An edit that broke the
 * syntax (`SYNTAX_BROKEN`, written as the editor's `syntax` option allows) is not checked: its
 * structures cannot be read.
 */
export function checkUsesOfTextEdit(context: EditorContext, file: ParsedFile, replacements: readonly Replacement[], checked: CheckedEdit): ResultAsync<void, StructeditError> {
  if (checked.warnings.some((warning) => warning.type === 'SYNTAX_BROKEN') || file.language.id === 'markdown') return okAsync(undefined);
  const changed = new SpanIndex(changedSpans(file.tree.source.text, replacements));
  if (changed.empty) return okAsync(undefined);
  return tooDeep(file.path, () => checkUses(context, file, replacements, checked, changed));
}

function checkUses(context: EditorContext, file: ParsedFile, replacements: readonly Replacement[], checked: CheckedEdit, changed: SpanIndex): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const workspace = new Workspace(context);
    try {
      const before = workspace.adopt(file);
      const root = yield* workspace.syntax(before).safeUnwrap();
      if (!root) return ok(undefined);
      // Declarations gone, looked up in the files as they are (the edit's uses elsewhere still name them).
      const namer = new TargetNamer(file.tree);
      const gone = declarationsGone(file.tree, checked.tree, changed);
      const mentions = gone.length > 0 ? wordOffsets(file.tree.source.text) : new Map<string, number[]>();
      for (const path of gone) {
        // A local no one mentions outside it and the rewritten places is used nowhere.
        if (!mayBeUsedElsewhere(path, mentions, changed)) continue;
        const target = namer.targetOf(path).target;
        const located = target === null ? null : await locateAddress(workspace, file.path, target, file.language.id, { edit: 'set' });
        if (!located?.isOk()) continue;
        yield* checkReferencesBeforeRemove(await referenceRun(context, workspace, file), located.value, 'edit', changed).safeUnwrap();
      }
      // Names the new text uses that nothing declares (where the language's predeclared names are known).
      const names = profileOf(file.tree.language).names;
      let applied = false;
      if (names.predeclared && !(names.dynamicDeclarations?.test(checked.tree.source.text) ?? false)) {
        const edited = (yield* workspace.apply(before, replacements, 'warn').safeUnwrap()).file;
        applied = true;
        const editedRoot = yield* workspace.syntax(edited).safeUnwrap();
        if (editedRoot) {
          const written = new SpanIndex(writtenSpans(file.tree.source.text, replacements, edited.tree.source.text));
          const uses = undeclaredUses(modelled(edited, editedRoot).model, () => modelled(before, root).model, written, names.predeclared);
          if (uses.length > 0) return err(undeclared(edited, uses));
        }
      }
      if (!profileOf(file.tree.language).calls) return ok(undefined);
      const changes: SignatureChanges = new Map();
      noteSignaturesTouched(changes, before, root, changed, file.language.id);
      if (changes.size === 0) return ok(undefined);
      // (Parsed again from the cache: the syntax check has just parsed this text.)
      if (!applied) yield* workspace.apply(before, replacements, 'warn').safeUnwrap();
      const narrowed = yield* narrowedSignatures(workspace, changes, new Map(), 'text-edit').safeUnwrap();
      if (narrowed.length === 0) return ok(undefined);
      const backend = await context.backends.for(file.language.id);
      return await (backend ? typeCheck(workspace, backend, new Map(), 'text-edit') : checkNarrowedCalls(workspace, changes, narrowed, 'text-edit'));
    } finally {
      workspace.dispose();
    }
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
  return tooDeep(file.path, () => checkRemoval(context, new Workspace(context), file, target, 'delete'));
}

/**
 * The reference check of a removal from where the structure at `target` stands: uses outside it
 * (and outside `kept`, where they still reach it after a move) refuse it. The workspace is disposed.
 */
function checkRemoval(context: EditorContext, workspace: Workspace, file: ParsedFile, target: string, op: RemovingOp, kept?: SpanIndex): ResultAsync<void, StructeditError> {
  return new ResultAsync(
    (async (): Promise<Result<void, StructeditError>> => {
      try {
        workspace.adopt(file);
        const located = await locateAddress(workspace, file.path, target, file.language.id, { edit: 'set' });
        if (located.isErr()) return ok(undefined);
        return await checkReferencesBeforeRemove(await referenceRun(context, workspace, file), located.value, op, kept);
      } finally {
        workspace.dispose();
      }
    })(),
  );
}

/** A `moveStructure`: the structure moved (`path` in `file`, named by `target`), and where it goes. */
export interface MovedStructure {
  readonly file: ParsedFile;
  readonly target: string;
  readonly path: StructurePath;
}

/** Where a `moveStructure` puts it: next to the last structure of `path` in `file`, or at its top level (`path` the file). */
export interface MoveLanding {
  readonly file: ParsedFile;
  readonly path: StructurePath;
  readonly side: 'before' | 'after';
  readonly sameFile: boolean;
}

/**
 * The checks of a `moveStructure` that takes a structure out of its scope (into another structure,
 * out of one, or to another file); one among its siblings changes no name's reach and is not
 * checked. Refused, as a semantic edit is, when the move would leave a name pointing at nothing:
 *
 * - `CONFLICT`: the scope it lands in already declares a name it declares;
 * - `NAMES_OUT_OF_REACH`: its text uses a name declared outside it that the destination cannot
 *   see (an import of the source file, a member of the class it leaves, a local of the function
 *   around it), or, where top-level code runs in order, a use would run above its declaration;
 * - `REFERENCES_EXIST` (and the reference check's other refusals): a use of what it declares lies
 *   where its new place does not reach (its callers, when a function moves into a class; every
 *   importer, when it moves to another file).
 *
 * Where top-level code runs in order as the file loads ({@link NameRules.definedInOrder}), a move
 * among its siblings is checked for that order too. A language without scopes (Markdown, data
 * formats) is not checked; names are checked as the scope model binds them.
 */
export function checkUsesOfMove(context: EditorContext, moved: MovedStructure, landing: MoveLanding): ResultAsync<void, StructeditError> {
  const sourceParent = moved.path[moved.path.length - 2]!;
  const destParent = landing.path.length > 1 ? landing.path[landing.path.length - 2]! : landing.path[0]!;
  const amongSiblings = landing.sameFile && sourceParent === destParent;
  if (amongSiblings && !profileOf(moved.file.language.id).names.definedInOrder) return okAsync(undefined);
  return tooDeep(moved.file.path, () => checkMove(context, moved, landing, sourceParent.kind, destParent.kind, amongSiblings));
}

function checkMove(context: EditorContext, moved: MovedStructure, landing: MoveLanding, sourceParentKind: string, destParentKind: string, amongSiblings: boolean): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const reach = yield* reachOfMove(context, moved, landing).safeUnwrap();
    // Among its siblings, every name keeps its reach: only the order of definitions may change.
    if (!reach || amongSiblings) return ok(undefined);
    // Uses of what it declares: within the file, those its new scope encloses still reach a plain
    // name (not a member, which its uses reach through its class).
    const plain = !MEMBER_CONTAINERS.has(sourceParentKind) && !MEMBER_CONTAINERS.has(destParentKind) && reach.landing.kind !== 'class';
    const kept = landing.sameFile && plain ? new SpanIndex([{ start: reach.landing.start, end: reach.landing.end }]) : undefined;
    return await checkRemoval(context, new Workspace(context), moved.file, moved.target, 'move', kept);
  });
}

/** The names the moved text meets where it lands (`null`: a language without scopes), refused on a conflict or a name out of reach. */
function reachOfMove(context: EditorContext, moved: MovedStructure, landing: MoveLanding): ResultAsync<MoveReach | null, StructeditError> {
  return safeTry(async function* () {
    const workspace = new Workspace(context);
    try {
      const source = workspace.adopt(moved.file);
      const dest = landing.sameFile ? source : workspace.adopt(landing.file);
      const sourceRoot = yield* workspace.syntax(source).safeUnwrap();
      const destRoot = landing.sameFile ? sourceRoot : yield* workspace.syntax(dest).safeUnwrap();
      if (!sourceRoot || !destRoot) return ok(null);
      const sourceFile = modelled(source, sourceRoot);
      const destFile = landing.sameFile ? sourceFile : modelled(dest, destRoot);
      const structure = moved.path[moved.path.length - 1]!;
      const span = { start: structure.start, end: structure.end };
      const offset = landing.path.length > 1 ? landing.path[landing.path.length - 1]!.start : null;
      const reach = reachAfterMove(sourceFile.model, span, { model: destFile.model, offset, sameFile: landing.sameFile });
      // Members reached through `this` / `self` when it leaves a class, and the class it lands in.
      const sourceParent = moved.path[moved.path.length - 2]!;
      const destParent = landing.path.length > 1 ? landing.path[landing.path.length - 2]! : null;
      const from = MEMBER_CONTAINERS.has(sourceParent.kind) ? classAt(sourceFile, sourceParent) : null;
      const to = destParent && MEMBER_CONTAINERS.has(destParent.kind) ? classAt(destFile, destParent) : null;
      const taken = [
        ...reach.conflicts.map((binding) => ({ name: binding.name, start: binding.declarations[0]?.start ?? 0 })),
        // (Not itself, when it moves within its class.)
        ...(to && structure.name ? memberDefinitions(to, structure.name).filter((node) => !(landing.sameFile && node.startIndex >= span.start && node.startIndex < span.end)).map((node) => ({ name: structure.name!, start: node.startIndex })) : []),
      ];
      if (taken.length > 0) return err(nameTaken(moved, landing, dest, uniqueBy(taken, (place) => String(place.start))));
      const where = landing.sameFile ? 'its new place does not see' : `${landing.file.path} does not declare or import`;
      const lost: LostName[] = reach.unreachable.map((occurrence) => ({
        occurrence,
        reason: `"${occurrence.name}" is declared ${occurrence.binding?.scope.kind === 'module' ? `at the top level of ${source.path}` : 'in the code around it'}, which ${where}`,
      }));
      if (from) {
        const toName = to ? `class ${to.name?.text ?? '(unnamed)'}` : 'its new place, outside any class,';
        for (const occurrence of membersOutOfReach(sourceFile, span, from, to, profileOf(source.language.id).names.receivers)) {
          lost.push({ occurrence, reason: `"${occurrence.name}" is a member of class ${from.name?.text ?? '(unnamed)'} that ${toName} does not declare` });
        }
      }
      if (landing.sameFile && profileOf(source.language.id).names.definedInOrder) {
        const sibling = landing.path[landing.path.length - 1]!;
        const at = landing.side === 'before' ? sibling.start : sibling.end;
        for (const { occurrence, ofMoved } of orderBreaks(sourceFile.model, sourceFile.text, span, at)) {
          const reason = ofMoved
            ? `"${occurrence.name}" is used here as the file loads, above where the move puts its declaration`
            : `"${occurrence.name}" is used as the definition runs, and is not declared above where the move puts it`;
          lost.push({ occurrence, reason });
        }
      }
      if (lost.length > 0) return err(outOfReach(moved, landing, source, lost));
      return ok(reach);
    } finally {
      workspace.dispose();
    }
  });
}

/** `CONFLICT`: the place a move lands in already declares a name the moved text declares there. */
function nameTaken(moved: MovedStructure, landing: MoveLanding, dest: WorkspaceFile, taken: ReadonlyArray<{ name: string; start: number }>): StructeditError {
  const places = taken.map(({ start }) => codeLocation(dest, start, 'definition'));
  const place = places[0]!;
  const name = taken[0]!.name;
  return makeError(
    'CONFLICT',
    `Moving ${JSON.stringify(moved.target)} to ${landing.file.path} would collide: ${JSON.stringify(name)} is already declared where it lands, at ${place.file}:${place.line} (${JSON.stringify(place.text)}). Rename one of them first (applyEdits rename), or move it elsewhere; send the move again with force: true to write it anyway.`,
    { reason: 'name_taken', path: moved.file.path, address: moved.target, name, conflicts: places },
  );
}

/** A name the moved text uses that its new place does not reach: its first use, and why. */
interface LostName {
  readonly occurrence: Occurrence;
  readonly reason: string;
}

/** `NAMES_OUT_OF_REACH`: names the moved text uses that its new place does not see (or sees only below it). */
function outOfReach(moved: MovedStructure, landing: MoveLanding, source: WorkspaceFile, lost: readonly LostName[]): StructeditError {
  const names = lost.map(({ occurrence }) => occurrence.name);
  const uses = lost.map(({ occurrence, reason }) => ({ ...codeLocation(source, occurrence.start, 'unresolved'), reason }));
  const listed = uses.slice(0, 3).map((use) => `${use.file}:${use.line} (${use.reason})`).join('; ');
  const fix = landing.sameFile
    ? 'Move it where those names are declared before they are used'
    : `Declare or import them in ${landing.file.path} first (applyEdits move takes a top-level declaration to another file with the imports it needs)`;
  return makeError(
    'NAMES_OUT_OF_REACH',
    `Moving ${JSON.stringify(moved.target)} to ${landing.sameFile ? 'that place' : landing.file.path} would leave ${names.length === 1 ? 'a name' : `${names.length} names`} pointing at nothing: ${names.map((name) => JSON.stringify(name)).join(', ')} (${listed}${uses.length > 3 ? '; …' : ''}); nothing was written. ${fix}, or send the move again with force: true to write it anyway.`,
    { path: moved.file.path, address: moved.target, names, uses },
  );
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
  const names = uses.map((use) => use.name);
  const located = uses.map((use) => ({ ...codeLocation(edited, use.start, 'unresolved'), reason: `"${use.name}" is declared nowhere in ${edited.path}, and is no builtin` }));
  const listed = located.slice(0, 3).map((use) => `${use.file}:${use.line} ${JSON.stringify(use.text)}`).join('; ');
  return makeError(
    'NAMES_OUT_OF_REACH',
    `The edit's new text uses ${names.map((name) => JSON.stringify(name)).join(', ')}, which nothing in ${edited.path} declares (${listed}${located.length > 3 ? '; …' : ''}); nothing was written. Correct the name, or declare or import it in the same edit (applyEdits, applyPatch, or a replace of a structure holding both), or send the edit again with force: true.`,
    { path: edited.path, address, names, uses: located },
  );
}

/** The run a reference check of a text edit goes through: the file's language's backend, where one answers. */
async function referenceRun(context: EditorContext, workspace: Workspace, file: ParsedFile): Promise<EditRun> {
  return { workspace, index: 0, syntax: 'reject', warnings: [], backend: await context.backends.for(file.language.id), signatures: new Map() };
}

/**
 * `PARSER_FAILED` when code nests deeper than the scope model can follow (it runs out of stack, as
 * the parser does on the same code): the uses cannot be checked, and the edit is not written unchecked.
 */
function tooDeep(path: string, check: () => ResultAsync<void, StructeditError>): ResultAsync<void, StructeditError> {
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
