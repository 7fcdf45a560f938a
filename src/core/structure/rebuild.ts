/*
 * The structure tree of an edited file from the one before: only the deepest structure holding the
 * change is built again; the rest is kept or shifted.
 */
import type { Node, Tree } from 'web-tree-sitter';
import { lineOfOffset, type SourceText } from '../text/source-text.js';
import type { TextChange } from '../text/text-change.js';
import { completeStructureTree } from './build.js';
import { createCollector, makeRoot, nestCandidates } from './collector.js';
import { holdsStructures, typeSlot, type CompiledStructureRules } from './compile.js';
import { collectSyntaxErrors } from './syntax-errors.js';
import type { StructureNode, StructureTree } from './types.js';

/** A span of the tree that changed in a reparse, as tree-sitter's `getChangedRanges` gives it. */
export interface ChangedRange {
  readonly startIndex: number;
  readonly endIndex: number;
}

/**
 * The {@link StructureTree} of an edited file, reusing the structures of the version it was edited
 * from: only the deepest structure holding the whole change (the edit and every range tree-sitter
 * reports as changed) is rebuilt, from the bodies inside it; the structures before it are kept and
 * the ones after it shifted. `null` when the change is not inside one structure, or the rebuilt
 * part is not one structure of the same extent: the caller then builds the whole tree.
 */
export function rebuildTreeSitterStructure(
  previous: StructureTree,
  tree: Tree,
  source: SourceText,
  change: TextChange,
  changedRanges: readonly ChangedRange[],
  compiled: CompiledStructureRules,
): StructureTree | null {
  // The structures kept are the previous tree's, and are shared with it: built now, from its own syntax tree.
  completeStructureTree(previous);
  const delta = change.newEndIndex - change.oldEndIndex;
  // In new offsets: everything tree-sitter re-structured, and the edit itself.
  let low = change.startIndex;
  let high = change.newEndIndex;
  for (const range of changedRanges) {
    low = Math.min(low, range.startIndex);
    high = Math.max(high, range.endIndex);
  }
  // The deepest structure whose own text (from its header on) strictly holds the change, on both
  // sides of the edit: its attachments and its last character stay as they were.
  const path: StructureNode[] = [previous.root];
  for (;;) {
    const node = path[path.length - 1]!;
    const inner = node.children.find((child) => child.headerStart < low && child.headerStart < change.startIndex && high < child.end + delta && change.oldEndIndex < child.end);
    if (!inner) break;
    path.push(inner);
  }
  if (path.length < 2) return null;
  const old = path[path.length - 1]!;
  const parent = path[path.length - 2]!;
  const start = old.start;
  const end = old.end + delta;
  if (old.headerStart >= source.text.length) return null;

  // Its node in the new tree: up from the token its header starts with, to the named node that
  // sits directly in a body (a clause is not in one: those are left to a full build).
  let structureNode: Node | null = tree.rootNode.descendantForIndex(old.headerStart, old.headerStart + 1);
  const ancestors = new Set<number>();
  let container: Node | null = null;
  while (structureNode) {
    const up: Node | null = structureNode.parent;
    if (!up) return null;
    if (structureNode.isNamed && (up.id === tree.rootNode.id || holdsStructures(up, compiled.typeFlags[typeSlot(compiled, up.typeId)]!))) {
      container = up;
      break;
    }
    structureNode = up;
  }
  if (!structureNode || !container) return null;
  const nodeStart = structureNode.startIndex;
  const nodeEnd = structureNode.endIndex;
  // (A member may end past its node: the `;` the body holds is its own. The result is checked below.)
  if (nodeStart < start || nodeStart > old.headerStart || low < nodeStart || high > nodeEnd) return null;
  for (let node: Node | null = container; node; node = node.parent) ancestors.add(node.id);

  const collector = createCollector(tree, source, compiled);
  try {
    collector.addBody(container);
    // Bodies and clauses overlapping the structure's node: tree-sitter also returns its ancestors.
    const found = compiled.searchTypes.length > 0 ? tree.rootNode.descendantsOfType(compiled.searchTypes as string[], pointOf(source, nodeStart), pointOf(source, nodeEnd)) : [];
    for (const node of found) {
      if (node && !ancestors.has(node.id) && node.startIndex >= nodeStart && node.endIndex <= nodeEnd) collector.addFound(node);
    }
  } finally {
    collector.dispose();
  }
  const inside = collector.candidates.filter((candidate) => candidate.nodeStart >= nodeStart && candidate.nodeStart < nodeEnd);
  const holder: StructureNode = { ...parent, children: [] };
  nestCandidates(inside, holder);
  const rebuilt = holder.children;
  if (rebuilt.length !== 1 || rebuilt[0]!.start !== start || rebuilt[0]!.end !== end) return null;

  const lineDelta = source.lineStarts.length - previous.source.lineStarts.length;
  const shift = (node: StructureNode): StructureNode => shiftStructure(node, delta, lineDelta);
  // Rebuild the path from the structure up: each ancestor ends `delta` later.
  let replacement = rebuilt[0]!;
  for (let depth = path.length - 2; depth >= 0; depth--) {
    const ancestor = path[depth]!;
    const replaced = path[depth + 1]!;
    const index = ancestor.children.indexOf(replaced);
    const children = [...ancestor.children.slice(0, index), replacement, ...ancestor.children.slice(index + 1).map(shift)];
    replacement =
      depth === 0
        ? { ...makeRoot(source), children }
        : { ...ancestor, end: ancestor.end + delta, lineRange: [ancestor.lineRange[0], ancestor.lineRange[1] + lineDelta], children };
  }
  // Comments before the structure's node are as they were; those after it moved with the edit.
  const comments = [
    ...previous.comments.filter((comment) => comment.start < nodeStart),
    ...collector.comments.filter((comment) => comment.start >= nodeStart && comment.start < nodeEnd).sort((a, b) => a.start - b.start),
    ...previous.comments.filter((comment) => comment.start >= nodeEnd - delta).map((comment) => ({ start: comment.start + delta, end: comment.end + delta })),
  ];
  return { source, language: previous.language, root: replacement, syntaxErrors: collectSyntaxErrors(tree), comments };
}

/** A structure and its descendants moved by `delta` characters and `lineDelta` lines. */
function shiftStructure(node: StructureNode, delta: number, lineDelta: number): StructureNode {
  if (delta === 0 && lineDelta === 0) return node;
  return {
    ...node,
    start: node.start + delta,
    end: node.end + delta,
    headerStart: node.headerStart + delta,
    matchStarts: node.matchStarts.map((offset) => offset + delta),
    lineRange: [node.lineRange[0] + lineDelta, node.lineRange[1] + lineDelta],
    children: node.children.map((child) => shiftStructure(child, delta, lineDelta)),
  };
}

function pointOf(source: SourceText, offset: number): { row: number; column: number } {
  const line = lineOfOffset(source, offset);
  return { row: line - 1, column: offset - source.lineStarts[line - 1]! };
}
