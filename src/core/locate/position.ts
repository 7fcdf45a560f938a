import { err, ok, type Result } from 'neverthrow';
import { invalidArgument, makeError, type ErrorOf, type LineRange, type NearbyStructure } from '../errors.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { countLines, lineText } from '../text/source-text.js';
import { headerText } from './match-text.js';
import { TargetNamer, type StructurePath } from './targets.js';

/** Errors locating a structure by position can produce. */
export type PositionError = ErrorOf<'INVALID_ARGUMENT'> | ErrorOf<'NO_STRUCTURE_AT_POSITION'>;

const MAX_NEARBY = 4;

/**
 * The structure at a 1-based `line` and `column` (as a language server reports a symbol): the
 * outermost structure that starts there (at its first character, decorator or declaration),
 * else the innermost one holding that position. A column inside the line's indentation, or none,
 * means the line's first non-blank character, so `line` alone names the structure starting on it.
 * The file itself is never chosen: a position outside every structure is `NO_STRUCTURE_AT_POSITION`,
 * naming the structures around it.
 */
export function locateStructureAt(tree: StructureTree, line: number, column: number | undefined, file: string, namer = new TargetNamer(tree)): Result<StructurePath, PositionError> {
  const source = tree.source;
  const lineCount = Math.max(1, countLines(source));
  if (line > lineCount) {
    return err(invalidArgument([{ field: 'line', message: `${file} has ${lineCount} line${lineCount === 1 ? '' : 's'}; line must be between 1 and ${lineCount}` }]));
  }
  const text = lineText(source, line);
  if (column !== undefined && column > text.length + 1) {
    return err(invalidArgument([{ field: 'column', message: `line ${line} of ${file} has ${text.length} characters; column must be between 1 and ${text.length + 1}` }]));
  }
  const indentation = /^[ \t]*/.exec(text)![0].length;
  const offset = source.lineStarts[line - 1]! + (column === undefined || column <= indentation ? indentation : column - 1);

  const path: StructureNode[] = [tree.root];
  for (;;) {
    const parent = path[path.length - 1]!;
    const child = parent.children.find((node) => node.start <= offset && offset < node.end);
    if (!child) break;
    path.push(child);
    if (child.matchStarts.includes(offset)) break;
  }
  if (path.length > 1) return ok(path);
  return err(noStructureAt(tree, file, line, column ?? indentation + 1, offset, namer));
}

function noStructureAt(tree: StructureTree, file: string, line: number, column: number, offset: number, namer: TargetNamer): ErrorOf<'NO_STRUCTURE_AT_POSITION'> {
  const children = tree.root.children;
  const next = children.findIndex((node) => node.start > offset);
  const after = next === -1 ? children.length : next;
  const around = [...children.slice(Math.max(0, after - MAX_NEARBY / 2), after).reverse(), ...children.slice(after, after + MAX_NEARBY / 2)];
  around.sort((a, b) => distanceTo(a, offset) - distanceTo(b, offset) || a.start - b.start);
  const nearby: NearbyStructure[] = around.map((node) => ({
    kind: node.kind,
    line_range_inclusive: [...node.lineRange] as LineRange,
    target: namer.targetOf([tree.root, node]).target,
    match_text: headerText(tree.source.text, node),
  }));
  const text = lineText(tree.source, line);
  const listed = nearby.map((node) => `${node.kind} at lines ${node.line_range_inclusive[0]}-${node.line_range_inclusive[1]}${node.target === null ? '' : ` (target ${JSON.stringify(node.target)})`}`).join('; ');
  return makeError(
    'NO_STRUCTURE_AT_POSITION',
    `Line ${line}, column ${column} of ${file} ${text.trim() === '' ? 'is blank and' : `(${JSON.stringify(text.trim().slice(0, 60))})`} lies outside every structure. ${nearby.length > 0 ? `Nearest: ${listed}. ` : `${file} has no structures. `}Give the first line of the structure you mean, or its target (target "" names the whole file).`,
    { path: file, line, column, line_text: text, nearby },
  );
}

/** How far a structure is from an offset (0 when it holds it). */
function distanceTo(node: StructureNode, offset: number): number {
  return offset < node.start ? node.start - offset : offset >= node.end ? offset - node.end + 1 : 0;
}

/**
 * The structure that has `lineRange` in an (edited) tree, preferring one of `kind` at `depth`
 * (its path length): how an operation finds the structure it edited, to report its new target.
 */
export function locateByLineRange(tree: StructureTree, lineRange: LineRange, kind: string, depth: number): StructurePath | null {
  let fallback: StructurePath | null = null;
  const visit = (path: StructureNode[]): StructurePath | null => {
    const node = path[path.length - 1]!;
    if (path.length > 1 && node.lineRange[0] === lineRange[0] && node.lineRange[1] === lineRange[1] && node.kind === kind) {
      if (path.length === depth) return path;
      fallback ??= path;
    }
    for (const child of node.children) {
      if (child.lineRange[0] > lineRange[0] || child.lineRange[1] < lineRange[1]) continue;
      const found = visit([...path, child]);
      if (found) return found;
    }
    return null;
  };
  return visit([tree.root]) ?? fallback;
}
