import { err, ok, safeTry, type Result, type ResultAsync } from 'neverthrow';
import type { MoveEdit } from '../arguments/semantic.js';
import { planMoveAcrossFiles, planMoveWithinFile } from '../edit/move-structure.js';
import { invalidArgument, makeError, type CodeLocation, type StructeditError } from '../errors.js';
import type { ImportStyle, ModuleDeclaration, ModuleSystem, MoveRules } from '../languages/profile.js';
import { languageFamily, profileOf } from '../languages/profiles/index.js';
import { locateUniqueTarget } from '../locate/locate.js';
import type { StructurePath } from '../locate/targets.js';
import { projectResolution, type ProjectResolution } from '../modules/resolution.js';
import { isDeclarationGroup, namesDeclaredBy } from '../structure/kinds.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { mentionsAfterMove, moduleBindingReferences, unresolvedReferences } from './declaration-references.js';
import { addImport, exportDeclaration, importStyle, modelOf, removeImport, retargetReexport } from './imports.js';
import { parsePosition } from './lists.js';
import { dirname } from './modules.js';
import { attributesAbove, bindingsDeclaredBy, importsInsertion, movedTextNeeds, namespaceOf, packageClauses, type MovedTextNeeds } from './moved-text.js';
import { codeLocation, locateAddress, type LocatedAddress } from './locate-address.js';
import type { MoveChange, MoveOutcome } from './outcomes.js';
import type { FoundLocation, ModelledFile, UnprovenMention } from './references.js';
import { scopesOf } from './scope-model.js';
import { occurrencesOf, type Binding, type ImportRecord, type Occurrence, type ScopeModel } from './scopes.js';
import { workspacePath, type EditRun, type SemanticWorkspace, type WorkspaceFile } from './workspace.js';

/** Where a moved declaration goes: next to a structure of the destination, or at its start or end. */
interface Placement {
  readonly anchor: StructurePath;
  readonly side: 'before' | 'after';
}

/**
 * What a new file of the source's language must start with to hold its code as the source does:
 * the language's file head (PHP's `<?php`; not a `#!` line, which belongs to the script) and the
 * source's package clauses, each followed by a blank line.
 */
function fileHead(source: WorkspaceFile): string {
  const text = source.tree.source.text;
  const rules = profileOf(source.language.id).moves;
  const opening = fileOpening(source);
  // (Go's `//go:build linux`: the new file is compiled where the source is.)
  const constraints = rules.compiledUnder?.(source.path, text).lines ?? '';
  const packages = packageClauses(source.tree, rules).map((structure) => text.slice(structure.start, structure.end));
  const parts = [...(opening === '' ? [] : [opening]), ...packages];
  // (A blank line ends a constraint's comment, or it would be the package's doc comment.)
  const head = [...(constraints === '' ? [] : [constraints]), ...(parts.length === 0 ? [] : [parts.join('\n')])];
  return head.length === 0 ? '' : `${head.join('\n\n')}\n\n`;
}

/** The head a file of the source's language must open with to hold its code (PHP's `<?php`); not a `#!` line (a script's, or Rust's `#![no_std]`), trimmed. */
export function fileOpening(source: WorkspaceFile): string {
  return (profileOf(source.language.id).layout.fileHead.exec(source.tree.source.text)?.[0] ?? '').replace(/^#![^\n]*\n?/, '').trim();
}

/** The placement a `position` names in the destination's tree. */
function placementIn(tree: StructureTree, position: NonNullable<ReturnType<typeof parsePosition>>, path: string): Result<Placement, StructeditError> {
  if (position.kind === 'before' || position.kind === 'after') {
    const side = position.kind;
    return locateUniqueTarget(tree, position.ref, path).map((anchor) => ({ anchor, side }));
  }
  if (position.kind === 'first') {
    const firstCode = tree.root.children.find((child) => child.kind !== 'import' && child.kind !== 'docstring' && child.kind !== 'package');
    return ok(firstCode ? { anchor: [tree.root, firstCode], side: 'before' } : { anchor: [tree.root], side: 'after' });
  }
  return ok({ anchor: [tree.root], side: 'after' });
}

/** A name the moved declaration uses from its module: a module-level declaration there, or an import. */
interface Need {
  readonly imported: string;
  /** The module it is imported from (`null`: declared in the source itself). */
  readonly module: string | null;
  readonly local: string;
  readonly record: ImportRecord | null;
}

/** Module-level names (other than the declaration's own) that code inside `node` assigns (`global x; x = 1`): one place each. */
function globalsAssigned(model: ScopeModel, node: StructureNode, own: Binding): Occurrence[] {
  const assigned = new Map<string, Occurrence>();
  for (const occurrence of model.occurrences) {
    const binding = occurrence.binding;
    if (occurrence.start < node.start || occurrence.start >= node.end || !binding || binding === own || binding.scope !== model.module) continue;
    if (binding.declarations.includes(occurrence) && !assigned.has(binding.name)) assigned.set(binding.name, occurrence);
  }
  return [...assigned.values()];
}

/** The module-level names the declaration at `node` uses from its module, before anything changes. */
function needsOf(model: ScopeModel, node: StructureNode, name: string | null): Map<string, Need> {
  const inside = (start: number) => start >= node.start && start < node.end;
  const own = name ? model.module.bindings.get(name) : undefined;
  const needs = new Map<string, Need>();
  for (const occurrence of model.occurrences) {
    if (!inside(occurrence.start) || occurrence.role !== 'reference' || !occurrence.binding || occurrence.binding.scope !== model.module || occurrence.binding === own) continue;
    const used = occurrence.binding;
    if (needs.has(used.name)) continue;
    const record = model.imports.find((candidate) => candidate.local === used.name) ?? null;
    needs.set(used.name, record ? { imported: record.imported, module: record.module, local: used.name, record } : { imported: used.name, module: null, local: used.name, record: null });
  }
  return needs;
}

/** Places outside the moved text that refer to the declaration, counted by file (imports and exports left out). */
function usesByFile(locations: readonly FoundLocation[], excluded: (location: FoundLocation) => boolean): Map<string, FoundLocation[]> {
  const byFile = new Map<string, FoundLocation[]>();
  for (const location of locations) {
    if (location.kind !== 'reference' || excluded(location)) continue;
    byFile.set(location.file, [...(byFile.get(location.file) ?? []), location]);
  }
  return byFile;
}

/**
 * `move`: a declaration to another place in its file (`position`), or a top-level declaration to
 * another file (`to`, created if missing), with imports kept right for TypeScript/JavaScript and
 * Python: the destination imports what the declaration uses, the source imports it back if it
 * still uses it, importers of it import it from its new home, and imports nothing uses any more
 * are removed. Verified like a rename: every mention of the name under the root must be tied to the
 * declaration or proven unrelated before (`UNRESOLVED_REFERENCES` otherwise, as for uses through the
 * source's namespace, which a move cannot rewrite), no Python import cycle may appear
 * (`IMPORT_CYCLE`), and afterwards every use found before must reach the declaration in its new home.
 */
export function moveDeclaration(run: EditRun, edit: MoveEdit): ResultAsync<MoveOutcome, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const field = `edits.${run.index}`;
    const located = yield* locateAddress(workspace, edit.path, edit.address, edit.language).safeUnwrap();
    if (located.part.kind !== 'structure') return err(invalidArgument([{ field: `${field}.address`, message: 'move takes a structure (a declaration), not a part of one' }]));
    const source = located.file;
    const moved = located.part.path;
    const node = moved[moved.length - 1]!;
    const position = parsePosition(edit.position);
    if (!position || position.kind === 'at') return err(invalidArgument([{ field: `${field}.position`, message: 'use first, last, before:<target> or after:<target>' }]));
    const toPath = edit.to ? workspacePath(edit.to) : source.path;
    const base = { index: run.index, op: 'move' as const, path: edit.path, address: edit.address, status: 'applied' as const, element: node.name, from: source.path, to: toPath };

    let destination = toPath === source.path ? source : yield* workspace.fileOrNew(toPath, edit.language).safeUnwrap();
    // A file the move creates starts as the source does where its language needs it to: PHP's
    // `<?php`, Go's, Java's or Kotlin's package clause (without it the moved code is text, or lands
    // in another package).
    const head = destination.originalBytes === null && destination.tree.source.text === '' ? fileHead(source) : '';
    if (head !== '') destination = (yield* workspace.apply(destination, [{ start: 0, end: 0, text: head }], run.syntax).safeUnwrap()).file;
    const { anchor, side } = yield* placementIn(destination.tree, position, toPath).safeUnwrap();
    const style = yield* workspace.indentationStyle(destination).safeUnwrap();
    const moveSource = { tree: source.tree, path: moved, parentTarget: located.ownerTarget };
    if (toPath === source.path) {
      const plan = yield* planMoveWithinFile(moveSource, { tree: source.tree, path: anchor, side, style }).safeUnwrap();
      const applied = yield* workspace.apply(source, plan.replacements, run.syntax).safeUnwrap();
      run.warnings.push(...applied.warnings);
      return ok({ ...base, changes: [{ file: source.path, type: 'removed_definition' as const }, { file: source.path, type: 'added_definition' as const }] });
    }
    if (moved.length !== 2) return err(invalidArgument([{ field: `${field}.address`, message: 'only a top-level declaration can move to another file' }]));
    // Overload signatures and their implementation are one declaration: one of them alone cannot move.
    // (Free functions only: Go's methods of one name have other receivers, and its type shares its methods' names.)
    const overloads = node.kind === 'function' ? located.part.path[0]!.children.filter((sibling) => sibling.name !== null && sibling.name === node.name && sibling.kind === 'function') : [];
    if (overloads.length > 1) {
      return err(invalidArgument([{ field: `${field}.address`, message: `${node.name} is declared ${overloads.length} times (overload signatures and their implementation, lines ${overloads.map((sibling) => sibling.lineRange[0]).join(', ')}), and moving one of them alone would split it; move is not available for overloaded functions yet` }]));
    }
    if (languageFamily(destination.language.id) !== languageFamily(source.language.id)) {
      return err(invalidArgument([{ field: `${field}.to`, message: `${toPath} is ${destination.language.id} and ${source.path} is ${source.language.id}; a declaration moves between files of one language` }]));
    }
    const name = node.name;
    const language = source.language.id;
    const modules = profileOf(language).modules;
    const sourceModel = (yield* modelOf(workspace, source.path).safeUnwrap()).model;
    const destModel = destination.originalBytes === null && destination.tree.source.text === '' ? null : (yield* modelOf(workspace, toPath).safeUnwrap()).model;
    // (Rust's `impl Trait for T` is listed under `T`, which it does not declare.)
    const unnamed = profileOf(source.language.id).moves.unnamed?.(node.kind, source.tree.source.text.slice(node.start, node.end)) ?? null;
    // (What a group declares is each of its specs' names: `const ( A = iota; B )`, `var ( x, y = 1, 2 )`.)
    const declared = unnamed !== null ? [] : isDeclarationGroup(node) ? bindingsDeclaredBy(sourceModel, node).map((binding) => binding.name) : namesDeclaredBy(node);
    const collides = declared.find((declaredName) => destModel?.module.bindings.has(declaredName) && !destModel.imports.some((record) => record.local === declaredName));
    if (collides !== undefined) {
      const declaration = destModel!.module.bindings.get(collides)!.declarations[0]!;
      const conflict = codeLocation(destination, declaration.start, 'definition');
      return err(makeError('CONFLICT', `${toPath} already declares ${JSON.stringify(collides)} (line ${conflict.line}: ${JSON.stringify(conflict.text)}); moving ${JSON.stringify(collides)} there would collide. Rename one of them first.`, { reason: 'name_taken', path: edit.path, address: edit.address, name: collides, conflicts: [conflict] }));
    }
    const binding = name ? sourceModel.module.bindings.get(name) : undefined;
    if (!modules || !name || !binding) {
      // No module system to follow (or nothing named): the text moves with the imports it relies
      // on. So a name used anywhere (C's `ff()` left behind, Ruby's call without a `require`) would
      // no longer be reachable, nor would a name of the source the destination does not see:
      // refused, unless forced. Between files of one package (Go's, Java's), every use of it by
      // plain name still reaches it.
      const moves = profileOf(language).moves;
      const sameNamespace = namespaceOf(source.tree, moves) === namespaceOf(destination.tree, moves);
      const samePackage = dirname(source.path) === dirname(toPath) && sameNamespace;
      const compiled = yield* programOfMove(workspace, moves, source.path, toPath).safeUnwrap();
      if (compiled?.refused) return err(invalidArgument([{ field: `${field}.to`, message: `${compiled.refused}; nothing was written` }]));
      const apart = compiledApart(moves, source.path, source.tree.source.text, toPath, destination.originalBytes === null && destination.tree.source.text === '' ? fileHead(source) : destination.tree.source.text);
      if (apart !== null) return err(invalidArgument([{ field: `${field}.to`, message: apart }]));
      const program = compiled?.refused === null ? compiled : null;
      // Rust: into a child module, its old module imports it back (`use self::child::name;`), and every path still reaches it.
      const text = source.tree.source.text;
      const left = program && name && unnamed === null ? (moves.leaveBehind?.(name, { kind: node.kind, text: text.slice(attributesAbove(text, node.start), node.end) }, { sourcePath: source.path, destinationPath: toPath, programStart: program.start, files: program.files }) ?? null) : null;
      const mentionedNames = unnamed === null ? declared : name && unnamed !== 'nothing' ? [name] : [];
      const mentioned: UnprovenMention[] = [];
      if (!modules && !(moves.folderShared && samePackage)) for (const mentionedName of mentionedNames) mentioned.push(...(yield* mentionsAfterMove(workspace, source, mentionedName, node, toPath).safeUnwrap()));
      // (Not where nothing uses it: an import nothing uses warns.)
      const leaves = left !== null && (left.always || mentioned.length > 0);
      const unreachable = left ? [] : mentioned;
      const taken = modules
        ? null
        : movedTextNeeds({ source: source.tree, sourcePath: source.path, model: sourceModel, node, destination: destination.tree, destinationPath: toPath, samePackage, sameNamespace, program }, moves);
      const what = name ?? declared.join(', ');
      const forced = yield* refuseUnproven(run, located, what, unreachable, edit.force === true).safeUnwrap();
      if (taken && taken.unproven.length > 0) yield* refuseUnseen(run, edit, what, source, toPath, taken.unproven).safeUnwrap();
      const plans = yield* planMoveAcrossFiles(leaves ? { ...moveSource, rewrite: left!.rewrite } : moveSource, { tree: destination.tree, path: anchor, side, style }).safeUnwrap();
      const moved = yield* workspace.apply(destination, plans.destination.replacements, run.syntax).safeUnwrap();
      run.warnings.push(...moved.warnings);
      // The imports after the code that uses them: no check sees one unused (Go refuses that).
      if (taken && taken.imports.length > 0) {
        const headEnd = profileOf(language).layout.fileHead.exec(moved.file.tree.source.text)?.[0].length ?? 0;
        yield* workspace.apply(moved.file, [importsInsertion(moved.file.tree, taken.imports, moves, headEnd)], run.syntax).map((applied) => run.warnings.push(...applied.warnings)).safeUnwrap();
      }
      const sourceReplacements = [...plans.source.replacements, ...(taken?.source ?? [])].sort((a, b) => a.start - b.start);
      const tidied = yield* workspace.apply(source, sourceReplacements, run.syntax).safeUnwrap();
      run.warnings.push(...tidied.warnings);
      if (leaves) {
        const headEnd = profileOf(language).layout.fileHead.exec(tidied.file.tree.source.text)?.[0].length ?? 0;
        yield* workspace.apply(tidied.file, [importsInsertion(tidied.file.tree, [left!.statement], moves, headEnd)], run.syntax).map((applied) => run.warnings.push(...applied.warnings)).safeUnwrap();
      }
      if (forced.length > 0) run.warnings.push(forcedWarning(what, forced));
      const imports: MoveChange[] = [
        ...(leaves ? [{ file: source.path, type: 'added_import' as const, import: left!.statement }] : []),
        ...(taken?.imports ?? []).map((statement) => ({ file: toPath, type: 'added_import' as const, import: statement })),
        ...(taken?.removed ?? []).map((statement) => ({ file: source.path, type: 'removed_import' as const, import: statement })),
      ];
      return ok({ ...base, changes: [{ file: source.path, type: 'removed_definition' as const }, { file: toPath, type: 'added_definition' as const }, ...imports] });
    }

    // Who refers to the declaration, proven before anything changes.
    const project = yield* workspace.project().safeUnwrap();
    const resolution = projectResolution({ files: new Set([...project.files, source.path, toPath]), configs: project.configs });
    const before = yield* moduleBindingReferences(workspace, source, binding, resolution).safeUnwrap();
    const unproven: UnprovenMention[] = [...before.unproven];
    // Python's `global x` then `x = …`: the moved code would assign the destination's `x`, and the source would no longer see it.
    for (const assigned of globalsAssigned(sourceModel, node, binding)) {
      unproven.push({ file: source.path, start: assigned.start, reason: `assigns ${assigned.name}, a module-level name of ${source.path} (through global): moved to ${toPath}, it would assign a name of that module instead and ${source.path} would no longer see the change; move what uses ${assigned.name} with it, or keep ${name} where it is` });
    }
    // `ns.name` through the source's namespace would still look for it in the source: a move cannot rewrite that.
    for (const location of before.found.locations) {
      if (location.occurrence.role === 'property') unproven.push({ file: location.file, start: location.start, reason: `uses ${name} through the namespace of ${source.path}, which a move cannot rewrite; import ${name} from ${toPath} there first` });
    }
    const forced = yield* refuseUnproven(run, located, name, unproven, edit.force === true).safeUnwrap();

    const importers: Array<{ path: string; record: ImportRecord }> = [];
    const reexporters: Array<{ path: string; module: string; statement: { start: number; end: number } }> = [];
    for (const file of before.models.values()) {
      if (file.path === source.path) continue;
      const resolvesToSource = (module: string) => resolution.resolveFile(file.path, module, file.language) === source.path;
      for (const record of file.model.imports) if (record.imported === name && resolvesToSource(record.module)) importers.push({ path: file.path, record });
      for (const entry of file.model.exports) if (entry.from && entry.from.imported === name && entry.nameOccurrence && resolvesToSource(entry.from.module)) reexporters.push({ path: file.path, module: entry.from.module, statement: entry.statement });
    }
    const needs = needsOf(sourceModel, node, name);
    // A name the declaration uses that the destination already binds to something else would silently change meaning.
    for (const need of needs.values()) {
      const taken = destModel?.module.bindings.get(need.local);
      if (!taken) continue;
      const record = taken.kind === 'import' ? destModel!.imports.find((candidate) => candidate.local === need.local) : undefined;
      const needTarget = need.module === null ? source.path : resolution.resolveFile(source.path, need.module, language);
      const same = record !== undefined && record.imported === need.imported && needTarget !== null && resolution.resolveFile(toPath, record.module, language) === needTarget;
      if (same) continue;
      const conflict = codeLocation(destination, taken.declarations[0]!.start, 'definition');
      return err(makeError('CONFLICT', `${JSON.stringify(name)} uses ${JSON.stringify(need.local)} from ${need.module ?? source.path}, and ${toPath} already declares ${JSON.stringify(need.local)} as something else (line ${conflict.line}: ${JSON.stringify(conflict.text)}); moved there, ${JSON.stringify(name)} would use that one instead. Rename one of them first, or choose another destination.`, { reason: 'name_taken', path: edit.path, address: edit.address, name: need.local, conflicts: [conflict] }));
    }
    const filesBefore = new Map<string, WorkspaceFile>();
    for (const path of before.models.keys()) filesBefore.set(path, yield* workspace.file(path).safeUnwrap());
    // Python: the top-level imports of every file the move edits, to find the ones it adds.
    const edited = [...new Set([toPath, source.path, ...importers.map((importer) => importer.path), ...reexporters.map((entry) => entry.path)])];
    const importsBefore = new Map<string, Map<string, string>>();
    if (modules.cyclesFail) for (const path of edited) importsBefore.set(path, yield* topLevelImports(run, resolution, language, path).safeUnwrap());

    // Import styles as the files are now (before imports are removed from them).
    const sourceStyle = importStyle(source);
    const styles = new Map<string, ImportStyle>([[source.path, sourceStyle]]);
    for (const path of [toPath, ...importers.map((importer) => importer.path), ...reexporters.map((entry) => entry.path)]) {
      const file = yield* workspace.file(path).safeUnwrap();
      if (/^\s*(import|from)\s/m.test(file.tree.source.text)) styles.set(path, importStyle(file));
    }
    const specifierFrom = (from: string, to: string) => modules.specifier(from, to, styles.get(from) ?? sourceStyle, resolution.project.files);
    // A retargeted import keeps its own form (absolute, a path alias) when that form names the destination too.
    const retargeted = (from: string, previous: string) => {
      const like = modules.specifierLike(previous, source.path, toPath);
      return like !== null && resolution.resolveFile(from, like, language) === toPath ? like : specifierFrom(from, toPath);
    };
    const changes: MoveChange[] = [];

    // 1. The text moves.
    const plans = yield* planMoveAcrossFiles(moveSource, { tree: destination.tree, path: anchor, side, style }).safeUnwrap();
    yield* workspace.apply(destination, plans.destination.replacements, run.syntax).map((applied) => run.warnings.push(...applied.warnings)).safeUnwrap();
    yield* workspace.apply(source, plans.source.replacements, run.syntax).map((applied) => run.warnings.push(...applied.warnings)).safeUnwrap();
    changes.push({ file: source.path, type: 'removed_definition' }, { file: toPath, type: 'added_definition' });

    // 2. The destination imports what the declaration uses.
    yield* importNeeds(run, modules, resolution, { source: source.path, to: toPath, language }, needs, specifierFrom, sourceStyle, changes).safeUnwrap();

    // 3. The source drops imports only the declaration used, and imports it back if it still uses it.
    const stillUsed = yield* tidySource(run, source.path, name, needs, changes).safeUnwrap();
    if (stillUsed) {
      const added = yield* addImport(run, source.path, specifierFrom(source.path, toPath), name, name, sourceStyle).safeUnwrap();
      if (added) changes.push({ file: source.path, type: 'added_import', import: added });
    }

    // 4. Importers import it from its new home (the destination itself no longer imports it).
    let needsExport = stillUsed;
    // Last statement first: each retarget leaves the offsets of the earlier ones in its file as they were.
    importers.sort((a, b) => (a.path === b.path ? b.record.statement.start - a.record.statement.start : a.path < b.path ? -1 : 1));
    for (const { path, record } of importers) {
      needsExport = (yield* retargetImport(run, modules, path, record, toPath, name, retargeted(path, record.module), styles.get(path) ?? sourceStyle, changes).safeUnwrap()) || needsExport;
    }
    for (const entry of reexporters) {
      needsExport = true;
      yield* retargetReexport(run, entry.path, entry.statement.start, name, retargeted(entry.path, entry.module), styles.get(entry.path) ?? sourceStyle).safeUnwrap();
      changes.push({ file: entry.path, type: 'updated_import', import: name });
    }
    const exportedFromSource = sourceModel.exports.some((entry) => entry.local === name && entry.declaration);
    if (modules.explicitExports && needsExport && !exportedFromSource) yield* exportDeclaration(run, toPath, name, changes).safeUnwrap();

    // A top-level import the move adds must not close a cycle: the imported module would still be
    // loading when the new import asks it for a name (even where other cycles already work).
    if (modules.cyclesFail) {
      for (const path of edited) {
        const before = importsBefore.get(path) ?? new Map<string, string>();
        for (const [imported, target] of yield* topLevelImports(run, resolution, language, path).safeUnwrap()) {
          if (before.has(imported) || target === path) continue;
          const back = yield* importChain(run, resolution, language, target, path).safeUnwrap();
          if (!back) continue;
          const cycle = [path, ...back];
          return err(
            makeError('IMPORT_CYCLE', `Moving ${JSON.stringify(name)} to ${toPath} would make ${path} import ${target} at the top level while ${target} imports ${path} (${cycle.join(' -> ')}); Python fails on that as soon as one uses the other while loading. Nothing was written. Move what it uses along with it first, or choose another destination.`, {
              path: edit.path,
              address: edit.address,
              files: [toPath, source.path],
              cycle,
            }),
          );
        }
      }
    }

    // Afterwards, every use found before must reach the declaration in its new home.
    const left = new Set(unproven.map((mention) => `${mention.file}\u0000${mention.start}`));
    yield* verifyMove(run, located, { source, toPath, name, node, resolution, before: before.found.locations, models: before.models, filesBefore, left, forced: forced.length > 0 }).safeUnwrap();
    if (forced.length > 0) run.warnings.push(forcedWarning(name, forced));
    return ok({ ...base, changes });
  });
}

/**
 * Where the program holding `path` starts, following the declarations that compile it up (Rust's
 * `mod util;` in the parent module), the conditions they compile it under (`#[cfg(…)]`), and where
 * that chain breaks: the file no declaration reaches (then `start` is that file, which only
 * compiling it alone would compile).
 */
function compiledFrom(workspace: SemanticWorkspace, rules: MoveRules, declaredBy: NonNullable<MoveRules['declaredBy']>, path: string, files: ReadonlySet<string>): ResultAsync<{ start: string; conditions: string[]; missing: ModuleDeclaration | null }, StructeditError> {
  return safeTry(async function* () {
    const seen = new Set<string>();
    const conditions: string[] = [];
    for (let at = path; ; ) {
      // (A file's own conditions hold for all it declares: Rust's `#![cfg(unix)]`.)
      if (rules.compiledUnder && files.has(at) && !seen.has(at)) conditions.push(...rules.compiledUnder(at, (yield* workspace.file(at).safeUnwrap()).tree.source.text).conditions);
      const declaration = declaredBy(at, files);
      if (declaration === null || seen.has(at)) return ok({ start: at, conditions, missing: null });
      seen.add(at);
      let parent: string | null = null;
      for (const candidate of declaration.files.filter((file) => files.has(file))) {
        const { tree } = yield* workspace.file(candidate).safeUnwrap();
        const text = tree.source.text;
        const declaring = tree.root.children.find((structure) => declaration.declares(structure, text.slice(structure.start, structure.end)));
        if (declaring) {
          conditions.push(...declaration.conditions(text.slice(attributesAbove(text, declaring.start), declaring.end)));
          parent = candidate;
          break;
        }
      }
      if (parent === null) return ok({ start: at, conditions, missing: declaration });
      at = parent;
    }
  });
}

/**
 * The program a move stays in: its destination must be compiled in the source's program, as a file
 * no declaration reaches (Rust's new `util.rs` without `mod util;`) would drop the code, and another
 * program (the crate of `main.rs` for code of `lib.rs`) gives its paths (`crate::…`) and privacy
 * other meanings. `refused`: why the destination is not one, and how to make it one. `null` for a
 * language that compiles every file it is given (no `declaredBy`).
 */
export function programOfMove(
  workspace: SemanticWorkspace,
  rules: MoveRules,
  sourcePath: string,
  toPath: string,
): ResultAsync<{ start: string; files: ReadonlySet<string>; refused: null } | { refused: string } | null, StructeditError> {
  return safeTry(async function* () {
    const { declaredBy } = rules;
    if (!declaredBy) return ok(null);
    const project = yield* workspace.project().safeUnwrap();
    const files = new Set([...project.files, sourcePath]);
    const from = yield* compiledFrom(workspace, rules, declaredBy, sourcePath, files).safeUnwrap();
    const to = yield* compiledFrom(workspace, rules, declaredBy, toPath, files).safeUnwrap();
    if (to.start === from.start) {
      const apart = conditionsApart(sourcePath, from.conditions, toPath, to.conditions, 'module');
      return ok(apart === null ? { start: from.start, files, refused: null } : { refused: apart });
    }
    if (to.missing) {
      const where = to.missing.files.filter((file) => files.has(file));
      const declaring = where.length > 0 ? where.join(' or ') : to.missing.files.slice(0, 2).join(' or ');
      const chain = to.start === toPath ? toPath : `${toPath} (through ${to.start})`;
      return ok({ refused: `${chain} is not compiled: a file is part of the program only where its parent module declares it, and ${declaring} has no ${to.missing.statement} Declare it there first, or move the declaration to a module the program has` });
    }
    return ok({ refused: `${toPath} belongs to the program that starts at ${to.start}, and ${sourcePath} to the one that starts at ${from.start}: moved there, its paths from the program's root and its privacy would mean other things. Move it to a module of the program of ${from.start}` });
  });
}

/**
 * Why code moved from the file at `sourcePath` (text `sourceText`) to the one at `toPath` (text
 * `toText`, or the head a move gives a new file) would be compiled under other conditions (Go's
 * build constraints), or `null` where they agree or the language has none. (Where files are
 * declared, {@link programOfMove} compares the conditions along their chains instead.)
 */
export function compiledApart(rules: MoveRules, sourcePath: string, sourceText: string, toPath: string, toText: string): string | null {
  if (!rules.compiledUnder || rules.declaredBy) return null;
  const apart = conditionsApart(sourcePath, rules.compiledUnder(sourcePath, sourceText).conditions, toPath, rules.compiledUnder(toPath, toText).conditions, 'file');
  return apart === null ? null : `${apart} (the same build constraints, and a name with the same suffixes); nothing was written`;
}

/** Which conditions two places are compiled under, where they differ: the reason a move between them is refused. */
function conditionsApart(sourcePath: string, from: readonly string[], toPath: string, to: readonly string[], place: 'module' | 'file'): string | null {
  const under = (conditions: readonly string[]) => (conditions.length > 0 ? `only under ${[...new Set(conditions)].sort().join(' and ')}` : 'without conditions');
  if (under(to) === under(from)) return null;
  return `${toPath} is compiled ${under(to)}, and ${sourcePath} ${under(from)}: moved there, the declaration would be compiled when its code was not (or not when it was). Move it to a ${place} compiled as ${sourcePath} is`;
}

/** `UNRESOLVED_REFERENCES` for unproven mentions, or (with `force`) the list to report in a warning. */
function refuseUnproven(run: EditRun, located: LocatedAddress, name: string, unproven: readonly UnprovenMention[], force: boolean): ResultAsync<CodeLocation[], StructeditError> {
  return safeTry(async function* () {
    if (unproven.length === 0) return ok([]);
    const refusal = yield* unresolvedReferences(run, located, name, unproven).safeUnwrap();
    if (!force) return err(refusal);
    return ok(refusal.error === 'UNRESOLVED_REFERENCES' ? refusal.details.references : []);
  });
}

/**
 * Names of the source a moved declaration uses that its destination would not see: refused with
 * each listed (`UNRESOLVED_REFERENCES`), or with `force` a warning.
 */
function refuseUnseen(run: EditRun, edit: MoveEdit, name: string, source: WorkspaceFile, toPath: string, unproven: MovedTextNeeds['unproven']): Result<void, StructeditError> {
  const unseen = unproven.map((missing) => ({ ...codeLocation(source, missing.start, 'unresolved'), reason: missing.reason }));
  const count = `${unseen.length} name${unseen.length === 1 ? '' : 's'}`;
  if (edit.force === true) {
    run.warnings.push({ type: 'REFERENCES_UNRESOLVED' as const, message: `${JSON.stringify(edit.address)} uses ${count} of ${source.path} that ${toPath} does not see, and was moved anyway (force: true): ${unseen.map((location) => `${location.file}:${location.line}`).join(', ')}. Check them.`, details: { locations: unseen } });
    return ok(undefined);
  }
  const listed = unseen.slice(0, 3).map((location) => `${location.file}:${location.line} (${location.reason})`).join('; ');
  return err(
    makeError('UNRESOLVED_REFERENCES', `${JSON.stringify(edit.address)} uses ${count} of ${source.path} that ${toPath} would not see (${listed}${unseen.length > 3 ? '; …' : ''}); nothing was written. Move what it uses to ${toPath} as well (in the same batch; the first of those moves needs force: true, as what is still to move uses it), declare it in ${toPath} first, or send the edit again with force: true to move it anyway.`, {
      path: edit.path,
      address: edit.address,
      name,
      references: unseen,
    }),
  );
}

function forcedWarning(name: string, locations: readonly CodeLocation[]) {
  return {
    type: 'REFERENCES_UNRESOLVED' as const,
    message: `${locations.length} place${locations.length === 1 ? '' : 's'} mentioning ${JSON.stringify(name)} could not be resolved and ${locations.length === 1 ? 'was' : 'were'} left as ${locations.length === 1 ? 'it was' : 'they were'} (force: true): ${locations.slice(0, 5).map((location) => `${location.file}:${location.line}`).join(', ')}${locations.length > 5 ? ', …' : ''}. Check them.`,
    details: { locations: [...locations] },
  };
}

/**
 * What a module imports at the top level: each imported name with the file it comes from (`*` for a
 * whole module, or a submodule a name from a package turns out to be), keyed `file\0name`.
 */
function topLevelImports(run: EditRun, resolution: ProjectResolution, language: string, path: string): ResultAsync<Map<string, string>, StructeditError> {
  return safeTry(async function* () {
    const modules = profileOf(language).modules!;
    const imports = new Map<string, string>();
    const file = await run.workspace.file(path);
    if (file.isErr()) return ok(imports);
    const root = yield* run.workspace.syntax(file.value).safeUnwrap();
    if (!root) return ok(imports);
    for (const record of scopesOf(root, file.value.language.id).imports) {
      if (!record.topLevel) continue;
      const submodule = record.imported !== '*' ? modules.submodule(record.module, record.imported) : null;
      const inner = submodule === null ? null : resolution.resolveFile(path, submodule, language);
      const target = resolution.resolveFile(path, record.module, language);
      if (inner !== null) imports.set(`${inner}\u0000*`, inner);
      else if (target !== null) imports.set(`${target}\u0000${record.imported}`, target);
      // The package itself is loaded too (its __init__), before the submodule.
      if (inner !== null && target !== null) imports.set(`${target}\u0000*`, target);
    }
    return ok(imports);
  });
}

/** The shortest chain of top-level imports from one module file to another, or `null`. */
function importChain(run: EditRun, resolution: ProjectResolution, language: string, from: string, to: string): ResultAsync<string[] | null, StructeditError> {
  return safeTry(async function* () {
    const parents = new Map<string, string | null>([[from, null]]);
    const queue = [from];
    while (queue.length > 0) {
      const path = queue.shift()!;
      for (const target of (yield* topLevelImports(run, resolution, language, path).safeUnwrap()).values()) {
        if (parents.has(target)) continue;
        parents.set(target, path);
        if (target === to) {
          const chain = [to];
          for (let at = parents.get(to) ?? null; at !== null; at = parents.get(at) ?? null) chain.unshift(at);
          return ok(chain);
        }
        queue.push(target);
      }
    }
    return ok(null);
  });
}

/** Step 2 of a move: the destination imports what the declaration uses (exporting it from the source where needed). */
function importNeeds(
  run: EditRun,
  modules: ModuleSystem,
  resolution: ProjectResolution,
  files: { source: string; to: string; language: string },
  needs: ReadonlyMap<string, Need>,
  specifierFrom: (from: string, to: string) => string,
  sourceStyle: ImportStyle,
  changes: MoveChange[],
): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    for (const need of needs.values()) {
      let module: string;
      if (need.module === null) {
        module = specifierFrom(files.to, files.source);
        if (modules.explicitExports) yield* exportDeclaration(run, files.source, need.local, changes).safeUnwrap();
      } else {
        const resolved = resolution.resolveFile(files.source, need.module, files.language);
        if (resolved === files.to) continue;
        module = resolved ? specifierFrom(files.to, resolved) : need.module;
      }
      const added = yield* addImport(run, files.to, module, need.imported, need.local, sourceStyle).safeUnwrap();
      if (added) changes.push({ file: files.to, type: 'added_import', import: added });
    }
    return ok(undefined);
  });
}

/** Step 3 of a move: the source drops the imports only the declaration used; whether it still uses the declaration. */
function tidySource(run: EditRun, path: string, name: string, needs: ReadonlyMap<string, Need>, changes: MoveChange[]): ResultAsync<boolean, StructeditError> {
  return safeTry(async function* () {
    const after = (yield* modelOf(run.workspace, path).safeUnwrap()).model;
    for (const need of needs.values()) {
      if (!need.record) continue;
      const still = after.module.bindings.get(need.local);
      const used = still ? occurrencesOf(after, still).some((occurrence) => occurrence.role === 'reference' || occurrence.role === 'export') : false;
      if (used) continue;
      const record = after.imports.find((candidate) => candidate.local === need.local);
      if (record) {
        yield* removeImport(run, path, record).safeUnwrap();
        changes.push({ file: path, type: 'removed_import', import: need.local });
      }
    }
    return ok(after.occurrences.some((occurrence) => occurrence.name === name && (occurrence.role === 'reference' || occurrence.role === 'export') && occurrence.binding === null));
  });
}

/**
 * Step 4 of a move, for one importer: an import of only the declaration gets the new module; an
 * import of several names loses this one, and a new import from the new module brings it. Whether
 * the declaration must now be exported from its new home.
 */
function retargetImport(run: EditRun, modules: ModuleSystem, path: string, record: ImportRecord, toPath: string, name: string, specifier: string, style: ImportStyle, changes: MoveChange[]): ResultAsync<boolean, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    if (path !== toPath) {
      const { file, model } = yield* modelOf(workspace, path).safeUnwrap();
      const alone = model.imports.filter((other) => other.statement.start === record.statement.start).length === 1;
      const current = model.imports.find((other) => other.statement.start === record.statement.start);
      if (alone && current) {
        const statement = file.tree.source.text.slice(current.statement.start, current.statement.end);
        const at = modules.specifierOffset(statement, current.module);
        const applied = yield* workspace.apply(file, [{ start: current.statement.start + at, end: current.statement.start + at + current.module.length, text: specifier }], run.syntax).safeUnwrap();
        run.warnings.push(...applied.warnings);
        changes.push({ file: path, type: 'updated_import', import: name });
        return ok(true);
      }
    }
    yield* removeImport(run, path, record).safeUnwrap();
    if (path === toPath) {
      changes.push({ file: path, type: 'removed_import', import: name });
      return ok(false);
    }
    yield* addImport(run, path, specifier, name, record.local ?? name, style).safeUnwrap();
    changes.push({ file: path, type: 'updated_import', import: name });
    return ok(true);
  });
}

/**
 * The check after a move: from the declaration in its new home, the references are found again in
 * the edited files; each file must have at least the uses it had before (the source and the
 * destination counted together, since uses inside the moved text travel with it), and no mention
 * may have become unprovable. Otherwise `UNRESOLVED_REFERENCES` names the uses lost.
 */
function verifyMove(
  run: EditRun,
  located: LocatedAddress,
  move: { source: WorkspaceFile; toPath: string; name: string; node: StructureNode; resolution: ProjectResolution; before: readonly FoundLocation[]; models: ReadonlyMap<string, ModelledFile>; filesBefore: ReadonlyMap<string, WorkspaceFile>; left: ReadonlySet<string>; forced: boolean },
): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const destination = yield* workspace.file(move.toPath).safeUnwrap();
    const destModel = (yield* modelOf(workspace, move.toPath).safeUnwrap()).model;
    const binding = destModel.module.bindings.get(move.name);
    if (!binding) return err(makeError('INTERNAL_ERROR', `After moving ${JSON.stringify(move.name)} to ${move.toPath}, it is not declared there; nothing was written. This is a bug in structedit.`, { cause: 'moved declaration not found' }));
    const after = yield* moduleBindingReferences(workspace, destination, binding, move.resolution, move.models).safeUnwrap();
    const movedText = (location: FoundLocation) => location.file === move.source.path && location.start >= move.node.start && location.end <= move.node.end;
    // Uses left as they were on purpose (force) are not expected to follow.
    const left = (location: FoundLocation) => move.left.has(`${location.file}\u0000${location.start}`);
    const countsBefore = usesByFile(move.before, (location) => movedText(location) || left(location));
    const countsAfter = usesByFile(after.found.locations, () => false);
    const pair = new Set([move.source.path, move.toPath]);
    const count = (counts: Map<string, FoundLocation[]>, file: string) => (pair.has(file) ? [...pair].reduce((sum, path) => sum + (counts.get(path)?.length ?? 0), 0) + (counts === countsBefore ? move.before.filter((location) => location.kind === 'reference' && movedText(location)).length : 0) : (counts.get(file)?.length ?? 0));
    const lost: UnprovenMention[] = [];
    for (const [file, locations] of countsBefore) {
      if (count(countsAfter, file) >= count(countsBefore, file)) continue;
      for (const location of locations) lost.push({ file, start: location.start, reason: `after the move, this use of ${move.name} no longer reaches its declaration in ${move.toPath}` });
    }
    if (lost.length > 0) return err(yield* unresolvedReferences(run, located, move.name, lost, move.filesBefore).safeUnwrap());
    if (!move.forced && after.unproven.length > 0) return err(yield* unresolvedReferences(run, located, move.name, after.unproven.map((mention) => ({ ...mention, reason: `after the move: ${mention.reason}` }))).safeUnwrap());
    // Lost uses are placed in the files as they were before the move; new unproven mentions, as they are now.
    if (lost.length > 0) return err(yield* unresolvedReferences(run, located, move.name, lost, move.filesBefore).safeUnwrap());
    return ok(undefined);
  });
}
