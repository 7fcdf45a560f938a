import type { LineRange } from '../errors.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { leadingWhitespace, linesOutsideIndentation } from '../text/indentation.js';
import { lineOfOffset } from '../text/source-text.js';
import { indentationInconsistent, structureEmpty, type Warning } from '../warnings.js';
import type { Replacement } from './replacements.js';

/**
 * What a planner returns: the replacements to apply to the file's text, the figures the result
 * reports, the warnings known before the edit is parsed, and the structures to look at in the
 * edited file for `STRUCTURE_EMPTY`. Planners are pure: they read the tree and return this.
 */
export interface EditPlan<Figures> {
  readonly replacements: readonly Replacement[];
  readonly figures: Figures;
  readonly warnings: readonly Warning[];
  readonly watched: readonly WatchedStructure[];
}

/** A structure that may be left empty by an edit. */
export interface WatchedStructure {
  /** The structure before the edit. */
  readonly node: StructureNode;
  /** Its target before the edit (`""` for the file, `null` when none names it alone). */
  readonly target: string | null;
  /** Where it starts in the edited text. */
  readonly start: number;
  /**
   * The plan itself removed its last nested structure (deleted or moved out), so it is empty even
   * if the edited file no longer parses into a structure starting there.
   */
  readonly emptiedByPlan: boolean;
}

/** The structure of the edited tree that starts at `start` and has `type`, the outermost first. */
function structureAt(tree: StructureTree, start: number, type: string): StructureNode | null {
  // The file is the file wherever its first structure moved.
  if (type === tree.root.type) return tree.root;
  let level: readonly StructureNode[] = tree.root.children;
  for (;;) {
    const holder = level.find((node) => node.start <= start && start < Math.max(node.end, node.start + 1));
    if (!holder) return null;
    if (holder.start === start && holder.type === type) return holder;
    level = holder.children;
  }
}

/**
 * `STRUCTURE_EMPTY` for each watched structure that held nested structures before the edit and
 * holds none in the edited tree (or that the plan emptied itself, when the edited file no longer
 * has a structure of the same type there).
 */
export function structureEmptyWarnings(watched: readonly WatchedStructure[], edited: StructureTree): Warning[] {
  const warnings: Warning[] = [];
  for (const watch of watched) {
    if (watch.node.children.length === 0) continue;
    const found = structureAt(edited, watch.start, watch.node.type);
    const emptied = found ? found.children.length === 0 : watch.emptiedByPlan;
    if (!emptied) continue;
    const line = lineOfOffset(edited.source, Math.min(watch.start, edited.source.text.length));
    const lines: LineRange = found ? [...found.lineRange] : [line, line];
    warnings.push(structureEmpty(watch.target, watch.node.kind, lines));
  }
  return warnings;
}

/**
 * `INDENTATION_INCONSISTENT` when lines written into a block at `destination` indentation are
 * indented less than it; `lines` are the written lines, the first of them at line `firstLine` of
 * the edited file. Only lines at `skip` or later are checked (a first line that continues an
 * existing line has no indentation of its own).
 */
export function indentationWarnings(lines: readonly string[], firstLine: number, destination: string, skip = 0, literals?: ReadonlySet<number>): Warning[] {
  const outside = linesOutsideIndentation(lines, destination, literals).filter((index) => index >= skip);
  if (outside.length === 0) return [];
  const first = outside[0]!;
  return [indentationInconsistent(destination, leadingWhitespace(lines[first]!), firstLine + first, outside.map((index) => firstLine + index))];
}
