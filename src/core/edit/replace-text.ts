import { levenshteinRatio } from '../text/levenshtein.js';
import { err, ok, type Result } from 'neverthrow';
import { makeError, type ErrorOf, type LineRange, type SimilarLine } from '../errors.js';
import { headerText } from '../locate/match-text.js';
import type { StructurePath } from '../locate/targets.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { indentationAt, lineOfOffset, lineText, type SourceText } from '../text/source-text.js';
import { lineAfterEdit, lineCount, offsetAfterEdit, structureLines } from './layout.js';
import { indentationWarnings, type EditPlan } from './plan.js';
import type { Replacement } from './replacements.js';

/** Figures of `replaceTextInStructure`. */
export interface ReplaceTextFigures {
  /** The lines the new text occupies, in the edited file. */
  affected_lines: LineRange;
}

/** Figures of `replaceAllTextInStructure`. */
export interface ReplaceAllTextFigures {
  /** How many occurrences were replaced. */
  total_replacements: number;
  /** From the first replaced occurrence to the end of the last, in the edited file. */
  affected_lines: LineRange;
}

/** What a text edit searches for, and where. */
export interface TextEdit {
  /** The file, as shown in messages. */
  readonly file: string;
  /** The target as given (for details). */
  readonly target: string;
  readonly oldText: string;
  readonly newText: string;
}

/** Errors of the text planners. */
export type TextEditError = ErrorOf<'TEXT_NOT_FOUND'> | ErrorOf<'TEXT_AMBIGUOUS'> | ErrorOf<'COUNT_MISMATCH'>;

const normalize = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * The text a structure's text edits search: from the start of its first line when only
 * indentation precedes it (so `old_text` may begin with that indentation, as `readStructure`
 * shows it), else from its start; to its end.
 */
function searchRange(source: SourceText, node: StructureNode): { start: number; end: number } {
  if (node.kind === 'file') return { start: 0, end: source.text.length };
  const lines = structureLines(source, node);
  return { start: lines.startsLine ? lines.lineStart : node.start, end: node.end };
}

/** Non-overlapping occurrences of `needle` in `text[start, end)`, left to right. */
function occurrences(text: string, needle: string, start: number, end: number): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle, start); at !== -1 && at + needle.length <= end; at = text.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/** The occurrences of `old_text` in the structure (at least one), with their lines. */
function findInStructure(tree: StructureTree, path: StructurePath, edit: TextEdit): Result<{ oldText: string; found: number[]; lines: number[] }, ErrorOf<'TEXT_NOT_FOUND'>> {
  const { source } = tree;
  const node = path[path.length - 1]!;
  const oldText = normalize(edit.oldText);
  const range = searchRange(source, node);
  const found = occurrences(source.text, oldText, range.start, range.end);
  if (found.length === 0) return err(textNotFound(source, node, range, oldText, edit));
  return ok({ oldText, found, lines: found.map((offset) => lineOfOffset(source, offset)) });
}

/** Lines for a message: the first ten. */
const listed = (lines: readonly number[]) => `${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''}`;

/** Plans `replaceTextInStructure`: `old_text` must occur exactly once inside the structure. */
export function planReplaceText(tree: StructureTree, path: StructurePath, edit: TextEdit): Result<EditPlan<ReplaceTextFigures>, TextEditError> {
  return findInStructure(tree, path, edit).andThen(({ oldText, found, lines }): Result<EditPlan<ReplaceTextFigures>, TextEditError> => {
    if (found.length > 1) {
      return err(
        makeError(
          'TEXT_AMBIGUOUS',
          `old_text occurs ${found.length} times in the structure (lines ${listed(lines)}); replaceTextInStructure needs exactly one. Add surrounding lines to old_text so it names one occurrence, target a nested structure, or use replaceAllTextInStructure to replace all ${found.length}.`,
          { path: edit.file, target: edit.target, occurrences: found.length, lines },
        ),
      );
    }
    return ok(planOccurrences(tree, path, found, oldText, normalize(edit.newText), edit.target, (affected) => ({ affected_lines: affected })));
  });
}

/**
 * Plans `replaceAllTextInStructure`: every occurrence inside the structure, and exactly
 * `expectedCount` of them when it is given.
 */
export function planReplaceAllText(
  tree: StructureTree,
  path: StructurePath,
  edit: TextEdit & { readonly expectedCount?: number | undefined },
): Result<EditPlan<ReplaceAllTextFigures>, TextEditError> {
  return findInStructure(tree, path, edit).andThen(({ oldText, found, lines }): Result<EditPlan<ReplaceAllTextFigures>, TextEditError> => {
    if (edit.expectedCount !== undefined && edit.expectedCount !== found.length) {
      return err(
        makeError(
          'COUNT_MISMATCH',
          `Expected ${edit.expectedCount} occurrence${edit.expectedCount === 1 ? '' : 's'} of old_text in the structure but found ${found.length} (lines ${listed(lines)}); nothing was replaced. Check the occurrences, then call again with expected_count ${found.length}, or narrow old_text or the target.`,
          { path: edit.file, target: edit.target, expected: edit.expectedCount, found: found.length, lines },
        ),
      );
    }
    return ok(planOccurrences(tree, path, found, oldText, normalize(edit.newText), edit.target, (affected) => ({ total_replacements: found.length, affected_lines: affected })));
  });
}

function planOccurrences<Figures>(
  tree: StructureTree,
  path: StructurePath,
  found: readonly number[],
  oldText: string,
  newText: string,
  target: string,
  figures: (affected: LineRange) => Figures,
): EditPlan<Figures> {
  const { source } = tree;
  const node = path[path.length - 1]!;
  const replacements: Replacement[] = found.map((start) => ({ start, end: start + oldText.length, text: newText }));
  const first = replacements[0]!;
  const last = replacements[replacements.length - 1]!;
  const firstLine = lineAfterEdit(source, replacements, first);
  const lastLine = lineAfterEdit(source, replacements, last) + lineCount(newText) - 1;
  // Lines the new text starts (after each of its line breaks) should stay inside the structure.
  const destination = node.kind === 'file' ? '' : indentationAt(source, node.start);
  const warnings = newText.includes('\n')
    ? replacements.flatMap((replacement) => indentationWarnings(newText.split('\n'), lineAfterEdit(source, replacements, replacement), destination, 1)).slice(0, 1)
    : [];
  const changed = oldText !== newText;
  return {
    replacements: changed ? replacements : [],
    figures: figures([firstLine, lastLine]),
    warnings: changed ? warnings : [],
    watched: changed ? [{ node, target, start: offsetAfterEdit(replacements, node.start), emptiedByPlan: false }] : [],
  };
}

const MAX_SIMILAR = 3;
/** Past this many lines, similar lines are looked for in the first ones only (the cost is per line). */
const MAX_COMPARED_LINES = 20_000;
/** Characters compared per candidate. */
const COMPARED_LENGTH = 200;

/** `TEXT_NOT_FOUND` with the structure's most similar lines and any occurrence outside it. */
function textNotFound(source: SourceText, node: StructureNode, range: { start: number; end: number }, oldText: string, edit: TextEdit): ErrorOf<'TEXT_NOT_FOUND'> {
  const firstLine = lineOfOffset(source, range.start);
  const lastLine = lineOfOffset(source, Math.max(range.start, range.end - 1));
  const wanted = oldText.split('\n');
  const span = wanted.length;
  // Compared without indentation: a wrong indentation should not hide the line that was meant.
  const dedent = (text: string) => text.replace(/^[ \t]+/gm, '').slice(0, COMPARED_LENGTH);
  const target = dedent(oldText);
  const scored: SimilarLine[] = [];
  for (let line = firstLine; line <= Math.min(lastLine, firstLine + MAX_COMPARED_LINES); line++) {
    const window: string[] = [];
    for (let i = 0; i < span && line + i <= lastLine; i++) window.push(lineText(source, line + i));
    const candidate = window.join('\n');
    if (candidate.trim() === '') continue;
    const compared = dedent(candidate);
    const score = levenshteinRatio(target, compared);
    scored.push({ line, text: candidate, similarity: Math.round(score * 100) / 100 });
  }
  scored.sort((a, b) => b.similarity - a.similarity || a.line - b.line);
  const similar = scored.slice(0, MAX_SIMILAR);

  const outside = occurrences(source.text, oldText, 0, source.text.length)
    .filter((offset) => offset < range.start || offset + oldText.length > range.end)
    .map((offset) => lineOfOffset(source, offset));
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  const whitespaceOnly = squash(source.text.slice(range.start, range.end)).includes(squash(oldText));

  const hints: string[] = [];
  if (outside.length > 0) hints.push(`It does occur outside the structure, at line${outside.length === 1 ? '' : 's'} ${outside.slice(0, 5).join(', ')}: target the structure that holds it (or "" for the whole file).`);
  if (whitespaceOnly) hints.push('It matches when whitespace is ignored: copy the exact indentation, spaces and line breaks from the file.');
  const best = similar[0];
  if (best) hints.push(`The most similar text is at line ${best.line}: ${JSON.stringify(best.text.length > 120 ? `${best.text.slice(0, 120)}…` : best.text)}.`);
  const structure = node.kind === 'file' ? '' : headerText(source.text, node);
  return makeError(
    'TEXT_NOT_FOUND',
    `old_text does not occur in the structure at lines ${firstLine}-${lastLine} (matching is literal and case-sensitive). ${hints.join(' ')} Call again with old_text copied exactly from the structure (readStructure shows it).`,
    {
      path: edit.file,
      target: edit.target,
      structure_lines: [firstLine, lastLine],
      structure_matched: structure,
      similar_lines: similar,
      found_outside_lines: outside,
    },
  );
}
