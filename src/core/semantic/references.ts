import { profileOf } from '../languages/profiles/index.js';
import type { ProjectResolution } from '../modules/resolution.js';
import { occurrencesOf, resolveName, type Binding, type Occurrence, type Scope, type ScopeModel } from './scopes.js';
import { uniqueBy } from '../unique-by.js';

/**
 * The reference finder: every occurrence of a declaration across the files of its language under
 * the root, following imports, re-exports (`export { a } from`, `export * from`, Python packages
 * importing from their modules) and namespace accesses (`ns.a`, `module.a`). What rename and the
 * reference check of remove share.
 */

/** One file's model for the finder. */
export interface ModelledFile {
  readonly path: string;
  readonly language: string;
  readonly model: ScopeModel;
}

/** Why a location is found. */
export type LocationKind = 'definition' | 'reference' | 'import' | 'export';

/** An occurrence of the declaration somewhere. */
export interface FoundLocation {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly kind: LocationKind;
  readonly occurrence: Occurrence;
  /** The binding it belongs to in its file (`null` for names that bind nothing there: `ns.a`, `import { a as b }`). */
  readonly binding: Binding | null;
}

/** The declaration to follow: a binding in a file. */
export interface Declaration {
  readonly file: string;
  readonly binding: Binding;
}

function kindOf(occurrence: Occurrence): LocationKind {
  switch (occurrence.role) {
    case 'definition':
      return 'definition';
    case 'import':
    case 'import_name':
      return 'import';
    case 'export':
    case 'export_name':
      return 'export';
    default:
      return 'reference';
  }
}

/**
 * Every location of a declaration: its occurrences in its file, then (for a module-level name)
 * every import of it under the root and, for imports that keep its name, every use of the
 * imported binding; re-exports that keep the name are followed to their importers.
 */
export function findLocations(files: ReadonlyMap<string, ModelledFile>, declaration: Declaration, resolution: ProjectResolution): { locations: FoundLocation[]; bindings: Declaration[] } {
  const locations: FoundLocation[] = [];
  const seen = new Set<string>();
  const bindings: Declaration[] = [];
  const add = (file: string, occurrence: Occurrence, binding: Binding | null) => {
    const key = `${file}\u0000${occurrence.start}`;
    if (seen.has(key)) return;
    seen.add(key);
    locations.push({ file, start: occurrence.start, end: occurrence.end, kind: kindOf(occurrence), occurrence, binding });
  };
  const name = declaration.binding.name;
  const exportedModules: string[] = [];
  const queuedModules = new Set<string>();
  const queueModule = (path: string) => {
    if (queuedModules.has(path)) return;
    queuedModules.add(path);
    exportedModules.push(path);
  };
  const followBinding = (file: string, binding: Binding) => {
    if (bindings.some((known) => known.binding === binding)) return;
    bindings.push({ file, binding });
    const modelled = files.get(file)!;
    for (const occurrence of occurrencesOf(modelled.model, binding)) add(file, occurrence, binding);
    if (binding.scope !== modelled.model.module) return;
    const exported = modelled.model.exportsEverything || modelled.model.exports.some((entry) => entry.local === name && entry.exported === name);
    if (exported) queueModule(file);
  };
  followBinding(declaration.file, declaration.binding);

  for (let next = 0; next < exportedModules.length; next++) {
    const module = exportedModules[next]!;
    for (const importer of files.values()) {
      const { model } = importer;
      const modules = profileOf(importer.language).modules;
      if (!modules) continue;
      const resolve = (specifier: string) => resolution.resolveFile(importer.path, specifier, importer.language);
      for (const record of model.imports) {
        const target = resolve(record.module);
        if (record.imported === '*' && target === module && record.local !== null) {
          namespaceUses(importer, record.local, record.localOccurrence, name, add);
          continue;
        }
        if (target === module && record.imported === name) {
          if (record.localOccurrence) {
            if (record.nameOccurrence) add(importer.path, record.nameOccurrence, null);
          } else if (record.nameOccurrence?.binding) followBinding(importer.path, record.nameOccurrence.binding);
          continue;
        }
        // Python `from pkg import mod` then `mod.name`.
        const submodule = record.imported !== '*' && record.local !== null ? modules.submodule(record.module, record.imported) : null;
        if (submodule !== null && resolve(submodule) === module) namespaceUses(importer, record.local!, record.localOccurrence ?? record.nameOccurrence, name, add);
      }
      for (const entry of model.exports) {
        if (!entry.from) continue;
        const target = resolve(entry.from.module);
        if (target !== module) continue;
        if (entry.from.imported === '*' && entry.exported === '*') queueModule(importer.path);
        else if (entry.from.imported === name && entry.nameOccurrence) {
          add(importer.path, entry.nameOccurrence, null);
          if (entry.exported === name) queueModule(importer.path);
        }
      }
    }
  }
  locations.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.start - b.start));
  return { locations, bindings };
}

/** `ns.name` where `ns` is the namespace binding of an import. */
function namespaceUses(file: ModelledFile, local: string, localOccurrence: Occurrence | null, name: string, add: (file: string, occurrence: Occurrence, binding: Binding | null) => void) {
  const binding = localOccurrence?.binding ?? file.model.module.bindings.get(local) ?? null;
  for (const occurrence of file.model.occurrences) {
    if (occurrence.role !== 'property' || occurrence.name !== name || occurrence.object?.name !== local) continue;
    const objectBinding = resolveName(occurrence.scope, local, file.model.classBodiesHidden);
    if (binding === null || objectBinding === binding) add(file.path, occurrence, null);
  }
}

/** Whether `inner` is `outer` or nested inside it. */
function within(inner: Scope, outer: Scope): boolean {
  for (let scope: Scope | null = inner; scope; scope = scope.parent) if (scope === outer) return true;
  return false;
}

/** A name that would collide with a rename. */
export interface Collision {
  readonly file: string;
  readonly start: number;
  readonly kind: 'definition' | 'shadowing' | 'capture';
}

/**
 * Where renaming the bindings to `newName` would change what a name means: `newName` already bound
 * in the same scope (`definition`); a reference that would resolve to another `newName` declared
 * between it and the binding (`shadowing`); a use of an outer or global `newName` inside the
 * binding's scope that the renamed binding would capture (`capture`).
 */
export function findCollisions(files: ReadonlyMap<string, ModelledFile>, bindings: readonly Declaration[], newName: string): Collision[] {
  const collisions: Collision[] = [];
  for (const { file, binding } of bindings) {
    const { model } = files.get(file)!;
    const existing = binding.scope.bindings.get(newName);
    if (existing) {
      for (const declaration of existing.declarations) collisions.push({ file, start: declaration.start, kind: 'definition' });
      continue;
    }
    for (const occurrence of occurrencesOf(model, binding)) {
      const other = resolveName(occurrence.scope, newName, model.classBodiesHidden);
      if (other && within(other.scope, binding.scope)) collisions.push({ file, start: other.declarations[0]?.start ?? occurrence.start, kind: 'shadowing' });
    }
    for (const occurrence of model.occurrences) {
      if (occurrence.name !== newName || occurrence.role !== 'reference') continue;
      if (!within(occurrence.scope, binding.scope)) continue;
      if (occurrence.binding === null || !within(occurrence.binding.scope, binding.scope)) collisions.push({ file, start: occurrence.start, kind: 'capture' });
    }
    if (binding.scope === model.module && model.exports.some((entry) => entry.exported === newName)) {
      const entry = model.exports.find((candidate) => candidate.exported === newName)!;
      collisions.push({ file, start: entry.statement.start, kind: 'definition' });
    }
  }
  return uniqueBy(collisions, (collision) => `${collision.file}\u0000${collision.start}`);
}

/** The text that replaces an occurrence when its name becomes `newName`. */
export function renamedText(occurrence: Occurrence, newName: string): string {
  if (occurrence.form === 'shorthand_property' || occurrence.form === 'shorthand_pattern') return `${occurrence.name}: ${newName}`;
  return newName;
}
