import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import type { Node } from 'web-tree-sitter';
import { invalidArgument, makeError, type CodeLocation, type StructeditError } from '../errors.js';
import { codeLocation, type LocatedAddress } from './locate-address.js';
import { languageFamily, profileOf } from '../languages/profiles/index.js';
import { projectResolution } from '../modules/resolution.js';
import { nameNodeOf, type ResolvedPart } from './parts.js';
import { findLocations, type Declaration, type FoundLocation, type ModelledFile } from './references.js';
import { scopesOf } from './scope-model.js';
import { occurrenceAt, type Occurrence } from './scopes.js';
import { isReadFailure, type EditRun, type SemanticWorkspace } from './workspace.js';

/**
 * The declaration an address names and every place that refers to it: what `rename` changes and
 * what the reference check of `remove` looks at.
 */
/** The name node a rename or reference check starts from: the declaration's name, a parameter's… */
export function declaredName(located: LocatedAddress): Node | null {
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
function modelFiles(workspace: SemanticWorkspace, origin: ModelledFile, name: string, crossFile: boolean): ResultAsync<Map<string, ModelledFile>, StructeditError> {
  return safeTry(async function* () {
    // The origin's model is the one its declaration was found in.
    const models = new Map<string, ModelledFile>([[origin.path, origin]]);
    const family = languageFamily(origin.language);
    const paths = crossFile ? yield* workspace.listFiles() : [];
    const word = new RegExp(`(^|[^\\p{L}\\p{N}_$])${name.replace(/[$]/g, '\\$')}($|[^\\p{L}\\p{N}_$])`, 'u');
    for (const path of paths) {
      if (path === origin.path) continue;
      const language = workspace.languageOf(path);
      if (language.isErr() || languageFamily(language.value.id) !== family) continue;
      const mentions = (text: string) => word.test(text);
      const file = await workspace.fileMentioning(path, mentions);
      if (file.isErr() && isReadFailure(file.error)) return err(file.error);
      if (file.isErr() || file.value === null || !mentions(file.value.tree.source.text)) continue;
      const root = yield* workspace.syntax(file.value);
      if (!root) continue;
      models.set(file.value.path, { path: file.value.path, language: file.value.language.id, model: scopesOf(root, file.value.language.id) });
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
    const own = scopesOf(root, origin.language.id);
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
    const self = object && (object.kind === 'this' || profileOf(model.language).names.receivers.includes(object.name));
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
      const resolution = projectResolution(yield* run.workspace.project());
      const { locations, bindings } = findLocations(found.models, found.declaration, resolution);
      return ok({ name: found.name, locations, bindings, unresolved: [], models: found.models });
    }
    const nameNode = declaredName(located)!;
    const member = memberLocations(located, found.models, found.name, nameNode);
    return ok({ name: found.name, locations: member.locations, bindings: [], unresolved: member.unresolved, models: found.models });
  });
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
