import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import type { Replacement } from '../edit/replacements.js';
import { invalidArgument, type StructeditError } from '../errors.js';
import type { ImportStyle } from '../languages/profile.js';
import { profileOf } from '../languages/profiles/index.js';
import { planAdd } from './add-part.js';
import { locateAddress } from './locate-address.js';
import type { MoveChange } from './outcomes.js';
import { planRemove } from './remove-part.js';
import { scopesOf } from './scope-model.js';
import type { ImportRecord, ScopeModel } from './scopes.js';
import type { EditRun, SemanticWorkspace, WorkspaceFile } from './workspace.js';

/**
 * Editing a file's imports and exports as a move needs it: add an import of a name (to an existing
 * import from the module, else as a new statement), remove one, point a re-export at another
 * module, export a declaration. Each step applies to the workspace, so the next sees its result.
 */

/** The import style a file's text shows (its profile's reading; the default style for a language without a module system). */
export function importStyle(file: WorkspaceFile): ImportStyle {
  return profileOf(file.language.id).modules?.style(file.tree.source.text) ?? { quote: "'", semicolon: ';', extension: false, relative: false };
}

/** The specifier text as written in an import (`imported as local`). */
function specifierText(imported: string, local: string): string {
  return local === imported ? imported : `${imported} as ${local}`;
}

export type Step = { file: WorkspaceFile; model: ScopeModel };

/** A file's current scope model. */
export function modelOf(workspace: SemanticWorkspace, path: string): ResultAsync<Step, StructeditError> {
  return safeTry(async function* () {
    const file = yield* workspace.file(path).safeUnwrap();
    const root = yield* workspace.syntax(file).safeUnwrap();
    if (!root) return err(invalidArgument([{ field: 'path', message: `${path} has no syntax tree for moves` }]));
    return ok({ file, model: scopesOf(root, file.language.id) });
  });
}

/**
 * Adds an import of `imported` (as `local`) from `module` to a file: a name added to an existing
 * import from that module, else a new import statement after the last one.
 */
export function addImport(run: EditRun, path: string, module: string, imported: string, local: string, fallback: ImportStyle): ResultAsync<string, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const { file, model } = yield* modelOf(workspace, path).safeUnwrap();
    if (model.module.bindings.has(local)) return ok('');
    const language = file.language.id;
    const style = model.imports.length > 0 ? importStyle(file) : fallback;
    const indentation = yield* workspace.indentationStyle(file).safeUnwrap();
    const text = file.tree.source.text;
    // A type-only import (`import type { … }`) takes no value: a name joins only a plain import.
    const existing = model.imports.find((record) => record.module === module && record.topLevel && record.imported !== '*' && record.imported !== 'default' && record.local !== null && !/^import\s+type\b/.test(text.slice(record.statement.start, record.statement.end)));
    // Into the existing import from that module, when the address names just that one (`import m`
    // and `from m import x` both answer to `.imports["m"]`); otherwise a statement of its own.
    const into = existing && imported !== '*' && imported !== 'default' ? await locateAddress(workspace, path, `.imports[${JSON.stringify(module)}]`) : null;
    const added = into?.isOk() ? planAdd(into.value.context, into.value.part, specifierText(imported, local), { kind: 'last' }, 'last', indentation) : null;
    if (into?.isOk() && added?.isOk()) {
      const applied = yield* workspace.apply(into.value.file, added.value, run.syntax).safeUnwrap();
      run.warnings.push(...applied.warnings);
      return ok(specifierText(imported, local));
    }
    const modules = profileOf(language).modules;
    if (!modules) return err(invalidArgument([{ field: 'path', message: `${path} is ${language}, whose imports structedit does not follow` }]));
    const statement = modules.statement(module, imported, local, style);
    const located = yield* locateAddress(workspace, path, '.imports').safeUnwrap();
    const replacements = yield* planAdd(located.context, located.part, statement, { kind: 'last' }, 'last', indentation).safeUnwrap();
    const applied = yield* workspace.apply(located.file, replacements, run.syntax).safeUnwrap();
    run.warnings.push(...applied.warnings);
    return ok(statement);
  });
}

/** Removes one import record: its name from the statement, or the statement when it is the only one. */
export function removeImport(run: EditRun, path: string, record: ImportRecord): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const { model } = yield* modelOf(workspace, path).safeUnwrap();
    const sameStatement = model.imports.filter((other) => other.statement.start === record.statement.start);
    const located = yield* locateAddress(workspace, path, `.imports[${JSON.stringify(record.module)}]`).orElse(() => locateAddress(workspace, path, `.imports`)).safeUnwrap();
    let part = located.part;
    if (sameStatement.length > 1 && record.nameOccurrence) {
      const inner = yield* locateAddress(workspace, path, `.imports[${JSON.stringify(record.module)}][${JSON.stringify(record.imported)}]`).safeUnwrap();
      part = inner.part;
    } else if (part.kind !== 'element') {
      return ok(undefined);
    }
    const replacements = yield* planRemove(located.context, part, '').safeUnwrap();
    const applied = yield* workspace.apply(located.file, replacements, run.syntax).safeUnwrap();
    run.warnings.push(...applied.warnings);
    return ok(undefined);
  });
}

/**
 * Points a re-export of the moved name at its new module: the whole statement when it re-exports
 * only that name, else the name leaves it for a new `export { name } from` statement after it.
 */
export function retargetReexport(run: EditRun, path: string, statementStart: number, name: string, module: string, style: ImportStyle): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const { file, model } = yield* modelOf(workspace, path).safeUnwrap();
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
      // A type-only re-export stays type-only (`isolatedModules` needs it).
      const kind = /^export\s+type\b/.test(statement) ? 'export type' : 'export';
      replacements = [cut, { start: at, end: at, text: `\n${kind} { ${name} } from ${quoted}${style.semicolon}` }].map((span) => ('text' in span ? span : { ...span, text: '' }));
    }
    const applied = yield* workspace.apply(file, replacements, run.syntax).safeUnwrap();
    run.warnings.push(...applied.warnings);
    return ok(undefined);
  });
}

/** Adds `export ` before a top-level declaration of a TypeScript/JavaScript file that lacks it. */
export function exportDeclaration(run: EditRun, path: string, name: string, changes: MoveChange[]): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const { file, model } = yield* modelOf(workspace, path).safeUnwrap();
    if (model.exports.some((entry) => entry.local === name)) return ok(undefined);
    const binding = model.module.bindings.get(name);
    const declaration = binding?.declarations[0];
    if (!declaration || binding!.kind === 'import') return ok(undefined);
    const structure = file.tree.root.children.find((child) => child.start <= declaration.start && declaration.end <= child.end);
    if (!structure) return ok(undefined);
    const replacements: Replacement[] = [{ start: structure.headerStart, end: structure.headerStart, text: 'export ' }];
    const applied = yield* workspace.apply(file, replacements, run.syntax).safeUnwrap();
    run.warnings.push(...applied.warnings);
    changes.push({ file: path, type: 'added_export', import: name });
    return ok(undefined);
  });
}
