import type { Node } from 'web-tree-sitter';
import type { LanguageProfile } from '../profile.js';

/**
 * Swift (tree-sitter-wasms' grammar): a function's parameters are its own children between its
 * parentheses, with no node for the list (`func f(_ a: Int, b: Int = 1)` has `(`, `parameter`,
 * `,`, `parameter`, `=`, `default_value`, `)`), so `.params` is found by those parentheses.
 */
export const swift: LanguageProfile = {
  languages: ['swift'],
  calls: {
    // A parameter is passed by its label: the external name, else its name; `_` passes it by position.
    keywordName: (parameter) => {
      const label = parameter.childForFieldName('external_name')?.text ?? parameter.childForFieldName('name')?.text ?? null;
      return label === '_' ? null : label;
    },
    argumentName: (argument) => argument.childForFieldName('name')?.text.replace(/:$/, '') ?? null,
    selfConstruction: /\bself\.init\s*\(|\bSelf\s*\(/g,
  },
  parts: {
    parameterParentheses: (fn) => {
      // The function's own parentheses: those inside an attribute, a generic clause or a
      // parameter's type belong to child nodes, so the first `(` and `)` among the children are the list's.
      let open: Node | null = null;
      for (const child of fn.children) {
        if (!child || child.isNamed) continue;
        if (open === null && child.type === '(') open = child;
        else if (open !== null && child.type === ')') return { open, close: child };
      }
      return null;
    },
  },
};
