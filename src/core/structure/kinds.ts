/**
 * Structure kinds and names from grammar node types. One vocabulary for every language, so a
 * listing of a Go file and of a Python file read alike; a type no rule knows keeps its own name.
 */

const KIND_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(decorated_definition)$/, 'function'],
  [/(^|_)(else_clause|else)$/, 'else'],
  [/(^|_)(elif_clause|elsif|else_if_clause)$/, 'elif'],
  [/(^|_)(except_clause|except_group_clause|catch_clause|rescue)$/, 'catch'],
  [/(^|_)(finally_clause|ensure)$/, 'finally'],
  [/(switch_case|switch_default|case_clause|switch_section|switch_block_statement_group|switch_rule|expression_case|default_case|type_case|communication_case|match_arm|case_statement|^when)$/, 'case'],
  [/^preproc_(if|ifdef|else|elif|elifdef)$/, 'preprocessor'],
  [/(^|_)(if_statement|if_expression|if)$/, 'if'],
  [/(^|_)(for|for_in|for_of|foreach|enhanced_for|while|do|loop|repeat|for_range)_?(statement|expression|loop)?$/, 'loop'],
  [/(^|_)(try_statement|try_expression|try)$/, 'try'],
  [/(^|_)(switch_statement|switch_expression|expression_switch_statement|type_switch_statement|select_statement|match_statement|match_expression|case)$/, 'switch'],
  [/(^|_)with_statement$/, 'with'],
  [/(^|_)(import|import_statement|import_declaration|import_from_statement|future_import_statement|use_declaration|using_directive|preproc_include|extern_crate_declaration|namespace_use_declaration)$/, 'import'],
  [/^(package_clause|package_declaration|namespace_declaration_scoped)$/, 'package'],
  [/(^|_)(interface_declaration|interface_type|protocol_declaration)$/, 'interface'],
  [/(^|_)(enum_declaration|enum_item|enum_specifier|enum_definition)$/, 'enum'],
  [/(^|_)(enum_variant|enum_constant|enum_assignment|enum_member_declaration|enumerator)$/, 'enum_member'],
  [/(^|_)(struct_item|struct_specifier|struct_declaration|record_declaration)$/, 'struct'],
  [/(^|_)(trait_item|trait_declaration|trait_definition)$/, 'trait'],
  [/(^|_)(impl_item|extension_declaration)$/, 'impl'],
  [/(class_definition|class_declaration|abstract_class_declaration|class_specifier|^class|object_declaration|object_definition)$/, 'class'],
  [/(^|_)(constructor_declaration|constructor_definition)$/, 'constructor'],
  [/(method_definition|method_declaration|method_signature|abstract_method_signature|method_spec|method_elem|method)$/, 'method'],
  [/(function_definition|function_declaration|function_item|function_signature|function_signature_item|generator_function_declaration|arrow_function|lambda|function)$/, 'function'],
  [/(^|_)(internal_module|module|mod_item|namespace_definition|namespace_declaration|module_declaration)$/, 'module'],
  [/(^|_)(type_alias_declaration|type_declaration|type_item|type_definition|type_alias|type_spec)$/, 'type'],
  [/(field_declaration|public_field_definition|field_definition|property_declaration|property_signature|property_definition|pair|shorthand_property|shorthand_property_identifier|property_assignment|field_spec)$/, 'property'],
  [/(lexical_declaration|variable_declaration|var_declaration|const_declaration|let_declaration|const_item|static_item|short_var_declaration|local_variable_declaration|var_spec|const_spec|assignment|assignment_expression|global_statement)$/, 'variable'],
  [/^export_statement$/, 'export'],
  [/^(call_expression|call|method_invocation|invocation_expression|function_call|macro_invocation)$/, 'call'],
  [/^(return_statement|break_statement|continue_statement|pass_statement|raise_statement|throw_statement|assert_statement|delete_statement|yield_statement)$/, 'statement'],
];

/** The kind of a structure whose declaration node has this type, or `null` when no rule knows it. */
export function kindOfType(type: string, overrides: Readonly<Record<string, string>>): string | null {
  // (Own keys only: Kotlin has a node type `constructor`.)
  if (Object.hasOwn(overrides, type)) return overrides[type]!;
  for (const [pattern, kind] of KIND_PATTERNS) if (pattern.test(type)) return kind;
  return null;
}

/** Kinds whose function-like children are methods. */
export const MEMBER_CONTAINERS: ReadonlySet<string> = new Set(['class', 'interface', 'struct', 'trait', 'impl', 'enum', 'object']);

/** Keeps a name to one short line. */
export function clipName(text: string): string {
  const firstLine = text.split('\n', 1)[0]!.trim();
  return firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine;
}
