import { joined, type PeerCase, type PeerSuite } from './types.js';

/**
 * Codex's apply_patch (openai/codex, codex-rs/apply-patch), read in the fork jiangshengdev/codex
 * @1d092cb (April 2026), whose codex-rs/apply-patch is upstream's as of then; tests/conflict.rs and
 * tests/two_hunks.rs are openai/codex@181952a's.
 *
 * Scenarios (tests/fixtures/scenarios/NNN_name/: input/, patch.txt, expected/) are run by Codex
 * with their exit status ignored: the expected/ folder is the whole outcome, so a "rejects" scenario
 * expects every file as it was. The unit tests in src/lib.rs and src/parser.rs write the files of a
 * temporary folder by absolute path; here the paths are relative to the root (the folder), except
 * in the one test about absolute paths.
 */
const SCENARIOS = 'openai/codex codex-rs/apply-patch/tests/fixtures/scenarios';
const LIB = 'openai/codex codex-rs/apply-patch/src/lib.rs (mod tests)';
const PARSER = 'openai/codex codex-rs/apply-patch/src/parser.rs';

const patch = (...rows: string[]) => ({ tool: 'apply_patch' as const, patch: joined(...rows) });
/** Codex's unit tests wrap a body as `*** Begin Patch\n{body}\n*** End Patch`. */
const wrapped = (...rows: string[]) => patch('*** Begin Patch', ...rows, '*** End Patch');

const scenarios: PeerCase[] = [
  {
    name: '001_add_file',
    source: `${SCENARIOS}/001_add_file`,
    files: {},
    call: patch('*** Begin Patch', '*** Add File: bar.md', '+This is a new file', '*** End Patch', ''),
    expected: { files: { 'bar.md': 'This is a new file\n' } },
  },
  {
    name: '002_multiple_operations',
    source: `${SCENARIOS}/002_multiple_operations`,
    files: { 'delete.txt': 'obsolete\n', 'modify.txt': 'line1\nline2\n' },
    call: patch('*** Begin Patch', '*** Add File: nested/new.txt', '+created', '*** Delete File: delete.txt', '*** Update File: modify.txt', '@@', '-line2', '+changed', '*** End Patch', ''),
    expected: { files: { 'modify.txt': 'line1\nchanged\n', 'nested/new.txt': 'created\n' } },
  },
  {
    name: '003_multiple_chunks',
    source: `${SCENARIOS}/003_multiple_chunks`,
    files: { 'multi.txt': 'line1\nline2\nline3\nline4\n' },
    call: patch('*** Begin Patch', '*** Update File: multi.txt', '@@', '-line2', '+changed2', '@@', '-line4', '+changed4', '*** End Patch', ''),
    expected: { files: { 'multi.txt': 'line1\nchanged2\nline3\nchanged4\n' } },
  },
  {
    name: '004_move_to_new_directory',
    source: `${SCENARIOS}/004_move_to_new_directory`,
    files: { 'old/name.txt': 'old content\n', 'old/other.txt': 'unrelated file\n' },
    call: patch('*** Begin Patch', '*** Update File: old/name.txt', '*** Move to: renamed/dir/name.txt', '@@', '-old content', '+new content', '*** End Patch', ''),
    expected: { files: { 'old/other.txt': 'unrelated file\n', 'renamed/dir/name.txt': 'new content\n' } },
  },
  {
    name: '005_rejects_empty_patch',
    source: `${SCENARIOS}/005_rejects_empty_patch`,
    files: { 'foo.txt': 'stable\n' },
    call: patch('*** Begin Patch', '*** End Patch', ''),
    expected: { refused: true },
  },
  {
    name: '006_rejects_missing_context',
    source: `${SCENARIOS}/006_rejects_missing_context`,
    files: { 'modify.txt': 'line1\nline2\n' },
    call: patch('*** Begin Patch', '*** Update File: modify.txt', '@@', '-missing', '+changed', '*** End Patch', ''),
    expected: { refused: true },
  },
  {
    name: '007_rejects_missing_file_delete',
    source: `${SCENARIOS}/007_rejects_missing_file_delete`,
    files: { 'foo.txt': 'stable\n' },
    call: patch('*** Begin Patch', '*** Delete File: missing.txt', '*** End Patch', ''),
    expected: { refused: true },
  },
  {
    name: '008_rejects_empty_update_hunk',
    source: `${SCENARIOS}/008_rejects_empty_update_hunk`,
    files: { 'foo.txt': 'stable\n' },
    call: patch('*** Begin Patch', '*** Update File: foo.txt', '*** End Patch', ''),
    expected: { refused: true },
  },
  {
    name: '009_requires_existing_file_for_update',
    source: `${SCENARIOS}/009_requires_existing_file_for_update`,
    files: { 'foo.txt': 'stable\n' },
    call: patch('*** Begin Patch', '*** Update File: missing.txt', '@@', '-old', '+new', '*** End Patch', ''),
    expected: { refused: true },
  },
  {
    name: '010_move_overwrites_existing_destination',
    source: `${SCENARIOS}/010_move_overwrites_existing_destination`,
    files: { 'old/name.txt': 'from\n', 'old/other.txt': 'unrelated file\n', 'renamed/dir/name.txt': 'existing\n' },
    call: patch('*** Begin Patch', '*** Update File: old/name.txt', '*** Move to: renamed/dir/name.txt', '@@', '-from', '+new', '*** End Patch', ''),
    expected: { files: { 'old/other.txt': 'unrelated file\n', 'renamed/dir/name.txt': 'new\n' } },
    structedit_differs:
      'a move onto an existing file is refused ("already exists, so old/name.txt cannot move there"): structedit never overwrites a file the patch does not show, where Codex replaces it silently. The patch that gets Codex\'s result deletes the destination first ("*** Delete File: renamed/dir/name.txt"), but the refusal does not say so.',
  },
  {
    name: '011_add_overwrites_existing_file',
    source: `${SCENARIOS}/011_add_overwrites_existing_file`,
    files: { 'duplicate.txt': 'old content\n' },
    call: patch('*** Begin Patch', '*** Add File: duplicate.txt', '+new content', '*** End Patch', ''),
    expected: { files: { 'duplicate.txt': 'new content\n' } },
  },
  {
    name: '012_delete_directory_fails',
    source: `${SCENARIOS}/012_delete_directory_fails`,
    files: { 'dir/foo.txt': 'stable\n' },
    call: patch('*** Begin Patch', '*** Delete File: dir', '*** End Patch', ''),
    expected: { refused: true },
  },
  {
    name: '013_rejects_invalid_hunk_header',
    source: `${SCENARIOS}/013_rejects_invalid_hunk_header`,
    files: { 'foo.txt': 'stable\n' },
    call: patch('*** Begin Patch', '*** Frobnicate File: foo', '*** End Patch', ''),
    expected: { refused: true },
  },
  {
    name: '014_update_file_appends_trailing_newline',
    source: `${SCENARIOS}/014_update_file_appends_trailing_newline`,
    files: { 'no_newline.txt': 'no newline at end\n' },
    call: patch('*** Begin Patch', '*** Update File: no_newline.txt', '@@', '-no newline at end', '+first line', '+second line', '*** End Patch', ''),
    expected: { files: { 'no_newline.txt': 'first line\nsecond line\n' } },
    note: 'despite its name, the input file of the scenario ends with a newline (18 bytes)',
  },
  {
    name: '015_failure_after_partial_success_leaves_changes',
    source: `${SCENARIOS}/015_failure_after_partial_success_leaves_changes`,
    files: {},
    call: patch('*** Begin Patch', '*** Add File: created.txt', '+hello', '*** Update File: missing.txt', '@@', '-old', '+new', '*** End Patch', ''),
    expected: { files: { 'created.txt': 'hello\n' } },
    structedit_differs:
      'structedit applies a patch all or nothing: the update of a missing file refuses the whole patch and created.txt is not written. Codex applies the operations one by one and leaves the first one done when the second fails (the scenario pins that partial state).',
  },
  {
    name: '016_pure_addition_update_chunk',
    source: `${SCENARIOS}/016_pure_addition_update_chunk`,
    files: { 'input.txt': 'line1\nline2\n' },
    call: patch('*** Begin Patch', '*** Update File: input.txt', '@@', '+added line 1', '+added line 2', '*** End Patch', ''),
    expected: { files: { 'input.txt': 'line1\nline2\nadded line 1\nadded line 2\n' } },
    structedit_differs:
      'a hunk of added lines only, without context, "*** End of File" or an @@ anchor, gives no place: structedit refuses it (add the lines around it), where Codex appends the lines at the end of the file. With " line2" as context, or "*** End of File" after it, structedit applies it at the end.',
  },
  {
    name: '017_whitespace_padded_hunk_header',
    source: `${SCENARIOS}/017_whitespace_padded_hunk_header`,
    files: { 'foo.txt': 'old\n' },
    call: patch('*** Begin Patch', '  *** Update File: foo.txt', '@@', '-old', '+new', '*** End Patch', ''),
    expected: { files: { 'foo.txt': 'new\n' } },
  },
  {
    name: '018_whitespace_padded_patch_markers',
    source: `${SCENARIOS}/018_whitespace_padded_patch_markers`,
    files: { 'file.txt': 'one\n' },
    call: patch(' *** Begin Patch', '*** Update File: file.txt', '@@', '-one', '+two', '*** End Patch ', ''),
    expected: { files: { 'file.txt': 'two\n' } },
  },
  {
    name: '019_unicode_simple',
    source: `${SCENARIOS}/019_unicode_simple`,
    files: { 'foo.txt': 'line1\nnaïve café\nline3\n' },
    call: patch('*** Begin Patch', '*** Update File: foo.txt', '@@', ' line1', '-naïve café', '+naïve café ✅', '*** End Patch', ''),
    expected: { files: { 'foo.txt': 'line1\nnaïve café ✅\nline3\n' } },
  },
  {
    name: '020_delete_file_success',
    source: `${SCENARIOS}/020_delete_file_success`,
    files: { 'keep.txt': 'keep\n', 'obsolete.txt': 'obsolete\n' },
    call: patch('*** Begin Patch', '*** Delete File: obsolete.txt', '*** End Patch', ''),
    expected: { files: { 'keep.txt': 'keep\n' } },
  },
  {
    name: '020_whitespace_padded_patch_marker_lines',
    source: `${SCENARIOS}/020_whitespace_padded_patch_marker_lines`,
    files: { 'file.txt': 'one\n' },
    call: patch('*** Begin Patch ', '*** Update File: file.txt', '@@', '-one', '+two', ' *** End Patch', ''),
    expected: { files: { 'file.txt': 'two\n' } },
  },
  {
    name: '021_update_file_deletion_only',
    source: `${SCENARIOS}/021_update_file_deletion_only`,
    files: { 'lines.txt': 'line1\nline2\nline3\n' },
    call: patch('*** Begin Patch', '*** Update File: lines.txt', '@@', ' line1', '-line2', ' line3', '*** End Patch', ''),
    expected: { files: { 'lines.txt': 'line1\nline3\n' } },
  },
  {
    name: '022_update_file_end_of_file_marker',
    source: `${SCENARIOS}/022_update_file_end_of_file_marker`,
    files: { 'tail.txt': 'first\nsecond\n' },
    call: patch('*** Begin Patch', '*** Update File: tail.txt', '@@', ' first', '-second', '+second updated', '*** End of File', '*** End Patch', ''),
    expected: { files: { 'tail.txt': 'first\nsecond updated\n' } },
  },
];

const unitTests: PeerCase[] = [
  {
    name: 'test_add_file_hunk_creates_file_with_contents',
    source: LIB,
    files: {},
    call: wrapped('*** Add File: add.txt', '+ab', '+cd'),
    expected: { files: { 'add.txt': 'ab\ncd\n' } },
  },
  {
    name: 'test_apply_patch_hunks_accept_relative_and_absolute_paths',
    source: LIB,
    files: { 'relative-delete.txt': 'delete relative\n', 'absolute-delete.txt': 'delete absolute\n', 'relative-update.txt': 'relative old\n', 'absolute-update.txt': 'absolute old\n' },
    call: wrapped(
      '*** Add File: relative-add.txt',
      '+relative add',
      '*** Add File: /tmp/work/absolute-add.txt',
      '+absolute add',
      '*** Delete File: relative-delete.txt',
      '*** Delete File: /tmp/work/absolute-delete.txt',
      '*** Update File: relative-update.txt',
      '@@',
      '-relative old',
      '+relative new',
      '*** Update File: /tmp/work/absolute-update.txt',
      '@@',
      '-absolute old',
      '+absolute new',
    ),
    expected: { files: { 'relative-add.txt': 'relative add\n', 'absolute-add.txt': 'absolute add\n', 'relative-update.txt': 'relative new\n', 'absolute-update.txt': 'absolute new\n' } },
    structedit_differs:
      'paths are relative to the editor\'s root, and a leading "/" means the root: "/tmp/work/absolute-delete.txt" names tmp/work/absolute-delete.txt under the root, which does not exist, so the patch is refused. Codex takes an absolute path as a path on the machine (here, inside its working folder /tmp/work).',
    note: "the test's temporary folder is /tmp/work here",
  },
  {
    name: 'test_delete_file_hunk_removes_file',
    source: LIB,
    files: { 'del.txt': 'x' },
    call: wrapped('*** Delete File: del.txt'),
    expected: { files: {} },
  },
  {
    name: 'test_update_file_hunk_modifies_content',
    source: LIB,
    files: { 'update.txt': 'foo\nbar\n' },
    call: wrapped('*** Update File: update.txt', '@@', ' foo', '-bar', '+baz'),
    expected: { files: { 'update.txt': 'foo\nbaz\n' } },
  },
  {
    name: 'test_update_file_hunk_can_move_file',
    source: LIB,
    files: { 'src.txt': 'line\n' },
    call: wrapped('*** Update File: src.txt', '*** Move to: dst.txt', '@@', '-line', '+line2'),
    expected: { files: { 'dst.txt': 'line2\n' } },
  },
  {
    name: 'test_multiple_update_chunks_apply_to_single_file',
    source: LIB,
    files: { 'multi.txt': 'foo\nbar\nbaz\nqux\n' },
    call: wrapped('*** Update File: multi.txt', '@@', ' foo', '-bar', '+BAR', '@@', ' baz', '-qux', '+QUX'),
    expected: { files: { 'multi.txt': 'foo\nBAR\nbaz\nQUX\n' } },
  },
  {
    name: 'test_update_file_hunk_interleaved_changes',
    source: LIB,
    files: { 'interleaved.txt': 'a\nb\nc\nd\ne\nf\n' },
    call: wrapped('*** Update File: interleaved.txt', '@@', ' a', '-b', '+B', '@@', ' c', ' d', '-e', '+E', '@@', ' f', '+g', '*** End of File'),
    expected: { files: { 'interleaved.txt': 'a\nB\nc\nd\nE\nf\ng\n' } },
  },
  {
    name: 'test_pure_addition_chunk_followed_by_removal',
    source: LIB,
    files: { 'panic.txt': 'line1\nline2\nline3\n' },
    call: wrapped('*** Update File: panic.txt', '@@', '+after-context', '+second-line', '@@', ' line1', '-line2', '-line3', '+line2-replacement'),
    expected: { files: { 'panic.txt': 'line1\nline2-replacement\nafter-context\nsecond-line\n' } },
    structedit_differs: 'as 016_pure_addition_update_chunk: the first hunk adds lines without context, so it has no place and structedit refuses it; Codex appends its lines at the end of the file.',
  },
  {
    name: 'test_update_line_with_unicode_dash',
    source: LIB,
    files: { 'unicode.py': 'import asyncio  # local import \u2013 avoids top\u2011level dep\n' },
    call: wrapped('*** Update File: unicode.py', '@@', '-import asyncio  # local import - avoids top-level dep', '+import asyncio  # HELLO'),
    expected: { files: { 'unicode.py': 'import asyncio  # HELLO\n' } },
  },
  {
    name: 'test_unified_diff_first_line_replacement',
    source: LIB,
    files: { 'first.txt': 'foo\nbar\nbaz\n' },
    call: wrapped('*** Update File: first.txt', '@@', '-foo', '+FOO', ' bar', ''),
    expected: { files: { 'first.txt': 'FOO\nbar\nbaz\n' } },
    note: 'the test checks the unified diff Codex shows and the new content; the content is the expected file',
  },
  {
    name: 'test_unified_diff_last_line_replacement',
    source: LIB,
    files: { 'last.txt': 'foo\nbar\nbaz\n' },
    call: wrapped('*** Update File: last.txt', '@@', ' foo', ' bar', '-baz', '+BAZ', ''),
    expected: { files: { 'last.txt': 'foo\nbar\nBAZ\n' } },
    note: 'the test checks the unified diff Codex shows and the new content; the content is the expected file',
  },
  {
    name: 'test_unified_diff_insert_at_eof',
    source: LIB,
    files: { 'insert.txt': 'foo\nbar\nbaz\n' },
    call: wrapped('*** Update File: insert.txt', '@@', '+quux', '*** End of File', ''),
    expected: { files: { 'insert.txt': 'foo\nbar\nbaz\nquux\n' } },
    note: 'the test checks the unified diff Codex shows and the new content; the content is the expected file',
  },
  {
    name: 'test_unified_diff_interleaved_changes',
    source: LIB,
    files: { 'interleaved.txt': 'a\nb\nc\nd\ne\nf\n' },
    call: wrapped('*** Update File: interleaved.txt', '@@', ' a', '-b', '+B', '@@', ' d', '-e', '+E', '@@', ' f', '+g', '*** End of File'),
    expected: { files: { 'interleaved.txt': 'a\nB\nc\nd\nE\nf\ng\n' } },
  },
  {
    name: 'test_parse_patch: "bad"',
    source: PARSER,
    files: { 'foo.txt': 'stable\n' },
    call: patch('bad'),
    expected: { refused: true },
  },
  {
    name: 'test_parse_patch: no "*** End Patch"',
    source: PARSER,
    files: { 'foo.txt': 'stable\n' },
    call: patch('*** Begin Patch', 'bad'),
    expected: { refused: true },
  },
  {
    name: 'test_parse_patch: markers padded with spaces',
    source: PARSER,
    files: {},
    call: patch('*** Begin Patch ', '*** Add File: foo', '+hi', ' *** End Patch'),
    expected: { files: { foo: 'hi\n' } },
    note: 'the test checks the parse (an added file foo holding "hi\\n"); applied, that is the file',
  },
  {
    name: 'test_parse_patch: add, delete, update with a move and an @@ context',
    source: PARSER,
    files: { 'path/delete.py': 'x = 1\n', 'path/update.py': 'def f():\n    pass\n' },
    call: wrapped('*** Add File: path/add.py', '+abc', '+def', '*** Delete File: path/delete.py', '*** Update File: path/update.py', '*** Move to: path/update2.py', '@@ def f():', '-    pass', '+    return 123'),
    expected: { files: { 'path/add.py': 'abc\ndef\n', 'path/update2.py': 'def f():\n    return 123\n' } },
    note: 'the test checks the parse; the input files are ours: path/update.py holds the @@ context line and the removed line, path/delete.py anything',
  },
  {
    name: 'test_parse_patch: an update of added lines only, followed by an added file',
    source: PARSER,
    files: { 'file.py': 'x = 1\n' },
    call: wrapped('*** Update File: file.py', '@@', '+line', '*** Add File: other.py', '+content'),
    expected: { files: { 'file.py': 'x = 1\nline\n', 'other.py': 'content\n' } },
    note: 'the test checks the parse; file.py is ours, and its expected content follows Codex applying a context-free addition at the end of the file (scenario 016)',
    structedit_differs: 'as 016_pure_addition_update_chunk: a hunk of added lines only has no place, and structedit refuses it.',
  },
  {
    name: 'test_parse_patch: first chunk without an @@ line',
    source: PARSER,
    files: { 'file2.py': 'import foo\n' },
    call: wrapped('*** Update File: file2.py', ' import foo', '+bar'),
    expected: { files: { 'file2.py': 'import foo\nbar\n' } },
    note: 'the test checks the parse; file2.py is ours, holding the context line',
  },
  {
    name: 'test_parse_patch_lenient: the patch inside a <<EOF heredoc',
    source: PARSER,
    files: { 'file2.py': 'import foo\n' },
    call: patch('<<EOF', '*** Begin Patch', '*** Update File: file2.py', ' import foo', '+bar', '*** End Patch', 'EOF', ''),
    expected: { files: { 'file2.py': 'import foo\nbar\n' } },
    note: "the test checks the parse; file2.py is ours. The <<'EOF' and <<\"EOF\" variants of the test behave the same and are not repeated",
    structedit_differs:
      'structedit reads the patch as given and does not strip a shell heredoc around it ("the patch must start with *** Begin Patch"). Codex strips <<EOF … EOF because one model puts its shell invocation into the argument of apply_patch.',
  },
  {
    name: 'test_parse_patch_lenient: heredoc with mismatched quotes',
    source: PARSER,
    files: { 'file2.py': 'import foo\n' },
    call: patch('<<"EOF\'', '*** Begin Patch', '*** Update File: file2.py', ' import foo', '+bar', '*** End Patch', 'EOF', ''),
    expected: { refused: true },
  },
  {
    name: 'test_parse_patch_lenient: heredoc without "*** End Patch"',
    source: PARSER,
    files: { 'file2.py': 'import foo\n' },
    call: patch('<<EOF', '*** Begin Patch', '*** Update File: file2.py', 'EOF', ''),
    expected: { refused: true },
  },
  {
    name: 'non_conflicting_patch_applies_cleanly',
    source: 'openai/codex@181952a codex-rs/apply-patch/tests/conflict.rs',
    files: { 'f.txt': 'one\ntwo\nthree\n' },
    call: wrapped('*** Update File: f.txt', '@@', '-two', '+twoX'),
    expected: { files: { 'f.txt': 'one\ntwoX\nthree\n' } },
  },
  {
    name: 'conflicting_patches_error',
    source: 'openai/codex@181952a codex-rs/apply-patch/tests/conflict.rs',
    files: { 'f.txt': 'one\ntwo\nthree\n' },
    call: wrapped('*** Update File: f.txt', '@@', '-two', '+twoA', '*** Update File: f.txt', '@@', '-two', '+twoB'),
    expected: { refused: true },
  },
  {
    name: 'multiple_non_overlapping_hunks',
    source: 'openai/codex@181952a codex-rs/apply-patch/tests/two_hunks.rs',
    files: { 'f.txt': 'line1\nline2\nline3\nline4\nline5\n' },
    call: wrapped('*** Update File: f.txt', '@@', '-line2', '+foo', '*** Update File: f.txt', '@@', '-line4', '+bar'),
    expected: { files: { 'f.txt': 'line1\nfoo\nline3\nbar\nline5\n' } },
  },
  {
    name: 'overlapping_hunks_should_fail',
    source: 'openai/codex@181952a codex-rs/apply-patch/tests/two_hunks.rs',
    files: { 'f.txt': 'A\nB\nC\nD\n' },
    call: wrapped('*** Update File: f.txt', '@@', '-B', '+X', '*** Update File: f.txt', '@@', '-B', '+Y'),
    expected: { refused: true },
  },
];

export const codex: PeerSuite = {
  peer: 'Codex apply_patch',
  cases: [...scenarios, ...unitTests],
  skipped: [
    { tests: 'tests/suite/tool.rs (13 tests)', why: 'the same patches and files as scenarios 002-015, run through the CLI binary to check its stdout/stderr' },
    { tests: 'tests/suite/cli.rs (2 tests)', why: 'the CLI transport (patch as argument or on stdin), two calls each, of the add and update shapes of scenarios 001 and 003' },
    { tests: 'src/lib.rs test_unified_diff', why: 'the same file and patch as test_multiple_update_chunks_apply_to_single_file; it checks the diff Codex displays' },
    { tests: 'src/lib.rs test_apply_patch_fails_on_write_error', why: 'a read-only file on disk: file permissions, not patch semantics (structedit under write faults: apply-patch.test.ts)' },
    { tests: 'src/parser.rs test_parse_patch_streaming, test_parse_patch_streaming_large_patch_by_character', why: "Codex's progress parser for a patch still streaming in; its result is never applied" },
    { tests: 'src/parser.rs test_parse_patch_accepts_relative_and_absolute_hunk_paths, test_hunk_resolve_path_accepts_relative_and_absolute_paths', why: 'parse and path resolution only; absolute paths applied are the lib.rs case above' },
    { tests: 'src/parser.rs test_parse_patch (empty Update File hunk; Begin/End only)', why: 'the same patches as scenarios 008 and 005' },
    { tests: 'src/parser.rs test_parse_one_hunk, test_update_file_chunk', why: 'internal functions on pre-split lines (error messages and line counts)' },
    { tests: 'src/seek_sequence.rs (4 tests)', why: 'the line-search helper: it returns an index, no edit or file is involved' },
    { tests: 'tests/conflict_resolve.rs resolve_conflict_chooses_first_hunk', why: 'a library helper (resolve_conflict) that the apply_patch tool does not use; the tool refuses that patch (overlapping_hunks_should_fail)' },
  ],
};
