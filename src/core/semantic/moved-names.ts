/*
 * What a structure moved to another scope (another parent, another file) takes out of reach of
 * its names: the names its text uses that the destination cannot see, and the names it declares
 * that the destination already declares.
 */
import type { TextSpan } from '../structure/types.js';
import { classesOf, memberDefinitions, type ClassDeclaration } from './members.js';
import type { ModelledFile } from './references.js';
import type { Binding, Occurrence, Scope, ScopeModel } from './scopes.js';
import { literalPattern } from '../text/literal-search.js';

/** Where the moved text lands: the destination file's model and an offset in the scope it lands in. */
export interface MoveDestination {
  readonly model: ScopeModel;
  /**
   * The start of the structure it goes next to (in the same scope as the moved text will be), or
   * `null` for the file's top level.
   */
  readonly offset: number | null;
  /** Whether the destination is the source file (its model is then the source's). */
  readonly sameFile: boolean;
}

/** What the moved text's names meet at the destination. */
export interface MoveReach {
  /** The first use in the moved text of each name it uses that is declared outside it and that nothing the destination sees declares. */
  readonly unreachable: readonly Occurrence[];
  /** Declarations the destination's scope already holds under a name the moved text declares there. */
  readonly conflicts: readonly Binding[];
  /** The scope the moved declaration lands in (the destination's module, at its top level). */
  readonly landing: Scope;
}

/**
 * The reach of a move of `moved` (a span of `source`) to `destination`, from the scope models of
 * both files as they are. A use keeps its meaning's kind, not its exact declaration: a name the
 * destination declares too (a sibling method of the same name in the new class) counts as
 * reachable. Python's class bodies are not seen from the functions in them, so a name declared
 * only in a class body around the destination does not reach the moved code.
 */
export function reachAfterMove(source: ScopeModel, moved: TextSpan, destination: MoveDestination): MoveReach {
  const within = (offset: number) => offset >= moved.start && offset < moved.end;
  const declaredOutside = (binding: Binding) => !destination.sameFile || binding.declarations.every((declaration) => !within(declaration.start));
  const { model, offset } = destination;
  // The scopes around the landing place below the module, innermost first; what it sees adds the module.
  const around = offset === null ? [] : model.scopes.filter((scope) => scope !== model.module && scope.start < offset && offset < scope.end && !(destination.sameFile && within(scope.start)));
  around.sort((a, b) => b.start - a.start);
  const landing = around[0] ?? model.module;
  const seen = [...around.filter((scope) => !(model.classBodiesHidden && scope.kind === 'class')), model.module];
  const visible = (name: string) => seen.some((scope) => {
    const binding = scope.bindings.get(name);
    return binding !== undefined && declaredOutside(binding);
  });

  const unreachable = new Map<string, Occurrence>();
  for (const occurrence of source.occurrences) {
    if (!within(occurrence.start) || occurrence.role !== 'reference' || !occurrence.binding) continue;
    const binding = occurrence.binding;
    if (binding.declarations.some((declaration) => within(declaration.start)) || unreachable.has(binding.name)) continue;
    if (destination.sameFile && seen.includes(binding.scope)) continue;
    if (!visible(binding.name)) unreachable.set(binding.name, occurrence);
  }

  // The names the moved text declares in the scope it sits in (its own name, for a declaration).
  const conflicts: Binding[] = [];
  for (const scope of source.scopes) {
    if (within(scope.start) && scope !== source.module) continue;
    for (const binding of scope.bindings.values()) {
      if (!binding.declarations.some((declaration) => within(declaration.start))) continue;
      const existing = landing.bindings.get(binding.name);
      if (existing && existing !== binding && declaredOutside(existing)) conflicts.push(existing);
    }
  }
  return { unreachable: [...unreachable.values()], conflicts, landing };
}

/**
 * The class whose node a structure spans (`span`: the structure, its decorators and comments
 * included), or `null` when it is none.
 */
export function classAt(file: ModelledFile, span: TextSpan): ClassDeclaration | null {
  let found: ClassDeclaration | null = null;
  for (const declaration of classesOf(file)) {
    const { startIndex, endIndex } = declaration.node;
    if (startIndex < span.start || endIndex > span.end + 1) continue;
    if (!found || startIndex < found.node.startIndex || endIndex > found.node.endIndex) found = declaration;
  }
  return found;
}

/**
 * The first use in the moved text of each member it reaches through `this` (or another of the
 * language's `receivers`: Python's `self`, `cls`) that the class it lands in does not declare (a method, a field, or, in Python, an
 * attribute its methods assign). A member the class it leaves does not declare either (inherited,
 * or set from outside) is in reach only when both classes name the same bases. `to` is `null`
 * when it lands outside any class, where no `this` member is in reach.
 */
export function membersOutOfReach(source: ModelledFile, moved: TextSpan, from: ClassDeclaration | null, to: ClassDeclaration | null, receivers: readonly string[]): Occurrence[] {
  const selves = ['this', ...receivers].join('|');
  const declares = (declaration: ClassDeclaration, name: string): boolean => {
    if (memberDefinitions(declaration, name).length > 0) return true;
    const text = declaration.file.text.slice(declaration.node.startIndex, declaration.node.endIndex);
    return new RegExp(`\\b(?:${selves})\\.${name.replace(/[$]/g, '\\$&')}\\s*(?:[-+*/%|&^@]|\\*\\*|//|<<|>>)?=(?!=)`).test(text);
  };
  const heritage = (declaration: ClassDeclaration | null) => declaration?.heritage.map((node) => node.text).join(', ') ?? '';
  const out = new Map<string, Occurrence>();
  for (const occurrence of source.model.occurrences) {
    if (occurrence.start < moved.start || occurrence.start >= moved.end || occurrence.role !== 'property' || !occurrence.object) continue;
    const receiver = occurrence.object;
    const own = receiver.kind === 'this' || (receiver.kind === 'name' && receivers.includes(receiver.name));
    if (!own || out.has(occurrence.name)) continue;
    // What it declares itself (a recursive method) goes with it.
    if (from && memberDefinitions(from, occurrence.name).some((node) => node.startIndex >= moved.start && node.startIndex < moved.end)) continue;
    if (to && declares(to, occurrence.name)) continue;
    if (to && from && !declares(from, occurrence.name) && heritage(from) === heritage(to) && heritage(to) !== '') continue;
    out.set(occurrence.name, occurrence);
  }
  return [...out.values()];
}

/** A use that a move within a file puts before what it names, where the code runs as the file loads. */
export interface OrderBreak {
  readonly occurrence: Occurrence;
  /** Whether the use is of what the moved text declares (else the moved text's own use of a name declared outside it). */
  readonly ofMoved: boolean;
}

/**
 * For a language whose top-level code sees only what is declared above it ({@link
 * NameRules.definedInOrder}), the uses a move of `moved` to `landing` (an offset of the same file,
 * outside `moved`) puts before their declaration, among those that run as the file loads (not
 * inside a function): a use of what the moved text declares that ends up above it (`main()`
 * called at the end of a module, its `def main` moved below that call), and a use by the moved
 * text's own definition (a default value, a decorator, a base class) of a name declared only below
 * the landing place, or deleted (`del re`) before it.
 */
export function orderBreaks(source: ScopeModel, text: string, moved: TextSpan, landing: number): OrderBreak[] {
  const within = (offset: number) => offset >= moved.start && offset < moved.end;
  // The scope the moved declaration sits in: the innermost scope around it that does not start in it.
  const home = source.scopes.filter((scope) => scope.start <= moved.start && moved.end <= scope.end && !within(scope.start)).sort((a, b) => b.start - a.start)[0] ?? source.module;
  /** Whether code at this occurrence runs when `home`'s code runs (no function between them). */
  const runsWithHome = (occurrence: Occurrence) => {
    for (let scope: Scope | null = occurrence.scope; scope && scope !== home; scope = scope.parent) if (scope.kind === 'function') return false;
    return true;
  };
  const breaks: OrderBreak[] = [];
  const reported = new Set<string>();
  for (const occurrence of source.occurrences) {
    const binding = occurrence.binding;
    if (occurrence.role !== 'reference' || !binding || binding.scope !== home || reported.has(binding.name) || !runsWithHome(occurrence)) continue;
    const declaredInside = binding.declarations.some((declaration) => within(declaration.start));
    if (declaredInside && !within(occurrence.start)) {
      // A use of what it declares: above its new place, and not declared above that use otherwise.
      if (occurrence.start < landing && !binding.declarations.some((declaration) => !within(declaration.start) && declaration.start < occurrence.start)) {
        breaks.push({ occurrence, ofMoved: true });
        reported.add(binding.name);
      }
    } else if (!declaredInside && within(occurrence.start)) {
      // Its own definition's use of a name declared outside it: declared above the new place, and not deleted since.
      const above = binding.declarations.filter((declaration) => declaration.start < landing).map((declaration) => declaration.start);
      const last = above.length > 0 ? Math.max(...above) : -1;
      const deleted = last >= 0 && new RegExp(`^[ \\t]*del\\b[^\\n]*\\b${literalPattern(binding.name)}\\b`, 'm').test(text.slice(last, landing).replace(text.slice(moved.start, moved.end), ''));
      if (last < 0 || deleted) {
        breaks.push({ occurrence, ofMoved: false });
        reported.add(binding.name);
      }
    }
  }
  return breaks;
}
