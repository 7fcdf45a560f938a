import type { Node } from 'web-tree-sitter';
import { namedChildrenOf } from '../../semantic/syntax.js';
import type { DerivedConstructor, FieldLiteral, LanguageProfile, RequiredMembers } from '../profile.js';

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
};

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
