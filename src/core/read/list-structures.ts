import type { LineRange } from '../errors.js';
import { TargetNamer } from '../locate/targets.js';
import type { StructureNode, StructureTree } from '../structure/types.js';

/** One structure in a listing. */
export interface StructureListing {
  /** Its kind (`class`, `method`, `section`, …). */
  kind: string;
  /** Its name, where it has one. */
  name: string | null;
  /** Its line range, 1-based and inclusive. */
  line_range_inclusive: LineRange;
  /** The shortest target that names it alone, or `null` when none exists (see `target_unavailable`). */
  target: string | null;
  /** Why no target names it alone (only when `target` is `null`). */
  target_unavailable?: string;
  /** Its nested structures (empty beyond the requested depth; see `more_children`). */
  children: StructureListing[];
  /** How many nested structures the depth limit left out. */
  more_children?: number;
}

/** The structure tree as data, each node with its unique target. */
export function listStructureTree(tree: StructureTree, depth = Number.POSITIVE_INFINITY): StructureListing[] {
  const namer = new TargetNamer(tree);
  const listings = new Map<StructureNode, StructureListing>();
  const top: StructureListing[] = [];
  for (const { path, target, reason } of namer.targetsBelow(tree.root, depth)) {
    const node = path[path.length - 1]!;
    const listing: StructureListing = {
      kind: node.kind,
      name: node.name,
      line_range_inclusive: [...node.lineRange],
      target,
      children: [],
    };
    if (target === null && reason !== null) listing.target_unavailable = reason;
    if (path.length - 1 >= depth && node.children.length > 0) listing.more_children = node.children.length;
    listings.set(node, listing);
    const parent = path[path.length - 2]!;
    (parent === tree.root ? top : listings.get(parent)!.children).push(listing);
  }
  return top;
}
