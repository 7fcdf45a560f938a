import type { Node } from 'web-tree-sitter';
import { childOfType } from '../../semantic/syntax.js';
import type { LanguageProfile, TargetTypedConstruction } from '../profile.js';
import { reachOfModifiers } from './generic.js';

/**
 * C#: the generic rules, calls that may pass a parameter by its name (`F(1, b: 2)`), and primary
 * constructors: a record's (`record P(int X, int Y);`) and, since C# 12, a class's or struct's.
 */
export const csharp: LanguageProfile = {
  // `using System;` names a namespace; `using A = B.C;` and `using static` name what they bring in.
  moves: { packageKinds: ['module'], opaqueImport: /^\s*(?:global\s+)?using\s+[\w.]+\s*;/ },
  languages: ['csharp'],
  // A member without an access modifier is private to its class or struct (not an interface's or an enum's, nor an explicit interface implementation).
  members: { reachOf: (declaration) => reachOfModifiers(declaration, (member, type) => (type && !/interface|enum/.test(type.type) && !childOfType(member, 'explicit_interface_specifier') ? 'type' : 'everywhere')) },
  calls: { namedArguments: true, targetTypedConstructions: { word: 'new', find: targetTypedNews } },
  parts: { primaryParametersOf: (declaration) => (TYPES_WITH_PRIMARY_CONSTRUCTORS.has(declaration.type) ? childOfType(declaration, 'parameter_list') : null) },
};

const TYPES_WITH_PRIMARY_CONSTRUCTORS: ReadonlySet<string> = new Set(['class_declaration', 'struct_declaration', 'record_declaration', 'record_struct_declaration']);

/** `Point p = new(1, 2);`, `Use(new(1, 2))`: constructions that take their class from where they go. */
function targetTypedNews(root: Node): TargetTypedConstruction[] {
  return root.descendantsOfType('implicit_object_creation_expression').flatMap((node) => {
    if (!node) return [];
    // The type of the variable, field or property it initializes: `Point p = new(…)`, `Point P { get; } = new(…)`.
    const holder = node.parent?.type === 'variable_declarator' ? node.parent.parent : node.parent;
    const type = holder?.childForFieldName('type');
    return [{ node, args: node.childForFieldName('arguments') ?? childOfType(node, 'argument_list'), declaredType: type && type.endIndex <= node.startIndex ? type.text : null }];
  });
}
