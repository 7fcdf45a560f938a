import type { Node } from 'web-tree-sitter';
import { namedChildrenOf } from '../../semantic/syntax.js';
import type { DerivedConstructor, ParameterShape } from '../profile.js';

/**
 * The `__init__` a Python class gets from its annotated fields: a `@dataclass` (also pydantic's and
 * attrs' `@define`, `@frozen`, `@attr.s`), a `typing.NamedTuple` or a pydantic `BaseModel`. Read
 * from the syntax, as the decorator would: fields in order, `ClassVar` left out, a default (or
 * `field(default=…)`, `default_factory`) making one optional, `init=False` dropping it, `kw_only`
 * and `_: KW_ONLY` making fields keyword-only. A class that writes its own `__init__` has none.
 */
export function pythonDerivedConstructor(declaration: Node): DerivedConstructor | null {
  const decorated = declaration.type === 'decorated_definition' ? declaration : declaration.parent?.type === 'decorated_definition' ? declaration.parent : null;
  const cls = declaration.type === 'class_definition' ? declaration : (decorated?.childForFieldName('definition') ?? null);
  if (!cls || cls.type !== 'class_definition') return null;
  const superclasses = cls.childForFieldName('superclasses');
  const baseNames = (superclasses ? namedChildrenOf(superclasses) : []).filter((base) => base.type !== 'keyword_argument' && base.type !== 'comment').map((base) => base.text.replace(/\[[^]*$/, ''));
  const decorator = decorated ? namedChildrenOf(decorated).find((child) => child.type === 'decorator' && FIELD_DECORATORS.test(child.text.slice(1).trim())) : undefined;
  const model = baseNames.some((name) => MODEL_BASES.test(name));
  const tuple = baseNames.some((name) => /^(?:typing\.)?NamedTuple$/.test(name));
  if (!decorator && !model && !tuple) return null;
  const options = decorator ? keywordArguments(decorator) : new Map<string, string>();
  if (options.get('init') === 'False') return null;
  const body = cls.childForFieldName('body');
  if (!body) return null;
  const attrs = decorator !== undefined && /^(?:attr|attrs)\.|^(?:define|frozen|mutable)\b/.test(decorator.text.slice(1).trim());
  let keywordOnly = model || options.get('kw_only') === 'True';
  const fields: ParameterShape[] = [];
  for (const statement of namedChildrenOf(body)) {
    if (statement.type === 'function_definition' && statement.childForFieldName('name')?.text === '__init__') return null;
    if (statement.type === 'decorated_definition' && statement.childForFieldName('definition')?.childForFieldName('name')?.text === '__init__') return null;
    const assignment = statement.type === 'expression_statement' ? namedChildrenOf(statement)[0] : undefined;
    if (assignment?.type !== 'assignment') continue;
    const left = assignment.childForFieldName('left');
    const type = assignment.childForFieldName('type')?.text ?? null;
    const right = assignment.childForFieldName('right');
    if (left?.type !== 'identifier') continue;
    if (type !== null && /^(?:\w+\.)?KW_ONLY$/.test(type)) {
      keywordOnly = true;
      continue;
    }
    // attrs also takes `x = attr.ib()` without an annotation.
    const fieldCall = right?.type === 'call' && FIELD_CALLS.test(right.childForFieldName('function')?.text ?? '') ? right : null;
    if ((type === null && !(attrs && fieldCall)) || (type !== null && /^(?:\w+\.)?ClassVar\b/.test(type))) continue;
    const settings = fieldCall ? keywordArguments(fieldCall) : new Map<string, string>();
    if (settings.get('init') === 'False') continue;
    // (attrs' `attr.ib(1)` and pydantic's `Field(1)` take the default first; `Field(...)` is required.)
    const first = fieldCall && (attrs || model) ? firstPositional(fieldCall) : null;
    const defaulted = fieldCall ? DEFAULT_SETTINGS.some((name) => settings.has(name)) || (first !== null && first !== '...') : right !== null;
    // attrs takes a private field's value by its public name (`_x` is passed as `x`).
    const name = attrs ? left.text.replace(/^_+/, '') : left.text;
    fields.push({ name, required: !defaulted, kind: keywordOnly || settings.get('kw_only') === 'True' ? 'keyword' : 'positional' });
  }
  const inherited = baseNames.find((name) => !IGNORED_BASES.test(name) && !MODEL_BASES.test(name));
  return { fields, literal: false, inherits: tuple ? null : (inherited ?? null), omittable: false };
}

/** `@dataclass`, `@dataclasses.dataclass(…)`, `@pydantic.dataclasses.dataclass`, attrs' decorators. */
const FIELD_DECORATORS = /^(?:[\w.]+\.)?dataclass\b|^(?:attr\.s|attr\.attrs|attr\.define|attr\.frozen|attr\.mutable|attrs\.define|attrs\.frozen|attrs\.mutable|define|frozen|mutable)\b/;
const MODEL_BASES = /^(?:pydantic\.)?BaseModel$/;
/** Bases that add no fields. */
const IGNORED_BASES = /^(?:object|(?:typing\.)?(?:Generic|Protocol|NamedTuple)|(?:abc\.)?ABC|metaclass=.*)$/;
const FIELD_CALLS = /^(?:dataclasses\.|attr\.|attrs\.|pydantic\.)?(?:field|ib|attrib|Field)$/;
const DEFAULT_SETTINGS = ['default', 'default_factory', 'factory'];

/** The keyword arguments of a decorator's or call's argument list, by name, as written. */
function keywordArguments(node: Node): Map<string, string> {
  const call = node.type === 'call' ? node : namedChildrenOf(node).find((child) => child.type === 'call');
  const args = call?.childForFieldName('arguments');
  const found = new Map<string, string>();
  for (const argument of args ? namedChildrenOf(args) : []) {
    const name = argument.type === 'keyword_argument' ? argument.childForFieldName('name')?.text : undefined;
    if (name) found.set(name, argument.childForFieldName('value')?.text ?? '');
  }
  return found;
}

/** The text of a call's first positional argument, or `null`. */
function firstPositional(call: Node): string | null {
  const args = call.childForFieldName('arguments');
  return (args ? namedChildrenOf(args).find((argument) => argument.type !== 'keyword_argument' && argument.type !== 'comment')?.text : undefined) ?? null;
}
