import type { LanguageProfile } from '../profile.js';
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
  calls: { receiverParameter: (parameter) => parameter.type === 'self_parameter' },
  // A crate's inner attributes (`#![allow(…)]`) stand apart from the code after them.
  layout: { blankLinesBetween: (upper, lower) => (upper === 'inner_attribute_item' && lower !== upper ? 1 : usualBlankLinesBetween(upper, lower)) },
};
