import type { Node } from 'web-tree-sitter';
import type { CallRules, FieldLiteral, ParameterShape, Reach } from '../languages/profile.js';
import type { StructureNode } from '../structure/types.js';
import type { ListModel } from './lists.js';
import { nodeStartingAt } from './syntax.js';

/**
 * Whether calls still fit a function whose parameter list changed: what a parameter is to its
 * callers (required or not, by position or by name, collecting the rest), what a call passes, and
 * whether the one binds to the other as the language binds arguments. Pure: trees in, facts out.
 */

/** A function whose parameters a batch changed: where to find it after the batch, and its parameters before. */
export interface ChangedSignature {
  readonly path: string;
  readonly language: string | undefined;
  /** The function's target before the change (for messages). */
  readonly target: string;
  /**
   * The kinds and names of the structures down to the function: how it is found again after the
   * batch (`nth` of `of` siblings of that kind and name, where several share them: a Rust type's
   * `impl` blocks).
   */
  readonly names: ReadonlyArray<StructureName>;
  readonly before: readonly ParameterShape[];
  /** Whether it is a constructor: its calls name its class (the structure before it in `names`). */
  readonly constructs: boolean;
  /**
   * Where its parameters are declared: a function's own list, a class's header (`class A(val x:
   * Int)`: the primary constructor, the class last in `names`), or the class's fields (a
   * dataclass, a Rust struct: the constructor they make, the class last in `names`); or, for
   * `members`, not parameters: the members an interface requires of its implementations (`before`
   * holds their names); for `cases`, the cases of an enumeration, which matches on it must cover.
   */
  readonly from: 'function' | 'primary' | 'fields' | 'members' | 'cases' | 'reach' | 'defines';
  /** For `defines`, the members marked as overriding one of a base (`before` holds every member it defined). */
  readonly overrides?: readonly string[];
  /** For `reach`, how far the declaration reached. */
  readonly reach?: Reach | 'everywhere';
  /** For `function`, whether it was asynchronous (`undefined`: the language has no awaiting structedit checks). */
  readonly async?: boolean;
  /** For `function`, whether it was read as a property (Python's `@property`). */
  readonly property?: boolean;
  /** For `fields`, the variant of the enumeration whose fields they are (`Circle` of Rust's `Shape::Circle { r }`). */
  readonly variant?: string;
}

/** A structure on the way down to a changed one, as it is found again: its kind, its name, and which of the siblings sharing them it is. */
export interface StructureName {
  readonly kind: string;
  readonly name: string | null;
  readonly nth: number;
  readonly of: number;
}

/** The structures of a path below its root, as {@link StructureName}s. */
export function structureNames(path: readonly StructureNode[]): StructureName[] {
  return path.slice(1).map((structure, index) => {
    const alike = path[index]!.children.filter((sibling) => sibling.kind === structure.kind && sibling.name === structure.name);
    return { kind: structure.kind, name: structure.name, nth: alike.indexOf(structure), of: alike.length };
  });
}

/** The functions whose parameters a batch changed, by file and target (the first change of each keeps its signature before the batch). */
export type SignatureChanges = Map<string, ChangedSignature>;

/** What one call passes. */
export interface CallShape {
  /** Arguments passed by position. */
  readonly positional: number;
  /** Names of the arguments passed by name. */
  readonly named: readonly string[];
  /** Whether an argument is spread (`*xs`, `...xs`, `xs...`): how many it passes cannot be told. */
  readonly spread: boolean;
  /** The receiver's text when the function is reached as `receiver.f(…)` (`null`: a plain or scoped name). */
  readonly receiver: string | null;
}

/** The parameters of a function as its callers see them, in order. */
export function parameterShapes(root: Node, text: string, list: ListModel, fn: Node, rules: CallRules): ParameterShape[] {
  const shapes: ParameterShape[] = [];
  let byNameOnly = false;
  for (const [index, item] of list.items.entries()) {
    const written = text.slice(item.start, item.end).trim();
    const node = nodeStartingAt(root, item.start, item.end);
    const name = (item.name ?? node.childForFieldName('name')?.text ?? null)?.replace(/^[$*&]+|[?:]$/g, '') ?? null;
    // Python's bare `*` ends the positional ones; its `/` ends the positional-only ones; C's `(void)` declares none.
    if (written === '*') {
      byNameOnly = true;
      continue;
    }
    if (written === '/' || (written === 'void' && list.items.length === 1)) continue;
    if (rules.receiverParameter(node, fn, index)) shapes.push({ name, required: true, kind: 'receiver' });
    else if (written.startsWith('**')) shapes.push({ name, required: false, kind: 'keywords' });
    else if (/^&[\p{L}_]/u.test(written)) shapes.push({ name, required: false, kind: 'block' });
    else if (isRest(written)) {
      shapes.push({ name, required: false, kind: 'rest' });
      byNameOnly ||= rules.restEndsPositional;
    } else {
      const keyword = rules.keywordName(node);
      // A default written in the item, or held in the parameter's own field (Ruby's `e: 2`).
      const required = !hasDefault(written) && !node.childForFieldName('value') && !node.childForFieldName('default_value');
      if (keyword !== null) shapes.push({ name: keyword, required, kind: 'keyword' });
      else {
        // Go's `a, b int`: one declaration, a parameter per name.
        const names = node.childrenForFieldName('name').filter((child) => child !== null);
        for (const each of names.length > 1 ? names.map((child) => child.text) : [name]) shapes.push({ name: each, required, kind: byNameOnly ? 'keyword' : 'positional' });
      }
    }
  }
  return shapes;
}

/** `*args`, `...rest`, `...`, Java's `T... xs`, Go's `xs ...T`, Swift's `xs: T...`, Kotlin's `vararg`, C#'s `params`, Scala's `xs: T*`. */
function isRest(written: string): boolean {
  return /^\*(?!\*)/.test(written) || /\.\.\.(?!\.)/.test(written) || /^(?:vararg|params)\s/.test(written) || /^[^=]*:\s*[^=]*\*\s*$/.test(written);
}

/** A default value (`b=1`, `int b = 1`, `b: Int = 1`) or TypeScript's `b?: T`: a call may leave it out. */
function hasDefault(written: string): boolean {
  if (/^[\p{L}_$][\p{L}\p{N}_$]*\?\s*(?::|$)/u.test(written)) return true;
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < written.length; i++) {
    const c = written[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{<'.includes(c)) depth++;
    else if (')]}>'.includes(c)) depth = Math.max(0, depth - 1);
    else if (c === '=' && depth === 0 && !'=!<>:'.includes(written[i - 1] ?? '') && !'=>'.includes(written[i + 1] ?? '')) return true;
  }
  return false;
}

/** Node types of argument lists. */
const ARGUMENT_LISTS = new Set(['arguments', 'argument_list', 'value_arguments', 'call_suffix']);

/**
 * The call whose callee is the name at `start`..`end` (`f(…)`, `obj.f(…)`, `Type::f(…)`, `obj.f`
 * in Ruby), or `null` when the name is not called there (passed, stored, imported).
 */
export function callAt(root: Node, text: string, start: number, end: number, rules: CallRules): CallShape | null {
  const call = callArgumentsAt(root, text, start, end);
  if (!call) return null;
  return call.args ? { ...argumentsShape(call.args, rules), receiver: call.receiver } : { positional: 0, named: [], spread: false, receiver: call.receiver };
}

/** The argument list of a call or construction: its `arguments` field, else its child that is one. */
export function argumentListOf(call: Node): Node | null {
  return call.childForFieldName('arguments') ?? call.namedChildren.find((child) => child !== null && ARGUMENT_LISTS.has(child.type)) ?? null;
}

/** The argument list of the call whose callee is the name at `start`..`end` (`args: null`: Ruby's call without one), and its receiver. */
export function callArgumentsAt(root: Node, text: string, start: number, end: number): { args: Node | null; receiver: string | null } | null {
  const name = root.descendantForIndex(start, Math.max(start, end - 1));
  if (!name) return null;
  let node: Node | null = name;
  for (let depth = 0; node && depth < 4; depth++, node = node.parent) {
    const call = node.parent;
    if (!call || !/call|invocation/.test(call.type)) continue;
    const args = argumentListOf(call);
    const receiver = receiverOf(text, name, start);
    if (!args) {
      // Ruby's `obj.f` and `f` with a block: a call without arguments.
      if (call.childForFieldName('method')?.startIndex === start) return { args: null, receiver };
      continue;
    }
    if (args.startIndex < end) return null;
    // Only type arguments (`f<T>(…)`, `f::<T>(…)`) or an optional call's `?.` may stand between the name and its arguments.
    if (!/^\s*(?:\?\.)?\s*(?:::)?\s*(?:<[^()]*>)?\s*$/.test(text.slice(end, args.startIndex))) return null;
    return { args, receiver };
  }
  return null;
}

/** The receiver written before `.f`, `->f`, `?.f`, `&.f` (Ruby), `:f` (Lua): `null` for `f` and `Type::f`. */
function receiverOf(text: string, name: Node, start: number): string | null {
  const before = /(?:\?\.|->|&\.|\.|(?<=[\p{L}\p{N}_)\]]):)\s*$/u.exec(text.slice(Math.max(0, start - 8), start));
  if (!before || text.slice(Math.max(0, start - 2), start) === '::') return null;
  const separator = start - before[0].length;
  let access: Node | null = name.parent;
  while (access && access.startIndex >= separator) access = access.parent;
  return access ? text.slice(access.startIndex, separator).trim() : '';
}

/** What an argument list passes. */
export function argumentsShape(args: Node, rules: CallRules): Omit<CallShape, 'receiver'> {
  // Python's `f(x for x in xs)`: the generator is the one argument, and the grammar's argument list.
  if (args.type === 'generator_expression') return { positional: 1, named: [], spread: false };
  let positional = 0;
  const named: string[] = [];
  let spread = false;
  for (const item of argumentItems(args)) {
    if (/splat|spread|variadic_argument/.test(item.type) || /^(?:\*|\.\.\.)/.test(item.text)) {
      spread = true;
      continue;
    }
    const name = rules.argumentName(item);
    if (name !== null) named.push(name);
    else positional++;
  }
  return { positional, named, spread };
}

/** The arguments of a list, comments and Ruby's `&block` left out (Kotlin's and Swift's `call_suffix`: the parenthesized ones, then a trailing lambda). */
export function argumentItems(args: Node): Node[] {
  const items = args.type === 'call_suffix' ? args.namedChildren.flatMap((child) => (child?.type === 'value_arguments' ? child.namedChildren : [child])) : args.namedChildren;
  return items.filter((item): item is Node => item !== null && !/comment/.test(item.type) && item.type !== 'block_argument');
}

/**
 * Why a call does not bind to the parameters, in a phrase (`passes 1 argument; it takes at least
 * 2`), or `null` when it does. `className`: the class declaring the function (a call through it
 * passes the receiver itself).
 */
export function bindingFailure(parameters: readonly ParameterShape[], call: CallShape, rules: CallRules, className: string | null, moreFail: boolean): string | null {
  const positional = positionalOf(parameters, call, className);
  const keywordOnly = parameters.filter((parameter) => parameter.kind === 'keyword');
  const rest = parameters.some((parameter) => parameter.kind === 'rest');
  const keywords = parameters.some((parameter) => parameter.kind === 'keywords');
  let passed = call.positional;
  let named = call.named;
  // Ruby: `d: 1` to a method without keyword parameters is one positional hash.
  if (rules.namedFoldIntoHash && named.length > 0 && keywordOnly.length === 0 && !keywords) {
    passed++;
    named = [];
  }
  if (passed > positional.length && !rest && moreFail) return `passes ${count(passed, 'argument')} by position; it takes ${positional.length === 0 ? 'none' : `at most ${positional.length}`}`;
  const filled = new Set(positional.slice(0, passed));
  for (const name of named) {
    const parameter = [...positional, ...keywordOnly].find((candidate) => candidate.name === name);
    if (!parameter) {
      if (keywords || !moreFail) continue;
      return `passes ${name} by name; it takes no parameter of that name`;
    }
    if (filled.has(parameter)) return `passes ${name} both by position and by name`;
    filled.add(parameter);
  }
  if (call.spread || !rules.fewerFail) return null;
  const missing = [...positional, ...keywordOnly].filter((parameter) => parameter.required && !filled.has(parameter));
  if (missing.length === 0) return null;
  return `passes no argument for ${missing.map((parameter) => parameter.name ?? 'an unnamed parameter').join(', ')}`;
}

/** The parameters a call passes by position, in order: the receiver too where the call does not pass it as `obj.f(…)`. */
function positionalOf(parameters: readonly ParameterShape[], call: CallShape, className: string | null): ParameterShape[] {
  const throughReceiver = call.receiver !== null && call.receiver !== className;
  return parameters.filter((parameter) => parameter.kind === 'positional' || (parameter.kind === 'receiver' && !throughReceiver));
}

/**
 * The first place where a parameter passed by position is not the one that was there before (a
 * parameter moved, or one inserted or removed before another that keeps its name), or `-1`: an
 * argument by position there now reaches another parameter. A parameter renamed in place is the same one.
 */
export function firstMovedPosition(before: readonly ParameterShape[], after: readonly ParameterShape[]): number {
  for (let index = 0; index < Math.min(before.length, after.length); index++) {
    const was = before[index]!.name;
    const now = after[index]!.name;
    if (was === now || was === null || now === null) continue;
    const wasNow = after.findIndex((parameter) => parameter.name === was);
    const nowWas = before.findIndex((parameter) => parameter.name === now);
    if ((wasNow >= 0 && wasNow !== index) || (nowWas >= 0 && nowWas !== index)) return index;
  }
  return -1;
}

/**
 * Why a call's arguments by position no longer reach the parameters they reached before the
 * change (`before`), in a phrase, or `null`: each still reaches the same one.
 */
export function movedArgumentFailure(before: readonly ParameterShape[], after: readonly ParameterShape[], call: CallShape, className: string | null): string | null {
  const old = positionalOf(before, call, className);
  const now = positionalOf(after, call, className);
  const moved = firstMovedPosition(old, now);
  if (moved < 0 || (moved >= call.positional && !call.spread)) return null;
  if (call.positional <= moved) return `spreads its arguments, and the parameters from ${now[moved]!.name} on moved, so which one each reaches cannot be told`;
  return `passes its argument ${moved + 1} by position to ${now[moved]!.name}, where it reached ${old[moved]!.name} before: the parameters moved`;
}

/**
 * Why a literal or pattern of a type built from its fields (Rust's `P { x: 1 }`, `P(a, b)` as a
 * pattern) no longer fits them, in a phrase, or `null` when it does.
 */
export function literalFailure(fields: readonly ParameterShape[], literal: FieldLiteral, typeName: string, omittable: boolean): string | null {
  const positional = fields.filter((field) => field.kind === 'positional').length;
  if (literal.positional > 0 && (literal.rest ? literal.positional > positional : literal.positional !== positional)) return `gives ${count(literal.positional, 'value')} by position; ${typeName} has ${count(positional, 'field')}`;
  for (const name of literal.named) if (!fields.some((field) => field.name === name)) return `names the field ${name}, which ${typeName} no longer has`;
  if (literal.rest || literal.positional > 0 || omittable) return null;
  const missing = fields.filter((field) => field.required && field.name !== null && !literal.named.includes(field.name));
  return missing.length === 0 ? null : `leaves out the field${missing.length === 1 ? '' : 's'} ${missing.map((field) => field.name).join(', ')}`;
}

/**
 * Whether every call that bound to `before` binds to `after` too: the parameters kept in order (and
 * their names, where calls may pass them by name), the added ones optional, none made required,
 * nothing that collected arguments dropped; only the order, where calls may pass fewer or more
 * arguments (`lenient`: JavaScript, Lua).
 */
export function acceptsAllCallsOf(before: readonly ParameterShape[], after: readonly ParameterShape[], byName: boolean, lenient = false): boolean {
  const key = (parameter: ParameterShape) => `${parameter.kind === 'receiver' ? 'positional' : parameter.kind}:${parameter.name ?? ''}`;
  const positional = (shapes: readonly ParameterShape[]) => shapes.filter((shape) => shape.kind === 'positional' || shape.kind === 'receiver');
  const old = positional(before);
  const now = positional(after);
  // (Where a call may pass fewer or more arguments, only where they land matters.)
  if (lenient) return firstMovedPosition(old, now) < 0;
  if (now.length < old.length || firstMovedPosition(old, now) >= 0) return false;
  for (const [index, parameter] of old.entries()) {
    const kept = now[index]!;
    // A receiver no longer passed by `obj.f(…)` (a method made `@staticmethod`), or one now.
    if ((kept.kind === 'receiver') !== (parameter.kind === 'receiver')) return false;
    // (The receiver, `self`, is never passed by its name.)
    if ((byName && parameter.kind !== 'receiver' && kept.name !== parameter.name) || (kept.required && !parameter.required)) return false;
  }
  if (now.slice(old.length).some((parameter) => parameter.required)) return false;
  const keep = new Set(after.map(key));
  const had = new Set(before.map(key));
  for (const parameter of before) if (parameter.kind !== 'positional' && parameter.kind !== 'receiver' && !keep.has(key(parameter))) return false;
  for (const parameter of after) if (parameter.kind === 'keyword' && parameter.required && !had.has(key(parameter))) return false;
  for (const parameter of after) {
    const earlier = before.find((candidate) => key(candidate) === key(parameter));
    if (parameter.kind === 'keyword' && earlier && parameter.required && !earlier.required) return false;
  }
  return true;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
