import { childOfType, namedChildrenOf } from '../../semantic/syntax.js';
import type { LanguageProfile } from '../profile.js';

/**
 * Zig: a container (`const S = struct { … }`, `union`, `enum`, `opaque`) holds fields and
 * functions; they are the structures of the declaration that names it. A function's parameter
 * list and result type have no field (`fn f(a: u8) void`): the type follows the list after a space.
 */
export const zig: LanguageProfile = {
  languages: ['zig'],
  structure: {
    bodies: ['struct_declaration', 'union_declaration', 'enum_declaration', 'opaque_declaration'],
    // `@compileError("…");` is a call of a builtin, not a function.
    kinds: { builtin_function: 'call' },
  },
  // A field ends with `,`, which the grammar leaves to the struct: a field inserted without one gets it.
  layout: { terminators: { container_field: ',' } },
  parts: {
    returnTypeSeparator: ' ',
    parametersOf: (fn) => (fn.type === 'function_declaration' ? childOfType(fn, 'parameters') : undefined),
    // The type after the parameters (and any `callconv(…)`), before the body: the last named child before the block.
    returnTypeOf: (fn) => {
      if (fn.type !== 'function_declaration') return null;
      const children = namedChildrenOf(fn);
      const parameters = children.findIndex((child) => child.type === 'parameters');
      const body = children.findIndex((child) => child.type === 'block');
      const end = body === -1 ? children.length : body;
      return parameters !== -1 && end - 1 > parameters ? children[end - 1]! : null;
    },
  },
};
