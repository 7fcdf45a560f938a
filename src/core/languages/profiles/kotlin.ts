import type { Node } from 'web-tree-sitter';
import { childOfType } from '../../semantic/syntax.js';
import type { ExhaustiveMatch, LanguageProfile } from '../profile.js';
import { enumCasesOf, reachOfModifiers } from './generic.js';

/**
 * Kotlin (@tree-sitter-grammars/tree-sitter-kotlin): a function's parameters and body are children
 * without a field (`function_value_parameters`, `function_body`); the body's block is what `.body`
 * sets, and a result type follows the parameters after `: `.
 */
export const kotlin: LanguageProfile = {
  moves: { packageKinds: ['package_header'], opaqueImport: /\*\s*$/, folderShared: true },
  languages: ['kotlin'],
  members: { reachOf: (declaration) => reachOfModifiers(declaration) },
  // An enum class's entries, which every `when` on it must cover (statements too, since Kotlin 1.7).
  cases: { casesOf: (declaration) => (declaration.type === 'class_declaration' && childOfType(declaration, 'enum_class_body') ? enumCasesOf(declaration) : null), exhaustiveMatches: kotlinWhens },
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

/** Kotlin's `when (subject)`, each with the entries its conditions name (`Shape.CIRCLE`, an imported `CIRCLE`). */
function kotlinWhens(root: Node): ExhaustiveMatch[] {
  const matches: ExhaustiveMatch[] = [];
  for (const node of root.descendantsOfType('when_expression')) {
    if (!node || !childOfType(node, 'when_subject')) continue;
    const cases: Array<{ qualifier: string | null; name: string }> = [];
    let catchAll = false;
    for (const entry of node.namedChildren) {
      if (entry?.type !== 'when_entry') continue;
      if (entry.children.some((child) => child?.type === 'else')) catchAll = true;
      for (const condition of entry.childrenForFieldName('condition')) {
        if (condition?.type === 'identifier') cases.push({ qualifier: null, name: condition.text });
        else if (condition?.type === 'navigation_expression') {
          const parts = condition.text.split('.').map((part) => part.trim());
          cases.push({ qualifier: parts.length > 1 ? parts[parts.length - 2]! : null, name: parts[parts.length - 1]! });
        }
      }
    }
    matches.push({ node, cases, catchAll, unread: false });
  }
  return matches;
}
