import { err, ok, type Result } from 'neverthrow';
import { invalidArgument, type ErrorOf, type LineRange } from '../errors.js';
import { wildcardRegExp } from '../glob.js';
import { TargetNamer, type StructurePath } from '../locate/targets.js';
import type { StructureNode, StructureTree } from '../structure/types.js';

/**
 * Which structures a search selects, compiled once for every file: the filters of
 * `findStructures` (name, kind, text), all of which a structure must pass.
 */
export interface StructureQuery {
  /** Whether a structure passes every filter. */
  matches(node: StructureNode, source: string): boolean;
  /**
   * A cheap test on a whole file's text before parsing it: `false` only when no structure in it
   * can match (a literal name or text it does not contain). Files that pass are parsed.
   */
  mayMatchFile(text: string): boolean;
}

/** The filters of a structure query, as `findStructures` takes them. */
export interface StructureFilters {
  /** The structure's name, whole: exact, or with `*` (any characters) and `?` (one character). */
  name?: string | undefined;
  /** A regular expression (JavaScript syntax) searched for in the structure's name. */
  name_regex?: string | undefined;
  /** Kinds to keep (`function`, `class`, `method`, `section`…); any of them. */
  kind?: string | readonly string[] | undefined;
  /** Literal text the structure's text contains (case-sensitive). */
  text?: string | undefined;
  /** A regular expression (JavaScript syntax, `^` and `$` at line boundaries) searched for in the structure's text. */
  text_regex?: string | undefined;
}

/**
 * Compiles filters into a query; `INVALID_ARGUMENT` naming the field when a regular expression
 * does not compile (a user error, reported as a value).
 */
export function compileStructureQuery(filters: StructureFilters): Result<StructureQuery, ErrorOf<'INVALID_ARGUMENT'>> {
  const nameRegex = compileRegExp('name_regex', filters.name_regex, '');
  if (nameRegex.isErr()) return err(nameRegex.error);
  const textRegex = compileRegExp('text_regex', filters.text_regex, 'm');
  if (textRegex.isErr()) return err(textRegex.error);
  const namePattern = filters.name === undefined ? null : /[*?]/.test(filters.name) ? wildcardRegExp(filters.name) : null;
  const exactName = filters.name !== undefined && namePattern === null ? filters.name : null;
  const kinds = filters.kind === undefined ? null : new Set(typeof filters.kind === 'string' ? [filters.kind] : filters.kind);
  const { text } = filters;

  // A regular expression with the g or y flag keeps state between tests; these have neither.
  const tests: Array<(node: StructureNode, source: string) => boolean> = [];
  if (kinds) tests.push((node) => kinds.has(node.kind));
  if (exactName !== null) tests.push((node) => node.name === exactName);
  if (namePattern) tests.push((node) => node.name !== null && namePattern.test(node.name));
  if (nameRegex.value) {
    const pattern = nameRegex.value;
    tests.push((node) => node.name !== null && pattern.test(node.name));
  }
  if (text !== undefined) tests.push((node, source) => source.slice(node.start, node.end).includes(text));
  if (textRegex.value) {
    const pattern = textRegex.value;
    tests.push((node, source) => pattern.test(source.slice(node.start, node.end)));
  }
  // Names are source text, clipped to 80 characters with a trailing `…` (see clipName): what precedes it is in the file.
  const nameInFile = exactName?.endsWith('…') ? exactName.slice(0, -1) : exactName;
  return ok({
    matches: (node, source) => tests.every((test) => test(node, source)),
    // Only literal filters are safe to test on the whole file: a name is part of the file's text,
    // and so is a structure's text; a regular expression's anchors could match there and not in the file.
    mayMatchFile: (fileText) => (nameInFile === null || fileText.includes(nameInFile)) && (text === undefined || fileText.includes(text)),
  });
}

function compileRegExp(field: string, source: string | undefined, flags: string): Result<RegExp | null, ErrorOf<'INVALID_ARGUMENT'>> {
  if (source === undefined) return ok(null);
  try {
    return ok(new RegExp(source, flags));
  } catch (cause) {
    // The RegExp constructor is the only way to check a pattern; its exception becomes a value here.
    const reason = cause instanceof Error ? cause.message : String(cause);
    return err(invalidArgument([{ field, message: `is not a valid regular expression (JavaScript syntax): ${reason}` }]));
  }
}

/** Every structure of a tree the query selects, outermost first within source order (depth first). */
export function findInTree(tree: StructureTree, query: StructureQuery): StructurePath[] {
  const found: StructurePath[] = [];
  const text = tree.source.text;
  const visit = (path: StructureNode[]) => {
    const node = path[path.length - 1]!;
    for (const child of node.children) {
      const childPath = [...path, child];
      if (query.matches(child, text)) found.push(childPath);
      visit(childPath);
    }
  };
  visit([tree.root]);
  return found;
}

/** What a search reports for one structure found. */
export interface FoundStructure {
  /** The file, root-relative. */
  path: string;
  /** Its kind (`class`, `method`, `section`, …). */
  kind: string;
  /** Its name, where it has one. */
  name: string | null;
  /** Its line range, 1-based and inclusive. */
  line_range_inclusive: LineRange;
  /** The shortest target that names it alone in its file (as `listStructures` gives it), or `null`. */
  target: string | null;
  /** Why no target names it alone (only when `target` is `null`). */
  target_unavailable?: string;
}

/**
 * Structures in a deterministic order: by path (code-unit order, as the listing sorts), then by
 * position (first line, then last line descending so an enclosing structure comes before what it
 * holds).
 */
export function compareFound(a: FoundStructure, b: FoundStructure): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return a.line_range_inclusive[0] - b.line_range_inclusive[0] || b.line_range_inclusive[1] - a.line_range_inclusive[1];
}

/** What one file holds for a search: how many structures match, and the ones asked for, named. */
export interface FileMatches {
  /** How many structures of the file match. */
  total: number;
  /** The matches from `from` on (at most `count`), in {@link compareFound} order, each with its target. */
  matches: FoundStructure[];
}

/**
 * The structures of one file a query selects: all counted, and `count` of them from the `from`-th on
 * (in {@link compareFound} order) returned with their targets. Naming is the costly part, so only
 * those are named; the same namer gives the same targets whichever are named.
 */
export function searchTree(tree: StructureTree, query: StructureQuery, path: string, from: number, count: number): FileMatches {
  const found = findInTree(tree, query);
  const room = Math.min(count, found.length - from);
  if (room <= 0) return { total: found.length, matches: [] };
  const namer = new TargetNamer(tree);
  // Naming many structures one by one repeats the work on their enclosing levels; all at once
  // (as listStructures does) shares it. Same namer, same targets, either way.
  const named = room * 4 >= countStructures(tree.root) ? targetsByNode(namer, tree.root) : null;
  const inFile = found.map((structurePath): FoundStructure => {
    const node = structurePath[structurePath.length - 1]!;
    return { path, kind: node.kind, name: node.name, line_range_inclusive: [...node.lineRange], target: null };
  });
  const order = inFile.map((_, index) => index).sort((a, b) => compareFound(inFile[a]!, inFile[b]!) || a - b);
  const matches = order.slice(from, from + room).map((index) => {
    const structurePath = found[index]!;
    const naming = named?.get(structurePath[structurePath.length - 1]!) ?? namer.targetOf(structurePath);
    const match = inFile[index]!;
    match.target = naming.target;
    if (naming.target === null && naming.reason !== null) match.target_unavailable = naming.reason;
    return match;
  });
  return { total: found.length, matches };
}

/** How many structures are below `root`. */
function countStructures(root: StructureNode): number {
  let count = 0;
  const stack = [...root.children];
  for (let node = stack.pop(); node; node = stack.pop()) {
    count++;
    stack.push(...node.children);
  }
  return count;
}

/** The target of every structure below `root`, computed top-down in one pass. */
function targetsByNode(namer: TargetNamer, root: StructureNode): Map<StructureNode, { target: string | null; reason: string | null }> {
  const targets = new Map<StructureNode, { target: string | null; reason: string | null }>();
  for (const { path, target, reason } of namer.targetsBelow(root)) targets.set(path[path.length - 1]!, { target, reason });
  return targets;
}
