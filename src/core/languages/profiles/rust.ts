import type { Node } from 'web-tree-sitter';
import { namedChildrenOf } from '../../semantic/syntax.js';
import type { DerivedConstructor, FieldLiteral, LanguageProfile } from '../profile.js';
import { usualBlankLinesBetween } from './generic.js';

/** Rust: `,`-separated enum variants and struct fields, item kinds named as Rust names them, `->` return types. */
export const rust: LanguageProfile = {
  languages: ['rust'],
  structure: {
    separators: { enum_variant_list: ',', field_declaration_list: ',' },
    kinds: { impl_item: 'impl', trait_item: 'trait', mod_item: 'module', function_signature_item: 'function' },
  },
  parts: { returnTypeSeparator: ' -> ' },
  // `self`, `&self`, `&mut self`: passed by the receiver of `value.f()`, written in `Type::f(value)`.
  // A struct is built from its fields: `P { x: 1, y }` must name every one (unless `..base`), and
  // so must a pattern (unless `..`); a tuple struct `T(1, 2)` is called, its pattern `T(a, b)` lists them.
  calls: {
    receiverParameter: (parameter) => parameter.type === 'self_parameter',
    derivedConstructor: structConstructor,
    fieldLiterals: (name) => {
      const literal = structLiteral(name);
      return literal ? [literal] : null;
    },
    implementedType: (node) => {
      for (let at: Node | null = node.parent; at; at = at.parent) if (at.type === 'impl_item') return at.childForFieldName('type')?.text.replace(/<[^]*$/, '').split('::').pop() ?? null;
      return null;
    },
    selfTypeName: 'Self',
  },
  // A crate's inner attributes (`#![allow(…)]`) stand apart from the code after them.
  layout: { blankLinesBetween: (upper, lower) => (upper === 'inner_attribute_item' && lower !== upper ? 1 : usualBlankLinesBetween(upper, lower)) },
};

/** A struct's fields as its literals must give them: all by name, or a tuple struct's by position. */
function structConstructor(declaration: Node): DerivedConstructor | null {
  if (declaration.type !== 'struct_item') return null;
  const body = declaration.childForFieldName('body');
  if (body?.type === 'field_declaration_list') {
    const fields = namedChildrenOf(body).filter((field) => field.type === 'field_declaration');
    return { fields: fields.map((field) => ({ name: field.childForFieldName('name')?.text ?? null, required: true, kind: 'keyword' })), literal: true, inherits: null, omittable: false };
  }
  if (body?.type === 'ordered_field_declaration_list') {
    const types = body.childrenForFieldName('type').filter((type) => type !== null);
    return { fields: types.map(() => ({ name: null, required: true, kind: 'positional' })), literal: false, inherits: null, omittable: false };
  }
  return null;
}

/** What the struct literal or pattern that `name` (a type's name, maybe `path::P`) begins gives. */
function structLiteral(name: Node): FieldLiteral | null {
  let node: Node = name;
  while (node.parent && /^scoped_(?:type_)?identifier$/.test(node.parent.type) && node.parent.childForFieldName('name')?.equals(node)) node = node.parent;
  const holder = node.parent;
  if (!holder) return null;
  const named: string[] = [];
  let rest = false;
  if (holder.type === 'struct_expression' && holder.childForFieldName('name')?.equals(node)) {
    for (const item of namedChildrenOf(holder.childForFieldName('body') ?? holder)) {
      if (item.type === 'field_initializer') named.push(item.childForFieldName('field')?.text ?? '');
      else if (item.type === 'shorthand_field_initializer') named.push(item.text);
      else if (item.type === 'base_field_initializer') rest = true;
    }
    return { positional: 0, named, rest };
  }
  if (holder.type === 'struct_pattern' && holder.childForFieldName('type')?.equals(node)) {
    for (const item of namedChildrenOf(holder)) {
      if (item.type === 'field_pattern') named.push(item.childForFieldName('name')?.text ?? '');
      else if (item.type === 'remaining_field_pattern') rest = true;
    }
    return { positional: 0, named, rest };
  }
  if (holder.type === 'tuple_struct_pattern' && holder.childForFieldName('type')?.equals(node)) {
    const items = namedChildrenOf(holder).filter((item) => !item.equals(node) && item.type !== 'comment');
    rest = items.some((item) => item.type === 'remaining_field_pattern');
    return { positional: items.filter((item) => item.type !== 'remaining_field_pattern').length, named, rest };
  }
  return null;
}
