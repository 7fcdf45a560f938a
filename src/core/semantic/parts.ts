import { err, ok, type Result } from 'neverthrow';
import type { Node } from 'web-tree-sitter';
import { makeError, type ErrorOf, type PartChoice } from '../errors.js';
import { profileOf } from '../languages/profiles/index.js';
import { similarity } from '../locate/locate.js';
import type { StructurePath } from '../locate/targets.js';
import type { StructureNode, StructureTree, TextSpan } from '../structure/types.js';
import { lineOfOffset } from '../text/source-text.js';
import { formatSelectors, PART_KEYWORDS, type PartKeyword, type Selector } from './address.js';
import { itemLabel, itemsNamed, type ListItem, type ListKind, type ListModel } from './lists.js';
import { childrenOf, COMMENT_TYPES, declarationNode, fieldChildren, namedChildrenOf, unquoted, wrapperOf } from './syntax.js';

/**
 * Part selectors resolved against a structure's syntax: `.params`, `.body`, `.returns`, entries of
 * literals, members of classes… One table of node types and fields serves Python,
 * TypeScript/JavaScript, Go, Rust and Java (their grammars share most field names: `name`,
 * `parameters`, `body`, `value`, `type`, `return_type`); the rest are listed per grammar below.
 */

/** What an address selects. */
export interface ResolvedPart {
  /** `structure` (no selector), a part keyword, or `element` (an item of a list). */
  readonly kind: 'structure' | PartKeyword | 'element';
  /** The innermost structure holding the selection (the structure itself for `structure`). */
  readonly path: StructurePath;
  /** The selected syntax node; `null` for a part that is absent (a missing return type). */
  readonly node: Node | null;
  /** The selected text. `null` when absent. */
  readonly span: TextSpan | null;
  /** For an element: its list and index. */
  readonly element?: { readonly list: ListModel; readonly index: number };
  /** The list the selection is or holds (what `add` adds to), if any. */
  readonly list: ListModel | null;
  /** For an absent part that `set` can create: where, and the text around the value. */
  readonly create?: { readonly at: number; readonly before: string; readonly after: string };
  /** How to remove the part when it is not a list item (`-> int`, `: string`, ` = 1`). */
  readonly removal?: TextSpan;
  /** What it is, for messages (`the parameters of "def fetch"`). */
  readonly description: string;
}

/** Where parts are resolved. */
export interface PartContext {
  readonly tree: StructureTree;
  readonly root: Node;
  readonly file: string;
  readonly address: string;
}

/** Errors resolving a part. */
export type PartError = ErrorOf<'PART_NOT_FOUND'> | ErrorOf<'PART_AMBIGUOUS'>;

const FUNCTION_TYPES = new Set([
  'function_definition', 'function_declaration', 'function_expression', 'function', 'arrow_function', 'generator_function_declaration',
  'generator_function', 'method_definition', 'method_signature', 'abstract_method_signature', 'function_signature', 'lambda',
  'method_declaration', 'function_item', 'function_signature_item', 'constructor_declaration', 'func_literal', 'closure_expression',
  // Ruby
  'method', 'singleton_method',
  // Go interface methods (`method_spec` in older grammars)
  'method_elem', 'method_spec',
  // Swift
  'init_declaration', 'protocol_function_declaration', 'subscript_declaration',
]);
const CALL_TYPES = new Set(['call', 'call_expression', 'new_expression', 'method_invocation', 'macro_invocation', 'object_creation_expression']);
const VARIABLE_TYPES = new Set([
  'assignment', 'variable_declarator', 'public_field_definition', 'field_definition', 'pair', 'keyword_argument', 'property_signature',
  'let_declaration', 'const_item', 'static_item', 'const_spec', 'var_spec', 'enum_assignment', 'type_alias_declaration', 'type_alias',
  'type_spec', 'type_item', 'default_parameter', 'typed_default_parameter', 'assignment_expression', 'augmented_assignment', 'short_var_declaration',
]);
/** Declarations that wrap one declarator (`const x = 1`, a Java field, `var x int`). */
const DECLARATOR_HOLDERS = new Set(['lexical_declaration', 'variable_declaration', 'field_declaration', 'local_variable_declaration', 'var_declaration', 'const_declaration', 'type_declaration']);
const WRAPPED_EXPRESSIONS = new Set(['expression_statement', 'return_statement', 'parenthesized_expression', 'await_expression', 'decorator', 'export_statement']);
const DECORATOR_TYPES = new Set(['decorator', 'annotation', 'marker_annotation', 'attribute_item']);
const LITERAL_LISTS: Readonly<Record<string, ListKind>> = {
  dictionary: 'entries',
  object: 'entries',
  list: 'items',
  tuple: 'items',
  set: 'items',
  array: 'items',
  array_expression: 'items',
  tuple_expression: 'items',
  composite_literal: 'items',
  literal_value: 'items',
  object_pattern: 'entries',
  array_pattern: 'items',
  tuple_pattern: 'items',
  list_pattern: 'items',
  pattern_list: 'items',
  expression_list: 'items',
  named_imports: 'specifiers',
  export_clause: 'specifiers',
  parameters: 'params',
  formal_parameters: 'params',
  lambda_parameters: 'params',
  parameter_list: 'params',
  argument_list: 'args',
  arguments: 'args',
  type_parameters: 'type_params',
  type_arguments: 'type_params',
  enum_body: 'members',
  union_type: 'union',
  intersection_type: 'union',
  implements_clause: 'bases',
  extends_type_clause: 'bases',
  initializer_list: 'items',
  array_initializer: 'items',
  element_value_array_initializer: 'items',
};
/** Literal containers whose items are structures where the grammar makes them a body (object literals, enums). */
const STRUCTURE_CONTAINERS = new Set(['object', 'enum_body', 'object_type', 'class_body', 'interface_body', 'field_declaration_list', 'enum_variant_list', 'declaration_list', 'block', 'statement_block', 'struct_body', 'enum_body_declarations']);
const OPENERS = new Set(['(', '[', '{', '<']);
const CLOSERS = new Set([')', ']', '}', '>']);

/**
 * The parameter list of a function node: where the language profile says it is (C: in the
 * function's declarator; Scala: not the type parameters its `parameters` field also holds), else
 * its `parameters` (or `parameter`) field.
 */
function parametersOf(context: PartContext, fn: Node): Node | null {
  const profiled = profileOf(context.tree.language).parts.parametersOf?.(fn);
  return profiled !== undefined ? profiled : (fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter'));
}

/**
 * The primary constructor of a class that is not a function (`class A(val x: Int)`, a record): the
 * class node, which its constructions call, and its parameter list; `null` for any other node.
 */
export function primaryConstructorOf(context: PartContext, path: StructurePath, node: Node): { readonly fn: Node; readonly list: ListModel; readonly params: Node } | null {
  if (functionOf(node)) return null;
  const inner = unwrapDeclaration(node);
  const params = profileOf(context.tree.language).parts.primaryParametersOf?.(inner) ?? null;
  if (!params) return null;
  const structure = path[path.length - 1]!;
  return { fn: inner, params, list: listFor(context, path, params, 'params', `the parameters of ${describeStructure(context, structure)}`) };
}

/** A function-like node a declaration holds (a `const f = () => …` holds its arrow function). */
export function functionOf(node: Node): Node | null {
  if (FUNCTION_TYPES.has(node.type)) return node;
  const inner = unwrapDeclaration(node);
  if (inner !== node) return functionOf(inner);
  const value = valueNodeOf(node);
  return value && FUNCTION_TYPES.has(value.type) ? value : null;
}

/** The declarator inside `const x = …`, a Java field, a Python expression statement, a decorated definition. */
function unwrapDeclaration(node: Node): Node {
  if (node.type === 'decorated_definition') return node.childForFieldName('definition') ?? node;
  if (DECLARATOR_HOLDERS.has(node.type)) {
    const declarators = namedChildrenOf(node).filter((child) => /declarator$|_spec$/.test(child.type));
    if (declarators.length === 1) return declarators[0]!;
  }
  if (node.type === 'expression_statement' || node.type === 'export_statement') {
    const inner = node.childForFieldName('declaration') ?? namedChildrenOf(node)[0];
    if (inner && (VARIABLE_TYPES.has(inner.type) || CALL_TYPES.has(inner.type) || FUNCTION_TYPES.has(inner.type) || DECLARATOR_HOLDERS.has(inner.type))) return unwrapDeclaration(inner);
  }
  return node;
}

function valueNodeOf(node: Node): Node | null {
  return node.childForFieldName('value') ?? node.childForFieldName('right') ?? (node.type === 'type_spec' ? node.childForFieldName('type') : null);
}

/** A type annotation's type (TypeScript `: T` holds `T`). */
function typeInside(node: Node | null): Node | null {
  if (!node) return null;
  if (node.type === 'type_annotation' || node.type === 'type') return namedChildrenOf(node)[0] ?? node;
  return node;
}

/** The name node of a declaration. */
export function nameNodeOf(node: Node): Node | null {
  const inner = unwrapDeclaration(node);
  // A call names what it calls (Java's `g();`), an expression what it uses (Rust's `Span { end, ..self }`):
  // uses, not declarations. (A function or class expression may name itself.)
  if (CALL_TYPES.has(inner.type) || (/_expression$/.test(inner.type) && !FUNCTION_TYPES.has(inner.type) && inner.type !== 'class_expression')) return null;
  const name = inner.childForFieldName('name') ?? inner.childForFieldName('left') ?? inner.childForFieldName('key') ?? inner.childForFieldName('pattern');
  if (name) return name.type === 'dotted_name' || /identifier$|^name$|^string$/.test(name.type) ? name : null;
  // C's declarators nest down to the name (`int *f(void)`: pointer, function, identifier); C++'s
  // reference declarator (`int& f()`) holds the next one as its only named child, in no field.
  const declarator = inner.childForFieldName('declarator') ?? (inner.type === 'reference_declarator' ? inner.lastNamedChild : null);
  if (!declarator) return null;
  return /identifier$/.test(declarator.type) ? declarator : nameNodeOf(declarator);
}

function spanOf(node: Node): TextSpan {
  return { start: node.startIndex, end: node.endIndex };
}

/** The name a list item is selected by, and other names it answers to. */
function itemNames(node: Node): { name: string | null; aliases?: string[] } {
  switch (node.type) {
    case 'identifier':
    case 'simple_identifier':
    case 'type_identifier':
    case 'property_identifier':
    case 'shorthand_property_identifier':
    case 'shorthand_property_identifier_pattern':
    case 'dotted_name':
      return { name: node.text };
    case 'list_splat_pattern':
    case 'dictionary_splat_pattern':
    case 'rest_pattern':
    case 'list_splat':
    case 'dictionary_splat': {
      const inner = namedChildrenOf(node)[0];
      return { name: inner ? inner.text : null, aliases: [node.text] };
    }
    case 'pair':
    case 'pair_pattern': {
      const key = node.childForFieldName('key');
      return { name: key ? unquoted(key) : null };
    }
    case 'aliased_import':
    case 'import_specifier':
    case 'export_specifier': {
      const name = node.childForFieldName('name');
      const alias = node.childForFieldName('alias');
      return { name: name?.text ?? null, ...(alias ? { aliases: [alias.text] } : {}) };
    }
    case 'decorator':
    case 'annotation':
    case 'marker_annotation': {
      const callee = /^@?\s*([\w.$]+)/.exec(node.text)?.[1] ?? null;
      const last = callee?.split('.').pop();
      return { name: callee, ...(last && last !== callee ? { aliases: [last] } : {}) };
    }
    case 'string':
    case 'literal_type':
      return { name: unquoted(node) };
    default: {
      const named = node.childForFieldName('name') ?? node.childForFieldName('pattern') ?? node.childForFieldName('key');
      // A Swift parameter's argument label (`times` in `times n: Int`) names it too.
      const label = node.childForFieldName('external_name');
      if (named && label && label.text !== '_' && label.text !== named.text) return { ...itemNames(named), aliases: [label.text] };
      if (named) return itemNames(named);
      // C and C++ put the name inside the declarator: `char *b`, `int a[4]`, `int &r`, `void (*f)(int)`.
      const declared = declaredIdentifier(node.childForFieldName('declarator'));
      if (declared) return { name: declared.text };
      // Kotlin's `class_parameter` names itself after its modifiers and `val`: `private val x: Int`.
      if (node.type === 'class_parameter') return { name: namedChildrenOf(node).find((child) => /identifier$/.test(child.type))?.text ?? null };
      const first = namedChildrenOf(node)[0];
      if (first && /identifier$/.test(first.type) && ['typed_parameter', 'required_parameter', 'optional_parameter', 'parameter', 'formal_parameter', 'parameter_declaration'].includes(node.type)) {
        return { name: first.text };
      }
      return { name: null };
    }
  }
}

/** The identifier a (C-family) declarator declares, following nested declarators; `null` for an abstract one (`int *`). */
function declaredIdentifier(declarator: Node | null): Node | null {
  for (let node = declarator, depth = 0; node && depth < 16; depth++) {
    if (/identifier$/.test(node.type)) return node;
    node = node.childForFieldName('declarator') ?? namedChildrenOf(node).find((child) => /identifier$|declarator$/.test(child.type)) ?? null;
  }
  return null;
}

/** The items of a token list: its named children, unions flattened, comments left out. */
function tokenItems(container: Node): Node[] {
  if (container.type === 'union_type' || container.type === 'intersection_type') {
    return namedChildrenOf(container).flatMap((child) => (child.type === container.type ? tokenItems(child) : [child]));
  }
  return namedChildrenOf(container);
}

/**
 * The items of a comma-separated list, each the nodes between two of its commas: some grammars
 * write one item as several children (Kotlin's `x: Int`, `=`, `0` for a parameter with a default,
 * its `crossinline` modifiers), and the item is all of them.
 */
function separatedGroups(children: readonly Node[], nodes: readonly Node[]): Node[][] {
  const items = new Set(nodes.map((node) => node.id));
  const groups: Node[][] = [];
  let current: Node[] = [];
  for (const child of children) {
    if (!child.isNamed && child.type === ',') {
      if (current.length > 0) groups.push(current);
      current = [];
    } else if (items.has(child.id)) current.push(child);
  }
  if (current.length > 0) groups.push(current);
  // Items that are not direct children (a flattened union) keep one node each.
  return groups.flat().length === nodes.length ? groups : nodes.map((node) => [node]);
}

/** The names of an item written as several nodes: those of the first node that has one. */
function groupNames(group: readonly Node[]): ReturnType<typeof itemNames> {
  for (const node of group) {
    const names = itemNames(node);
    if (names.name !== null) return names;
  }
  return { name: null };
}

function delimiters(container: Node): { open: TextSpan | null; close: TextSpan | null } {
  const children = childrenOf(container);
  const first = children[0];
  const last = children[children.length - 1];
  return {
    open: first && !first.isNamed && OPENERS.has(first.type) ? spanOf(first) : null,
    close: last && !last.isNamed && CLOSERS.has(last.type) && children.length > 1 ? spanOf(last) : null,
  };
}

/** The separator a token list uses. */
function separatorOf(container: Node, kind: ListKind): ',' | '|' | '&' {
  if (container.type === 'union_type') return '|';
  if (container.type === 'intersection_type') return '&';
  return kind === 'union' ? '|' : ',';
}

/** Items that must stay last in a parameter list: `**kwargs`, a rest parameter. */
function tailIndex(items: readonly Node[]): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    // `**kwargs`, `...rest`, C's and PHP's `...`, Go's `...T`, Java's `T... xs`, Lua's `...`: nothing may follow them.
    const rest =
      item.type === 'dictionary_splat_pattern' ||
      item.type === 'rest_pattern' ||
      item.type === 'variadic_parameter' ||
      item.type === 'variadic_parameter_declaration' ||
      item.type === 'spread_parameter' ||
      item.type === 'vararg_expression' ||
      (item.type === 'required_parameter' && item.childForFieldName('pattern')?.type === 'rest_pattern');
    if (!rest) return i + 1;
  }
  return 0;
}

/** The path of the innermost structure holding a span, starting from `path`. */
function ownerOf(path: StructurePath, span: TextSpan): StructurePath {
  const result = [...path];
  for (;;) {
    const last = result[result.length - 1]!;
    const child = last.children.find((node) => node.start <= span.start && span.end <= node.end && !(node.start === span.start && node.end === span.end));
    if (!child) return result;
    result.push(child);
  }
}

/** A list model for a container node, or `null` when the node holds no list. */
function listFor(context: PartContext, path: StructurePath, container: Node, kind: ListKind, description: string): ListModel {
  const { open, close } = delimiters(container);
  const span = spanOf(container);
  const owner = ownerOf(path, span);
  const ownerNode = owner[owner.length - 1]!;
  const structures = STRUCTURE_CONTAINERS.has(container.type) ? ownerNode.children.filter((child) => child.start >= span.start && child.end <= span.end) : [];
  if (structures.length > 0 || (STRUCTURE_CONTAINERS.has(container.type) && container.type !== 'object')) {
    return {
      kind: kind === 'entries' && container.type !== 'object' ? 'members' : kind,
      separator: null,
      open,
      close,
      items: structures.map((structure): ListItem => ({ start: structure.start, end: structure.end, name: structure.name, structure })),
      tail: structures.length,
      owner,
      blockLayout: container.type !== 'object' && container.type !== 'enum_body',
      description,
    };
  }
  let nodes = tokenItems(container);
  const empty = kind === 'params' ? profileOf(context.tree.language).parts.emptyParameters : null;
  const emptyText = empty?.text ?? null;
  // `(void)` is an empty list: adding replaces `void` (everything between the parentheses goes).
  if (emptyText !== null && nodes.length === 1 && nodes[0]!.text === emptyText) nodes = [];
  const separator = separatorOf(container, kind);
  const groups = separator === ',' ? separatedGroups(childrenOf(container), nodes) : nodes.map((node) => [node]);
  return {
    kind,
    separator,
    open,
    close,
    ...groupedItems(kind, groups),
    blockLayout: false,
    // Only a list of one item can be emptied; then it is written as the file writes empty lists.
    ...(empty !== null && groups.length === 1 && writesEmptyListsAs(container, empty.text, empty.byDefault) ? { emptyText: empty.text } : {}),
    description,
  };
}

/**
 * Whether the file writes an empty list of this kind as `emptyText` (`(void)`) more often than
 * with nothing between the delimiters (`()`, which older C code declares and C23 makes the same);
 * on a tie, as the empty list nearest to this one, and with none, `byDefault`.
 */
function writesEmptyListsAs(container: Node, emptyText: string, byDefault: boolean): boolean {
  let written = 0;
  let bare = 0;
  let nearest: { distance: number; written: boolean } | null = null;
  for (const list of container.tree.rootNode.descendantsOfType(container.type)) {
    if (!list) continue;
    const inner = list.text.slice(1, -1).trim();
    if (inner !== emptyText && inner !== '') continue;
    if (inner === emptyText) written++;
    else bare++;
    const distance = Math.abs(list.startIndex - container.startIndex);
    if (nearest === null || distance < nearest.distance) nearest = { distance, written: inner === emptyText };
  }
  return written === bare ? (nearest?.written ?? byDefault) : written > bare;
}

/** The items of a token list, each a group of nodes, and where its tail starts. */
function groupedItems(kind: ListKind, groups: readonly Node[][]): Pick<ListModel, 'items' | 'tail'> {
  return {
    items: groups.map((group): ListItem => ({ start: group[0]!.startIndex, end: group[group.length - 1]!.endIndex, ...groupNames(group) })),
    tail: kind === 'params' ? tailIndex(groups.map((group) => group[group.length - 1]!)) : groups.length,
  };
}

/** The parameters a function holds as its own children between parentheses the profile finds (Swift). */
function parenthesizedParameters(context: PartContext, fn: Node, description: string): ListModel | null {
  const parentheses = profileOf(context.tree.language).parts.parameterParentheses?.(fn);
  if (!parentheses) return null;
  const { open, close } = parentheses;
  const between = childrenOf(fn).filter((child) => child.startIndex >= open.endIndex && child.endIndex <= close.startIndex);
  const nodes = between.filter((child) => child.isNamed && !COMMENT_TYPES.has(child.type));
  return { kind: 'params', separator: ',', open: spanOf(open), close: spanOf(close), ...groupedItems('params', separatedGroups(between, nodes)), blockLayout: false, description };
}

/** The list `add` creates on a function written without parameters (`def name` in Ruby), where the profile allows one. */
function createdParameterList(context: PartContext, fn: Node, description: string): ListModel | null {
  const created = profileOf(context.tree.language).parts.createdParameters;
  const anchor = created ? created.after(fn) : null;
  if (!created || !anchor) return null;
  return { kind: 'params', separator: ',', open: null, close: null, items: [], tail: 0, blockLayout: false, create: { at: anchor.endIndex, open: created.open, close: created.close }, description };
}

/** What `add` without a part adds to, and what `.name` looks up, for a node. */
function defaultList(context: PartContext, path: StructurePath, node: Node, description: string): ListModel | null {
  const literal = LITERAL_LISTS[node.type];
  if (literal) return listFor(context, path, node, literal, description);
  if (node.type === 'import_from_statement' || node.type === 'import_statement') return pythonImportList(node, description) ?? importSpecifierList(context, path, node, description);
  const fn = functionOf(node);
  if (fn) {
    const params = parametersOf(context, fn);
    if (params) {
      if (params.type === 'identifier') return null;
      const list = listFor(context, path, params, 'params', `the parameters of ${description}`);
      // Where the language writes a function without parameters with no list (Ruby's `def name`,
      // as RuboCop's Style/DefWithParentheses asks), the last one removed takes the parentheses.
      const created = profileOf(context.tree.language).parts.createdParameters;
      return created?.dropWhenEmpty && created.after(fn) && list.open && list.close ? { ...list, whenEmpty: spanOf(params) } : list;
    }
    return parenthesizedParameters(context, fn, `the parameters of ${description}`) ?? createdParameterList(context, fn, `the parameters of ${description}`);
  }
  if (CALL_TYPES.has(node.type)) {
    const args = node.childForFieldName('arguments');
    return args ? listFor(context, path, args, 'args', `the arguments of ${description}`) : null;
  }
  const inner = unwrapDeclaration(node);
  if (inner !== node) return defaultList(context, path, inner, description);
  if (VARIABLE_TYPES.has(node.type)) {
    const value = valueNodeOf(node);
    return value ? defaultList(context, path, value, description) : null;
  }
  if (WRAPPED_EXPRESSIONS.has(node.type)) {
    const expression = namedChildrenOf(node)[0];
    return expression ? defaultList(context, path, expression, description) : null;
  }
  const body = bodyOf(node);
  if (body) return listFor(context, path, body, 'members', `the members of ${description}`);
  return null;
}

/** The body of a class, interface, enum, struct, function… */
function bodyOf(node: Node): Node | null {
  const inner = unwrapDeclaration(node);
  const direct = inner.childForFieldName('body');
  if (direct) return direct;
  if (inner.type === 'type_spec') {
    const type = inner.childForFieldName('type');
    if (type) return namedChildrenOf(type).find((child) => /field_declaration_list|method_spec_list/.test(child.type)) ?? (type.type === 'interface_type' ? type : null);
  }
  // Go: `Config struct { … }` reached through the type spec's value.
  if (inner.type === 'struct_type') return namedChildrenOf(inner).find((child) => child.type === 'field_declaration_list') ?? null;
  if (inner.type === 'type_alias_declaration') {
    const value = inner.childForFieldName('value');
    return value?.type === 'object_type' ? value : null;
  }
  const value = valueNodeOf(inner);
  if (value && (value.type === 'class' || FUNCTION_TYPES.has(value.type))) return value.childForFieldName('body');
  return null;
}

/** Python `from m import a, b` / `import a, b`: the names. */
function pythonImportList(node: Node, description: string): ListModel | null {
  const names = fieldChildren(node, 'name');
  if (names.length === 0) return null;
  const children = childrenOf(node);
  const open = children.find((child) => child.type === '(');
  const close = children.find((child) => child.type === ')');
  return {
    kind: 'specifiers',
    separator: ',',
    open: open ? spanOf(open) : null,
    close: close ? spanOf(close) : null,
    items: names.map((name): ListItem => ({ start: name.startIndex, end: name.endIndex, ...itemNames(name) })),
    tail: names.length,
    blockLayout: false,
    description: `the names imported by ${description}`,
  };
}

/** TypeScript/JavaScript `import x, { a } from 'm'`: the named imports (created after a default import). */
function importSpecifierList(context: PartContext, path: StructurePath, node: Node, description: string): ListModel | null {
  const clause = namedChildrenOf(node).find((child) => child.type === 'import_clause');
  if (!clause) return null;
  const named = namedChildrenOf(clause).find((child) => child.type === 'named_imports');
  if (named) return listFor(context, path, named, 'specifiers', `the names imported by ${description}`);
  const defaultImport = namedChildrenOf(clause).find((child) => child.type === 'identifier');
  if (!defaultImport) return null;
  return {
    kind: 'specifiers',
    separator: ',',
    open: null,
    close: null,
    items: [],
    tail: 0,
    blockLayout: false,
    create: { at: defaultImport.endIndex, open: ', { ', close: ' }' },
    description: `the names imported by ${description}`,
  };
}

/** The decorators (annotations, attributes) of a structure, as a list of lines. */
function decoratorList(context: PartContext, path: StructurePath, declaration: Node, description: string): ListModel {
  const structure = path[path.length - 1]!;
  const found: Node[] = [];
  const holder = wrapperOf(declaration) ?? declaration;
  for (let sibling = holder.previousNamedSibling; sibling && sibling.startIndex >= structure.start; sibling = sibling.previousNamedSibling) {
    if (DECORATOR_TYPES.has(sibling.type)) found.unshift(sibling);
  }
  const collect = (node: Node) => {
    for (const child of namedChildrenOf(node)) {
      if (DECORATOR_TYPES.has(child.type)) found.push(child);
      else if (child.type === 'modifiers') collect(child);
    }
  };
  if (holder !== declaration) collect(holder);
  collect(declaration);
  found.sort((a, b) => a.startIndex - b.startIndex);
  const unique = found.filter((node, index) => index === 0 || node.startIndex !== found[index - 1]!.startIndex);
  return {
    kind: 'decorators',
    separator: null,
    open: null,
    close: null,
    items: unique.map((node): ListItem => ({ start: node.startIndex, end: node.endIndex, ...itemNames(node) })),
    tail: unique.length,
    blockLayout: false,
    lineEnd: structure.headerStart,
    description: `the decorators of ${description}`,
  };
}

/** The file's import statements, as a list of structures. */
function importList(context: PartContext): ListModel {
  const { root } = context.tree;
  const isImport = (child: StructureNode) => child.kind === 'import' || /^(import_statement|import_from_statement|future_import_statement|import_declaration|use_declaration)$/.test(child.type);
  const imports = root.children.filter(isImport);
  // Imports after the first statement (`import atexit` at the end of a module) stay last: a new
  // import joins the block at the top, above the code that may use it while the module loads.
  const firstCode = root.children.findIndex((child) => !isImport(child) && child.kind !== 'docstring' && child.kind !== 'package');
  const leading = firstCode === -1 ? imports.length : root.children.slice(0, firstCode).filter(isImport).length;
  return {
    kind: 'imports',
    separator: null,
    open: null,
    close: null,
    items: imports.map((structure): ListItem => ({ start: structure.start, end: structure.end, ...importNames(context.tree.source.text, structure), structure })),
    tail: leading,
    owner: [root],
    blockLayout: true,
    description: `the imports of ${context.file}`,
  };
}

/** An import statement is selected by the module it imports from (`["./http"]`, `["os.path"]`). */
function importNames(text: string, structure: StructureNode): { name: string | null; aliases?: string[] } {
  const statement = text.slice(structure.start, structure.end);
  const from = /\bfrom\s+(['"])([^'"]+)\1/.exec(statement) ?? /^from\s+([\w.]+)()/.exec(statement);
  if (from) return { name: from[2] || from[1]! };
  const plain = /^import\s+(['"])([^'"]+)\1/.exec(statement) ?? /^import\s+([\w.]+)/.exec(statement);
  return { name: plain ? (plain[2] ?? plain[1]!) : null };
}

/** A keyword part of a node. */
function keywordPart(context: PartContext, path: StructurePath, node: Node, keyword: PartKeyword, description: string): ResolvedPart | null {
  const inner = unwrapDeclaration(node);
  const fn = functionOf(node);
  const part = (selected: Node | null, extra: Partial<ResolvedPart> = {}): ResolvedPart => ({
    kind: keyword,
    path,
    node: selected,
    span: selected ? spanOf(selected) : null,
    list: null,
    description: `${keyword === 'returns' ? 'the return type' : `the ${keyword}`} of ${description}`,
    ...extra,
  });
  switch (keyword) {
    case 'name': {
      const name = nameNodeOf(node);
      return name ? part(name) : null;
    }
    case 'params': {
      // A class's own parameters: its primary constructor's.
      const primary = primaryConstructorOf(context, path, node);
      if (primary) return part(primary.params, { list: primary.list });
      const list = defaultList(context, path, fn ?? inner, description);
      if (!fn || !list || list.kind !== 'params') return null;
      const params = parametersOf(context, fn);
      // Parameters without a node of their own: the part is the parentheses and what they hold.
      const span = params ? spanOf(params) : list.open && list.close ? { start: list.open.start, end: list.close.end } : null;
      return part(params, { list, span });
    }
    case 'returns': {
      if (!fn) return null;
      const field =
        profileOf(context.tree.language).parts.returnTypeOf?.(fn) ??
        fn.childForFieldName('return_type') ??
        fn.childForFieldName('result') ??
        (fn.type === 'method_declaration' ? fn.childForFieldName('type') : null);
      const params = parametersOf(context, fn);
      if (field) {
        const type = typeInside(field);
        const removalStart = params ? params.endIndex : field.startIndex;
        return part(type, { removal: { start: removalStart, end: field.endIndex } });
      }
      if (!params) return null;
      return part(null, { create: { at: params.endIndex, before: profileOf(context.tree.language).parts.returnTypeSeparator, after: '' } });
    }
    case 'body': {
      const body = bodyOf(fn ?? node) ?? profileOf(context.tree.language).parts.bodyOf?.(fn ?? node) ?? null;
      return body ? part(body, { list: listFor(context, path, body, body.type === 'class_body' || /declaration_list|field_declaration_list|interface_body|enum_body|object_type/.test(body.type) ? 'members' : 'statements', `the body of ${description}`) }) : null;
    }
    case 'decorators': {
      const list = decoratorList(context, path, inner.type === 'decorated_definition' ? inner : declarationOfPath(context, path), description);
      return part(null, { list, span: list.items.length > 0 ? { start: list.items[0]!.start, end: list.items[list.items.length - 1]!.end } : null });
    }
    case 'value': {
      const value = valueNodeOf(inner);
      if (value) {
        const before = inner.childForFieldName('type') ?? inner.childForFieldName('name') ?? inner.childForFieldName('left') ?? inner.childForFieldName('key');
        return part(value, { removal: { start: before ? before.endIndex : value.startIndex, end: value.endIndex } });
      }
      const anchor = inner.childForFieldName('type') ?? inner.childForFieldName('name');
      return anchor && VARIABLE_TYPES.has(inner.type) ? part(null, { create: { at: anchor.endIndex, before: ' = ', after: '' } }) : null;
    }
    case 'type': {
      const type = inner.childForFieldName('type');
      const name = inner.childForFieldName('name') ?? inner.childForFieldName('left') ?? inner.childForFieldName('pattern');
      if (type) return part(typeInside(type), { removal: { start: name ? name.endIndex : type.startIndex, end: type.endIndex } });
      return name && (VARIABLE_TYPES.has(inner.type) || /parameter/.test(inner.type)) ? part(null, { create: { at: name.endIndex, before: ': ', after: '' } }) : null;
    }
    case 'args': {
      const call = CALL_TYPES.has(inner.type) ? inner : namedChildrenOf(inner).find((child) => CALL_TYPES.has(child.type)) ?? (valueNodeOf(inner) && CALL_TYPES.has(valueNodeOf(inner)!.type) ? valueNodeOf(inner) : null);
      const args = call?.childForFieldName('arguments');
      return args ? part(args, { list: listFor(context, path, args, 'args', `the arguments of ${description}`) }) : null;
    }
    case 'bases': {
      const superclasses = inner.childForFieldName('superclasses');
      if (superclasses) return part(superclasses, { list: { ...listFor(context, path, superclasses, 'bases', `the bases of ${description}`), whenEmpty: spanOf(superclasses) } });
      const heritage = namedChildrenOf(inner).find((child) => child.type === 'class_heritage' || child.type === 'extends_type_clause');
      const clause = heritage?.type === 'class_heritage' ? namedChildrenOf(heritage).find((child) => child.type === 'implements_clause' || child.type === 'extends_clause') : heritage;
      if (clause) return part(clause, { list: listFor(context, path, clause, 'bases', `the bases of ${description}`) });
      const created = profileOf(context.tree.language).parts.createdBases;
      if (created && inner.type === created.classType) {
        const anchor = created.afterFields.map((field) => inner.childForFieldName(field)).find((node) => node !== null);
        if (anchor) {
          const list: ListModel = { kind: 'bases', separator: ',', open: null, close: null, items: [], tail: 0, blockLayout: false, create: { at: anchor.endIndex, open: created.open, close: created.close }, description: `the bases of ${description}` };
          return part(null, { list });
        }
      }
      return null;
    }
    case 'type_params': {
      const params = (fn ?? inner).childForFieldName('type_parameters');
      return params ? part(params, { list: listFor(context, path, params, 'type_params', `the type parameters of ${description}`) }) : null;
    }
    case 'imports':
      return path.length === 1 ? part(null, { list: importList(context) }) : null;
    case 'members': {
      const list = defaultList(context, path, node, description);
      return list ? part(node, { list }) : null;
    }
  }
}

/** The declaration node of the last structure of a path. */
export function declarationOfPath(context: PartContext, path: StructurePath): Node {
  const structure = path[path.length - 1]!;
  return structure === context.tree.root ? context.root : declarationNode(context.root, structure, context.tree.source.text);
}

/** A short description of a structure for messages: its kind and first line. */
export function describeStructure(context: PartContext, structure: StructureNode): string {
  if (structure === context.tree.root) return context.file;
  const text = context.tree.source.text.slice(structure.headerStart, structure.end).split('\n', 1)[0]!.trim();
  return `${structure.kind} ${JSON.stringify(text.length > 50 ? `${text.slice(0, 49)}…` : text)}`;
}

/** Every selector that works on a node (keywords with something behind them, then elements). */
function choices(context: PartContext, path: StructurePath, node: Node, description: string): PartChoice[] {
  const text = context.tree.source.text;
  const found: PartChoice[] = [];
  const line = (offset: number) => lineOfOffset(context.tree.source, offset);
  for (const keyword of new Set(Object.values(PART_KEYWORDS))) {
    if (keyword === 'members') continue;
    const part = keywordPart(context, path, node, keyword, description);
    if (!part) continue;
    const at = part.span?.start ?? part.create?.at ?? node.startIndex;
    found.push({ selector: `.${keyword}`, kind: 'part', line: line(at), text: part.span ? text.slice(part.span.start, part.span.end).split('\n', 1)[0]!.slice(0, 60) : '(absent: set creates it)' });
  }
  const list = defaultList(context, path, node, description);
  list?.items.forEach((item, index) => {
    const label = itemLabel(text, item);
    const selector = item.name !== null && /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(item.name) && !(item.name in PART_KEYWORDS) ? `.${item.name}` : item.name !== null ? `[${JSON.stringify(item.name)}]` : `[${index}]`;
    found.push({ selector, kind: elementKind(list.kind), line: line(item.start), text: label.slice(0, 60) });
  });
  return found;
}

function elementKind(kind: ListKind): string {
  const kinds: Record<ListKind, string> = {
    params: 'parameter', args: 'argument', entries: 'entry', items: 'item', specifiers: 'import', union: 'member', type_params: 'type parameter',
    bases: 'base', decorators: 'decorator', members: 'member', statements: 'statement', imports: 'import',
  };
  return kinds[kind];
}

/**
 * Resolves the selectors of an address on the structure its target named. Each selector is a part
 * keyword (`.body`, `.params`, …) or an element of the current node's list (by name, key or
 * index): a function's parameters, a call's arguments, a literal's entries, a class's members, an
 * import's names, a variable's value's entries.
 */
export function resolvePart(context: PartContext, path: StructurePath, selectors: readonly Selector[], target: string): Result<ResolvedPart, PartError> {
  const structure = path[path.length - 1]!;
  let currentPath = path;
  let node = declarationOfPath(context, path);
  let description = describeStructure(context, structure);
  let resolved: ResolvedPart = {
    kind: 'structure',
    path,
    node,
    span: { start: structure.start, end: structure.end },
    list: defaultList(context, path, node, description),
    description,
  };
  for (let index = 0; index < selectors.length; index++) {
    const selector = selectors[index]!;
    const written = formatSelectors([selector]);
    const keyword = selector.kind === 'name' ? PART_KEYWORDS[selector.name] : undefined;
    let next: ResolvedPart | null = null;
    if (keyword) {
      next = node ? keywordPart(context, currentPath, node, keyword, description) : null;
      // A part keyword on a list (`.params.value`) names the item called that, when there is one.
      if (!next && resolved.list) next = elementOf(context, resolved.list, currentPath, selector, written);
    } else {
      const list = resolved.list ?? (node ? defaultList(context, currentPath, node, description) : null);
      const element = list ? elementMatches(context, list, selector) : [];
      if (element.length > 1) {
        return err(
          makeError('PART_AMBIGUOUS', `The part ${JSON.stringify(written)} of the address ${JSON.stringify(context.address)} names ${element.length} elements of ${list!.description} in ${context.file}; select one by position ([0] … [${list!.items.length - 1}]).`, {
            path: context.file,
            address: context.address,
            segment: written,
            matches: element.map((at) => ({ selector: `[${at}]`, kind: elementKind(list!.kind), line: lineOfOffset(context.tree.source, list!.items[at]!.start), text: itemLabel(context.tree.source.text, list!.items[at]!) })),
          }),
        );
      }
      if (list && element.length === 1) next = elementAt(context, list, currentPath, element[0]!);
    }
    if (!next) return err(partNotFound(context, currentPath, node, description, selectors, index, target));
    resolved = next;
    currentPath = next.path;
    node = next.node ?? node;
    description = next.description;
    if (next.kind === 'element' && next.node && !next.list) resolved = { ...next, list: defaultList(context, currentPath, next.node, description) };
  }
  return ok(resolved);
}

function elementMatches(context: PartContext, list: ListModel, selector: Selector): number[] {
  if (selector.kind === 'index') return selector.index < list.items.length ? [selector.index] : [];
  return itemsNamed(context.tree.source.text, list, selector.kind === 'name' ? selector.name : selector.key);
}

function elementOf(context: PartContext, list: ListModel, path: StructurePath, selector: Selector, _written: string): ResolvedPart | null {
  const found = elementMatches(context, list, selector);
  return found.length === 1 ? elementAt(context, list, path, found[0]!) : null;
}

/** The element at `index` of a list, as a resolved part. */
function elementAt(context: PartContext, list: ListModel, path: StructurePath, index: number): ResolvedPart {
  const item = list.items[index]!;
  const description = `${elementKind(list.kind)} ${JSON.stringify(itemLabel(context.tree.source.text, item))} of ${list.description.replace(/^the \w+ of /, '')}`;
  if (item.structure) {
    const owner = list.owner!;
    const memberPath = [...owner, item.structure];
    const node = declarationOfPath(context, memberPath);
    return { kind: 'element', path: memberPath, node, span: { start: item.start, end: item.end }, element: { list, index }, list: defaultList(context, memberPath, node, description), description };
  }
  const node = context.root.descendantForIndex(item.start, item.end);
  let selected = node;
  while (selected && selected.parent && selected.parent.startIndex === item.start && selected.parent.endIndex === item.end) selected = selected.parent;
  return { kind: 'element', path, node: selected, span: { start: item.start, end: item.end }, element: { list, index }, list: null, description };
}

function partNotFound(context: PartContext, path: StructurePath, node: Node | null, description: string, selectors: readonly Selector[], index: number, target: string): ErrorOf<'PART_NOT_FOUND'> {
  const selector = selectors[index]!;
  const written = formatSelectors([selector]);
  const wanted = selector.kind === 'name' ? selector.name : selector.kind === 'key' ? selector.key : String(selector.index);
  const available = node ? choices(context, path, node, description) : [];
  const score = (choice: PartChoice) => similarity(wanted, choice.selector.replace(/^\.|^\["|"\]$/g, ''));
  available.sort((a, b) => score(b) - score(a));
  const shown = available.slice(0, 8);
  const before = formatSelectors(selectors.slice(0, index));
  const best = shown[0];
  const hint = best && score(best) >= 0.5 ? ` Did you mean ${JSON.stringify(`${target}${before}${best.selector}`)}?` : '';
  const listed = shown.map((choice) => `${choice.selector} (${choice.kind}, line ${choice.line})`).join(', ');
  return makeError(
    'PART_NOT_FOUND',
    `The address ${JSON.stringify(context.address)} names ${description}${before ? ` and its part ${JSON.stringify(before)}` : ''} in ${context.file}, but ${JSON.stringify(written)} selects nothing there.${hint} ${shown.length > 0 ? `It has: ${listed}.` : 'It has no parts or elements to select.'} Parts are .body .params .returns .decorators .name .value .type .args .bases .type_params .imports; elements go by name, ["key"] or [index].`,
    { path: context.file, address: context.address, target, segment: written, failed_segment: index + 1, available: shown },
  );
}
