import type { Node } from 'web-tree-sitter';
import { receiverOf, ScopeBuilder, type Scope, type ScopeModel } from './scopes.js';
import { namedChildrenOf } from './syntax.js';

const FUNCTION_LIKE = /^(function_declaration|method_declaration|function_item|closure_expression|func_literal|lambda_expression|constructor_declaration|function_definition)$/;
const BLOCK_LIKE = /^(block|compound_statement|statement_block|for_statement|if_statement|enhanced_for_statement|try_with_resources_statement|expression_switch_statement|type_switch_statement|select_statement|expression_case|type_case|default_case|communication_case)$/;
/** Go's `:=` and the statements that may use it: what their `left` (a type switch's `alias`) lists, they declare. */
const SHORT_DECLARING = /^(short_var_declaration|range_clause|receive_statement|type_switch_statement)$/;
const DECLARING_PARENT = /declaration|definition|_item$|_spec$|declarator|parameter|signature|^let_declaration$/;
/** Java statements whose `name` is a local of their own: a loop variable, a resource. */
const LOCAL_OF_STATEMENT = /^(enhanced_for_statement|resource)$/;
const PROPERTY_FIELDS = new Set(['field', 'property', 'attribute']);
/** Fields naming the member an access reads (`a.f`, `a.f()`, `a->f`), and those holding what it is read from. */
const MEMBER_FIELDS = new Set(['name', 'field', 'method', 'property', 'attribute']);
const RECEIVER_FIELDS = new Set(['object', 'operand', 'argument', 'value', 'receiver', 'expression', 'package']);

/**
 * The generic scoping rule for Go, Rust, Java and other grammars: functions and blocks are scopes;
 * an identifier in the `name` (or `pattern`) field of a declaration-like node declares it (a
 * function's or type's name in the enclosing scope, a parameter in the function's); field and
 * property names are never bindings; every other identifier is a use. Module-level names are
 * importable by name (Go package scope). Less exact than the tuned rules, but enough to rename
 * within a file without touching locals of other functions.
 */
export function genericScopes(root: Node, language: string): ScopeModel {
  const builder = new ScopeBuilder(root);

  // `receiver`: the sibling before `node` in a receiver field of `parent`, if any.
  const visit = (node: Node, scope: Scope, field: string | null, parent: Node | null, receiver: Node | null = null): void => {
    const type = node.type;
    if (/identifier$/.test(type) || type === 'name') {
      // A macro's arguments are tokens (Rust's `assert_eq!(P::new(1), x.len())`): a name after
      // `::` is a path's member, and one after `.` a member read from what precedes it, never the
      // binding of the same name in scope (as outside a macro, where the grammar makes them paths
      // and field expressions).
      const before = parent?.type === 'token_tree' ? node.previousSibling : null;
      if (before?.type === '::') return;
      if (before?.type === '.') {
        const object = before.previousSibling;
        builder.occurrence(node, 'property', scope, object && /identifier$|^self$/.test(object.type) ? { object: receiverOf(object) } : {});
        return;
      }
      // A member read from something (Java's `s.writeObject(e)`, Go's `a.F`, Ruby's `x.m`): a
      // property of that receiver, never the binding of the same name in scope.
      if (receiver && parent && field !== null && MEMBER_FIELDS.has(field) && !DECLARING_PARENT.test(parent.type)) {
        builder.occurrence(node, 'property', scope, { object: receiverOf(receiver) });
        return;
      }
      if (type === 'field_identifier' || type === 'property_identifier' || (field !== null && PROPERTY_FIELDS.has(field))) {
        builder.occurrence(node, 'property', scope);
        return;
      }
      // Java's loop variable (`for (int x : xs)`), resource (`try (R x = …)`) and lambda parameters
      // (`x -> …`, `(x, y) -> …`): locals of the statement or lambda they belong to.
      if (parent && ((field === 'name' && LOCAL_OF_STATEMENT.test(parent.type)) || (field === 'parameters' && parent.type === 'lambda_expression') || parent.type === 'inferred_parameters')) {
        // (A resource is seen from its name on: the resources after it may use it.)
        const resource = parent.type === 'resource';
        builder.occurrence(node, 'definition', scope, { declareIn: scope, kind: resource ? 'variable' : 'parameter', ...(resource ? { visibleFrom: node.endIndex } : {}) });
        return;
      }
      if (parent && (field === 'name' || field === 'pattern' || (field === 'left' && parent.type === 'short_var_declaration')) && DECLARING_PARENT.test(parent.type + (parent.type === 'short_var_declaration' ? '_declaration' : ''))) {
        const isFunction = FUNCTION_LIKE.test(parent.type) || /type|struct|class|interface|enum|trait|impl/.test(parent.type);
        const home = isFunction && scope.parent && scope.start === parent.startIndex ? scope.parent : scope;
        const local = home === builder.module ? {} : { visibleFrom: localVisibleFrom(node, parent) };
        builder.occurrence(node, 'definition', scope, { declareIn: home, kind: /parameter/.test(parent.type) ? 'parameter' : FUNCTION_LIKE.test(parent.type) ? 'function' : 'variable', ...(local.visibleFrom === undefined ? {} : local) });
        return;
      }
      builder.occurrence(node, 'reference', scope);
      return;
    }
    // A declared name wrapped in a node of its own (PHP's `$b` is `variable_name(name)`): the wrapped name
    // declares. Not a type the grammar also fields as `name` (Swift's `x: Int` is `name: user_type`).
    if (parent && (field === 'name' || field === 'pattern') && DECLARING_PARENT.test(parent.type) && node.namedChildCount === 1 && !/type/.test(node.type)) {
      const only = node.namedChild(0);
      if (only && (/identifier$/.test(only.type) || only.type === 'name')) return visit(only, scope, field, parent);
    }
    // Go's `T{count: 1}`: a struct literal's key names a field, not what `count` means around it.
    if (type === 'literal_element' && field === 'key' && parent?.type === 'keyed_element' && node.namedChildCount === 1 && node.namedChild(0)?.type === 'identifier' && keysAreFields(parent, root)) {
      builder.occurrence(node.namedChild(0)!, 'property', scope);
      return;
    }
    // Go's `a, err := f()`: each name not declared in this scope yet is declared (the others are
    // assigned), seen from the statement's end on (`x := x + 1` reads the outer `x`); `for k, v :=
    // range`, `case v := <-ch`, `switch t := x.(type)` alike (not with `=`).
    if (type === 'expression_list' && parent && (field === 'left' || field === 'alias') && SHORT_DECLARING.test(parent.type) && (field === 'alias' || parent.type === 'short_var_declaration' || parent.children.some((child) => child?.type === ':='))) {
      const visibleFrom = field === 'alias' ? (parent.childForFieldName('value')?.endIndex ?? parent.endIndex) : parent.endIndex;
      for (const child of namedChildrenOf(node)) {
        if (child.type === 'identifier' && child.text !== '_' && !scope.bindings.has(child.text)) builder.occurrence(child, 'definition', scope, { declareIn: scope, kind: 'variable', visibleFrom });
        else visit(child, scope, null, node);
      }
      return;
    }
    if (type === 'string' || type === 'comment' || /string_literal$|^raw_string|^interpreted_string/.test(type) || /comment$/.test(type)) return;
    let inner = scope;
    if (FUNCTION_LIKE.test(type)) inner = builder.scope('function', node.startIndex, node.endIndex, scope);
    else if (BLOCK_LIKE.test(type) && !(parent && FUNCTION_LIKE.test(parent.type))) inner = builder.scope('block', node.startIndex, node.endIndex, scope);
    let receiverChild: Node | null = null;
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (!child || !child.isNamed) continue;
      const childField = node.fieldNameForChild(i);
      // A function's name binds outside it (a loop variable's inside its loop).
      const childScope = inner !== scope && childField === 'name' && !LOCAL_OF_STATEMENT.test(type) ? scope : inner;
      visit(child, childScope, childField, node, receiverChild);
      if (childField !== null && RECEIVER_FIELDS.has(childField)) receiverChild = child;
    }
  };

  for (const child of namedChildrenOf(root)) visit(child, builder.module, null, root);
  return builder.finish(language, true);
}

/**
 * Where a local a block declares starts to be seen, for a declaration whose name a use above it in
 * the same block does not mean: from the end of Go's `var x = x` spec and Rust's `let x = x;` (their
 * value reads the outer `x`), from the end of the name in a Java local declaration (its own
 * initializer sees it). `undefined`: the whole scope sees it (a parameter, a nested function).
 */
function localVisibleFrom(name: Node, parent: Node): number | undefined {
  if (parent.type === 'var_spec' || parent.type === 'const_spec' || parent.type === 'let_declaration') return parent.endIndex;
  if (parent.type === 'variable_declarator' && parent.parent?.type === 'local_variable_declaration') return name.endIndex;
  return undefined;
}

/**
 * Whether the keys of a Go composite literal's element (`keyed`) name fields: its type (or, elided
 * in `[]T{{…}}`, the element type of the literal around it) is a type name, not a map, slice or
 * array, nor a name this file declares as one (`type Set map[string]bool`). A map's keys are
 * values (`map[int]int{count: 2}` reads `count`).
 */
function keysAreFields(keyed: Node, root: Node): boolean {
  let type: Node | null = null;
  const elided: string[] = [];
  for (let value = keyed.parent; value?.type === 'literal_value'; ) {
    const owner = value.parent;
    if (owner?.type === 'composite_literal') {
      type = owner.childForFieldName('type');
      break;
    }
    // `{{…}}`: an element of the literal around it (a keyed element's value, or a plain element).
    if (owner?.type !== 'literal_element') return false;
    elided.push(owner.parent?.type === 'keyed_element' && owner.parent.childForFieldName('key')?.equals(owner) ? 'key' : 'value');
    value = owner.parent?.type === 'keyed_element' ? owner.parent.parent : owner.parent;
  }
  for (const position of elided.reverse()) {
    if (!type) return false;
    type = type.type === 'map_type' ? type.childForFieldName(position) : /^(?:slice_type|array_type|implicit_length_array_type)$/.test(type.type) ? type.childForFieldName('element') : null;
  }
  while (type?.type === 'pointer_type') type = type.namedChild(0);
  if (!type || !/^(?:type_identifier|qualified_type|generic_type)$/.test(type.type)) return false;
  const name = type.type === 'type_identifier' ? type.text : null;
  return name === null || !declaredAsCollection(root, name);
}

/** Whether a file declares `name` as a map, slice or array type (Go's `type Set map[string]bool`). */
function declaredAsCollection(root: Node, name: string): boolean {
  for (const declaration of namedChildrenOf(root)) {
    if (declaration.type !== 'type_declaration') continue;
    for (const spec of namedChildrenOf(declaration)) {
      if (spec.childForFieldName('name')?.text === name && /^(?:map_type|slice_type|array_type)$/.test(spec.childForFieldName('type')?.type ?? '')) return true;
    }
  }
  return false;
}
