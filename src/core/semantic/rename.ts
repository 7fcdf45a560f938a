import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import type { RenameEdit } from '../arguments/semantic.js';
import type { Replacement } from '../edit/replacements.js';
import { invalidArgument, makeError, type CodeLocation, type StructeditError } from '../errors.js';
import type { Warning } from '../warnings.js';
import { offsetAfterEdit } from '../edit/layout.js';
import { isRedeclaration } from '../edit/language-errors.js';
import { projectResolution } from '../modules/resolution.js';
import { namedArgumentRenames, noteTypeContracts, noteSignature } from './call-check.js';
import { ambiguousReferences, declaredName, moduleBindingReferences, referencesOf, searchFiles, unresolvedReferences, type References } from './declaration-references.js';
import type { SemanticBackend } from './backend.js';
import { memberDefinitions, samePackage, type Candidate } from './members.js';
import { codeLocation, locateAddress, type LocatedAddress } from './locate-address.js';
import { profileOf } from '../languages/profiles/index.js';
import type { RenameChange, RenameOutcome } from './outcomes.js';
import { findCollisions, renamedText, type Collision, type UnprovenMention } from './references.js';
import { scopesOf } from './scope-model.js';
import { occurrencesOf, resolveName } from './scopes.js';
import type { EditRun, SemanticWorkspace, WorkspaceFile } from './workspace.js';

/** The new name as written (`#private` members stay private), or why it cannot be one. */
function newNameFor(oldName: string, requested: string, language: string): string | null {
  const { names } = profileOf(language);
  const isPrivate = oldName.startsWith('#');
  if (requested.startsWith('#') && !isPrivate) return null;
  const bare = isPrivate && requested.startsWith('#') ? requested.slice(1) : requested;
  if (!names.identifier.test(bare) || names.keywords.has(bare)) return null;
  return isPrivate ? `#${bare}` : bare;
}

/** The candidates a rename's `include` selects, or the entries of its list that name no candidate. */
function selectCandidates(found: References, include: RenameEdit['include'], files: ReadonlyMap<string, WorkspaceFile>): { selected: Candidate[]; unknown: Array<{ file: string; line: number; column: number }> } {
  if (include === undefined) return { selected: [], unknown: [] };
  if (include === 'candidates') return { selected: found.candidates, unknown: [] };
  const places = found.candidates.map((candidate) => ({ candidate, place: codeLocation(files.get(candidate.location.file)!, candidate.location.start, 'candidate') }));
  const selected = places.filter(({ place }) => include.some((entry) => entry.file === place.file && entry.line === place.line && entry.column === place.column)).map(({ candidate }) => candidate);
  const unknown = include.filter((entry) => !places.some(({ place }) => entry.file === place.file && entry.line === place.line && entry.column === place.column));
  return { selected, unknown };
}

/**
 * `rename`: the declaration and every location of it, across files, in one step of the batch —
 * or a refusal that lists what could not be proven: `UNRESOLVED_REFERENCES` (a mention of the name
 * that could be neither tied to the declaration nor proven unrelated; `force` renames the rest),
 * `AMBIGUOUS_REFERENCES` (a member used through receivers of unknown type; `include` decides),
 * `CONFLICT` (the new name is taken).
 */
export function renameDeclaration(run: EditRun, edit: RenameEdit): ResultAsync<RenameOutcome, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const field = `edits.${run.index}`;
    const located = yield* locateAddress(workspace, edit.path, edit.address, edit.language, { overloads: true }).safeUnwrap();
    const language = located.file.language.id;
    if (run.backend) return ok(yield* renameThroughBackend(run, run.backend, edit, located).safeUnwrap());
    const found = yield* referencesOf(run, located, `${field}.address`).safeUnwrap();
    const newName = newNameFor(found.name, edit.new_name, language);
    if (newName === null) {
      return err(invalidArgument([{ field: `${field}.new_name`, message: `${JSON.stringify(edit.new_name)} is not a ${language} identifier for ${JSON.stringify(found.name)}; give the bare new name (letters, digits, _), not a keyword${found.name.startsWith('#') ? '' : ', and no # (that would make the member private)'}` }]));
    }
    if (found.name === newName) return ok(outcome(run, edit, found.name, newName, [], []));
    // A parameter is also passed by its name (`f(b=1)`, a Swift label): the proven calls' arguments
    // are renamed with it, and its function's calls are checked after the batch.
    const parameter = located.part.kind === 'element' && located.part.element?.list.kind === 'params';
    if (parameter) noteSignature(run.signatures, located, (yield* workspace.syntax(located.file).safeUnwrap())!, edit.language, 'set');
    // A field renamed changes what the constructor made from the fields takes (`P { x: 1 }`, `P(x=1)`).
    noteTypeContracts(run.signatures, located, edit.language);
    const namedArguments = parameter ? yield* namedArgumentRenames(run, located, found.name, newName).safeUnwrap() : new Map<string, Replacement[]>();
    const files = new Map<string, WorkspaceFile>();
    for (const path of new Set([...found.locations.map((location) => location.file), ...found.candidates.map((candidate) => candidate.location.file)])) files.set(path, yield* workspace.file(path).safeUnwrap());

    const { selected, unknown } = selectCandidates(found, edit.include, files);
    if (unknown.length > 0) {
      return err(invalidArgument(unknown.map((entry) => ({ field: `${field}.include`, message: `${entry.file}:${entry.line}:${entry.column} is not one of the candidate uses of ${JSON.stringify(found.name)}; send the rename without include to see them listed` }))));
    }
    if (found.candidates.length > 0 && edit.include === undefined) return err(yield* ambiguousReferences(run, located, found.name, found.locations.length, found.candidates).safeUnwrap());
    const unresolved: CodeLocation[] = [];
    if (found.unproven.length > 0) {
      const refusal = yield* unresolvedReferences(run, located, found.name, found.unproven).safeUnwrap();
      if (!edit.force) return err(refusal);
      if (refusal.error === 'UNRESOLVED_REFERENCES') unresolved.push(...refusal.details.references);
    }

    const conflicts: CodeLocation[] = [];
    const collisions = [...findCollisions(found.models, found.bindings, newName), ...(profileOf(language).names.packageScope ? yield* packageCollisions(workspace, found, newName).safeUnwrap() : [])];
    for (const collision of collisions) conflicts.push(codeLocation(yield* workspace.file(collision.file).safeUnwrap(), collision.start, collision.kind));
    for (const declaration of found.classes) {
      for (const taken of memberDefinitions(declaration, newName)) conflicts.push(codeLocation(yield* workspace.file(declaration.file.path).safeUnwrap(), taken.startIndex, 'definition'));
    }
    // A base outside the project that declares the new name: the renamed member would override it.
    for (const base of found.outsideBases ?? []) if (base.members?.has(newName)) conflicts.push(codeLocation(yield* workspace.file(base.file).safeUnwrap(), base.start, 'definition'));
    if (conflicts.length > 0) {
      const first = conflicts[0]!;
      return err(
        makeError('CONFLICT', `Renaming ${JSON.stringify(found.name)} to ${JSON.stringify(newName)} would collide: ${JSON.stringify(newName)} ${first.kind === 'definition' ? 'is already declared' : first.kind === 'shadowing' ? 'is declared in a nested scope where the name is used' : 'is used where the renamed name would capture it'} at ${first.file}:${first.line} (${JSON.stringify(first.text)})${conflicts.length > 1 ? ` and ${conflicts.length - 1} more place${conflicts.length === 2 ? '' : 's'}` : ''}. Choose another name, or rename that one first.`, {
          reason: 'name_taken',
          path: edit.path,
          address: edit.address,
          name: newName,
          conflicts,
        }),
      );
    }

    const changes: RenameChange[] = [];
    const byFile = new Map<string, Replacement[]>();
    const renamed = [...found.locations, ...selected.map((candidate) => ({ ...candidate.location, property: true }))];
    for (const location of renamed) {
      const place = codeLocation(files.get(location.file)!, location.start, location.kind);
      changes.push({ file: location.file, line: place.line, column: place.column, kind: location.kind });
      const list = byFile.get(location.file) ?? [];
      list.push({ start: location.start, end: location.end, text: renamedText(location, newName) });
      byFile.set(location.file, list);
    }
    // Everything written: the declaration's places, and the named arguments renamed with a parameter.
    const written = new Map(byFile);
    for (const [path, replacements] of namedArguments) {
      const file = files.get(path) ?? (yield* workspace.file(path).safeUnwrap());
      files.set(path, file);
      for (const replacement of replacements) {
        const place = codeLocation(file, replacement.start, 'reference');
        changes.push({ file: path, line: place.line, column: place.column, kind: 'reference' });
      }
      written.set(path, [...(written.get(path) ?? []), ...replacements].sort((a, b) => a.start - b.start));
    }
    for (const [path, replacements] of written) {
      const applied = yield* workspace.apply(yield* workspace.file(path).safeUnwrap(), replacements, run.syntax).safeUnwrap();
      run.warnings.push(...applied.warnings);
    }
    if (found.bindings.length > 0) yield* verifyRename(run, located, found, newName, byFile, written, files).safeUnwrap();
    if (unresolved.length > 0) run.warnings.push(unresolvedWarning(found.name, unresolved));
    changes.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
    return ok(outcome(run, edit, found.name, newName, changes, unresolved));
  });
}

/**
 * `rename` answered by a semantic backend (TypeScript's language service, a language server): its
 * rename locations are applied as they are, then checked. From the renamed declaration in the new
 * state the backend's rename locations must be exactly the places changed: one more is a place the
 * new name captured (`CONFLICT`, name taken); one missing, a renamed use that no longer reaches the
 * declaration (`UNRESOLVED_REFERENCES`). The batch's type check comes after every edit.
 */
/** Uses on untyped receivers a rename through a backend checks one by one (each is a definition query); more refuse the rename. */
const MAX_DEFINITION_QUERIES = 40;

function renameThroughBackend(run: EditRun, backend: SemanticBackend, edit: RenameEdit, located: LocatedAddress): ResultAsync<RenameOutcome, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const field = `edits.${run.index}`;
    const nameNode = declaredName(located);
    if (!nameNode) return err(invalidArgument([{ field: `${field}.address`, message: `${located.part.description} declares no name; address a named declaration (a function, class, variable, member, parameter or import)` }]));
    const oldName = nameNode.text;
    const newName = newNameFor(oldName, edit.new_name, located.file.language.id);
    if (newName === null) {
      return err(invalidArgument([{ field: `${field}.new_name`, message: `${JSON.stringify(edit.new_name)} is not a ${located.file.language.id} identifier for ${JSON.stringify(oldName)}; give the bare new name (letters, digits, _), not a keyword${oldName.startsWith('#') ? '' : ', and no # (that would make the member private)'}` }]));
    }
    if (oldName === newName) return ok({ ...outcome(run, edit, oldName, newName, [], []), backend: backend.name });
    const planned = yield* backend.rename(workspace.texts(), located.file.path, nameNode.startIndex, newName).safeUnwrap();
    if (planned.kind === 'refused') {
      return err(invalidArgument([{ field: `${field}.address`, message: `${backend.name} will not rename ${JSON.stringify(oldName)} here: ${planned.reason}` }]));
    }
    const byFile = new Map<string, Replacement[]>();
    for (const change of planned.edits) {
      const list = byFile.get(change.file) ?? [];
      list.push({ start: change.start, end: change.end, text: change.text });
      byFile.set(change.file, list);
    }
    // A second opinion, from the syntactic engine (it refuses what it cannot prove). A use it proves
    // must be among the backend's places: a backend can be blind to one (pyright takes a package named
    // like a standard module for typeshed's stub of it). A mention it could not settle (a member on a
    // receiver of unknown type, a base class outside the project, a protocol name) that the backend
    // does not rename must be one the backend can tell is something else: its definition there is
    // elsewhere. A backend that knows nothing there (pyright on an untyped receiver) or says it is the
    // renamed declaration after all leaves the use unproven, and the rename is refused.
    const proven = await referencesOf(run, located, `${field}.address`);
    if (proven.isOk()) {
      const planned = new Set([...byFile].flatMap(([path, replacements]) => replacements.map((replacement) => `${path}\u0000${replacement.start}`)));
      const isPlanned = (file: string, start: number) => planned.has(`${file}\u0000${start}`);
      const unproven: UnprovenMention[] = proven.value.locations
        .filter((location) => !isPlanned(location.file, location.start))
        .map((location) => ({ file: location.file, start: location.start, reason: `structedit's syntactic engine ties this use to the declaration, but ${backend.name} does not rename it` }));
      const outside = new Set((proven.value.outsideBases ?? []).map((base) => `${base.file}\u0000${base.start}`));
      const unsettled = [...proven.value.candidates.map((candidate) => ({ file: candidate.location.file, start: candidate.location.start, reason: 'a use on a receiver of unknown type' })), ...proven.value.unproven];
      const members: UnprovenMention[] = [];
      for (const mention of unsettled) {
        if (isPlanned(mention.file, mention.start)) continue;
        // A protocol name: the language calls it, no backend sees those calls.
        if (mention.file === located.file.path && mention.start === nameNode.startIndex) {
          unproven.push(mention);
          continue;
        }
        // A base outside the project that may declare the member: a backend whose renames take in the hierarchy would have named it (and been refused).
        if (outside.has(`${mention.file}\u0000${mention.start}`)) {
          if (!backend.renamesOverrides) unproven.push({ ...mention, reason: `${mention.reason}; ${backend.name} does not rename a member's overridden declarations, so it cannot tell` });
          continue;
        }
        // A plain name the backend did not rename is not the declaration: it binds every use of it it can see.
        const text = (yield* workspace.file(mention.file).safeUnwrap()).tree.source.text;
        if (/(?:\.|\?\.|->|::)\s*$/.test(text.slice(Math.max(0, mention.start - 8), mention.start))) members.push(mention);
      }
      // A member on a receiver the syntactic engine cannot type: the backend must know it is something else.
      if (members.length > MAX_DEFINITION_QUERIES) {
        unproven.push(...members.map((mention) => ({ ...mention, reason: `${mention.reason}; more than ${MAX_DEFINITION_QUERIES} such uses for ${backend.name} to check one by one` })));
      } else {
        for (const mention of members) {
          const definition = yield* backend.definition(workspace.texts(), mention.file, mention.start).safeUnwrap();
          // Any definition that is not the renamed one (elsewhere in the project, or outside it: the standard library, a dependency) proves the use is something else.
          const itself = definition.some((span) => span.file === located.file.path && span.start === nameNode.startIndex);
          if (definition.length === 0 || itself) unproven.push({ ...mention, reason: `${mention.reason}; ${backend.name} ${itself ? 'ties it to the renamed declaration but does not rename it' : 'cannot tell what it is either'}` });
        }
      }
      if (unproven.length > 0) return err(yield* unresolvedReferences(run, located, oldName, unproven).safeUnwrap());
    }
    const changes: RenameChange[] = [];
    let redeclared: StructeditError | null = null;
    for (const [path, replacements] of byFile) {
      const file = yield* workspace.file(path).safeUnwrap();
      // Each place is what the file's scope model says it is (an import, an export, a use); the backend only gives ranges.
      const root = yield* workspace.syntax(file).safeUnwrap();
      const roles = new Map(root ? scopesOf(root, file.language.id).occurrences.map((occurrence) => [occurrence.start, occurrence.role]) : []);
      for (const replacement of replacements) {
        const place = codeLocation(file, replacement.start, 'reference');
        const kind = path === located.file.path && replacement.start === nameNode.startIndex ? 'definition' : kindOfRole(roles.get(replacement.start));
        changes.push({ file: path, line: place.line, column: place.column, kind });
      }
      // A name taken in the declaration's own scope shows as a second declaration: the check below says where and why (CONFLICT).
      let applied = await workspace.apply(file, replacements, run.syntax);
      if (applied.isErr() && applied.error.error === 'SYNTAX_ERROR' && applied.error.details.errors.every(isRedeclaration)) {
        redeclared = applied.error;
        applied = await workspace.apply(file, replacements, 'warn');
      }
      run.warnings.push(...(yield* applied.safeUnwrap()).warnings.filter((warning) => redeclared === null || warning.type !== 'SYNTAX_BROKEN'));
    }
    // The state after: renaming the declaration again (to its own name) must find exactly the renamed places.
    const renamedAt = new Set<string>();
    for (const [path, replacements] of byFile) {
      for (const replacement of replacements) renamedAt.add(`${path}\u0000${offsetAfterEdit(replacements, replacement.start) + Math.max(0, replacement.text.indexOf(newName))}`);
    }
    const at = offsetAfterEdit(byFile.get(located.file.path) ?? [], nameNode.startIndex);
    const again = yield* backend.rename(workspace.texts(), located.file.path, at, newName).safeUnwrap();
    if (again.kind === 'refused') {
      return err(yield* unresolvedReferences(run, located, oldName, [{ file: located.file.path, start: nameNode.startIndex, reason: `after the rename, ${backend.name} cannot rename the declaration again (${again.reason})` }]).safeUnwrap());
    }
    const found = new Set(again.edits.map((change) => `${change.file}\u0000${change.start}`));
    // Places that now reach the renamed declaration and did not before: the new name was taken there (the declaration's own file first).
    const captured = again.edits.filter((change) => !renamedAt.has(`${change.file}\u0000${change.start}`)).sort((a, b) => Number(b.file === located.file.path) - Number(a.file === located.file.path));
    if (captured.length > 0) {
      const conflicts: CodeLocation[] = [];
      for (const change of captured) conflicts.push(codeLocation(yield* workspace.file(change.file).safeUnwrap(), change.start, 'use'));
      const first = conflicts[0]!;
      return err(
        makeError('CONFLICT', `Renaming ${JSON.stringify(oldName)} to ${JSON.stringify(newName)} would collide: after the rename, ${backend.name} ties ${first.file}:${first.line} (${JSON.stringify(first.text)}) to the renamed declaration, which it was not before${conflicts.length > 1 ? ` (and ${conflicts.length - 1} more place${conflicts.length === 2 ? '' : 's'})` : ''}: ${JSON.stringify(newName)} is already declared or used there. Choose another name, or rename that one first.`, {
          reason: 'name_taken',
          path: edit.path,
          address: edit.address,
          name: newName,
          conflicts,
        }),
      );
    }
    const lost = [...renamedAt].filter((key) => !found.has(key));
    if (lost.length > 0) {
      const mentions: UnprovenMention[] = lost.map((key) => {
        const [file, start] = key.split('\u0000') as [string, string];
        return { file, start: Number(start), reason: `renamed, but after the rename ${backend.name} no longer ties it to the renamed declaration (the new name means something else there)` };
      });
      return err(yield* unresolvedReferences(run, located, oldName, mentions).safeUnwrap());
    }
    if (redeclared) return err(redeclared);
    changes.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
    return ok({ ...outcome(run, edit, oldName, newName, changes, []), backend: backend.name });
  });
}

/**
 * Where the new name of a declaration of a package's scope (Go's) is taken in the package's other
 * files, which the search by the old name may not have read: declared at their top level
 * (`definition`), used there without a declaration (a predeclared name, or one of the package's,
 * that the renamed declaration would take over: `capture`), or bound by a local where a renamed use
 * of theirs sits (`shadowing`).
 */
function packageCollisions(workspace: SemanticWorkspace, found: References, newName: string): ResultAsync<Collision[], StructeditError> {
  return safeTry(async function* () {
    const declared = found.bindings[0];
    const home = declared ? found.models.get(declared.file) : undefined;
    if (!declared || !home || declared.binding.scope !== home.model.module) return ok([]);
    const collisions: Collision[] = [];
    const search = yield* searchFiles(workspace, home, newName).safeUnwrap();
    for (const file of search.models.values()) {
      if (file === home || file.path === home.path || !samePackage(file, home)) continue;
      const taken = file.model.module.bindings.get(newName);
      if (taken) for (const declaration of taken.declarations) collisions.push({ file: file.path, start: declaration.start, kind: 'definition' });
      else for (const occurrence of file.model.occurrences) if (occurrence.name === newName && occurrence.role === 'reference' && occurrence.binding === null) collisions.push({ file: file.path, start: occurrence.start, kind: 'capture' });
    }
    for (const location of found.locations) {
      const file = found.models.get(location.file);
      if (!file || file === home || location.occurrence.binding !== null) continue;
      const local = resolveName(location.occurrence.scope, newName, file.model.classBodiesHidden, location.occurrence.start);
      if (local) collisions.push({ file: file.path, start: local.declarations[0]?.start ?? location.start, kind: 'shadowing' });
    }
    return ok(collisions);
  });
}

/** The kind of a renamed place, from its role in the file's scope model. */
function kindOfRole(role: string | undefined): RenameChange['kind'] {
  if (role === 'definition') return 'definition';
  if (role === 'import' || role === 'import_name') return 'import';
  if (role === 'export' || role === 'export_name') return 'export';
  return 'reference';
}

function outcome(run: EditRun, edit: RenameEdit, oldName: string, newName: string, changes: RenameChange[], unresolved: CodeLocation[]): RenameOutcome {
  return {
    backend: 'syntax',
    index: run.index,
    op: 'rename',
    path: edit.path,
    address: edit.address,
    status: 'applied',
    old_name: oldName,
    new_name: newName,
    changes,
    files_modified: new Set(changes.map((change) => change.file)).size,
    locations_updated: changes.length,
    unresolved,
  };
}

/** `REFERENCES_UNRESOLVED` for uses left alone. */
export function unresolvedWarning(name: string, locations: readonly CodeLocation[]): Warning {
  const listed = locations.slice(0, 5).map((location) => `${location.file}:${location.line}`).join(', ');
  return {
    type: 'REFERENCES_UNRESOLVED',
    message: `${locations.length} use${locations.length === 1 ? '' : 's'} of ${JSON.stringify(name)} on values of unknown type (${listed}${locations.length > 5 ? ', …' : ''}) could not be tied to this declaration and were left alone; check them.`,
    details: { locations: [...locations] },
  };
}

/**
 * The check after a rename of a declaration: from the renamed declaration in the edited files, its
 * references are found again; each file must hold exactly the places the rename changed. More means
 * the new name captured a use that meant something else; fewer, that a renamed use no longer reaches
 * the declaration. Either refuses the rename (`UNRESOLVED_REFERENCES`, placed as the files were).
 */
function verifyRename(run: EditRun, located: LocatedAddress, found: References, newName: string, byFile: ReadonlyMap<string, readonly Replacement[]>, written: ReadonlyMap<string, readonly Replacement[]>, filesBefore: ReadonlyMap<string, WorkspaceFile>): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const declared = found.bindings[0]!;
    const definition = found.locations.find((location) => location.file === declared.file && location.binding === declared.binding && declared.binding.declarations.includes(location.occurrence));
    if (!definition) return ok(undefined);
    const file = yield* workspace.file(definition.file).safeUnwrap();
    const root = yield* workspace.syntax(file).safeUnwrap();
    if (!root) return ok(undefined);
    const model = scopesOf(root, file.language.id);
    // (Offsets move with everything written; the uses counted are the declaration's places alone.)
    const at = offsetAfterEdit(written.get(definition.file) ?? [], definition.start);
    const binding = model.occurrences.find((occurrence) => occurrence.start === at && occurrence.name === newName)?.binding;
    const after = !binding
      ? []
      : binding.scope === model.module
        ? (yield* moduleBindingReferences(workspace, file, binding, projectResolution(yield* workspace.project().safeUnwrap()), found.models).safeUnwrap()).found.locations
        : occurrencesOf(model, binding).map((occurrence) => ({ file: file.path, start: occurrence.start }));
    const planned = new Map<string, number>();
    for (const [path, replacements] of byFile) planned.set(path, replacements.length);
    const counted = new Map<string, number>();
    for (const location of after) counted.set(location.file, (counted.get(location.file) ?? 0) + 1);
    const differing = [...new Set([...planned.keys(), ...counted.keys()])].filter((path) => (planned.get(path) ?? 0) !== (counted.get(path) ?? 0));
    if (differing.length === 0) return ok(undefined);
    const mentions: UnprovenMention[] = differing.map((path) => {
      const expected = planned.get(path) ?? 0;
      const actual = counted.get(path) ?? 0;
      return {
        file: path,
        start: byFile.get(path)?.[0]?.start ?? 0,
        reason: actual > expected ? `after the rename, ${actual - expected} more use${actual - expected === 1 ? '' : 's'} of ${JSON.stringify(newName)} here would mean the renamed declaration (the new name captures them)` : `after the rename, ${expected - actual} renamed use${expected - actual === 1 ? '' : 's'} here would no longer reach the declaration`,
      };
    });
    const files = new Map(filesBefore);
    for (const path of differing) if (!files.has(path)) files.set(path, yield* workspace.file(path).safeUnwrap());
    return err(yield* unresolvedReferences(run, located, found.name, mentions, files).safeUnwrap());
  });
}