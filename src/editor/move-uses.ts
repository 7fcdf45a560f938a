/*
 * What a `moveStructure` leaves of the names it moves: the uses of what it declares, the names its
 * text uses, and the names where it lands. Checked before anything is written; `force` skips it.
 */
import { err, ok, okAsync, safeTry, type ResultAsync } from 'neverthrow';
import { invalidArgument, makeError, type StructeditError } from '../core/errors.js';
import { profileOf } from '../core/languages/profiles/index.js';
import type { StructurePath } from '../core/locate/targets.js';
import { modelled } from '../core/semantic/declaration-references.js';
import { codeLocation } from '../core/semantic/locate-address.js';
import { memberDefinitions } from '../core/semantic/members.js';
import { classAt, membersOutOfReach, orderBreaks, reachAfterMove, type MoveReach } from '../core/semantic/moved-names.js';
import { compiledApart, fileOpening, programOfMove } from '../core/semantic/move.js';
import { dirname } from '../core/semantic/modules.js';
import { movedTextNeeds, namespaceOf, packageClauses } from '../core/semantic/moved-text.js';
import type { WorkspaceFile } from '../core/semantic/workspace.js';
import { MEMBER_CONTAINERS } from '../core/structure/kinds.js';
import type { StructureNode } from '../core/structure/types.js';
import { SpanIndex } from '../core/text/span-index.js';
import { uniqueBy } from '../core/unique-by.js';
import type { EditorContext, ParsedFile } from './context.js';
import { checkRemoval, namesOutOfReach, tooDeep, type LostName } from './text-edit-uses.js';
import { withWorkspace } from './workspace.js';

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
  const parents = { source: moved.path[moved.path.length - 2]!, dest: landing.path.length > 1 ? landing.path[landing.path.length - 2]! : landing.path[0]! };
  const amongSiblings = landing.sameFile && parents.source === parents.dest;
  if (amongSiblings && !profileOf(moved.file.language.id).names.definedInOrder) return okAsync(undefined);
  return tooDeep(moved.file.path, () => checkMove(context, moved, landing, parents, amongSiblings));
}

/** The structures a move takes its structure out of and puts it in (the file, at its top level). */
interface MoveParents {
  readonly source: StructureNode;
  readonly dest: StructureNode;
}

function checkMove(context: EditorContext, moved: MovedStructure, landing: MoveLanding, parents: MoveParents, amongSiblings: boolean): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const reach = yield* reachOfMove(context, moved, landing, parents).safeUnwrap();
    // Among its siblings, every name keeps its reach: only the order of definitions may change;
    // and a top-level declaration moved within its package is reached by every use it was.
    if (!reach || amongSiblings || onePackage(moved, landing, parents)) return ok(undefined);
    // Uses of what it declares: within the file, those its new scope encloses still reach a plain
    // name (not a member, which its uses reach through its class).
    const plain = !MEMBER_CONTAINERS.has(parents.source.kind) && !MEMBER_CONTAINERS.has(parents.dest.kind) && reach.landing.kind !== 'class';
    const kept = landing.sameFile && plain ? new SpanIndex([{ start: reach.landing.start, end: reach.landing.end }]) : undefined;
    return await checkRemoval(context, moved.file, moved.target, 'move', kept);
  });
}

/**
 * Whether a top-level structure moves to the top level of another file of its package, in a
 * language whose package is one scope (`names.packageScope`: Go): one folder, one package clause.
 * (Java's files see their package's classes too, but a public class must stay in its own file.)
 */
function onePackage(moved: MovedStructure, landing: MoveLanding, parents: MoveParents): boolean {
  const profile = profileOf(moved.file.language.id);
  const rules = profile.moves;
  if (landing.sameFile || !profile.names.packageScope || parents.source.kind !== 'file' || parents.dest.kind !== 'file') return false;
  const clauses = packageClauses(moved.file.tree, rules);
  return clauses.length > 0 && dirname(moved.file.path) === dirname(landing.file.path) && namespaceOf(moved.file.tree, rules) === namespaceOf(landing.file.tree, rules);
}

/** The names the moved text meets where it lands (`null`: a language without scopes), refused on a conflict or a name out of reach. */
function reachOfMove(context: EditorContext, moved: MovedStructure, landing: MoveLanding, parents: MoveParents): ResultAsync<MoveReach | null, StructeditError> {
  return withWorkspace(context, (workspace) =>
    safeTry(async function* () {
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
      const from = MEMBER_CONTAINERS.has(parents.source.kind) ? classAt(sourceFile, parents.source) : null;
      const to = MEMBER_CONTAINERS.has(parents.dest.kind) ? classAt(destFile, parents.dest) : null;
      const taken = [
        ...reach.conflicts.map((binding) => ({ name: binding.name, start: binding.declarations[0]?.start ?? 0 })),
        // (Not itself, when it moves within its class.)
        ...(to && structure.name ? memberDefinitions(to, structure.name).filter((node) => !(landing.sameFile && node.startIndex >= span.start && node.startIndex < span.end)).map((node) => ({ name: structure.name!, start: node.startIndex })) : []),
      ];
      if (taken.length > 0) return err(nameTaken(moved, landing, dest, uniqueBy(taken, (place) => String(place.start))));
      const where = landing.sameFile ? 'its new place does not see' : `${landing.file.path} does not declare or import`;
      // Between files of one Go package, the source's top-level names are still seen.
      const unreachable = onePackage(moved, landing, parents) ? reach.unreachable.filter((occurrence) => occurrence.binding?.scope !== sourceFile.model.module) : reach.unreachable;
      const lost: LostName[] = unreachable.map((occurrence) => ({
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
      // To another file in a language whose imports structedit does not follow (Rust, Go, C…): the
      // imports the text relies on are not there, and what a semantic move would refuse.
      const language = profileOf(source.language.id);
      if (!landing.sameFile && !language.modules && parents.source.kind === 'file' && parents.dest.kind === 'file') {
        const rules = language.moves;
        const compiled = yield* programOfMove(workspace, rules, source.path, dest.path).safeUnwrap();
        if (compiled?.refused) return err(invalidArgument([{ field: 'dest_path', message: `${compiled.refused}; nothing was written` }]));
        const apart = compiledApart(rules, source.path, source.tree.source.text, dest.path, dest.tree.source.text);
        if (apart !== null) return err(invalidArgument([{ field: 'dest_path', message: apart }]));
        const sameNamespace = namespaceOf(source.tree, rules) === namespaceOf(dest.tree, rules);
        const samePackage = dirname(source.path) === dirname(dest.path) && sameNamespace;
        const needs = movedTextNeeds({ source: source.tree, sourcePath: source.path, model: sourceFile.model, node: structure, destination: dest.tree, destinationPath: dest.path, samePackage, sameNamespace, program: compiled?.refused === null ? compiled : null }, rules);
        // A file without the source's package clause or head (Go's `package m`, PHP's `<?php`) holds the code elsewhere, or as text.
        const clauses = packageClauses(source.tree, rules);
        const head = fileOpening(source);
        if ((clauses.length > 0 && packageClauses(dest.tree, rules).length === 0) || (head !== '' && !dest.tree.source.text.trimStart().startsWith(head))) {
          const wanted = [head, ...clauses.map((clause) => source.tree.source.text.slice(clause.start, clause.end))].filter((part) => part !== '').join(' and ');
          return err(invalidArgument([{ field: 'dest_path', message: `${landing.file.path} does not start with ${wanted} as ${source.path} does: the code would not be in its package (or not be code). Start ${landing.file.path} with it first, or use applyEdits move, which does; nothing was written` }]));
        }
        for (const use of needs.importUses) lost.push({ occurrence: { name: use.name ?? use.statement, start: use.start }, reason: `needs ${use.statement}${use.name ? ` for ${use.name}` : ''}, which ${landing.file.path} does not have` });
        for (const unseen of needs.unproven) lost.push({ occurrence: { name: /^[\p{L}\p{N}_$]*/u.exec(source.tree.source.text.slice(unseen.start))![0] || structure.name || moved.target, start: unseen.start }, reason: unseen.reason });
      }
      if (lost.length > 0) return err(outOfReach(moved, landing, source, lost));
      return ok(reach);
    }),
  );
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

/** `NAMES_OUT_OF_REACH`: names the moved text uses that its new place does not see (or sees only below it). */
function outOfReach(moved: MovedStructure, landing: MoveLanding, source: WorkspaceFile, lost: readonly LostName[]): StructeditError {
  const fix = landing.sameFile
    ? 'Move it where those names are declared before they are used'
    : `Declare or import them in ${landing.file.path} first (applyEdits move takes a top-level declaration to another file with the imports it needs)`;
  return namesOutOfReach(
    source,
    moved.target,
    lost,
    (names, listed) =>
      `Moving ${JSON.stringify(moved.target)} to ${landing.sameFile ? 'that place' : landing.file.path} would leave ${lost.length === 1 ? 'a name' : `${lost.length} names`} pointing at nothing: ${names} (${listed}); nothing was written. ${fix}, or send the move again with force: true to write it anyway.`,
  );
}
