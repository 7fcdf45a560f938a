import type { Node } from 'web-tree-sitter';
import type { LanguageProfile } from '../profile.js';

/**
 * Kotlin (@tree-sitter-grammars/tree-sitter-kotlin): a function's parameters and body are children
 * without a field (`function_value_parameters`, `function_body`); the body's block is what `.body`
 * sets, and a result type follows the parameters after `: `.
 */
export const kotlin: LanguageProfile = {
  languages: ['kotlin'],
  parts: {
    returnTypeSeparator: ': ',
    parametersOf: (fn) => childOfType(fn, 'function_value_parameters'),
    bodyOf: (fn) => {
      const body = childOfType(fn, 'function_body');
      return body ? (childOfType(body, 'block') ?? body) : null;
    },
  },
};

function childOfType(node: Node, type: string): Node | null {
  return node.namedChildren.find((child) => child?.type === type) ?? null;
}
