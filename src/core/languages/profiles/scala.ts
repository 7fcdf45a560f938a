import type { Node } from 'web-tree-sitter';
import { fieldChildren } from '../../semantic/syntax.js';
import type { LanguageProfile } from '../profile.js';
import { reachOfModifiers } from './generic.js';

/**
 * Scala (tree-sitter-scala): a method's `parameters` field holds its type parameters too (`def
 * f[A](a: A)`), so `.params` is the first value parameter list; a method written without one
 * (`def size: Int`) gets `(…)` after its name or type parameters when a parameter is added, and
 * keeps `()` when the last is removed (`def f()` and `def f` differ in Scala). A result type
 * follows the parameters after `: `.
 */
export const scala: LanguageProfile = {
  moves: { opaqueImport: /\._\s*$|\.\*\s*$|[{,]\s*_\s*}/, folderShared: true },
  languages: ['scala'],
  members: { reachOf: (declaration) => reachOfModifiers(declaration) },
  // `f(b = 2)`: an argument written as an assignment names its parameter.
  calls: { namedArguments: true, argumentName: (argument) => (argument.type === 'assignment_expression' ? (argument.childForFieldName('left')?.text ?? null) : null) },
  parts: {
    returnTypeSeparator: ': ',
    parametersOf: (fn) => (FUNCTIONS.has(fn.type) ? fieldChild(fn, 'parameters', 'parameters') : undefined),
    createdParameters: {
      after: (fn) => (FUNCTIONS.has(fn.type) ? (fieldChild(fn, 'parameters', 'type_parameters') ?? fn.childForFieldName('name')) : null),
      open: '(',
      close: ')',
      dropWhenEmpty: false,
    },
    // `class A(x: Int)(implicit y: Y)`: the first of its `class_parameters`.
    primaryParametersOf: (declaration) => (declaration.type === 'class_definition' ? fieldChild(declaration, 'class_parameters', 'class_parameters') : null),
  },
};

const FUNCTIONS: ReadonlySet<string> = new Set(['function_definition', 'function_declaration']);

/** The first node of a type in a field (Scala's `parameters` field holds both kinds of lists). */
function fieldChild(node: Node, field: string, type: string): Node | null {
  return fieldChildren(node, field).find((child) => child.type === type) ?? null;
}
