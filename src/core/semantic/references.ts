import type { Node } from 'web-tree-sitter';
import { profileOf } from '../languages/profiles/index.js';
import type { ModuleTarget } from '../modules/project.js';
import type { ProjectResolution } from '../modules/resolution.js';
import type { TextSpan } from '../structure/types.js';
import { uniqueBy } from '../unique-by.js';
import { dirname } from './modules.js';
import { isStarImport, occurrenceAt, occurrencesOf, resolveName, type Binding, type ImportRecord, type Occurrence, type Receiver, type Scope, type ScopeModel } from './scopes.js';

/**
 * The reference finder: every occurrence of a declaration across the files of its language under
 * the root, following imports (static, dynamic and `require`, aliased or not), re-exports
 * (`export { a } from`, `export * from`, Python packages importing from their modules, `from m
 * import *`) and namespace accesses (`ns.a`, `pkg.mod.a` through submodules). What rename, move and
 * the reference check of remove share; {@link auditMentions} then proves every other mention of the
 * name unrelated, or lists it.
 */

/** One file's model for the finder. */
export interface ModelledFile {
  readonly path: string;
  readonly language: string;
  readonly model: ScopeModel;
  /** The file's text and syntax tree: where a mention of the name sits (code, string, comment). */
  readonly text: string;
  readonly root: Node;
  /** Spans the parser could not read (ERROR and MISSING nodes). */
  readonly syntaxErrors: readonly TextSpan[];
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
  /** Whether it was reached through an import (a destructured `import()` then writes the new name whole). */
  readonly imported: boolean;
  /** Whether it is renamed as a property read from a value (`const { name } = value` becomes `{ newName: name }`). */
  readonly property?: boolean;
}

/** The declaration to follow: a binding in a file. */
export interface Declaration {
  readonly file: string;
  readonly binding: Binding;
}

/** What {@link findLocations} found. */
export interface FoundReferences {
  readonly locations: FoundLocation[];
  /** Every binding that stands for the declaration (its own, and imports of it that keep its name). */
  readonly bindings: Declaration[];
  /** The modules whose exports include the declaration under its name. */
  readonly modules: ReadonlySet<string>;
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

/** The import record an import binding comes from. */
export function importRecordOf(model: ScopeModel, binding: Binding): ImportRecord | undefined {
  return model.imports.find((record) => (record.localOccurrence ?? record.nameOccurrence)?.binding === binding);
}

/** Every import statement binding `binding` (one name may be imported in several branches). */
export function importRecordsOf(model: ScopeModel, binding: Binding): ImportRecord[] {
  return model.imports.filter((record) => (record.localOccurrence ?? record.nameOccurrence)?.binding === binding);
}

/**
 * The module a property's receiver is, when it is one: `ns` of `import * as ns` / `import ns` (a
 * Python module) / `const ns = await import(…)`, a Python `from pkg import mod`, and chains through
 * packages' submodules (`pkg.core` of `import pkg.core`). `null` when the receiver is no module.
 */
export function receiverModule(file: ModelledFile, occurrence: Occurrence, resolution: ProjectResolution, files?: ReadonlyMap<string, ModelledFile>): ModuleTarget | null {
  const object = occurrence.object;
  if (!object) return null;
  const path = object.kind === 'name' ? [object.name] : object.path;
  if (!path || path.length === 0) return null;
  const head = occurrenceAt(file.model, object.start, object.start + path[0]!.length);
  const binding = head?.binding;
  if (!binding || binding.kind !== 'import') return null;
  // A name imported by several statements (`try: import _frozen_importlib as m / except: from . import m`)
  // may be any of them: a module under the root is the one a rename must follow.
  const targets = importRecordsOf(file.model, binding).map((record) => moduleThrough(file, record, path.slice(1), resolution, files));
  return targets.find((target) => target?.kind === 'file') ?? targets.find((target) => target?.kind === 'unresolved') ?? targets.find((target) => target !== null) ?? null;
}

/** The module `record` imports, then each of `names` (submodules or namespaces) through it. */
function moduleThrough(file: ModelledFile, record: ImportRecord, names: readonly string[], resolution: ProjectResolution, files?: ReadonlyMap<string, ModelledFile>): ModuleTarget | null {
  let target = resolution.resolve(file.path, record.module, file.language);
  if (record.imported !== '*') {
    if (target.kind !== 'file') return target.kind === 'unresolved' ? target : null;
    const submodule = profileOf(file.language).modules?.submodule(record.module, record.imported) ?? null;
    const inner = submodule === null ? null : resolution.resolve(file.path, submodule, file.language);
    const namespace = inner?.kind === 'file' ? inner : files ? exportedNamespace(files, target.path, record.imported, resolution) : null;
    if (namespace === null) return null;
    target = namespace;
  }
  for (const name of names) {
    if (target.kind !== 'file') return target;
    const next = submoduleOf(target.path, name, resolution.project.files);
    const namespace = next === null && files ? exportedNamespace(files, target.path, name, resolution) : null;
    if (next === null && namespace === null) return null;
    target = next !== null ? { kind: 'file', path: next } : namespace!;
  }
  return target;
}

/** What a module's export of a name is: a namespace (another module), or a binding of some file. */
export type ExportedName = { readonly kind: 'namespace'; readonly target: ModuleTarget } | { readonly kind: 'binding'; readonly file: ModelledFile; readonly binding: Binding };

/**
 * What a module exports under `name`, followed to where it is declared: through export lists
 * (`export { a as name }`), re-exports (`export { name } from`, `export * as name from`, `export *
 * from`), and imports a module exports again (`import * as z` then `export { z }`; in Python every
 * module-level name). `null` when the module does not export it, as far as the modelled files show.
 */
export function exportedName(files: ReadonlyMap<string, ModelledFile>, modulePath: string, name: string, resolution: ProjectResolution, depth = 0): ExportedName | null {
  const file = files.get(modulePath);
  if (!file || depth > 12) return null;
  const resolve = (module: string) => resolution.resolve(file.path, module, file.language);
  const follow = (module: string, imported: string): ExportedName | null => {
    const next = resolve(module);
    if (imported === '*') return { kind: 'namespace', target: next };
    return next.kind === 'file' ? exportedName(files, next.path, imported, resolution, depth + 1) : null;
  };
  const ofBinding = (local: string): ExportedName | null => {
    const binding = file.model.module.bindings.get(local);
    if (!binding) return null;
    const record = binding.kind === 'import' ? importRecordOf(file.model, binding) : undefined;
    return record ? follow(record.module, record.imported) : { kind: 'binding', file, binding };
  };
  for (const entry of file.model.exports) {
    if (entry.exported !== name) continue;
    if (entry.from) return follow(entry.from.module, entry.from.imported);
    if (entry.local) return ofBinding(entry.local);
  }
  if (file.model.exportsEverything) {
    const own = ofBinding(name);
    if (own) return own;
  }
  for (const entry of file.model.exports) {
    if (entry.from?.imported !== '*' || entry.exported !== '*') continue;
    const next = resolve(entry.from.module);
    const found = next.kind === 'file' ? exportedName(files, next.path, name, resolution, depth + 1) : null;
    if (found) return found;
  }
  return null;
}

/** The module a name a module exports stands for, when it is a namespace (`export * as z from`, `import * as z` then `export { z }`). */
function exportedNamespace(files: ReadonlyMap<string, ModelledFile>, modulePath: string, name: string, resolution: ProjectResolution): ModuleTarget | null {
  const exported = exportedName(files, modulePath, name, resolution);
  return exported?.kind === 'namespace' ? exported.target : null;
}

/** A package's submodule by name (`pkg/__init__.py` + `core` → `pkg/core.py`), or `null`. */
function submoduleOf(module: string, name: string, files: ReadonlySet<string>): string | null {
  if (!/\/__init__\.pyi?$/.test(module)) return null;
  const folder = dirname(module);
  return [`${folder}/${name}.py`, `${folder}/${name}/__init__.py`, `${folder}/${name}.pyi`].find((candidate) => files.has(candidate)) ?? null;
}

/**
 * Every location of a declaration: its occurrences in its file, then (for a module-level name)
 * every import of it under the root and, for imports that keep its name, every use of the
 * imported binding; re-exports that keep the name are followed to their importers, and so are
 * namespace and star imports of every module that exports it.
 */
export function findLocations(files: ReadonlyMap<string, ModelledFile>, declaration: Declaration, resolution: ProjectResolution): FoundReferences {
  const locations: FoundLocation[] = [];
  const seen = new Set<string>();
  const bindings: Declaration[] = [];
  const add = (file: string, occurrence: Occurrence, binding: Binding | null, imported: boolean) => {
    const key = `${file}\u0000${occurrence.start}`;
    if (seen.has(key)) return;
    seen.add(key);
    locations.push({ file, start: occurrence.start, end: occurrence.end, kind: kindOf(occurrence), occurrence, binding, imported });
  };
  const name = declaration.binding.name;
  const exportedModules: string[] = [];
  const queued = new Set<string>();
  const queueModule = (path: string) => {
    if (queued.has(path)) return;
    queued.add(path);
    exportedModules.push(path);
  };
  const followBinding = (file: string, binding: Binding, imported: boolean) => {
    if (bindings.some((known) => known.binding === binding)) return;
    bindings.push({ file, binding });
    const modelled = files.get(file)!;
    for (const occurrence of occurrencesOf(modelled.model, binding)) add(file, occurrence, binding, imported);
    if (binding.scope !== modelled.model.module) return;
    const exported = modelled.model.exportsEverything || modelled.model.exports.some((entry) => entry.local === name && entry.exported === name);
    if (exported) queueModule(file);
  };
  followBinding(declaration.file, declaration.binding, false);

  // Property accesses of the name, by file: checked against each module as it is queued.
  const properties = new Map<string, Occurrence[]>();
  for (const file of files.values()) properties.set(file.path, file.model.occurrences.filter((occurrence) => occurrence.role === 'property' && occurrence.name === name));
  const receivers = new Map<Occurrence, ModuleTarget | null>();
  const moduleOfReceiver = (file: ModelledFile, occurrence: Occurrence) => {
    if (!receivers.has(occurrence)) receivers.set(occurrence, receiverModule(file, occurrence, resolution, files));
    return receivers.get(occurrence)!;
  };

  for (let next = 0; next < exportedModules.length; next++) {
    const module = exportedModules[next]!;
    for (const importer of files.values()) {
      const { model } = importer;
      if (!profileOf(importer.language).modules) continue;
      const resolve = (specifier: string) => resolution.resolveFile(importer.path, specifier, importer.language);
      for (const record of model.imports) {
        if (record.imported === name && resolve(record.module) === module) {
          const local = record.localOccurrence;
          if (local && record.local !== name) {
            // `import { a as b }`: the imported name changes, the local one stays.
            if (record.nameOccurrence) add(importer.path, record.nameOccurrence, null, true);
          } else {
            // `import { a }`, and `a as a` (Python's explicit re-export): the local name follows.
            if (local && record.nameOccurrence) add(importer.path, record.nameOccurrence, null, true);
            const binding = (local ?? record.nameOccurrence)?.binding;
            if (binding) followBinding(importer.path, binding, true);
          }
        } else if (isStarImport(record) && resolve(record.module) === module) {
          // `from m import *`: the name is used unbound in the importer, and exported again by it.
          for (const occurrence of model.occurrences) if (occurrence.name === name && occurrence.role === 'reference' && occurrence.binding === null) add(importer.path, occurrence, null, true);
          if (model.exportsEverything) queueModule(importer.path);
        }
      }
      for (const occurrence of properties.get(importer.path) ?? []) {
        const target = moduleOfReceiver(importer, occurrence);
        if (target?.kind === 'file' && target.path === module) add(importer.path, occurrence, null, true);
      }
      for (const entry of model.exports) {
        if (!entry.from || resolve(entry.from.module) !== module) continue;
        if (entry.from.imported === '*' && entry.exported === '*') queueModule(importer.path);
        else if (entry.from.imported === name && entry.nameOccurrence) {
          add(importer.path, entry.nameOccurrence, null, true);
          if (entry.exported === name) queueModule(importer.path);
        }
      }
    }
  }
  locations.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.start - b.start));
  return { locations, bindings, modules: queued };
}

/** A mention of a name that could be neither tied to the declaration nor proven unrelated. */
export interface UnprovenMention {
  readonly file: string;
  readonly start: number;
  /** Why it could not be proven. */
  readonly reason: string;
}

/** Node types that hold text rather than code (what a mention inside one means nothing to a rename). */
const TEXT_NODES = /^(string|string_content|string_fragment|template_string|raw_string_literal|interpreted_string_literal|heredoc_body|heredoc_content|regex|regex_pattern|comment|line_comment|block_comment|doc_comment|html_comment|jsx_text|escape_sequence)$/;
/** Node types inside a text node that hold code again (`${…}`, f-string `{…}`). */
const CODE_IN_TEXT = /^(template_substitution|interpolation|string_interpolation)$/;
/** Names of properties, keys and members: a mention there names no binding. */
const PROPERTY_NAMES = /^(property_identifier|private_property_identifier|field_identifier|shorthand_property_identifier|property_signature)$/;

/** What the syntax says about a mention no occurrence of the model covers: text, a property name, or code. */
export function mentionContext(root: Node, start: number): 'text' | 'property' | 'code' {
  let node: Node | null = root.descendantForIndex(start, start + 1);
  if (node && PROPERTY_NAMES.test(node.type)) return 'property';
  for (; node; node = node.parent) {
    if (CODE_IN_TEXT.test(node.type)) return 'code';
    if (TEXT_NODES.test(node.type)) return 'text';
  }
  return 'code';
}

/**
 * Every mention of `name` in code (not in a comment or a string) in the modelled files, only
 * `within` a span of one file when given, but `declaration`'s own name (if any): for a declaration
 * structedit's scope model does not bind (C's parameters, Ruby's methods), none of them can be tied
 * to it or proven unrelated.
 */
export function unboundMentions(
  files: ReadonlyMap<string, ModelledFile>,
  name: string,
  declaration: { readonly file: string; readonly start: number } | null,
  within?: { readonly file: string; readonly start: number; readonly end: number },
  reason = (language: string) => `structedit's scope model for ${language} does not bind ${JSON.stringify(name)} where it is declared, so this mention could not be tied to it or proven unrelated`,
): UnprovenMention[] {
  const unproven: UnprovenMention[] = [];
  for (const file of files.values()) {
    if (within && file.path !== within.file) continue;
    for (const start of wordOffsets(file.text, name)) {
      if ((file.path === declaration?.file && start === declaration.start) || (within && (start < within.start || start >= within.end))) continue;
      if (mentionContext(file.root, start) === 'text') continue;
      unproven.push({ file: file.path, start, reason: reason(file.language) });
    }
  }
  return unproven;
}

/** Every offset where `name` stands as a whole word in `text`. */
export function wordOffsets(text: string, name: string): number[] {
  const offsets: number[] = [];
  const word = /[\p{L}\p{N}_$]/u;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (at > 0 && word.test(text[at - 1]!)) continue;
    const after = text[at + name.length];
    if (after !== undefined && word.test(after)) continue;
    offsets.push(at);
  }
  return offsets;
}

/**
 * Every mention of `name` in the modelled files that is neither one of `found.locations` nor
 * proven unrelated. Proven unrelated: another binding of the name; a string or a comment; a
 * property of something that is no module exporting the declaration (for a declaration that is no
 * member); an import or re-export from a module that resolves to another file or provably outside
 * the project. Unproven: an import from a module that could not be resolved; a use of the name
 * where a star import of an unresolved module could provide it; a mention inside a syntax error;
 * a mention in code structedit's scope model does not cover.
 */
export function auditMentions(files: ReadonlyMap<string, ModelledFile>, name: string, found: FoundReferences, resolution: ProjectResolution): UnprovenMention[] {
  const unproven: UnprovenMention[] = [];
  const located = new Set(found.locations.map((location) => `${location.file}\u0000${location.start}`));
  const ours = new Set(found.bindings.map((declaration) => declaration.binding));
  for (const file of files.values()) {
    const { model } = file;
    const byStart = new Map<number, Occurrence>();
    for (const occurrence of model.occurrences) if (occurrence.name === name) byStart.set(occurrence.start, occurrence);
    const starImports = model.imports.filter(isStarImport);
    const unprove = (start: number, reason: string) => unproven.push({ file: file.path, start, reason });
    const importTarget = (module: string) => resolution.resolve(file.path, module, file.language);
    const importReason = (module: string, target: ModuleTarget): string | null => {
      if (target.kind === 'unresolved') return `imports from ${module}, which could not be resolved: ${target.reason}`;
      if (target.kind === 'external') return null;
      if (found.modules.has(target.path)) return `imports from ${module} (${target.path}), which exports the declaration, in a way structedit does not follow`;
      if (target.path === found.bindings[0]?.file) return `imports from ${target.path}, the declaration's own module, which structedit does not see export it`;
      // Another module under the root: unrelated when it has a name of its own (or cannot pass one
      // on: it neither mentions the name nor re-exports a module wholesale, so it is not modelled).
      const exporter = files.get(target.path);
      if (!exporter || exporter.model.module.bindings.has(name) || exporter.model.exports.some((entry) => entry.exported === name)) return null;
      const star = [...exporter.model.exports.filter((entry) => entry.from?.imported === '*' && entry.exported === '*').map((entry) => entry.from!.module), ...exporter.model.imports.filter(isStarImport).map((record) => record.module)];
      const open = star.find((specifier) => resolution.resolve(exporter.path, specifier, exporter.language).kind === 'unresolved');
      return open === undefined ? null : `imports from ${target.path}, which passes on everything from ${open}, which could not be resolved`;
    };
    for (const start of wordOffsets(file.text, name)) {
      if (located.has(`${file.path}\u0000${start}`)) continue;
      if (file.syntaxErrors.some((error) => error.start <= start && start < Math.max(error.end, error.start + 1))) {
        unprove(start, 'the file has a syntax error here, so what the name means cannot be told');
        continue;
      }
      const occurrence = byStart.get(start);
      if (!occurrence) {
        const context = mentionContext(file.root, start);
        if (context === 'code') unprove(start, "structedit's scope model does not cover this syntax");
        continue;
      }
      if (occurrence.binding && ours.has(occurrence.binding)) {
        unprove(start, 'a use of the declaration that the rename did not reach');
        continue;
      }
      switch (occurrence.role) {
        case 'import':
        case 'import_name': {
          const record = model.imports.find((candidate) => candidate.nameOccurrence === occurrence || candidate.localOccurrence === occurrence);
          if (!record) break;
          // The local name of an aliased import (`import { x as name }`) is another binding.
          if (record.localOccurrence === occurrence && record.imported !== name) break;
          const reason = importReason(record.module, importTarget(record.module));
          if (reason) unprove(start, reason);
          break;
        }
        case 'export_name': {
          const entry = model.exports.find((candidate) => candidate.nameOccurrence === occurrence);
          if (!entry?.from) break;
          const reason = importReason(entry.from.module, importTarget(entry.from.module));
          if (reason) unprove(start, reason);
          break;
        }
        case 'reference': {
          if (occurrence.binding !== null) break;
          const unresolvedStar = starImports.map((record) => ({ record, target: importTarget(record.module) })).find(({ target }) => target.kind === 'unresolved' || (target.kind === 'file' && found.modules.has(target.path)));
          if (unresolvedStar) unprove(start, `may come from "from ${unresolvedStar.record.module} import *", which ${unresolvedStar.target.kind === 'unresolved' ? 'could not be resolved' : 'structedit does not follow here'}`);
          break;
        }
        case 'property': {
          const target = receiverModule(file, occurrence, resolution, files);
          if (target?.kind === 'unresolved') unprove(start, `a property of a module that could not be resolved (${target.reason})`);
          else if (target?.kind === 'file' && found.modules.has(target.path)) unprove(start, 'a property of a module that exports the declaration, reached in a way structedit does not follow');
          else if (target === null && occurrence.object?.kind === 'expression' && !occurrence.object.path && namespaceImports(file, resolution))
            unprove(start, `read from an expression (${occurrence.object.name.slice(0, 60)}) in a file that imports modules whole, so it may be a module's export; which one could not be told`);
          else if (target === null && occurrence.object?.kind === 'name') {
            const namespace = namespaceInValue(file, occurrence.object, resolution, found.modules);
            if (namespace) unprove(start, `read from ${occurrence.object.name}, a value built from ${namespace} (the namespace of a module that exports the declaration), so it may be the declaration`);
          }
          break;
        }
        default:
          break;
      }
    }
  }
  return uniqueBy(unproven, (mention) => `${mention.file}\u0000${mention.start}`);
}

/** Whether a file imports a module of the project whole (`import * as ns`, `import pkg`, a namespace bound from `import()`). */
/**
 * The namespace import a local value is built from (`const z = { ..._schemas, iso }`), when that
 * namespace is of one of `modules`: properties read from the value may be the modules' exports.
 */
function namespaceInValue(file: ModelledFile, receiver: Receiver, resolution: ProjectResolution, modules: ReadonlySet<string>): string | null {
  const binding = occurrenceAt(file.model, receiver.start, receiver.end)?.binding;
  const declaration = binding && binding.kind !== 'import' ? binding.declarations[0] : undefined;
  if (!declaration) return null;
  let holder: Node | null = file.root.descendantForIndex(declaration.start, declaration.end);
  while (holder && !holder.childForFieldName('value') && !/statement|^program$|^module$/.test(holder.type)) holder = holder.parent;
  const value = holder?.childForFieldName('value');
  if (!value) return null;
  for (const node of value.descendantsOfType('identifier')) {
    const used = node ? occurrenceAt(file.model, node.startIndex, node.endIndex)?.binding : null;
    if (!node || !used || used.kind !== 'import') continue;
    const record = importRecordOf(file.model, used);
    if (!record || record.imported !== '*') continue;
    const target = resolution.resolve(file.path, record.module, file.language);
    if (target.kind === 'file' && modules.has(target.path)) return node.text;
  }
  return null;
}

function namespaceImports(file: ModelledFile, resolution: ProjectResolution): boolean {
  return file.model.imports.some((record) => record.imported === '*' && record.local !== null && resolution.resolve(file.path, record.module, file.language).kind === 'file');
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
      const other = resolveName(occurrence.scope, newName, model.classBodiesHidden, occurrence.start);
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

/** The text that replaces a location's occurrence when its name becomes `newName`. */
export function renamedText(location: Pick<FoundLocation, 'occurrence' | 'imported' | 'property'>, newName: string): string {
  const { occurrence } = location;
  if (occurrence.form === 'shorthand_import' && location.imported) return newName;
  if (location.property && (occurrence.form === 'shorthand_pattern' || occurrence.form === 'shorthand_import')) return `${newName}: ${occurrence.name}`;
  if (occurrence.form === 'shorthand_property' || occurrence.form === 'shorthand_pattern' || occurrence.form === 'shorthand_import') return `${occurrence.name}: ${newName}`;
  return newName;
}
