import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import type { Node } from 'web-tree-sitter';
import { makeError, type StructeditError, type UnresolvedReference } from '../errors.js';
import type { RequiredMembers } from '../languages/profile.js';
import { memberKey, memberNameOf } from '../languages/profiles/generic.js';
import { profileOf } from '../languages/profiles/index.js';
import { TargetNamer } from '../locate/targets.js';
import type { StructureNode } from '../structure/types.js';
import type { ChangedSignature } from './call-arity.js';
import { modelled, referencesOf, searchFiles } from './declaration-references.js';
import { codeLocation, locateAddress, type LocatedAddress } from './locate-address.js';
import { inTypePosition, problemsAt, type CheckOrigin, type Problem } from './use-sites.js';
import type { EditRun } from './workspace.js';

/*
 * The check that an interface (a trait, a protocol, an abstract class) which an edit made require
 * more members still has every implementation defining them, in a language no type checker
 * answers for.
 */

/**
 * `IMPLEMENTATIONS_BROKEN` when an implementation of the interface at `located` lacks one of the
 * members it now requires (`required.added`; `before`: what it required before the edit), or
 * could not be checked.
 */
export function checkImplementations(run: EditRun, change: ChangedSignature, located: LocatedAddress, declaration: Node, name: string, before: readonly string[], required: RequiredMembers & { readonly added: readonly string[] }, origin: CheckOrigin): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const problems = yield* implementationProblems(run, located, declaration, before, required).safeUnwrap();
    if (problems.length === 0) return ok(undefined);
    const implementations: UnresolvedReference[] = [];
    for (const problem of problems) implementations.push({ ...codeLocation(yield* run.workspace.file(problem.file).safeUnwrap(), problem.start, 'reference'), reason: problem.reason });
    return err(implementationsBroken(change, name, required.added, implementations, origin));
  });
}

/**
 * The implementations of an interface (trait, protocol, abstract class) that lack a member it now
 * requires, or cannot be checked: each use of its name in another type's header (`implements I`,
 * `: I`, `impl I for X`, Java's `new I() {…}`) is that type, whose own members are read. One that is
 * itself abstract (or an interface) is followed the same way to the types that complete it (four
 * levels deep); one with other bases that may define the member is listed. A Go interface's types
 * never name it; a TypeScript value typed as it may be an object literal; an interface whose one
 * method lambdas could implement may have them anywhere it is a type: those are listed.
 */
function implementationProblems(run: EditRun, located: LocatedAddress, declaration: Node, before: readonly string[], required: RequiredMembers & { readonly added: readonly string[] }): ResultAsync<Problem[], StructeditError> {
  return safeTry(async function* () {
    const { file } = located;
    if (required.found === 'implicit') return ok([{ file: file.path, start: declaration.startIndex, reason: `${file.language.id} types implement an interface without naming it: which of them lack ${shownMembers(required.added)} cannot be told without types` }]);
    const members = profileOf(file.tree.language).members;
    const lambdas = members.lambdaTargets(before);
    const problems: Problem[] = [];
    const followed = new Set<string>();
    let requiredBy: string | null = null;
    let valuesListed = false;
    const pending: Array<{ located: LocatedAddress; missing: readonly string[]; through: string | null; depth: number }> = [{ located, missing: required.added, through: null, depth: 0 }];
    for (let item = pending.shift(); item; item = pending.shift()) {
      const references = await referencesOf(run, item.located, 'address');
      if (references.isErr() && references.error.error === 'INVALID_ARGUMENT') {
        problems.push({ file: item.located.file.path, start: declaration.startIndex, reason: 'its name could not be read, so its implementations could not be found' });
        continue;
      }
      const found = yield* references.safeUnwrap();
      requiredBy ??= found.name;
      const via = item.through ? ` (through ${item.through})` : '';
      const { depth, missing: inherited } = item;
      const abstract: Array<{ file: string; node: Node; name: string; missing: string[] }> = [];
      problems.push(
        ...problemsAt(found, (model, start, end) => {
          const node = model.root.descendantForIndex(start, Math.max(start, end - 1));
          const implementation = node ? implementationAt(node, found.name) : null;
          if (!implementation) {
            if (depth > 0 || valuesListed || !(required.found === 'structural' || lambdas) || !inTypePosition(model.root, start, end) || (node !== null && members.typesNoValue(node))) return null;
            valuesListed = true;
            return lambdas
              ? `${found.name} had one abstract method: lambdas and method references implement it where it is a parameter's or variable's type, and they cannot define ${shownMembers(inherited)}`
              : `values typed as ${found.name} (an object literal) must define ${shownMembers(inherited)}, which structedit cannot check`;
          }
          const defined = new Set(memberKeysOf(implementation.body, required.arity));
          const missing = inherited.filter((name) => !defined.has(name));
          if (missing.length === 0) return null;
          const named = implementation.name ?? 'the anonymous class';
          if (members.requiredMembers(implementation.node) && implementation.name !== null) {
            if (depth < 4) {
              abstract.push({ file: model.path, node: implementation.node, name: implementation.name, missing });
              return null;
            }
            return `${named} is abstract (or an interface) and does not define ${shownMembers(missing)}: the types that complete it, this deep, are not followed`;
          }
          if (implementation.otherBases) return `${named} does not define ${shownMembers(missing)}, and may inherit ${missing.length === 1 ? 'it' : 'them'} from its other bases, which structedit does not read`;
          return `${named} does not define ${shownMembers(missing)}, which ${requiredBy} now requires${via}`;
        }),
      );
      for (const type of abstract) {
        const key = `${type.file}\n${type.node.startIndex}`;
        if (followed.has(key)) continue;
        followed.add(key);
        const typeLocated = yield* locateTypeAt(run, type.file, type.node).safeUnwrap();
        if (typeLocated) pending.push({ located: typeLocated, missing: type.missing, through: type.name, depth: depth + 1 });
        else problems.push({ file: type.file, start: type.node.startIndex, reason: `${type.name} is abstract (or an interface) and does not define ${shownMembers(type.missing)}, and the types that complete it could not be found` });
      }
    }
    return ok(problems);
  });
}

/** The address of the type declared by `node` in a file (the structure of that name holding it), for its own reference search; `null` when none names it. */
function locateTypeAt(run: EditRun, path: string, node: Node): ResultAsync<LocatedAddress | null, StructeditError> {
  return safeTry(async function* () {
    const file = yield* run.workspace.file(path).safeUnwrap();
    const structures: StructureNode[] = [file.tree.root];
    for (let level = file.tree.root; ; ) {
      const inside = level.children.find((child) => child.start <= node.startIndex && node.endIndex <= child.end + 1);
      if (!inside) break;
      structures.push(inside);
      level = inside;
    }
    const target = new TargetNamer(file.tree).targetOf(structures).target;
    if (structures.length < 2 || target === null) return ok(null);
    const located = await locateAddress(run.workspace, path, target, file.language.id, { edit: 'add' });
    return ok(located.isOk() ? located.value : null);
  });
}

/** The type whose header names the use at `node` as a base (its body, name, and whether it names other bases), if any. */
function implementationAt(node: Node, interfaceName: string): { node: Node; body: Node; name: string | null; otherBases: boolean } | null {
  for (let at: Node | null = node.parent, depth = 0; at && depth < 6; at = at.parent, depth++) {
    const body = at.childForFieldName('body') ?? at.namedChildren.find((child) => child !== null && /^(?:class_body|declaration_list|template_body)$/.test(child.type)) ?? null;
    if (!body) continue;
    if (node.startIndex >= body.startIndex) return null;
    if (!/class|struct|impl|object|record|enum|interface|trait|protocol|extension/.test(at.type)) return null;
    // (Rust's `impl I for X` is named by its type; Java's `new I() {…}` by none.)
    const name = at.type === 'impl_item' ? (at.childForFieldName('type')?.text ?? null) : (at.childForFieldName('name')?.text ?? null);
    const bases = basesOf(at, body);
    const otherBases = at.type !== 'impl_item' && at.type !== 'object_creation_expression' && bases.some((base) => base !== interfaceName);
    return { node: at, body, name, otherBases };
  }
  return null;
}

/**
 * The types a type's header names as its bases: Python's `superclasses` (not `metaclass=`), else
 * those after `extends`, `implements`, `:` or `with` (generic and constructor arguments left out);
 * Rust's `impl I for X` names `I`.
 */
export function basesOf(type: Node, body: Node): string[] {
  if (type.type === 'impl_item') return [type.childForFieldName('trait')?.text.replace(/<[^]*$/, '').split('::').pop() ?? ''].filter(Boolean);
  const superclasses = type.childForFieldName('superclasses');
  const header = type.text.slice(0, body.startIndex - type.startIndex).replace(/<[^<>]*>|\([^()]*\)/g, '');
  const after = header.search(/\b(?:extends|implements)\b|:/);
  const written = superclasses ? superclasses.namedChildren.flatMap((base) => (base && base.type !== 'keyword_argument' ? [base.text] : [])) : after < 0 ? [] : header.slice(after).split(/,|\b(?:extends|implements|with|where)\b|:/);
  return written.map((base) => base.trim().split(/[\s.]/).pop() ?? '').filter((base) => /^[\p{L}_$]/u.test(base));
}

/** The members a type's body declares (methods, fields, properties), as {@link memberKey} tells them apart. */
export function memberKeysOf(body: Node, byArity: boolean): string[] {
  return body.namedChildren.flatMap((member) => {
    const name = member ? memberNameOf(member) : null;
    return member && name ? [memberKey(member, name, byArity)] : [];
  });
}

/** Members as messages name them: `g`, or `g (2 parameters)` for `g/2`. */
export function shownMembers(keys: readonly string[]): string {
  return keys.map((key) => key.replace(/^(.+)\/(\d+)$/, (_, name: string, arity: string) => `${name} (${arity === '1' ? '1 parameter' : `${arity} parameters`})`)).join(', ');
}

function implementationsBroken(change: ChangedSignature, name: string, members: readonly string[], implementations: UnresolvedReference[], origin: CheckOrigin): StructeditError {
  const listed = implementations.slice(0, 3).map((use) => `${use.file}:${use.line} ${JSON.stringify(use.text)} (${use.reason})`).join('; ');
  const wayOut = origin === 'batch' ? 'define it in those implementations in the same batch, or send the batch with validate: false' : 'define it in those implementations too (applyEdits, or apply_patch), or send the edit again with force: true and define them next';
  return makeError(
    'IMPLEMENTATIONS_BROKEN',
    `${JSON.stringify(name)} would require ${shownMembers(members)} of ${implementations.length} implementation${implementations.length === 1 ? '' : 's'} that do${implementations.length === 1 ? 'es' : ''} not define ${members.length === 1 ? 'it' : 'them'}, or could not be checked: ${listed}${implementations.length > 3 ? '; …' : ''}. Nothing was written. Give the new member a body (a default implementation), ${wayOut}.`,
    { path: change.path, address: change.target, name, members: members.map((member) => shownMembers([member])), implementations },
  );
}

/** A type that names bases, and the members it defines for them (as {@link memberKey} with arity tells them apart). */
export interface Definitions {
  readonly type: Node;
  readonly bases: string[];
  readonly keys: string[];
  /** The members marked as overriding one of a base (`@Override`, `override`). */
  readonly overrides: string[];
}

/** What a type declaration defines for the bases its header names (`null`: it names none). */
export function definitionsOf(declaration: Node): Definitions | null {
  const type = declaration.type === 'decorated_definition' ? declaration.childForFieldName('definition') : declaration;
  if (!type || !/class|struct|impl|object|record|enum|interface|trait|protocol|extension/.test(type.type)) return null;
  const body = type.childForFieldName('body') ?? type.namedChildren.find((child) => child !== null && /^(?:class_body|declaration_list|template_body|enum_class_body)$/.test(child.type)) ?? null;
  if (!body) return null;
  const bases = basesOf(type, body);
  if (bases.length === 0) return null;
  const members = body.namedChildren.filter((member): member is Node => member !== null);
  const keyOf = (member: Node) => {
    const name = memberNameOf(member);
    return name ? memberKey(member.childForFieldName('definition') ?? member, name, true) : null;
  };
  return {
    type,
    bases,
    keys: members.flatMap((member) => keyOf(member) ?? []),
    overrides: members.flatMap((member) => (/^\s*(?:@Override\b|(?:[\w@]+\s+)*override\b)/.test(member.text) ? (keyOf(member) ?? []) : [])),
  };
}

/**
 * `IMPLEMENTATIONS_BROKEN` when a type no longer defines a member (`removed`, by name and number of
 * parameters) that one of its bases requires: each base is found by its name among the project's
 * top-level declarations; a removed member marked as overriding one of a base that cannot be read
 * is listed as unchecked.
 */
export function checkDefinitions(run: EditRun, change: ChangedSignature, located: LocatedAddress, now: Definitions, removed: readonly string[], overrides: readonly string[], origin: CheckOrigin): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { file } = located;
    const root = yield* run.workspace.syntax(file).safeUnwrap();
    if (!root) return ok(undefined);
    const members = profileOf(file.tree.language).members;
    const typeName = now.type.type === 'impl_item' ? (now.type.childForFieldName('type')?.text ?? 'the impl') : (now.type.childForFieldName('name')?.text ?? 'the type');
    const reasons: Array<{ base: string; reason: string; members: string[] }> = [];
    let read = false;
    for (const base of now.bases) {
      const { models } = yield* searchFiles(run.workspace, modelled(file, root), base).safeUnwrap();
      const declarations = [...models.values()].flatMap((model) =>
        (model.model.module.bindings.get(base)?.declarations ?? []).flatMap((occurrence) => {
          const type = typeAround(model.root.descendantForIndex(occurrence.start));
          return type ? [type] : [];
        }),
      );
      if (declarations.length > 0) read = true;
      for (const declaration of declarations) {
        const required = members.requiredMembers(declaration);
        if (!required) continue;
        const missing = removed.filter((key) => required.names.includes(required.arity ? key : memberName(key)) && !now.keys.some((kept) => (required.arity ? kept === key : memberName(kept) === memberName(key))));
        const others = now.bases.filter((other) => other !== base);
        const inherited = others.length > 0 ? `, unless it inherits ${missing.length === 1 ? 'it' : 'them'} from ${others.join(' or ')}, which structedit does not read for this` : '';
        if (missing.length > 0) reasons.push({ base, members: missing, reason: `${typeName} no longer defines ${shownMembers(missing)}, which ${base} requires${inherited}` });
      }
    }
    const unread = read ? [] : overrides.filter((key) => removed.includes(key));
    if (unread.length > 0) reasons.push({ base: now.bases.join(', '), members: unread, reason: `${typeName} no longer defines ${shownMembers(unread)}, marked as overriding a member of ${now.bases.join(' or ')}, which structedit cannot read: whether it still overrides one cannot be told` });
    if (reasons.length === 0) return ok(undefined);
    const at = codeLocation(file, now.type.startIndex, 'reference');
    const implementations: UnresolvedReference[] = reasons.map((each) => ({ ...at, reason: each.reason }));
    return err(implementationsBroken(change, reasons[0]!.base, reasons.flatMap((each) => each.members), implementations, origin));
  });
}

/** A member key's name (`f` of `f/2`). */
function memberName(key: string): string {
  return key.replace(/\/\d+$/, '');
}

/** The type declaration whose name is the node at `node`, if any. */
function typeAround(node: Node | null): Node | null {
  for (let at = node?.parent ?? null, depth = 0; at && depth < 3; at = at.parent, depth++) if (/class|struct|interface|trait|protocol|record|object|enum/.test(at.type)) return at;
  return null;
}
