import { err, ok, type Result } from 'neverthrow';
import { invalidArgument, type ErrorOf, type LineRange } from '../errors.js';
import type { StructurePath } from '../locate/targets.js';
import { profileOf } from '../languages/profiles/index.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { literalLinesOf, normalizeContent, rebaseIndentation, type IndentationStyle } from '../text/indentation.js';
import { countLines, createSourceText, indentationAt, lineOfOffset } from '../text/source-text.js';
import { isAttachedOnly, lineCount, narrowReplacement, structureLines } from './layout.js';
import { indentationWarnings, type EditPlan } from './plan.js';

/** Figures of `replaceStructure`. */
export interface ReplaceStructureFigures {
  /** Where the new structure is, in the edited file. */
  lines: LineRange;
  /**
   * How many lines above the declaration were kept because the content left them out (its doc
   * comment, decorators, `export`): 0 when the whole structure was replaced.
   */
  kept_leading_lines: number;
}

/** The first word of a text (`export`, `def`, `@functools`): how content and structure are compared. */
function firstWord(text: string): string {
  return /^\s*([^\s(<{:]+)/.exec(text)?.[1] ?? '';
}

/**
 * Where a replacement with `content` starts. The structure's range begins at its doc comment and
 * decorators; content that starts at the declaration itself leaves those out, so they are kept and
 * the declaration is replaced from where the content begins: its header, or a wrapper such as
 * `export` when the content starts with one (the latest start whose first word the content's
 * shares; else where the code begins). Content that starts with its own comment or decorator
 * replaces the whole structure.
 */
function replacementStart(tree: StructureTree, node: StructureNode, content: string): number {
  if (!profileOf(tree.language).layout.commentsAttach) return node.start;
  const text = tree.source.text;
  const lineFrom = (offset: number) => text.slice(offset, text.indexOf('\n', offset) === -1 ? text.length : text.indexOf('\n', offset));
  if (isAttachedOnly(content.split('\n', 1)[0]!)) return node.start;
  const code = node.matchStarts.filter((start) => !isAttachedOnly(lineFrom(start)));
  if (code.length === 0) return node.start;
  const word = firstWord(content);
  const same = code.filter((start) => firstWord(lineFrom(start)) === word);
  return same.length > 0 ? same[same.length - 1]! : code[0]!;
}

/**
 * Plans `replaceStructure`: the structure's range `[start, end)` (after its line's indentation,
 * decorators and doc comment included) becomes the re-indented content — from the declaration on
 * when the content starts there, keeping the doc comment and decorators it leaves out (see
 * `replacementStart`). Target `""` replaces the whole file with the content as given (line endings
 * aside), keeping a final line break if the file had one. Only the part that differs is replaced,
 * so the rest keeps its bytes.
 */
export function planReplaceStructure(
  tree: StructureTree,
  path: StructurePath,
  content: string,
  style: IndentationStyle,
  target: string | null,
): Result<EditPlan<ReplaceStructureFigures>, ErrorOf<'INVALID_ARGUMENT'>> {
  const { source } = tree;
  const node = path[path.length - 1]!;
  if (path.length === 1) {
    let text = content.replace(/\r\n?/g, '\n');
    if (text !== '' && !text.endsWith('\n') && source.text.endsWith('\n')) text += '\n';
    const replacement = narrowReplacement(source, 0, source.text.length, text);
    return ok({
      replacements: replacement ? [replacement] : [],
      figures: { lines: [1, Math.max(1, countLines(createSourceText(text)))], kept_leading_lines: 0 },
      warnings: [],
      watched: [{ node, target: '', start: 0, emptiedByPlan: false }],
    });
  }
  const normalized = normalizeContent(content);
  if (normalized.trim() === '') {
    return err(invalidArgument([{ field: 'content', message: 'is empty; to remove the structure call deleteStructure instead' }]));
  }
  const start = replacementStart(tree, node, normalized);
  const destination = indentationAt(source, start);
  const literals = literalLinesOf(normalized, style);
  const rebased = rebaseIndentation(normalized, destination, style, literals);
  const lines = rebased.split('\n');
  const text = rebased.slice(destination.length);
  const replacement = narrowReplacement(source, start, node.end, text);
  const top = structureLines(source, node).firstLine;
  const first = lineOfOffset(source, start);
  return ok({
    replacements: replacement ? [replacement] : [],
    figures: { lines: [top, first + lineCount(text) - 1], kept_leading_lines: first - top },
    // Lines that were already there (an unchanged replacement) are not the caller's doing.
    warnings: replacement ? indentationWarnings(lines, first, destination, 0, literals) : [],
    watched: [{ node, target, start: node.start, emptiedByPlan: false }],
  });
}
