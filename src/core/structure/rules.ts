/**
 * Which tree-sitter nodes are structures (docs/targets.md): every named node sitting directly in a
 * *body* (a node holding a sequence of statements, members or items) is a structure, plus the
 * clauses of compound statements. The generic lists below apply to every grammar (node types a
 * grammar does not have are dropped when its query is built); language profiles add their own
 * (`src/core/languages/profiles/`).
 */

/** Structure rules for one language. */
export interface StructureRules {
  /** Node types whose named children are structures. */
  bodies: readonly string[];
  /** Node types that are structures wherever they appear (`else_clause`, `case_clause`, …). */
  clauses: readonly string[];
  /**
   * Declarations that are bodies when they group their specs in parentheses (Go's
   * `const ( A = iota; B )`): each spec is then a structure, and the group names none of them. A
   * declaration of one spec (`const A = 1`) is that spec's structure.
   */
  groupings: readonly string[];
  /**
   * Bodies that are not bodies inside these node types: a TypeScript object type in a parameter's
   * annotation (`f(opts: { a: number })`) holds no structures of the function.
   */
  bodiesNotWithin: Readonly<Record<string, readonly string[]>>;
  /** Bodies that are not structures themselves when they sit in a body (their children still are). */
  transparent: readonly string[];
  /**
   * Field names of the children of a clause that is also a body (a `switch_case`, a Go
   * `expression_case`) that are not structures: the case's `value`, an `#ifdef`'s `name`.
   */
  excludedFields: readonly string[];
  /** Named node types that are never structures (besides comments and errors). */
  ignored: readonly string[];
  /** Comment node types: attached to the next structure when directly above it. */
  comments: readonly string[];
  /**
   * Sibling node types that belong to the structure before them: Ruby's heredoc body, which the
   * grammar puts after the statement whose `<<~EOS` opens it.
   */
  trailing: readonly string[];
  /** Sibling node types always attached to the next structure (decorators, attributes). */
  attached: readonly string[];
  /** Child node types that precede a structure's header inside it (decorators, annotations). */
  leading: readonly string[];
  /** Child node types mixing annotations and keywords (Java `modifiers`): their annotations lead. */
  modifiers: readonly string[];
  /**
   * Wrapper node types and the fields holding the declaration the header starts at; an empty list
   * means the wrapper's first named child (`declare module 'm'` → `module 'm'`).
   */
  wrappers: Readonly<Record<string, readonly string[]>>;
  /** Node type to structure kind, for types the generic naming gets wrong. */
  kinds: Readonly<Record<string, string>>;
  /**
   * Node type to kinds told by the header's text, first match wins (Lua's `local x = require "m"`
   * is an import, though the grammar makes it a variable declaration).
   */
  kindsByText: Readonly<Record<string, ReadonlyArray<readonly [RegExp, string]>>>;
  /**
   * Bodies whose members are separated: `,` between the items of an object literal or an enum;
   * `;` ending the members of a TypeScript/JavaScript class or interface body, where the `;` is a
   * token of the body rather than of the member (so the builder makes it part of the member).
   */
  separators: Readonly<Record<string, ',' | ';'>>;
}

/** The rules every grammar gets. */
export const GENERIC_STRUCTURE_RULES: StructureRules = {
  // The tree's root node is always a body, whatever its type (`module`, `program`, `source_file`…).
  bodies: [
    'block', 'statement_block', 'compound_statement', 'body_statement', 'declaration_list', 'class_body',
    'interface_body', 'enum_body', 'enum_body_declarations', 'field_declaration_list', 'enum_variant_list',
    'object', 'switch_body', 'switch_block', 'match_block', 'template_body', 'object_type', 'object_pattern_body',
    'struct_body', 'protocol_body', 'class_declaration_body', 'namespace_body', 'do_block',
    'switch_case', 'switch_default', 'switch_section', 'switch_block_statement_group',
    'expression_case', 'default_case', 'type_case', 'communication_case', 'case_statement',
    'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef',
    'table', 'table_array_element', 'element', 'fragment',
  ],
  clauses: [
    'else_clause', 'elif_clause', 'except_clause', 'except_group_clause', 'finally_clause', 'catch_clause',
    'case_clause', 'switch_case', 'switch_default', 'switch_section', 'switch_block_statement_group', 'switch_rule',
    'expression_case', 'default_case', 'type_case', 'communication_case', 'match_arm', 'case_statement',
    'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef',
    'else', 'elsif', 'when', 'rescue', 'ensure',
  ],
  groupings: [],
  transparent: ['enum_body_declarations'],
  bodiesNotWithin: {},
  excludedFields: ['value', 'condition', 'pattern', 'name', 'type', 'subject', 'communication', 'alternative', 'guard'],
  ignored: ['switch_label', 'start_tag', 'end_tag', 'self_closing_tag', 'text', 'identifier_list', 'preproc_arg'],
  comments: ['comment', 'line_comment', 'block_comment', 'doc_comment', 'multiline_comment'],
  attached: ['decorator', 'attribute_item', 'annotation', 'marker_annotation', 'attribute_list', 'attribute'],
  trailing: [],
  leading: ['decorator', 'attribute_item', 'annotation', 'marker_annotation', 'attribute_list', 'comment'],
  modifiers: ['modifiers'],
  wrappers: {
    export_statement: ['declaration'],
    decorated_definition: ['definition'],
    ambient_declaration: [],
  },
  kinds: {},
  kindsByText: {},
  separators: { object: ',', enum_body: ',', enum_variant_list: ',' },
};

/**
 * The generic rules extended by a language's own: lists are merged, records extended; a
 * language's `transparent` and `separators` replace the generic ones.
 */
export function mergeStructureRules(base: StructureRules, own: Partial<StructureRules> | undefined): StructureRules {
  if (!own) return base;
  const merge = <T>(a: readonly T[], b: readonly T[] | undefined): readonly T[] => (b ? [...new Set([...a, ...b])] : a);
  return {
    bodies: merge(base.bodies, own.bodies),
    clauses: merge(base.clauses, own.clauses),
    groupings: merge(base.groupings, own.groupings),
    transparent: own.transparent ?? base.transparent,
    bodiesNotWithin: { ...base.bodiesNotWithin, ...own.bodiesNotWithin },
    excludedFields: merge(base.excludedFields, own.excludedFields),
    ignored: merge(base.ignored, own.ignored),
    comments: merge(base.comments, own.comments),
    attached: merge(base.attached, own.attached),
    trailing: merge(base.trailing, own.trailing),
    leading: merge(base.leading, own.leading),
    modifiers: merge(base.modifiers, own.modifiers),
    wrappers: { ...base.wrappers, ...own.wrappers },
    kinds: { ...base.kinds, ...own.kinds },
    kindsByText: { ...base.kindsByText, ...own.kindsByText },
    separators: own.separators ?? base.separators,
  };
}
