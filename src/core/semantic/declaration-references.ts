import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import type { Node } from 'web-tree-sitter';
import { invalidArgument, makeError, type CodeLocation, type StructeditError } from '../errors.js';
import { languageFamily, profileOf } from '../languages/profiles/index.js';
import type { SpanIndex } from '../text/span-index.js';
import { MEMBER_CONTAINERS } from '../structure/kinds.js';
import { uniqueBy } from '../unique-by.js';
import { projectResolution, type ProjectResolution } from '../modules/resolution.js';
import { codeLocation, type LocatedAddress } from './locate-address.js';
import { classesOf, isParameterProperty, memberReferences, placeKey, receiverMentions, thisUses, typeBodyAround, type Candidate, type ClassDeclaration, type OutsideBase } from './members.js';
import { nameNodeOf } from './parts.js';
import { auditMentions, findLocations, unboundMentions, wordOffsets, type Declaration, type FoundLocation, type FoundReferences, type ModelledFile, type UnprovenMention } from './references.js';
import { scopesOf } from './scope-model.js';
import { nodeStartingAt } from './syntax.js';
import { occurrenceAt, occurrencesOf, type Binding, type Occurrence } from './scopes.js';
import { isReadFailure, type EditRun, type SemanticWorkspace, type WorkspaceFile } from './workspace.js';

/**
 * The declaration an address names and every place that refers to it: what `rename` changes and
 * what the reference check of `remove` looks at. A declaration bound in a scope is followed through
 * the scope chain and imports (`findLocations`), and every other mention of its name under the root
 * is proven unrelated or listed (`auditMentions`); a class member is followed through its class
 * hierarchy (`memberReferences`), and its uses on receivers of unknown type are listed as candidates.
 */
export interface References {
  /** The declared name. */
  readonly name: string;
  /** Every place proven to refer to the declaration (the declaration included). */
  readonly locations: FoundLocation[];
  /** The bindings that stand for it (for collision checks); empty for a member. */
  readonly bindings: Declaration[];
  /** Mentions of the name that could be neither tied to it nor proven unrelated. */
  readonly unproven: UnprovenMention[];
  /** For a member: uses through receivers of unknown type. */
  readonly candidates: Candidate[];
  /** For a member: the classes of its hierarchy that declare or inherit it. */
  readonly classes: readonly ClassDeclaration[];
  /** For a member: the hierarchy's base classes outside the project (`outsideBases` of {@link memberReferences}). */
  readonly outsideBases?: readonly OutsideBase[];
  /** The files searched. */
  readonly models: Map<string, ModelledFile>;
}

/** The name node a rename or reference check starts from: the declaration's name, a parameter's… */
export function declaredName(located: LocatedAddress): Node | null {
  const { part } = located;
  if (part.kind === 'name') return part.node;
  if (!part.node) return null;
  if (part.kind === 'structure' || part.kind === 'element') {
    // An element whose tokens are siblings in the grammar (Kotlin's `bb: Int = 0`: the parameter,
    // `=`, the value) has the list as its node: its own is the largest one it starts with.
    const node = part.kind === 'element' && part.span && (part.node.startIndex !== part.span.start || part.node.endIndex !== part.span.end) ? nodeStartingAt(part.node, part.span.start, part.span.end) : part.node;
    // A bare identifier declares as an element (a parameter) or an enum's member; a statement of its
    // own (Rust's tail `x`, Ruby's `foo`), of the kind its node type is, uses it.
    if (/identifier$/.test(node.type)) return part.kind === 'structure' && part.path[part.path.length - 1]?.kind === node.type ? null : node;
    const name = nameNodeOf(node);
    if (name) return name;
    // A parameter with a default, a splat: its first identifier. (A statement's is a use: `return x`.)
    if (part.kind !== 'element') return null;
    const first = node.namedChildren.find((child) => child !== null && /identifier$/.test(child.type));
    return first ?? null;
  }
  return null;
}

/** A file's model for the finder. */
export function modelled(file: WorkspaceFile, root: Node): ModelledFile {
  return { path: file.path, language: file.language.id, model: scopesOf(root, file.language.id), text: file.tree.source.text, root, syntaxErrors: file.tree.syntaxErrors };
}

/**
 * How many files a reference scan reads ahead of the one it models. A file that mentions the name
 * is parsed as soon as it is read, so this stays well under the parse cache's 16 versions: the
 * tree a file was parsed into is still cached when the scan asks for its syntax.
 */
const READ_AHEAD = 8;

/**
 * Models of every file of the origin's language family under the root that mentions the name (the
 * origin's own model is reused, and so is one of `known`, an earlier scan's, for a file whose text
 * has not changed since). A file that cannot be read fails the search; one that can be read
 * but not parsed as source (not UTF-8, too large, no grammar) is listed as unproven: it might refer
 * to the declaration.
 */
export function searchFiles(workspace: SemanticWorkspace, origin: ModelledFile, name: string, known: ReadonlyMap<string, ModelledFile> = new Map()): ResultAsync<{ models: Map<string, ModelledFile>; unproven: UnprovenMention[] }, StructeditError> {
  return safeTry(async function* () {
    const models = new Map<string, ModelledFile>([[origin.path, origin]]);
    const unproven: UnprovenMention[] = [];
    const family = languageFamily(origin.language);
    // Files that pass names on without naming them (`export * from`) are read too: the chain of
    // exports from the declaration to its importers may run through them.
    const reexports = profileOf(origin.language).modules?.reexportsUnnamed ?? null;
    const mentions = (text: string) => wordOffsets(text, name).length > 0 || (reexports !== null && reexports.test(text));
    const paths = yield* workspace.listFiles().safeUnwrap();
    const searched = paths.flatMap((path, index) => {
      if (path === origin.path) return [];
      const language = workspace.languageOf(path);
      return language.isOk() && languageFamily(language.value.id) === family ? [{ path, index, language: language.value }] : [];
    });
    // Reads run ahead of the parsing by a few files: one at a time, the scan mostly waited for them.
    const reads: Array<ReturnType<SemanticWorkspace['fileMentioning']> | undefined> = [];
    let started = 0;
    let at = 0;
    for (const [index, path] of paths.entries()) {
      workspace.reportProgress({ operation: 'references', done: index + 1, total: paths.length, path });
      if (searched[at]?.index !== index) continue;
      const { language } = searched[at]!;
      for (; started < Math.min(at + READ_AHEAD, searched.length); started++) reads[started] = workspace.fileMentioning(searched[started]!.path, mentions);
      const file = await reads[at]!;
      reads[at++] = undefined;
      if (file.isErr()) {
        if (isReadFailure(file.error)) return err(file.error);
        unproven.push({ file: path, start: 0, reason: `it could not be read as ${language.id} source (${file.error.error}), so its mentions of the name could not be checked` });
        continue;
      }
      if (file.value === null) continue;
      const earlier = known.get(file.value.path);
      if (earlier && earlier.language === file.value.language.id && earlier.text === file.value.tree.source.text) {
        models.set(earlier.path, earlier);
        continue;
      }
      const root = yield* workspace.syntax(file.value).safeUnwrap();
      if (root) models.set(file.value.path, modelled(file.value, root));
    }
    return ok({ models, unproven });
  });
}

/**
 * The references of a module-level binding of a file across the root, and the mentions of its name
 * that could not be proven unrelated (what a move checks before and after it moves a declaration;
 * `known`: the models of the scan before, reused for the files it has not changed).
 */
export function moduleBindingReferences(workspace: SemanticWorkspace, file: WorkspaceFile, binding: Binding, resolution: ProjectResolution, known?: ReadonlyMap<string, ModelledFile>): ResultAsync<{ found: FoundReferences; unproven: UnprovenMention[]; models: Map<string, ModelledFile> }, StructeditError> {
  return safeTry(async function* () {
    const root = (yield* workspace.syntax(file).safeUnwrap())!;
    const origin = modelled(file, root);
    const own = origin.model.module.bindings.get(binding.name) ?? binding;
    const search = yield* searchFiles(workspace, origin, binding.name, known).safeUnwrap();
    const found = findLocations(search.models, { file: file.path, binding: own }, resolution);
    // (Go: the uses in the package's other files, which no import ties to it.)
    const shared = profileOf(file.language.id).names.packageScope ? receiverMentions(search.models, binding.name, placesOf(found.locations), own, 'shared').shared : [];
    // (A member bound as a plain name, Java's field: its uses through `this` in its type's body.)
    const members = thisUses(search.models, binding.name, placesOf(found.locations), own);
    return ok({ found: { ...found, locations: [...found.locations, ...shared, ...members] }, unproven: [...search.unproven, ...auditMentions(search.models, binding.name, found, resolution)], models: search.models });
  });
}

/** The class declaration whose body directly holds a member's name node, if any. */
function enclosingClass(origin: ModelledFile, name: Node): ClassDeclaration | null {
  const classes = classesOf(origin);
  let best: ClassDeclaration | null = null;
  for (const declaration of classes) {
    if (declaration.body && declaration.body.startIndex <= name.startIndex && name.endIndex <= declaration.body.endIndex && (!best || declaration.node.startIndex > best.node.startIndex)) best = declaration;
  }
  return best;
}

/** Every location of the declaration an address names, and what could not be tied to it. */
export function referencesOf(run: EditRun, located: LocatedAddress, field: string): ResultAsync<References, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    const nameNode = declaredName(located);
    if (!nameNode) {
      return err(invalidArgument([{ field, message: `${located.part.description} declares no name; address a named declaration (a function, class, variable, member, parameter or import)` }]));
    }
    const root = (yield* workspace.syntax(located.file).safeUnwrap())!;
    const origin = modelled(located.file, root);
    const occurrence = occurrenceAt(origin.model, nameNode.startIndex, nameNode.endIndex);
    const local = new Map([[origin.path, origin]]);
    // A declaration only its own name is proven of: the rest is refused, or left alone with force.
    const itself = definitionAt(origin, nameNode);
    const overloads = overloadsOf(located);
    if (overloads !== null) {
      // Which overload a call takes needs types: no use of the name can be tied to this one.
      const { models, unproven } = yield* overloadMentions(workspace, origin, nameNode, overloads).safeUnwrap();
      return ok({ name: nameNode.text, locations: [itself], bindings: [], unproven, candidates: [], classes: [], models });
    }
    // A name bound in a scope other than a class body: followed through scopes and imports (a
    // parameter property is a member as well, below). A use of another binding where the model
    // should have seen this declaration (C's `int b` parameter read as a use of a global `b`) is not.
    if (occurrence?.binding && occurrence.role !== 'property' && occurrence.binding.scope.kind !== 'class' && !isParameterProperty(nameNode) && !unbound(located, origin, nameNode)) {
      const declaration = { file: origin.path, binding: occurrence.binding };
      const member = reachedThroughReceivers(located);
      const moduleLevel = occurrence.binding.scope === origin.model.module;
      if (!moduleLevel && !member) {
        const found = findLocations(local, declaration, yield* resolutionOf(workspace).safeUnwrap());
        return ok({ name: occurrence.name, locations: found.locations, bindings: found.bindings, unproven: [], candidates: [], classes: [], models: local });
      }
      const search = yield* searchFiles(workspace, origin, occurrence.name).safeUnwrap();
      const resolution = yield* resolutionOf(workspace).safeUnwrap();
      const found = findLocations(search.models, declaration, resolution);
      const unproven = [...search.unproven, ...(moduleLevel ? auditMentions(search.models, occurrence.name, found, resolution) : [])];
      // A member bound as a plain name: its uses through receivers are not the binding's; nor, in a
      // language whose files share names without imports structedit follows, are uses in other files.
      const receivers = member || (moduleLevel && sharesNamesAcrossFiles(origin.language)) ? receiverMentions(search.models, occurrence.name, placesOf(found.locations), occurrence.binding, member ? 'member' : 'shared') : { candidates: [], unproven: [], shared: [] };
      return ok({
        name: occurrence.name,
        locations: [...found.locations, ...receivers.shared],
        bindings: found.bindings,
        unproven: uniqueBy([...unproven, ...receivers.unproven, ...(member ? [...implicitlyCalled(origin, nameNode), ...mergedDeclarations(origin, occurrence.binding, nameNode)] : [])], (mention) => placeKey(mention.file, mention.start)),
        candidates: receivers.candidates,
        classes: [],
        models: search.models,
      });
    }
    // A member: a class's method or field, found through its class hierarchy (a method's parameter
    // lies in its class's body too, but is no member unless it declares one: `constructor(private x)`).
    const owner = isParameter(located, nameNode) ? null : enclosingClass(origin, nameNode);
    const name = nameNode.text;
    if (owner) {
      const search = yield* searchFiles(workspace, origin, name).safeUnwrap();
      const found = memberReferences(search.models, owner, name, yield* resolutionOf(workspace).safeUnwrap());
      return ok({ name, locations: found.locations, bindings: [], unproven: [...search.unproven, ...found.unproven], candidates: found.candidates, classes: found.classes, outsideBases: found.outsideBases, models: search.models });
    }
    // A declaration the scope model does not bind: every other mention of the name is listed.
    if (unbound(located, origin, nameNode)) {
      const { models, unproven } = yield* unboundMentionsOf(workspace, located, origin, nameNode).safeUnwrap();
      return ok({ name, locations: [itself], bindings: [], unproven, candidates: [], classes: [], models });
    }
    // A member the model reads as a property name and no class holds (Go's methods, C++'s inline
    // methods): its uses are on receivers the model does not follow.
    if (reachedThroughReceivers(located)) {
      const search = yield* searchFiles(workspace, origin, name).safeUnwrap();
      const receivers = receiverMentions(search.models, name, new Set([placeKey(origin.path, nameNode.startIndex)]), null);
      return ok({ name, locations: [itself], bindings: [], unproven: [...search.unproven, ...receivers.unproven, ...implicitlyCalled(origin, nameNode)], candidates: receivers.candidates, classes: [], models: search.models });
    }
    // A member of something else (an object literal's entry): its name, and uses on the owning name.
    return ok({ name, ...entryReferences(located, origin, nameNode), bindings: [], unproven: [], classes: [], models: local });
  });
}

/**
 * Every mention in code of a name moved out of `origin` (its text, `moved`, left out), in the files
 * of its language family: in a language whose files reach each other's names without imports
 * structedit follows, a move to another file cannot keep the name reachable from any of them.
 */
export function mentionsAfterMove(workspace: SemanticWorkspace, origin: WorkspaceFile, name: string, moved: { readonly start: number; readonly end: number }, toPath: string): ResultAsync<UnprovenMention[], StructeditError> {
  return safeTry(async function* () {
    const root = (yield* workspace.syntax(origin).safeUnwrap())!;
    const search = yield* searchFiles(workspace, modelled(origin, root), name).safeUnwrap();
    const reason = (language: string) => `uses ${name}, which structedit cannot keep reachable from here once it is in ${toPath}: it does not follow how ${language} files reach each other's names (includes, packages, requires)`;
    const mentions = unboundMentions(search.models, name, null, undefined, reason);
    return ok([...search.unproven, ...mentions.filter((mention) => mention.file !== origin.path || mention.start < moved.start || mention.start >= moved.end)]);
  });
}

/**
 * The lines of the other overloads of the function or method an address names, where its language
 * has them and structedit cannot tell them apart (`bareNamesReachMembers`: no types, so a call's
 * overload is unknown); `null` when it has none.
 */
function overloadsOf(located: LocatedAddress): number[] | null {
  const { part } = located;
  if (!profileOf(located.file.language.id).members.bareNamesReachMembers || (part.kind !== 'structure' && part.kind !== 'name') || part.path.length < 2) return null;
  const node = part.path[part.path.length - 1]!;
  if (node.name === null || !/function|method|constructor/.test(node.kind)) return null;
  // (Of its own kind: Go's `func Lookup` and its method `(f *FlagSet) Lookup` are no overloads.)
  const others = part.path[part.path.length - 2]!.children.filter((sibling) => sibling !== node && sibling.name === node.name && sibling.kind === node.kind);
  return others.length > 0 ? others.map((sibling) => sibling.lineRange[0]) : null;
}

/** Declarations of methods and constructors, as the grammars name them. */
const METHOD_DECLARATIONS = /^(?:method_declaration|constructor_declaration|function_declaration|method_signature|abstract_method_signature|function_definition|function_item|function_signature_item)$/;

/**
 * The other declarations of a member's binding that the model merged with it: a member of the
 * other kind (Java's field `size` and method `size()` of one class, which the language keeps apart)
 * or a member of another type's body (a nested class's field of the same name). The model cannot
 * tell their uses from the member's, so they are unproven (a rename renamed both: it broke an
 * override of the method, and renamed the outer class's field with the nested one's).
 */
function mergedDeclarations(origin: ModelledFile, binding: Binding, nameNode: Node): UnprovenMention[] {
  const isMethod = (start: number) => METHOD_DECLARATIONS.test(origin.root.descendantForIndex(start)?.parent?.type ?? '');
  const own = isMethod(nameNode.startIndex);
  const body = typeBodyAround(origin.root, nameNode.startIndex);
  return binding.declarations.flatMap((declaration) => {
    if (declaration.start === nameNode.startIndex) return [];
    const unproven = (reason: string) => [{ file: origin.path, start: declaration.start, reason }];
    if (isMethod(declaration.start) !== own) {
      return unproven(`"${binding.name}" also names a ${own ? 'field' : 'method'} of the type here: its language keeps fields and methods apart, and structedit's scope model reads them as one name, so it cannot tell which uses are the ${own ? 'method' : 'field'}'s (a rename would rename both); rename with a semantic backend (a language server), or edit the uses as text`);
    }
    const other = typeBodyAround(origin.root, declaration.start);
    if (body && other && !other.equals(body)) {
      return unproven(`"${binding.name}" is declared in another type's body too: structedit's scope model reads both as one name, so it cannot tell which uses are this one's (a rename would rename both); rename with a semantic backend (a language server), or edit the uses as text`);
    }
    return [];
  });
}

/** A member whose name the language itself calls (Java's `writeObject`, `toString`): renamed, nothing calls it any more. */
function implicitlyCalled(origin: ModelledFile, nameNode: Node): UnprovenMention[] {
  const name = nameNode.text;
  if (!profileOf(origin.language).members.implicit(name)) return [];
  return [{ file: origin.path, start: nameNode.startIndex, reason: `"${name}" is a name the language itself calls (a protocol member): renaming it changes what the program does even with every use renamed` }];
}

/** Whether the name at `start` is the name a declaration gives (a class's, a method's, a constructor's). */
function isDeclaredNameAt(root: Node, start: number): boolean {
  const node = root.descendantForIndex(start);
  const holder = node?.parent;
  // (A call names what it calls in its `name` field too: `method_invocation`.)
  return !!node && !!holder && node.startIndex === start && holder.childForFieldName('name')?.startIndex === start && /(?:declaration|definition|signature|specifier|item)$|^class$/.test(holder.type);
}

/** Every mention of an overloaded name in the files of its language, but the declaration's own: which overload each takes needs types. */
function overloadMentions(workspace: SemanticWorkspace, origin: ModelledFile, nameNode: Node, lines: readonly number[]): ResultAsync<{ models: Map<string, ModelledFile>; unproven: UnprovenMention[] }, StructeditError> {
  const name = nameNode.text;
  const reason = () => `"${name}" is overloaded (also declared at line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}): which overload this use takes needs types structedit does not have`;
  return searchFiles(workspace, origin, name).map((search) => ({
    models: search.models,
    unproven: [...search.unproven, ...unboundMentions(search.models, name, { file: origin.path, start: nameNode.startIndex }, undefined, reason)],
  }));
}

/**
 * Whether files of a language reach each other's top-level names without imports structedit
 * follows (Go's packages, Java's and Kotlin's packages, C#'s namespaces, PHP's and Lua's globals):
 * a language without a module system in its profile.
 */
function sharesNamesAcrossFiles(language: string): boolean {
  return profileOf(language).modules === null;
}

/** The keys of found locations, as `receiverMentions` takes them. */
function placesOf(locations: readonly FoundLocation[]): Set<string> {
  return new Set(locations.map((location) => placeKey(location.file, location.start)));
}

/**
 * Whether the address names a member (a method, or a declaration in a class, struct, interface,
 * trait, impl, enum or object body) of a language whose members are reached through receivers the
 * scope model does not follow (`bareNamesReachMembers`): its binding alone does not find its uses.
 */
function reachedThroughReceivers(located: LocatedAddress): boolean {
  const { part } = located;
  if (!profileOf(located.file.language.id).members.bareNamesReachMembers || (part.kind !== 'structure' && part.kind !== 'name')) return false;
  const node = part.path[part.path.length - 1]!;
  const parent = part.path[part.path.length - 2];
  return node.kind === 'method' || (parent !== undefined && MEMBER_CONTAINERS.has(parent.kind));
}

/**
 * Whether the address declares a name the scope model does not bind: a structure, its name, or a
 * parameter, whose name the model reads as no declaration (C's parameters and functions, Ruby's
 * methods outside a class) and that is neither a member of a class nor an entry of a literal
 * (their names are properties).
 */
function unbound(located: LocatedAddress, origin: ModelledFile, nameNode: Node): boolean {
  const { part } = located;
  const declares = part.kind === 'structure' || part.kind === 'name' || (part.kind === 'element' && part.element?.list.kind === 'params');
  if (!declares) return false;
  const occurrence = occurrenceAt(origin.model, nameNode.startIndex, nameNode.endIndex);
  if (occurrence?.role === 'property' || (occurrence?.binding && occurrence.binding.declarations.includes(occurrence))) return false;
  if (occurrence && occurrence.role !== 'reference') return false;
  // In a class body, a name the model does not bind is a member (found through the class), but a parameter is the function's.
  return isParameter(located, nameNode) || enclosingClass(origin, nameNode) === null;
}

/** Whether an address names a function's parameter that declares no member (`constructor(private x)` does). */
function isParameter(located: LocatedAddress, nameNode: Node): boolean {
  return located.part.kind === 'element' && located.part.element?.list.kind === 'params' && !isParameterProperty(nameNode);
}

/**
 * The mentions of an unbound declaration's name that nothing proves unrelated: inside the function
 * for a parameter, in every file of its language family otherwise (files that could not be read as
 * source among them).
 */
function unboundMentionsOf(workspace: SemanticWorkspace, located: LocatedAddress, origin: ModelledFile, nameNode: Node): ResultAsync<{ models: Map<string, ModelledFile>; unproven: UnprovenMention[] }, StructeditError> {
  return safeTry(async function* () {
    const name = nameNode.text;
    const declaration = { file: origin.path, start: nameNode.startIndex };
    if (located.part.kind === 'element') {
      const owner = located.part.path[located.part.path.length - 1]!;
      const models = new Map([[origin.path, origin]]);
      return ok({ models, unproven: unboundMentions(models, name, declaration, { file: origin.path, start: owner.start, end: owner.end }) });
    }
    const search = yield* searchFiles(workspace, origin, name).safeUnwrap();
    return ok({ models: search.models, unproven: [...search.unproven, ...unboundMentions(search.models, name, declaration)] });
  });
}

function resolutionOf(workspace: SemanticWorkspace): ResultAsync<ProjectResolution, StructeditError> {
  return workspace.project().map(projectResolution);
}

/**
 * An entry of an object literal (or enum): its name, and `owner.name` where `owner` is the name the
 * literal is bound to; other `.name` uses in the file are candidates.
 */
function entryReferences(located: LocatedAddress, origin: ModelledFile, nameNode: Node): { locations: FoundLocation[]; candidates: Candidate[] } {
  const owner = located.part.path.length >= 2 ? located.part.path[located.part.path.length - 2]! : null;
  const ownerName = owner?.name ?? null;
  const name = nameNode.text;
  const locations: FoundLocation[] = [definitionAt(origin, nameNode, occurrenceAt(origin.model, nameNode.startIndex, nameNode.endIndex))];
  const candidates: Candidate[] = [];
  for (const occurrence of origin.model.occurrences) {
    if (occurrence.name !== name || occurrence.role !== 'property' || occurrence.start === nameNode.startIndex || !occurrence.object) continue;
    const location: FoundLocation = { file: origin.path, start: occurrence.start, end: occurrence.end, kind: 'reference', occurrence, binding: null, imported: false };
    if (ownerName !== null && occurrence.object.kind === 'name' && occurrence.object.name === ownerName) locations.push(location);
    else candidates.push({ location, receiver: occurrence.object.name });
  }
  return { locations, candidates };
}

/** A declaration's name as the definition location it is (`occurrence`: the model's, if it has one). */
function definitionAt(origin: ModelledFile, nameNode: Node, occurrence: Occurrence | null = null): FoundLocation {
  const start = nameNode.startIndex;
  const end = nameNode.endIndex;
  const own = occurrence ?? { start, end, name: nameNode.text, role: 'definition' as const, form: 'plain' as const, scope: origin.model.module, binding: null };
  return { file: origin.path, start, end, kind: 'definition', occurrence: own, binding: null, imported: false };
}

/** Whether a binding is a local of a scope the removed text holds whole: it is used only inside it. */
function scopeRemoved(binding: Binding, removed: { start: number; end: number }): boolean {
  return binding.scope.kind !== 'module' && binding.scope.start >= removed.start && binding.scope.end <= removed.end;
}

/** Bindings declared inside a span of a file (what removing that text removes). */
function bindingsDeclaredIn(origin: ModelledFile, span: { start: number; end: number }): Binding[] {
  const bindings = new Set<Binding>();
  for (const occurrence of origin.model.occurrences) {
    if (occurrence.start < span.start || occurrence.end > span.end || !occurrence.binding) continue;
    if (occurrence.binding.declarations.includes(occurrence)) bindings.add(occurrence.binding);
  }
  return [...bindings];
}

/**
 * The reference check of `remove`: removing text that declares names (a parameter of any form —
 * rest, destructured, with a default, `$var` —, a local, an import, a top-level declaration, a
 * member) fails with `REFERENCES_EXIST` when any of them is still used outside the removed text,
 * listing the uses; with `UNRESOLVED_REFERENCES` when some mention could not be checked; with
 * `AMBIGUOUS_REFERENCES` when a member is used through receivers of unknown type.
 */
export function checkReferencesBeforeRemove(run: EditRun, located: LocatedAddress, op: RemovingOp = 'remove', rewritten?: SpanIndex): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const { part, file } = located;
    if (!(part.kind === 'structure' || part.kind === 'element' || part.kind === 'name') || !part.span) return ok(undefined);
    if (part.kind === 'structure' && part.path.length === 1) return ok(undefined);
    const removed = part.span;
    const root = yield* run.workspace.syntax(file).safeUnwrap();
    if (!root) return ok(undefined);
    const origin = modelled(file, root);
    const overloaded = part.kind === 'structure' ? overloadsOf(located) : null;
    const overloadedName = overloaded !== null ? declaredName(located) : null;
    if (overloaded !== null && overloadedName) {
      // Which overload a call takes needs types: any use of the name may be one of this overload.
      const mentions = yield* overloadMentions(run.workspace, origin, overloadedName, overloaded).safeUnwrap();
      // The other overloads' own names, and a constructor's class name, declare; they do not use it.
      const declares = (mention: UnprovenMention) => {
        const model = mention.file === file.path ? origin : mentions.models.get(mention.file);
        return model !== undefined && isDeclaredNameAt(model.root, mention.start);
      };
      const unproven = mentions.unproven.filter((mention) => (mention.file !== file.path || mention.start < removed.start || mention.start >= removed.end) && !declares(mention));
      if (unproven.length > 0) return err(yield* unresolvedReferences(run, located, overloadedName.text, unproven).safeUnwrap());
    }
    // (A text edit that removes a declaration rewrites other places too: a use there is its own.)
    const inside = (location: { file: string; start: number; end: number }) => location.file === file.path && ((location.start >= removed.start && location.end <= removed.end) || rewritten?.holds(location.start) === true);
    const outsideRemoved = (mentions: readonly UnprovenMention[]) => mentions.filter((mention) => !inside({ ...mention, end: mention.start }));
    const references: CodeLocation[] = [];
    const names = new Set<string>();
    // The names a use was found of: what the error names (not every name the text declares).
    const used = new Set<string>();
    if (run.backend) {
      // The backend's references of each name the removed text declares (and of the member it is).
      const declared = new Map<number, string>();
      for (const binding of bindingsDeclaredIn(origin, removed)) {
        if (binding.declarations.some((declaration) => !inside({ file: file.path, ...declaration })) || scopeRemoved(binding, removed)) continue;
        const first = binding.declarations[0];
        if (first) declared.set(first.start, binding.name);
      }
      const nameNode = declaredName(located);
      if (nameNode && nameNode.startIndex >= removed.start && nameNode.endIndex <= removed.end) declared.set(nameNode.startIndex, nameNode.text);
      for (const [offset, name] of declared) {
        names.add(name);
        for (const span of yield* run.backend.references(run.workspace.texts(), file.path, offset).safeUnwrap()) {
          if (inside(span)) continue;
          references.push(codeLocation(yield* run.workspace.file(span.file).safeUnwrap(), span.start, 'reference'));
          used.add(name);
        }
      }
      return references.length === 0 ? ok(undefined) : err(referencesExist(file.path, located.context.address, [...used].join(', '), references, op));
    }
    const listReferences = async function* (name: string, locations: readonly FoundLocation[]) {
      for (const location of locations) {
        if (location.kind === 'definition' || inside(location)) continue;
        const target = yield* run.workspace.file(location.file).safeUnwrap();
        references.push(codeLocation(target, location.start, location.kind));
        used.add(name);
      }
    };
    // Names the removed text declares in a scope: each must be unused outside it, unless declared elsewhere too.
    for (const binding of bindingsDeclaredIn(origin, removed)) {
      if (binding.declarations.some((declaration) => !inside({ file: file.path, ...declaration }))) continue;
      names.add(binding.name);
      if (binding.scope === origin.model.module) {
        const search = yield* searchFiles(run.workspace, origin, binding.name).safeUnwrap();
        const resolution = yield* resolutionOf(run.workspace).safeUnwrap();
        const found = findLocations(search.models, { file: file.path, binding }, resolution);
        yield* listReferences(binding.name, found.locations);
        const unproven = [...search.unproven, ...auditMentions(search.models, binding.name, found, resolution)];
        if (sharesNamesAcrossFiles(origin.language)) {
          const shared = receiverMentions(search.models, binding.name, placesOf(found.locations), binding, 'shared');
          yield* listReferences(binding.name, shared.shared);
          unproven.push(...shared.unproven, ...asUnproven(shared.candidates, binding.name, 'the declaration'));
        }
        if (unproven.length > 0) return err(yield* unresolvedReferences(run, located, binding.name, uniqueBy(unproven, (mention) => placeKey(mention.file, mention.start))).safeUnwrap());
      } else {
        if (scopeRemoved(binding, removed)) continue;
        yield* listReferences(binding.name, occurrencesOf(origin.model, binding).map((occurrence) => ({ file: file.path, start: occurrence.start, end: occurrence.end, kind: occurrence.role === 'definition' ? ('definition' as const) : ('reference' as const), occurrence, binding, imported: false })));
      }
    }
    // A member (declared in a class body): its uses through its class hierarchy, and candidates.
    const nameNode = declaredName(located);
    const owner = nameNode && !isParameter(located, nameNode) ? enclosingClass(origin, nameNode) : null;
    if (nameNode && owner && nameNode.startIndex >= removed.start && nameNode.endIndex <= removed.end) {
      names.add(nameNode.text);
      const search = yield* searchFiles(run.workspace, origin, nameNode.text).safeUnwrap();
      const found = memberReferences(search.models, owner, nameNode.text, yield* resolutionOf(run.workspace).safeUnwrap());
      // Another definition of the member (an override, an overload) keeps it declared: only uses of this one count when it is the only one.
      if (found.locations.filter((location) => location.kind === 'definition' && !inside(location)).length === 0) {
        yield* listReferences(nameNode.text, found.locations);
        if (found.candidates.length > 0) return err(yield* ambiguousReferences(run, located, nameNode.text, found.locations.length, found.candidates).safeUnwrap());
        // Where bare names reach members (Ruby's `f`, Java's `a.f()` read as a plain call), what the model ties to nothing may be a use.
        const unproven = profileOf(origin.language).members.bareNamesReachMembers ? outsideRemoved([...search.unproven, ...found.unproven]) : [];
        if (references.length === 0 && unproven.length > 0) return err(yield* unresolvedReferences(run, located, nameNode.text, unproven).safeUnwrap());
      }
    }
    const declaresName = nameNode !== null && nameNode.startIndex >= removed.start && nameNode.endIndex <= removed.end;
    // A declaration the scope model does not bind (C's parameters): any other mention of its name may be a use.
    if (references.length === 0 && declaresName && !names.has(nameNode.text) && unbound(located, origin, nameNode)) {
      const unproven = outsideRemoved((yield* unboundMentionsOf(run.workspace, located, origin, nameNode).safeUnwrap()).unproven);
      if (unproven.length > 0) return err(yield* unresolvedReferences(run, located, nameNode.text, unproven).safeUnwrap());
    }
    // A member bound as a plain name (Java's methods): its uses through receivers (`a.f()`) are not its binding's.
    if (references.length === 0 && declaresName && !owner && reachedThroughReceivers(located)) {
      const search = yield* searchFiles(run.workspace, origin, nameNode.text).safeUnwrap();
      const binding = occurrenceAt(origin.model, nameNode.startIndex, nameNode.endIndex)?.binding ?? null;
      const found = binding ? findLocations(search.models, { file: file.path, binding }, yield* resolutionOf(run.workspace).safeUnwrap()).locations : [];
      const mentions = receiverMentions(search.models, nameNode.text, new Set([placeKey(file.path, nameNode.startIndex), ...placesOf(found)]), binding);
      const unproven = outsideRemoved([...search.unproven, ...mentions.unproven, ...asUnproven(mentions.candidates, nameNode.text, 'the member')]);
      if (unproven.length > 0) return err(yield* unresolvedReferences(run, located, nameNode.text, unproven).safeUnwrap());
    }
    if (references.length === 0) return ok(undefined);
    return err(referencesExist(file.path, located.context.address, [...used].join(', '), references, op));
  });
}

/** Uses read from values of unknown type, as mentions a remove cannot prove unrelated to `what` (the member, the declaration). */
function asUnproven(candidates: readonly Candidate[], name: string, what: string): UnprovenMention[] {
  return candidates.map(({ location, receiver }) => ({ file: location.file, start: location.start, reason: `"${name}" read from ${receiver}, whose type or file structedit cannot tell: it may be ${what}` }));
}

/** `REFERENCES_EXIST`: the uses a remove, or a set that drops the name, would leave pointing at nothing. */
/**
 * What removes the declaration: a semantic `remove`, or `set` of a value without its name;
 * `deleteStructure`; a text edit (replace, chunks) whose new text no longer declares it; a
 * `moveStructure` out of the scope its uses see.
 */
export type RemovingOp = 'remove' | 'set' | 'delete' | 'edit' | 'move';

function referencesExist(path: string, address: string, name: string, references: CodeLocation[], op: RemovingOp): StructeditError {
  const listed = references.slice(0, 5).map((reference) => `${reference.file}:${reference.line} ${JSON.stringify(reference.text)}`).join('; ');
  const what = {
    set: 'a value without that name would break them (rename changes a name with its references)',
    remove: 'removing it would break them',
    delete: 'deleting it would break them',
    edit: 'an edit whose new text no longer declares it (it is gone or renamed) would break them (applyEdits rename changes a name with its references; apply_patch takes the edit and theirs together)',
    move: 'moving it where they do not reach it would break them (applyEdits move takes a top-level declaration to another file, its imports and references with it)',
  }[op];
  const first = op === 'remove' || op === 'set' ? 'first (earlier in the same batch)' : 'first';
  return makeError('REFERENCES_EXIST', `${JSON.stringify(name)} is still referenced in ${references.length} place${references.length === 1 ? '' : 's'} (${listed}${references.length > 5 ? '; …' : ''}), so ${what}. Remove or change those references ${first}, or send the ${op} again with force: true.`, {
    path,
    address,
    name,
    references,
  });
}

/** `UNRESOLVED_REFERENCES` for mentions that could not be proven. */
export function unresolvedReferences(run: EditRun, located: LocatedAddress, name: string, unproven: readonly UnprovenMention[], files: ReadonlyMap<string, WorkspaceFile> = new Map()): ResultAsync<StructeditError, StructeditError> {
  return safeTry(async function* () {
    const references = [];
    for (const mention of unproven) {
      const file = files.get(mention.file) ?? (yield* run.workspace.fileOrNew(mention.file).orElse(() => run.workspace.file(located.file.path)).safeUnwrap());
      references.push({ ...codeLocation(file, file.path === mention.file ? mention.start : 0, 'unresolved'), file: mention.file, reason: mention.reason });
    }
    const listed = references.slice(0, 3).map((reference) => `${reference.file}:${reference.line} (${reference.reason})`).join('; ');
    return ok(
      makeError('UNRESOLVED_REFERENCES', `${references.length} place${references.length === 1 ? '' : 's'} mention${references.length === 1 ? 's' : ''} ${JSON.stringify(name)} and could not be tied to ${JSON.stringify(located.context.address)} in ${located.file.path} or proven unrelated (${listed}${references.length > 3 ? '; …' : ''}); nothing was written. Fix what makes them unresolvable, change them in the same batch, or send the edit again with force: true to change only the places that were proven.`, {
        path: located.file.path,
        address: located.context.address,
        name,
        references,
      }),
    );
  });
}

/** `AMBIGUOUS_REFERENCES` for member uses through receivers of unknown type. */
export function ambiguousReferences(run: EditRun, located: LocatedAddress, name: string, certain: number, candidates: readonly Candidate[]): ResultAsync<StructeditError, StructeditError> {
  return safeTry(async function* () {
    const listed = [];
    for (const candidate of candidates) {
      const file = yield* run.workspace.file(candidate.location.file).safeUnwrap();
      listed.push({ ...codeLocation(file, candidate.location.start, 'candidate'), receiver: candidate.receiver });
    }
    const shown = listed.slice(0, 3).map((candidate) => `${candidate.file}:${candidate.line} ${JSON.stringify(candidate.text)}`).join('; ');
    return ok(
      makeError('AMBIGUOUS_REFERENCES', `${JSON.stringify(name)} is a member, and ${listed.length} use${listed.length === 1 ? '' : 's'} of that name go${listed.length === 1 ? 'es' : ''} through receivers whose type syntax cannot tell (${shown}${listed.length > 3 ? '; …' : ''}); nothing was written. Send include: 'candidates' to rename them all too, or include: [{ file, line, column }, …] with exactly the ones that are this member.`, {
        path: located.file.path,
        address: located.context.address,
        name,
        certain,
        candidates: listed,
      }),
    );
  });
}
