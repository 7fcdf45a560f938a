import type { Node } from 'web-tree-sitter';
import { profileOf } from '../languages/profiles/index.js';
import type { ImportLine } from '../languages/profile.js';
import type { ProjectResolution } from '../modules/resolution.js';
import { exportedName, findLocations, importRecordOf, mentionContext, receiverModule, wordOffsets, type FoundLocation, type ModelledFile, type UnprovenMention } from './references.js';
import { dirname } from './modules.js';
import { occurrenceAt, occurrencesOf, type Binding, type Occurrence } from './scopes.js';
import { namedChildrenOf } from './syntax.js';

/**
 * The references of a class member (a method, a field, a property) found by syntax alone, and the
 * uses syntax cannot decide. A member is never reached through the scope chain: it is used on a
 * receiver, and which class a receiver's value belongs to is a question of types. What syntax can
 * prove:
 * - the class hierarchy under the root (`extends`, `implements`, Python bases, across files): a
 *   member renamed in a class is renamed in the topmost ancestor declaring it and in every
 *   descendant, overrides included;
 * - uses on `this`, `super` and the method receivers (`self`, `cls`) inside those classes;
 * - uses on the class itself (`K.create()`), wherever the class is imported;
 * - uses on a name declared with one of those classes as its type (`c: Client`) or made by
 *   constructing one (`c = Client()`, `new Client()`);
 * - `#private` members (only their class can use them).
 * Every other `.name` use under the root is a candidate, with its receiver: proven unrelated only
 * when its receiver is a module, or an instance or the class of another class declaring the name.
 */

/** A use of the member's name syntax cannot decide. */
export interface Candidate {
  readonly location: FoundLocation;
  /** The receiver as written. */
  readonly receiver: string;
}

/** What {@link memberReferences} found. */
export interface MemberReferences {
  readonly locations: FoundLocation[];
  readonly candidates: Candidate[];
  /** The classes whose member is renamed (declaring file and class start), for collision checks. */
  readonly classes: readonly ClassDeclaration[];
  /** Base classes of the hierarchy outside the project, whose members decide whether a rename keeps overriding. */
  readonly outsideBases: readonly OutsideBase[];
  /** Why the member's name cannot be renamed safely (a protocol name, a base outside that may declare it). */
  readonly unproven: UnprovenMention[];
}

/** A base class of the hierarchy that is not a class under the root. */
export interface OutsideBase {
  /** The deriving class's file, and where the base is written in it. */
  readonly file: string;
  readonly start: number;
  /** The base as written (`htmlparser.HTMLParser`, `Mixin(Base)`). */
  readonly text: string;
  /** The deriving class's name. */
  readonly className: string;
  /** Its members when the language profile knows them (`builtins.Exception`, `Error`), else `null`: it may declare any name. */
  readonly members: ReadonlySet<string> | null;
  /** Its qualified name, when known (`enum.Enum`). */
  readonly qualified: string | null;
}

/** A class (or interface) declaration in a modelled file. */
export interface ClassDeclaration {
  readonly file: ModelledFile;
  readonly node: Node;
  readonly name: Node | null;
  readonly body: Node | null;
  /** The names its heritage clauses refer to (`Base` of `extends Base`, `models.Model`'s `Model`). */
  readonly bases: readonly Node[];
  /** Every expression of its heritage clauses, named or not (`Mixin(Base)`, `*bases`). */
  readonly heritage: readonly Node[];
}

/** Children of heritage clauses that are no base (`Base<T>`'s type arguments, Python's `metaclass=`). */
const NOT_BASES = new Set(['type_arguments', 'keyword_argument', 'comment']);

const CLASS_TYPES = new Set(['class_declaration', 'abstract_class_declaration', 'class', 'class_definition', 'interface_declaration', 'type_alias_declaration']);

/** Every class and interface declaration of a file. */
export function classesOf(file: ModelledFile): ClassDeclaration[] {
  return file.root.descendantsOfType([...CLASS_TYPES]).flatMap((node) => {
    // `class` is also the keyword's (anonymous) node type.
    if (!node?.isNamed) return [];
    const bases: Node[] = [];
    const heritage: Node[] = [];
    const addBase = (expression: Node | null) => {
      if (!expression || NOT_BASES.has(expression.type)) return;
      heritage.push(expression);
      const name = heritageName(expression);
      if (name) bases.push(name);
    };
    for (const child of namedChildrenOf(node)) {
      if (child.type === 'class_heritage') for (const clause of namedChildrenOf(child)) for (const expression of namedChildrenOf(clause)) addBase(expression);
      if (child.type === 'extends_type_clause' || child.type === 'extends_clause' || child.type === 'implements_clause') for (const expression of namedChildrenOf(child)) addBase(expression);
    }
    const superclasses = node.childForFieldName('superclasses');
    if (superclasses) for (const expression of namedChildrenOf(superclasses)) addBase(expression);
    // A type alias of an object type (`type Model = { … }`) has members as an interface does.
    const value = node.type === 'type_alias_declaration' ? node.childForFieldName('value') : null;
    const body = node.type === 'type_alias_declaration' ? (value?.type === 'object_type' ? value : null) : node.childForFieldName('body');
    if (node.type === 'type_alias_declaration' && !body) return [];
    return [{ file, node, name: node.childForFieldName('name'), body, bases, heritage }];
  });
}

/** The name a heritage expression ends with (`Base`, `models.Model` → `Model`, `Base<T>` → `Base`). */
function heritageName(expression: Node | null): Node | null {
  if (!expression) return null;
  switch (expression.type) {
    case 'identifier':
    case 'type_identifier':
      return expression;
    case 'member_expression':
      return expression.childForFieldName('property');
    case 'attribute':
      return expression.childForFieldName('attribute');
    case 'nested_type_identifier': {
      const children = namedChildrenOf(expression);
      return children[children.length - 1] ?? null;
    }
    case 'generic_type':
      return heritageName(expression.childForFieldName('name') ?? namedChildrenOf(expression)[0] ?? null);
    case 'subscript':
      return heritageName(expression.childForFieldName('value'));
    default:
      return null;
  }
}

/** The member definitions named `name` directly in a class body (methods, fields, overloads, nested classes). */
export function memberDefinitions(declaration: ClassDeclaration, name: string): Node[] {
  if (!declaration.body) return [];
  const names: Node[] = [];
  for (const child of namedChildrenOf(declaration.body)) {
    const node = child.type === 'decorated_definition' ? (child.childForFieldName('definition') ?? child) : child;
    let nameNode: Node | null = node.childForFieldName('name') ?? node.childForFieldName('property');
    if (node.type === 'expression_statement') {
      const assignment = namedChildrenOf(node)[0];
      const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
      nameNode = left?.type === 'identifier' ? left : null;
    }
    if (nameNode && nameNode.text === name) names.push(nameNode);
    // TypeScript parameter properties (`constructor(readonly response: R)`) declare members too.
    if (node.type === 'method_definition' && nameNode?.text === 'constructor') {
      const parameters = node.childForFieldName('parameters');
      for (const parameter of parameters ? namedChildrenOf(parameters) : []) {
        const pattern = parameter.childForFieldName('pattern');
        if (pattern?.text === name && isParameterProperty(pattern)) names.push(pattern);
      }
    }
  }
  return names;
}

/** Whether a name is a TypeScript parameter property (`readonly x`, `private y` in a constructor): a parameter that is also a member. */
export function isParameterProperty(name: Node): boolean {
  const parameter = name.parent;
  if (!parameter || !/^(required|optional)_parameter$/.test(parameter.type) || parameter.childForFieldName('pattern')?.id !== name.id) return false;
  return parameter.children.some((child) => child !== null && /^(accessibility_modifier|readonly|override_modifier)$/.test(child.type));
}

/** A place (a file and an offset in it) as the sets of places are keyed. */
export function placeKey(file: string, offset: number): string {
  return `${file}\u0000${offset}`;
}

function occurrenceFor(file: ModelledFile, node: Node): Occurrence {
  return occurrenceAt(file.model, node.startIndex, node.endIndex) ?? { start: node.startIndex, end: node.endIndex, name: node.text, role: 'definition', form: 'plain', scope: file.model.module, binding: null };
}

/**
 * Locations and candidates of the member `name` declared in `owner` (a class of `origin`), over
 * the modelled files (every file of the language family under the root that mentions the name).
 */
export function memberReferences(files: ReadonlyMap<string, ModelledFile>, owner: ClassDeclaration, name: string, resolution: ProjectResolution): MemberReferences {
  const classes = [...files.values()].flatMap(classesOf);
  const classAt = new Map(classes.map((declaration) => [placeKey(declaration.file.path, declaration.node.startIndex), declaration]));
  const self = classAt.get(placeKey(owner.file.path, owner.node.startIndex)) ?? owner;

  // Where each class's name is used, across files (imports, re-exports, namespaces followed).
  const usesOf = new Map<ClassDeclaration, Set<string>>();
  const uses = (declaration: ClassDeclaration): Set<string> => {
    let found = usesOf.get(declaration);
    if (found) return found;
    found = new Set();
    const binding = declaration.name ? occurrenceAt(declaration.file.model, declaration.name.startIndex, declaration.name.endIndex)?.binding : null;
    if (binding) for (const location of findLocations(files, { file: declaration.file.path, binding }, resolution).locations) found.add(placeKey(location.file, location.start));
    usesOf.set(declaration, found);
    return found;
  };
  /** The class a name refers to, following imports and namespaces to the declaring file. */
  const classOfName = (file: ModelledFile, node: Node): ClassDeclaration | null => {
    const occurrence = occurrenceAt(file.model, node.startIndex, node.endIndex);
    if (!occurrence) return null;
    if (occurrence.role === 'property') {
      const module = receiverModule(file, occurrence, resolution, files);
      const exported = module?.kind === 'file' ? exportedName(files, module.path, occurrence.name, resolution) : null;
      return exported?.kind === 'binding' ? classOfBinding(exported.file, exported.binding) : null;
    }
    return occurrence.binding ? classOfBinding(file, occurrence.binding) : null;
  };
  /** The class a binding stands for, following an import to the module that declares it. */
  const classOfBinding = (file: ModelledFile, binding: Binding): ClassDeclaration | null => {
    const declaration = binding.declarations[0];
    if (!declaration) return null;
    if (binding.kind === 'import') {
      const record = importRecordOf(file.model, binding);
      const target = record && record.imported !== '*' ? resolution.resolveFile(file.path, record.module, file.language) : null;
      const exported = target ? exportedName(files, target, record!.imported, resolution) : null;
      return exported?.kind === 'binding' ? classOfBinding(exported.file, exported.binding) : null;
    }
    for (const node of binding.declarations) {
      const classNode = file.root.descendantForIndex(node.start, node.end)?.parent;
      const found = classNode ? classAt.get(placeKey(file.path, classNode.startIndex)) : undefined;
      if (found) return found;
    }
    return null;
  };

  // The hierarchy: the topmost ancestor declaring the member, and every class below it.
  const ancestors = (declaration: ClassDeclaration, seen = new Set<ClassDeclaration>()): ClassDeclaration[] => {
    if (seen.has(declaration)) return [];
    seen.add(declaration);
    return [declaration, ...declaration.bases.flatMap((base) => {
      const parent = classOfName(declaration.file, base);
      return parent ? ancestors(parent, seen) : [];
    })];
  };
  const declaring = ancestors(self).filter((declaration) => declaration === self || memberDefinitions(declaration, name).length > 0);
  const family = new Set<ClassDeclaration>(declaring);
  for (let grew = true; grew; ) {
    grew = false;
    for (const declaration of classes) {
      if (family.has(declaration)) continue;
      if (declaration.bases.some((base) => [...family].some((member) => uses(member).has(placeKey(declaration.file.path, base.startIndex))))) {
        family.add(declaration);
        grew = true;
      }
    }
  }
  const familyUses = new Set([...family].flatMap((declaration) => [...uses(declaration)]));

  // Bases outside the project, anywhere above the family: one may declare the member too.
  const outsideBases: OutsideBase[] = [];
  const above = new Set([...family].flatMap((declaration) => ancestors(declaration)));
  for (const declaration of above) {
    const rules = profileOf(declaration.file.language).members;
    for (const expression of declaration.heritage) {
      const baseName = heritageName(expression);
      if (baseName && classOfName(declaration.file, baseName)) continue;
      const qualified = baseName ? qualifiedOutsideName(declaration.file, baseName, resolution, rules.globalPrefix) : null;
      const members = qualified === null ? null : (rules.knownBases.get(qualified) ?? null);
      outsideBases.push({ file: declaration.file.path, start: expression.startIndex, text: expression.text, className: declaration.name?.text ?? '(anonymous class)', members, qualified });
    }
  }
  const unproven: UnprovenMention[] = [];
  const origin = self.file;
  if (profileOf(origin.language).members.implicit(name)) {
    unproven.push({ file: origin.path, start: self.node.startIndex, reason: `"${name}" is a name the language itself calls (a protocol member): renaming it changes what the program does even with every use renamed` });
  }
  for (const base of outsideBases) {
    if (base.members && !base.members.has(name)) continue;
    unproven.push({
      file: base.file,
      start: base.start,
      reason: base.members
        ? `${base.className} derives from ${base.text}, which declares "${name}" itself: the renamed member would no longer override it (${base.text} keeps using "${name}")`
        : `${base.className} derives from ${base.text}, which is not a class under the root structedit can read: if it declares "${name}", the renamed member would no longer override it`,
    });
  }
  const isFamily = (file: ModelledFile, node: Node | null) => node !== null && familyUses.has(placeKey(file.path, node.startIndex));

  const locations: FoundLocation[] = [];
  const located = new Set<string>();
  const add = (file: ModelledFile, occurrence: Occurrence, kind: FoundLocation['kind']) => {
    const at = placeKey(file.path, occurrence.start);
    if (located.has(at)) return;
    located.add(at);
    locations.push({ file: file.path, start: occurrence.start, end: occurrence.end, kind, occurrence, binding: null, imported: false });
  };
  for (const declaration of family) {
    for (const definition of memberDefinitions(declaration, name)) {
      const occurrence = occurrenceFor(declaration.file, definition);
      add(declaration.file, occurrence, 'definition');
      // Python binds a method's name in its class body too: `@x.setter`, `name = property(get_name)`
      // and `__copy__ = copy` use that binding and must follow the member.
      if (occurrence.binding) for (const use of occurrencesOf(declaration.file.model, occurrence.binding)) add(declaration.file, use, use.binding?.declarations.includes(use) ? 'definition' : 'reference');
    }
  }

  const candidates: Candidate[] = [];
  // Property accesses decided to be another class's member: proven unrelated.
  const others = new Set<string>();
  const privateName = name.startsWith('#');
  for (const file of files.values()) {
    const fileClasses = classes.filter((declaration) => declaration.file === file);
    const enclosing = (offset: number) => fileClasses.filter((declaration) => declaration.body && declaration.body.startIndex <= offset && offset < declaration.body.endIndex).sort((a, b) => b.node.startIndex - a.node.startIndex)[0];
    const receivers = profileOf(file.language).names.receivers;
    for (const occurrence of file.model.occurrences) {
      if (occurrence.name !== name || located.has(placeKey(file.path, occurrence.start))) continue;
      const object = occurrence.object;
      if (occurrence.role !== 'property' || !object) {
        // A destructured property (`const { name } = value`) reads the member from a value of unknown type.
        if (occurrence.form === 'shorthand_pattern' && !privateName) candidates.push({ location: { file: file.path, start: occurrence.start, end: occurrence.end, kind: 'reference', occurrence, binding: null, imported: false }, receiver: '(destructured value)' });
        continue;
      }
      const inClass = enclosing(occurrence.start);
      const decide = (): 'member' | 'other' | 'candidate' => {
        if (privateName) return inClass && family.has(inClass) ? 'member' : 'other';
        if (object.kind === 'super' && inClass && family.has(inClass)) {
          // `super().name` is the next class up: the member only when one of the class's ancestors in the hierarchy declares it.
          return ancestors(inClass).slice(1).some((declaration) => family.has(declaration) && memberDefinitions(declaration, name).length > 0) ? 'member' : 'other';
        }
        if (object.kind === 'this' || object.kind === 'super' || receivers.includes(object.name)) {
          if (!inClass) return 'candidate';
          if (family.has(inClass)) return 'member';
          // Another class that declares the name (itself or above it) owns this use.
          return ancestors(inClass).some((declaration) => memberDefinitions(declaration, name).length > 0) ? 'other' : 'candidate';
        }
        if (object.kind === 'expression') {
          // A receiver made on the spot: `Client().send()`, `new Client().send()`.
          const constructed = constructorName(spanNode(file.root, object.start, object.end));
          return constructed && isFamily(file, constructed) ? 'member' : 'candidate';
        }
        const head = occurrenceAt(file.model, object.start, object.end);
        if (familyUses.has(placeKey(file.path, object.start))) return 'member';
        if (receiverModule(file, occurrence, resolution, files)) return 'other';
        const typed = head?.binding ? declaredClass(file, head.binding) : null;
        if (typed && isFamily(file, typed)) return 'member';
        const other = typed ? classOfName(file, typed) : head?.binding ? classOfBinding(file, head.binding) : null;
        if (other && !family.has(other) && ancestors(other).some((declaration) => memberDefinitions(declaration, name).length > 0)) return 'other';
        return 'candidate';
      };
      const decision = decide();
      if (decision === 'member') add(file, occurrence, 'reference');
      else if (decision === 'candidate') candidates.push({ location: { file: file.path, start: occurrence.start, end: occurrence.end, kind: 'reference', occurrence, binding: null, imported: false }, receiver: object.name });
      else others.add(placeKey(file.path, occurrence.start));
    }
  }
  if (profileOf(origin.language).members.bareNamesReachMembers) unproven.push(...bareMentions(files, name, new Set([...located, ...others, ...candidates.map((candidate) => placeKey(candidate.location.file, candidate.location.start))])));
  locations.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.start - b.start));
  candidates.sort((a, b) => (a.location.file < b.location.file ? -1 : a.location.file > b.location.file ? 1 : a.location.start - b.location.start));
  return { locations, candidates, classes: [...family], outsideBases, unproven };
}

/**
 * Whether a receiver is a package a file imports by name that is not the one of the folder `home`
 * (Go's `io` in `io.Writer`: the import's text tells the name it binds, and its path's folder is
 * another), bound to nothing else. An import whose path ends in the folder's name (`"example.com/m"`
 * for code in `m/`) may be that package: its members may be the declaration.
 */
function importedOtherPackage(file: ModelledFile, object: NonNullable<Occurrence['object']>, home: string): boolean {
  if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(object.name) || occurrenceAt(file.model, object.start, object.end)?.binding) return false;
  const folder = home.slice(home.lastIndexOf('/') + 1);
  const imported = importLines(file).filter((line) => line.names?.includes(object.name));
  return imported.length > 0 && imported.every((line) => line.path !== undefined && !line.path.split('/').filter((element) => !/^v\d+$/.test(element)).includes(folder));
}

const importsOfFile = new WeakMap<ModelledFile, readonly ImportLine[]>();

/** A file's top-level imports, one per line (see {@link MoveRules.importsOf}). */
function importLines(file: ModelledFile): readonly ImportLine[] {
  let lines = importsOfFile.get(file);
  if (!lines) {
    const rules = profileOf(file.language).moves;
    lines = namedChildrenOf(file.root).filter((node) => /import/.test(node.type)).flatMap((node) => rules.importsOf(node.text));
    importsOfFile.set(file, lines);
  }
  return lines;
}

/**
 * For a member the scope model binds as a plain name in its type's body (Java's and Kotlin's
 * methods, Go's methods on a receiver type), or a top-level declaration in a language whose files
 * share names without imports (`reached: 'shared'`): every mention of its name that its binding does not
 * reach (`found`: file and offset keys) and nothing proves unrelated. A property read from a value
 * (`a.ff()`) is a candidate: the value's type is unknown. Unproven: a use the model ties to
 * nothing, syntax it does not cover, and a declaration of the name in another type's body, which
 * may override the member or be overridden by it. A use of another binding (a local of the same
 * name) is unrelated.
 */
export function receiverMentions(
  files: ReadonlyMap<string, ModelledFile>,
  name: string,
  found: ReadonlySet<string>,
  ours: Binding | null,
  /** What a use may reach: a member through a receiver, or a top-level declaration of another file. */
  reached: 'member' | 'shared' = 'member',
): { candidates: Candidate[]; unproven: UnprovenMention[]; shared: FoundLocation[] } {
  const subject = reached === 'member' ? 'the member, reached without a receiver the model sees' : "the declaration, which this language's files reach without an import structedit follows";
  const candidates: Candidate[] = [];
  const unproven: UnprovenMention[] = [];
  const shared: FoundLocation[] = [];
  // Go: a use no scope of its file binds, in a file of the declaration's package, is the declaration
  // (unless another file of the package declares the name too: a variant for other build conditions).
  const home = reached === 'shared' && ours ? ([...files.values()].find((file) => file.model.module === ours.scope) ?? null) : null;
  const inPackage = home && profileOf(home.language).names.packageScope ? (file: ModelledFile) => samePackage(file, home) : () => false;
  const variants = home ? [...files.values()].filter((file) => file !== home && inPackage(file) && file.model.module.bindings.has(name)) : [];
  // `this.count` in the body of the type that declares the member: the member itself.
  if (reached === 'member' && ours) shared.push(...thisUses(files, name, found, ours));
  const placed = new Set([...found, ...shared.map((location) => placeKey(location.file, location.start))]);
  for (const { file, start, occurrence } of unplacedMentions(files, name, placed)) {
    const unprove = (reason: string) => unproven.push({ file: file.path, start, reason });
    // Data handed to a program (Bash's `echo clean`) reaches nothing.
    if (occurrence?.role === 'text') continue;
    if (!occurrence) {
      unprove("structedit's scope model does not cover this syntax");
    } else if (occurrence.role === 'property' && reached === 'shared' && (!occurrence.object || (home !== null && importedOtherPackage(file, occurrence.object, dirname(home.path))))) {
      // A member's own name (Go's method `(f *FlagSet) Lookup`, a field, a literal's key) or a member
      // of an imported package (Go's `io.Writer`): not the top-level declaration.
      continue;
    } else if (occurrence.role === 'property' && occurrence.object) {
      candidates.push({ location: { file: file.path, start: occurrence.start, end: occurrence.end, kind: 'reference', occurrence, binding: null, imported: false }, receiver: occurrence.object.name });
    } else if (occurrence.binding === null && occurrence.role === 'reference' && inPackage(file) && variants.length > 0) {
      unprove(`"${name}" is declared at the top level of ${variants.map((variant) => variant.path).join(' and ')} too (a file for other build conditions): which declaration this use takes depends on the build`);
    } else if (occurrence.binding === null && occurrence.role === 'reference' && inPackage(file) && !dotImports(file)) {
      shared.push({ file: file.path, start: occurrence.start, end: occurrence.end, kind: 'reference', occurrence, binding: null, imported: false });
    } else if (occurrence.binding === null) {
      unprove(`a use of "${name}" that structedit's scope model ties to nothing: it may be ${subject}`);
    } else if (occurrence.binding !== ours && occurrence.binding.declarations.includes(occurrence) && occurrence.binding.scope.kind === 'block' && occurrence.binding.kind !== 'variable' && occurrence.binding.kind !== 'parameter') {
      // (A method of a type declared in a block, as Java's anonymous classes are; a variable local
      // to the block, as Go's `for x := …` is, overrides nothing.)
      unprove(`"${name}" is declared in another type's body too: it may override the member or be overridden by it, which structedit cannot tell without types`);
    }
  }
  return { candidates, unproven, shared };
}

/** Node types holding a type's members (a class's, an enum's, an interface's, a Rust `impl`'s, a C++ struct's). */
const TYPE_BODIES = /^(?:class_body|interface_body|enum_body|enum_body_declarations|declaration_list|field_declaration_list|object_body|protocol_body|class_declaration_body|record_declaration_body)$/;
/** A function literal, inside which `this` may be another value (Kotlin's `x.apply { this.count }`). */
const FUNCTION_LITERALS = /lambda|closure|function_literal|anonymous_function|arrow_function/;

/**
 * The innermost type body around an offset, where `this` there is an instance of that type: `null`
 * inside a function literal first (its `this` may be bound otherwise), or outside any type.
 */
export function typeBodyAround(root: Node, offset: number): Node | null {
  for (let node = root.descendantForIndex(offset); node; node = node.parent) {
    if (FUNCTION_LITERALS.test(node.type)) return null;
    if (TYPE_BODIES.test(node.type)) return node;
  }
  return null;
}

/**
 * The uses of a member bound as a plain name (Java's field, a Rust `impl`'s method) in the file
 * that declares it, through a receiver that is an instance of the declaring type, but those
 * `placed`: `this` (`self`) in that type's body (not in a nested or anonymous type's body, nor in
 * a function literal, where it may be another value), and a name declared with that type
 * (`DoubleSummaryStatistics other`, `Node<E> next`) where the file declares one type of that name.
 * A field is read from the receiver's declared type, and a method found there first (an override's
 * other declaration is unproven anyway), so each is the member.
 */
export function thisUses(files: ReadonlyMap<string, ModelledFile>, name: string, placed: ReadonlySet<string>, binding: Binding): FoundLocation[] {
  const declaring = declaringBody(files, binding);
  if (!declaring) return [];
  const { file, body } = declaring;
  const typeName = declaredTypeName(body);
  const typed = typeName !== null && typeDeclarationsNamed(file.root, typeName) === 1 ? typeName : null;
  const ofType = (occurrence: Occurrence): boolean => {
    const object = occurrence.object!;
    if (object.kind === 'this') return typeBodyAround(file.root, occurrence.start)?.equals(body) === true;
    if (object.kind !== 'name' || typed === null) return false;
    const declaration = occurrenceAt(file.model, object.start, object.end)?.binding?.declarations[0];
    return declaration !== undefined && typeOfDeclaredName(file.root, declaration.start) === typed;
  };
  return file.model.occurrences
    .filter((occurrence) => occurrence.name === name && occurrence.role === 'property' && occurrence.object !== undefined && !placed.has(placeKey(file.path, occurrence.start)) && ofType(occurrence))
    .map((occurrence) => ({ file: file.path, start: occurrence.start, end: occurrence.end, kind: 'reference' as const, occurrence, binding: null, imported: false }));
}

/** The name of the type a body belongs to (`class A { … }`, Go's `type T struct { … }`): the first `name` field up from it. */
function declaredTypeName(body: Node): string | null {
  for (let node = body.parent; node && !TYPE_BODIES.test(node.type); node = node.parent) {
    const named = node.childForFieldName('name');
    if (named) return named.text;
  }
  return null;
}

/** How many types a file declares under a name (a nested class of the same name elsewhere makes it ambiguous). */
function typeDeclarationsNamed(root: Node, name: string): number {
  return root.descendantsOfType(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'type_spec', 'struct_item', 'enum_item', 'struct_specifier', 'class_specifier'])
    .filter((node) => node?.childForFieldName('name')?.text === name).length;
}

/**
 * The simple name of the type a local, parameter or field is declared with (`int x` → `int`,
 * `Node<E> p` → `Node`, `Map.Entry<K, V> e` → `Entry`); `null` for an inferred (`var`) or compound
 * type, or a name not declared so.
 */
function typeOfDeclaredName(root: Node, start: number): string | null {
  let holder = root.descendantForIndex(start)?.parent ?? null;
  if (holder?.type === 'variable_declarator') holder = holder.parent;
  let type = holder ? holder.childForFieldName('type') : null;
  if (type?.type === 'generic_type') type = type.namedChildren.find((child) => child !== null && /type_identifier$/.test(child.type)) ?? null;
  if (type?.type === 'scoped_type_identifier') type = type.namedChildren.filter((child) => child?.type === 'type_identifier').at(-1) ?? null;
  return type?.type === 'type_identifier' && type.text !== 'var' ? type.text : null;
}

/** The file declaring a member binding and the type body its declaration sits in (`null`: none found). */
function declaringBody(files: ReadonlyMap<string, ModelledFile>, binding: Binding): { file: ModelledFile; body: Node } | null {
  let module = binding.scope;
  while (module.parent) module = module.parent;
  const file = [...files.values()].find((candidate) => candidate.model.module === module);
  const declaration = binding.declarations[0];
  const body = file && declaration ? typeBodyAround(file.root, declaration.start) : null;
  // (Declared in two types' bodies, which the model binds as one name: whose member `this.x` is, is unknown.)
  if (!file || !body || binding.declarations.some((other) => !typeBodyAround(file.root, other.start)?.equals(body))) return null;
  return { file, body };
}

/** Whether two files are of one package: one folder, one package clause (Go's `package m`; `package m_test` is another). */
export function samePackage(file: ModelledFile, other: ModelledFile): boolean {
  const clause = packageClause(file);
  return clause !== null && clause === packageClause(other) && dirname(file.path) === dirname(other.path);
}

function packageClause(file: ModelledFile): string | null {
  const clause = namedChildrenOf(file.root).find((node) => /^package_(?:clause|declaration|header)$/.test(node.type));
  return clause ? clause.text.replace(/\s+/g, ' ') : null;
}

/** Whether a file imports a package's names unnamed (Go's `import . "fmt"`), which may be any name it uses. */
function dotImports(file: ModelledFile): boolean {
  const rules = profileOf(file.language).moves;
  return importLines(file).some((line) => rules.opaqueImport.test(line.statement));
}

/**
 * The mentions of `name` as a word in the files, but those `placed` (file and offset keys), with
 * the occurrence the scope model has there; a mention without one only where it is code (not in a
 * comment or a string).
 */
function* unplacedMentions(files: ReadonlyMap<string, ModelledFile>, name: string, placed: ReadonlySet<string>): Generator<{ file: ModelledFile; start: number; occurrence: Occurrence | undefined }> {
  for (const file of files.values()) {
    const occurrences = new Map<number, Occurrence>();
    for (const occurrence of file.model.occurrences) if (occurrence.name === name) occurrences.set(occurrence.start, occurrence);
    for (const start of wordOffsets(file.text, name)) {
      if (placed.has(placeKey(file.path, start))) continue;
      const occurrence = occurrences.get(start);
      if (occurrence || mentionContext(file.root, start) !== 'text') yield { file, start, occurrence };
    }
  }
}

/**
 * Where bare names reach members (Ruby's `f` and `self.f`, Scala's `A.f`): every mention of the
 * member's name in code, but those already `placed`, that the scope model reads as no property
 * access and binds to nothing (an unresolved name, or syntax it does not cover). It may be the
 * member, and nothing proves it is not.
 */
function bareMentions(files: ReadonlyMap<string, ModelledFile>, name: string, placed: ReadonlySet<string>): UnprovenMention[] {
  const unproven: UnprovenMention[] = [];
  for (const { file, start, occurrence } of unplacedMentions(files, name, placed)) {
    if (occurrence && (occurrence.role !== 'reference' || occurrence.binding !== null)) continue;
    unproven.push({ file: file.path, start, reason: `a use of "${name}" that structedit's scope model for ${file.language} does not read as a member access nor tie to anything else: it may be the member, reached without a receiver the model sees` });
  }
  return unproven;
}

/**
 * The qualified name of a base class outside the project, as the language profile's known bases
 * name it: the module as imported and the class (`enum.Enum`, `events.EventEmitter`), or a global
 * with the profile's prefix (`builtins.Exception`). `null` when it is neither an import from
 * outside the project nor a global (a local variable, an unresolved import).
 */
function qualifiedOutsideName(file: ModelledFile, name: Node, resolution: ProjectResolution, globalPrefix: string): string | null {
  const parent = name.parent;
  const qualifier = parent && name.startIndex > parent.startIndex && /^(attribute|member_expression|nested_type_identifier|nested_identifier)$/.test(parent.type) ? namedChildrenOf(parent)[0] : null;
  const headNode = qualifier ?? name;
  if (qualifier && qualifier.type !== 'identifier') return null;
  const binding = occurrenceAt(file.model, headNode.startIndex, headNode.endIndex)?.binding;
  if (!binding) return qualifier ? null : `${globalPrefix}${name.text}`;
  if (binding.kind !== 'import') return null;
  const record = importRecordOf(file.model, binding);
  if (!record || (qualifier !== null) !== (record.imported === '*')) return null;
  if (resolution.resolve(file.path, record.module, file.language).kind !== 'external') return null;
  return `${record.module}.${qualifier ? name.text : record.imported}`;
}

/**
 * The class name a binding is declared with: its type annotation (`c: Client`, `c: Client = …`)
 * or the class it is constructed from (`c = Client()`, `const c = new Client()`); `null` when its
 * declaration says neither.
 */
function declaredClass(file: ModelledFile, binding: Binding): Node | null {
  const declaration = binding.declarations[0];
  if (!declaration) return null;
  let node: Node | null = file.root.descendantForIndex(declaration.start, declaration.end);
  for (let depth = 0; node && depth < 4; depth++, node = node.parent) {
    const type = node.childForFieldName('type');
    const annotated = type ? typeName(type) : null;
    if (annotated) return annotated;
    const value = node.childForFieldName('value') ?? node.childForFieldName('right');
    const constructed = value ? constructorName(value) : null;
    if (constructed) return constructed;
    if (/statement|definition|declaration|^block$|^program$|^module$/.test(node.type)) return null;
  }
  return null;
}

/** The outermost node spanning exactly `start`–`end`. */
function spanNode(root: Node, start: number, end: number): Node {
  let node = root.descendantForIndex(start, end) ?? root;
  while (node.parent && node.parent.startIndex === start && node.parent.endIndex === end) node = node.parent;
  return node;
}

/** The class name a type annotation names (`Client`, `mod.Client`, `Client | None` is none). */
function typeName(node: Node): Node | null {
  let type: Node | null = node;
  while (type && (type.type === 'type_annotation' || type.type === 'type')) type = namedChildrenOf(type)[0] ?? null;
  return heritageName(type);
}

/** The class a value constructs (`new Client(…)`, Python `Client(…)`). */
function constructorName(value: Node): Node | null {
  if (value.type === 'new_expression') return heritageName(value.childForFieldName('constructor'));
  // Python constructs with a call (whether the callee is a class is decided by where its name leads).
  if (value.type === 'call') return heritageName(value.childForFieldName('function'));
  return null;
}
