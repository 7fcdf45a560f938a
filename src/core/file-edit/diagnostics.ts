import { diffWordsWithSpace } from 'diff';
import { invalidArgument, makeError, type ErrorOf, type FilePreview, type LineHighlight, type MatchLocation, type OtherEditFailure, type SimilarContent, type StringDiff, type StructeditError, type SuggestedFix } from '../errors.js';
import { describeIndentation } from '../text/indentation.js';
import { findSimilarText } from '../text/similar-text.js';
import { countLines, lineOfOffset, lineText } from '../text/source-text.js';
import type { EditedText, LiteralEdit, SequentialEditFailure, SequentialEditFailures } from './sequential-edits.js';

/**
 * Turns a failed edit into an error an LLM can correct itself from: for `NO_MATCH` the closest
 * text in the file with what differs and the exact text to copy; for `WRONG_COUNT` where every
 * occurrence is, and an `old_text` that names only the first one. Pure.
 */

/** What the diagnostics need to know about the call. */
export interface FileEditCall {
  /** The file (symbolic links resolved). */
  readonly path: string;
  /** The edits, as planned. */
  readonly edits: readonly LiteralEdit[];
}

/** At most this many match locations are listed. */
export const MATCH_LOCATION_LIMIT = 100;
const SIMILAR_LIMIT = 3;
const DIFFERENCE_LIMIT = 5;
/** Word edits a difference description explores before it tells the difference as one stretch. */
const MAX_DIFFERENCE_EDITS = 500;
const PREVIEW_CONTEXT = 3;
const PREVIEW_MAX_LINES = 40;

/** Other failing edits whose locations an `other_failures` entry lists. */
const OTHER_LOCATION_LIMIT = 20;

/**
 * The error value for a failed call: the first failing edit in full (its code is the error's), and
 * every other failing edit in `other_failures`, so one answer lets every edit be fixed.
 */
export function describeEditFailures(result: SequentialEditFailures, call: FileEditCall): StructeditError {
  const [first, ...others] = result.failures;
  const failed = result.failures.map((failure) => failure.edit_index + 1);
  const also = others.length === 0 ? '' : ` ${others.length === 1 ? 'Edit' : 'Edits'} ${listed(failed.slice(1))} failed too (details.other_failures; each was checked on the file without the failed edits before it).`;
  const unchecked = result.unchecked > 0 ? ` The last ${result.unchecked} edit${result.unchecked === 1 ? ' was' : 's were'} not checked: fix these first.` : '';
  if (first.reason === 'EMPTY_OLD_TEXT') {
    return invalidArgument(result.failures.map((failure) => ({ field: `edits.${failure.edit_index}.old_text`, message: shortReport(failure, call).message })));
  }
  const error = describeEditFailure(first, call);
  if (error.error !== 'NO_MATCH' && error.error !== 'WRONG_COUNT') return error;
  if (also === '' && unchecked === '') return error;
  const message = error.message.replace(/ Nothing was written\.$/, `${also}${unchecked} Nothing was written.`);
  error.details.validation_error.message = message;
  return { ...error, message, details: { ...error.details, other_failures: others.map((failure) => shortReport(failure, call)), ...(result.unchecked > 0 ? { unchecked_edits: result.unchecked } : {}) } };
}

/** One failing edit as an entry of `other_failures`. */
function shortReport(failure: SequentialEditFailure, call: FileEditCall): OtherEditFailure {
  const after_failed_edits = [...failure.after_failed];
  if (failure.reason === 'EMPTY_OLD_TEXT') {
    return { edit_index: failure.edit_index, type: 'INVALID_ARGUMENT', message: emptyOldTextMessage(positionOf(failure, call), call), after_failed_edits };
  }
  const error = describeEditFailure(failure, call);
  if (error.error !== 'NO_MATCH' && error.error !== 'WRONG_COUNT') return { edit_index: failure.edit_index, type: 'INVALID_ARGUMENT', message: error.message, after_failed_edits };
  const validation = error.details.validation_error;
  const report: OtherEditFailure = { edit_index: failure.edit_index, type: error.error, message: error.message, after_failed_edits };
  if (validation.similar_content) report.similar_content = validation.similar_content;
  if (validation.nearest_match) report.nearest_match = validation.nearest_match;
  if (validation.actual_occurrences !== undefined) report.actual_occurrences = validation.actual_occurrences;
  if (validation.match_locations) report.match_locations = validation.match_locations.slice(0, OTHER_LOCATION_LIMIT);
  if (error.details.suggested_fixes[0]) report.suggested_fix = error.details.suggested_fixes[0];
  return report;
}

/** `1, 2 and 4`. */
function listed(numbers: readonly number[]): string {
  return numbers.length === 1 ? String(numbers[0]) : `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

function positionOf(failure: SequentialEditFailure, call: FileEditCall): string {
  const checked = failure.after_failed.length > 0 ? ` (checked without the failed edit${failure.after_failed.length === 1 ? '' : 's'} ${listed(failure.after_failed.map((index) => index + 1))})` : '';
  return `Edit ${failure.edit_index + 1} of ${call.edits.length}${checked}`;
}

function emptyOldTextMessage(position: string, call: FileEditCall): string {
  return `${position}: old_text is empty, which only works on an empty file (to set its content); ${call.path} is not empty after the edits before it. Put the exact text to replace in old_text`;
}

/** The error value for one failed edit. */
export function describeEditFailure(failure: SequentialEditFailure, call: FileEditCall): StructeditError {
  const position = positionOf(failure, call);
  if (failure.reason === 'EMPTY_OLD_TEXT') {
    return invalidArgument([
      {
        field: `edits.${failure.edit_index}.old_text`,
        message: emptyOldTextMessage(position, call),
      },
    ]);
  }
  const edit = call.edits[failure.edit_index]!;
  return failure.reason === 'NO_MATCH' ? noMatch(failure, edit, call, position) : wrongCount(failure, edit, call, position);
}

function noMatch(failure: Extract<SequentialEditFailure, { reason: 'NO_MATCH' }>, edit: LiteralEdit, call: FileEditCall, position: string): ErrorOf<'NO_MATCH'> {
  const { seen } = failure;
  const similar = findSimilarText(seen, edit.old_text, SIMILAR_LIMIT);
  const similarContent: SimilarContent[] = similar.map((candidate) => ({
    line_number: seen.originalLine(candidate.start),
    content: candidate.text,
    similarity_score: Math.round(candidate.score * 100) / 100,
    differences: describeDifferences(edit.old_text, candidate.text),
  }));
  const fixes: SuggestedFix[] = [];
  const best = similarContent[0];
  const changedEarlier = failure.original_count > 0 && seen.changed;
  const note = changedEarlier ? 'An earlier edit in this call changed this text: it occurs in the file as it was before the call, but edits apply in order, each to the result of the previous one, so write old_text as the edits before leave it (or merge the edits).' : undefined;
  const earlier = note ? ` ${note}` : '';
  fixes.push(
    best
      ? { type: 'USE_EXACT_TEXT', suggestion: `Copy the exact text at line ${best.line_number} (the example; file_read shows it too) into old_text.`, example: best.content }
      : { type: 'USE_EXACT_TEXT', suggestion: `Use file_read to see the exact content of ${call.path}, then copy the text to replace into old_text precisely.` },
  );
  const fileStyle = describeIndentation(seen.text);
  const searchStyle = describeIndentation(edit.old_text);
  // Only tabs against spaces is a telling difference (widths vary within a file's own text).
  const styleDiffers = (fileStyle === 'tabs') !== (searchStyle === 'tabs') && /^(tabs|\d+ spaces)$/.test(fileStyle) && /^(tabs|\d+ spaces)$/.test(searchStyle);
  if (!best || styleDiffers || best.differences.some((difference) => difference.type === 'whitespace')) {
    fixes.push({
      type: 'CHECK_WHITESPACE',
      suggestion: `The file indents with ${fileStyle}${styleDiffers ? ` but old_text uses ${searchStyle}` : ''}; old_text must match its whitespace exactly (tabs, spaces, trailing spaces, line breaks).`,
      ...(best ? { example: JSON.stringify(best.content) } : {}),
    });
  }
  const unescaped = unescapedText(edit.old_text);
  if (unescaped !== null) {
    const occurs = seen.text.includes(unescaped);
    fixes.push({
      type: 'ESCAPE_SPECIAL',
      suggestion: `old_text is matched literally, character for character: write real line breaks and tabs rather than \\n and \\t, and do not escape regex or JSON characters.${occurs ? ' Unescaped, the text does occur in the file.' : ''}`,
      example: unescaped,
    });
  }
  // Nothing worth copying: still show where the file comes nearest, so the caller knows where to look.
  const nearest = best ? undefined : findSimilarText(seen, edit.old_text, 1, 0)[0];
  const nearestMatch = nearest ? { line_number: seen.originalLine(nearest.start), content: nearest.text, similarity_score: Math.round(nearest.score * 100) / 100 } : undefined;
  const relaxedLines = failure.relaxed_candidates?.map((offset) => seen.originalLine(offset));
  const relaxed = relaxedLines ? ` With whitespace relaxed it fits ${relaxedLines.length} places (lines ${relaxedLines.join(', ')}), so none was chosen: add lines around it that tell them apart.` : '';
  const where = best
    ? ` The closest text is at line ${best.line_number} (similarity ${best.similarity_score}${differenceKinds(best.differences)}): copy it exactly from suggested_fixes[0].example.`
    : nearestMatch
      ? ` Nothing in the file is similar enough to copy; the nearest text is at line ${nearestMatch.line_number} (similarity ${nearestMatch.similarity_score}; file_preview shows the lines around it): read the file there with file_read and copy the text exactly.`
      : ' Nothing similar was found: read the file with file_read and copy the text exactly.';
  const message = `${position} failed: could not find the exact old_text in ${call.path}${seen.changed ? ' (as the edits before it left the file)' : ''}.${where}${relaxed}${earlier} Nothing was written.`;
  const focus = similar[0] ?? nearest;
  return makeError('NO_MATCH', message, {
    path: call.path,
    validation_error: {
      type: 'NO_MATCH',
      edit_index: failure.edit_index,
      total_edits: call.edits.length,
      message,
      search_text: edit.old_text,
      similar_content: similarContent,
      ...(nearestMatch ? { nearest_match: nearestMatch } : {}),
      ...(relaxedLines ? { relaxed_candidates: relaxedLines } : {}),
      ...(failure.after_failed.length > 0 ? { after_failed_edits: [...failure.after_failed] } : {}),
    },
    suggested_fixes: fixes,
    file_preview: filePreview(seen, focus ? { from: focus.start, to: focus.end } : null, similar.map((candidate) => ({ offset: candidate.start, reason: 'similar' as const }))),
    ...(note ? { note } : {}),
  });
}

function wrongCount(failure: Extract<SequentialEditFailure, { reason: 'WRONG_COUNT' }>, edit: LiteralEdit, call: FileEditCall, position: string): ErrorOf<'WRONG_COUNT'> {
  const { seen, matches } = failure;
  const locations = matches.slice(0, MATCH_LOCATION_LIMIT).map((offset) => matchLocation(seen, offset, edit.old_text));
  const actual = matches.length;
  const fixes: SuggestedFix[] = [
    {
      type: 'ADJUST_COUNT',
      suggestion: `Set occurrences to ${actual} to replace all ${actual} of them.`,
      example: JSON.stringify({ old_text: edit.old_text, new_text: edit.new_text, occurrences: actual }),
    },
  ];
  if (actual > edit.occurrences) {
    const unique = uniqueExtension(seen, matches[0]!, edit.old_text.length);
    fixes.push({
      type: 'USE_EXACT_TEXT',
      suggestion: `To change only ${edit.occurrences === 1 ? 'one of them' : `${edit.occurrences} of them`}, add surrounding text to old_text so it matches just ${edit.occurrences === 1 ? 'that one' : 'those'}, or split it into one edit per occurrence with its own unique old_text.${unique ? ` The example matches only the occurrence at line ${locations[0]!.line_number}.` : ''}`,
      ...(unique ? { example: unique } : {}),
    });
  }
  const lines = locations.slice(0, 10).map((location) => location.line_number);
  const changedEarlier = seen.changed && failure.original_count !== actual;
  const note = changedEarlier ? `The file had ${failure.original_count} before this call: earlier edits in this call changed that, and occurrences are counted on the result of the edits before.` : undefined;
  const earlier = note ? ` ${note}` : '';
  const message = `${position} failed: expected ${edit.occurrences} occurrence${edit.occurrences === 1 ? '' : 's'} of old_text in ${call.path} but found ${actual} (line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}${actual > lines.length ? ', …' : ''}). Set occurrences to ${actual} to replace them all, or add surrounding text to old_text so it matches only the ones you mean.${earlier} Nothing was written.`;
  return makeError('WRONG_COUNT', message, {
    path: call.path,
    validation_error: {
      type: 'WRONG_COUNT',
      edit_index: failure.edit_index,
      total_edits: call.edits.length,
      message,
      expected_occurrences: edit.occurrences,
      actual_occurrences: actual,
      match_locations: locations,
      search_text: edit.old_text,
      ...(failure.after_failed.length > 0 ? { after_failed_edits: [...failure.after_failed] } : {}),
    },
    suggested_fixes: fixes,
    file_preview: filePreview(seen, { from: matches[0]!, to: matches[0]! + edit.old_text.length }, matches.map((offset) => ({ offset, reason: 'match' as const }))),
    ...(note ? { note } : {}),
  });
}

function matchLocation(seen: EditedText, offset: number, text: string): MatchLocation {
  const line = lineOfOffset(seen, offset);
  const column = offset - seen.lineStarts[line - 1]! + 1;
  const firstLineLength = text.includes('\n') ? text.indexOf('\n') : text.length;
  const location: MatchLocation = { line_number: seen.originalLine(offset), column_start: column, column_end: column + firstLineLength, line_content: lineText(seen, line) };
  if (line > 1) location.context_before = lineText(seen, line - 1);
  if (line < countLines(seen)) location.context_after = lineText(seen, line + 1);
  return location;
}

/**
 * The whole line(s) around an occurrence, extended line by line until the text occurs only once
 * (at most 5 lines), or null.
 */
function uniqueExtension(seen: EditedText, offset: number, length: number): string | null {
  const firstLine = lineOfOffset(seen, offset);
  const lastLine = lineOfOffset(seen, offset + length);
  const total = countLines(seen);
  for (let extra = 0; extra < 5 && lastLine + extra <= total; extra++) {
    const from = seen.lineStarts[firstLine - 1]!;
    const next = seen.lineStarts[lastLine + extra];
    const to = next === undefined ? seen.text.length : next - 1;
    const candidate = seen.text.slice(from, to);
    const first = seen.text.indexOf(candidate);
    if (first === from && seen.text.indexOf(candidate, first + 1) === -1) return candidate;
  }
  return null;
}

/**
 * The parts where `found` (in the file) differs from `expected` (old_text), word by word, each
 * typed: `whitespace`, `case`, `punctuation` (e.g. quotes) or `content`. A part that is only
 * whitespace or a character or two is shown with its neighbouring words, so it can be recognised.
 */
export function describeDifferences(expected: string, found: string, limit = DIFFERENCE_LIMIT): StringDiff[] {
  // Myers' diff costs tokens × edits: on texts that differ by a whole minified line it takes minutes.
  // Past a bound the difference is told as one stretch: what lies between the common start and end.
  const parts = diffWordsWithSpace(expected, found, { maxEditLength: MAX_DIFFERENCE_EDITS });
  if (parts === undefined) return [outerDifference(expected, found)];
  const differences: StringDiff[] = [];
  let index = 0;
  while (index < parts.length && differences.length < limit) {
    if (!parts[index]!.added && !parts[index]!.removed) {
      index++;
      continue;
    }
    const before = index > 0 ? parts[index - 1]!.value : '';
    let removed = '';
    let added = '';
    while (index < parts.length && (parts[index]!.added || parts[index]!.removed)) {
      if (parts[index]!.removed) removed += parts[index]!.value;
      else added += parts[index]!.value;
      index++;
    }
    const after = index < parts.length ? parts[index]!.value : '';
    const type = differenceType(removed, added);
    const bare = (text: string) => text.trim().length <= 2;
    if (bare(removed) || bare(added)) {
      const left = /\S*\s*$/.exec(before)![0].slice(-20);
      const right = /^\s*\S*/.exec(after)![0].slice(0, 20);
      differences.push({ type, expected: left + removed + right, found: left + added + right });
    } else {
      differences.push({ type, expected: removed, found: added });
    }
  }
  return differences;
}

/** The one stretch where two texts differ: all but their common start and end. */
function outerDifference(expected: string, found: string): StringDiff {
  let start = 0;
  const shorter = Math.min(expected.length, found.length);
  while (start < shorter && expected[start] === found[start]) start++;
  let end = 0;
  while (end < shorter - start && expected[expected.length - 1 - end] === found[found.length - 1 - end]) end++;
  const removed = expected.slice(start, expected.length - end);
  const added = found.slice(start, found.length - end);
  return { type: differenceType(removed, added), expected: removed, found: added };
}

function differenceType(expected: string, found: string): StringDiff['type'] {
  const squeeze = (text: string) => text.replace(/\s+/g, '');
  if (squeeze(expected) === squeeze(found)) return 'whitespace';
  if (squeeze(expected).toLowerCase() === squeeze(found).toLowerCase()) return 'case';
  const words = (text: string) => text.replace(/[\s\p{P}\p{S}]+/gu, '');
  if (words(expected) === words(found)) return 'punctuation';
  return 'content';
}

/**
 * `old_text` with escape sequences resolved, when it has some a caller may have added by mistake:
 * `\n`, `\t`, `\"` written as two characters, or regex escapes such as `\(` and `\.`. Else null.
 */
function unescapedText(text: string): string | null {
  if (!/\\[ntr"'\\.*+?^$(){}[\]|/]/.test(text)) return null;
  const unescaped = text.replace(/\\([ntr"'\\.*+?^$(){}[\]|/])/g, (_, char: string) => (char === 'n' ? '\n' : char === 't' ? '\t' : char === 'r' ? '' : char));
  return unescaped === text ? null : unescaped;
}

/** The lines around a range of the text the edit saw, with the original line numbers. */
function filePreview(seen: EditedText, range: { from: number; to: number } | null, marks: ReadonlyArray<{ offset: number; reason: LineHighlight['reason'] }>): FilePreview {
  const total = countLines(seen);
  let first = 1;
  let last = Math.min(total, PREVIEW_MAX_LINES);
  if (range !== null) {
    first = Math.max(1, lineOfOffset(seen, range.from) - PREVIEW_CONTEXT);
    last = Math.min(total, Math.max(lineOfOffset(seen, range.to), lineOfOffset(seen, range.from)) + PREVIEW_CONTEXT, first + PREVIEW_MAX_LINES - 1);
  }
  const lines: string[] = [];
  for (let line = first; line <= last; line++) lines.push(lineText(seen, line));
  const highlights: LineHighlight[] = [];
  for (const mark of marks) {
    const line = lineOfOffset(seen, mark.offset);
    if (line >= first && line <= last) highlights.push({ line_number: seen.originalLine(mark.offset), reason: mark.reason });
  }
  const lineStart = (line: number) => seen.lineStarts[line - 1] ?? seen.text.length;
  return {
    total_lines: total,
    preview_start_line: total === 0 ? 0 : seen.originalLine(lineStart(first)),
    preview_end_line: total === 0 ? 0 : seen.originalLine(lineStart(last)),
    content: lines.join('\n'),
    highlights,
  };
}

/** `; case differs`, `; whitespace and case differ`: the kinds of difference, for the message. */
function differenceKinds(differences: readonly { type: string }[]): string {
  const types = [...new Set(differences.map((difference) => difference.type))];
  if (types.length === 0) return '';
  const list = types.length === 1 ? types[0] : `${types.slice(0, -1).join(', ')} and ${types[types.length - 1]}`;
  return `; ${list} differ${types.length === 1 ? 's' : ''}`;
}
