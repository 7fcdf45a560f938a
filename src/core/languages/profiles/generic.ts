import { GENERIC_STRUCTURE_RULES } from '../../structure/rules.js';
import { genericScopes } from '../../semantic/scope-rules-generic.js';
import type { Node } from 'web-tree-sitter';
import type { TextSpan } from '../../structure/types.js';
import { dirname } from '../../semantic/modules.js';
import type { AwaitRules, MoveRules, Reach, RefusedNode, RequiredMembers, ResolvedProfile } from '../profile.js';

/**
 * What every language gets unless its profile says otherwise: the generic structure rules (any
 * named node directly in a body is a structure), the part vocabulary shared by the grammars
 * (`parameters`, `body`, `return_type` fields), the generic scoping rule, no module system,
 * blank lines copied from the neighbours, and the generic line categories of `readFile`.
 */
export const GENERIC_PROFILE: ResolvedProfile = {
  languages: [],
  structure: GENERIC_STRUCTURE_RULES,
  parts: { returnTypeSeparator: ': ', decoratorPrefix: null, createdBases: null, parametersOf: null, bodyOf: null, emptyParameters: null, primaryParametersOf: null },
  names: { identifier: /^[\p{L}_$][\p{L}\p{N}_$]*$/u, keywords: new Set(), receivers: [], definedInOrder: false, predeclared: null, dynamicDeclarations: null, packageScope: false },
  members: { implicit: () => false, knownBases: new Map(), globalPrefix: '', bareNamesReachMembers: true, declaredByAssignment: false, requiredMembers: (declaration) => requiredMembersOf(declaration, 'named'), lambdaTargets: () => false, typesNoValue: () => false, reachOf: () => null, exposedBy: () => null, moduleOf: null },
  scopes: genericScopes,
  modules: null,
  // A language structedit knows nothing of: any import may bring in what a moved declaration uses
  // (so the missing ones go with it), and no other file sees the source's declarations.
  moves: {
    packageKinds: ['package'],
    importKinds: ['import'],
    importText: null,
    relativeTo: null,
    declaredBy: null,
    compiledUnder: null,
    lostAccess: null,
    importsFrom: null,
    importedPath: null,
    importOwn: null,
    unnamed: null,
    leaveBehind: null,
    importsOf: (text) => [{ start: 0, end: text.length, statement: text }],
    opaqueImport: /(?:)/,
    folderShared: false,
    unusedImportFails: false,
    predeclared: null,
  },
  cases: { casesOf: () => null, exhaustiveMatches: () => [] },
  parsedText: null,
  compiler: null,
  calls: {
    moreFail: true,
    fewerFail: true,
    receiverParameter: () => false,
    receiverThroughClass: () => false,
    keywordName: () => null,
    restEndsPositional: false,
    namedArguments: false,
    // Python's `d=1`, C#'s and PHP's `name: 1`, Swift's label: the grammars put the name in a `name` field.
    argumentName: (argument) => argument.childForFieldName('name')?.text.replace(/^\$|:$/g, '') ?? null,
    namedFoldIntoHash: false,
    constructorsChecked: true,
    // Java's, Scala's `this(…)`, C#'s and Kotlin's `: this(…)`, TypeScript's `new this(…)`.
    selfConstruction: /\bthis\s*\(|\bnew\s+this\b/g,
    targetTypedConstructions: null,
    awaiting: null,
    metadataRead: null,
    isProperty: () => false,
    derivedConstructor: () => null,
    variantConstructors: () => null,
    fieldLiterals: () => null,
    implementedType: () => null,
    selfTypeName: null,
  },
  layout: {
    blankLinesWithoutSiblings: (_kind, multiline) => (multiline ? 1 : 0),
    blankLinesBetween: usualBlankLinesBetween,
    fileHead: /^#![^\n]*(?:\n|$)/,
    commentsAttach: true,
    topLevelDefinitions: null,
    flushLeft: null,
    attachedFlushLeft: null,
    terminators: {},
    emptyBody: null,
    spacingKind: genericSpacingKind,
  },
  reading: {
    category: () => null,
    isContainer: (node) => CONTAINER_KINDS.has(node.kind),
  },
  text: {
    // The multi-line literals of the grammars structedit ships (types a grammar lacks never occur).
    literals: [
      'string', 'string_literal', 'raw_string_literal', 'interpreted_string_literal', 'template_string', 'raw_string',
      'heredoc_body', 'heredoc', 'nowdoc', 'encapsed_string', 'text_block', 'verbatim_string_literal', 'multi_line_string_literal',
      'line_string_literal', 'multiline_string_literal', 'string_fragment', 'block_scalar', 'quoted_heredoc_body',
    ],
    code: ['template_substitution', 'interpolation', 'string_interpolation', 'command_substitution', 'expansion', 'interpolated_expression', 'multi_line_str_text'],
    docstringsFollowCode: false,
  },
};

/**
 * One blank line between the head of a file (a package declaration, the imports) and the code that
 * follows, none between imports: the style of gofmt, Google's Java style, PEP 8 and the usual C#
 * layout.
 */
/** {@link MoveRules.relativeTo} for imports whose path starts from the file's folder (C's `#include "x.h"`, Ruby's `require_relative`). */
export function fromFolder(relative: RegExp): NonNullable<MoveRules['relativeTo']> {
  return (text, path) => (relative.test(text) ? `the folder ${dirname(path) || '.'}` : null);
}

export function usualBlankLinesBetween(upper: string, lower: string): number | null {
  if (upper === 'import' && lower === 'import') return 0;
  return upper !== lower && (upper === 'package' || upper === 'import') ? 1 : null;
}

/** Kinds whose members range reads and skeletons show one by one (the structure is opened). */
const CONTAINER_KINDS: ReadonlySet<string> = new Set(['class', 'interface', 'struct', 'trait', 'impl', 'enum', 'object', 'module', 'preprocessor']);

/** The kind spacing compares: a method spaces as a function. */
export function genericSpacingKind(kind: string): string {
  return kind === 'method' ? 'function' : kind;
}

/**
 * The members an interface, trait or protocol declares without a body (not `static`, `default` or
 * `private` ones), or an abstract class declares `abstract`: what its implementations must define.
 * The grammars agree enough on these shapes (a `body` field or a `block`, modifiers as text) for
 * one rule to serve Java, C#, Kotlin, TypeScript, PHP, Rust, Scala and Swift.
 */
export function requiredMembersOf(declaration: Node, found: RequiredMembers['found']): RequiredMembers | null {
  const declared = declaration.type === 'export_statement' ? (declaration.childForFieldName('declaration') ?? declaration) : declaration;
  const interfaceLike = /interface|trait|protocol/.test(declared.type) || declared.children.some((child) => child?.type === 'interface');
  const abstractClass = !interfaceLike && /class/.test(declared.type) && /\babstract\b/.test(modifiersOf(declared));
  if (!interfaceLike && !abstractClass) return null;
  const body = declared.childForFieldName('body') ?? declared.namedChildren.find((child) => child !== null && /body$|declaration_list$/.test(child.type)) ?? null;
  if (!body) return null;
  const names: string[] = [];
  for (const member of body.namedChildren) {
    if (!member || !/method|function|signature|property|prototype/.test(member.type)) continue;
    const modifiers = modifiersOf(member);
    if (/\b(?:static|default|private)\b/.test(modifiers)) continue;
    const hasBody = member.childForFieldName('body') !== null || member.namedChildren.some((child) => child !== null && /^(?:function_body|block|compound_statement|computed_property|getter|setter)$/.test(child.type)) || member.childForFieldName('value') !== null;
    if (interfaceLike ? hasBody : !/\babstract\b/.test(modifiers)) continue;
    // A TypeScript member written `f?(): void` is optional.
    if (/^[\w$#]+\s*\?/.test(member.text)) continue;
    const name = memberNameOf(member);
    if (name) names.push(memberKey(member, name, found !== 'structural'));
  }
  return { names, found, arity: found !== 'structural' };
}

/**
 * The cases an enumeration's body declares, in order: Rust's `enum_variant`s, Java's
 * `enum_constant`s, Kotlin's and Swift's `enum_entry`s (Swift's `case a, b` declares two), each by
 * its `name` field or first identifier; `null` for a declaration without such a body.
 */
export function enumCasesOf(declaration: Node): string[] | null {
  const body = declaration.childForFieldName('body') ?? declaration.namedChildren.find((child) => child !== null && /^enum_(?:class_)?body$|^enum_variant_list$/.test(child.type)) ?? null;
  if (!body || !/^enum_(?:class_)?body$|^enum_variant_list$/.test(body.type)) return null;
  const names: string[] = [];
  for (const entry of body.namedChildren) {
    if (!entry || !/^enum_(?:entry|constant|variant)$/.test(entry.type)) continue;
    const named = entry.childrenForFieldName('name').filter((name) => name !== null);
    const first = entry.namedChildren.find((child) => child !== null && /identifier$/.test(child.type));
    for (const name of named.length > 0 ? named : first ? [first] : []) names.push(name.text);
  }
  return names;
}

/**
 * The name a member of a type's body declares (a method's, a field's, a property's), or `null`:
 * a decorated one's definition's, a Python class attribute's assigned name, its `name` field (Swift's, a pattern holding its `var`: the identifier it binds), else the
 * identifier of the declarator it holds (Kotlin's `val p: Int`, Java's fields); PHP's `$` left out.
 */
export function memberNameOf(member: Node): string | null {
  // Python's decorated method is its definition; its `x = 1` in a class body, the name assigned.
  const definition = member.childForFieldName('definition');
  if (definition) return memberNameOf(definition);
  if (member.type === 'expression_statement' && member.firstNamedChild?.type === 'assignment') {
    const left = member.firstNamedChild.childForFieldName('left');
    return left?.type === 'identifier' ? left.text : null;
  }
  const named = member.childForFieldName('name');
  const name = named?.childForFieldName('bound_identifier') ?? named ?? member.namedChildren.find((child) => child !== null && /variable_declarat|declarator|pattern$/.test(child.type))?.namedChildren.find((child) => child !== null && /identifier/.test(child.type)) ?? null;
  return name ? name.text.replace(/^\$/, '') : null;
}

/**
 * How a member is told apart from others of its name: a method by its number of parameters too
 * (`f/2`), where an implementation must take exactly those (not TypeScript's, which may take fewer).
 */
export function memberKey(member: Node, name: string, byArity: boolean): string {
  if (!byArity || !/method|function|signature|prototype/.test(member.type)) return name;
  const list = member.childForFieldName('parameters') ?? member.namedChildren.find((child) => child !== null && /parameters$|parameter_list$/.test(child.type)) ?? member;
  return `${name}/${list.namedChildren.filter((child) => child !== null && /parameter/.test(child.type) && !/parameters$|parameter_list$/.test(child.type)).length}`;
}

/** A declaration's modifiers as text (`public abstract`), in whatever node its grammar puts them. */
function modifiersOf(node: Node): string {
  return node.children
    .filter((child) => child !== null && /modifier|^abstract$|^static$|^default$|^private$|^accessibility/.test(child.type))
    .map((child) => child!.text)
    .join(' ');
}

/**
 * Awaiting as the grammars write it: a function is asynchronous when `async` is among its own
 * tokens or modifiers; a call is awaited when an `await` holds it (through parentheses, `try`), or
 * when it is an argument of a call to one of `consumers` (`asyncio.run(f())`, `Promise.all([f()])`),
 * or its result's `then`, `catch` or `finally` is called, or it is `void`ed (where `thenables`).
 */
export function awaitRules(consumers: RegExp, thenables: boolean, awaitingOtherFails: boolean): AwaitRules {
  return {
    isAsync: (fn) => fn.children.some((child) => child !== null && (child.type === 'async' || (/modifiers$/.test(child.type) && /\basync\b/.test(child.text)))),
    awaited: (call) => {
      let at: Node = call;
      while (at.parent && /^(?:parenthesized_expression|try_expression|array|list|tuple)$/.test(at.parent.type)) at = at.parent;
      const holder = at.parent;
      if (!holder) return false;
      if (/^await(?:_expression)?$/.test(holder.type)) return true;
      if (thenables && holder.type === 'unary_expression' && holder.text.startsWith('void')) return true;
      if (thenables && holder.type === 'member_expression' && /^(?:then|catch|finally)$/.test(holder.childForFieldName('property')?.text ?? '')) return true;
      const consumer = /argument/.test(holder.type) ? holder.parent : null;
      const callee = consumer?.childForFieldName('function') ?? null;
      return callee !== null && consumers.test(callee.text.split(/[.:]/).pop() ?? '');
    },
    awaitingOtherFails,
  };
}

/** The type declaration whose body holds a node (a class, struct, interface, enum, object, trait, record, extension), or `null`. */
export function enclosingType(node: Node): Node | null {
  for (let at = node.parent; at; at = at.parent) {
    const body = at.childForFieldName('body') ?? at.namedChildren.find((child) => child !== null && /body$|declaration_list$/.test(child.type)) ?? null;
    if (body && body.startIndex <= node.startIndex && /class|struct|interface|enum|object|trait|protocol|record|extension|impl/.test(at.type)) return at;
  }
  return null;
}

/**
 * A declaration's reach from the access modifiers most languages share: `private` (its type, or
 * its file at the top level), `fileprivate`, `protected`; `unmarked`: the reach of one without
 * any (C#'s members are private, Java's package-private; elsewhere public).
 */
export function reachOfModifiers(declaration: Node, unmarked: (declaration: Node, type: Node | null) => Reach | 'everywhere' = () => 'everywhere'): Reach | 'everywhere' | null {
  // (Statements and expressions declare nothing a modifier reaches.)
  if (!/declaration|definition|signature|field|property|method|function|constructor|class|struct|enum|interface|trait|object|record|protocol/.test(declaration.type) || /statement|expression/.test(declaration.type)) return null;
  const modifiers = modifiersOf(declaration);
  const type = enclosingType(declaration);
  // (Scala's `private[pkg]`, C#'s and Kotlin's `internal`, `protected internal` reach the whole module.)
  if (/\bprivate\s*\[|\binternal\b/.test(modifiers)) return 'everywhere';
  if (/\bprivate\b/.test(modifiers)) return type ? 'type' : 'file';
  if (/\bfileprivate\b/.test(modifiers)) return 'file';
  if (/\bprotected\b/.test(modifiers)) return type ? 'subtypes' : 'everywhere';
  if (/\b(?:public|open)\b/.test(modifiers)) return 'everywhere';
  return unmarked(declaration, type);
}

/** Whether a node overlaps one of some spans (touching its ends counts: an insertion right after a function may end it). */
export function overlaps(node: Node, spans: readonly TextSpan[]): boolean {
  const start = node.startIndex;
  const end = node.endIndex;
  return spans.some((span) => start <= span.end && end >= span.start);
}

/** The `try` statements overlapping one of the spans that hold none of the clauses a `try` needs (`catch`/`finally`, `except`/`finally`). */
export function triesWithoutHandlers(root: Node, within: readonly TextSpan[], handlers: readonly string[], reason: string): Array<{ node: Node; reason: string }> {
  return nodesOverlapping(root, within, ['try_statement']).flatMap((statement) => (!statement.namedChildren.some((clause) => clause !== null && handlers.includes(clause.type)) ? [{ node: statement, reason }] : []));
}

/**
 * The nodes of some types that overlap one of some spans (what an edit changed): for each span, those
 * around the smallest node holding it, and those inside that node (a node overlapping the span is
 * one or the other), without walking the rest of the tree (an edit of a 2 MB file looks at its own
 * few lines); each node once, in the order found.
 */
export function nodesOverlapping(root: Node, spans: readonly TextSpan[], types: readonly string[]): Node[] {
  const seen = new Set<number>();
  const once = (node: Node) => {
    if (seen.has(node.id)) return false;
    seen.add(node.id);
    return true;
  };
  return spans.flatMap((within) => {
    const holder = root.descendantForIndex(within.start, Math.max(within.start, within.end - 1)) ?? root;
    const around: Node[] = [];
    for (let node: Node | null = holder.parent; node; node = node.parent) if (types.includes(node.type)) around.push(node);
    // Inside: only under the holder's children that overlap (a span across two top-level declarations
    // is held by the file); where most of them do (edits all over a file), one walk of the holder.
    const children = childrenOverlapping(holder, within);
    const inside = (children.length > 8 ? [holder] : children).flatMap((under) => under.descendantsOfType([...types]).filter((node): node is Node => node !== null && !node.equals(holder) && overlaps(node, [within])));
    if (types.includes(holder.type)) around.unshift(holder);
    return [...around, ...inside].filter(once);
  });
}

/**
 * The named children of a node that overlap a span: the first one reaching it found by halving (a
 * file's or a long body's others are not made nodes), then its siblings up to the span's end.
 * (`TreeCursor.gotoFirstChildForIndex` would do it, but in web-tree-sitter 0.27 it answers "none" for some
 * offsets between two children: a Go file's function after a method went unchecked.)
 */
function childrenOverlapping(node: Node, span: TextSpan): Node[] {
  let low = 0;
  let high = node.childCount;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (node.child(middle)!.endIndex < span.start) low = middle + 1;
    else high = middle;
  }
  const children: Node[] = [];
  // (By index: `nextSibling` passes over a child of no width, the empty block of `if x:` left with nothing under it.)
  for (let index = low; index < node.childCount; index++) {
    const child = node.child(index)!;
    if (child.startIndex > span.end) break;
    if (child.isNamed && child.endIndex >= span.start) children.push(child);
  }
  return children;
}

/** The later of each pair of declarations with the same key (a name in one namespace of one scope), with `reason` for it. */
export function repeatedKeys(declarations: Iterable<{ key: string; node: Node }>, reason: (node: Node) => string): Array<{ node: Node; reason: string }> {
  const seen = new Set<string>();
  const repeated: Array<{ node: Node; reason: string }> = [];
  for (const { key, node } of declarations) {
    if (seen.has(key)) repeated.push({ node, reason: reason(node) });
    seen.add(key);
  }
  return repeated;
}

/**
 * Each parameter named as one before it in its list, in the `lists` (node types holding a function's
 * parameters) that overlap `within`: no grammar refuses two parameters of one name, every compiler
 * does. `names` gives the names a list binds, in order (each a pattern binds too).
 */
export function repeatedParameters(root: Node, within: readonly TextSpan[], lists: readonly string[], names: (list: Node) => Node[], reason: (name: Node, list: Node) => string): RefusedNode[] {
  // (A list whose text repeats no word cannot repeat a name: most are passed over without a call into the tree.)
  return nodesOverlapping(root, within, lists).flatMap((list) => (repeatsAWord(list.text) ? repeatedKeys(names(list).map((node) => ({ key: node.text, node })), (node) => reason(node, list)) : []));
}

/** Whether a text holds some word twice (`a: number, b: number` does; `a, b` does not). */
function repeatsAWord(text: string): boolean {
  const seen = new Set<string>();
  for (const [word] of text.matchAll(/[\p{L}_$][\p{L}\p{N}_$]*/gu)) {
    if (seen.has(word)) return true;
    seen.add(word);
  }
  return false;
}

/** The names a parameter or a pattern binds: `node` itself where `isName`, else those bound by what `inside` gives of it (nothing: it binds none). */
export function boundNames(node: Node | null | undefined, isName: (node: Node) => boolean, inside: (node: Node) => ReadonlyArray<Node | null>): Node[] {
  if (!node) return [];
  return isName(node) ? [node] : inside(node).flatMap((child) => boundNames(child, isName, inside));
}
