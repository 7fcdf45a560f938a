import { err, ok, type Result } from 'neverthrow';
import { invalidArgument, type ErrorOf } from '../errors.js';
import { columnOfOffset, type SourceText } from '../text/source-text.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { boundaryPrefixes, firstCharacters, headerText, lineMatches, MATCH_LENGTH, matchTexts } from './match-text.js';

/** A located structure with its ancestors: `[root, …, structure]`. */
export type StructurePath = readonly StructureNode[];

/**
 * Splits a target into its levels. `""` (or only blank lines) is the file itself. A trailing line
 * break is forgiven; an empty level in the middle is an error, since it would match anything.
 */
export function parseTarget(target: string): Result<string[], ErrorOf<'INVALID_ARGUMENT'>> {
  const lines = target.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  const empty = lines.findIndex((line) => line.trim() === '');
  if (empty !== -1) {
    return err(
      invalidArgument([
        {
          field: 'target',
          message: `level ${empty + 1} of the target is blank; write one non-empty line per nesting level, outermost first (a blank line would match any structure)`,
        },
      ]),
    );
  }
  return ok(lines);
}

/**
 * A last target line `@line N` chooses, among the structures the lines above it name, the one that
 * starts on line N: how overloads, repeated headings and other structures whose text starts alike
 * are named uniquely (listStructures gives such targets where a prefix cannot name one alone).
 * Only the first line counts, not any line inside: after an edit shifts lines, a stale N then names
 * nothing (TARGET_NOT_FOUND, with the current targets) far more often than a sibling by accident.
 * `@line N:C` also gives the column the structure starts at (1-based), for several that start
 * alike on one line (HTML links in a paragraph).
 */
const LINE_HINT = /^@line (\d+)(?::(\d+))?$/;

/** Where a target's `@line N` or `@line N:C` level says its structure starts. */
export interface LineHint {
  readonly line: number;
  readonly column: number | null;
}

/** The position a target's `@line N[:C]` level names, if it ends with one. */
export function lineHint(levels: readonly string[]): LineHint | null {
  const match = levels.length > 1 ? LINE_HINT.exec(levels[levels.length - 1]!.trim()) : null;
  return match ? { line: Number(match[1]), column: match[2] === undefined ? null : Number(match[2]) } : null;
}

/** The `@line` level naming a structure: its first line, and its column when another structure starts on that line. */
function lineLevel(source: SourceText, node: StructureNode, withColumn: boolean): string {
  return withColumn ? `@line ${node.lineRange[0]}:${columnOfOffset(source, node.start)}` : `@line ${node.lineRange[0]}`;
}

/** Every structure path the target's levels name, in source order (empty when nothing matches). */
export function resolveLevels(tree: StructureTree, allLevels: readonly string[]): { paths: StructurePath[]; failedLevel: number; frontier: StructurePath[] } {
  const hint = lineHint(allLevels);
  const levels = hint === null ? allLevels : allLevels.slice(0, -1);
  let frontier: StructurePath[] = [[tree.root]];
  for (let level = 0; level < levels.length; level++) {
    const line = levels[level]!;
    const next: StructurePath[] = [];
    for (const path of frontier) {
      for (const child of path[path.length - 1]!.children) {
        if (lineMatches(tree.source.text, child, line)) next.push([...path, child]);
      }
    }
    if (next.length === 0) return { paths: [], failedLevel: level, frontier };
    frontier = next;
  }
  if (hint !== null) {
    const holding = frontier.filter((path) => {
      const node = path[path.length - 1]!;
      return node.lineRange[0] === hint.line && (hint.column === null || columnOfOffset(tree.source, node.start) === hint.column);
    });
    if (holding.length === 0) return { paths: [], failedLevel: levels.length, frontier };
    return { paths: holding, failedLevel: -1, frontier: holding };
  }
  return { paths: frontier, failedLevel: -1, frontier };
}

/** A partial target: its lines so far, and every structure they name at the last level. */
interface Naming {
  readonly lines: readonly string[];
  readonly frontier: readonly StructureNode[];
}

/** How many ambiguous partial targets are carried to the next level. */
const MAX_ALTERNATIVES = 4;

/**
 * Finds the shortest unique targets of structures. Per level it prefers the shortest prefix of the
 * header that shows the structure's name (`def validate`), then its other match texts
 * (`@staticmethod`, `export class Foo`, a doc comment). Where a level cannot be named uniquely, a
 * few alternative lines are carried down: a child may still be unique under one of them.
 */
export class TargetNamer {
  readonly #tree: StructureTree;
  readonly #indexes = new WeakMap<StructureNode, SiblingIndex>();

  constructor(tree: StructureTree) {
    this.#tree = tree;
  }

  /** The target naming exactly the last structure of `path`, or `null` with the reason. */
  targetOf(path: StructurePath): { target: string; reason: null } | { target: null; reason: string } {
    let namings: readonly Naming[] = [{ lines: [], frontier: [path[0]!] }];
    for (let depth = 1; depth < path.length; depth++) namings = this.#step(namings, path[depth]!);
    return this.#result(namings, path[path.length - 1]!);
  }

  /**
   * Targets for every structure below `root` down to `depth` levels, in source order, computed
   * top-down (cheaper than one by one).
   */
  *targetsBelow(root: StructureNode, depth = Number.POSITIVE_INFINITY): Generator<{ path: StructurePath; target: string | null; reason: string | null }> {
    const stack: Array<{ path: StructurePath; namings: readonly Naming[] }> = [{ path: [root], namings: [{ lines: [], frontier: [root] }] }];
    while (stack.length > 0) {
      const { path, namings } = stack.pop()!;
      const parent = path[path.length - 1]!;
      for (let i = path.length <= depth ? parent.children.length - 1 : -1; i >= 0; i--) {
        const child = parent.children[i]!;
        stack.push({ path: [...path, child], namings: this.#step(namings, child) });
      }
      if (path.length > 1) yield { path, ...this.#result(namings, parent) };
    }
  }

  #result(namings: readonly Naming[], node: StructureNode): { target: string; reason: null } | { target: null; reason: string } {
    const best = namings[0];
    if (!best) return { target: null, reason: 'it has no text to name it by' };
    if (best.frontier.length === 1 && best.frontier[0] === node) return { target: best.lines.join('\n'), reason: null };
    // No prefix names it alone (overloads, repeated headings): its first line does, unless another
    // structure the lines name holds that line too (two on one line).
    const line = node.lineRange[0];
    if (best.lines.length > 0 && best.frontier.includes(node)) {
      // Two structures starting on one line (`<a>…</a><a>…</a>`) are told apart by column.
      const others = best.frontier.filter((other) => other !== node && other.lineRange[0] <= line && line <= other.lineRange[1]);
      if (others.length === 0) return { target: [...best.lines, lineLevel(this.#tree.source, node, false)].join('\n'), reason: null };
      if (others.every((other) => other.start !== node.start)) {
        return { target: [...best.lines, lineLevel(this.#tree.source, node, true)].join('\n'), reason: null };
      }
    }
    const others = [...new Set(best.frontier.filter((other) => other !== node).map((other) => other.lineRange[0]))];
    return {
      target: null,
      reason: `the first ${MATCH_LENGTH} characters of every line that could name it (or one of its enclosing structures) also start the structure${others.length === 1 ? '' : 's'} at line${others.length === 1 ? '' : 's'} ${others.slice(0, 5).join(', ')}`,
    };
  }

  /**
   * Extends partial targets by one level naming `node`: the shortest token-boundary prefix of its
   * header that shows its name (then of its other match texts) that names it alone under one of
   * the partial targets; failing that, the whole match texts, fewest matches first.
   */
  #step(namings: readonly Naming[], node: StructureNode): Naming[] {
    const text = this.#tree.source.text;
    const header = headerText(text, node);
    const options = [header, ...matchTexts(text, node).reverse()].filter((option, index, all) => option.trim() !== '' && all.indexOf(option) === index);
    // A line that names a declaration should show its name: `class UserAuth`, not `class`.
    const minimum = node.name ? endOfWord(header, node.name) : 0;
    for (const naming of namings) {
      for (const option of options) {
        for (const prefix of boundaryPrefixes(option)) {
          if (option === header && prefix.length < minimum) continue;
          if (naming.frontier.every((parent) => this.#index(parent).namesOnly(prefix, node))) return [{ lines: [...naming.lines, prefix], frontier: [node] }];
        }
      }
    }
    const next: Naming[] = [];
    for (const naming of namings) {
      for (const option of options) {
        const line = option;
        const matches = naming.frontier.flatMap((parent) => this.#index(parent).matching(line));
        if (matches.includes(node)) next.push({ lines: [...naming.lines, line], frontier: matches });
      }
    }
    return next.sort((a, b) => a.frontier.length - b.frontier.length).slice(0, MAX_ALTERNATIVES);
  }

  #index(parent: StructureNode): SiblingIndex {
    let index = this.#indexes.get(parent);
    if (!index) {
      index = new SiblingIndex(this.#tree.source.text, parent.children);
      this.#indexes.set(parent, index);
    }
    return index;
  }
}

/** The match texts of a set of siblings, sorted, to count prefix matches by binary search. */
class SiblingIndex {
  readonly #entries: Array<{ text: string; node: StructureNode }>;
  readonly #source: string;
  readonly #siblings: ReadonlySet<StructureNode>;

  constructor(source: string, siblings: readonly StructureNode[]) {
    this.#source = source;
    this.#siblings = new Set(siblings);
    this.#entries = [];
    for (const node of siblings) for (const text of matchTexts(source, node)) this.#entries.push({ text, node });
    this.#entries.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  }

  /** Whether `line` names `node` and no other sibling (nodes of other parents are never named). */
  namesOnly(line: string, node: StructureNode): boolean {
    const wanted = firstCharacters(line);
    let named = false;
    for (let i = this.#lowerBound(wanted); i < this.#entries.length && this.#entries[i]!.text.startsWith(wanted); i++) {
      const entry = this.#entries[i]!;
      if (!lineMatches(this.#source, entry.node, line)) continue;
      if (entry.node !== node) return false;
      named = true;
    }
    return named || !this.#siblings.has(node);
  }

  #lowerBound(wanted: string): number {
    let lo = 0;
    let hi = this.#entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#entries[mid]!.text < wanted) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Siblings a target line names, in source order. */
  matching(line: string): StructureNode[] {
    const wanted = firstCharacters(line);
    const found = new Set<StructureNode>();
    for (let i = this.#lowerBound(wanted); i < this.#entries.length && this.#entries[i]!.text.startsWith(wanted); i++) {
      const node = this.#entries[i]!.node;
      if (lineMatches(this.#source, node, line)) found.add(node);
    }
    return [...found].sort((a, b) => a.start - b.start);
  }
}

/** Where `word` first ends in `text` as a whole word (not inside another word), or 0. */
function endOfWord(text: string, word: string): number {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1];
    const after = text[at + word.length];
    if ((before === undefined || !/[\w$]/.test(before)) && (after === undefined || !/[\w$]/.test(after))) return at + word.length;
  }
  return 0;
}
