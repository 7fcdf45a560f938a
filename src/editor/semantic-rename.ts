import type { ResultAsync} from 'neverthrow';
import { err, ok, safeTry } from 'neverthrow';
import type { Node } from 'web-tree-sitter';
import type { RenameEdit } from '../core/arguments.js';
import type { Replacement } from '../core/edit/replacements.js';
import { invalidArgument, makeError, type CodeLocation, type StructeditError } from '../core/errors.js';
import { languageFamily } from '../core/semantic/modules.js';
import { nameNodeOf, type ResolvedPart } from '../core/semantic/parts.js';
import { findCollisions, findLocations, renamedText, type Declaration, type FoundLocation, type ModelledFile } from '../core/semantic/references.js';
import { scopesOf } from '../core/semantic/scope-rules-generic.js';
import { occurrenceAt, type Occurrence } from '../core/semantic/scopes.js';
import type { Warning } from '../core/warnings.js';
import { codeLocation, locateAddress, type EditRun, type LocatedAddress } from './semantic-edit.js';
import { isReadFailure, Workspace } from './workspace.js';

/** One place a rename changed. */
export interface RenameChange {
  /** The file, relative to the root. */
  file: string;
  /** 1-based line (in the file before the rename). */
  line: number;
  /** 1-based column. */
  column: number;
  /** `definition`, `reference`, `import` or `export`. */
  kind: 'definition' | 'reference' | 'import' | 'export';
}

/** What a `rename` did. */
export interface RenameOutcome {
  /** 0-based index of the edit in the batch. */
  index: number;
  /** The operation. */
  op: 'rename';
  /** The file of the declaration, as given. */
  path: string;
  /** The address, as given. */
  address: string;
  /** It was applied (or would be, in a dry run). */
  status: 'applied';
  /** The name before. */
  old_name: string;
  /** The name after. */
  new_name: string;
  /** Every changed place, by file and position. */
  changes: RenameChange[];
  /** How many files it changed. */
  files_modified: number;
  /** How many places it changed. */
  locations_updated: number;
  /**
   * Uses of the same name that could not be tied to the declaration (a member accessed on a value
   * of unknown type) and were left alone.
   */
  unresolved: CodeLocation[];
}

const IDENTIFIER: Readonly<Record<string, RegExp>> = {
  python: /^[\p{L}_][\p{L}\p{N}_]*$/u,
  default: /^[\p{L}_$][\p{L}\p{N}_$]*$/u,
};
const KEYWORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  python: new Set('False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' ')),
  ecmascript: new Set('break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static await'.split(' ')),
};

/** The name node a rename or reference check starts from: the declaration's name, a parameter's… */
function declaredName(located: LocatedAddress): Node | null {
  const { part } = located;
  if (part.kind === 'name') return part.node;
  if (!part.node) return null;
  if (part.kind === 'structure' || part.kind === 'element') {
    const node = part.node;
    if (/identifier$/.test(node.type)) return node;
    const name = nameNodeOf(node);
    if (name) return name;
    // A parameter with a default, a splat: its first identifier.
    const first = node.namedChildren.find((child) => child !== null && /identifier$/.test(child.type));
    return first ?? null;
  }
  return null;
}

/** Models for every file of the declaration's language family under the root that mentions the name. */
function modelFiles(workspace: Workspace, origin: ModelledFile, name: string, crossFile: boolean): ResultAsync<Map<string, ModelledFile>, StructeditError> {
  return safeTry(async function* () {
    // The origin's model is the one its declaration was found in.
    const models = new Map<string, ModelledFile>([[origin.path, origin]]);
    const family = languageFamily(origin.language);
    const paths = crossFile ? yield* workspace.listFiles() : [];
    const word = new RegExp(`(^|[^\\p{L}\\p{N}_$])${name.replace(/[$]/g, '\\$')}($|[^\\p{L}\\p{N}_$])`, 'u');
    for (const path of paths) {
      if (Workspace.key(path) === origin.path) continue;
      const language = workspace.context.registry.resolve(path);
      if (language.isErr() || languageFamily(language.value.id) !== family) continue;
      const mentions = (text: string) => word.test(text);
      const file = await workspace.fileMentioning(path, mentions);
      if (file.isErr() && isReadFailure(file.error)) return err(file.error);
      if (file.isErr() || file.value === null || !mentions(file.value.tree.source.text)) continue;
      const tree = yield* workspace.syntax(file.value);
      if (!tree) continue;
      models.set(file.value.path, { path: file.value.path, language: file.value.language.id, model: scopesOf(tree.rootNode, file.value.language.id) });
    }
    // Every file of the family is known for module resolution, even those not modelled.
    return ok(models);
  });
}

/** The declaration a located address names, with the models to search. */
function declarationOf(run: EditRun, located: LocatedAddress, field: string): ResultAsync<{ name: string; declaration: Declaration | null; member: Occurrence | null; models: Map<string, ModelledFile> }, StructeditError> {
  return safeTry(async function* () {
    const name = declaredName(located);
    if (!name) {
      return err(invalidArgument([{ field, message: `${located.part.description} declares no name; address a named declaration (a function, class, variable, member, parameter or import)` }]));
    }
    const origin = located.file;
    const root = (yield* run.workspace.syntax(origin))!;
    const own = scopesOf(root.rootNode, origin.language.id);
    const occurrence = occurrenceAt(own, name.startIndex, name.endIndex);
    // A name bound in a class body (a Python method or class attribute) is a member: it is used as
    // `self.name` / `Class.name`, never through the scope chain.
    if (occurrence && occurrence.binding && occurrence.role !== 'property' && occurrence.binding.scope.kind !== 'class') {
      const crossFile = occurrence.binding.scope === own.module;
      const models = yield* modelFiles(run.workspace, { path: origin.path, language: origin.language.id, model: own }, occurrence.name, crossFile);
      return ok({ name: occurrence.name, declaration: { file: origin.path, binding: occurrence.binding }, member: null, models });
    }
    const models = new Map([[origin.path, { path: origin.path, language: origin.language.id, model: own }]]);
    return ok({ name: name.text, declaration: null, member: occurrence ?? null, models });
  });
}

/**
 * Locations of a member (a method, a field, an object entry): its name, and accesses through
 * `this` / `self` / `cls` inside the enclosing class or through the owning name; other accesses
 * of the same name cannot be tied to it without types and are reported as unresolved.
 */
function memberLocations(located: LocatedAddress, models: Map<string, ModelledFile>, name: string, nameNode: Node): { locations: FoundLocation[]; unresolved: Occurrence[] } {
  const { model } = models.get(located.file.path)!;
  const owner = located.part.path.length >= 2 ? located.part.path[located.part.path.length - 2]! : null;
  const ownerName = owner?.name ?? null;
  const locations: FoundLocation[] = [];
  const unresolved: Occurrence[] = [];
  for (const occurrence of model.occurrences) {
    if (occurrence.name !== name) continue;
    if (occurrence.start === nameNode.startIndex) {
      locations.push({ file: located.file.path, start: occurrence.start, end: occurrence.end, kind: 'definition', occurrence, binding: null });
      continue;
    }
    if (occurrence.role !== 'property') continue;
    const inOwner = owner !== null && occurrence.start >= owner.start && occurrence.end <= owner.end;
    const object = occurrence.object;
    const self = object && (object.kind === 'this' || (model.language === 'python' && (object.name === 'self' || object.name === 'cls')));
    if ((self && inOwner) || (object && ownerName !== null && object.name === ownerName)) locations.push({ file: located.file.path, start: occurrence.start, end: occurrence.end, kind: 'reference', occurrence, binding: null });
    else unresolved.push(occurrence);
  }
  if (!locations.some((location) => location.kind === 'definition')) {
    locations.unshift({ file: located.file.path, start: nameNode.startIndex, end: nameNode.endIndex, kind: 'definition', occurrence: { start: nameNode.startIndex, end: nameNode.endIndex, name, role: 'definition', form: 'plain', scope: model.module, binding: null }, binding: null });
  }
  return { locations, unresolved };
}

/** Every location of the declaration an address names (and what could not be tied to it). */
export function referencesOf(run: EditRun, located: LocatedAddress, field: string): ResultAsync<{ name: string; locations: FoundLocation[]; bindings: Declaration[]; unresolved: Occurrence[]; models: Map<string, ModelledFile> }, StructeditError> {
  return safeTry(async function* () {
    const found = yield* declarationOf(run, located, field);
    if (found.declaration) {
      const { locations, bindings } = findLocations(found.models, found.declaration);
      return ok({ name: found.name, locations, bindings, unresolved: [], models: found.models });
    }
    const nameNode = declaredName(located)!;
    const member = memberLocations(located, found.models, found.name, nameNode);
    return ok({ name: found.name, locations: member.locations, bindings: [], unresolved: member.unresolved, models: found.models });
  });
}

/** `rename`: the declaration and every location of it, across files, in one step of the batch. */
export function renameDeclaration(run: EditRun, edit: RenameEdit): ResultAsync<RenameOutcome, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const located = yield* locateAddress(workspace, edit.path, edit.address, edit.language, { overloads: true });
    const language = located.file.language.id;
    const family = languageFamily(language);
    const pattern = IDENTIFIER[language] ?? IDENTIFIER['default']!;
    if (!pattern.test(edit.new_name) || KEYWORDS[family]?.has(edit.new_name)) {
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

/**
 * The reference check of `remove`: removing a named declaration (or parameter, import, member)
 * that is still referenced fails with `REFERENCES_EXIST`, listing the references outside the
 * removed text.
 */
export function checkReferencesBeforeRemove(run: EditRun, located: LocatedAddress): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { part } = located;
    if (!(part.kind === 'structure' || part.kind === 'element') || !declaredName(located)) return ok(undefined);
    if (part.kind === 'structure' && part.path.length === 1) return ok(undefined);
    const found = await referencesOf(run, located, `edits.${run.index}.address`);
    if (found.isErr() && isReadFailure(found.error)) return err(found.error);
    if (found.isErr()) return ok(undefined);
    const removed = removedSpan(part);
    const references: CodeLocation[] = [];
    for (const location of found.value.locations) {
      if (location.kind === 'definition') continue;
      if (location.file === located.file.path && location.start >= removed.start && location.end <= removed.end) continue;
      const file = yield* run.workspace.file(location.file);
      references.push(codeLocation(file, location.start, location.kind));
    }
    if (references.length === 0) return ok(undefined);
    const listed = references.slice(0, 5).map((reference) => `${reference.file}:${reference.line} ${JSON.stringify(reference.text)}`).join('; ');
    return err(
      makeError('REFERENCES_EXIST', `${JSON.stringify(found.value.name)} is still referenced in ${references.length} place${references.length === 1 ? '' : 's'} (${listed}${references.length > 5 ? '; …' : ''}), so removing it would break them. Remove or change those references first (earlier in the same batch), or send the remove again with force: true.`, {
        path: located.file.path,
        address: located.context.address,
        name: found.value.name,
        references,
      }),
    );
  });
}

function removedSpan(part: ResolvedPart): { start: number; end: number } {
  return part.span ?? { start: 0, end: 0 };
}
