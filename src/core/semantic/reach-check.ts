import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import type { Node } from 'web-tree-sitter';
import { makeError, type StructeditError, type UnresolvedReference } from '../errors.js';
import type { Reach } from '../languages/profile.js';
import { enclosingType } from '../languages/profiles/generic.js';
import { profileOf } from '../languages/profiles/index.js';
import type { ChangedSignature } from './call-arity.js';
import { referencesOf } from './declaration-references.js';
import { codeLocation, type LocatedAddress } from './locate-address.js';
import { dirname } from './modules.js';
import { problemsAt, type CheckOrigin, type Problem } from './use-sites.js';
import type { EditRun } from './workspace.js';

/*
 * The check that a declaration whose reach an edit narrowed (`pub` removed, `private` added, Java's
 * `public` dropped) is still used only from where it now reaches, in a language no type checker
 * answers for: each use the reference search finds is placed against the new reach.
 */

/** How wide each reach is: a narrowing is a move to a lower rank. */
const RANK: Readonly<Record<Reach | 'everywhere', number>> = { everywhere: 4, package: 3, 'parent-module': 3, module: 2, file: 2, subtypes: 2, 'outermost-type': 1, type: 1 };

/** Whether `after` reaches less far than `before` did. */
export function reachNarrowed(before: Reach | 'everywhere', after: Reach | 'everywhere'): boolean {
  return RANK[after] < RANK[before] || (RANK[after] === RANK[before] && after !== before && after !== 'subtypes');
}

/** `NAMES_OUT_OF_REACH` when a use of the declaration at `located` lies beyond its new reach, or could not be placed. */
export function checkReach(run: EditRun, change: ChangedSignature, located: LocatedAddress, declaration: Node, name: string, reach: Reach, origin: CheckOrigin): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const references = await referencesOf(run, located, 'address');
    const where = located.file.path;
    let problems: Problem[];
    if (references.isErr() && references.error.error === 'INVALID_ARGUMENT') problems = [{ file: where, start: declaration.startIndex, reason: 'its name could not be read, so its uses could not be found' }];
    else {
      const found = yield* references.safeUnwrap();
      const types = typesAround(declaration);
      const holder = (reach === 'outermost-type' ? types[types.length - 1] : types[0]) ?? null;
      const holderName = holder?.childForFieldName('name')?.text ?? null;
      const members = profileOf(located.file.tree.language).members;
      // A type private now but written in the interface of something reaching further (Rust's private type in a public interface).
      const isType = /struct|enum|union|trait|type_item|class|interface/.test(declaration.type);
      problems = problemsAt(found, (model, start) => {
        const use = model.root.descendantForIndex(start);
        if (!use) return null;
        if (!reaches(reach, where, declaration, holderName, model.path, use, members.moduleOf)) return `uses ${found.name} from ${outside(reach, where, holderName)}, which ${found.name} no longer reaches (${shown(reach)})`;
        const exposing = isType ? members.exposedBy(use) : null;
        const wider = exposing ? effectiveReach(exposing, members.reachOf) : null;
        return exposing && wider && reachNarrowed(wider, reach) ? `writes ${found.name} in the interface of ${exposing.childForFieldName('name')?.text ?? exposing.text.split('\n')[0]!.slice(0, 40)}, which reaches further than ${found.name} now does (a private type in a public interface): its users need the type` : null;
      });
    }
    if (problems.length === 0) return ok(undefined);
    const uses: UnresolvedReference[] = [];
    for (const problem of problems) uses.push({ ...codeLocation(yield* run.workspace.file(problem.file).safeUnwrap(), problem.start, 'reference'), reason: problem.reason });
    return err(outOfReach(change, name, reach, uses, origin));
  });
}

/** Whether a use (its file and node) lies within a reach of a declaration in `where`, held by a type named `holderName`. */
function reaches(reach: Reach, where: string, declaration: Node, holderName: string | null, file: string, use: Node, moduleOf: ((file: string) => string) | null): boolean {
  switch (reach) {
    case 'file':
      return file === where;
    case 'package': {
      // Java's package as the files declare it (`src/main/java/a` and `src/test/java/a` are one), else the folder.
      const declared = packageOf(declaration);
      return declared !== null ? declared === packageOf(use) : dirname(file) === dirname(where);
    }
    case 'type':
    case 'outermost-type':
      // Inside the type, or a declaration of its name (a partial class, a Swift extension, a Scala companion).
      return holderName !== null && typesAround(use).some((type) => type.childForFieldName('name')?.text === holderName || type.childForFieldName('type')?.text === holderName);
    case 'subtypes':
      // (A type deriving from it reaches it too; which types do cannot be told here, so any type naming a base is let through.)
      return holderName !== null && typesAround(use).some((type) => type.childForFieldName('name')?.text === holderName || /\b(?:extends|implements)\b|:/.test(type.text.slice(0, Math.max(0, (type.childForFieldName('body')?.startIndex ?? type.startIndex) - type.startIndex))));
    case 'module':
    case 'parent-module': {
      const inline = inlineModule(declaration);
      if (inline && reach === 'module') return file === where && use.startIndex >= inline.startIndex && use.endIndex <= inline.endIndex;
      if (inline) return file === where;
      if (!moduleOf) return file === where;
      const folder = reach === 'module' ? moduleOf(where) : dirname(moduleOf(where));
      return file === where || file.startsWith(`${folder}/`) || (reach === 'parent-module' && (file === `${folder}.rs` || file === `${folder}/mod.rs`));
    }
  }
}

/** How far a declaration reaches where it stands: no further than the declarations around it (a `pub` field of a private struct). */
function effectiveReach(declaration: Node, reachOf: (declaration: Node) => Reach | 'everywhere' | null): Reach | 'everywhere' | null {
  let narrowest: Reach | 'everywhere' | null = null;
  for (let at: Node | null = declaration; at; at = at.parent) {
    const reach = reachOf(at);
    if (reach && (narrowest === null || reachNarrowed(narrowest, reach))) narrowest = reach;
  }
  return narrowest;
}

/** The package a node's file declares (`package a.b;`), or `null`. */
function packageOf(node: Node): string | null {
  let root = node;
  while (root.parent) root = root.parent;
  const declaration = root.namedChildren.find((child) => child?.type === 'package_declaration');
  return declaration ? declaration.text.replace(/^package\s+|\s*;\s*$/g, '').replace(/\s+/g, '') : null;
}

/** The types a node stands in, innermost first. */
function typesAround(node: Node): Node[] {
  const types: Node[] = [];
  for (let type = enclosingType(node); type; type = enclosingType(type)) types.push(type);
  return types;
}

/** A Rust `mod m { … }` holding the declaration in its file, if any. */
function inlineModule(declaration: Node): Node | null {
  for (let at = declaration.parent; at; at = at.parent) if (at.type === 'mod_item' && at.childForFieldName('body')) return at;
  return null;
}

function outside(reach: Reach, where: string, holderName: string | null): string {
  if (reach === 'file') return `outside ${where}`;
  if (reach === 'package') return `another package than ${where}'s`;
  if (reach === 'module' || reach === 'parent-module') return `outside the module of ${where}`;
  return `outside ${holderName ?? 'its type'}`;
}

function shown(reach: Reach): string {
  const words: Record<Reach, string> = { type: 'private to its type', 'outermost-type': 'private to its outermost type', subtypes: 'protected: its type and types deriving from it', file: 'private to its file', package: 'package-private: its package', module: 'private to its module: no pub', 'parent-module': 'pub(super): its parent module' };
  return words[reach];
}

function outOfReach(change: ChangedSignature, name: string, reach: Reach, uses: UnresolvedReference[], origin: CheckOrigin): StructeditError {
  const listed = uses.slice(0, 3).map((use) => `${use.file}:${use.line} ${JSON.stringify(use.text)} (${use.reason})`).join('; ');
  const wayOut = origin === 'batch' ? 'send the batch with validate: false' : 'send the edit again with force: true';
  return makeError(
    'NAMES_OUT_OF_REACH',
    `${JSON.stringify(name)} would be ${shown(reach)}, and ${uses.length} use${uses.length === 1 ? '' : 's'} of it would no longer reach it, or could not be placed: ${listed}${uses.length > 3 ? '; …' : ''}. Nothing was written. Keep its modifier, move those uses inside its reach first, or ${wayOut}.`,
    { path: change.path, address: change.target, names: [name], uses },
  );
}
