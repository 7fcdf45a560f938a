import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import type { Node } from 'web-tree-sitter';
import { makeError, type StructeditError, type UnresolvedReference } from '../errors.js';
import { profileOf } from '../languages/profiles/index.js';
import { acceptsAllCallsOf, argumentItems, argumentListOf, argumentsShape, bindingFailure, callArgumentsAt, callAt, firstMovedPosition, literalFailure, movedArgumentFailure, parameterShapes, structureNames, type CallShape, type ChangedSignature, type SignatureChanges } from './call-arity.js';
import type { CallRules, DerivedConstructor, FieldLiteral, ParameterShape, Reach, RequiredMembers } from '../languages/profile.js';
import { referencesOf, searchFiles, type References } from './declaration-references.js';
import { wordOffsets, type ModelledFile } from './references.js';
import { checkDefinitions, checkImplementations, definitionsOf, shownMembers, type Definitions } from './implementations-check.js';
import { checkMatches } from './matches-check.js';
import { checkReach, reachNarrowed } from './reach-check.js';
import type { ListModel } from './lists.js';
import { inTypePosition, problemsAt, type CheckOrigin, type Problem } from './use-sites.js';
import { codeLocation, locateAddress, type LocatedAddress } from './locate-address.js';
import { declarationOfPath, functionOf, nameNodeOf, primaryConstructorOf, resolvePart, type PartContext } from './parts.js';
import { nodeStartingAt } from './syntax.js';
import { locateUniqueTarget } from '../locate/locate.js';
import { TargetNamer, type StructurePath } from '../locate/targets.js';
import type { StructureNode } from '../structure/types.js';
import type { SpanIndex } from '../text/span-index.js';
import type { EditRun, SemanticWorkspace, WorkspaceFile } from './workspace.js';

/**
 * The check that a batch which changed a function's parameters left every call of it fitting, in a
 * language no type checker answers for: the signature is noted before its first change, and after
 * the batch, if calls that fitted it may no longer fit the new one, every use of the function is
 * read as a call and bound to the new parameters. A use that is not a call, or a call that
 * spreads its arguments, cannot be checked, and is listed as such.
 */

/**
 * Notes the function whose parameters an edit changes, before it does: an `add` to its parameters,
 * a `set` or `remove` of one of them or of the list, a `set` of the whole function, an edit of its
 * decorators (`@staticmethod`, `@property` change how it is called).
 */
export function noteSignature(changes: SignatureChanges, located: Pick<LocatedAddress, 'file' | 'context' | 'part' | 'target'>, root: Node, language: string | undefined, op: 'set' | 'add' | 'remove'): void {
  const { part, file, context } = located;
  const rules = profileOf(file.tree.language).calls;
  const key = `${file.path}\n${located.target}`;
  const edited = part.kind === 'element' ? part.element!.list : part.list;
  const decorators = edited?.kind === 'decorators';
  const changesParameters = decorators || part.kind === 'element' || part.kind === 'params' || (part.kind === 'structure' && op !== 'remove');
  if (!changesParameters || !rules || changes.has(key)) return;
  const declaration = declarationOfPath(context, part.path);
  // A class whose header declares its constructor's parameters: the class is what is called.
  const primary = primaryConstructorOf(context, part.path, declaration);
  const whole = decorators ? resolvePart(context, part.path, [], located.target) : null;
  const list = whole ? (whole.isOk() ? whole.value.list : null) : part.kind === 'structure' && primary ? primary.list : edited;
  if (list?.kind !== 'params') return;
  const fn = primary?.fn ?? functionOf(declaration);
  // A function without a name (a lambda) is not called by one.
  const name = fn ? ((nameNodeOf(declaration) ?? nameNodeOf(fn))?.text ?? null) : null;
  if (!fn) return;
  const constructs = primary !== null || isConstructor(name, fn);
  if (name === null && !constructs) return;
  const names = structureNames(part.path);
  const async = primary || !rules.awaiting ? {} : { async: rules.awaiting.isAsync(fn) };
  const property = primary ? {} : { property: rules.isProperty(fn) };
  changes.set(key, { path: file.path, language, target: located.target, names, constructs, from: primary ? 'primary' : 'function', before: parameterShapes(root, file.tree.source.text, list, fn, rules), ...async, ...property });
}

/**
 * Notes, before the edit, what the types along an edit's address promise code elsewhere: the
 * constructor their fields make (a dataclass, a Rust struct: what constructions must pass), and the
 * members they require of their implementations (an interface, an abstract class). Any edit in one
 * may change either.
 */
export function noteTypeContracts(changes: SignatureChanges, located: Pick<LocatedAddress, 'file' | 'context' | 'part'>, language: string | undefined): void {
  const { part, file, context } = located;
  const rules = profileOf(file.tree.language).calls;
  if (!rules) return;
  const namer = new TargetNamer(file.tree);
  for (let depth = 2; depth <= part.path.length; depth++) noteTypeContract(changes, file, context, part.path.slice(0, depth), namer, language, rules);
}

function noteTypeContract(changes: SignatureChanges, file: WorkspaceFile, context: PartContext, path: StructurePath, namer: TargetNamer, language: string | undefined, rules: CallRules, named?: string | null): void {
  // (The declaration is read first: naming a structure among thousands of siblings costs more.)
  const declaration = declarationOfPath(context, path);
  const derived = rules.derivedConstructor(declaration);
  // What an interface or abstract class requires of its implementations; an enumeration's cases.
  const profile = profileOf(file.tree.language);
  const required = profile.members.requiredMembers(declaration);
  const cases = profile.cases.casesOf(declaration);
  const variants = rules.variantConstructors(declaration);
  const reach = profile.members.reachOf(declaration);
  // What a type defines for the bases it names.
  const defines = definitionsOf(declaration);
  if (!derived && !required && !cases && !variants && !reach && !defines) return;
  const target = named === undefined ? namer.targetOf(path).target : named;
  if (target === null) return;
  const key = `${file.path}\n${target}`;
  const names = structureNames(path);
  // Each contract is noted once, before the first edit that reaches it.
  const note = (suffix: string, contract: Pick<ChangedSignature, 'from' | 'before'> & Partial<ChangedSignature>) => {
    if (!changes.has(key + suffix)) changes.set(key + suffix, { path: file.path, language, target, names, constructs: contract.from === 'fields', ...contract });
  };
  const listed = (members: readonly string[]): ParameterShape[] => members.map((name) => ({ name, required: true, kind: 'keyword' }));
  if (derived) note('', { from: 'fields', before: derived.fields });
  if (required) note('\nmembers', { from: 'members', before: listed(required.names) });
  for (const [variant, constructor] of variants ?? []) note(`\nvariant ${variant}`, { from: 'fields', variant, before: constructor.fields });
  if (defines) note('\ndefines', { from: 'defines', overrides: defines.overrides, before: listed(defines.keys) });
  if (reach) note('\nreach', { from: 'reach', reach, before: [] });
  if (cases) note('\ncases', { from: 'cases', before: listed(cases) });
}

/**
 * Notes the functions whose parameters a text edit (a structure replaced, text replaced inside
 * one, chunks) may change, before it does: in the file as it is, each function whose parameter
 * list a changed span reaches (offsets in the text before the edit).
 */
export function noteSignaturesTouched(changes: SignatureChanges, file: WorkspaceFile, root: Node, changed: SpanIndex, language: string | undefined): void {
  const { tree } = file;
  const namer = new TargetNamer(tree);
  const rules = profileOf(tree.language).calls;
  // (A walk with a stack of its own: code can nest 10,000 levels deep.)
  const pending: StructurePath[] = [[tree.root]];
  for (let path = pending.pop(); path; path = pending.pop()) {
    for (const child of path[path.length - 1]!.children) {
      // (Its line break too: what is inserted after its last member is inserted into it.)
      if (!changed.touches(child.start, child.end + 1)) continue;
      const childPath = [...path, child];
      const target = namer.targetOf(childPath).target;
      const context = { tree, root, file: file.path, address: target ?? '' };
      const part = target === null ? null : resolvePart(context, childPath, [], target);
      const primary = part?.isOk() ? primaryConstructorOf(context, childPath, part.value.node ?? declarationOfPath(context, childPath)) : null;
      const list = primary ? primary.list : part?.isOk() ? part.value.list : null;
      if (part?.isOk() && list?.kind === 'params') {
        const span = list.open && list.close ? { start: list.open.start, end: list.close.end } : list.items.length > 0 ? { start: list.items[0]!.start, end: list.items[list.items.length - 1]!.end } : null;
        // Its parameters changed, or what is written before them (`async`, decorators, modifiers).
        if (span && (changed.changesInside(span.start, span.end) || (rules?.awaiting && changed.touches(child.start, span.start)))) noteSignature(changes, { file, context, part: part.value, target: target! }, root, language, 'set');
      }
      if (rules) noteTypeContract(changes, file, context, childPath, namer, language, rules, target);
      pending.push(childPath);
    }
  }
}


/** A changed function whose new parameters may not accept every call the old ones did, found after the batch. */
export interface NarrowedSignature {
  readonly change: ChangedSignature;
  readonly located: LocatedAddress;
  readonly path: StructurePath;
  /** The function, or the class whose header or fields declare its constructor's parameters. */
  readonly fn: Node;
  /** Its parameters after the batch, as messages show them (`(a, b)`). */
  readonly shown: string;
  readonly after: readonly ParameterShape[];
  /** For a constructor made from fields: the one it has now (`null`: none any more). */
  readonly derived?: DerivedConstructor | null;
  /** For an interface: what it requires now, and the members it did not before. */
  readonly required?: RequiredMembers & { readonly added: readonly string[] };
  /** For a function: whether it became asynchronous or stopped being so. */
  readonly awaiting?: 'added' | 'removed';
  /** For a function: whether it became a property (read, not called) or a method again. */
  readonly access?: 'property' | 'method';
  /** For a type that stopped defining members its bases may require: what it defines now, and the members gone. */
  readonly definitions?: { readonly now: Definitions; readonly removed: readonly string[] };
  /** For a declaration whose reach narrowed: its reach now. */
  readonly reach?: Reach;
  /** For an enumeration: its cases now. */
  readonly cases?: readonly string[];
  readonly rules: CallRules;
}

/**
 * The changed functions whose new parameters may not accept every call the old ones did. After a
 * text edit, a function no longer found by its name (the edit removed or renamed it) is left out:
 * it is not this check's to answer.
 */
export function narrowedSignatures(workspace: SemanticWorkspace, changes: SignatureChanges, renamed: ReadonlyMap<string, string>, origin: CheckOrigin = 'batch'): ResultAsync<NarrowedSignature[], StructeditError> {
  return safeTry(async function* () {
    const narrowed: NarrowedSignature[] = [];
    for (const change of changes.values()) {
      // Found again by its names (its target may have changed with its parameters), and located as
      // leniently as the edit that changed it was (an extent that holds despite syntax errors inside).
      const file = yield* workspace.file(change.path, change.language).safeUnwrap();
      // A type noted because an edit reached into it is found by its target where its name is not
      // enough (Scala's `class A` and `object A`), and left alone if the batch removed or renamed it.
      const contract = change.from === 'fields' || change.from === 'members' || change.from === 'cases' || change.from === 'reach' || change.from === 'defines';
      const path = findAgain(file.tree.root, change.names, renamed) ?? (contract ? locateUniqueTarget(file.tree, change.target, file.path).unwrapOr(null) : null);
      if (!path && (origin === 'text-edit' || contract)) continue;
      if (!path) return err(lostFunction(change));
      const rules = profileOf(file.tree.language).calls;
      const locate = () => locateAddress(workspace, change.path, new TargetNamer(file.tree).targetOf(path).target ?? change.target, change.language, { edit: 'add' });
      if (contract) {
        // A type's contract is compared from its syntax before anything is located: most edits inside one leave it as it was.
        const narrowedContract = rules ? yield* contractNarrowed(workspace, file, path, change, rules).safeUnwrap() : null;
        if (narrowedContract) narrowed.push({ change, located: yield* locate().safeUnwrap(), path, ...narrowedContract });
        continue;
      }
      const located = yield* locate().safeUnwrap();
      const root = yield* workspace.syntax(located.file).safeUnwrap();
      const declaration = root ? declarationOfPath(located.context, located.part.path) : null;
      if (!rules || !root || !declaration) continue;
      const primary = change.from === 'primary' ? primaryConstructorOf(located.context, located.part.path, declaration) : null;
      const fn = primary?.fn ?? functionOf(declaration);
      const list = primary?.list ?? located.part.list;
      if (!fn || list?.kind !== 'params') continue;
      const after = parameterShapes(root, located.file.tree.source.text, list, fn, rules);
      const text = located.file.tree.source.text;
      const async = change.async === undefined || !rules.awaiting ? undefined : rules.awaiting.isAsync(fn);
      const awaiting = async === undefined || async === change.async ? {} : { awaiting: async ? ('added' as const) : ('removed' as const) };
      const property = rules.isProperty(fn);
      const access = change.property === undefined || property === change.property ? {} : { access: property ? ('property' as const) : ('method' as const) };
      if (!acceptsAllCallsOf(change.before, after, rules.namedArguments, !rules.fewerFail) || 'awaiting' in awaiting || 'access' in access) narrowed.push({ change, located, path, fn, shown: listShown(text, list), after, rules, ...awaiting, ...access });
    }
    return ok(narrowed);
  });
}

/**
 * `CALLS_BROKEN` when a changed function's new parameters do not fit its calls, or its uses cannot
 * be checked: each use of a function whose parameters narrowed ({@link narrowedSignatures}) is read
 * as a call and bound to them.
 */
export function checkCalls(workspace: SemanticWorkspace, changes: SignatureChanges, renamed: ReadonlyMap<string, string>, origin: CheckOrigin = 'batch'): ResultAsync<void, StructeditError> {
  return narrowedSignatures(workspace, changes, renamed, origin).andThen((narrowed) => checkNarrowedCalls(workspace, changes, narrowed, origin));
}

/** The check of {@link checkCalls} on the functions {@link narrowedSignatures} found. */
export function checkNarrowedCalls(workspace: SemanticWorkspace, changes: SignatureChanges, narrowed: readonly NarrowedSignature[], origin: CheckOrigin): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    for (const { change, located, path, fn, shown, after, derived, required, cases, awaiting, access, reach, definitions, rules } of narrowed) {
      const run: EditRun = { workspace, index: 0, syntax: 'reject', warnings: [], backend: null, signatures: changes };
      if (definitions) {
        yield* checkDefinitions(run, change, located, definitions.now, definitions.removed, change.overrides ?? [], origin).safeUnwrap();
        continue;
      }
      if (reach) {
        yield* checkReach(run, change, located, fn, path[path.length - 1]!.name ?? change.target, reach, origin).safeUnwrap();
        continue;
      }
      if (cases) {
        yield* checkMatches(run, change, located, path[path.length - 1]!.name ?? change.target, change.before.map((each) => each.name ?? ''), cases, origin).safeUnwrap();
        continue;
      }
      if (required) {
        yield* checkImplementations(run, change, located, fn, path[path.length - 1]!.name ?? change.target, change.before.map((member) => member.name ?? ''), required, origin).safeUnwrap();
        continue;
      }
      let problems: Problem[];
      const ofClass = change.from !== 'function';
      if (change.variant !== undefined && derived) problems = yield* variantProblems(run, located, change.variant, derived, rules).safeUnwrap();
      else if (change.constructs) problems = yield* constructionProblems(run, located.file, ofClass ? path : path.slice(0, -1), ofClass ? null : fn, after, rules, derived).safeUnwrap();
      else {
        const found = await referencesOf(run, located, 'address');
        // (A name the reference search cannot read: its calls cannot be found.)
        if (found.isErr() && found.error.error === 'INVALID_ARGUMENT') problems = [{ file: located.file.path, start: fn.startIndex, reason: 'its name could not be read, so its calls could not be found' }];
        else {
          const uses = yield* found.safeUnwrap();
          // A call the batch rewrote passes what its author meant to the parameters as they are now;
          // one whose text the files held before may still pass arguments to the old places.
          const originals = new Map<string, string>();
          if (firstMovedPosition(change.before, after) >= 0) for (const path of uses.models.keys()) originals.set(path, (yield* workspace.file(path).safeUnwrap()).original.text);
          problems = callProblems(uses, change.before, after, rules, rules.receiverThroughClass(fn) ? null : classNameOf(fn), { awaiting, access }, (path, call) => originals.get(path)?.includes(call) ?? false);
        }
      }
      if (problems.length === 0) continue;
      const calls: UnresolvedReference[] = [];
      for (const problem of problems) calls.push({ ...codeLocation(yield* workspace.file(problem.file).safeUnwrap(), problem.start, 'call'), reason: problem.reason });
      // Its name now (a later edit of the batch may have renamed it).
      const typeName = path[path.length - 1]!.name ?? fn.childForFieldName('name')?.text ?? 'init';
      const name = change.variant === undefined ? typeName : `${typeName}::${change.variant}`;
      return err(callsBroken(change, name, shown, calls, origin, derived !== undefined, awaiting, access));
    }
    return ok(undefined);
  });
}

/**
 * The arguments that pass a renamed parameter by its name (`f(bb=2)`, `f(bb: 2)`, a Swift label)
 * in the proven calls of its function, renamed with it: a replacement each, by file. Calls the
 * reference search could not prove stay as they are; the check after the batch lists them.
 */
export function namedArgumentRenames(run: EditRun, parameter: LocatedAddress, oldName: string, newName: string): ResultAsync<Map<string, Array<{ start: number; end: number; text: string }>>, StructeditError> {
  return safeTry(async function* () {
    const byFile = new Map<string, Array<{ start: number; end: number; text: string }>>();
    const { part, file, context } = parameter;
    const rules = profileOf(file.tree.language).calls;
    const root = yield* run.workspace.syntax(file).safeUnwrap();
    if (!rules || !root || part.kind !== 'element' || !part.span) return ok(byFile);
    const declaration = declarationOfPath(context, part.path);
    const fn = functionOf(declaration);
    if (!fn) return ok(byFile);
    // The name calls pass it by: the parameter's own where calls may name it, else its label or keyword.
    const holder = nodeStartingAt(root, part.span.start, part.span.end);
    const bare = (name: string) => name.replace(/^\$/, '');
    const passedBy = rules.keywordName(holder) ?? (rules.namedArguments ? bare(oldName) : null);
    if (passedBy !== bare(oldName) || isConstructor(nameNodeOf(declaration)?.text ?? null, fn)) return ok(byFile);
    const located = await locateAddress(run.workspace, file.path, parameter.target, file.language.id, { edit: 'add' });
    if (located.isErr()) return ok(byFile);
    const found = await referencesOf(run, located.value, 'address');
    if (found.isErr()) return ok(byFile);
    for (const location of found.value.locations) {
      if (location.kind !== 'reference') continue;
      const model = found.value.models.get(location.file);
      const call = model ? callArgumentsAt(model.root, model.text, location.start, location.end) : null;
      if (!call?.args) continue;
      for (const argument of argumentItems(call.args)) {
        if (rules.argumentName(argument) !== passedBy || !argument.text.startsWith(passedBy)) continue;
        const list = byFile.get(location.file) ?? [];
        list.push({ start: argument.startIndex, end: argument.startIndex + passedBy.length, text: bare(newName) });
        byFile.set(location.file, list);
      }
    }
    return ok(byFile);
  });
}

/** The uses of a function that do not bind to its new parameters, or cannot be checked. */
function callProblems(found: References, before: readonly ParameterShape[], after: readonly ParameterShape[], rules: CallRules, className: string | null, { awaiting, access }: Pick<NarrowedSignature, 'awaiting' | 'access'>, writtenBefore: (path: string, call: string) => boolean): Problem[] {
  return problemsAt(found, (model, start, end) => {
    const call = callAt(model.root, model.text, start, end, rules);
    if (access === 'property') return call ? `calls ${found.name}, which is a property now: this reads its value and calls that` : null;
    if (access === 'method' && !call) return `reads ${found.name}, which is a method now (no longer a property): this gets the method itself, not its value`;
    if (!call && rules.metadataRead?.test(model.text.slice(end, end + 64))) return null;
    if (!call) return awaiting === 'added' ? `uses it other than by calling it (passed or stored as a value): what calls it there gets a coroutine, promise or future now, which it may not await` : 'uses it other than by calling it (passed or stored as a value), so the arguments it will get cannot be checked';
    const node = callArgumentsAt(model.root, model.text, start, end)?.args?.parent ?? null;
    const awaited = awaiting && rules.awaiting && node ? rules.awaiting.awaited(node) : null;
    if (awaiting === 'added' && !awaited) return `calls ${found.name} without awaiting it: ${found.name} is asynchronous now, so this call gives a coroutine, promise or future and runs nothing until awaited`;
    if (awaiting === 'removed' && awaited && rules.awaiting?.awaitingOtherFails) return `awaits ${found.name}, which is no longer asynchronous: what it returns cannot be awaited`;
    const moved = node && writtenBefore(model.path, node.text) ? movedArgumentFailure(before, after, call, className) : null;
    return bindingFailure(after, call, rules, className, rules.moreFail) ?? moved ?? (call.spread ? SPREAD : null);
  });
}

const SPREAD = 'spreads its arguments, so how many it passes cannot be told';

/** Why a construction (which passes no receiver) does not bind to a constructor's parameters, or `null`. */
function constructionFailure(parameters: readonly ParameterShape[], call: Omit<CallShape, 'receiver'>, rules: CallRules): string | null {
  return bindingFailure(parameters, { ...call, receiver: '' }, rules, null, rules.moreFail) ?? (call.spread ? SPREAD : null);
}

/**
 * The constructions of a class whose constructor changed that do not bind to its new parameters,
 * or cannot be checked: each use of the class's name is a construction (`A(…)`, `new A(…)`,
 * `A.new(…)`), a type (left alone), a base of another class (whose constructions and `super(…)`
 * calls are not followed), or another use; the class's own text may construct it unnamed (`cls(…)`).
 */
function constructionProblems(run: EditRun, file: WorkspaceFile, classPath: StructurePath, constructor: Node | null, after: readonly ParameterShape[], rules: CallRules, derived?: DerivedConstructor | null): ResultAsync<Problem[], StructeditError> {
  return safeTry(async function* () {
    const at = constructor?.startIndex ?? classPath[classPath.length - 1]!.start;
    if (!rules.constructorsChecked) return ok([{ file: file.path, start: at, reason: `a ${file.language.id} constructor is also called where its class is not named (conversions, copies, members), which structedit cannot check` }]);
    const target = new TargetNamer(file.tree).targetOf(classPath).target;
    if (classPath.length < 2 || target === null) return ok([{ file: file.path, start: at, reason: 'its class could not be named, so its constructions could not be found' }]);
    const located = yield* locateAddress(run.workspace, file.path, target, file.language.id, { edit: 'add' }).safeUnwrap();
    const references = await referencesOf(run, located, 'address');
    if (references.isErr() && references.error.error === 'INVALID_ARGUMENT') return ok([{ file: file.path, start: at, reason: `its class's name could not be read, so its constructions could not be found` }]);
    const found = yield* references.safeUnwrap();
    const problems = problemsAt(found, (model, start, end) => {
      if (derived !== undefined) {
        const reason = fieldConstructionProblem(model.root, model.text, start, end, found.name, derived, rules);
        if (reason !== undefined) return reason;
      }
      const call = constructionAt(model.root, model.text, start, end, rules);
      if (call) return constructionFailure(after, call, rules);
      const member = /^\s*(?:\.|::|->)\s*([\p{L}_$][\p{L}\p{N}_$]*)/u.exec(model.text.slice(end, end + 64));
      // A.member: the class's own members construct it by name or unnamed (both checked).
      if (member && !CONSTRUCTOR_NAMES.has(member[1]!)) return null;
      if (inTypePosition(model.root, start, end)) return null;
      if (inBaseList(model.root, start, end)) return `derives a class from ${found.name}: its constructions and super(…) calls are not followed`;
      return `uses ${found.name} other than by constructing it (passed or stored as a value), so the arguments it will get cannot be checked`;
    });
    if (derived && rules.selfTypeName) problems.push(...selfConstructionProblems(found, derived, rules, rules.selfTypeName));
    // A field without a default after one with a default: the class itself is refused (Python's
    // `TypeError: non-default argument 'z' follows default argument`), constructed or not.
    const defaulted = derived?.fields.findIndex((field) => field.kind === 'positional' && !field.required) ?? -1;
    const misplaced = defaulted < 0 ? undefined : derived!.fields.slice(defaulted + 1).find((field) => field.kind === 'positional' && field.required);
    if (misplaced) problems.unshift({ file: file.path, start: classPath[classPath.length - 1]!.start, reason: `its field ${misplaced.name} has no default but follows ${derived!.fields[defaulted]!.name}, which has one: the constructor made from them is refused when the class is defined` });
    const origin = found.models.get(file.path);
    if (rules.targetTypedConstructions && origin) problems.push(...(yield* targetTypedProblems(run, origin, found.name, after, rules, rules.targetTypedConstructions).safeUnwrap()));
    // Constructions inside the class that do not name it.
    const holder = classPath[classPath.length - 1]!;
    const text = file.tree.source.text;
    if (rules.selfConstruction) {
      const root = yield* run.workspace.syntax(file).safeUnwrap();
      for (const match of text.slice(holder.start, holder.end).matchAll(new RegExp(rules.selfConstruction.source, 'g'))) {
        const start = holder.start + match.index;
        const delegation = /\b(this|super)\s*\($/.exec(match[0]);
        // (Scala declares its other constructors as `def this(…)`.)
        if (delegation && root && isDeclaredName(root, start + delegation.index)) continue;
        // The changed constructor's own `super(…)` or `this(…)` calls another one.
        if (constructor && start >= constructor.startIndex && start < constructor.endIndex && delegation) continue;
        // Another constructor's `this(…)` passes its arguments to a primary one (Kotlin's `constructor(a: String) : this(1)`).
        const call = !constructor && delegation?.[1] === 'this' && root ? callAt(root, text, start + delegation.index, start + delegation.index + 4, rules) : null;
        if (call) {
          const failure = constructionFailure(after, call, rules);
          if (failure) problems.push({ file: file.path, start, reason: failure });
          continue;
        }
        problems.push({ file: file.path, start, reason: `constructs ${found.name} without naming it (${match[0].trim()}), which the check cannot bind` });
      }
    }
    return ok(problems);
  });
}

/**
 * What is wrong with a use of a class whose constructor comes from its fields, when it is a
 * construction that binds differently from a call (`undefined`: bind it as a call): a literal or
 * pattern naming its fields (Rust's `P { x: 1 }`), a construction of a class that has no such
 * constructor any more, a call to one whose base class's fields come first.
 */
function fieldConstructionProblem(root: Node, text: string, start: number, end: number, name: string, derived: DerivedConstructor | null, rules: CallRules): string | null | undefined {
  // `P::new()`, `Point.from_row(…)`: a path to one of its members, not a construction; but Swift's `P.init(…)` is one.
  const member = /^\s*(?:::|\.)\s*([\p{L}_$][\p{L}\p{N}_$]*)/u.exec(text.slice(end, end + 64));
  if (member && member[1] !== 'init') return null;
  if (member) {
    const at = end + member[0].length - 4;
    const call = callAt(root, text, at, at + 4, rules);
    if (!call) return null;
    if (!derived) return `constructs ${name}, which no longer gets a constructor from its fields (it declares one of its own): check this construction against what ${name} takes now`;
    return constructionFailure(derived.fields, call, rules);
  }
  const node = root.descendantForIndex(start, Math.max(start, end - 1));
  const literals = node ? rules.fieldLiterals(node) : null;
  if (!derived) {
    if (!literals && !callAt(root, text, start, end, rules)) return undefined;
    return `constructs ${name}, which no longer gets a constructor from its fields (it declares one of its own, or is no longer a record of them): check this construction against what ${name} takes now`;
  }
  if (literals) return literalsFailure(derived, literals, name);
  if (derived.inherits === null) return undefined;
  const call = callAt(root, text, start, end, rules);
  if (!call) return undefined;
  // The base's fields come first and are not read: arguments by position cannot be placed, and only this class's own fields checked by name.
  if (call.positional > 0) return `passes arguments by position to ${name}, whose fields follow those of its base ${derived.inherits}, which structedit does not read: where they go cannot be told`;
  if (call.spread) return SPREAD;
  const missing = derived.fields.filter((field) => field.required && field.name !== null && !call.named.includes(field.name));
  return missing.length > 0 ? `passes no argument for ${missing.map((field) => field.name).join(', ')}` : null;
}

/**
 * Constructions by the name a type's own methods use for it (Rust's `Self { … }`, `Self(…)`) in the
 * method blocks of that type (`impl P`), in the files the reference search read.
 */
function selfConstructionProblems(found: References, derived: DerivedConstructor, rules: CallRules, selfName: string): Problem[] {
  const problems: Problem[] = [];
  for (const model of found.models.values()) {
    for (const start of wordOffsets(model.text, selfName)) {
      const node = model.root.descendantForIndex(start, start + selfName.length - 1);
      if (!node || node.startIndex !== start || rules.implementedType(node) !== found.name) continue;
      const literals = rules.fieldLiterals(node);
      const call = literals ? null : callAt(model.root, model.text, start, start + selfName.length, rules);
      const failure = literals ? literalsFailure(derived, literals, found.name) : call ? constructionFailure(derived.fields, call, rules) : null;
      if (failure) problems.push({ file: model.path, start, reason: failure });
    }
  }
  return problems;
}

/**
 * The uses of an enumeration's variant whose fields changed that no longer fit them: each
 * `Shape::Circle` (or `Self::Circle` in the enumeration's own `impl`s, or a bare `Circle` in a file
 * that imports the variants) read as a literal, a pattern, a call, or a bare path (which only a
 * variant without fields may be).
 */
function variantProblems(run: EditRun, located: LocatedAddress, variant: string, derived: DerivedConstructor, rules: CallRules): ResultAsync<Problem[], StructeditError> {
  return safeTry(async function* () {
    const references = await referencesOf(run, located, 'address');
    if (references.isErr() && references.error.error === 'INVALID_ARGUMENT') return ok([{ file: located.file.path, start: located.part.path[located.part.path.length - 1]!.start, reason: `its name could not be read, so the uses of ${variant} could not be found` }]);
    const found = yield* references.safeUnwrap();
    const problems: Problem[] = [];
    const variantAt = (model: ModelledFile, start: number): string | null => {
      const node = model.root.descendantForIndex(start, start + variant.length - 1);
      // (Code only: not a string or comment, the variant's own declaration, or a `use` of it.)
      if (!node || node.startIndex !== start || !/identifier$/.test(node.type) || node.parent?.type === 'enum_variant') return null;
      for (let at = node.parent; at; at = at.parent) if (at.type === 'use_declaration') return null;
      const literals = rules.fieldLiterals(node);
      if (literals) return literalsFailure(derived, literals, variant);
      const call = callAt(model.root, model.text, start, start + variant.length, rules);
      if (call) return derived.literal ? `calls ${variant}, whose fields are named now` : constructionFailure(derived.fields, call, rules);
      return derived.fields.length > 0 ? `uses ${variant} without giving its fields, which it now has` : null;
    };
    // `Shape::Circle`: a use of the enumeration followed by the variant.
    problems.push(
      ...problemsAt(found, (model, _start, end) => {
        const member = /^\s*::\s*/.exec(model.text.slice(end, end + 16));
        const at = member ? end + member[0].length : -1;
        return member && model.text.startsWith(variant, at) && !/[\p{L}\p{N}_]/u.test(model.text[at + variant.length] ?? '') ? variantAt(model, at) : null;
      }),
    );
    for (const model of found.models.values()) {
      // `Self::Circle` in the enumeration's own methods, and `Circle` where `use Shape::*` or `use Shape::{Circle}` brings it in.
      const imported = new RegExp(`\\b${found.name}\\s*::\\s*(?:\\*|\\{[^}]*\\b${variant}\\b)`).test(model.text);
      for (const start of wordOffsets(model.text, variant)) {
        const before = model.text.slice(Math.max(0, start - 16), start);
        const self = /\bSelf\s*::\s*$/.exec(before);
        if (self ? rules.implementedType(model.root.descendantForIndex(start) ?? model.root) !== found.name : !imported || /(?:::|\.)\s*$/.test(before)) continue;
        const failure = variantAt(model, start);
        if (failure) problems.push({ file: model.path, start, reason: failure });
      }
    }
    return ok(problems);
  });
}

/** Why the first of a use's literals that no longer fits does not (`[]P{{…}, {…}}` has several), or `null`. */
function literalsFailure(derived: DerivedConstructor, literals: readonly FieldLiteral[], name: string): string | null {
  for (const [index, literal] of literals.entries()) {
    const failure = literalFailure(derived.fields, literal, name, derived.omittable);
    if (failure) return literals.length > 1 ? `its element ${index + 1} (a ${name} written without its name) ${failure}` : failure;
  }
  return null;
}

/** A constructor's fields as messages show them: `(x, y = …)`. */
function fieldsShown(fields: readonly ParameterShape[]): string {
  return `(${fields.map((field) => `${field.name ?? '_'}${field.required ? '' : ' = …'}`).join(', ')})`;
}

/**
 * The constructions in the files of the class's language that take their class from where they go
 * (C#'s `new(1, 2)`, nodes of `type`): bound to the new parameters where that place is declared
 * with the class's name (`Point p = new(1, 2)`), left alone where it is declared with another type,
 * listed where no type is written there (an argument, a `return`): which class they construct
 * needs types.
 */
function targetTypedProblems(run: EditRun, origin: ModelledFile, className: string, after: readonly ParameterShape[], rules: CallRules, constructions: NonNullable<CallRules['targetTypedConstructions']>): ResultAsync<Problem[], StructeditError> {
  return searchFiles(run.workspace, origin, constructions.word).map(({ models, unproven }) => {
    const problems: Problem[] = unproven.map((mention) => ({ file: mention.file, start: mention.start, reason: mention.reason }));
    for (const model of models.values()) {
      for (const { node, args, declaredType } of constructions.find(model.root)) {
        const written = declaredType?.replace(/<[^]*>|\?$/g, '').split('.').pop()?.trim() ?? null;
        if (written !== null && written !== 'var' && written !== className) continue;
        const call = args ? argumentsShape(args, rules) : { positional: 0, named: [], spread: false };
        const failure = written === className ? constructionFailure(after, call, rules) : `constructs a class it does not name (${node.text.slice(0, 40)}), taken from where it goes: whether that is ${className} needs types structedit does not have`;
        if (failure) problems.push({ file: model.path, start: node.startIndex, reason: failure });
      }
    }
    return problems;
  });
}

/** Whether the word at `start` is the name a declaration gives (Scala's `def this(…)`), not a use. */
function isDeclaredName(root: Node, start: number): boolean {
  const node = root.descendantForIndex(start);
  return node !== null && node.startIndex === start && node.parent?.childForFieldName('name')?.startIndex === start;
}

/** A construction of the class named at `start`..`end`: `new A(…)`, `A(…)`, Ruby's `A.new(…)`. */
function constructionAt(root: Node, text: string, start: number, end: number, rules: CallRules): Omit<CallShape, 'receiver'> | null {
  const newMethod = /^\s*(?:\.|::)\s*new\b/.exec(text.slice(end, end + 16));
  if (newMethod) {
    const at = end + newMethod[0].length - 3;
    return callAt(root, text, at, at + 3, rules);
  }
  let node = root.descendantForIndex(start, Math.max(start, end - 1));
  for (let depth = 0; node && depth < 3; depth++, node = node.parent) {
    if (!/new_expression|object_creation_expression|instance_expression|creation_expression/.test(node.type)) continue;
    const args = argumentListOf(node);
    if (!args) return { positional: 0, named: [], spread: false };
    if (args.startIndex < end) return null;
    return callAt(root, text, start, end, rules) ?? argumentsShape(args, rules);
  }
  return callAt(root, text, start, end, rules);
}

/** Whether a name is in a class's header after its name: a base class, an interface it implements. */
function inBaseList(root: Node, start: number, end: number): boolean {
  for (let node = root.descendantForIndex(start, Math.max(start, end - 1)); node; node = node.parent) {
    // (TypeScript's `class_heritage` and `class_body` are parts of the class, without a body of their own.)
    const body = /class|object|struct|interface/.test(node.type) ? node.childForFieldName('body') : null;
    if (body) return start < body.startIndex && start > node.startIndex;
  }
  return false;
}

/**
 * The structure at the end of a path of kinds and names (a name renamed in the batch, by its new
 * name), when exactly one matches at every level.
 */
function findAgain(root: StructureNode, names: ChangedSignature['names'], renamed: ReadonlyMap<string, string>): StructurePath | null {
  const path: StructureNode[] = [root];
  let level = root;
  for (const { kind, name, nth, of } of names) {
    const now = name !== null ? (renamed.get(name) ?? name) : null;
    const matches = level.children.filter((child) => child.kind === kind && (child.name === name || child.name === now));
    // (Siblings sharing a kind and name, as many as before: the same one of them.)
    const found = matches.length === 1 ? matches[0] : matches.length === of ? matches[nth] : undefined;
    if (!found) return null;
    level = found;
    path.push(level);
  }
  return path;
}

/**
 * How a type's contract narrowed since it was noted, or `null` when it did not: a member it did
 * not require before (`required`), or a constructor that may not take every construction: the
 * one its fields make now (`derived`; `null`: none any more), or one of its own it declares now.
 */
function contractNarrowed(workspace: SemanticWorkspace, file: WorkspaceFile, path: StructurePath, change: ChangedSignature, rules: CallRules): ResultAsync<Omit<NarrowedSignature, 'change' | 'located' | 'path'> | null, StructeditError> {
  return workspace.syntax(file).map((root) => {
    if (!root) return null;
    const context = { tree: file.tree, root, file: file.path, address: change.target };
    const declaration = declarationOfPath(context, path);
    if (change.from === 'defines') {
      const now = definitionsOf(declaration);
      const removed = now ? change.before.flatMap((member) => (member.name !== null && !now.keys.includes(member.name) ? [member.name] : [])) : [];
      return now && removed.length > 0 ? { fn: declaration, shown: '', after: change.before, definitions: { now, removed }, rules } : null;
    }
    if (change.from === 'reach') {
      const reach = profileOf(file.tree.language).members.reachOf(declaration) ?? 'everywhere';
      return reach !== 'everywhere' && reachNarrowed(change.reach ?? 'everywhere', reach) ? { fn: declaration, shown: reach, after: change.before, reach, rules } : null;
    }
    if (change.from === 'cases') {
      const cases = profileOf(file.tree.language).cases.casesOf(declaration) ?? [];
      const had = new Set(change.before.map((each) => each.name));
      return cases.some((each) => !had.has(each)) ? { fn: declaration, shown: `(${cases.join(', ')})`, after: change.before, cases, rules } : null;
    }
    if (change.from === 'members') {
      const required = profileOf(file.tree.language).members.requiredMembers(declaration);
      const had = new Set(change.before.map((member) => member.name));
      const added = (required?.names ?? []).filter((name) => !had.has(name));
      return required && added.length > 0 ? { fn: declaration, shown: `(${shownMembers(required.names)})`, after: change.before, required: { ...required, added }, rules } : null;
    }
    if (change.variant !== undefined) {
      // (A variant no longer declared leaves uses the reference checks answer for.)
      const variant = rules.variantConstructors(declaration)?.get(change.variant);
      return !variant || acceptsAllCallsOf(change.before, variant.fields, true) ? null : { fn: declaration, shown: fieldsShown(variant.fields), after: variant.fields, derived: variant, rules };
    }
    const derived = rules.derivedConstructor(declaration);
    // A constructor of its own now (Swift's `init`, Python's `__init__`): constructions must fit it instead.
    const own = derived ? null : ownConstructor(context, path, rules);
    if (own) return acceptsAllCallsOf(change.before, own.after, true) ? null : { fn: declaration, shown: own.shown, after: own.after, rules };
    const after = derived?.fields ?? [];
    // (Constructions may name any field: `P(x=1)`, `P { x: 1 }`, `P{X: 1}`; a renamed one narrows too.)
    return derived && acceptsAllCallsOf(change.before, after, true) ? null : { fn: declaration, shown: fieldsShown(after), after, derived, rules };
  });
}

/** The one constructor a class declares in its body, as its constructions see its parameters; `null` for none or several. */
function ownConstructor(context: PartContext, path: StructurePath, rules: CallRules): { after: ParameterShape[]; shown: string } | null {
  const found: Array<{ fn: Node; list: ListModel }> = [];
  for (const child of path[path.length - 1]!.children) {
    const childPath = [...path, child];
    const declaration = declarationOfPath(context, childPath);
    const fn = functionOf(declaration);
    if (!fn || !isConstructor(nameNodeOf(declaration)?.text ?? nameNodeOf(fn)?.text ?? null, fn)) continue;
    const part = resolvePart(context, childPath, [], context.address);
    if (part.isOk() && part.value.list?.kind === 'params') found.push({ fn, list: part.value.list });
  }
  if (found.length !== 1) return null;
  const { fn, list } = found[0]!;
  const text = context.tree.source.text;
  return { after: parameterShapes(context.root, text, list, fn, rules), shown: listShown(text, list) };
}

function lostFunction(change: ChangedSignature): StructeditError {
  const message = `The parameters of ${JSON.stringify(change.target)} in ${change.path} changed, and after the batch it could not be found again by its name (a later edit renamed, moved or duplicated it), so its calls could not be checked. Nothing was written. Change its parameters in a batch of their own, or send the batch with validate: false.`;
  return makeError('CALLS_BROKEN', message, { path: change.path, address: change.target, name: change.names[change.names.length - 1]?.name ?? '', parameters: '', calls: [] });
}

/** Constructors, whose calls name their class (`new A(…)`, `A(…)`), not them. */
const CONSTRUCTOR_NAMES = new Set(['constructor', '__init__', '__new__', 'initialize', '__construct', 'init']);

function isConstructor(name: string | null, fn: Node): boolean {
  return (name !== null && CONSTRUCTOR_NAMES.has(name) && classNameOf(fn) !== null) || /constructor|init_declaration/.test(fn.type) || (name !== null && name === classNameOf(fn));
}

/** The name of the class, struct or object a method is declared in (a call through it passes the receiver itself). */
function classNameOf(fn: Node): string | null {
  for (let node = fn.parent; node; node = node.parent) {
    if (!/class|struct|object|impl|trait|interface/.test(node.type)) continue;
    // (A class's body is not the class: its name is on the node around it.)
    const name = node.childForFieldName('name') ?? node.childForFieldName('type');
    if (name) return name.text;
  }
  return null;
}

/** A parameter list as messages show it: with its parentheses where it has them. */
function listShown(text: string, list: Pick<ListModel, 'open' | 'close' | 'items'>): string {
  if (list.open && list.close) return text.slice(list.open.start, list.close.end);
  return list.items.length === 0 ? '' : text.slice(list.items[0]!.start, list.items[list.items.length - 1]!.end);
}

function callsBroken(change: ChangedSignature, name: string, parameters: string, calls: UnresolvedReference[], origin: CheckOrigin, ofFields: boolean, awaiting?: 'added' | 'removed', access?: 'property' | 'method'): StructeditError {
  const listed = calls.slice(0, 3).map((call) => `${call.file}:${call.line} ${JSON.stringify(call.text)} (${call.reason})`).join('; ');
  const wayOut =
    origin === 'batch'
      ? 'change those calls in the same batch, or send the batch with validate: false'
      : 'change the function and those calls together (applyEdits: a set of the function and of each call; or apply_patch), or send the edit again with force: true and change the calls next';
  const uses = `${calls.length} use${calls.length === 1 ? '' : 's'} of it`;
  const problem = access
    ? `${JSON.stringify(name)} is ${access === 'property' ? 'a property now, read without a call' : 'a method now, no longer a property'}, and ${uses} ${access === 'property' ? (calls.length === 1 ? 'calls' : 'call') : calls.length === 1 ? 'reads' : 'read'} it as it was, or could not be checked`
    : awaiting
    ? `${JSON.stringify(name)} is ${awaiting === 'added' ? 'asynchronous now' : 'no longer asynchronous'}, and ${uses} ${calls.length === 1 ? (awaiting === 'added' ? 'does not await it' : 'awaits it') : awaiting === 'added' ? 'do not await it' : 'await it'}, or could not be checked`
    : `${ofFields ? `The fields of ${JSON.stringify(name)}, which its constructions pass, now ${parameters},` : `The new parameters of ${JSON.stringify(name)} ${parameters.startsWith('(') ? parameters : `(${parameters})`}`} do not fit ${uses}, or could not be checked against ${calls.length === 1 ? 'it' : 'them'}`;
  const fix = access ? (access === 'property' ? 'Read it without calling it: ' : 'Call it: ') : awaiting ? (awaiting === 'added' ? 'Await each call (the functions holding them made asynchronous too): ' : 'Remove the await of each call: ') : `Give the new ${ofFields ? 'field' : 'parameter'} a default, `;
  return makeError(
    'CALLS_BROKEN',
    `${problem}: ${listed}${calls.length > 3 ? '; …' : ''}. Nothing was written. ${fix}${wayOut}.`,
    { path: change.path, address: change.target, name, parameters, calls },
  );
}
