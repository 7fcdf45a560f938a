import type { FileSkeleton, LineRange, ReadSegment, SymbolStub } from 'structedit';
import { locateTarget } from '../../src/core/locate/locate.js';
import type { TargetNamer } from '../../src/core/locate/targets.js';
import { readMatches } from '../../src/core/read/read-structure.js';
import type { StructureTree } from '../../src/core/structure/types.js';

/**
 * The invariants of structured reading, as checks returning failure messages (empty: all hold).
 * Shared by the hand-written, property and real-code tests.
 */

/** Every line of the file is in exactly one category of the skeleton. */
export function skeletonPartitionFailures(skeleton: FileSkeleton, totalLines: number): string[] {
  const categories: Array<Set<string>> = Array.from({ length: totalLines + 1 }, () => new Set());
  const mark = (category: string, [first, last]: LineRange) => {
    for (let line = first; line <= last; line++) {
      if (line < 1 || line > totalLines) return;
      categories[line]!.add(category);
    }
  };
  for (const symbol of skeleton.symbols) mark('symbol', symbol.line_range_inclusive);
  for (const [category, entries] of [['directive', skeleton.directives], ['import', skeleton.imports], ['export', skeleton.exports], ['comment', skeleton.comments], ['text', skeleton.text]] as const) {
    for (const entry of entries) mark(category, entry.line_range_inclusive);
  }
  for (const gap of skeleton.gaps) mark('gap', gap.line_range_inclusive);
  const failures: string[] = [];
  for (let line = 1; line <= totalLines; line++) {
    if (categories[line]!.size !== 1) failures.push(`line ${line} is in ${categories[line]!.size === 0 ? 'no category' : [...categories[line]!].join(' and ')}`);
  }
  return failures;
}

/**
 * Segments are in line order and cover `[first, last]` without holes; source segments hold the
 * file's own lines; stubs and collapsed blocks stand for whole lines.
 */
export function segmentFailures(segments: readonly ReadSegment[], fileLines: readonly string[], range: LineRange): string[] {
  const failures: string[] = [];
  let covered = range[0] - 1;
  let first = true;
  for (const segment of segments) {
    const [from, to] = segment.line_range_inclusive;
    if (segment.type === 'stub') {
      // A stub may start before the range (a symbol cut by it) or share a line with the previous stub.
      if (first ? from > range[0] : from > covered + 1) failures.push(`stub ${from}-${to} leaves lines ${covered + 1}-${from - 1} out`);
    } else {
      if (from !== covered + 1 && !(first && from <= range[0])) failures.push(`${segment.type} segment ${from}-${to} does not follow line ${covered}`);
      if (segment.type === 'source' && segment.text !== fileLines.slice(from - 1, to).join('\n')) failures.push(`source segment ${from}-${to} is not the file's lines`);
    }
    covered = Math.max(covered, to);
    first = false;
  }
  if (covered < range[1]) failures.push(`lines ${covered + 1}-${range[1]} are not shown`);
  return failures;
}

/** Every stub's target names exactly one structure, and reading it gives exactly the stub's lines. */
export function stubTargetFailures(tree: StructureTree, stubs: readonly SymbolStub[], file: string, namer: TargetNamer): { failures: string[]; resolved: number; unnamed: number } {
  const failures: string[] = [];
  let resolved = 0;
  let unnamed = 0;
  for (const stub of stubs) {
    if (stub.target === null) {
      unnamed++;
      continue;
    }
    const located = locateTarget(tree, stub.target, file, namer);
    if (located.isErr() || located.value.length !== 1) {
      failures.push(`${file}: stub target ${JSON.stringify(stub.target)} (lines ${stub.line_range_inclusive.join('-')}) resolved to ${located.isErr() ? located.error.error : `${located.value.length} structures`}`);
      continue;
    }
    const [match] = readMatches(tree.source, located.value);
    const lines = match!.text.split('\n').length;
    const [first, last] = stub.line_range_inclusive;
    if (match!.line_range_inclusive[0] !== first || match!.line_range_inclusive[1] !== last || lines !== last - first + 1) {
      failures.push(`${file}: stub target ${JSON.stringify(stub.target)} reads lines ${match!.line_range_inclusive.join('-')} (${lines} lines), the stub says ${first}-${last}`);
      continue;
    }
    resolved++;
  }
  return { failures, resolved, unnamed };
}

/** The stubs of a read's segments. */
export function stubsOf(segments: readonly ReadSegment[]): SymbolStub[] {
  return segments.filter((segment) => segment.type === 'stub');
}

/** Every symbol of a skeleton, members included. */
export function skeletonSymbols(skeleton: FileSkeleton): SymbolStub[] {
  const all: SymbolStub[] = [];
  const walk = (symbols: FileSkeleton['symbols']) => {
    for (const symbol of symbols) {
      all.push(symbol);
      walk(symbol.children);
    }
  };
  walk(skeleton.symbols);
  return all;
}
