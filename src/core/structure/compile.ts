/*
 * Structure rules compiled for one grammar (node types it lacks dropped, name fields as ids): what
 * build.ts and rebuild.ts read a parse tree with.
 */
import type { Language, Node } from 'web-tree-sitter';
import type { StructureRules } from './rules.js';

/**
 * Structure rules bound to one grammar: each node type's roles as flags ({@link typeFlags}), and
 * the body and clause types it has.
 */
export interface CompiledStructureRules {
  readonly rules: StructureRules;
  /** Body and clause node types the grammar has, for one `descendantsOfType` walk. */
  readonly searchTypes: readonly string[];
  /** Per body type, the ancestor types inside which it is no body. */
  readonly bodiesNotWithin: ReadonlyMap<string, ReadonlySet<string>>;
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
  /**
   * Per node type id (what `Node.typeId` and `TreeCursor.nodeTypeId` give, aliases included), its
   * name (`Node.type`) and its roles as `TYPE_*` bits: a number read once and looked up here costs
   * less than the string `Node.type` compared against sets. Ids past the grammar's (`ERROR` is
   * 65535) share the last entry; {@link typeSlot} gives the index.
   */
  readonly typeNames: readonly string[];
  readonly typeFlags: Uint16Array;
  /** Per field id: whether it is one of `excludedFields`. */
  readonly excludedFieldIds: Uint8Array;
  /** Per wrapper type, the ids of the fields holding the declaration (`-1`: a field the grammar lacks). */
  readonly wrapperFieldIds: ReadonlyMap<string, readonly number[]>;
}

/** A named node type (not a token the grammar writes as a string). */
export const TYPE_NAMED = 1;
export const TYPE_BODY = 2;
export const TYPE_CLAUSE = 4;
export const TYPE_COMMENT = 8;
export const TYPE_ATTACHED = 16;
/** In a body, neither a structure nor an attachment: `ERROR`, `ignored` and `transparent` types. */
export const TYPE_SKIPPED = 32;
/** `leading`, comments included. */
export const TYPE_LEADING = 64;
export const TYPE_MODIFIERS = 128;
/** Ends with `identifier`: a bare identifier as a structure is its own name. */
export const TYPE_BARE = 256;
/** A type that holds a declaration's name (`identifier`, `property_name`, …). */
export const TYPE_NAME_LIKE = 512;
/** A first child without a field that a name is looked for in (`variable_declarator`, …). */
export const TYPE_DECLARATOR = 1024;
export const TYPE_EXPRESSION_STATEMENT = 2048;
export const TYPE_STRING = 4096;
/** Belongs to the structure before it (`trailing`). */
export const TYPE_TRAILING = 8192;
/** A body only where it groups its specs in parentheses (`groupings`); `TYPE_BODY` is set too. */
export const TYPE_GROUPING = 16384;

const NAME_LIKE = /identifier$|^name$|^constant$|^word$|^dotted_name$|^scoped_identifier$|^member_expression$|^attribute$|^string$|^property_name$|^tag_name$|^bare_key$|^quoted_key$|^dotted_key$/;
const DECLARATOR = /declarator|_spec$|^assignment(_expression)?$|^call(_expression)?$|^variable_declaration$/;

/**
 * Whether a node whose type has these flags holds structures: a body, but a grouping declaration
 * only where its second token opens the group (`const (`, not `const A = 1`).
 */
export function holdsStructures(node: Node, flags: number): boolean {
  if ((flags & TYPE_BODY) === 0) return false;
  return (flags & TYPE_GROUPING) === 0 || node.child(1)?.type === '(';
}

/** The index of a node type id in `typeNames` and `typeFlags`. */
export function typeSlot(compiled: CompiledStructureRules, typeId: number): number {
  const last = compiled.typeNames.length - 1;
  return typeId < last ? typeId : last;
}

/**
 * Compiles rules for a grammar. Node types the grammar lacks are dropped, so one generic rule list
 * serves every language. Bodies and clauses are found by a walk inside WASM (`descendantsOfType`),
 * which is what keeps structure building cheap: a JavaScript walk over every node of a 9 MB file
 * costs more than parsing it (measured: 830 ms against 240 ms on typescript.js).
 */
export function compileStructureRules(language: Language, rules: StructureRules): CompiledStructureRules {
  const known = (types: readonly string[]) => types.filter((type) => language.idForNodeType(type, true) !== null);
  const groupings = known(rules.groupings);
  const bodies = [...known(rules.bodies), ...groupings];
  const clauses = known(rules.clauses);
  // Only to compute the flags below: the builders read the flags.
  const sets = {
    bodies: new Set(bodies),
    clauses: new Set(clauses),
    groupings: new Set(groupings),
    transparent: new Set(rules.transparent),
    ignored: new Set(rules.ignored),
    comments: new Set(rules.comments),
    attached: new Set(rules.attached),
    trailing: new Set(rules.trailing),
    leading: new Set([...rules.leading, ...rules.comments]),
    modifiers: new Set(rules.modifiers),
  };
  // `Node.type` is `types[typeId] || 'ERROR'`; the extra last entry stands for every id past them.
  const typeNames = [...Array.from(language.types, (type) => type || 'ERROR'), 'ERROR'];
  const typeFlags = new Uint16Array(typeNames.length);
  typeNames.forEach((type, id) => {
    const named = id === typeNames.length - 1 || language.nodeTypeIsNamed(id);
    typeFlags[id] =
      (named ? TYPE_NAMED : 0) |
      (sets.bodies.has(type) ? TYPE_BODY : 0) |
      (sets.clauses.has(type) ? TYPE_CLAUSE : 0) |
      (sets.comments.has(type) ? TYPE_COMMENT : 0) |
      (sets.attached.has(type) ? TYPE_ATTACHED : 0) |
      (type === 'ERROR' || sets.ignored.has(type) || sets.transparent.has(type) ? TYPE_SKIPPED : 0) |
      (sets.leading.has(type) ? TYPE_LEADING : 0) |
      (sets.modifiers.has(type) ? TYPE_MODIFIERS : 0) |
      (/identifier$/.test(type) ? TYPE_BARE : 0) |
      (NAME_LIKE.test(type) ? TYPE_NAME_LIKE : 0) |
      (DECLARATOR.test(type) ? TYPE_DECLARATOR : 0) |
      (type === 'expression_statement' ? TYPE_EXPRESSION_STATEMENT : 0) |
      (type === 'string' ? TYPE_STRING : 0) |
      (sets.trailing.has(type) ? TYPE_TRAILING : 0) |
      (sets.groupings.has(type) ? TYPE_GROUPING : 0);
  });
  const excludedFieldIds = new Uint8Array(language.fields.length);
  language.fields.forEach((field, id) => {
    if (field && rules.excludedFields.includes(field)) excludedFieldIds[id] = 1;
  });
  return {
    rules,
    searchTypes: [...new Set([...bodies, ...clauses])],
    bodiesNotWithin: new Map(Object.entries(rules.bodiesNotWithin).map(([body, within]) => [body, new Set(within)])),
    hasModifiers: known(rules.modifiers).length > 0,
    nameFieldIds: NAME_FIELDS.map((field) => language.fields.indexOf(field)).filter((id) => id > 0),
    kindCache: new Map(),
    typeNames,
    typeFlags,
    excludedFieldIds,
    wrapperFieldIds: new Map(Object.entries(rules.wrappers).map(([type, fields]) => [type, fields.map((field) => language.fields.indexOf(field))])),
  };
}

export const NAME_FIELDS = ['name', 'declarator', 'key', 'left', 'function', 'type', 'path'] as const;
