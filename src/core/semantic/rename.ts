import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import type { RenameEdit } from '../arguments.js';
import type { Replacement } from '../edit/replacements.js';
import { invalidArgument, makeError, type CodeLocation, type StructeditError } from '../errors.js';
import type { Warning } from '../warnings.js';
import { ambiguousReferences, referencesOf, unresolvedReferences, type References } from './declaration-references.js';
import { memberDefinitions, type Candidate } from './members.js';
import { codeLocation, locateAddress } from './locate-address.js';
import { profileOf } from '../languages/profiles/index.js';
import type { RenameChange, RenameOutcome } from './outcomes.js';
import { findCollisions, renamedText } from './references.js';
import type { EditRun, WorkspaceFile } from './workspace.js';

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
    const located = yield* locateAddress(workspace, edit.path, edit.address, edit.language, { overloads: true });
    const language = located.file.language.id;
    const found = yield* referencesOf(run, located, `${field}.address`);
    const newName = newNameFor(found.name, edit.new_name, language);
    if (newName === null) {
      return err(invalidArgument([{ field: `${field}.new_name`, message: `${JSON.stringify(edit.new_name)} is not a ${language} identifier for ${JSON.stringify(found.name)}; give the bare new name (letters, digits, _), not a keyword${found.name.startsWith('#') ? '' : ', and no # (that would make the member private)'}` }]));
    }
    if (found.name === newName) return ok(outcome(run, edit, found.name, newName, [], []));
    const files = new Map<string, WorkspaceFile>();
    for (const path of new Set([...found.locations.map((location) => location.file), ...found.candidates.map((candidate) => candidate.location.file)])) files.set(path, yield* workspace.file(path));

    const { selected, unknown } = selectCandidates(found, edit.include, files);
    if (unknown.length > 0) {
      return err(invalidArgument(unknown.map((entry) => ({ field: `${field}.include`, message: `${entry.file}:${entry.line}:${entry.column} is not one of the candidate uses of ${JSON.stringify(found.name)}; send the rename without include to see them listed` }))));
    }
    if (found.candidates.length > 0 && edit.include === undefined) return err(yield* ambiguousReferences(run, located, found.name, found.locations.length, found.candidates));
    const unresolved: CodeLocation[] = [];
    if (found.unproven.length > 0) {
      const refusal = yield* unresolvedReferences(run, located, found.name, found.unproven);
      if (!edit.force) return err(refusal);
      if (refusal.error === 'UNRESOLVED_REFERENCES') unresolved.push(...refusal.details.references);
    }

    const conflicts: CodeLocation[] = [];
    for (const collision of findCollisions(found.models, found.bindings, newName)) conflicts.push(codeLocation(yield* workspace.file(collision.file), collision.start, collision.kind));
    for (const declaration of found.classes) {
      for (const taken of memberDefinitions(declaration, newName)) conflicts.push(codeLocation(yield* workspace.file(declaration.file.path), taken.startIndex, 'definition'));
    }
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
    for (const [path, replacements] of byFile) {
      const applied = yield* workspace.apply(yield* workspace.file(path), replacements, run.syntax);
      run.warnings.push(...applied.warnings);
    }
    if (unresolved.length > 0) run.warnings.push(unresolvedWarning(found.name, unresolved));
    changes.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
    return ok(outcome(run, edit, found.name, newName, changes, unresolved));
  });
}

function outcome(run: EditRun, edit: RenameEdit, oldName: string, newName: string, changes: RenameChange[], unresolved: CodeLocation[]): RenameOutcome {
  return {
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
