/*
 * What a declaration moved to another file needs there, in a language whose imports structedit
 * does not resolve (Go, Java, C, Rust…): the imports it relies on go with it, the source's imports
 * only it used go too where an unused import does not compile, and the source's other top-level
 * names it uses must be seen from the destination, or the move cannot be proven complete.
 */
import type { Replacement } from '../edit/replacements.js';
import type { MoveRules } from '../languages/profile.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { literalPattern } from '../text/literal-search.js';
import { lineOfOffset } from '../text/source-text.js';
import { isDeclarationGroup, namesDeclaredBy } from '../structure/kinds.js';
import type { Binding, ScopeModel } from './scopes.js';

/** The two files of a move and what is known of them. */
export interface MovedTextFiles {
  readonly source: StructureTree;
  readonly sourcePath: string;
  /** The source's scope model. */
  readonly model: ScopeModel;
  /** The moved declaration: a top-level structure of `source`. */
  readonly node: StructureNode;
  readonly destination: StructureTree;
  readonly destinationPath: string;
  /** Whether the destination shares the source's folder and package clause. */
  readonly samePackage: boolean;
  /** Whether the destination has the source's package or namespace clauses (see {@link packageClauses}). */
  readonly sameNamespace: boolean;
  /** Where a language that compiles only declared files (Rust) starts the program holding both, and the project's files. */
  readonly program: { readonly start: string; readonly files: ReadonlySet<string> } | null;
}

/** What a move takes with it, or why it cannot be proven complete. */
export interface MovedTextNeeds {
  /** The import statements the destination gets, in the source's order (see {@link importsInsertion}). */
  readonly imports: readonly string[];
  /** The source's imports only the moved declaration used, removed where an unused import does not compile: the statements, and the removals. */
  readonly removed: readonly string[];
  readonly source: readonly Replacement[];
  /** Names the declaration uses that the destination would not see: where the first use is, and why. */
  readonly unproven: ReadonlyArray<{ readonly start: number; readonly reason: string }>;
  /** For each import `imports` adds, the name it is added for (`null`: an import that does not tell) and its first use. */
  readonly importUses: ReadonlyArray<{ readonly statement: string; readonly name: string | null; readonly start: number }>;
}

interface SourceImport {
  readonly structure: StructureNode;
  /** Its span in the file. */
  readonly start: number;
  readonly end: number;
  readonly statement: string;
  readonly names: readonly string[] | undefined;
  readonly opaque: boolean;
}

/** What the declaration at `files.node` needs in its destination (see {@link MovedTextNeeds}). */
export function movedTextNeeds(files: MovedTextFiles, rules: MoveRules): MovedTextNeeds {
  const { node, model } = files;
  const text = files.source.source.text;
  // The module-level name it declares (not Rust's `impl T`, named by the type it does not declare).
  // (Each spec's, for a group: `const ( A = iota; B )`.)
  const declaredHere = (binding: Binding | undefined) => binding?.declarations.some((declaration) => declaration.start >= node.start && declaration.start < node.end) === true;
  const ownBindings = isDeclarationGroup(node) ? bindingsDeclaredBy(model, node) : namesDeclaredBy(node).flatMap((name) => {
    const binding = model.module.bindings.get(name);
    return binding && declaredHere(binding) ? [binding] : [];
  });
  const own = node.name !== null ? ownBindings.find((binding) => binding.name === node.name) : undefined;
  // The names it uses from outside itself, each at its first use.
  const free = new Map<string, { start: number; binding: Binding | null }>();
  for (const occurrence of model.occurrences) {
    if (occurrence.role !== 'reference' || occurrence.start < node.start || occurrence.start >= node.end) continue;
    // A path (`fmt::Display`, which the generic scopes take as one name) needs what binds its first name.
    const name = occurrence.name.includes('::') ? occurrence.name.slice(0, occurrence.name.indexOf('::')) : occurrence.name;
    if (name === '' || free.has(name)) continue;
    let binding = name === occurrence.name ? (occurrence.binding ?? null) : (model.module.bindings.get(name) ?? null);
    // A local variable declared after this use (`identifier(x)` above `let identifier = …`) is not
    // what it names: the generic scopes bind a block's names throughout it.
    if (binding && binding.scope !== model.module && binding.kind === 'variable' && binding.declarations.every((declaration) => declaration.start > occurrence.start)) binding = model.module.bindings.get(name) ?? null;
    if ((binding && binding.scope !== model.module) || (binding && ownBindings.includes(binding))) continue;
    free.set(name, { start: occurrence.start, binding });
  }
  const isImport = importTest(rules);
  const top = files.source.root.children.filter((structure) => structure !== node);
  const sourceImports: SourceImport[] = top.filter((structure) => isImport(structure, text)).flatMap((structure) =>
    rules.importsOf(text.slice(structure.start, structure.end)).map((line) => ({
      structure,
      start: structure.start + line.start,
      end: structure.start + line.end,
      statement: line.statement.trim(),
      names: line.names,
      opaque: rules.opaqueImport.test(line.statement),
    })),
  );
  const destinationText = files.destination.source.text;
  const destinationTop = files.destination.root.children;
  const destinationImports = destinationTop.filter((structure) => isImport(structure, destinationText)).flatMap((structure) => rules.importsOf(destinationText.slice(structure.start, structure.end)));
  const present = new Set(destinationImports.map((line) => normalized(line.statement)));
  // The same declaration there (C's prototype of the function, the same `#define`), not merely the same name:
  // another `static` helper of that name would change what the moved code calls.
  const declaredThere = (name: string, holder: StructureNode) => {
    const own = signature(text.slice(holder.start, holder.end));
    return destinationTop.some((structure) => structure.name === name && signature(destinationText.slice(structure.start, structure.end)) === own);
  };

  // Where a name the scope model does not bind is declared: a structure of that name (C's `#define`),
  // else, where a package's files do not share their names, an enumeration naming it (C's
  // `enum { RED }` or `typedef enum { RED } color;`, whose enumerators no structure names).
  const enumerates = (structure: StructureNode, name: string) => {
    const declaration = text.slice(structure.start, structure.end);
    // As an enumerator: after the `{` or a `,` (comments between), not in an attribute (Rust's `#[cfg(not(x))]`).
    const enumerator = new RegExp(`[{,]\\s*(?:(?:\\/\\/[^\\n]*\\n|\\/\\*[^]*?\\*\\/)\\s*)*${literalPattern(name)}(?![\\p{L}\\p{N}_$])`, 'u');
    return (structure.kind === 'enum' || (structure.kind === 'type' && /\benum\b/.test(declaration))) && enumerator.test(declaration);
  };
  // (Not a structure listed under a name it does not declare: Rust's `impl T`.)
  const declaring = (structure: StructureNode) => !isImport(structure, text) && !rules.unnamed?.(structure.kind, text.slice(structure.start, structure.end));
  const undeclaredHolder = (name: string) =>
    top.find((structure) => structure.name === name && declaring(structure)) ?? (rules.folderShared ? undefined : top.find((structure) => enumerates(structure, name)));

  const declaredIn = (tree: StructureTree, moved: readonly string[]) => {
    const names = new Set(tree.root.children.filter((structure) => !isImport(structure, tree.source.text) && !rules.unnamed?.(structure.kind, tree.source.text.slice(structure.start, structure.end))).flatMap(namesDeclaredBy));
    return (name: string) => !moved.includes(name) && names.has(name);
  };
  const inSource = declaredIn(files.source, ownBindings.map((binding) => binding.name));
  const inDestination = declaredIn(files.destination, []);
  const access = files.program && { sourcePath: files.sourcePath, destinationPath: files.destinationPath, programStart: files.program.start, files: files.program.files };
  // What the destination's imports bind a name to, from the program's root (Rust), where they bind it.
  const pathOf = (statement: string, name: string, path: string) => (files.program && rules.importedPath?.(statement, name, path, files.program.start)) ?? null;
  const importedThere = (name: string): string | null => {
    if (!rules.importedPath) return null;
    for (const line of destinationImports) {
      const path = pathOf(line.statement, name, files.destinationPath);
      if (path !== null) return path;
      // Not bound as its paths tell, yet named where a name is bound (a rename `as T`): another thing.
      if (line.names ? line.names.includes(name) : new RegExp(`(?<![\\p{L}\\p{N}_$])${literalPattern(name)}(?![\\p{L}\\p{N}_$]|\\s*::)`, 'u').test(line.statement)) return `${line.statement.trim()}, as written`;
    }
    return null;
  };
  const collision = (start: number, name: string, there: string) => ({
    start,
    reason: `uses ${name}, and ${files.destinationPath} imports another ${name} (${there}): moved there, it would mean that one; rename one of them first`,
  });

  // Each import needed, with the names it is needed for.
  const needed = new Map<SourceImport, Set<string>>();
  const need = (imported: SourceImport, name: string) => needed.set(imported, (needed.get(imported) ?? new Set()).add(name));
  const unproven: Array<{ start: number; reason: string }> = [];
  // The destination importing the moved name (from the source, or elsewhere) would hold it twice.
  const importedName = own && node.name !== null ? importedThere(node.name) : null;
  if (importedName !== null) unproven.push({ start: node.start, reason: `is imported by ${files.destinationPath} already (${importedName}): moved there, the import and the declaration would collide; remove that import first` });
  const ownImports = new Map<string, { name: string; start: number }>();
  let fromElsewhere = false;
  for (const [name, use] of free) {
    const declared = use.binding?.declarations[0]?.start;
    // A name bound in an impl (the generic scopes bind its methods at module level) is not the file's.
    const binder = declared !== undefined ? top.find((structure) => structure.start <= declared && declared < structure.end) : undefined;
    const holder = binder === undefined || !declaring(binder) ? (binder && isImport(binder, text) ? binder : undeclaredHolder(name)) : binder;
    if (holder && isImport(holder, text)) {
      // `local json = require("json")`: the import that binds it.
      const lines = sourceImports.filter((imported) => imported.structure === holder);
      const naming = lines.filter((imported) => binds(imported, name));
      for (const imported of naming.length > 0 ? naming : lines) need(imported, name);
      continue;
    }
    if (holder) {
      if (declaredThere(name, holder) || (rules.folderShared && files.samePackage)) continue;
      // Where the destination sees the source's declarations (Rust: a module inside the source's), an import brings it
      // (one the destination has already, or none where it imports another thing of that name).
      const imported = access && holder.name === name && !inDestination(name) ? (rules.importOwn?.(name, { kind: holder.kind, text: text.slice(attributesAbove(text, holder.start), holder.end) }, access) ?? null) : null;
      if (imported !== null) {
        const there = importedThere(name);
        if (there === null) ownImports.set(imported, ownImports.get(imported) ?? { name, start: use.start });
        else if (there !== pathOf(imported, name, files.destinationPath)) unproven.push(collision(use.start, name, there));
        continue;
      }
      const line = lineOfOffset(files.source.source, holder.start);
      const shared = rules.folderShared ? `, and ${files.destinationPath} is not in its folder and package, whose files share their top-level names` : '';
      unproven.push({
        start: use.start,
        reason: `uses ${name}, declared in ${files.sourcePath} (line ${line})${shared}; ${files.destinationPath} does not declare it alike. Move ${name} with it, or declare it in ${files.destinationPath} first`,
      });
      continue;
    }
    // Declared nowhere in the file: an import whose text names it, else something it cannot tell.
    // Declared in the moved code as a method (Rust's `fn fmt` in an impl, which the generic scopes
    // bind at module level): a path through an import of the name (`fmt::Formatter`) still needs it.
    const naming = sourceImports.filter((imported) => !imported.opaque && binds(imported, name));
    for (const imported of naming) need(imported, name);
    if (naming.length > 0 || use.binding) continue;
    fromElsewhere = true;
    // Out of its package or namespace, a name of another file of it is no longer seen (or means another thing).
    if (((rules.folderShared && !files.samePackage) || !files.sameNamespace) && !rules.predeclared?.has(name)) {
      unproven.push({
        start: use.start,
        reason: `uses ${name}, which ${files.sourcePath} neither declares nor imports: another file of its package or namespace may declare it, and ${files.destinationPath} is not in that package or namespace`,
      });
    }
  }
  // A name from nowhere in the file may come from any import that does not say what it brings in.
  // (Not one of the destination's own names: Rust's `use crate::a::*` moved into `a`.)
  if (fromElsewhere) {
    for (const imported of sourceImports) {
      if (imported.opaque && !needed.has(imported) && !(access && rules.importsFrom?.(imported.statement, '*', access))) needed.set(imported, new Set());
    }
  }

  // A name the destination declares itself: the import brings that very declaration (Rust's `use
  // crate::a::T` moved into `a`) and is not added there, or another of that name, which would collide.
  // One the destination imports (where paths tell): the same thing is not imported twice.
  const broughtThere = new Set<SourceImport>();
  for (const [imported, names] of needed) {
    const clash = [...names].filter(inDestination);
    const there = (name: string) => (clash.includes(name) ? null : importedThere(name));
    const differs = [...names].find((name) => (clash.includes(name) ? !(access !== null && rules.importsFrom?.(imported.statement, name, access)) : there(name) !== null && there(name) !== pathOf(imported.statement, name, files.sourcePath)));
    if (differs !== undefined) {
      const start = free.get(differs)!.start;
      unproven.push(clash.includes(differs) ? { start, reason: `uses ${differs} through ${imported.statement}, and ${files.destinationPath} declares a ${differs} of its own: moved there, the two would collide; rename one of them first` } : collision(start, differs, there(differs)!));
      continue;
    }
    const satisfied = [...names].filter((name) => clash.includes(name) || there(name) !== null);
    if (names.size > 0 && satisfied.length === names.size) broughtThere.add(imported);
    else if (satisfied.length > 0 && rules.importedPath) {
      unproven.push({ start: free.get(satisfied[0]!)!.start, reason: `needs ${imported.statement}, and ${files.destinationPath} has ${satisfied[0]} already: written there, it would bring ${satisfied[0]} in twice; import the rest of what it needs there first` });
    }
  }
  const added = sourceImports.filter((imported) => needed.has(imported) && !broughtThere.has(imported) && !present.has(normalized(imported.statement)));
  // A relative path (C's `#include "x.h"`, Rust's `use super::x`) that would start elsewhere in the
  // destination names another thing; a path into what only the source may see (Rust's privacy) fails.
  const statements = [...sourceImports.filter((imported) => needed.has(imported) && !broughtThere.has(imported)), { statement: text.slice(node.start, node.end), moved: true }];
  for (const imported of statements) {
    const [name] = 'moved' in imported ? [] : (needed.get(imported) ?? []);
    const start = name !== undefined ? free.get(name)!.start : node.start;
    const what = 'moved' in imported ? 'holds a path' : `needs ${imported.statement}${name !== undefined ? ` for ${name}` : ''}, whose path is`;
    const from = rules.relativeTo?.(imported.statement, files.sourcePath, inSource) ?? null;
    const there = from === null ? null : rules.relativeTo!(imported.statement, files.destinationPath, inDestination);
    if (from !== null && from !== there) {
      const fix = 'moved' in imported ? 'write it from the root first' : `write the import as ${files.destinationPath} needs it there first`;
      unproven.push({ start, reason: `${what} relative to ${from}, and in ${files.destinationPath} it would start from ${there ?? 'elsewhere'}; ${fix}` });
      continue;
    }
    const lost = access && rules.lostAccess?.(imported.statement, access);
    if (lost) unproven.push({ start, reason: `${'moved' in imported ? '' : `needs ${imported.statement}, which `}${lost}` });
  }
  const imports = [...new Set([...added.map((imported) => imported.statement), ...ownImports.keys()])];
  const unused = rules.unusedImportFails ? unusedAfterMove(files, sourceImports, needed) : { removed: [], replacements: [] };
  const importUses = [
    ...added.map((imported) => {
      const [name] = needed.get(imported) ?? [];
      return { statement: imported.statement, name: name ?? null, start: name !== undefined ? free.get(name)!.start : node.start };
    }),
    ...[...ownImports].map(([statement, use]) => ({ statement, ...use })),
  ];
  return {
    imports,
    removed: unused.removed,
    source: unused.replacements,
    unproven,
    importUses,
  };
}

/** Whether a top-level structure (of a file whose text is `text`) is an import, by its kind or its text. */
function importTest(rules: MoveRules): (structure: StructureNode, text: string) => boolean {
  return (structure, text) => rules.importKinds.includes(structure.kind) || (rules.importText !== null && rules.importText.test(text.slice(structure.start, structure.start + 100)));
}

/** The module-level bindings declared inside a structure's text (each name of a group's specs: `var ( x, y = 1, 2 )`). */
export function bindingsDeclaredBy(model: ScopeModel, node: { readonly start: number; readonly end: number }): Binding[] {
  return [...model.module.bindings.values()].filter((binding) => binding.declarations.some((declaration) => declaration.start >= node.start && declaration.start < node.end));
}

/** The top-level structures saying which package or namespace the file's code is in (not a namespace block). */
export function packageClauses(tree: StructureTree, rules: MoveRules): StructureNode[] {
  return tree.root.children.filter((structure) => rules.packageKinds.includes(structure.kind) && structure.children.length === 0);
}

/** The package or namespace clauses of a file as one text, spaces and comments folded: two files with the same one are in one package. */
export function namespaceOf(tree: StructureTree, rules: MoveRules): string {
  // Its doc comment aside (Go's `// Package color …` above one file's clause), not a build constraint (`//go:build x`).
  const clauseText = (clause: StructureNode) => tree.source.text.slice(clause.start, clause.end).replace(/\/\*[^]*?\*\/|\/\/(?!go:build|\s*\+build)[^\n]*/g, '');
  return packageClauses(tree, rules).map((clause) => normalized(clauseText(clause))).join('\n');
}

/**
 * Where imports go in `tree`: after its last import, else after its package clause or file head
 * (which ends at `headEnd`: PHP's `<?php`), else first. Added after the moved declaration, so that
 * no check sees an import before what uses it (Go refuses an unused one).
 */
export function importsInsertion(tree: StructureTree, imports: readonly string[], rules: MoveRules, headEnd: number): Replacement {
  const top = tree.root.children;
  const lines = imports.join('\n');
  const isImport = importTest(rules);
  const lastImport = top.filter((structure) => isImport(structure, tree.source.text)).at(-1);
  if (lastImport) return { start: lastImport.end, end: lastImport.end, text: `\n${lines}` };
  const text = tree.source.text;
  // A blank line above them, and one below unless the file ends or a blank line follows already.
  const between = (at: number): Replacement => ({ start: at, end: at, text: `\n\n${lines}${/^\n[ \t]*\S/.test(text.slice(at)) ? '\n' : ''}` });
  const head = packageClauses(tree, rules).at(-1);
  if (head) return between(head.end);
  const afterHead = text.slice(0, headEnd).trimEnd().length;
  if (afterHead > 0) return between(afterHead);
  return { start: 0, end: 0, text: text.trim() === '' ? `${lines}\n` : `${lines}\n\n` };
}

/**
 * The source's imports the moved declaration needed and nothing else in the source uses, removed:
 * a spec's line, or a whole import structure with the blank line above it where one stays below.
 */
function unusedAfterMove(files: MovedTextFiles, sourceImports: readonly SourceImport[], needed: ReadonlyMap<SourceImport, ReadonlySet<string>>): { removed: string[]; replacements: Replacement[] } {
  const { node, model } = files;
  const text = files.source.source.text;
  const stillUsed = new Set<string>();
  for (const occurrence of model.occurrences) {
    if (occurrence.role === 'reference' && (occurrence.start < node.start || occurrence.start >= node.end)) stillUsed.add(occurrence.name);
  }
  const unused = new Set([...needed].filter(([, names]) => names.size > 0 && ![...names].some((name) => stillUsed.has(name))).map(([imported]) => imported));
  const removals: Replacement[] = [];
  for (const structure of new Set([...unused].map((imported) => imported.structure))) {
    const lines = sourceImports.filter((imported) => imported.structure === structure);
    const gone = lines.filter((imported) => unused.has(imported));
    if (gone.length < lines.length) {
      for (const imported of gone) removals.push({ start: lineStart(text, imported.start), end: imported.end, text: '' });
      continue;
    }
    let start = lineStart(text, structure.start);
    const lineBreak = text.indexOf('\n', structure.end);
    const end = lineBreak === -1 ? text.length : lineBreak + 1;
    // Blank on both sides: the blank line above goes too (the one below may be the moved declaration's).
    const above = start > 0 ? lineStart(text, start - 1) : -1;
    if (above >= 0 && text.slice(above, start).trim() === '' && /^[ \t]*(?:\n|$)/.test(text.slice(end))) start = above;
    removals.push({ start, end, text: '' });
  }
  return { removed: sourceImports.filter((imported) => unused.has(imported)).map((imported) => imported.statement), replacements: removals.sort((a, b) => a.start - b.start) };
}

/** Where the attribute and comment lines directly above `start` begin (Rust's `#[cfg(x)] // why`, which a structure may not hold). */
export function attributesAbove(text: string, start: number): number {
  let at = lineStart(text, start);
  while (at > 0) {
    const above = lineStart(text, at - 1);
    if (!/^[ \t]*(?:#\[|\/\/)/.test(text.slice(above, at))) break;
    at = above;
  }
  return at;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** A declaration's text up to its body or value (`int f(void)` of a definition and of its prototype alike), spaces folded. */
function signature(text: string): string {
  const end = text.search(/[{;]|=(?!=)/);
  return normalized(end === -1 ? text : text.slice(0, end));
}

function normalized(statement: string): string {
  return statement.replace(/\s+/g, ' ').trim();
}

/** Whether an import may bind `name`: one of the names it binds, where known, else a word of its text. */
function binds(imported: SourceImport, name: string): boolean {
  return imported.names ? imported.names.includes(name) : mentions(imported.statement, name);
}

/** Whether `statement` holds `name` as a word of its own. */
function mentions(statement: string, name: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}_$])${literalPattern(name)}(?![\\p{L}\\p{N}_$])`, 'u').test(statement);
}
