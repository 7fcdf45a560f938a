import type { Node } from 'web-tree-sitter';
import { namedChildrenOf } from '../../semantic/syntax.js';
import type { CompletionRules, DerivedConstructor, FieldLiteral, LanguageProfile, RequiredMembers } from '../profile.js';

/**
 * Go: interface method specs are members; a result type follows the parameters after a space.
 * tree-sitter-go 0.25 puts the statements of a block and of a case in a `statement_list`: the
 * statements are the structures, the list is not.
 */
export const go: LanguageProfile = {
  languages: ['go'],
  structure: {
    bodies: ['interface_type', 'method_spec_list', 'statement_list'],
    transparent: ['enum_body_declarations', 'statement_list'],
  },
  parts: { returnTypeSeparator: ' ' },
  // A struct is built by composite literals: `P{1, 2}` gives every field in order, `P{X: 1}` names
  // the ones it sets (the others are zero); `[]P{{X: 1}}` leaves the type out of its elements.
  calls: { derivedConstructor: structConstructor, fieldLiterals: compositeLiterals },
  // A type implements an interface by having its methods, never by naming it.
  members: { requiredMembers: interfaceMethods },
  completion: { unterminatedBodies },
};

/** The bodies of functions with results (named or not) that do not end in a terminating statement. */
function unterminatedBodies(root: Node): ReturnType<CompletionRules['unterminatedBodies']> {
  return root.descendantsOfType(['function_declaration', 'method_declaration', 'func_literal']).flatMap((function_) => {
    const body = function_?.childForFieldName('body');
    return body && function_!.childForFieldName('result') && !terminating(body) ? [body] : [];
  });
}

/** The statements after which no statement of the list runs (the spec's "Terminating statements"). */
function terminating(statement: Node): boolean {
  switch (statement.type) {
    case 'return_statement':
    case 'goto_statement':
      return true;
    case 'expression_statement': {
      // A call of the built-in `panic` (a function of that name declared in the package would be one too: rare enough).
      const call = statement.firstNamedChild;
      const callee = call?.type === 'call_expression' ? call.childForFieldName('function') : null;
      return callee?.type === 'identifier' && callee.text === 'panic';
    }
    case 'block':
      return endsTerminating(statement.namedChildren.find((child) => child?.type === 'statement_list') ?? null, false);
    case 'if_statement': {
      const consequence = statement.childForFieldName('consequence');
      const alternative = statement.childForFieldName('alternative');
      return consequence !== null && alternative !== null && terminating(consequence) && terminating(alternative);
    }
    case 'for_statement': {
      // No condition: `for {}`, `for ;; {}`; no range.
      const clause = statement.namedChildren.find((child) => child !== null && !child.equals(statement.childForFieldName('body')!) && child.type !== 'comment');
      const loops = clause === undefined || (clause?.type === 'for_clause' && clause.childForFieldName('condition') === null);
      return loops && !broken(statement);
    }
    case 'expression_switch_statement':
    case 'type_switch_statement':
    case 'select_statement': {
      const cases = statement.namedChildren.filter((child) => child !== null && /_case$/.test(child.type));
      const defaulted = statement.type === 'select_statement' || cases.some((child) => child!.type === 'default_case');
      return defaulted && cases.every((child) => endsTerminating(child!.namedChildren.find((list) => list?.type === 'statement_list') ?? null, statement.type !== 'select_statement')) && !broken(statement);
    }
    case 'labeled_statement': {
      const labelled = statement.lastNamedChild;
      return labelled !== null && labelled.type !== 'label_name' && terminating(labelled);
    }
    default:
      return false;
  }
}

/** Whether a statement list's last statement (not `;`) is terminating (or, in a switch's case, `fallthrough`). */
function endsTerminating(list: Node | null, fallthrough: boolean): boolean {
  const statements = list ? list.namedChildren.filter((child) => child !== null && child.type !== 'comment' && child.type !== 'empty_statement') : [];
  let last = statements[statements.length - 1];
  if (!last) return false;
  while (fallthrough && last.type === 'labeled_statement' && last.lastNamedChild && last.lastNamedChild.type !== 'label_name') last = last.lastNamedChild;
  return (fallthrough && last.type === 'fallthrough_statement') || terminating(last);
}

/** Whether a `break` in a loop, switch or select refers to it: unlabeled, not in a statement of those inside it; or with its label. */
function broken(statement: Node): boolean {
  const label = statement.parent?.type === 'labeled_statement' ? statement.parent.childForFieldName('label')?.text : undefined;
  for (const jump of statement.descendantsOfType('break_statement')) {
    if (!jump) continue;
    // (A function literal's `break` is its own.)
    let literal = false;
    let inner = false;
    for (let holder = jump.parent; holder && !holder.equals(statement) && !literal; holder = holder.parent) {
      literal = holder.type === 'func_literal';
      inner ||= /^(?:for_statement|expression_switch_statement|type_switch_statement|select_statement)$/.test(holder.type);
    }
    const target = jump.namedChildren.find((child) => child?.type === 'label_name');
    if (!literal && (target ? target.text === label : !inner)) return true;
  }
  return false;
}

/** An interface type's methods: what every type used as it must have (found by no name). */
function interfaceMethods(declaration: Node): RequiredMembers | null {
  const type = declaredType(declaration);
  if (type?.type !== 'interface_type') return null;
  return { names: namedChildrenOf(type).flatMap((member) => (member.type === 'method_elem' || member.type === 'method_spec' ? [member.childForFieldName('name')?.text ?? ''] : [])), found: 'implicit', arity: false };
}

/** A struct type's fields, in order (an embedded field is named by its type). */
function structConstructor(declaration: Node): DerivedConstructor | null {
  const type = declaredType(declaration);
  if (type?.type !== 'struct_type') return null;
  const list = namedChildrenOf(type).find((child) => child.type === 'field_declaration_list');
  const names = (list ? namedChildrenOf(list) : [])
    .filter((field) => field.type === 'field_declaration')
    .flatMap((field) => {
      const declared = field.childrenForFieldName('name').filter((name) => name !== null);
      return declared.length > 0 ? declared.map((name) => name.text) : [field.childForFieldName('type')?.text.replace(/^\*/, '').replace(/\[[^]*$/, '').split('.').pop() ?? ''];
    });
  return { fields: names.map((name) => ({ name, required: true, kind: 'positional' })), literal: true, inherits: null, omittable: true };
}

/** The literals the type named at `name` begins: its own (`P{…}`, `pkg.P{…}`), or its elements' in `[]P{…}`, `map[K]P{…}`. */
function compositeLiterals(name: Node): FieldLiteral[] | null {
  let node: Node = name;
  if (node.parent?.type === 'qualified_type' && node.parent.childForFieldName('name')?.equals(node)) node = node.parent;
  if (node.parent?.type === 'generic_type' && node.parent.childForFieldName('type')?.equals(node)) node = node.parent;
  const literal = (holder: Node | null, type: Node) => (holder?.type === 'composite_literal' && holder.childForFieldName('type')?.equals(type) ? holder.childForFieldName('body') : null);
  const own = literal(node.parent, node);
  if (own) return [fieldsOf(own)];
  // An element type: `[]P`, `[]*P`, `[n]P`, `[...]P`, `map[K]P`.
  let element: Node = node;
  if (element.parent?.type === 'pointer_type') element = element.parent;
  const container = element.parent;
  if (!container || !/^(?:slice_type|array_type|implicit_length_array_type|map_type)$/.test(container.type)) return null;
  if (!(container.childForFieldName(container.type === 'map_type' ? 'value' : 'element')?.equals(element) ?? false)) return null;
  const body = literal(container.parent, container);
  if (!body) return null;
  const elided: FieldLiteral[] = [];
  for (const item of namedChildrenOf(body)) {
    const value = item.type === 'keyed_element' ? item.childForFieldName('value') : item;
    const inner = value ? namedChildrenOf(value)[0] : undefined;
    if (inner?.type === 'literal_value') elided.push(fieldsOf(inner));
  }
  return elided;
}

/** What a `{…}` of a struct gives: values in order, or fields by name. */
function fieldsOf(body: Node): FieldLiteral {
  let positional = 0;
  const named: string[] = [];
  for (const item of namedChildrenOf(body)) {
    if (item.type === 'keyed_element') named.push(item.childForFieldName('key')?.text ?? '');
    else if (item.type === 'literal_element') positional++;
  }
  return { positional, named, rest: false };
}

/** The type a `type X …` declaration (of one spec) declares: `struct {…}`, `interface {…}`, … */
function declaredType(declaration: Node): Node | null {
  const specs = declaration.type === 'type_declaration' ? namedChildrenOf(declaration).filter((child) => child.type === 'type_spec') : [declaration];
  return specs.length === 1 ? specs[0]!.childForFieldName('type') : null;
}
