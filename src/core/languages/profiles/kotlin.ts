import { childOfType } from '../../semantic/syntax.js';
import type { LanguageProfile } from '../profile.js';

/**
 * Kotlin (@tree-sitter-grammars/tree-sitter-kotlin): a function's parameters and body are children
 * without a field (`function_value_parameters`, `function_body`); the body's block is what `.body`
 * sets, and a result type follows the parameters after `: `.
 */
export const kotlin: LanguageProfile = {
  languages: ['kotlin'],
  // `f(b = 2)`: a named argument is the name, `=`, then the value.
  calls: { namedArguments: true, argumentName: (argument) => (argument.type === 'value_argument' && argument.children.some((child) => child?.type === '=') ? (argument.namedChild(0)?.text ?? null) : null) },
  parts: {
    returnTypeSeparator: ': ',
    parametersOf: (fn) => childOfType(fn, 'function_value_parameters') ?? undefined,
    bodyOf: (fn) => {
      const body = childOfType(fn, 'function_body');
      return body ? (childOfType(body, 'block') ?? body) : null;
    },
    // `class A(val x: Int)`: the list inside the class's `primary_constructor`.
    primaryParametersOf: (declaration) => {
      const primary = declaration.type === 'class_declaration' ? childOfType(declaration, 'primary_constructor') : null;
      return primary ? childOfType(primary, 'class_parameters') : null;
    },
  },
};
