import { err, ok, type Result } from 'neverthrow';
import { invalidArgument, type ErrorOf, type LineRange } from '../errors.js';
import type { StructurePath } from '../locate/targets.js';
import type { StructureTree } from '../structure/types.js';
import { normalizeContent, rebaseIndentation, type IndentationStyle } from '../text/indentation.js';
import { countLines, createSourceText, indentationAt } from '../text/source-text.js';
import { lineCount, narrowReplacement, structureLines } from './layout.js';
import { indentationWarnings, type EditPlan } from './plan.js';

/** Figures of `replaceStructure`. */
export interface ReplaceStructureFigures {
  /** Where the new structure is, in the edited file. */
  lines: LineRange;
}

/**
 * Plans `replaceStructure`: the structure's range `[start, end)` (after its line's indentation,
 * decorators and doc comment included) becomes the re-indented content. Target `""` replaces the
 * whole file with the content as given (line endings aside), keeping a final line break if the
 * file had one. Only the part that differs is replaced, so the rest keeps its bytes.
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
      figures: { lines: [1, Math.max(1, countLines(createSourceText(text)))] },
      warnings: [],
      watched: [{ node, target: '', start: 0, emptiedByPlan: false }],
    });
  }
  const normalized = normalizeContent(content);
  if (normalized.trim() === '') {
    return err(invalidArgument([{ field: 'content', message: 'is empty; to remove the structure call deleteStructure instead' }]));
  }
  const destination = indentationAt(source, node.start);
  const rebased = rebaseIndentation(normalized, destination, style);
  const lines = rebased.split('\n');
  const text = rebased.slice(destination.length);
  const replacement = narrowReplacement(source, node.start, node.end, text);
  const first = structureLines(source, node).firstLine;
  return ok({
    replacements: replacement ? [replacement] : [],
    figures: { lines: [first, first + lineCount(text) - 1] },
    // Lines that were already there (an unchanged replacement) are not the caller's doing.
    warnings: replacement ? indentationWarnings(lines, first, destination) : [],
    watched: [{ node, target, start: node.start, emptiedByPlan: false }],
  });
}
