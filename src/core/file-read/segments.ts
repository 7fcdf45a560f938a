import type { LineRange } from '../errors.js';
import type { StructurePath, TargetNamer } from '../locate/targets.js';
import { structureText } from '../read/read-structure.js';
import type { StructureTree } from '../structure/types.js';
import { countLines, indentationAt, lineOfOffset, lineText, type SourceText } from '../text/source-text.js';
import { isDefinition } from './categories.js';
import { leafBlocks, startsLine, type FileLayout, type LayoutBlock } from './layout.js';
import { hasBlockingSyntaxErrors, stubOf } from './stubs.js';
import type { ReadSegment, StubSegment } from './types.js';

/**
 * The segments of structured reads: the lines of a range or of a structure, in line order, with
 * symbols collapsed into stubs (the tools layer renders them as text: src/tools/render/file-read.ts).
 */

/** The content of a structured read: what was shown, in line order, and the lines it covers. */
export interface ReadSegments {
  /** What was shown, in line order. */
  segments: ReadSegment[];
  /** The lines shown (a range read widens to whole blocks). */
  lineRange: LineRange;
}

/** The text of lines `first` to `last` (1-based, inclusive), without the final line ending. */
export function linesText(source: SourceText, first: number, last: number): string {
  const start = source.lineStarts[first - 1]!;
  const next = source.lineStarts[last];
  return source.text.slice(start, next === undefined ? source.text.length : next - 1);
}

/** Whether a block is shown as source lines (everything but symbols that can be read by target). */
function isSourceBlock(tree: StructureTree, block: LayoutBlock): boolean {
  if (block.category !== 'symbol' || block.own) return true;
  return block.items.some((item) => item.path !== null && hasBlockingSyntaxErrors(tree, item.path));
}

/**
 * A line range with symbols as stubs (opened containers show their own lines and their members as
 * stubs). A block the range touches is shown whole, so the range widens to the blocks it cuts;
 * a symbol is never widened: its stub gives its full range. With `collapse`, imports, exports,
 * comments, directives and prose collapse to one marker line each; gaps stay as they are.
 */
export function rangeSegments(tree: StructureTree, layout: FileLayout, range: LineRange, collapse: boolean, namer: TargetNamer): ReadSegments {
  const { source } = tree;
  const segments: ReadSegment[] = [];
  const shown: LineRange = [...range];
  for (const block of leafBlocks(layout.blocks)) {
    const [first, last] = block.lineRange;
    if (last < range[0]) continue;
    if (first > range[1]) break;
    const sourceBlock = isSourceBlock(tree, block);
    if (sourceBlock || block.category !== 'symbol') {
      shown[0] = Math.min(shown[0], first);
      shown[1] = Math.max(shown[1], last);
    }
    if (!sourceBlock) {
      for (const item of block.items) {
        const path = item.path!;
        segments.push(stubSegment(tree, path, namer));
      }
    } else if (collapse && block.category !== 'symbol' && block.category !== 'gap') {
      const indent = /^[ \t]*/.exec(lineText(source, first))![0];
      segments.push({ type: 'collapsed', category: block.category, line_range_inclusive: [first, last], items: block.items.length, indent });
    } else {
      segments.push({ type: 'source', category: block.category, line_range_inclusive: [first, last], text: linesText(source, first, last) });
    }
  }
  return { segments, lineRange: shown };
}

function stubSegment(tree: StructureTree, path: StructurePath, namer: TargetNamer): StubSegment {
  return { type: 'stub', category: 'symbol', ...stubOf(tree, path, namer), indent: indentationAt(tree.source, path[path.length - 1]!.start) };
}

/**
 * A structure read by target. Recursive: its full text, as `readStructure` returns it. Otherwise
 * its nested definitions (functions, methods, classes and other types, modules, Markdown
 * subsections: the outermost ones at any depth) are stubs and everything else is shown; a
 * definition sharing a line with other code stays shown.
 */
export function structureSegments(tree: StructureTree, path: StructurePath, recursive: boolean, namer: TargetNamer): ReadSegments {
  const { source } = tree;
  const node = path[path.length - 1]!;
  const isRoot = path.length === 1;
  const range: LineRange = isRoot ? [1, Math.max(1, countLines(source))] : [...node.lineRange];
  const whole = structureText(source, node);
  if (recursive) return { segments: [{ type: 'source', category: 'symbol', line_range_inclusive: range, text: whole }], lineRange: range };

  const stubs: StructurePath[] = [];
  const collect = (at: StructurePath) => {
    for (const child of at[at.length - 1]!.children) {
      const childPath = [...at, child];
      if (isDefinition(child) && isOnOwnLines(source, child.start, child.end) && !hasBlockingSyntaxErrors(tree, childPath)) stubs.push(childPath);
      else collect(childPath);
    }
  };
  collect(path);

  // The structure's lines, its first line from where it starts (with the line's indentation) and its last up to where it ends.
  const wholeLines = whole.split('\n');
  const lineOf = (line: number) => wholeLines[line - range[0]] ?? '';
  const segments: ReadSegment[] = [];
  const sourceRun = (first: number, last: number) => {
    if (first > last) return;
    const lines = Array.from({ length: last - first + 1 }, (_, i) => lineOf(first + i)).join('\n');
    segments.push({ type: 'source', category: 'symbol', line_range_inclusive: [first, last], text: lines });
  };
  let next = range[0];
  for (const stubPath of stubs) {
    const stubNode = stubPath[stubPath.length - 1]!;
    sourceRun(next, stubNode.lineRange[0] - 1);
    segments.push(stubSegment(tree, stubPath, namer));
    next = stubNode.lineRange[1] + 1;
  }
  sourceRun(next, range[1]);
  return { segments, lineRange: range };
}

/** Whether `[start, end)` has its lines to itself: only whitespace before it, and at most `;`, `,` or a comment after it. */
function isOnOwnLines(source: SourceText, start: number, end: number): boolean {
  if (!startsLine(source, start)) return false;
  const lastLine = lineOfOffset(source, Math.max(start, end - 1));
  const next = source.lineStarts[lastLine];
  const rest = source.text.slice(end, next === undefined ? source.text.length : next - 1);
  return /^[\s;,]*(?:(?:\/\/|#|--).*)?$/.test(rest);
}
