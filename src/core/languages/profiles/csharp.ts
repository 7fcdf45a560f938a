import { childOfType } from '../../semantic/syntax.js';
import type { LanguageProfile } from '../profile.js';

/**
 * C#: the generic rules, calls that may pass a parameter by its name (`F(1, b: 2)`), and primary
 * constructors: a record's (`record P(int X, int Y);`) and, since C# 12, a class's or struct's.
 */
export const csharp: LanguageProfile = {
  languages: ['csharp'],
  // `Point p = new(1, 2);`: a construction that takes its class from where it goes.
  calls: { namedArguments: true, targetTypedConstruction: 'implicit_object_creation_expression' },
  parts: { primaryParametersOf: (declaration) => (TYPES_WITH_PRIMARY_CONSTRUCTORS.has(declaration.type) ? childOfType(declaration, 'parameter_list') : null) },
};

const TYPES_WITH_PRIMARY_CONSTRUCTORS: ReadonlySet<string> = new Set(['class_declaration', 'struct_declaration', 'record_declaration', 'record_struct_declaration']);
