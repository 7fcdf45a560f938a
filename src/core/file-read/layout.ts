import type { LineRange } from '../errors.js';
import type { StructurePath } from '../locate/targets.js';
import type { StructureNode, StructureTree, TextSpan } from '../structure/types.js';
import { countLines, lineOfOffset, lineText, type SourceText } from '../text/source-text.js';
import { commentCategory, isContainer, structureCategory, type LineCategory } from './categories.js';

/**
 * The line classifier: splits a file's lines into blocks, each of one {@link LineCategory}, so that
 * every line belongs to exactly one block. A block is atomic for range reads: touching one of its
 * lines shows all of it (symbols are the exception: they become stubs).
 *
 * How lines are claimed, per level (the file, or an opened container):
 * 1. Structures first. A structure that is not a symbol gives up the comments leading it (an
 *    import with a license header above it: the header is a comment block). Structures sharing a
 *    line form one cluster; a cluster holding a symbol is a symbol block.
 * 2. Comments next (directives when they are pragmas), on the lines no structure claimed; a comment
 *    that starts after code on its first line does not claim that line.
 * 3. What is left: blank lines are gaps; other lines are the container's own lines (its header,
 *    doc comment, closing brace), or gaps at file level (stray tokens, unparseable text).
 * 4. Consecutive blocks of the same non-symbol category merge (an import block, a comment block).
 */

/** A structure or a comment a block holds, and the lines it claims. */
export interface LayoutItem {
  /** The structure with its ancestors (`[root, …, structure]`), or `null` for a comment. */
  readonly path: StructurePath | null;
  /** The comment, when this item is one. */
  readonly comment: TextSpan | null;
  /** The lines it claims, 1-based and inclusive. */
  readonly lineRange: LineRange;
}

/** A run of lines of one category. */
export interface LayoutBlock {
  readonly category: LineCategory;
  /** 1-based, inclusive. */
  readonly lineRange: LineRange;
  /** What the block holds: the structures of a symbol or import block, the comments of a comment block; none for gaps. */
  readonly items: readonly LayoutItem[];
  /** The own lines of an opened container (its header and closing lines); `category` is `symbol`. */
  readonly own: boolean;
  /** A gap of blank lines only. */
  readonly blank: boolean;
  /** For a symbol block holding one opened container: the blocks its lines split into. */
  readonly inner: readonly LayoutBlock[] | null;
}

/** A file's lines as blocks. */
export interface FileLayout {
  /** Lines in the file (a final line ending does not start a line). */
  readonly totalLines: number;
  /** The top-level blocks, in line order, covering lines 1 to `totalLines` exactly once. */
  readonly blocks: readonly LayoutBlock[];
}

interface Context {
  readonly tree: StructureTree;
  readonly source: SourceText;
  readonly comments: readonly TextSpan[];
}

/** Lays out a whole file, opening every container whose members have lines of their own. */
export function layoutFile(tree: StructureTree): FileLayout {
  const totalLines = countLines(tree.source);
  if (totalLines === 0) return { totalLines, blocks: [] };
  const context: Context = { tree, source: tree.source, comments: tree.comments };
  return { totalLines, blocks: layoutLevel(context, [tree.root], 1, totalLines).blocks };
}

/** Every block that is not opened further, in line order: what a range read walks. */
export function* leafBlocks(blocks: readonly LayoutBlock[]): Generator<LayoutBlock> {
  for (const block of blocks) {
    if (block.inner) yield* leafBlocks(block.inner);
    else yield block;
  }
}

/** A structure at the level being laid out. */
interface Entry {
  readonly category: LineCategory;
  readonly item: LayoutItem;
  /** Where its code starts (after split-off comments). */
  readonly codeStart: number;
  readonly end: number;
  /** The comments split off its start (a structure that is not a symbol gives them up). */
  readonly split: readonly TextSpan[];
}

/** Lines claimed by one cluster or comment (or left over), before neighbours of a kind merge into blocks. */
interface Unit {
  category: LineCategory;
  first: number;
  last: number;
  items: LayoutItem[];
  own: boolean;
  blank: boolean;
}

function layoutLevel(context: Context, path: StructurePath, first: number, last: number): { blocks: LayoutBlock[]; safe: boolean } {
  const { tree, source } = context;
  const node = path[path.length - 1]!;
  const isRoot = path.length === 1;

  const entries: Entry[] = [];
  const leading: TextSpan[] = [];
  for (const child of node.children) {
    const category = structureCategory(tree, child);
    let codeStart = child.start;
    let split: readonly TextSpan[] = [];
    if (category !== 'symbol') {
      const found = splitLeadingComments(context, child);
      codeStart = found.codeStart;
      split = found.comments;
    }
    const lineRange: LineRange = [lineOfOffset(source, codeStart), child.lineRange[1]];
    entries.push({ category, item: { path: [...path, child], comment: null, lineRange }, codeStart, end: child.end, split });
  }
  // A structure that shares its first code line with a symbol (`var fs = require('fs'); var x = f(fs);`)
  // is read with that symbol, as a symbol: it keeps its leading comments, as symbols do.
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    if (entry.split.length === 0) continue;
    const line = entry.item.lineRange[0];
    const sharesWithSymbol = entries.some((other, at) => at !== index && other.category === 'symbol' && other.item.lineRange[0] <= line && line <= other.item.lineRange[1]);
    if (sharesWithSymbol) {
      const child = entry.item.path!.at(-1)!;
      entries[index] = { ...entry, codeStart: child.start, split: [], item: { ...entry.item, lineRange: [child.lineRange[0], child.lineRange[1]] } };
    } else leading.push(...entry.split);
  }

  const clusters: Entry[][] = [];
  let clusterLast = 0;
  for (const entry of entries) {
    const current = clusters[clusters.length - 1];
    if (current && entry.item.lineRange[0] <= clusterLast) {
      current.push(entry);
      clusterLast = Math.max(clusterLast, entry.item.lineRange[1]);
    } else {
      clusters.push([entry]);
      clusterLast = entry.item.lineRange[1];
    }
  }

  const owner = new Int32Array(last - first + 1).fill(-1);
  const units: Unit[] = [];
  const claim = (unit: Unit) => {
    for (let line = unit.first; line <= unit.last; line++) owner[line - first] = units.length;
    units.push(unit);
  };
  for (const cluster of clusters) {
    const category = cluster.some((entry) => entry.category === 'symbol') ? 'symbol' : cluster[0]!.category;
    const firstLine = Math.max(first, cluster[0]!.item.lineRange[0]);
    const lastLine = Math.min(last, lastLineOf(cluster));
    claim({ category, first: firstLine, last: lastLine, items: cluster.map((entry) => entry.item), own: false, blank: false });
  }

  const comments = [...levelComments(context, node, isRoot), ...leading].sort((a, b) => a.start - b.start);
  for (const comment of comments) {
    const from = Math.max(first, lineOfOffset(source, comment.start) + (startsLine(source, comment.start) ? 0 : 1));
    const to = Math.min(last, lineOfOffset(source, Math.max(comment.start, comment.end - 1)));
    let line = from;
    while (line <= to) {
      if (owner[line - first]! >= 0) {
        line++;
        continue;
      }
      let end = line;
      while (end + 1 <= to && owner[end + 1 - first]! < 0) end++;
      claim({ category: commentCategory(tree, comment), first: line, last: end, items: [{ path: null, comment, lineRange: [line, end] }], own: false, blank: false });
      line = end + 1;
    }
  }

  const blocks: Array<LayoutBlock & { items: LayoutItem[]; lineRange: LineRange }> = [];
  const append = (unit: Unit) => {
    const previous = blocks[blocks.length - 1];
    const mergeable = unit.category !== 'symbol' && unit.category !== 'gap';
    if (previous && mergeable && previous.category === unit.category && !previous.own && previous.lineRange[1] + 1 === unit.first) {
      previous.lineRange[1] = unit.last;
      previous.items.push(...unit.items);
      return;
    }
    blocks.push({ category: unit.category, lineRange: [unit.first, unit.last], items: [...unit.items], own: unit.own, blank: unit.blank, inner: null });
  };
  for (let line = first; line <= last; ) {
    const id = owner[line - first]!;
    if (id >= 0) {
      const unit = units[id]!;
      append(unit);
      line = unit.last + 1;
      continue;
    }
    const blank = isBlankLine(source, line);
    let end = line;
    while (end + 1 <= last && owner[end + 1 - first]! < 0 && isBlankLine(source, end + 1) === blank) end++;
    const own = !blank && !isRoot;
    append({ category: own ? 'symbol' : 'gap', first: line, last: end, items: [], own, blank });
    line = end + 1;
  }

  for (const [index, block] of blocks.entries()) {
    const only = block.items.length === 1 ? block.items[0]! : null;
    const container = only?.path?.[only.path.length - 1];
    if (block.category !== 'symbol' || block.own || !only?.path || !container || !isContainer(tree, container)) continue;
    const inner = layoutLevel(context, only.path, container.lineRange[0], container.lineRange[1]);
    if (inner.safe) blocks[index] = { ...block, inner: inner.blocks };
  }

  return { blocks, safe: !isRoot && isSafeToOpen(source, node, clusters) };
}

/**
 * Whether a container's members sit on lines of their own, so that its own lines and its members'
 * lines do not mix: every member starts its line, none shares the header's first line, and the
 * closing text (a `}`) is not on the last member's last line.
 */
function isSafeToOpen(source: SourceText, node: StructureNode, clusters: readonly Entry[][]): boolean {
  if (clusters.length === 0) return false;
  if (!clusters.every((cluster) => startsLine(source, cluster[0]!.codeStart))) return false;
  if (clusters[0]![0]!.item.lineRange[0] <= node.lineRange[0]) return false;
  const lastCluster = clusters[clusters.length - 1]!;
  if (lastLineOf(lastCluster) < node.lineRange[1]) return true;
  const lastEnd = lastCluster.reduce((end, entry) => Math.max(end, entry.end), 0);
  return source.text.slice(lastEnd, node.end).trim() === '';
}

function lastLineOf(cluster: readonly Entry[]): number {
  return cluster.reduce((line, entry) => Math.max(line, entry.item.lineRange[1]), 0);
}

/** The comments sitting directly at this level: inside the node's body, outside every child. */
function levelComments(context: Context, node: StructureNode, isRoot: boolean): TextSpan[] {
  const { comments } = context;
  // A container's own doc comment (before its header) is part of its own lines, not a comment block.
  const from = isRoot ? 0 : node.headerStart;
  const found: TextSpan[] = [];
  let child = 0;
  for (let i = lowerBound(comments, from); i < comments.length && comments[i]!.start < node.end; i++) {
    const comment = comments[i]!;
    while (child < node.children.length && node.children[child]!.end <= comment.start) child++;
    const next = node.children[child];
    if (next && next.start <= comment.start && comment.end <= next.end) continue;
    found.push(comment);
  }
  return found;
}

/**
 * The comments attached to the start of a structure that is not a symbol (a license header above
 * an import), and where its code starts. A comment sharing a line with the code stays with it.
 */
function splitLeadingComments(context: Context, node: StructureNode): { comments: TextSpan[]; codeStart: number } {
  const { comments, source } = context;
  const text = source.text;
  const split: TextSpan[] = [];
  let at = node.start;
  for (let i = lowerBound(comments, node.start); i < comments.length && comments[i]!.start < node.end; i++) {
    const comment = comments[i]!;
    if (text.slice(at, comment.start).trim() !== '') break;
    split.push(comment);
    at = comment.end;
  }
  let codeStart = at;
  while (codeStart < node.end && /\s/.test(text[codeStart]!)) codeStart++;
  while (split.length > 0 && lineOfOffset(source, Math.max(split[split.length - 1]!.start, split[split.length - 1]!.end - 1)) >= lineOfOffset(source, codeStart)) {
    codeStart = split.pop()!.start;
  }
  if (codeStart >= node.end) return { comments: [], codeStart: node.start };
  return { comments: split, codeStart };
}

function lowerBound(spans: readonly TextSpan[], offset: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether only whitespace precedes `offset` on its line. */
export function startsLine(source: SourceText, offset: number): boolean {
  const lineStart = source.lineStarts[lineOfOffset(source, offset) - 1]!;
  return source.text.slice(lineStart, offset).trim() === '';
}

function isBlankLine(source: SourceText, line: number): boolean {
  return lineText(source, line).trim() === '';
}
