import type { LineRange } from '../errors.js';
import type { StructurePath } from '../locate/targets.js';
import type { StructureNode } from '../structure/types.js';
import { indentationAt, type SourceText } from '../text/source-text.js';

/** One structure returned by `readStructure`. */
export interface StructureMatch {
  /**
   * The structure's source: its lines exactly as in the file (with `\n` line endings), starting
   * with the indentation of its first line. Passing this text back to a write operation leaves
   * the file unchanged.
   */
  text: string;
  /** Its line range, 1-based and inclusive. */
  line_range_inclusive: LineRange;
}

/**
 * The text of a structure as read: the indentation of its first line, then its source. For a
 * structure starting mid-line (`} else {`) the indentation is still that of the line, so the text
 * always has the shape of whole lines, which is what the write operations re-indent from.
 */
export function structureText(source: SourceText, node: StructureNode): string {
  if (node.kind === 'file') return source.text;
  return indentationAt(source, node.start) + source.text.slice(node.start, node.end);
}

/** The matches `readStructure` returns for located paths. */
export function readMatches(source: SourceText, paths: readonly StructurePath[]): StructureMatch[] {
  return paths.map((path) => {
    const node = path[path.length - 1]!;
    return { text: structureText(source, node), line_range_inclusive: [...node.lineRange] };
  });
}
