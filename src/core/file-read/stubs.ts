import { headerText, matchTexts } from '../locate/match-text.js';
import { resolveLevels, type StructurePath, type TargetNamer } from '../locate/targets.js';
import { clipName } from '../structure/kinds.js';
import { blockingSyntaxErrors } from '../structure/syntax-errors.js';
import type { StructureTree } from '../structure/types.js';
import { lineOfOffset } from '../text/source-text.js';
import type { SymbolStub } from './types.js';

/**
 * The stub of a structure: its kind, name, range and the target that reads it. When no target
 * names it alone, `shared_target` names it together with the fewest others (reading it returns
 * all of them). A structure with syntax errors inside gets no target: reading it by target would
 * fail with PARSER_FAILED, so readers show its lines instead.
 */
export function stubOf(tree: StructureTree, path: StructurePath, namer: TargetNamer): SymbolStub {
  const node = path[path.length - 1]!;
  const stub: SymbolStub = {
    kind: node.kind,
    name: node.name,
    label: symbolLabel(tree, path),
    line_range_inclusive: [...node.lineRange],
    target: null,
  };
  const blocking = blockingSyntaxErrors(tree, path);
  if (blocking.length > 0) {
    stub.target_unavailable = `it contains a syntax error (line ${lineOfOffset(tree.source, blocking[0]!.start)}), so its boundaries cannot be trusted; read its lines with startLine/endLine`;
    return stub;
  }
  const named = namer.targetOf(path);
  if (named.target !== null) {
    stub.target = named.target;
    return stub;
  }
  stub.target_unavailable = named.reason;
  const shared = sharedTarget(tree, path, namer);
  if (shared !== null) stub.shared_target = shared;
  return stub;
}

/** Whether a structure has syntax errors that keep it from being read by target. */
export function hasBlockingSyntaxErrors(tree: StructureTree, path: StructurePath): boolean {
  return tree.syntaxErrors.length > 0 && blockingSyntaxErrors(tree, path).length > 0;
}

/** A target that names the structure along with some siblings: its parent's target plus its own first line. */
function sharedTarget(tree: StructureTree, path: StructurePath, namer: TargetNamer): string | null {
  if (path.length < 2) return null;
  const parentPath = path.slice(0, -1);
  const parentTarget = parentPath.length === 1 ? '' : (namer.targetOf(parentPath).target ?? sharedTarget(tree, parentPath, namer));
  if (parentTarget === null) return null;
  const node = path[path.length - 1]!;
  const text = tree.source.text;
  const line = [headerText(text, node), ...matchTexts(text, node)].find((candidate) => candidate.trim() !== '');
  if (line === undefined) return null;
  const levels = [...(parentTarget === '' ? [] : parentTarget.split('\n')), line];
  const { paths } = resolveLevels(tree, levels);
  return paths.some((found) => found[found.length - 1] === node) ? levels.join('\n') : null;
}

/** How a stub or skeleton names a symbol: its name, or its first line (clipped) when it has none. */
export function symbolLabel(tree: StructureTree, path: StructurePath): string {
  const node = path[path.length - 1]!;
  if (node.name !== null) return node.name;
  const first = headerText(tree.source.text, node).trim();
  return first === '' ? node.kind : clipName(first);
}
