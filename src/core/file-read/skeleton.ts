import type { LineRange } from '../errors.js';
import type { StructurePath, TargetNamer } from '../locate/targets.js';
import type { StructureTree } from '../structure/types.js';
import { lineText } from '../text/source-text.js';
import type { FileLayout, LayoutBlock, LayoutItem } from './layout.js';
import { linesText } from './render.js';
import { describeLines, stubOf, symbolLabel } from './stubs.js';
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

/** The symbols of a block, each with the members of an opened container; `labels` gets each one's label. */
function blockSymbols(tree: StructureTree, block: LayoutBlock, namer: TargetNamer, labels: Map<SkeletonSymbol, string>): SkeletonSymbol[] {
  const opened = block.items.length === 1 && block.inner ? block.inner.filter((inner) => inner.category === 'symbol' && !inner.own) : [];
  return block.items.map((item) => {
    const path = item.path as StructurePath;
    const symbol: SkeletonSymbol = { ...stubOf(tree, path, namer), children: opened.flatMap((inner) => blockSymbols(tree, inner, namer, labels)) };
    labels.set(symbol, symbolLabel(tree, path));
    return symbol;
  });
}

/** The skeleton of a laid-out file, as data and as text. */
export function skeletonOf(tree: StructureTree, layout: FileLayout, namer: TargetNamer): { skeleton: FileSkeleton; body: string } {
  const skeleton: FileSkeleton = { directives: [], imports: [], exports: [], comments: [], text: [], symbols: [], gaps: [] };
  const labels = new Map<SkeletonSymbol, string>();
  for (const block of layout.blocks) {
    switch (block.category) {
      case 'symbol': {
        skeleton.symbols.push(...blockSymbols(tree, block, namer, labels));
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
  return { skeleton, body: renderSkeleton(layout.totalLines, skeleton, labels) };
}

function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

function renderSkeleton(totalLines: number, skeleton: FileSkeleton, labels: ReadonlyMap<SkeletonSymbol, string>): string {
  const summary = [
    count(skeleton.symbols.length, 'symbol'),
    skeleton.imports.length > 0 ? count(skeleton.imports.length, 'import') : '',
    skeleton.exports.length > 0 ? count(skeleton.exports.length, 'export') : '',
    skeleton.directives.length > 0 ? count(skeleton.directives.length, 'directive') : '',
    skeleton.comments.length > 0 ? count(skeleton.comments.length, 'comment block') : '',
    skeleton.text.length > 0 ? count(skeleton.text.length, 'text block') : '',
  ].filter((part) => part !== '');
  const sections: string[] = [`**Skeleton** (${count(totalLines, 'line')}: ${summary.join(', ')})`];
  const entries = (title: string, list: readonly SkeletonEntry[], withKind: boolean) => {
    if (list.length === 0) return;
    sections.push([`**${title} (${list.length}):**`, ...list.map((entry) => `  [${rangeLabel(entry.line_range_inclusive)}] ${withKind ? `${entry.kind}: ` : ''}${entry.text}`)].join('\n'));
  };
  entries('Directives', skeleton.directives, false);
  entries('Imports', skeleton.imports, false);
  entries('Exports', skeleton.exports, false);
  entries('Comments', skeleton.comments, false);
  entries('Text', skeleton.text, true);
  if (skeleton.symbols.length > 0) {
    const lines: string[] = [`**Symbols (${skeleton.symbols.length}):** → target line (nested: after its parents' lines)`];
    const walk = (symbols: readonly SkeletonSymbol[], indent: string, parentTarget: string | null) => {
      for (const symbol of symbols) {
        lines.push(`${indent}[${rangeLabel(symbol.line_range_inclusive)}] ${symbol.kind}: ${labels.get(symbol) ?? symbol.name ?? ''} ${readHint(symbol, parentTarget)}`);
        walk(symbol.children, `${indent}  `, symbol.target);
      }
    };
    walk(skeleton.symbols, '  ', '');
    sections.push(lines.join('\n'));
  }
  if (skeleton.gaps.length > 0) {
    const lines = ['**Gaps:**'];
    const blank = skeleton.gaps.filter((gap) => gap.blank).map((gap) => rangeLabel(gap.line_range_inclusive));
    if (blank.length > 0) lines.push(`  blank: ${blank.join(', ')}`);
    for (const gap of skeleton.gaps) {
      if (gap.blank) continue;
      gap.text.split('\n').forEach((line, i) => lines.push(`  [${gap.line_range_inclusive[0] + i}] ${line}`));
    }
    sections.push(lines.join('\n'));
  }
  return sections.join('\n\n');
}

function rangeLabel(range: LineRange): string {
  return range[0] === range[1] ? `${range[0]}` : `${range[0]}-${range[1]}`;
}

/**
 * How the skeleton says to read a symbol: its own target line when its target is its parent's
 * plus that line (the usual case, and much shorter), else its whole target.
 */
function readHint(symbol: SkeletonSymbol, parentTarget: string | null): string {
  if (symbol.target !== null) {
    const prefix = parentTarget === '' ? '' : `${parentTarget}\n`;
    const own = parentTarget !== null && symbol.target.startsWith(prefix) ? symbol.target.slice(prefix.length) : null;
    return own !== null && !own.includes('\n') ? `→ ${JSON.stringify(own)}` : `→ { target: ${JSON.stringify(symbol.target)} }`;
  }
  if (symbol.shared_target !== undefined) return `→ { target: ${JSON.stringify(symbol.shared_target)} } (shared with other structures: ${symbol.target_unavailable})`;
  return `(no target: ${symbol.target_unavailable ?? 'it has no text to name it by'}; ${describeLines(symbol.line_range_inclusive)})`;
}
