/**
 * Structure kinds and names from grammar node types. One vocabulary for every language, so a
 * listing of a Go file and of a Python file read alike; a type no rule knows keeps its own name.
 */

/**
 * How node types name kinds, tried in order (the first rule that fits wins). A rule fits a type
 * that is one of its `exact` types; or one of its `words`, alone or as the type's last
 * `_`-separated words (`else` fits `else` and `elif_else`, not `welse`); or that ends with one of its
 * `endings` (`method` fits `abstract_method` and `typemethod`). Plain strings rather than regular
 * expressions: a process's first listing compiled each of 31 patterns on the node types it met,
 * ~2 ms of a ~150 ms cold start.
 */
interface KindRule {
  readonly kind: string;
  readonly exact?: readonly string[];
  readonly words?: readonly string[];
  readonly endings?: readonly string[];
}

/** `for_statement`, `while_loop`, `forstatement`, `do`…: each loop keyword alone or with a suffix, joined by `_` or not. */
const LOOP_WORDS = ['for', 'for_in', 'for_of', 'foreach', 'enhanced_for', 'while', 'do', 'loop', 'repeat', 'for_range'].flatMap((keyword) =>
  ['', 'statement', 'expression', 'loop'].flatMap((suffix) => [`${keyword}${suffix}`, `${keyword}_${suffix}`]),
);

const KIND_RULES: readonly KindRule[] = [
  { kind: 'function', exact: ['decorated_definition'] },
  { kind: 'else', words: ['else_clause', 'else'] },
  { kind: 'elif', words: ['elif_clause', 'elsif', 'else_if_clause'] },
  { kind: 'catch', words: ['except_clause', 'except_group_clause', 'catch_clause', 'rescue'] },
  { kind: 'finally', words: ['finally_clause', 'ensure'] },
  {
    kind: 'case',
    exact: ['when'],
    endings: ['switch_case', 'switch_default', 'case_clause', 'switch_section', 'switch_block_statement_group', 'switch_rule', 'expression_case', 'default_case', 'type_case', 'communication_case', 'match_arm', 'case_statement'],
  },
  { kind: 'preprocessor', exact: ['preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef'] },
  { kind: 'if', words: ['if_statement', 'if_expression', 'if'] },
  { kind: 'loop', words: LOOP_WORDS },
  { kind: 'try', words: ['try_statement', 'try_expression', 'try'] },
  { kind: 'switch', words: ['switch_statement', 'switch_expression', 'expression_switch_statement', 'type_switch_statement', 'select_statement', 'match_statement', 'match_expression', 'case'] },
  { kind: 'with', words: ['with_statement'] },
  {
    kind: 'import',
    words: ['import', 'import_statement', 'import_declaration', 'import_from_statement', 'future_import_statement', 'use_declaration', 'using_directive', 'preproc_include', 'extern_crate_declaration', 'namespace_use_declaration'],
  },
  { kind: 'package', exact: ['package_clause', 'package_declaration', 'namespace_declaration_scoped'] },
  { kind: 'interface', words: ['interface_declaration', 'interface_type', 'protocol_declaration'] },
  { kind: 'enum', words: ['enum_declaration', 'enum_item', 'enum_specifier', 'enum_definition'] },
  { kind: 'enum_member', words: ['enum_variant', 'enum_constant', 'enum_assignment', 'enum_member_declaration', 'enumerator'] },
  { kind: 'struct', words: ['struct_item', 'struct_specifier', 'struct_declaration', 'record_declaration'] },
  { kind: 'trait', words: ['trait_item', 'trait_declaration', 'trait_definition'] },
  { kind: 'impl', words: ['impl_item', 'extension_declaration'] },
  { kind: 'class', exact: ['class'], endings: ['class_definition', 'class_declaration', 'abstract_class_declaration', 'class_specifier', 'object_declaration', 'object_definition'] },
  { kind: 'constructor', words: ['constructor_declaration', 'constructor_definition'] },
  { kind: 'method', endings: ['method_definition', 'method_declaration', 'method_signature', 'abstract_method_signature', 'method_spec', 'method_elem', 'method'] },
  {
    kind: 'function',
    endings: ['function_definition', 'function_declaration', 'function_item', 'function_signature', 'function_signature_item', 'generator_function_declaration', 'arrow_function', 'lambda', 'function'],
  },
  { kind: 'module', words: ['internal_module', 'module', 'mod_item', 'namespace_definition', 'namespace_declaration', 'module_declaration'] },
  { kind: 'type', words: ['type_alias_declaration', 'type_declaration', 'type_item', 'type_definition', 'type_alias', 'type_spec'] },
  {
    kind: 'property',
    endings: ['field_declaration', 'public_field_definition', 'field_definition', 'property_declaration', 'property_signature', 'property_definition', 'pair', 'shorthand_property', 'shorthand_property_identifier', 'property_assignment', 'field_spec'],
  },
  {
    kind: 'variable',
    endings: ['lexical_declaration', 'variable_declaration', 'var_declaration', 'const_declaration', 'let_declaration', 'const_item', 'static_item', 'short_var_declaration', 'local_variable_declaration', 'var_spec', 'const_spec', 'assignment', 'assignment_expression', 'global_statement'],
  },
  { kind: 'export', exact: ['export_statement'] },
  { kind: 'call', exact: ['call_expression', 'call', 'method_invocation', 'invocation_expression', 'function_call', 'macro_invocation'] },
  { kind: 'statement', exact: ['return_statement', 'break_statement', 'continue_statement', 'pass_statement', 'raise_statement', 'throw_statement', 'assert_statement', 'delete_statement', 'yield_statement'] },
];

const UNDERSCORE = 0x5f;

function fits(rule: KindRule, type: string): boolean {
  if (rule.exact?.includes(type)) return true;
  if (rule.words?.some((word) => type === word || (type.endsWith(word) && type.charCodeAt(type.length - word.length - 1) === UNDERSCORE))) return true;
  return rule.endings?.some((ending) => type.endsWith(ending)) ?? false;
}

/** The kind of a structure whose declaration node has this type, or `null` when no rule knows it. */
export function kindOfType(type: string, overrides: Readonly<Record<string, string>>): string | null {
  // (Own keys only: Kotlin has a node type `constructor`.)
  if (Object.hasOwn(overrides, type)) return overrides[type]!;
  for (const rule of KIND_RULES) if (fits(rule, type)) return rule.kind;
  return null;
}

/** Kinds whose function-like children are methods. */
export const MEMBER_CONTAINERS: ReadonlySet<string> = new Set(['class', 'interface', 'struct', 'trait', 'impl', 'enum', 'object']);

/** Keeps a name to one short line. */
export function clipName(text: string): string {
  const firstLine = text.split('\n', 1)[0]!.trim();
  return firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine;
}

/**
 * Whether a structure is a group of declarations that names none itself (Go's `const ( A = iota; B )`,
 * `var ( … )`, `type ( … )`): what it declares is each of its specs' names.
 */
export function isDeclarationGroup(structure: { readonly kind: string; readonly name: string | null; readonly children: readonly unknown[] }): boolean {
  return structure.name === null && (structure.kind === 'variable' || structure.kind === 'type') && structure.children.length > 0;
}

/**
 * The names a structure declares, as its listing tells them: its own, or a group's specs' (a spec
 * of several names, `x, y = 1, 2`, by its first: the scope model knows the others).
 */
export function namesDeclaredBy(structure: { readonly kind: string; readonly name: string | null; readonly children: ReadonlyArray<{ readonly name: string | null }> }): string[] {
  if (structure.name !== null) return [structure.name];
  return isDeclarationGroup(structure) ? structure.children.flatMap((spec) => (spec.name === null ? [] : [spec.name])) : [];
}
