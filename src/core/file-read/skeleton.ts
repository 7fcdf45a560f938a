import type { LineRange } from '../errors.js';
import type { StructurePath, TargetNamer } from '../locate/targets.js';
import type { StructureTree } from '../structure/types.js';
import { lineText } from '../text/source-text.js';
import type { FileLayout, LayoutBlock, LayoutItem } from './layout.js';
import { linesText } from './segments.js';
import { stubOf } from './stubs.js';
import type { FileSkeleton, SkeletonEntry, SkeletonSymbol } from './types.js';

/**
 * The enhanced skeleton: every top-level block of the layout in one list per category, symbols
 * with their targets (and the members of opened containers), gaps in full. Together the lists
 * cover every line once, so nothing in the file is hidden.
 */

const ENTRY_LENGTH = 120;

/** Text on one line: whitespace collapsed, clipped. */
function oneLine(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > ENTRY_LENGTH ? `${collapsed.slice(0, ENTRY_LENGTH - 1)}…` : collapsed;
}

function firstNonBlankLine(tree: StructureTree, range: LineRange): string {
  for (let line = range[0]; line <= range[1]; line++) {
    const text = lineText(tree.source, line).trim();
    if (text !== '') return oneLine(text);
  }
  return '';
}

/** One entry per import, export or directive (structure or comment). */
function itemEntry(tree: StructureTree, block: LayoutBlock, item: LayoutItem): SkeletonEntry {
  const range: LineRange = [...item.lineRange];
  if (item.path === null) return { kind: 'comment', line_range_inclusive: range, text: firstNonBlankLine(tree, range) };
  const node = item.path[item.path.length - 1]!;
  const kind = block.category === 'directive' && node.kind === 'docstring' ? 'prologue' : node.kind;
  return { kind, line_range_inclusive: range, text: oneLine(linesText(tree.source, range[0], range[1])) };
}

/** One entry per comment or prose block; a run of Markdown list items is a `list`. */
function blockEntry(tree: StructureTree, block: LayoutBlock): SkeletonEntry {
  const kinds = block.items.map((item) => (item.path ? item.path[item.path.length - 1]!.kind : 'comment'));
  const kind = kinds.length > 1 && kinds.every((each) => each === 'list_item') ? 'list' : (kinds[0] ?? 'comment');
  return { kind, line_range_inclusive: [...block.lineRange], text: firstNonBlankLine(tree, block.lineRange) };
}

/** The symbols of a block, each with the members of an opened container. */
function blockSymbols(tree: StructureTree, block: LayoutBlock, namer: TargetNamer): SkeletonSymbol[] {
  const opened = block.items.length === 1 && block.inner ? block.inner.filter((inner) => inner.category === 'symbol' && !inner.own) : [];
  return block.items.map((item) => ({ ...stubOf(tree, item.path as StructurePath, namer), children: opened.flatMap((inner) => blockSymbols(tree, inner, namer)) }));
}

/** The skeleton of a laid-out file. */
export function skeletonOf(tree: StructureTree, layout: FileLayout, namer: TargetNamer): FileSkeleton {
  const skeleton: FileSkeleton = { directives: [], imports: [], exports: [], comments: [], text: [], symbols: [], gaps: [] };
  for (const block of layout.blocks) {
    switch (block.category) {
      case 'symbol': {
        skeleton.symbols.push(...blockSymbols(tree, block, namer));
        break;
      }
      case 'import':
      case 'export':
      case 'directive': {
        const list = block.category === 'import' ? skeleton.imports : block.category === 'export' ? skeleton.exports : skeleton.directives;
        for (const item of block.items) list.push(itemEntry(tree, block, item));
        break;
      }
      case 'comment':
        skeleton.comments.push(blockEntry(tree, block));
        break;
      case 'text':
        skeleton.text.push(blockEntry(tree, block));
        break;
      case 'gap':
        skeleton.gaps.push({ line_range_inclusive: [...block.lineRange], blank: block.blank, text: block.blank ? '' : linesText(tree.source, block.lineRange[0], block.lineRange[1]) });
        break;
    }
  }
  return skeleton;
}
