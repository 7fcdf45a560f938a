import type { ErrorCode, ErrorOf, ParseErrorInfo, StructeditError } from 'structedit';
import { noMatchText, wrongCountText } from './render/file-edit.js';

/**
 * Error values rendered for an LLM, in the style of the file-edit specification's messages: a
 * headline, the facts that matter (candidates, locations, the offending fields), then numbered next
 * steps. One renderer per error code; the `Record` type makes a missing renderer a compile error.
 */
interface ErrorRenderer<Code extends ErrorCode> {
  /** The whole text, for codes that have a format of their own (the messages of docs/spec/file-edit.md). */
  text?(error: ErrorOf<Code>): string;
  /** What failed, in one line. */
  headline(error: ErrorOf<Code>): string;
  /** Facts worth seeing, one line each (may be empty). */
  facts(error: ErrorOf<Code>): string[];
  /** What to do next, in order. */
  next(error: ErrorOf<Code>): string[];
}

const quote = (text: string) => JSON.stringify(text);
const parseErrorLine = (error: ParseErrorInfo) =>
  `  line ${error.line}, column ${error.column} (${error.reason ?? (error.kind === 'MISSING' ? `missing ${quote(error.missing ?? '')}` : 'unexpected text')}): ${error.line_text.trim()}`;

const RENDERERS: { [Code in ErrorCode]: ErrorRenderer<Code> } = {
  TARGET_NOT_FOUND: {
    headline: (e) => `No structure in ${e.details.path} matches level ${e.details.failed_level} of the target (${quote(e.details.searched_path[e.details.failed_level - 1] ?? '')}).`,
    facts: (e) => [
      e.details.parent_found.target === ''
        ? `Matched so far: the file itself (lines ${e.details.parent_found.line_range_inclusive.join('-')}).`
        : `Matched so far: ${quote(e.details.parent_found.target)} (${e.details.parent_found.kind}, lines ${e.details.parent_found.line_range_inclusive.join('-')}).`,
      ...(e.details.suggestions.length > 0 ? ['Closest structures (copy a target exactly):'] : []),
      ...e.details.suggestions.map(
        (s, i) => `  ${i + 1}. target ${quote(s.target)}: ${s.kind} at line ${s.line}${s.skipped_level ? ', nested deeper: the target skipped a level' : `, similarity ${s.similarity.toFixed(2)}`}`,
      ),
    ],
    next: (e) => [
      e.details.suggestions.length > 0 ? 'Retry with one of the targets above.' : `Call list_structures on ${e.details.path} to see every structure and its target.`,
      'Each target line is the literal start (up to 50 characters) of a structure, one line per nesting level, outermost first: no skipped levels, no leading indentation.',
    ],
  },
  TARGET_AMBIGUOUS: {
    headline: (e) => `The target names ${e.details.matches.length} structures in ${e.details.path}; this operation needs exactly one.`,
    facts: (e) => [
      'Matches:',
      ...e.details.matches.map(
        (m, i) => `  ${i + 1}. lines ${m.line_range_inclusive.join('-')} (${m.kind}): ${m.target === null ? 'no target names it alone' : `target ${quote(m.target)}`}`,
      ),
    ],
    next: () => ['Retry with the target of the one you mean (listed above).', 'Or add an enclosing level or a longer line so the target names only that structure.'],
  },
  TEXT_NOT_FOUND: {
    headline: (e) => `old_text was not found inside ${quote(e.details.structure_matched)} (lines ${e.details.structure_lines.join('-')}) in ${e.details.path}.`,
    facts: (e) => [
      ...(e.details.similar_lines.length > 0 ? ['Most similar lines of the structure (copy the exact text):'] : []),
      ...e.details.similar_lines.map((similar) => `  line ${similar.line} (similarity ${similar.similarity.toFixed(2)}): ${similar.text}`),
      ...(e.details.found_outside_lines.length > 0 ? [`The text does occur outside this structure, at line${e.details.found_outside_lines.length === 1 ? '' : 's'} ${e.details.found_outside_lines.join(', ')}: check the target.`] : []),
    ],
    next: () => ['Copy old_text exactly (whitespace, quotes, case) from the lines above or from read_structure, then retry.', 'Matching is literal and case-sensitive, within the structure only.'],
  },
  TEXT_AMBIGUOUS: {
    headline: (e) => `old_text occurs ${e.details.occurrences} times in ${quote(e.details.target)} of ${e.details.path}; replace_text_in_structure needs exactly one.`,
    facts: (e) => [`At lines: ${e.details.lines.join(', ')}.`],
    next: () => ['Add surrounding text to old_text so it occurs once, or use replace_all_text_in_structure to change every occurrence.'],
  },
  COUNT_MISMATCH: {
    headline: (e) => `expected_count is ${e.details.expected}, but old_text occurs ${e.details.found} times in ${quote(e.details.target)} of ${e.details.path}.`,
    facts: (e) => (e.details.lines.length > 0 ? [`At lines: ${e.details.lines.join(', ')}.`] : []),
    next: (e) => [`Set expected_count to ${e.details.found} if every occurrence should change, or adjust old_text.`],
  },
  CONTENT_TOO_LARGE: {
    headline: (e) => `${e.details.field} is ${e.details.content_size} bytes, over the ${e.details.limit}-byte limit.`,
    facts: () => [],
    next: () => ['Split the change into smaller edits, or use chunk_edit / file_edit to send only what changes.'],
  },
  NO_MATCH: {
    text: (e) => noMatchText(e.details),
    headline: (e) => e.details.validation_error.message,
    facts: () => [],
    next: () => [],
  },
  WRONG_COUNT: {
    text: (e) => wrongCountText(e.details),
    headline: (e) => e.details.validation_error.message,
    facts: () => [],
    next: () => [],
  },
  FILE_NOT_FOUND: {
    headline: (e) => `File not found: ${e.details.path}.`,
    facts: () => [],
    next: () => ['Check the path: it is relative to the root the tools were given.', 'List the folder or search for the file name before retrying.'],
  },
  PATCH_FAILED: {
    headline: (e) => `The patch does not apply (${e.details.hunks.filter((hunk) => !hunk.applied).length} of ${e.details.hunks.length} hunks fail${e.details.problems.length > 0 ? `, ${e.details.problems.length} file problem${e.details.problems.length === 1 ? '' : 's'}` : ''}); nothing was written.`,
    facts: (e) => [
      ...e.details.problems,
      ...e.details.hunks.map((hunk) =>
        hunk.applied
          ? `${hunk.file} hunk ${hunk.hunk} (patch line ${hunk.patch_line}): would apply`
          : hunk.reason === 'ambiguous'
            ? `${hunk.file} hunk ${hunk.hunk} (patch line ${hunk.patch_line}): its text is at lines ${hunk.matches!.join(', ')}: add context lines so it names one`
            : `${hunk.file} hunk ${hunk.hunk} (patch line ${hunk.patch_line}): not found${
                hunk.similar_content && hunk.similar_content.length > 0
                  ? `; most similar, line ${hunk.similar_content[0]!.line_number} (similarity ${hunk.similar_content[0]!.similarity_score}):\n${indented(hunk.similar_content[0]!.content)}`
                  : hunk.nearest_match
                    ? `, nor anything similar enough to copy; the nearest text, line ${hunk.nearest_match.line_number} (similarity ${hunk.nearest_match.similarity_score}):\n${indented(hunk.nearest_match.content)}`
                    : ''
              }`,
      ),
    ],
    next: () => ['Rewrite the failing hunks from the file as it is (copy the lines shown exactly, as context and - lines), keep the others, and send the whole patch again.'],
  },
  FILE_EXISTS: {
    headline: (e) => `${e.details.path} already exists.`,
    facts: (e) => [`Its hash: ${e.details.hash}.`],
    next: (e) => [`To replace it, send the call again with overwrite: true and expected_hash: "${e.details.hash}" (read it first if you have not), or choose another path.`],
  },
  FILE_TOO_LARGE: {
    headline: (e) => `${e.details.path} is too large for structure operations (${e.details.file_size} bytes, limit ${e.details.limit}).`,
    facts: () => [],
    next: () => ['Use file_edit for exact-text edits on large files.'],
  },
  PERMISSION_DENIED: {
    headline: (e) => `Permission denied: cannot ${e.details.operation} ${e.details.path}.`,
    facts: () => [],
    next: () => ['Pick a file you may change, or ask the user to fix the permissions.'],
  },
  LANGUAGE_UNSUPPORTED: {
    headline: (e) => `No parser for ${e.details.file}.`,
    facts: (e) => [`Supported languages: ${e.details.supported.join(', ')}.`],
    next: () => ['Pass `language` with one of the supported ids if the file is one of them under another extension.', 'Use file_edit and file_read for plain text.'],
  },
  GRAMMAR_UNAVAILABLE: {
    headline: (e) => `No ${e.details.language} grammar is installed, so ${e.details.path} cannot be read or edited by structure.`,
    facts: (e) => e.details.tried.map((attempt) => `Tried ${attempt.source}: ${attempt.reason}.`),
    next: (e) => [
      e.details.install.length > 0 ? `Ask the user to install ${e.details.install.map((name) => `\`${name}\``).join(' or ')} (npm install ${e.details.install[0]}), then retry.` : 'Ask the user to give structedit this grammar (createEditor({ languages: { grammars } })).',
      'Meanwhile file_read and file_edit work on this file without a parser.',
    ],
  },
  PARSER_FAILED: {
    headline: (e) => `${e.details.path} has syntax errors where this operation needs to work.`,
    facts: (e) => (e.details.parse_errors.length > 0 ? ['Syntax errors:', ...e.details.parse_errors.slice(0, 5).map(parseErrorLine)] : []),
    next: () => ['Fix the syntax with file_edit (it needs no parser), then retry.'],
  },
  ENCODING_ERROR: {
    headline: (e) => `${e.details.path} is not valid UTF-8 (first bad byte at offset ${e.details.byte_offset}).`,
    facts: () => [],
    next: () => ['Only UTF-8 text files can be read or edited; convert the file first or leave it alone.'],
  },
  BINARY_FILE: {
    headline: (e) => `${e.details.path} is a binary file (NUL byte at offset ${e.details.byte_offset}).`,
    facts: () => ['Binary files cannot be edited as text: an edit could corrupt them.'],
    next: () => ['Leave the file alone, or edit its source instead.'],
  },
  INVALID_ARGUMENT: {
    headline: () => 'The call has invalid arguments.',
    facts: (e) => e.details.issues.map((issue) => `  ${issue.field || '(input)'}: ${issue.message}`),
    next: () => ['Correct the fields above and call again; the tool input schema lists every field.'],
  },
  PATH_OUTSIDE_ROOT: {
    headline: (e) => `${e.details.path} is outside the root these tools may touch.`,
    facts: () => [],
    next: () => ['Use a path inside the root (relative paths are resolved against it).'],
  },
  LINE_OUT_OF_RANGE: {
    headline: (e) => `Line ${e.details.start_line} is past the end of ${e.details.path} (${e.details.total_lines} lines).`,
    facts: () => [],
    next: (e) => [`Ask for lines within 1-${e.details.total_lines}.`, 'Or call file_read with skeleton: true for a map of the whole file.'],
  },
  IO_ERROR: {
    headline: (e) => `The file system failed to ${e.details.operation} ${e.details.path} (${e.details.code}).`,
    facts: () => [],
    next: () => ['Retry once; if it fails again, report the error to the user.'],
  },
  SYNTAX_ERROR: {
    headline: (e) => `Nothing was written: the edit would add ${e.details.errors.every((error) => error.reason !== undefined) ? 'errors the compiler reports' : 'syntax errors'} to ${e.details.path}.`,
    facts: (e) => ['New errors:', ...e.details.errors.slice(0, 5).map(parseErrorLine)],
    next: (e) => [
      e.details.errors.some((error) => error.reason !== undefined)
        ? 'Correct the edit and retry: each error above is in the words the compiler would refuse the file with (a name left unused, a missing return, a second declaration of a name, a try without a handler).'
        : 'Correct the new text (balanced brackets, complete statements, indentation) and retry.',
      'If the new code is valid and the parser is wrong about it, send the same call with force: true (validate: false for a batch).',
    ],
  },
  CHUNK_MISMATCH: {
    headline: (e) => `Chunk ${e.details.chunk_index + 1} does not fit ${e.details.target === null ? 'the structure' : quote(e.details.target)} in ${e.details.path} (check ${e.details.check_number}: ${e.details.check}).`,
    facts: (e) => [
      ...(e.details.mismatch
        ? [`First difference, ${e.details.mismatch.field}[${e.details.mismatch.index}]: expected ${quote(e.details.mismatch.expected)}, the file has ${e.details.mismatch.actual === null ? 'nothing (past the structure)' : `${quote(e.details.mismatch.actual)} at line ${e.details.mismatch.line}`}.`]
        : []),
      ...(e.details.actual_lines.length > 0 ? ['The structure\'s actual lines there:', ...e.details.actual_lines.map((line) => `  ${String(line.line).padStart(5)} | ${line.text}`)] : []),
    ],
    next: () => ['Copy the context and old lines exactly from the lines above (trailing spaces aside), then resend all chunks.', 'No chunk was applied: the edit is all or nothing.'],
  },
  CHUNK_AMBIGUOUS: {
    headline: (e) => `chunks[${e.details.chunk_index}] fits at ${e.details.places.length} places in ${e.details.target === null ? 'the structure' : quote(e.details.target)} of ${e.details.path}; nothing was written.`,
    facts: (e) => e.details.places.flatMap((place, i) => [`  ${i + 1}. old_lines would start at line ${place.line}:`, ...place.lines.map((line) => `       ${line.line}: ${line.text}`)]),
    next: () => ['Add a context_before or context_after line that differs between these places, or name a structure that holds only one of them.'],
  },
  CHUNKS_OVERLAP: {
    headline: (e) => `Chunks ${e.details.chunks[0].chunk_index + 1} and ${e.details.chunks[1].chunk_index + 1} change the same lines of ${e.details.path}.`,
    facts: (e) => e.details.chunks.map((chunk) => `  chunk ${chunk.chunk_index + 1}: ${chunk.line_count === 0 ? `insertion before line ${chunk.first_line}` : `lines ${chunk.first_line}-${chunk.first_line + chunk.line_count - 1}`}`),
    next: () => ['Merge the overlapping chunks into one chunk, then resend.'],
  },
  NO_STRUCTURE_AT_POSITION: {
    headline: (e) => `No structure at line ${e.details.line}, column ${e.details.column} of ${e.details.path}.`,
    facts: (e) => [`Line ${e.details.line}: ${e.details.line_text}`, ...(e.details.nearby.length > 0 ? ['Nearby structures:'] : []), ...e.details.nearby.map((near) => `  lines ${near.line_range_inclusive.join('-')} (${near.kind}): ${near.target === null ? quote(near.match_text) : `target ${quote(near.target)}`}`)],
    next: () => ['Give the line of a structure listed above, or name it by target.'],
  },
  PART_NOT_FOUND: {
    headline: (e) => `The part ${quote(e.details.segment)} of the address ${quote(e.details.address)} selects nothing in ${e.details.path}.`,
    facts: (e) => [
      `The target ${quote(e.details.target)} matched; selector ${e.details.failed_segment} of the part failed.`,
      ...(e.details.available.length > 0 ? ['What can be selected there (closest first):'] : []),
      ...e.details.available.map((choice, i) => `  ${i + 1}. ${choice.selector} (${choice.kind}, line ${choice.line}): ${choice.text}`),
    ],
    next: () => ['Retry with one of the selectors above appended to the target.', 'Parts: .body .params .returns .decorators .name .value .type .args .bases .type_params .imports; elements by .name, ["key"] or [index].'],
  },
  PART_AMBIGUOUS: {
    headline: (e) => `The part ${quote(e.details.segment)} of the address ${quote(e.details.address)} names ${e.details.matches.length} elements in ${e.details.path}.`,
    facts: (e) => ['Matches:', ...e.details.matches.map((match, i) => `  ${i + 1}. ${match.selector} (${match.kind}, line ${match.line}): ${match.text}`)],
    next: () => ['Retry with the [index] selector of the one you mean.'],
  },
  INVALID_POSITION: {
    headline: (e) => `The position ${quote(e.details.position)} does not fit the list at ${quote(e.details.address)} in ${e.details.path}.`,
    facts: (e) => [e.details.items.length > 0 ? `Items: ${e.details.items.map(quote).join(', ')}.` : 'The list is empty.'],
    next: () => ['Use first, last, at:<n>, or before:/after: with one of the items above.'],
  },
  REFERENCES_EXIST: {
    // (A remove, a delete, an edit whose text no longer declares it, or a move out of their reach.)
    headline: (e) => `Nothing was written: ${quote(e.details.name)} (${quote(e.details.address)} in ${e.details.path}) is still used in ${e.details.references.length} place${e.details.references.length === 1 ? '' : 's'} that the edit would break.`,
    facts: (e) => ['References:', ...e.details.references.slice(0, 20).map((ref) => `  ${ref.file}:${ref.line}:${ref.column} (${ref.kind}): ${ref.text}`), ...(e.details.references.length > 20 ? [`  … and ${e.details.references.length - 20} more`] : [])],
    next: () => ['Change or remove those uses first (in a batch, before the edit; applyEdits rename or move change a name with its uses), or send the edit again with force: true.'],
  },
  UNRESOLVED_REFERENCES: {
    headline: (e) => `Nothing was written: ${e.details.references.length} place${e.details.references.length === 1 ? '' : 's'} mention${e.details.references.length === 1 ? 's' : ''} ${quote(e.details.name)} and could not be tied to ${quote(e.details.address)} in ${e.details.path} or proven unrelated.`,
    facts: (e) => ['Unproven places:', ...e.details.references.slice(0, 20).map((ref) => `  ${ref.file}:${ref.line}:${ref.column}: ${ref.text} (${ref.reason})`), ...(e.details.references.length > 20 ? [`  … and ${e.details.references.length - 20} more`] : [])],
    next: () => ['Make them resolvable (fix the import, the tsconfig paths, the syntax error) and retry,', 'or edit those places yourself in the same batch, or send the edit again with force: true to change only the places that were proven.'],
  },
  NAMES_OUT_OF_REACH: {
    headline: (e) => `Nothing was written: the edit of ${quote(e.details.address)} in ${e.details.path} would leave ${e.details.names.map(quote).join(', ')} pointing at nothing.`,
    facts: (e) => ['Uses:', ...e.details.uses.slice(0, 20).map((use) => `  ${use.file}:${use.line}:${use.column}: ${use.text} (${use.reason})`), ...(e.details.uses.length > 20 ? [`  … and ${e.details.uses.length - 20} more`] : [])],
    next: () => ['Correct those names, or declare or import them where the code goes (in the same edit; applyEdits move carries a top-level declaration to another file with its imports),', 'or send the edit again with force: true.'],
  },
  AMBIGUOUS_REFERENCES: {
    headline: (e) => `Nothing was written: ${quote(e.details.name)} is also used through ${e.details.candidates.length} receiver${e.details.candidates.length === 1 ? '' : 's'} whose type cannot be known without a type checker.`,
    facts: (e) => ['Candidates:', ...e.details.candidates.slice(0, 20).map((candidate) => `  ${candidate.file}:${candidate.line}:${candidate.column} (receiver ${candidate.receiver}): ${candidate.text}`), ...(e.details.candidates.length > 20 ? [`  … and ${e.details.candidates.length - 20} more`] : [])],
    next: () => ["Send include: 'candidates' to rename all of them,", 'or include: [{ "file", "line", "column" }, …] listing exactly the ones that are this member (an empty list renames none).'],
  },
  CALLS_BROKEN: {
    headline: (e) => `Nothing was written: the new parameters of ${quote(e.details.name)} (${e.details.parameters}) do not fit ${e.details.calls.length} use${e.details.calls.length === 1 ? '' : 's'} of it, or could not be checked against them.`,
    facts: (e) => ['Uses:', ...e.details.calls.slice(0, 20).map((call) => `  ${call.file}:${call.line}:${call.column}: ${call.text} (${call.reason})`), ...(e.details.calls.length > 20 ? [`  … and ${e.details.calls.length - 20} more`] : [])],
    next: () => ['Give the new parameter a default, or change those calls in the same batch (add to their .args),', 'or send the batch with validate: false to write it anyway.'],
  },
  IMPLEMENTATIONS_BROKEN: {
    headline: (e) => `Nothing was written: ${quote(e.details.name)} would require ${e.details.members.join(', ')} of ${e.details.implementations.length} implementation${e.details.implementations.length === 1 ? '' : 's'} that do not define ${e.details.members.length === 1 ? 'it' : 'them'}, or could not be checked.`,
    facts: (e) => ['Implementations:', ...e.details.implementations.slice(0, 20).map((use) => `  ${use.file}:${use.line}:${use.column}: ${use.text} (${use.reason})`), ...(e.details.implementations.length > 20 ? [`  … and ${e.details.implementations.length - 20} more`] : [])],
    next: () => ['Give the new member a body (a default), or define it in those implementations in the same batch,', 'or send the batch with validate: false (a text edit: force: true) to write it anyway.'],
  },
  MATCHES_BROKEN: {
    headline: (e) => `Nothing was written: ${quote(e.details.name)} would have ${e.details.cases.join(', ')}, which ${e.details.matches.length} match${e.details.matches.length === 1 ? '' : 'es'} covering it do${e.details.matches.length === 1 ? 'es' : ''} not handle, or could not be checked.`,
    facts: (e) => ['Matches:', ...e.details.matches.slice(0, 20).map((match) => `  ${match.file}:${match.line}:${match.column}: ${match.text} (${match.reason})`), ...(e.details.matches.length > 20 ? [`  … and ${e.details.matches.length - 20} more`] : [])],
    next: () => ['Add an arm for the new case to each of those matches in the same batch,', 'or send the batch with validate: false (a text edit: force: true) to write it anyway.'],
  },
  BACKEND_UNAVAILABLE: {
    headline: (e) => `the ${e.details.backend} backend could not answer (${e.details.reason.replace('_', ' ')}); nothing was written.`,
    facts: () => [],
    next: (e) => (e.details.reason === 'not_installed' ? ['Install what the message names, or choose the syntax backend for this language, and retry.'] : ['Retry once; if it fails again, choose the syntax backend for this language (it refuses what it cannot prove instead of guessing).']),
  },
  TYPE_ERRORS_ADDED: {
    headline: (e) => `the edit would add ${e.details.errors.length} type error${e.details.errors.length === 1 ? '' : 's'} (${e.details.backend}); nothing was written.`,
    facts: (e) => e.details.errors.slice(0, 10).map((error) => `${error.file ?? '(project)'}${error.line === null ? '' : `:${error.line}`} ${error.code}: ${error.message.split('\n')[0]}`),
    next: () => [
      'Fix the edit so the program still type-checks (declare or import what it uses; change a function and its callers together in one batch or patch), and retry;',
      'or write it anyway: force: true on a text edit or file tool, validate: false on a semantic batch.',
    ],
  },
  IMPORT_CYCLE: {
    headline: (e) => `Nothing was written: moving ${quote(e.details.address)} would make ${e.details.files[0]} and ${e.details.files[1]} import each other, which Python fails on.`,
    facts: (e) => [`The import cycle: ${e.details.cycle.join(' -> ')}`],
    next: () => ['Move what the declaration uses along with it (in the same batch, before it), or move it to a module that does not depend on its old one.'],
  },
  CONFLICT: {
    headline: (e) =>
      e.details.reason === 'name_taken'
        ? `The name ${quote(e.details.name)} is already taken where ${quote(e.details.address)} in ${e.details.path} would need it; nothing was written.`
        : `${e.details.path} changed since it was read; nothing was written.`,
    facts: (e) =>
      e.details.reason === 'name_taken'
        ? ['Collisions:', ...e.details.conflicts.slice(0, 20).map((c) => `  ${c.file}:${c.line}:${c.column} (${c.kind}): ${c.text}`)]
        : [`Expected hash: ${e.details.expected_hash ?? '(no file)'}.`, `Hash now: ${e.details.actual_hash ?? '(no file)'}.`],
    next: (e) =>
      e.details.reason === 'name_taken'
        ? ['Choose another name, or rename the existing one first.']
        : [`Read ${e.details.path} again (its result carries the new hash).`, 'Redo the change on what the file holds now, passing that hash as expected_hash.'],
  },
  INTERNAL_ERROR: {
    headline: () => 'structedit failed unexpectedly (a bug); nothing was changed.',
    facts: () => [],
    next: () => ['Retry once; if it fails again, fall back to another tool and report the error.'],
  },
};

/**
 * Renders an error value as text for an LLM: headline, the error's own message, the facts
 * (candidates, locations, fields), the state of the files and numbered next steps.
 *
 * @param tool - The tool that failed, named in the first line.
 */
export function renderError(tool: string, error: StructeditError): string {
  const renderer = RENDERERS[error.error] as ErrorRenderer<typeof error.error>;
  if (renderer.text) return `${renderer.text(error as never)}\n\n${error.details.state === 'FILE_UNCHANGED' ? 'No file was changed.' : 'Some files may have changed: check them before retrying.'}`;
  const facts = renderer.facts(error as never);
  const next = renderer.next(error as never);
  const state = error.details.state === 'FILE_UNCHANGED' ? 'No file was changed.' : 'Some files may have changed: check them before retrying.';
  const edit = error.details.edit;
  const batch = edit ? [`Failed at edit ${edit.index + 1} (${edit.op} ${quote(edit.address)} in ${edit.path}); no edit of the batch was applied.`] : [];
  return [
    `${tool} failed (${error.error}): ${renderer.headline(error as never)}`,
    '',
    error.message,
    ...(facts.length > 0 ? ['', ...facts] : []),
    '',
    ...batch,
    state,
    '',
    'Next steps:',
    ...next.map((step, i) => `${i + 1}. ${step}`),
  ].join('\n');
}

/** A text's lines indented four spaces (its final line break dropped), as facts quote file text. */
function indented(text: string): string {
  return text.replace(/\n$/, '').split('\n').map((line) => `    ${line}`).join('\n');
}
