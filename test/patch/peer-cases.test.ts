import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructeditError } from 'structedit';
import { aider } from './peers/aider.js';
import { cline } from './peers/cline.js';
import { codex } from './peers/codex.js';
import { mcpFilesystem } from './peers/mcp-filesystem.js';
import { roo } from './peers/roo.js';
import type { PeerCall, PeerCase, PeerSuite } from './peers/types.js';

/**
 * Issue 20: the peers' own test cases (peers/*.ts) through structedit. Each case ends as one of
 *
 * - `exact`: structedit's result is the peer's expected files, byte for byte;
 * - `retry`: structedit refused, every file as it was, and the call rebuilt from the refusal's
 *   FIRST suggestion gives the peer's expected files (see {@link retryFrom});
 * - `refused-as-peer`: the peer expects a failure, and structedit refuses with every file as it was;
 * - `differs`: none of these, for a reason the case states (`structedit_differs`): structedit
 *   behaves differently by design;
 * - `fail`: anything else. There must be none, and a case said to differ must still differ.
 */

type Outcome = 'exact' | 'retry' | 'refused-as-peer' | 'fail';
type Files = Record<string, string>;

async function run(files: Readonly<Files>, call: PeerCall) {
  const fs = memoryFs({ ...files });
  const editor = createEditor({ fs, semantic: 'syntax' });
  // (`force`: the peers' fixtures are snippets, not programs (`bar` used, declared nowhere); what they
  // test is where the text goes, not what the code means.)
  const result =
    call.tool === 'apply_patch'
      ? await editor.applyPatch({ patch: call.patch, ...(call.path === undefined ? {} : { path: call.path }), ...(call.dry_run === undefined ? {} : { dry_run: call.dry_run }), force: true })
      : await editor.editFile({ path: call.path, edits: call.edits.map((edit) => ({ ...edit })), ...(call.dry_run === undefined ? {} : { dry_run: call.dry_run }), force: true });
  return { error: result.isErr() ? result.error : null, after: fs.snapshot() as Files };
}

const same = (a: Readonly<Files>, b: Readonly<Files>) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

async function classify(peerCase: PeerCase): Promise<{ outcome: Outcome; detail: string }> {
  const first = await run(peerCase.files, peerCase.call);
  const expected = peerCase.expected;
  if (first.error === null) {
    if ('files' in expected && same(first.after, expected.files)) return { outcome: 'exact', detail: '' };
    return { outcome: 'fail', detail: 'refused' in expected ? 'the peer refuses; structedit applied it' : `structedit wrote ${JSON.stringify(first.after)}` };
  }
  if (!same(first.after, peerCase.files)) return { outcome: 'fail', detail: `refused (${first.error.error}) but files changed` };
  if ('refused' in expected) return { outcome: 'refused-as-peer', detail: first.error.error };
  const retry = retryFrom(peerCase, first.error);
  if (retry === null) return { outcome: 'fail', detail: `${first.error.error} without a suggestion to retry with: ${first.error.message}` };
  const second = await run(peerCase.files, retry);
  if (second.error !== null) return { outcome: 'fail', detail: `the retry was refused too: ${second.error.error}: ${second.error.message}` };
  if (!same(second.after, expected.files)) return { outcome: 'fail', detail: `the retry wrote ${JSON.stringify(second.after)}` };
  return { outcome: 'retry', detail: first.error.error };
}

/**
 * The call a model sends after reading the refusal, built from its FIRST suggestion only:
 *
 * - `PATCH_FAILED`, a hunk found nowhere: its old text becomes `similar_content[0].content`, the
 *   file's text as it is (every failing hunk, each from its own report);
 * - `PATCH_FAILED`, a file to add that exists ("already exists; update it instead"): the same
 *   content sent as an update of the whole file;
 * - `INVALID_ARGUMENT`, a block without its `>>>>>>> REPLACE` line: the line added at the end; a
 *   block without its divider ('expected "=======" between the SEARCH and REPLACE parts'): its one
 *   line of "=" written as `=======`;
 * - `NO_MATCH` (edit_file): the failing edit's old text becomes `suggested_fixes[0].example`;
 * - `WRONG_COUNT` (edit_file): `suggested_fixes[0]`, the count found or the text to use.
 *
 * When the suggested text is the old text uniformly indented more or less (every line by the same
 * prefix), the new text is shifted by the same prefix, as a model does once it sees the file's
 * indentation ({@link shiftLike}); any other difference leaves the new text as sent. Anything else
 * has no retry.
 */
function retryFrom(peerCase: PeerCase, error: StructeditError): PeerCall | null {
  const call = peerCase.call;
  if (call.tool === 'edit_file') {
    if (error.error !== 'NO_MATCH' && error.error !== 'WRONG_COUNT') return null;
    const index = error.details.validation_error.edit_index;
    const fix = error.details.suggested_fixes[0];
    const edit = call.edits[index];
    if (fix === undefined || edit === undefined) return null;
    let replaced: { old_text: string; new_text: string; occurrences?: number };
    if (fix.type === 'ADJUST_COUNT') replaced = { ...edit, occurrences: error.details.validation_error.actual_occurrences! };
    else if (fix.example !== undefined) {
      const line = error.details.validation_error.similar_content?.[0]?.line_number;
      replaced = { old_text: fix.example, new_text: shiftLike(edit.new_text, edit.old_text, fix.example, startsMidLine(peerCase.files[call.path], line, fix.example)) };
    } else return null;
    return { ...call, edits: call.edits.map((other, at) => (at === index ? replaced : other)) };
  }
  if (error.error === 'INVALID_ARGUMENT') {
    if (/has no ">>>>>>> REPLACE" line/.test(error.message)) return { ...call, patch: `${call.patch.replace(/\n?$/, '\n')}>>>>>>> REPLACE` };
    const divider = /line (\d+): expected "=======" between the SEARCH and REPLACE parts/.exec(error.message);
    if (!divider) return null;
    // The block's one line of "=" that was not read as its divider becomes "=======".
    const rows = call.patch.split('\n');
    let start = Number(divider[1]) - 1;
    while (start > 0 && !SEARCH.test(rows[start]!.trim())) start--;
    const runs = rows.map((row, at) => (at > start && at < Number(divider[1]) - 1 && /^=+$/.test(row.trim()) ? at : -1)).filter((at) => at !== -1);
    if (runs.length !== 1) return null;
    rows[runs[0]!] = '=======';
    return { ...call, patch: rows.join('\n') };
  }
  if (error.error !== 'PATCH_FAILED') return null;
  // Each fix rewrites the patch from its line on: from the last one up, the lines above keep their numbers.
  const fixes: Array<{ line: number; fix: (rows: string[]) => string[] | null }> = [];
  for (const problem of error.details.problems) {
    const exists = /^(.+) \(patch line (\d+)\) already exists; update it instead/.exec(problem);
    if (!exists) return null;
    fixes.push({ line: Number(exists[2]), fix: (rows) => addAsUpdate(rows, Number(exists[2]), peerCase.files[exists[1]!] ?? '') });
  }
  for (const hunk of error.details.hunks.filter((report) => !report.applied)) {
    const similar = hunk.similar_content?.[0];
    if (hunk.reason !== 'no_match' || similar === undefined) return null;
    const suggestion = similar.content.replace(/\r\n/g, '\n');
    fixes.push({ line: hunk.patch_line, fix: (rows) => withOldText(rows, hunk.patch_line, suggestion, startsMidLine(peerCase.files[hunk.file], similar.line_number, suggestion)) });
  }
  let rows: string[] | null = call.patch.split('\n');
  for (const { fix } of fixes.sort((a, b) => b.line - a.line)) rows = rows === null ? null : fix(rows);
  return rows === null ? null : { ...call, patch: rows.join('\n') };
}

/** `*** Add File:` at `line` (1-based) turned into an update replacing the whole of `content`. */
function addAsUpdate(rows: string[], line: number, content: string): string[] {
  const header = rows[line - 1]!;
  let end = line;
  while (end < rows.length && rows[end]!.startsWith('+')) end++;
  const old = content === '' ? [] : content.replace(/\n$/, '').split('\n');
  return [...rows.slice(0, line - 1), header.replace('*** Add File:', '*** Update File:'), ...old.map((row) => `-${row}`), ...rows.slice(line, end), ...rows.slice(end)];
}

const SEARCH = /^(<{5,}|-{5,}) ?SEARCH\s*$/;
const DIVIDER = /^={5,9}\s*$/;
const REPLACE = /^(>{5,}|\+{5,}) ?REPLACE\s*$/;

/** The patch with the hunk starting at `line` (1-based) searching `suggestion` instead. */
function withOldText(rows: string[], line: number, suggestion: string, midLine: boolean): string[] | null {
  const wanted = suggestion.replace(/\n$/, '').split('\n');
  if (SEARCH.test(rows[line - 1]!.trim())) {
    // A SEARCH/REPLACE block: its hint lines, then the text up to "=======", then the replacement.
    let at = line;
    while (/^:(start|end)_line:/.test(rows[at]!.trim()) || (at > line && /^-{3,}\s*$/.test(rows[at]!.trim()))) at++;
    const searchStart = at;
    while (!DIVIDER.test(rows[at]!.trim())) at++;
    const old = rows.slice(searchStart, at);
    const replaceStart = at + 1;
    at = replaceStart;
    while (!REPLACE.test(rows[at]!.trim())) at++;
    const replacement = shiftLike(rows.slice(replaceStart, at).join('\n'), old.join('\n'), wanted.join('\n'), midLine);
    return [...rows.slice(0, searchStart), ...wanted, rows[searchStart + old.length]!, ...(replacement === '' ? [] : replacement.split('\n')), ...rows.slice(at)];
  }
  // An apply_patch hunk: after its @@ line (if any), the lines up to the next @@ or *** line.
  let start = line - 1;
  if (rows[start]!.startsWith('@@')) start++;
  let end = start;
  while (end < rows.length && !rows[end]!.startsWith('@@') && !rows[end]!.startsWith('*** ')) end++;
  while (end > start && rows[end - 1] === '') end--;
  const body = rows.slice(start, end);
  if (body.some((row) => row !== '' && !' -+'.includes(row[0]!))) return null;
  const old = body.filter((row) => row === '' || row[0] !== '+').map((row) => row.slice(1));
  const added = body.filter((row) => row === '' || row[0] !== '-').map((row) => row.slice(1));
  const replacement = shiftLike(added.join('\n'), old.join('\n'), wanted.join('\n'), midLine);
  return [...rows.slice(0, start), ...wanted.map((row) => `-${row}`), ...replacement.split('\n').map((row) => `+${row}`), ...rows.slice(end)];
}

/**
 * Whether `suggested`, the file's text from line `line`, starts inside that line (after its
 * indentation, say): then that indentation stays in the file, outside the text replaced.
 */
function startsMidLine(file: string | undefined, line: number | undefined, suggested: string): boolean {
  const row = file?.split('\n')[(line ?? 0) - 1]?.replace(/\r$/, '');
  return row !== undefined && !row.startsWith(suggested.split('\n')[0]!);
}

/**
 * `newText` re-indented as `suggested` is from `oldText`: when, line for line (blank lines aside),
 * the suggested text is the old text with one same prefix of spaces or tabs added (or removed),
 * the new lines get the same change. A suggestion starting inside its first line (`midLine`) leaves
 * that line's indentation in the file: the first line then has a change of its own. Any other
 * difference leaves `newText` as sent.
 */
function shiftLike(newText: string, oldText: string, suggested: string, midLine: boolean): string {
  const blank = (row: string) => row.trim() === '';
  const old = oldText.split('\n').filter((row) => !blank(row));
  const found = suggested.split('\n').filter((row) => !blank(row));
  if (old.length === 0 || old.length !== found.length) return newText;
  type Shift = { add: string; remove: string };
  const shift = (before: string, now: string): Shift | null => {
    if (now.endsWith(before) && /^[ \t]*$/.test(now.slice(0, now.length - before.length))) return { add: now.slice(0, now.length - before.length), remove: '' };
    if (before.endsWith(now) && /^[ \t]*$/.test(before.slice(0, before.length - now.length))) return { add: '', remove: before.slice(0, before.length - now.length) };
    return null;
  };
  const shifts = old.map((row, at) => shift(row, found[at]!));
  if (shifts.some((one) => one === null)) return newText;
  const [first, ...rest] = shifts as Shift[];
  const shared = midLine ? (rest[0] ?? { add: '', remove: '' }) : first!;
  if ((midLine ? rest : shifts).some((one) => one!.add !== shared.add || one!.remove !== shared.remove)) return newText;
  const apply = (row: string, { add, remove }: Shift) => (blank(row) ? row : add + (row.startsWith(remove) ? row.slice(remove.length) : row));
  return newText
    .split('\n')
    .map((row, at) => apply(row, at === 0 && midLine ? first! : shared))
    .join('\n');
}

const suites: PeerSuite[] = [codex, aider, cline, roo, mcpFilesystem];

describe('the peers\u2019 own test cases through structedit', () => {
  it('every case gives the peer\u2019s files, or a refusal whose first suggestion leads to them in one retry, or differs by design', async () => {
    const table: Array<Record<string, string | number>> = [];
    const failures: string[] = [];
    const differing: string[] = [];
    for (const suite of suites) {
      const counts = { cases: suite.cases.length, exact: 0, retry: 0, 'refused-as-peer': 0, differs: 0, fail: 0 };
      for (const peerCase of suite.cases) {
        const { outcome, detail } = await classify(peerCase);
        // PEER_CASES_VERBOSE=1 prints every case's outcome.
        if (process.env.PEER_CASES_VERBOSE) console.log(`${suite.peer} / ${peerCase.name}: ${outcome}${peerCase.structedit_differs === undefined ? '' : ' (said to differ)'} ${detail}`);
        if (peerCase.structedit_differs === undefined) {
          counts[outcome]++;
          if (outcome === 'fail') failures.push(`${suite.peer} / ${peerCase.name}: ${detail}`);
        } else if (outcome === 'fail') {
          counts.differs++;
          differing.push(`${suite.peer} / ${peerCase.name}`);
        } else {
          // The case no longer differs: its note is stale.
          counts.fail++;
          failures.push(`${suite.peer} / ${peerCase.name}: said to differ, but it is ${outcome}`);
        }
      }
      table.push({ peer: suite.peer, ...counts, 'tests skipped': suite.skipped.length });
    }
    console.log(
      [
        "The peers' own test cases through structedit ('tests skipped': groups of the peer's tests not transcribed, each with its reason in peers/*.ts)",
        formatTable(table),
        '',
        'Differs by design (structedit_differs in peers/*.ts says how and why):',
        ...differing.map((name) => `  ${name}`),
      ].join('\n'),
    );
    expect(failures).toEqual([]);
  });
});

function formatTable(rows: Array<Record<string, string | number>>): string {
  const columns = Object.keys(rows[0]!);
  const width = (column: string) => Math.max(column.length, ...rows.map((row) => String(row[column]).length));
  const line = (cells: (column: string) => string) => columns.map((column, at) => (at === 0 ? cells(column).padEnd(width(column)) : cells(column).padStart(width(column)))).join('  ');
  return [line((column) => column), line((column) => '-'.repeat(width(column))), ...rows.map((row) => line((column) => String(row[column])))].join('\n');
}
