import { levenshteinRatio } from '../text/levenshtein.js';
import { err, ok, type Result } from 'neverthrow';
import {
  makeError,
  type AmbiguousMatch,
  type ErrorOf,
  type ParentFound,
  type TargetSuggestion,
} from '../errors.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { lineMatches, matchTexts, headerText } from './match-text.js';
import { lineHint, parseTarget, resolveLevels, TargetNamer, type LineHint, type StructurePath } from './targets.js';

/** Errors locating a target can produce. */
export type LocateError = ErrorOf<'TARGET_NOT_FOUND'> | ErrorOf<'INVALID_ARGUMENT'>;

const MAX_SUGGESTIONS = 5;

/**
 * Every structure a target names (read_structure returns them all), or `TARGET_NOT_FOUND` naming
 * the deepest level that matched and the nearest candidates at the level that did not.
 * `file` is the path shown in messages.
 */
export function locateTarget(tree: StructureTree, target: string, file: string, namer = new TargetNamer(tree)): Result<StructurePath[], LocateError> {
  return parseTarget(target).andThen((levels) => {
    const resolved = resolveLevels(tree, levels);
    if (resolved.paths.length > 0) return ok(resolved.paths);
    return err(targetNotFound(tree, file, levels, resolved.failedLevel, resolved.frontier, namer));
  });
}

/** Like {@link locateTarget}, but the target must name exactly one structure (every write needs that). */
export function locateUniqueTarget(
  tree: StructureTree,
  target: string,
  file: string,
  namer = new TargetNamer(tree),
): Result<StructurePath, LocateError | ErrorOf<'TARGET_AMBIGUOUS'>> {
  return locateTarget(tree, target, file, namer).andThen((paths) =>
    paths.length === 1 ? ok(paths[0]!) : err(targetAmbiguous(tree, file, target, paths, namer)),
  );
}

/** `TARGET_AMBIGUOUS` listing every match with a target that names it alone. */
export function targetAmbiguous(
  tree: StructureTree,
  file: string,
  target: string,
  paths: readonly StructurePath[],
  namer = new TargetNamer(tree),
): ErrorOf<'TARGET_AMBIGUOUS'> {
  const matches: AmbiguousMatch[] = paths.map((path) => {
    const node = path[path.length - 1]!;
    return {
      kind: node.kind,
      line_range_inclusive: [...node.lineRange],
      target: namer.targetOf(path).target,
      match_text: headerText(tree.source.text, node),
    };
  });
  const listed = matches
    .slice(0, 5)
    .map((match) => `lines ${match.line_range_inclusive[0]}-${match.line_range_inclusive[1]}${match.target !== null ? ` (target ${JSON.stringify(match.target)})` : ''}`)
    .join('; ');
  const more = matches.length > 5 ? `; and ${matches.length - 5} more` : '';
  return makeError(
    'TARGET_AMBIGUOUS',
    `The target names ${matches.length} structures in ${file}, and this operation needs exactly one: ${listed}${more}. Call again with the target of the one you mean (details.matches lists them), or add a longer line or an enclosing level to tell them apart.`,
    { path: file, target, matches },
  );
}

function targetNotFound(
  tree: StructureTree,
  file: string,
  levels: readonly string[],
  failedLevel: number,
  frontier: readonly StructurePath[],
  namer: TargetNamer,
): ErrorOf<'TARGET_NOT_FOUND'> {
  const hint = failedLevel === levels.length - 1 ? lineHint(levels) : null;
  if (hint !== null) return lineHintNotFound(file, levels, hint, frontier, namer);
  const text = tree.source.text;
  const line = levels[failedLevel]!;
  const parents = frontier.map((path) => path[path.length - 1]!);
  const parentNode = parents[0]!;
  const parentFound: ParentFound = {
    target: levels.slice(0, failedLevel).join('\n'),
    kind: parentNode.kind,
    line_range_inclusive: [...parentNode.lineRange],
    matches: parents.length,
  };

  const suggestions: TargetSuggestion[] = [];
  // A structure deeper down that the line names exactly: the caller most likely skipped a level.
  for (const path of deeperMatches(text, frontier, line, MAX_SUGGESTIONS)) {
    const node = path[path.length - 1]!;
    suggestions.push({
      match_text: bestText(text, node, line).text,
      target: namer.targetOf(path).target ?? [...levels.slice(0, failedLevel), line].join('\n'),
      kind: node.kind,
      line: node.lineRange[0],
      similarity: 1,
      skipped_level: true,
    });
  }
  const skipped = suggestions.length;

  const scored = frontier.flatMap((path) =>
    path[path.length - 1]!.children.map((node) => {
      const best = bestText(text, node, line, node.name);
      return { path: [...path, node], node, text: best.text, score: best.score };
    }),
  );
  scored.sort((a, b) => b.score - a.score || a.node.start - b.node.start);
  for (const candidate of scored.slice(0, MAX_SUGGESTIONS - skipped)) {
    const named = namer.targetOf(candidate.path).target;
    suggestions.push({
      match_text: candidate.text,
      target: named ?? [...levels.slice(0, failedLevel), candidate.text].join('\n'),
      kind: candidate.node.kind,
      line: candidate.node.lineRange[0],
      similarity: Math.round(candidate.score * 100) / 100,
    });
  }

  const where =
    failedLevel === 0
      ? `at the top level of ${file}`
      : `inside ${JSON.stringify(parentFound.target.split('\n').pop())} (${parentNode.kind}, lines ${parentNode.lineRange[0]}-${parentNode.lineRange[1]})`;
  const hints: string[] = [];
  if (skipped > 0) {
    const first = suggestions[0]!;
    hints.push(`It names a structure nested one or more levels deeper (line ${first.line}); targets cannot skip levels, so use the full target ${JSON.stringify(first.target)}.`);
  } else if (suggestions.length > 0) {
    const first = suggestions[0]!;
    hints.push(`Closest: ${JSON.stringify(first.match_text)} (${first.kind}, line ${first.line}), target ${JSON.stringify(first.target)}.`);
  } else {
    hints.push(failedLevel === 0 ? `${file} has no structures.` : 'That structure has no nested structures.');
  }
  if (/^\s/.test(line)) hints.push('Target lines are compared literally and structures start at their first token: drop the leading whitespace.');
  return makeError(
    'TARGET_NOT_FOUND',
    `No structure matches level ${failedLevel + 1} of the target, ${JSON.stringify(line)}, ${where}. ${hints.join(' ')} Each target line must be the literal start (up to 50 characters) of a structure's text, one line per nesting level, outermost first; see details.suggestions.`,
    {
      path: file,
      searched_path: [...levels],
      failed_level: failedLevel + 1,
      parent_found: parentFound,
      suggestions,
    },
  );
}

/**
 * `@line N` named none of the structures the lines above it name (none starts on line N, usually a
 * stale line after an edit shifted the file): each of them with its current target, nearest first.
 */
function lineHintNotFound(file: string, levels: readonly string[], { line: hint, column }: LineHint, frontier: readonly StructurePath[], namer: TargetNamer): ErrorOf<'TARGET_NOT_FOUND'> {
  const named = levels.slice(0, -1);
  const nodes = frontier.map((path) => path[path.length - 1]!);
  const nearest = [...frontier].sort((a, b) => Math.abs(a[a.length - 1]!.lineRange[0] - hint) - Math.abs(b[b.length - 1]!.lineRange[0] - hint)).slice(0, MAX_SUGGESTIONS);
  const suggestions: TargetSuggestion[] = nearest.map((path) => {
    const node = path[path.length - 1]!;
    return {
      match_text: named[named.length - 1]!,
      target: namer.targetOf(path).target ?? [...named, `@line ${node.lineRange[0]}`].join('\n'),
      kind: node.kind,
      line: node.lineRange[0],
      similarity: 1,
    };
  });
  const starts = nodes.map((node) => node.lineRange[0]).join(', ');
  return makeError(
    'TARGET_NOT_FOUND',
    `No structure ${JSON.stringify(named.join('\n'))} names starts on line ${hint}${column === null ? '' : ` at column ${column}`} of ${file}: ${nodes.length} do, on line${nodes.length === 1 ? '' : 's'} ${starts}. Lines shift as a file is edited; take the target from details.suggestions (or a fresh listing), and pass expected_hash to be sure the file is still the one you read.`,
    {
      path: file,
      searched_path: [...levels],
      failed_level: levels.length,
      parent_found: { target: named.join('\n'), kind: nodes[0]!.kind, line_range_inclusive: [...nodes[0]!.lineRange], matches: nodes.length },
      suggestions,
    },
  );
}

/** Paths to structures two or more levels below the frontier that `line` names, in source order. */
function deeperMatches(text: string, frontier: readonly StructurePath[], line: string, limit: number): StructurePath[] {
  const found: StructurePath[] = [];
  for (const start of frontier) {
    const stack: StructurePath[] = [];
    const parent = start[start.length - 1]!;
    for (let i = parent.children.length - 1; i >= 0; i--) stack.push([...start, parent.children[i]!]);
    while (stack.length > 0 && found.length < limit) {
      const path = stack.pop()!;
      const node = path[path.length - 1]!;
      if (path.length > start.length + 1 && lineMatches(text, node, line)) found.push(path);
      for (let i = node.children.length - 1; i >= 0; i--) stack.push([...path, node.children[i]!]);
    }
  }
  return found;
}

/** The candidate's match text most similar to the target line, and how similar it is (0 to 1). */
function bestText(text: string, node: StructureNode, line: string, name?: string | null): { text: string; score: number } {
  let best = { text: headerText(text, node), score: -1 };
  for (const candidate of matchTexts(text, node)) {
    const score = similarity(line, candidate, name);
    if (score > best.score) best = { text: candidate, score };
  }
  return best;
}

/**
 * How alike a target line and a match text are. A line that occurs inside the text (`validate` in
 * `def validate(self):`) or equals the structure's name scores high; otherwise the Levenshtein
 * similarity against the text's prefix of the same length or the whole text, whichever is closer.
 */
export function similarity(line: string, candidate: string, name?: string | null): number {
  const wanted = line.trim();
  if (wanted.length === 0 || candidate.length === 0) return 0;
  if (candidate.startsWith(line)) return 1;
  if (name && wanted === name) return 0.95;
  if (candidate.includes(wanted)) return 0.8 + 0.15 * (wanted.length / candidate.length);
  const prefix = candidate.slice(0, wanted.length);
  const prefixScore = levenshteinRatio(wanted, prefix) * 0.95;
  const wholeScore = levenshteinRatio(wanted, candidate);
  const caseScore = candidate.toLowerCase().startsWith(wanted.toLowerCase()) ? 0.9 : 0;
  return Math.max(0, prefixScore, wholeScore, caseScore);
}
