import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import type { MoveEdit } from '../arguments.js';
import { planMoveAcrossFiles, planMoveWithinFile } from '../edit/move-structure.js';
import { invalidArgument, makeError, type CodeLocation, type StructeditError } from '../errors.js';
import type { ImportStyle } from '../languages/profile.js';
import { languageFamily, profileOf } from '../languages/profiles/index.js';
import { projectResolution } from '../modules/resolution.js';
import { locateUniqueTarget } from '../locate/locate.js';
import type { StructurePath } from '../locate/targets.js';
import { detectIndentationStyle } from '../text/indentation.js';
import { addImport, exportDeclaration, importStyle, modelOf, removeImport, retargetReexport } from './imports.js';
import { codeLocation, locateAddress } from './locate-address.js';
import { parsePosition } from './lists.js';
import type { MoveChange, MoveOutcome } from './outcomes.js';
import { occurrencesOf, type ImportRecord } from './scopes.js';
import { workspacePath, type EditRun } from './workspace.js';

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
    const toPath = edit.to ? workspacePath(edit.to) : source.path;
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
    // Imports are followed where the profile knows the language's module system.
    const modules = profileOf(language).modules;
    const semantic = modules !== null;

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
    const project = yield* workspace.project();
    const files = new Set(project.files);
    for (const file of [source.path, toPath]) files.add(file);
    const resolution = projectResolution({ files, configs: project.configs });
    const resolveModule = (from: string, specifier: string) => resolution.resolveFile(from, specifier, language);
    const importers: Array<{ path: string; record: ImportRecord }> = [];
    const namespaced: CodeLocation[] = [];
    const reexporters: Array<{ path: string; statement: { start: number; end: number }; nameStart: number }> = [];
    if (semantic && name) {
      for (const path of files) {
        if (path === source.path) continue;
        const language = workspace.languageOf(path);
        if (language.isErr() || languageFamily(language.value.id) !== family) continue;
        if ((yield* workspace.fileMentioning(path, (text) => text.includes(name))) === null) continue;
        const step = yield* modelOf(workspace, path);
        for (const record of step.model.imports) {
          if (record.imported === name && resolveModule(path, record.module) === source.path) importers.push({ path, record });
        }
        for (const record of step.model.imports) {
          if (record.imported !== '*' || record.local === null || resolveModule(path, record.module) !== source.path) continue;
          for (const occurrence of step.model.occurrences) {
            if (occurrence.role === 'property' && occurrence.name === name && occurrence.object?.name === record.local) namespaced.push(codeLocation(step.file, occurrence.start, 'namespace'));
          }
        }
        for (const entry of step.model.exports) {
          if (entry.from && entry.from.imported === name && entry.nameOccurrence && resolveModule(path, entry.from.module) === source.path) {
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
    if (!modules || !name) return ok({ ...base, changes });

    const specifierFrom = (from: string, to: string) => modules.specifier(from, to, styles.get(from) ?? sourceStyle, files);

    // 2. The destination imports what the declaration uses.
    for (const need of needs.values()) {
      let module: string;
      let imported = need.imported;
      if (need.module === null) {
        module = specifierFrom(toPath, source.path);
        if (modules.explicitExports) yield* exportDeclaration(run, source.path, need.local, changes);
      } else {
        const resolved = resolveModule(source.path, need.module);
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
          const at = modules.specifierOffset(statement, current.module);
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
    if (modules.explicitExports && needsExport && !exportedFromSource) yield* exportDeclaration(run, toPath, name, changes);
    return ok({ ...base, changes });
  });
}
