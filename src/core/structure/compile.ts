/*
 * Structure rules compiled for one grammar (node types it lacks dropped, name fields as ids): what
 * build.ts and rebuild.ts read a parse tree with.
 */
import type { Language } from 'web-tree-sitter';
import type { StructureRules } from './rules.js';

/** Structure rules bound to one grammar: the rule sets, filtered to the node types it has. */
export interface CompiledStructureRules {
  readonly rules: StructureRules;
  /** Body and clause node types the grammar has, for one `descendantsOfType` walk. */
  readonly searchTypes: readonly string[];
  readonly bodies: ReadonlySet<string>;
  /** Per body type, the ancestor types inside which it is no body. */
  readonly bodiesNotWithin: ReadonlyMap<string, ReadonlySet<string>>;
  readonly clauses: ReadonlySet<string>;
  readonly transparent: ReadonlySet<string>;
  readonly excludedFields: ReadonlySet<string>;
  readonly ignored: ReadonlySet<string>;
  readonly comments: ReadonlySet<string>;
  readonly attached: ReadonlySet<string>;
  readonly leading: ReadonlySet<string>;
  readonly modifiers: ReadonlySet<string>;
  /**
   * Whether the grammar has a modifiers type (whose annotations may follow a keyword). Without
   * one, every leading node (decorator, annotation, attribute, comment) starts with punctuation,
   * so a structure starting with a word character has none and its children need not be fetched.
   */
  readonly hasModifiers: boolean;
  /** Ids of the fields a declaration's name is looked for in (ids avoid a by-name search per call). */
  readonly nameFieldIds: readonly number[];
  /** Kind per node type, filled as types are met. */
  readonly kindCache: Map<string, string | null>;
}

/**
 * Compiles rules for a grammar. Node types the grammar lacks are dropped, so one generic rule list
 * serves every language. Bodies and clauses are found by a walk inside WASM (`descendantsOfType`),
 * which is what keeps structure building cheap: a JavaScript walk over every node of a 9 MB file
 * costs more than parsing it (measured: 830 ms against 240 ms on typescript.js).
 */
export function compileStructureRules(language: Language, rules: StructureRules): CompiledStructureRules {
  const known = (types: readonly string[]) => types.filter((type) => language.idForNodeType(type, true) !== null);
  const bodies = known(rules.bodies);
  const clauses = known(rules.clauses);
  return {
    rules,
    searchTypes: [...new Set([...bodies, ...clauses])],
    bodies: new Set(bodies),
    bodiesNotWithin: new Map(Object.entries(rules.bodiesNotWithin).map(([body, within]) => [body, new Set(within)])),
    clauses: new Set(clauses),
    transparent: new Set(rules.transparent),
    excludedFields: new Set(rules.excludedFields),
    ignored: new Set(rules.ignored),
    comments: new Set(rules.comments),
    attached: new Set(rules.attached),
    leading: new Set([...rules.leading, ...rules.comments]),
    modifiers: new Set(rules.modifiers),
    hasModifiers: known(rules.modifiers).length > 0,
    nameFieldIds: NAME_FIELDS.map((field) => language.fields.indexOf(field)).filter((id) => id > 0),
    kindCache: new Map(),
  };
}

export const NAME_FIELDS = ['name', 'declarator', 'key', 'left', 'function', 'type', 'path'] as const;
