import type { LineRange } from '../errors.js';
import type { StructurePath } from '../locate/targets.js';
import { profileOf } from '../languages/profiles/index.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { structureEmptied } from '../warnings.js';
import { lineOfOffset, startsLine } from '../text/source-text.js';
import { blankLinesAbove, blankLinesBelow, listNeighbour, siblingsOf, spacingKind, structureLines, usualSpacing } from './layout.js';
import type { EditPlan } from './plan.js';
import type { Replacement } from './replacements.js';

/** Figures of `deleteStructure`. */
export interface DeleteStructureFigures {
  /** The lines the structure occupied, in the file before the deletion. */
  deleted_line_range_inclusive: LineRange;
}

/**
 * Plans the removal of a structure (not the file) with its decorators, doc comment and a
 * separator (`,` `;`) that directly follows it, leaving consistent spacing:
 *
 * - A structure on lines of its own goes with those lines. Of the blank lines around it, as many
 *   remain as separated it from its neighbours: between two siblings a blank line where either
 *   gap had one (two groups of statements do not run together), the gap nearer what the file puts
 *   between structures of their kinds where both had (the larger when it has no habit); as the
 *   first structure of its block the gap above it (to the block's opening line); as the last, the
 *   gap below it (to whatever follows the block).
 * - A structure sharing a line with other code (`} else {…}`, `a = 1; b = 2`) is cut out of the
 *   line with the spaces between it and its neighbour.
 * - The last item of a comma-separated body without a trailing comma takes the comma before it.
 *
 * `parentTarget` names the enclosing structure in a `STRUCTURE_EMPTY` warning.
 */
export function planDeleteStructure(tree: StructureTree, path: StructurePath, parentTarget: string | null): EditPlan<DeleteStructureFigures> {
  const { source } = tree;
  const text = source.text;
  const node = path[path.length - 1]!;
  const { parent, index } = siblingsOf(path);
  const lines = structureLines(source, node);
  // Neighbours in the same list only: siblings from another container are not adjacent items.
  const hasPrevious = listNeighbour(source, parent, index, 'before') !== undefined;
  const hasNext = listNeighbour(source, parent, index, 'after') !== undefined;
  const replacements: Replacement[] = [];

  // A block the deletion would leave empty where the language allows none (Python): the structure
  // gives way to the filler, so the file still compiles.
  const filler = emptiedBlockFiller(tree, parent, node);
  if (filler !== null) {
    const removed = node.lineRange[1] - node.lineRange[0];
    return {
      replacements: [{ start: node.start, end: lines.end, text: filler }],
      figures: { deleted_line_range_inclusive: [...node.lineRange] },
      warnings: [structureEmptied(parentTarget, parent.kind, [parent.lineRange[0], parent.lineRange[1] - removed], filler)],
      watched: [],
    };
  }

  if (lines.startsLine && lines.endsLine) {
    const above = blankLinesAbove(source, lines.firstLine);
    const below = blankLinesBelow(source, lines.lastLine);
    let removeAbove: number;
    let removeBelow: number;
    if (hasPrevious && hasNext) {
      // Keep one gap, remove the other. A blank line that set the structure apart from one
      // neighbour set that neighbour's group apart: deleting the structure does not run two groups
      // (paragraphs of statements, import groups) into one. Between two gaps that both set it
      // apart, the one nearer what the file puts between structures of the neighbours' kinds, else
      // the larger.
      const usual = Math.min(above, below) > 0 ? usualSpacing(tree, parent, spacingKind(tree, parent.children[index - 1]!), spacingKind(tree, parent.children[index + 1]!), index) : null;
      const keepBelow = usual === null ? below >= above : Math.abs(below - usual) < Math.abs(above - usual) || (Math.abs(below - usual) === Math.abs(above - usual) && below >= above);
      // A comment standing apart above the structure would end up right on top of the next one,
      // and so become its doc comment: the blank lines under the comment stay.
      if (keepBelow && below === 0 && commentEndsLine(tree, lines.firstLine - 1 - above)) [removeAbove, removeBelow] = [0, 0];
      else [removeAbove, removeBelow] = keepBelow ? [above, 0] : [0, below];
    } else if (hasNext) [removeAbove, removeBelow] = [0, below];
    else [removeAbove, removeBelow] = [above, 0];
    let start = source.lineStarts[lines.firstLine - 1 - removeAbove]!;
    const end = source.lineStarts[lines.lastLine + removeBelow] ?? text.length;
    // Deleting the last line of a file without a final line break: take the break before it.
    if (end === text.length && !text.endsWith('\n') && start > 0) start -= 1;
    replacements.push({ start, end, text: '' });
  } else {
    let start = node.start;
    let end = lines.end;
    // `a, B, c` and `B; c` lose `B, ` and `B; `; `} else {…}` and `a, B` lose ` else {…}` and ` B`.
    if (lines.startsLine || lines.separator) {
      while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
    } else {
      while (start > lines.lineStart && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
    }
    replacements.push({ start, end, text: '' });
  }

  if (!lines.separator && hasPrevious && !hasNext) {
    const previous = parent.children[index - 1]!;
    const comma = /^[ \t]*,/.exec(text.slice(previous.end, node.start));
    if (comma) replacements.push({ start: previous.end + comma[0].length - 1, end: previous.end + comma[0].length, text: '' });
  }

  return {
    replacements,
    figures: { deleted_line_range_inclusive: [...node.lineRange] },
    warnings: [],
    watched: [{ node: parent, target: parentTarget, start: parent.start, emptiedByPlan: parent.children.length === 1 }],
  };
}

/** Whether a comment on lines of its own ends on `line` (1-based). */
function commentEndsLine(tree: StructureTree, line: number): boolean {
  const { source } = tree;
  return tree.comments.some((comment) => lineOfOffset(source, comment.end - 1) === line && startsLine(source, comment.start));
}

/**
 * The language's filler for a block this deletion empties (`pass`), or `null`: the language allows
 * an empty block, the structure is in the file itself, it is a clause, or another statement of its
 * block stays (the clauses after a block, `else:`, `except:`, are no statements of it).
 */
function emptiedBlockFiller(tree: StructureTree, parent: StructureNode, node: StructureNode): string | null {
  const emptyBody = profileOf(tree.language).layout.emptyBody;
  if (emptyBody === null || parent === tree.root || emptyBody.clauses.test(node.type)) return null;
  return parent.children.every((sibling) => sibling === node || emptyBody.clauses.test(sibling.type)) ? emptyBody.text : null;
}
