import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import type { RenameEdit } from '../arguments.js';
import type { Replacement } from '../edit/replacements.js';
import { invalidArgument, makeError, type CodeLocation, type StructeditError } from '../errors.js';
import type { Warning } from '../warnings.js';
import { referencesOf } from './declaration-references.js';
import { codeLocation, locateAddress } from './locate-address.js';
import { profileOf } from '../languages/profiles/index.js';
import type { RenameChange, RenameOutcome } from './outcomes.js';
import { findCollisions, renamedText } from './references.js';
import type { EditRun } from './workspace.js';

/** `rename`: the declaration and every location of it, across files, in one step of the batch. */
export function renameDeclaration(run: EditRun, edit: RenameEdit): ResultAsync<RenameOutcome, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const located = yield* locateAddress(workspace, edit.path, edit.address, edit.language, { overloads: true });
    const language = located.file.language.id;
    const { names } = profileOf(language);
    if (!names.identifier.test(edit.new_name) || names.keywords.has(edit.new_name)) {
      return err(invalidArgument([{ field: `edits.${run.index}.new_name`, message: `${JSON.stringify(edit.new_name)} is not a ${language} identifier; give the bare new name (letters, digits, _), not a keyword` }]));
    }
    const found = yield* referencesOf(run, located, `edits.${run.index}.address`);
    if (found.name === edit.new_name) return ok(outcome(run, edit, found.name, [], []));
    const collisions = findCollisions(found.models, found.bindings, edit.new_name);
    if (collisions.length > 0) {
      const conflicts: CodeLocation[] = [];
      for (const collision of collisions) {
        const file = yield* workspace.file(collision.file);
        conflicts.push(codeLocation(file, collision.start, collision.kind));
      }
      const first = conflicts[0]!;
      return err(
        makeError('CONFLICT', `Renaming ${JSON.stringify(found.name)} to ${JSON.stringify(edit.new_name)} would collide: ${JSON.stringify(edit.new_name)} ${first.kind === 'definition' ? 'is already declared' : first.kind === 'shadowing' ? 'is declared in a nested scope where the name is used' : 'is used where the renamed name would capture it'} at ${first.file}:${first.line} (${JSON.stringify(first.text)})${conflicts.length > 1 ? ` and ${conflicts.length - 1} more place${conflicts.length === 2 ? '' : 's'}` : ''}. Choose another name, or rename that one first.`, {
          reason: 'name_taken',
          path: edit.path,
          address: edit.address,
          name: edit.new_name,
          conflicts,
        }),
      );
    }
    const changes: RenameChange[] = [];
    const byFile = new Map<string, Replacement[]>();
    for (const location of found.locations) {
      const file = yield* workspace.file(location.file);
      const place = codeLocation(file, location.start, location.kind);
      changes.push({ file: location.file, line: place.line, column: place.column, kind: location.kind });
      const list = byFile.get(location.file) ?? [];
      list.push({ start: location.start, end: location.end, text: renamedText(location.occurrence, edit.new_name) });
      byFile.set(location.file, list);
    }
    for (const [path, replacements] of byFile) {
      const file = yield* workspace.file(path);
      const applied = yield* workspace.apply(file, replacements, run.syntax);
      run.warnings.push(...applied.warnings);
    }
    const unresolved: CodeLocation[] = [];
    for (const occurrence of found.unresolved) unresolved.push(codeLocation(located.file, occurrence.start, 'unresolved'));
    if (unresolved.length > 0) run.warnings.push(unresolvedWarning(found.name, unresolved));
    return ok(outcome(run, edit, found.name, changes, unresolved));
  });
}

function outcome(run: EditRun, edit: RenameEdit, oldName: string, changes: RenameChange[], unresolved: CodeLocation[]): RenameOutcome {
  return {
    index: run.index,
    op: 'rename',
    path: edit.path,
    address: edit.address,
    status: 'applied',
    old_name: oldName,
    new_name: edit.new_name,
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
