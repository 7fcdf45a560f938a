import type { ResultAsync} from 'neverthrow';
import { err, ok, safeTry } from 'neverthrow';
import type { MoveEdit } from '../core/arguments.js';
import { planMoveAcrossFiles, planMoveWithinFile } from '../core/edit/move-structure.js';
import type { Replacement } from '../core/edit/replacements.js';
import { invalidArgument, makeError, type CodeLocation, type StructeditError } from '../core/errors.js';
import { locateUniqueTarget } from '../core/locate/locate.js';
import type { StructurePath } from '../core/locate/targets.js';
import { planAdd } from '../core/semantic/add-part.js';
import { parsePosition } from '../core/semantic/lists.js';
import { languageFamily, moduleSpecifier, resolveModule } from '../core/semantic/modules.js';
import { planRemove } from '../core/semantic/remove-part.js';
import { scopesOf } from '../core/semantic/scope-rules-generic.js';
import { occurrencesOf, type ImportRecord, type ScopeModel } from '../core/semantic/scopes.js';
import { detectIndentationStyle } from '../core/text/indentation.js';
import { codeLocation, locateAddress, type EditRun } from './semantic-edit.js';
import { Workspace, type WorkspaceFile } from './workspace.js';

/** One thing a move did to a file. */
export interface MoveChange {
  /** The file, relative to the root. */
  file: string;
  /** `removed_definition`, `added_definition`, `added_import`, `removed_import`, `updated_import`, `added_export`. */
  type: 'removed_definition' | 'added_definition' | 'added_import' | 'removed_import' | 'updated_import' | 'added_export';
  /** The import statement or name concerned, when there is one. */
  import?: string;
}

/** What a `move` did. */
export interface MoveOutcome {
  /** 0-based index of the edit in the batch. */
  index: number;
  /** The operation. */
  op: 'move';
  /** The file the declaration was in, as given. */
  path: string;
  /** The address, as given. */
  address: string;
  /** It was applied (or would be, in a dry run). */
  status: 'applied';
  /** The moved declaration's name (`null` for an unnamed structure). */
  element: string | null;
  /** The file it left. */
  from: string;
  /** The file it went to. */
  to: string;
  /** What changed where: the definition removed and added, imports added, removed or updated. */
  changes: MoveChange[];
}

/** Quote and semicolon style of a file's imports, for the ones a move adds. */
interface ImportStyle {
  readonly quote: string;
  readonly semicolon: string;
  readonly extension: boolean;
  readonly relative: boolean;
}

function importStyle(file: WorkspaceFile): ImportStyle {
  const text = file.tree.source.text;
  const sample = /^import[^\n]*?from\s+(['"])([^'"]*)\1(;?)/m.exec(text) ?? /^import\s+(['"])([^'"]*)\1(;?)/m.exec(text);
  const relativeSpecifier = /from\s+['"](\.[^'"]*)['"]/.exec(text)?.[1];
  return {
    quote: sample?.[1] ?? "'",
    semicolon: sample ? sample[3]! : /;\s*$/m.test(text) || text.trim() === '' ? ';' : '',
    extension: relativeSpecifier !== undefined && /\.[cm]?js$/.test(relativeSpecifier),
    relative: /^from\s+\./m.test(text),
  };
}

/** The import statement text for one name. */
function importStatement(language: string, module: string, imported: string, local: string, style: ImportStyle): string {
  if (language === 'python') {
    if (imported === '*') return local === module ? `import ${module}` : `import ${module} as ${local}`;
    return `from ${module} import ${imported}${local !== imported ? ` as ${local}` : ''}`;
  }
  const quoted = `${style.quote}${module}${style.quote}`;
  if (imported === '*') return `import * as ${local} from ${quoted}${style.semicolon}`;
  if (imported === 'default') return `import ${local} from ${quoted}${style.semicolon}`;
  return `import { ${imported}${local !== imported ? ` as ${local}` : ''} } from ${quoted}${style.semicolon}`;
}

/** The specifier text as written in an import (`imported as local`). */
function specifierText(imported: string, local: string): string {
  return local === imported ? imported : `${imported} as ${local}`;
}

type Step = { file: WorkspaceFile; model: ScopeModel };

/** A file's current scope model. */
function modelOf(workspace: Workspace, path: string): ResultAsync<Step, StructeditError> {
  return safeTry(async function* () {
    const file = yield* workspace.file(path);
    const tree = yield* workspace.syntax(file);
    if (!tree) return err(invalidArgument([{ field: 'path', message: `${path} has no syntax tree for moves` }]));
    return ok({ file, model: scopesOf(tree.rootNode, file.language.id) });
  });
}

/**
 * Adds an import of `imported` (as `local`) from `module` to a file: a name added to an existing
 * import from that module, else a new import statement after the last one.
 */
function addImport(run: EditRun, path: string, module: string, imported: string, local: string, fallback: ImportStyle): ResultAsync<string, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const { file, model } = yield* modelOf(workspace, path);
    if (model.module.bindings.has(local)) return ok('');
    const language = file.language.id;
    const style = model.imports.length > 0 ? importStyle(file) : fallback;
    const indentation = detectIndentationStyle(file.tree.source.text);
    const existing = model.imports.find((record) => record.module === module && record.topLevel && record.imported !== '*' && record.imported !== 'default' && record.local !== null);
    if (existing && imported !== '*' && imported !== 'default') {
      const located = yield* locateAddress(workspace, path, `.imports[${JSON.stringify(module)}]`);
      const replacements = yield* planAdd(located.context, located.part, specifierText(imported, local), { kind: 'last' }, 'last', indentation);
      const applied = yield* workspace.apply(located.file, replacements, run.syntax);
      run.warnings.push(...applied.warnings);
      return ok(specifierText(imported, local));
    }
    const statement = importStatement(language, module, imported, local, style);
    const located = yield* locateAddress(workspace, path, '.imports');
    const replacements = yield* planAdd(located.context, located.part, statement, { kind: 'last' }, 'last', indentation);
    const applied = yield* workspace.apply(located.file, replacements, run.syntax);
    run.warnings.push(...applied.warnings);
    return ok(statement);
  });
}

/** Removes one import record: its name from the statement, or the statement when it is the only one. */
function removeImport(run: EditRun, path: string, record: ImportRecord): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const { model } = yield* modelOf(workspace, path);
    const sameStatement = model.imports.filter((other) => other.statement.start === record.statement.start);
    const located = yield* locateAddress(workspace, path, `.imports[${JSON.stringify(record.module)}]`).orElse(() => locateAddress(workspace, path, `.imports`));
    let part = located.part;
    if (sameStatement.length > 1 && record.nameOccurrence) {
      const inner = yield* locateAddress(workspace, path, `.imports[${JSON.stringify(record.module)}][${JSON.stringify(record.imported)}]`);
      part = inner.part;
    } else if (part.kind !== 'element') {
      return ok(undefined);
    }
    const replacements = yield* planRemove(located.context, part, '');
    const applied = yield* workspace.apply(located.file, replacements, run.syntax);
    run.warnings.push(...applied.warnings);
    return ok(undefined);
  });
}

/**
 * `move`: a declaration to another place in its file (`position`), or a top-level declaration to
 * another file (`to`, created if missing), with imports kept right for TypeScript/JavaScript and
 * Python: the destination imports what the declaration uses, the source imports it back if it
 * still uses it, importers of it import it from its new home, and imports nothing uses any more
 * are removed.
 */
export function moveDeclaration(run: EditRun, edit: MoveEdit): ResultAsync<MoveOutcome, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const located = yield* locateAddress(workspace, edit.path, edit.address, edit.language);
    if (located.part.kind !== 'structure') return err(invalidArgument([{ field: `edits.${run.index}.address`, message: 'move takes a structure (a declaration), not a part of one' }]));
    const source = located.file;
    const moved = located.part.path;
    const node = moved[moved.length - 1]!;
    const position = parsePosition(edit.position);
    if (!position || position.kind === 'at') return err(invalidArgument([{ field: `edits.${run.index}.position`, message: 'use first, last, before:<target> or after:<target>' }]));
    const toPath = edit.to ? Workspace.key(edit.to) : source.path;
    const base = { index: run.index, op: 'move' as const, path: edit.path, address: edit.address, status: 'applied' as const, element: node.name, from: source.path, to: toPath };

    const destinationFile = toPath === source.path ? source : yield* workspace.fileOrNew(toPath, edit.language);
    const destTree = destinationFile.tree;
    let anchor: StructurePath = [destTree.root];
    let side: 'before' | 'after' = 'after';
    if (position.kind === 'before' || position.kind === 'after') {
      anchor = yield* locateUniqueTarget(destTree, position.ref, toPath);
      side = position.kind;
    } else if (position.kind === 'first') {
      const firstCode = destTree.root.children.find((child) => child.kind !== 'import' && child.kind !== 'docstring' && child.kind !== 'package');
      anchor = firstCode ? [destTree.root, firstCode] : [destTree.root];
      side = firstCode ? 'before' : 'after';
    }
    const style = detectIndentationStyle(destTree.source.text);
    const moveSource = { tree: source.tree, path: moved, parentTarget: located.ownerTarget };
    if (toPath === source.path) {
      const plan = yield* planMoveWithinFile(moveSource, { tree: source.tree, path: anchor, side, style });
      const applied = yield* workspace.apply(source, plan.replacements, run.syntax);
      run.warnings.push(...applied.warnings);
      const changes: MoveChange[] = [{ file: source.path, type: 'removed_definition' }, { file: source.path, type: 'added_definition' }];
      return ok({ ...base, changes });
    }
    if (moved.length !== 2) return err(invalidArgument([{ field: `edits.${run.index}.address`, message: 'only a top-level declaration can move to another file' }]));
    if (languageFamily(destinationFile.language.id) !== languageFamily(source.language.id)) {
      return err(invalidArgument([{ field: `edits.${run.index}.to`, message: `${toPath} is ${destinationFile.language.id} and ${source.path} is ${source.language.id}; a declaration moves between files of one language` }]));
    }
    const name = node.name;
    const language = source.language.id;
    const family = languageFamily(language);
    const semantic = family === 'ecmascript' || language === 'python';

    // What the declaration uses from its module, before anything changes.
    const sourceModel = (yield* modelOf(workspace, source.path)).model;
    const inside = (start: number) => start >= node.start && start < node.end;
    const binding = name ? sourceModel.module.bindings.get(name) : undefined;
    const needs = new Map<string, { imported: string; module: string | null; local: string; record: ImportRecord | null }>();
    if (semantic) {
      for (const occurrence of sourceModel.occurrences) {
        if (!inside(occurrence.start) || !occurrence.binding || occurrence.binding.scope !== sourceModel.module || occurrence.binding === binding) continue;
        if (occurrence.role !== 'reference') continue;
        const used = occurrence.binding;
        if (needs.has(used.name)) continue;
        const record = sourceModel.imports.find((candidate) => candidate.local === used.name) ?? null;
        needs.set(used.name, record ? { imported: record.imported, module: record.module, local: used.name, record } : { imported: used.name, module: null, local: used.name, record: null });
      }
    }
    const destModel = destinationFile.originalBytes === null && destinationFile.tree.source.text === '' ? null : (yield* modelOf(workspace, toPath)).model;
    if (name && destModel?.module.bindings.has(name) && !destModel.imports.some((record) => record.local === name)) {
      const declaration = destModel.module.bindings.get(name)!.declarations[0]!;
      const conflict = codeLocation(destinationFile, declaration.start, 'definition');
      return err(makeError('CONFLICT', `${toPath} already declares ${JSON.stringify(name)} (line ${conflict.line}: ${JSON.stringify(conflict.text)}); moving ${JSON.stringify(name)} there would collide. Rename one of them first.`, { reason: 'name_taken', path: edit.path, address: edit.address, name, conflicts: [conflict] }));
    }

    // Files importing the declaration from its old home.
    const files = new Set(yield* workspace.listFiles());
    for (const file of [source.path, toPath]) files.add(file);
    const importers: Array<{ path: string; record: ImportRecord }> = [];
    const namespaced: CodeLocation[] = [];
    const reexporters: Array<{ path: string; statement: { start: number; end: number }; nameStart: number }> = [];
    if (semantic && name) {
      for (const path of files) {
        if (path === source.path) continue;
        const language = workspace.context.registry.resolve(path);
        if (language.isErr() || languageFamily(language.value.id) !== family) continue;
        if ((yield* workspace.fileMentioning(path, (text) => text.includes(name))) === null) continue;
        const step = yield* modelOf(workspace, path);
        for (const record of step.model.imports) {
          if (record.imported === name && resolveModule(path, record.module, step.file.language.id, files) === source.path) importers.push({ path, record });
        }
        for (const record of step.model.imports) {
          if (record.imported !== '*' || record.local === null || resolveModule(path, record.module, step.file.language.id, files) !== source.path) continue;
          for (const occurrence of step.model.occurrences) {
            if (occurrence.role === 'property' && occurrence.name === name && occurrence.object?.name === record.local) namespaced.push(codeLocation(step.file, occurrence.start, 'namespace'));
          }
        }
        for (const entry of step.model.exports) {
          if (entry.from && entry.from.imported === name && entry.nameOccurrence && resolveModule(path, entry.from.module, step.file.language.id, files) === source.path) {
            reexporters.push({ path, statement: entry.statement, nameStart: entry.nameOccurrence.start });
          }
        }
      }
    }

    // Import styles as the files are now (before imports are removed from them).
    const sourceStyle = importStyle(source);
    const styles = new Map<string, ImportStyle>([[source.path, sourceStyle]]);
    for (const path of [toPath, ...importers.map((importer) => importer.path), ...reexporters.map((entry) => entry.path)]) {
      const file = yield* workspace.file(path);
      if (/^\s*(import|from)\s/m.test(file.tree.source.text)) styles.set(path, importStyle(file));
    }
    const changes: MoveChange[] = [];
    // 1. The text moves.
    const plans = yield* planMoveAcrossFiles(moveSource, { tree: destinationFile.tree, path: anchor, side, style });
    yield* workspace.apply(destinationFile, plans.destination.replacements, run.syntax).map((applied) => run.warnings.push(...applied.warnings));
    yield* workspace.apply(source, plans.source.replacements, run.syntax).map((applied) => run.warnings.push(...applied.warnings));
    changes.push({ file: source.path, type: 'removed_definition' }, { file: toPath, type: 'added_definition' });
    if (!semantic || !name) return ok({ ...base, changes });

    const specifierFrom = (from: string, to: string) => moduleSpecifier(from, to, language, styles.get(from) ?? sourceStyle, files);

    // 2. The destination imports what the declaration uses.
    for (const need of needs.values()) {
      let module: string;
      let imported = need.imported;
      if (need.module === null) {
        module = specifierFrom(toPath, source.path);
        if (family === 'ecmascript') yield* exportDeclaration(run, source.path, need.local, changes);
      } else {
        const resolved = resolveModule(source.path, need.module, language, files);
        module = resolved ? specifierFrom(toPath, resolved) : need.module;
        if (resolved === toPath) continue;
        imported = need.imported;
      }
      const added = yield* addImport(run, toPath, module, imported, need.local, sourceStyle);
      if (added) changes.push({ file: toPath, type: 'added_import', import: added });
    }

    // 3. The source: imports only the declaration used go; it imports the declaration back if it still uses it.
    const after = (yield* modelOf(workspace, source.path)).model;
    for (const need of needs.values()) {
      if (!need.record) continue;
      const still = after.module.bindings.get(need.local);
      const used = still ? occurrencesOf(after, still).some((occurrence) => occurrence.role === 'reference' || occurrence.role === 'export') : false;
      if (used) continue;
      const record = after.imports.find((candidate) => candidate.local === need.local);
      if (record) {
        yield* removeImport(run, source.path, record);
        changes.push({ file: source.path, type: 'removed_import', import: need.local });
      }
    }
    const stillUsed = after.occurrences.some((occurrence) => occurrence.name === name && (occurrence.role === 'reference' || occurrence.role === 'export') && occurrence.binding === null);
    const exportedFromSource = sourceModel.exports.some((entry) => entry.local === name && entry.declaration);
    if (stillUsed) {
      const added = yield* addImport(run, source.path, specifierFrom(source.path, toPath), name, name, sourceStyle);
      if (added) changes.push({ file: source.path, type: 'added_import', import: added });
    }
    // 4. Importers import it from its new home (the destination itself no longer imports it).
    let needsExport = stillUsed;
    for (const { path, record } of importers) {
      if (path !== toPath) {
        const { file, model } = yield* modelOf(workspace, path);
        const alone = model.imports.filter((other) => other.statement.start === record.statement.start).length === 1;
        const current = model.imports.find((other) => other.statement.start === record.statement.start);
        if (alone && current) {
          needsExport = true;
          const statement = file.tree.source.text.slice(current.statement.start, current.statement.end);
          const at = file.language.id === 'python' ? statement.indexOf(current.module) : statement.lastIndexOf(current.module);
          const replacement = { start: current.statement.start + at, end: current.statement.start + at + current.module.length, text: specifierFrom(path, toPath) };
          const applied = yield* workspace.apply(file, [replacement], run.syntax);
          run.warnings.push(...applied.warnings);
          changes.push({ file: path, type: 'updated_import', import: name });
          continue;
        }
      }
      yield* removeImport(run, path, record);
      if (path === toPath) {
        changes.push({ file: path, type: 'removed_import', import: name });
        continue;
      }
      needsExport = true;
      yield* addImport(run, path, specifierFrom(path, toPath), name, record.local ?? name, styles.get(path) ?? sourceStyle);
      changes.push({ file: path, type: 'updated_import', import: name });
    }
    for (const entry of reexporters) {
      needsExport = true;
      yield* retargetReexport(run, entry.path, entry.statement.start, name, specifierFrom(entry.path, toPath), styles.get(entry.path) ?? sourceStyle);
      changes.push({ file: entry.path, type: 'updated_import', import: name });
    }
    if (namespaced.length > 0) {
      run.warnings.push({
        type: 'REFERENCES_UNRESOLVED',
        message: `${namespaced.length} use${namespaced.length === 1 ? '' : 's'} of ${JSON.stringify(name)} through a namespace import of ${source.path} (${namespaced.slice(0, 5).map((location) => `${location.file}:${location.line}`).join(', ')}) still point at ${source.path}; import ${JSON.stringify(name)} from ${toPath} there.`,
        details: { locations: namespaced },
      });
    }
    if (family === 'ecmascript' && needsExport && !exportedFromSource) yield* exportDeclaration(run, toPath, name, changes);
    return ok({ ...base, changes });
  });
}

/**
 * Points a re-export of the moved name at its new module: the whole statement when it re-exports
 * only that name, else the name leaves it for a new `export { name } from` statement after it.
 */
function retargetReexport(run: EditRun, path: string, statementStart: number, name: string, module: string, style: ImportStyle): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const { file, model } = yield* modelOf(workspace, path);
    const entries = model.exports.filter((entry) => entry.statement.start === statementStart && entry.from);
    const entry = entries.find((candidate) => candidate.from!.imported === name);
    if (!entry) return ok(undefined);
    const text = file.tree.source.text;
    const statement = text.slice(entry.statement.start, entry.statement.end);
    const quoted = `${style.quote}${module}${style.quote}`;
    const source = /(['"])[^'"]*\1/.exec(statement.slice(statement.lastIndexOf('from')))!;
    const sourceStart = entry.statement.start + statement.lastIndexOf('from') + source.index;
    let replacements: Replacement[];
    if (entries.length === 1) replacements = [{ start: sourceStart, end: sourceStart + source[0].length, text: quoted }];
    else {
      const start = entry.nameOccurrence!.start;
      const after = /^[^,}]*,\s*/.exec(text.slice(start));
      const cut = after ? { start, end: start + after[0].length } : { start: start - /,\s*$/.exec(text.slice(entry.statement.start, start))![0].length, end: start + /^[^,}]*/.exec(text.slice(start))![0].trimEnd().length };
      const lineEnd = text.indexOf('\n', entry.statement.end);
      const at = lineEnd === -1 ? text.length : lineEnd;
      replacements = [cut, { start: at, end: at, text: `\nexport { ${name} } from ${quoted}${style.semicolon}` }].map((span) => ('text' in span ? span : { ...span, text: '' }));
    }
    const applied = yield* workspace.apply(file, replacements, run.syntax);
    run.warnings.push(...applied.warnings);
    return ok(undefined);
  });
}

/** Adds `export ` before a top-level declaration of a TypeScript/JavaScript file that lacks it. */
function exportDeclaration(run: EditRun, path: string, name: string, changes: MoveChange[]): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const { file, model } = yield* modelOf(workspace, path);
    if (model.exports.some((entry) => entry.local === name)) return ok(undefined);
    const binding = model.module.bindings.get(name);
    const declaration = binding?.declarations[0];
    if (!declaration || binding!.kind === 'import') return ok(undefined);
    const structure = file.tree.root.children.find((child) => child.start <= declaration.start && declaration.end <= child.end);
    if (!structure) return ok(undefined);
    const replacements: Replacement[] = [{ start: structure.headerStart, end: structure.headerStart, text: 'export ' }];
    const applied = yield* workspace.apply(file, replacements, run.syntax);
    run.warnings.push(...applied.warnings);
    changes.push({ file: path, type: 'added_export', import: name });
    return ok(undefined);
  });
}
