import type { Result } from 'neverthrow';
import type { EditFileResult, EditSummary, FileEditErrorDetails, FileEditMetadata, StructeditError, ValidationError } from 'structedit';
import { renderWarnings } from './warnings.js';

/**
 * `file_edit`'s answers as its specification (docs/spec/file-edit.md) writes them: `content` text
 * in its message formats (what an LLM reads) and `metadata` (the same facts as data). Text is
 * bounded (long diffs and texts are cut, pointing to `metadata`); metadata is complete.
 */

const TEXT_DIFF_LINES = 400;
const TEXT_SNIPPET = 2000;
const TEXT_LOCATIONS = 20;

/** One block of text for the caller (the shape MCP uses). */
export interface TextContent {
  /** Always `text`. */
  type: 'text';
  /** The text. */
  text: string;
}

/** The result of `file_edit` in the specification's shape, for either outcome. */
export interface FileEditResult {
  /** Whether the call failed (then nothing was written). */
  isError: boolean;
  /** The outcome as text for the caller (an LLM reads this). */
  content: TextContent[];
  /** The outcome as data. */
  metadata?: FileEditMetadata;
}

/** The specification's text of a successful (or dry) `editFile`: a headline, then the diff. */
export function fileEditText(result: EditFileResult): string {
  const { path, diff } = result;
  const edits = result.edits_applied.length;
  const total = result.total_replacements;
  const counted = `${edits} edit${edits === 1 ? '' : 's'}`;
  const replacements = `${total} replacement${total === 1 ? '' : 's'}`;
  // A real run wrote (and can be undone) exactly when the edits changed the file's bytes.
  const outcome = { dry_run: result.dry_run, would_modify: result.dry_run ? result.would_modify === true : result.undo_token !== null };
  let headline: string;
  if (outcome.dry_run) {
    headline = outcome.would_modify
      ? `Dry run: ${counted} would make ${replacements} in ${path}. Nothing was written; send the same edits without dry_run to apply them.`
      : `Dry run: ${counted} would make ${replacements} in ${path}, but the file would stay byte-identical (the new text equals the old). Nothing was written.`;
  } else {
    headline = outcome.would_modify
      ? `Applied ${counted} to ${path}: ${replacements}.`
      : `Applied ${counted} to ${path}: ${replacements}, but the file is unchanged (the new text equals the old), so it was not rewritten.`;
  }
  const relaxed = result.edits_applied.flatMap((summary) => (summary.relaxed ? [relaxedLine(summary.edit_index, summary.relaxed)] : []));
  if (relaxed.length > 0) headline += `\n${relaxed.join('\n')}`;
  return diff.unified === '' ? headline : `${headline}\n\n${fenced(boundedDiff(diff.unified), 'diff')}`;
}

/** What `match: 'whitespace'` relaxed for one edit. */
function relaxedLine(index: number, relaxed: NonNullable<EditSummary['relaxed']>): string {
  const how = [relaxed.line_number_prefixes ? 'line-number prefixes removed' : null, relaxed.reindented ? 'new_text re-indented to the file' : null].filter((part) => part !== null);
  return `Edit ${index + 1}: old_text was not found exactly; it matched line ${relaxed.line_number} with only whitespace relaxed${how.length > 0 ? ` (${how.join('; ')})` : ''}.`;
}

/** The metadata of a successful `editFile` (its result without the warnings). */
export function fileEditMetadata(result: EditFileResult): FileEditMetadata {
  const { warnings: _warnings, ...metadata } = result;
  return metadata;
}

/**
 * Renders the outcome of `editFile` (either side of the `Result`) as the specification's
 * `FileEditResult`. `input` is what was sent, used to name the path and count the edits when the
 * call failed before its arguments were read.
 */
export function toFileEditResult(result: Result<EditFileResult, StructeditError>, input?: unknown): FileEditResult {
  if (result.isOk()) return { isError: false, content: [{ type: 'text', text: fileEditText(result.value) + renderWarnings(result.value.warnings) }], metadata: fileEditMetadata(result.value) };
  const error = result.error;
  const sent = typeof input === 'object' && input !== null ? (input as { path?: unknown; edits?: unknown }) : {};
  const totalEdits = Array.isArray(sent.edits) ? sent.edits.length : 0;
  if (error.error === 'NO_MATCH' || error.error === 'WRONG_COUNT') {
    const details: FileEditErrorDetails = error.details;
    const metadata: FileEditMetadata = { path: details.path, validation_error: details.validation_error, suggested_fixes: details.suggested_fixes };
    if (details.file_preview) metadata.file_preview = details.file_preview;
    if (details.other_failures) metadata.other_failures = details.other_failures;
    if (details.unchecked_edits) metadata.unchecked_edits = details.unchecked_edits;
    const text = error.error === 'NO_MATCH' ? noMatchText(details) : wrongCountText(details);
    return { isError: true, content: [{ type: 'text', text }], metadata };
  }
  const path = 'path' in error.details && typeof error.details.path === 'string' ? error.details.path : typeof sent.path === 'string' ? sent.path : '';
  const field = error.error === 'INVALID_ARGUMENT' ? error.details.issues.find((issue) => /^edits\.\d+/.test(issue.field))?.field : undefined;
  const validation: ValidationError = { type: error.error, edit_index: field ? Number(/^edits\.(\d+)/.exec(field)![1]) : 0, total_edits: totalEdits, message: error.message };
  return { isError: true, content: [{ type: 'text', text: `file_edit failed: ${error.message}` }], metadata: { path, validation_error: validation, suggested_fixes: [] } };
}

/** The file-edit specification's message for `NO_MATCH`. */
export function noMatchText(details: FileEditErrorDetails): string {
  const failure = details.validation_error;
  const fixes = details.suggested_fixes;
  const lines = [`Edit ${failure.edit_index + 1} of ${failure.total_edits} failed: Could not find exact text in ${details.path}.${othersHeadline(details)}`, '', 'Searched for (between >>>markers<<<):', marked(failure.search_text ?? ''), ''];
  const similar = failure.similar_content ?? [];
  if (similar.length > 0) {
    lines.push("File contains similar content that might be what you're looking for:", '');
    for (const candidate of similar) {
      const last = candidate.line_number + (candidate.content.match(/\n(?!$)/g)?.length ?? 0);
      const label = last > candidate.line_number ? `Lines ${candidate.line_number}-${last}` : `Line ${candidate.line_number}`;
      lines.push(`${label} (similarity ${candidate.similarity_score}):`, marked(candidate.content));
      for (const difference of candidate.differences) lines.push(`  Difference (${difference.type}): old_text has ${JSON.stringify(difference.expected)}, the file has ${JSON.stringify(difference.found)}`);
      lines.push('');
    }
  } else if (failure.nearest_match && details.file_preview) {
    const preview = details.file_preview;
    lines.push(`No similar content was found in the file. The nearest text is at line ${failure.nearest_match.line_number} (similarity ${failure.nearest_match.similarity_score}); the file's lines ${preview.preview_start_line}-${preview.preview_end_line} around it:`, '');
    lines.push(...numbered(preview.content, preview.preview_start_line), '');
  } else {
    lines.push('No similar content was found in the file.', '');
  }
  if (failure.relaxed_candidates) lines.push(`With whitespace relaxed, old_text fits ${failure.relaxed_candidates.length} places (lines ${failure.relaxed_candidates.join(', ')}); none was chosen. Add lines around it that tell them apart.`, '');
  const whitespace = fixes.find((fix) => fix.type === 'CHECK_WHITESPACE');
  const escape = fixes.find((fix) => fix.type === 'ESCAPE_SPECIAL');
  const suggestions = [
    `Use file_read to see the exact content, then copy it precisely${similar.length > 0 ? ` (the text at line ${similar[0]!.line_number} is shown above between markers)` : ''}`,
    whitespace ? `Check for tabs vs spaces - ${whitespace.suggestion.replace(/^The file indents with /, 'the file uses ')}` : undefined,
    'Ensure you include all line breaks in multi-line searches',
    escape ? `${escape.suggestion}${escape.example !== undefined ? ` Unescaped: >>>${escape.example}<<<` : ''}` : undefined,
  ].filter((suggestion): suggestion is string => suggestion !== undefined);
  lines.push('Suggestions:', ...suggestions.map((suggestion, index) => `${index + 1}. ${suggestion}`));
  if (details.note) lines.push('', `Note: ${details.note}`);
  lines.push(...otherFailuresText(details));
  lines.push('', 'Nothing was written.');
  return lines.join('\n');
}

/**
 * The call's other failing edits, each with what to send instead (its first suggestion), so one
 * answer lets the caller fix every edit.
 */
function otherFailuresText(details: FileEditErrorDetails): string[] {
  const others = details.other_failures ?? [];
  if (others.length === 0 && !details.unchecked_edits) return [];
  const lines = ['', `Other failing edits (${others.length}; each checked on the file without the failed edits before it):`];
  for (const other of others) {
    lines.push(`- ${other.message.replace(/ Nothing was written\.$/, '')}`);
    const similar = other.similar_content?.[0];
    if (similar) lines.push(`  Closest text, line ${similar.line_number} (similarity ${similar.similarity_score}):`, `  ${marked(similar.content)}`);
    else if (other.nearest_match) lines.push(`  Nearest text, line ${other.nearest_match.line_number} (similarity ${other.nearest_match.similarity_score}):`, `  ${marked(other.nearest_match.content)}`);
    else if (other.suggested_fix) lines.push(`  ${other.suggested_fix.suggestion}${other.suggested_fix.example !== undefined ? `\n  ${marked(other.suggested_fix.example)}` : ''}`);
  }
  if (details.unchecked_edits) lines.push(`- ${details.unchecked_edits} later edit${details.unchecked_edits === 1 ? ' was' : 's were'} not checked.`);
  return lines;
}

/** Lines with their numbers, as file_read shows them. */
function numbered(content: string, first: number): string[] {
  const lines = content.split('\n');
  const width = String(first + lines.length - 1).length;
  return lines.map((line, index) => `${String(first + index).padStart(width)} | ${line}`);
}

/** The file-edit specification's message for `WRONG_COUNT`. */
export function wrongCountText(details: FileEditErrorDetails): string {
  const failure = details.validation_error;
  const expected = failure.expected_occurrences ?? 1;
  const actual = failure.actual_occurrences ?? 0;
  const locations = failure.match_locations ?? [];
  const lines = [`Edit ${failure.edit_index + 1} of ${failure.total_edits} failed: Expected ${expected} occurrence${expected === 1 ? '' : 's'} but found ${actual} in ${details.path}.${othersHeadline(details)}`, ''];
  lines.push(`Expected to replace ${expected} instance${expected === 1 ? '' : 's'} of ${quoted(failure.search_text ?? '')} but found ${actual} instance${actual === 1 ? '' : 's'} at:`);
  for (const location of locations.slice(0, TEXT_LOCATIONS)) lines.push(`  Line ${location.line_number}, column ${location.column_start}: ${clip(location.line_content.trim(), 120)}`);
  if (actual > TEXT_LOCATIONS) lines.push(`  … and ${actual - TEXT_LOCATIONS} more (metadata.validation_error.match_locations lists up to 100)`);
  const unique = details.suggested_fixes.find((fix) => fix.type === 'USE_EXACT_TEXT');
  lines.push(
    '',
    'Options to fix:',
    `1. Update occurrences to ${actual} if you want to replace all instances`,
    `2. Add more context to make the old_text unique to just the ${expected === 1 ? 'one' : expected} you want${unique?.example !== undefined ? `; for example this old_text matches only line ${locations[0]!.line_number}:\n${marked(unique.example)}` : ''}`,
    '3. Split into multiple edits with unique old_text for each target',
  );
  if (details.note) lines.push('', `Note: ${details.note}`);
  lines.push(...otherFailuresText(details));
  lines.push('', 'Nothing was written.');
  return lines.join('\n');
}

/** ` Edits 3 and 5 failed too (below).` when others failed. */
function othersHeadline(details: FileEditErrorDetails): string {
  const others = (details.other_failures ?? []).map((other) => other.edit_index + 1);
  if (others.length === 0) return '';
  return ` ${others.length === 1 ? 'Edit' : 'Edits'} ${others.length === 1 ? others[0] : `${others.slice(0, -1).join(', ')} and ${others[others.length - 1]}`} failed too (below).`;
}

/** Text between `>>>` and `<<<` markers, cut when very long. */
function marked(text: string): string {
  return `>>>${clip(text, TEXT_SNIPPET)}<<<`;
}

function quoted(text: string): string {
  return text.includes('\n') || text.length > 80 ? `\n${marked(text)}\n` : `'${text}'`;
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`;
}

function boundedDiff(unified: string): string {
  // Found with indexOf rather than by splitting: a diff of 1000 edits has thousands of lines.
  let cut = -1;
  for (let line = 0; line < TEXT_DIFF_LINES; line++) {
    cut = unified.indexOf('\n', cut + 1);
    if (cut === -1) return unified;
  }
  if (cut === unified.length - 1 || cut === -1) return unified;
  let more = unified.endsWith('\n') ? 0 : 1;
  for (let at = unified.indexOf('\n', cut + 1); at !== -1; at = unified.indexOf('\n', at + 1)) more++;
  return `${unified.slice(0, cut)}\n… (${more} more diff lines in metadata.diff)\n`;
}

/** A fenced code block whose fence is longer than any run of backticks inside. */
function fenced(text: string, language: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text.endsWith('\n') ? text : `${text}\n`}${fence}`;
}
