import type { Node } from 'web-tree-sitter';
import type { LanguageProfile } from '../profile.js';
import { boundNames, fromFolder, repeatedParameters } from './generic.js';

/**
 * Ruby: `require` and `require_relative` are imports; `def name` without parentheses gets them when a
 * parameter is added. A block's statements (`do |x| … end`, `{ |x| … }`) are its structures: the
 * grammar wraps them in a `body_statement` or `block_body`, which only holds them, and its `|x|` is
 * part of the block's header, not a statement beside them.
 */
export const ruby: LanguageProfile = {
  // A `require` at the top level loads what the file's code uses; `require_relative` by a path from its folder.
  moves: { importText: /^require(?:_relative)?[\s(]/, relativeTo: fromFolder(/^require_relative\b/) },
  languages: ['ruby'],
  // Top-level code runs as the file loads: a method called there must be defined above it.
  names: { definedInOrder: true },
  calls: {
    keywordName: (parameter) => (parameter.type === 'keyword_parameter' ? (parameter.childForFieldName('name')?.text ?? null) : null),
    // `d: 1` passes a keyword (`f(1, d: 2)`), or a hash when the method takes no keywords.
    argumentName: (argument) => (argument.type === 'pair' && argument.childForFieldName('key')?.type === 'hash_key_symbol' ? argument.childForFieldName('key')!.text : null),
    namedFoldIntoHash: true,
    // `new(…)` in a class method, `self.class.new`.
    selfConstruction: /(?<![.\w])new\b|\bself\.class\.new\b/g,
  },
  structure: {
    bodies: ['block_body'],
    transparent: ['enum_body_declarations', 'body_statement', 'block_body'],
    ignored: ['block_parameters'],
    // A heredoc's body follows the statement whose `<<~EOS` opens it, as a sibling: it is that statement's.
    trailing: ['heredoc_body'],
  },
  parts: {
    createdParameters: {
      after: (fn) => (fn.type === 'method' || fn.type === 'singleton_method' ? fn.childForFieldName('name') : null),
      open: '(',
      close: ')',
      dropWhenEmpty: true,
    },
  },
  reading: {
    category: (_node, header) => (/^(?:require|require_relative)[\s(]/.test(header) ? 'import' : null),
  },
  // `def f(a, a)`, `|x, x|`: "duplicated argument name", which the grammar parses clean (`_`-names may repeat).
  compiler: { duplicateDeclarations: (root, within) => repeatedParameters(root, within, ['method_parameters', 'lambda_parameters', 'block_parameters'], parameterNames, () => 'duplicated argument name') },
};

/** The names a method's, a lambda's or a block's parameters bind (`(a, b)` destructured too); a name starting with `_` may repeat. */
function parameterNames(list: Node): Node[] {
  return boundNames(list, (node) => node.type === 'identifier' && !node.text.startsWith('_'), (node) => {
    switch (node.type) {
      case 'method_parameters':
      case 'lambda_parameters':
      case 'block_parameters':
      case 'destructured_parameter':
        return node.namedChildren;
      case 'optional_parameter':
      case 'splat_parameter':
      case 'hash_splat_parameter':
      case 'block_parameter':
      case 'keyword_parameter':
        return [node.childForFieldName('name')];
      default:
        return [];
    }
  });
}
