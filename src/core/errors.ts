import type { WhitespaceRelaxation } from './text/whitespace-match.js';

/**
 * The error values every operation returns instead of throwing. One discriminated union keyed by
 * `error`; each member carries a `message` written for an LLM (what went wrong and what to send next)
 * and typed `details`.
 */

/** The line range `[first, last]`, 1-based and inclusive. */
export type LineRange = [number, number];

/**
 * What happened to the files when an operation failed. `FILE_UNCHANGED`: nothing was written (or
 * everything written was restored); `FILES_MAY_HAVE_CHANGED`: a multi-file write failed and putting
 * the files back failed too (the message names them).
 */
export type FileState = 'FILE_UNCHANGED' | 'FILES_MAY_HAVE_CHANGED';

/** A structure suggested when a target line matched nothing. */
export interface TargetSuggestion {
  /** The candidate's match text (its first line, at most 50 characters): copy it as the target line. */
  match_text: string;
  /** The whole target (every level) that names this candidate. */
  target: string;
  /** The candidate's kind, e.g. `function`, `class`, `section`. */
  kind: string;
  /** The candidate's first line (1-based). */
  line: number;
  /** Similarity of the failing target line to this candidate, from 0 to 1. */
  similarity: number;
  /**
   * True when the candidate sits deeper than the failing level: the target probably skipped a level,
   * and `target` spells out every level.
   */
  skipped_level?: boolean;
}

/** The deepest level of a target path that did match. */
export interface ParentFound {
  /** The matched prefix of the target (`""` when only the file itself matched). */
  target: string;
  /** Kind of the (first) matched structure. */
  kind: string;
  /** Line range of the (first) matched structure. */
  line_range_inclusive: LineRange;
  /** How many structures the matched prefix named. */
  matches: number;
}

/** One of several structures a target named. */
export interface AmbiguousMatch {
  /** Kind of the matching structure. */
  kind: string;
  /** Its line range. */
  line_range_inclusive: LineRange;
  /** A target naming only this structure, or `null` when none exists. */
  target: string | null;
  /** Its match text (first line, at most 50 characters). */
  match_text: string;
}

/** A syntax error found by the parser. */
export interface ParseErrorInfo {
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** `ERROR`: text the grammar could not parse; `MISSING`: a token the parser had to assume. */
  kind: 'ERROR' | 'MISSING';
  /** The text of that line. */
  line_text: string;
  /** For `MISSING`: the token that is missing, e.g. `)`. */
  missing?: string;
  /**
   * Where the grammar parses the text but the language refuses it: what the compiler says
   * (`missing return`, `"os" imported and not used`).
   */
  reason?: string;
}

/** One problem with an argument. */
export interface ArgumentIssue {
  /** Dotted path of the offending field, e.g. `edits.2.old_text` (`""` for the whole input). */
  field: string;
  /** What is wrong with it. */
  message: string;
}

/** A line of a file with its 1-based number, as errors show the lines around a problem. */
export interface NumberedLine {
  /** 1-based line number in the file. */
  line: number;
  /** The line's text, without its line ending. */
  text: string;
}

/**
 * The checks a chunk of `applyChunks` must pass, in the order they run. The chunk-symbol-editing
 * spec (docs/spec/) numbers seven of them (`check_number`); `context_before` is its search for candidate
 * positions, numbered 0 here.
 *
 * - `context_before` (0): no run of the structure's lines equals `context_before`.
 * - `context_after` (1): the lines after `old_lines` differ from `context_after`.
 * - `old_lines` (2): the lines after `context_before` differ from `old_lines`.
 * - `insertion` (3): a pure insertion (empty `old_lines`) whose `context_after` does not directly
 *   follow its `context_before`.
 * - `deletion` (4): a pure deletion (empty `new_lines`) whose `old_lines` differ from the lines
 *   in more than trailing whitespace (deletions must quote lines exactly).
 * - `boundary` (5): the chunk reaches past the structure: its lines run beyond the structure's
 *   last line, or its context matches only lines outside the structure.
 * - `structure_end` (6): an empty `context_after` (the chunk ends at the structure's last line)
 *   with lines following `old_lines`, or an empty `context_before` (the chunk starts at the
 *   structure's first line) whose `old_lines` are elsewhere.
 * - `line_endings` (7): a chunk line holds a carriage return the file does not use as a line ending.
 */
export type ChunkCheck = 'context_before' | 'context_after' | 'old_lines' | 'insertion' | 'deletion' | 'boundary' | 'structure_end' | 'line_endings';

/** Where a chunk's `old_lines` sit: `line_count` lines from `first_line` (0: an insertion before `first_line`). */
export interface ChunkPlacement {
  /** The chunk's index in `chunks` (0-based). */
  chunk_index: number;
  /** 1-based file line of the first old line, or the line an insertion goes before. */
  first_line: number;
  /** How many lines `old_lines` replace (0 for a pure insertion). */
  line_count: number;
}

/** Why a chunk failed at one candidate position. */
export interface ChunkCandidateFailure {
  /** 1-based file line where `old_lines` would start there (or the line an insertion would go before). */
  line: number;
  /** The check that failed there. */
  check: ChunkCheck;
  /** The specification's number of that check (0 for `context_before`). */
  check_number: number;
  /** What differed, in a sentence. */
  reason: string;
}

/** The first line of a chunk that differs from the file. */
export interface ChunkLineMismatch {
  /** The chunk field holding the line. */
  field: 'context_before' | 'old_lines' | 'new_lines' | 'context_after';
  /** Index of the line in that field (after a string field was split into lines). */
  index: number;
  /** The chunk's line. */
  expected: string;
  /** The file's line it was compared with (`null` when the chunk ran past the structure). */
  actual: string | null;
  /** 1-based file line of `actual` (`null` when the chunk ran past the structure). */
  line: number | null;
}

/** A structure near a position that holds none (see `NO_STRUCTURE_AT_POSITION`). */
export interface NearbyStructure {
  /** Its kind. */
  kind: string;
  /** Its line range. */
  line_range_inclusive: LineRange;
  /** A target naming it alone, or `null` when none exists. */
  target: string | null;
  /** Its match text (first line, at most 50 characters). */
  match_text: string;
}

/** A line of a structure that resembles text that was not found. */
export interface SimilarLine {
  /** Its 1-based line (the first, when `old_text` spans several lines). */
  line: number;
  /** Its text (as many lines as `old_text` has). */
  text: string;
  /** Similarity to `old_text`, from 0 to 1. */
  similarity: number;
}

/** Something an address part can select, as listed in `PART_NOT_FOUND` and `PART_AMBIGUOUS`. */
export interface PartChoice {
  /** The selector that names it (`.params`, `.timeout`, `[2]`, `["content-type"]`). */
  selector: string;
  /** What it is: `part` (a keyword such as `.body`) or the kind of element (`parameter`, `entry`, `member`…). */
  kind: string;
  /** Its first line (1-based). */
  line: number;
  /** Its text (first line, at most 60 characters). */
  text: string;
}

/** A place in the code, as errors list references and collisions. */
export interface CodeLocation {
  /** The file, relative to the root. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** The line's text, trimmed. */
  text: string;
  /** What is there (`reference`, `import`, `definition`, `shadowing`…). */
  kind: string;
}

/** A place a rename or move could not tie to its declaration nor prove unrelated. */
export interface UnresolvedReference extends CodeLocation {
  /** Why it could not be proven: the module it imports from could not be resolved, the file could not be parsed… */
  reason: string;
}

/** A use of a member's name through a receiver whose type is not known without a type checker. */
export interface MemberCandidate extends CodeLocation {
  /** The receiver as written (`formatter`, `self.parent`, `get_client()`). */
  receiver: string;
}

/** Which edit of an `applyEdits` batch failed (on every error an edit of a batch returns). */
export interface FailedEdit {
  /** 0-based index of the edit in `edits`. */
  index: number;
  /** Its operation. */
  op: string;
  /** Its file. */
  path: string;
  /** Its address. */
  address: string;
}

/**
 * `CONFLICT` because the file changed: it is not the one `expected_hash` names, it changed between
 * the operation's read and its write, or (for `undo`) it is no longer as the undone operation left
 * it. Nothing was written.
 */
export interface FileChangedConflict {
  /** Why: the file changed. */
  reason: 'file_changed';
  /** The file. */
  path: string;
  /** The hash the file was expected to have (`null`: it was expected not to exist). */
  expected_hash: string | null;
  /** The hash it has now (`null`: it does not exist). */
  actual_hash: string | null;
}

/** `CONFLICT` because a rename or move would collide with a name that already exists. Nothing was written. */
export interface NameTakenConflict {
  /** Why: the new name is already taken where it would be needed. */
  reason: 'name_taken';
  /** The file of the edit. */
  path: string;
  /** The edit's address. */
  address: string;
  /** The name that collides. */
  name: string;
  /** Where the name is already declared or used. */
  conflicts: CodeLocation[];
}

/** The `details` of `CONFLICT`, told apart by `reason`. */
export type ConflictDetails = NameTakenConflict | FileChangedConflict;

/* file_edit (docs/spec/file-edit.md): the shapes of its failure reports. */

/** Where an `old_text` occurs (for `WRONG_COUNT`). */
export interface MatchLocation {
  /** Line of the occurrence, in the file before the call. */
  line_number: number;
  /** 1-based column where it starts (UTF-16 code units). */
  column_start: number;
  /** 1-based column just past its end on its first line. */
  column_end: number;
  /** The full line holding the start of the occurrence, as the edit saw it. */
  line_content: string;
  /** The line before it, if any. */
  context_before?: string;
  /** The line after it, if any. */
  context_after?: string;
}

/** One way the searched text differs from text in the file. */
export interface StringDiff {
  /** `whitespace`, `case`, `punctuation` (e.g. quote style) or `content`. */
  type: 'whitespace' | 'case' | 'punctuation' | 'content';
  /** The part as `old_text` has it. */
  expected: string;
  /** The part as the file has it. */
  found: string;
}

/** Text in the file close to an `old_text` that was not found. */
export interface SimilarContent {
  /** First line of the similar text, in the file before the call. */
  line_number: number;
  /** The similar text exactly as in the file: copy it into `old_text`. */
  content: string;
  /** How similar it is to the searched text, from 0 to 1. */
  similarity_score: number;
  /** What differs. */
  differences: StringDiff[];
}

/** One hunk of a patch, as `PATCH_FAILED` reports it. */
export interface PatchHunkReport {
  /** The file the hunk is for. */
  file: string;
  /** 1-based index of the hunk in its file. */
  hunk: number;
  /** The 1-based line of the patch where the hunk starts. */
  patch_line: number;
  /** Whether it found its one place (it would apply). */
  applied: boolean;
  /** Why not: its text is nowhere in the file (`no_match`), or in several places the patch does not choose between (`ambiguous`). */
  reason?: 'no_match' | 'ambiguous';
  /** Lines where it matched, when ambiguous. */
  matches?: number[];
  /** The file's text most like the hunk's old text, when it matched nowhere. */
  similar_content?: SimilarContent[];
  /** When nothing is similar enough to copy: the file's text nearest the hunk's old text however unlike (where to look). */
  nearest_match?: { line_number: number; content: string; similarity_score: number };
  /** With `match: 'whitespace'`: the hunk was found only with whitespace relaxed, at this line. */
  relaxed?: WhitespaceRelaxation & { line_number: number };
}

/** A concrete next step for the caller. */
export interface SuggestedFix {
  /** `USE_EXACT_TEXT`, `ADJUST_COUNT`, `ESCAPE_SPECIAL` or `CHECK_WHITESPACE`. */
  type: 'USE_EXACT_TEXT' | 'ADJUST_COUNT' | 'ESCAPE_SPECIAL' | 'CHECK_WHITESPACE';
  /** What to do. */
  suggestion: string;
  /** Text to send, when there is one (e.g. the exact text to use as `old_text`). */
  example?: string;
}

/** A line of a {@link FilePreview} worth looking at. */
export interface LineHighlight {
  /** The line, in the file before the call. */
  line_number: number;
  /** Why: it starts a `match` of `old_text`, or it starts `similar` text. */
  reason: 'match' | 'similar';
}

/** A section of the file around where an edit failed. */
export interface FilePreview {
  /** Lines in the file. */
  total_lines: number;
  /** First line shown. */
  preview_start_line: number;
  /** Last line shown. */
  preview_end_line: number;
  /** The lines shown, as the failing edit saw them. */
  content: string;
  /** Lines worth looking at. */
  highlights?: LineHighlight[];
}

/** Why a `file_edit` call failed (`metadata.validation_error`). */
export interface ValidationError {
  /** The error code: `NO_MATCH`, `WRONG_COUNT`, `FILE_NOT_FOUND`, `BINARY_FILE`, `PERMISSION_DENIED`, … */
  type: ErrorCode;
  /** The edit that failed (0-based); 0 when the file itself could not be edited. */
  edit_index: number;
  /** How many edits were sent. */
  total_edits: number;
  /** What went wrong, for a person or an LLM. */
  message: string;
  /** `WRONG_COUNT`: the `occurrences` the edit asked for. */
  expected_occurrences?: number;
  /** `WRONG_COUNT`: how many there are. */
  actual_occurrences?: number;
  /** `WRONG_COUNT`: where they are (at most 100). */
  match_locations?: MatchLocation[];
  /** The `old_text` searched for. */
  search_text?: string;
  /** `NO_MATCH`: the closest text in the file, best first. */
  similar_content?: SimilarContent[];
  /**
   * `NO_MATCH` with no `similar_content`: the file's text nearest the old text however unlike
   * (where to look; `file_preview` shows the lines around it).
   */
  nearest_match?: { line_number: number; content: string; similarity_score: number };
  /** With `match: 'whitespace'`: the lines of the several places the text fits with whitespace relaxed (none was chosen). */
  relaxed_candidates?: number[];
  /** Earlier edits that failed too: this one was checked on the file without them. */
  after_failed_edits?: number[];
}

/** Another edit of the same call that failed, as `NO_MATCH` and `WRONG_COUNT` list them in `other_failures`. */
export interface OtherEditFailure {
  /** The edit (0-based). */
  edit_index: number;
  /** `NO_MATCH`, `WRONG_COUNT`, or `INVALID_ARGUMENT` (an empty old_text on a non-empty file). */
  type: 'NO_MATCH' | 'WRONG_COUNT' | 'INVALID_ARGUMENT';
  /** What went wrong with it. */
  message: string;
  /** Earlier edits that failed: this one was checked on the file without them, so its report may change once they are fixed. */
  after_failed_edits: number[];
  /** `NO_MATCH`: the closest text, best first. */
  similar_content?: SimilarContent[];
  /** `NO_MATCH` with nothing similar: the nearest text however unlike. */
  nearest_match?: { line_number: number; content: string; similarity_score: number };
  /** `WRONG_COUNT`: how many occurrences there are. */
  actual_occurrences?: number;
  /** `WRONG_COUNT`: where they are (at most 20). */
  match_locations?: MatchLocation[];
  /** Its first suggested fix. */
  suggested_fix?: SuggestedFix;
}

/** The `details` of `NO_MATCH` and `WRONG_COUNT` errors (besides `state`). */
export interface FileEditErrorDetails {
  /** The file, symbolic links resolved. */
  path: string;
  /** The failing edit and what was found instead. */
  validation_error: ValidationError;
  /** What to send next. */
  suggested_fixes: SuggestedFix[];
  /** The file around where the edit failed. */
  file_preview?: FilePreview;
  /** Something the caller should know, e.g. that earlier edits in the call changed the text. */
  note?: string;
  /** The call's other failing edits (each checked on the file without the failed ones before it). */
  other_failures?: OtherEditFailure[];
  /** Edits left unchecked after the last one listed, because too many had failed. */
  unchecked_edits?: number;
}

/** The typed `details` of each error code (besides `state`). */
export interface ErrorDetailsByCode {
  /** No structure matches the target; `suggestions` lists the nearest candidates. */
  TARGET_NOT_FOUND: {
    path: string;
    /** The target's levels, one per line. */
    searched_path: string[];
    /** 1-based index of the level that matched nothing. */
    failed_level: number;
    parent_found: ParentFound;
    suggestions: TargetSuggestion[];
  };
  /** The target names several structures where one is needed; `matches` lists them. */
  TARGET_AMBIGUOUS: {
    path: string;
    target: string;
    matches: AmbiguousMatch[];
  };
  /** `old_text` does not occur inside the structure; `similar_lines` shows the closest lines. */
  TEXT_NOT_FOUND: {
    path: string;
    target: string;
    /** The lines searched (the structure's). */
    structure_lines: LineRange;
    /** The structure the target matched, by its first line (`""` for the whole file). */
    structure_matched: string;
    /** The structure's lines most similar to `old_text`, best first. */
    similar_lines: SimilarLine[];
    /** Lines where `old_text` does occur in the file, outside the structure. */
    found_outside_lines: number[];
  };
  /** `old_text` occurs several times where exactly one occurrence is needed. */
  TEXT_AMBIGUOUS: { path: string; target: string; occurrences: number; lines: number[] };
  /** `expected_count` differs from the number of occurrences `found`. */
  COUNT_MISMATCH: { path: string; target: string; expected: number; found: number; lines: number[] };
  /** A content argument (`field`) is larger than the limit (`content_size` and `limit` in UTF-8 bytes). */
  CONTENT_TOO_LARGE: { field: string; content_size: number; limit: number };
  /** The file does not exist. */
  FILE_NOT_FOUND: { path: string };
  /** A patch does not apply: every hunk with whether it would (`hunks`), and the file-level problems (a file to add that exists, one to update that does not). */
  PATCH_FAILED: { format: string; problems: string[]; hunks: PatchHunkReport[] };
  /** A file that a call would create already exists (`hash`: its content hash, to overwrite it knowingly). */
  FILE_EXISTS: { path: string; hash: string };
  /** The file is over the size limit (`file_size` and `limit` in bytes). */
  FILE_TOO_LARGE: { path: string; file_size: number; limit: number };
  /** The file system refused the `operation`. */
  PERMISSION_DENIED: { path: string; operation: string };
  /** No parser for the file; `supported` lists language ids, `extensions` the known extensions. */
  LANGUAGE_UNSUPPORTED: { file: string; supported: string[]; extensions: string[] };
  /**
   * No grammar of the file's language could be loaded (a setup problem, not the file's): every
   * source `tried` with why it failed, and the npm packages that would `install` one (empty when
   * the host must pass the grammar itself: `createEditor({ languages: { grammars } })`).
   */
  GRAMMAR_UNAVAILABLE: { path: string; language: string; tried: Array<{ source: string; reason: string }>; install: string[] };
  /** Syntax errors inside the structures the operation needs, or the parser failed on the file. */
  PARSER_FAILED: { path: string; parse_errors: ParseErrorInfo[] };
  /** The file is not valid UTF-8; `byte_offset` is the first bad sequence. */
  ENCODING_ERROR: { path: string; encoding: 'utf-8'; byte_offset: number };
  /** The file holds a NUL byte at `byte_offset`. */
  BINARY_FILE: { path: string; byte_offset: number };
  /** The input is malformed; `issues` names each offending field. */
  INVALID_ARGUMENT: { issues: ArgumentIssue[] };
  /** The path leads outside the editor's root. */
  PATH_OUTSIDE_ROOT: { path: string };
  /** A line range starts past the end of the file (`total_lines` lines). */
  LINE_OUT_OF_RANGE: { path: string; start_line: number; total_lines: number };
  /** Another file system failure; `code` is the system's error code. */
  IO_ERROR: { path: string; operation: string; code: string };
  /** The edit would add syntax errors and the editor was created with `syntax: 'reject'`. */
  SYNTAX_ERROR: { path: string; errors: ParseErrorInfo[] };
  /**
   * A chunk of `applyChunks` does not fit the structure: `chunk_index` names it (0-based), `check`
   * the check that failed at the best candidate position, `actual_lines` the structure's lines
   * there. Nothing was written.
   */
  CHUNK_MISMATCH: {
    path: string;
    /** The structure's target (`null` when no target names it alone). */
    target: string | null;
    /** The structure's line range. */
    line_range_inclusive: LineRange;
    chunk_index: number;
    check: ChunkCheck;
    /** The specification's number of the check (0 for `context_before`). */
    check_number: number;
    /** The first differing line at the best candidate position, when one line is to blame. */
    mismatch: ChunkLineMismatch | null;
    /** Every position `context_before` matched and why the chunk failed there (at most 10). */
    candidates: ChunkCandidateFailure[];
    /** The structure's lines around the best candidate position (or the closest line). */
    actual_lines: NumberedLine[];
  };
  /**
   * A chunk of `applyChunks` fits at several places of its structure (its context lines repeat):
   * `places` lists where `old_lines` would start at each, with the lines there. Nothing was written.
   */
  CHUNK_AMBIGUOUS: {
    path: string;
    /** The structure's target (`null` when none names it alone). */
    target: string | null;
    chunk_index: number;
    places: Array<{ line: number; lines: NumberedLine[] }>;
  };
  /** Two chunks of `applyChunks` change the same lines; `chunks` gives where each one sits. */
  CHUNKS_OVERLAP: {
    path: string;
    chunks: [ChunkPlacement, ChunkPlacement];
  };
  /** `line`/`column` lie outside every structure; `nearby` lists the closest ones. */
  NO_STRUCTURE_AT_POSITION: {
    path: string;
    line: number;
    column: number;
    /** The text of that line. */
    line_text: string;
    nearby: NearbyStructure[];
  };
  /**
   * An address's part selector names nothing in the structure its target names: `segment` is the
   * selector that failed (1-based `failed_segment`), `available` what can be selected there.
   */
  PART_NOT_FOUND: {
    path: string;
    address: string;
    /** The target the address starts from (it did name one structure). */
    target: string;
    /** The selector that matched nothing, as written (`.timeot`, `[4]`). */
    segment: string;
    /** 1-based index of that selector in the part. */
    failed_segment: number;
    /** What could be selected at that point, closest first. */
    available: PartChoice[];
  };
  /** An address's part selector names several elements where one is needed. */
  PART_AMBIGUOUS: {
    path: string;
    address: string;
    segment: string;
    /** The elements it names, each with a selector that names it alone. */
    matches: PartChoice[];
  };
  /** An `add` (or `move`) position names no item of the list, or is past its end. */
  INVALID_POSITION: {
    path: string;
    address: string;
    position: string;
    /** The list's items, by the names positions can use. */
    items: string[];
  };
  /** Removing a declaration would leave references to it; `references` lists them (use `force: true` to remove anyway). */
  REFERENCES_EXIST: {
    path: string;
    address: string;
    /** The name being removed. */
    name: string;
    references: CodeLocation[];
  };
  /**
   * A rename or move could not prove itself complete: `references` lists every place that mentions
   * the name and could not be tied to the declaration or proven unrelated (an import from a module
   * that could not be resolved, a file that could not be parsed, …), with why. Nothing was written;
   * `force: true` applies the edit to the places that were proven and leaves these alone.
   */
  UNRESOLVED_REFERENCES: {
    path: string;
    address: string;
    /** The name being renamed or moved. */
    name: string;
    references: UnresolvedReference[];
  };
  /**
   * An edit would leave names pointing at nothing. A `moveStructure`: names its text uses that its
   * new place does not see (an import or top-level name of the source file the destination file
   * lacks, a member of the class it leaves reached through `this`/`self`, a local of the code
   * around it, or, where top-level code runs in order (Python, Lua), a use that would run above
   * its declaration). A text edit of a structure (replace, text replace, chunks) in Python: names
   * its new text uses that nothing in the file declares and that are no builtins. An edit that
   * narrows a declaration's reach (`pub` removed, `private` added, Java's `public` dropped): its uses
   * beyond the new reach, where no type checker runs after it. `uses` lists the first use of each
   * (every use, for a reach), with why. Nothing was written; `force: true` (`validate: false` on a
   * batch) writes it anyway.
   */
  NAMES_OUT_OF_REACH: {
    path: string;
    /** The target of the structure moved, or of the structure holding the first use. */
    address: string;
    /** The names out of reach. */
    names: string[];
    uses: UnresolvedReference[];
  };
  /**
   * A member (method, field, property) is used through receivers whose type syntax cannot tell
   * (`formatter.write_dl(…)` on a parameter): `candidates` lists each use and its receiver. Nothing
   * was written; send `include: 'candidates'` to rename them all, or `include` with the exact list
   * of the ones to rename (an empty list renames none of them).
   */
  AMBIGUOUS_REFERENCES: {
    path: string;
    address: string;
    /** The member's name. */
    name: string;
    /** Places renamed for certain (the declaration, `this`/`self` uses in its class hierarchy…), for information. */
    certain: number;
    candidates: MemberCandidate[];
  };
  /**
   * A move would make Python modules import each other at the top level (`cycle`): Python fails on
   * such a cycle as soon as one module uses a name of another before it has loaded.
   */
  IMPORT_CYCLE: {
    path: string;
    address: string;
    /** The destination and the source. */
    files: [string, string];
    /** The modules of the cycle, each importing the next: destination, source, …, destination. */
    cycle: string[];
  };
  /**
   * The semantic backend (TypeScript's language service, a language server) could not answer: it is
   * not installed, it crashed, or it timed out. Nothing was written.
   */
  BACKEND_UNAVAILABLE: {
    /** The backend (`typescript`, `lsp:pyright-langserver`). */
    backend: string;
    /** Why: `not_installed`, `crashed` or `timed_out`. */
    reason: 'not_installed' | 'crashed' | 'timed_out';
  };
  /**
   * A batch changed a function's parameters so that calls of it no longer fit (a required
   * parameter added that a call does not pass, one removed that a call still passes), or so that
   * its uses could not be checked (the function passed as a value, arguments spread, a use that
   * could not be tied to it or proven unrelated). Checked where no type checker runs after the
   * batch. Nothing was written; `validate: false` writes it anyway.
   */
  CALLS_BROKEN: {
    path: string;
    /** The function's target. */
    address: string;
    /** The function's name. */
    name: string;
    /** Its parameters after the batch, as written. */
    parameters: string;
    /** Each call that does not fit, or use that could not be checked, with why. */
    calls: UnresolvedReference[];
  };
  /**
   * An edit made an interface, trait, protocol or abstract class require members (methods without
   * a body) that the types implementing it do not define, or whose implementations could not be
   * found (a subclass of an abstract implementation, a value typed as the interface, a Go type,
   * which implements an interface without naming it). Checked where no type checker runs after
   * the edit. Nothing was written; `validate: false` (`force: true` on a text edit) writes it anyway.
   */
  IMPLEMENTATIONS_BROKEN: {
    path: string;
    /** The interface's target. */
    address: string;
    /** The interface's name. */
    name: string;
    /** The members it now requires that it did not before. */
    members: string[];
    /** Each implementation that lacks one, or use that could not be checked, with why. */
    implementations: UnresolvedReference[];
  };
  /**
   * An edit added cases to an enumeration that matches elsewhere must cover and do not: a Rust
   * `match`, a Swift `switch`, a Kotlin `when` with a subject, a Java switch expression that named
   * every case before, with no arm for the new ones and none that takes any value (`_`,
   * `default`, `else`); or such a match structedit cannot read (inside a Rust macro). Checked
   * where no type checker runs after the edit. Nothing was written; `validate: false`
   * (`force: true` on a text edit) writes it anyway.
   */
  MATCHES_BROKEN: {
    path: string;
    /** The enumeration's target. */
    address: string;
    /** The enumeration's name. */
    name: string;
    /** The cases the edit added. */
    cases: string[];
    /** Each match without an arm for one of them, or that could not be read, with why. */
    matches: UnresolvedReference[];
  };
  /**
   * A semantic batch would add type errors (the backend's checker, before and after the batch):
   * nothing was written. `validate: false` writes it anyway.
   */
  TYPE_ERRORS_ADDED: {
    /** The backend that checked. */
    backend: string;
    /** Each added error: file, 1-based line, the checker's code and message. */
    errors: Array<{ file: string | null; line: number | null; code: string; message: string }>;
  };
  /**
   * `file_edit`: an edit's `old_text` occurs nowhere in the file as that edit sees it;
   * `validation_error.similar_content` holds the closest text, `suggested_fixes` what to send.
   */
  NO_MATCH: FileEditErrorDetails;
  /**
   * `file_edit`: an edit's `old_text` occurs a different number of times than its `occurrences`;
   * `validation_error.match_locations` lists where.
   */
  WRONG_COUNT: FileEditErrorDetails;
  /** An unexpected failure inside structedit: a bug. `cause` holds the exception. */
  INTERNAL_ERROR: { cause: string };
  /**
   * A conflict, nothing written: the file is not as the caller (or the operation's own read) saw it
   * (`reason: 'file_changed'`), or a rename or move would collide with an existing name
   * (`reason: 'name_taken'`); see {@link ConflictDetails}.
   */
  CONFLICT: ConflictDetails;
}

/** Every error code. */
export type ErrorCode = keyof ErrorDetailsByCode;

/** An error value of one code. */
export interface ErrorOf<Code extends ErrorCode> {
  /** The error code, e.g. `TARGET_NOT_FOUND`. */
  error: Code;
  /** A sentence or two an LLM can act on: what went wrong and how to correct the next call. */
  message: string;
  /**
   * Structured facts about the failure; `state` says what happened to the files, `edit` which edit
   * of an `applyEdits` batch failed.
   */
  details: ErrorDetailsByCode[Code] & { state: FileState; edit?: FailedEdit };
}

/** The error union every operation returns. */
export type StructeditError = { [Code in ErrorCode]: ErrorOf<Code> }[ErrorCode];

/** Builds an error value; the single place that stamps `state`. */
export function makeError<Code extends ErrorCode>(
  error: Code,
  message: string,
  details: ErrorDetailsByCode[Code],
  state: FileState = 'FILE_UNCHANGED',
): ErrorOf<Code> {
  return { error, message, details: { ...details, state } };
}

/** `INVALID_ARGUMENT` for one or more argument problems. */
export function invalidArgument(issues: ArgumentIssue[]): ErrorOf<'INVALID_ARGUMENT'> {
  const listed = issues.map((issue) => `${issue.field || 'input'}: ${issue.message}`).join('; ');
  return makeError('INVALID_ARGUMENT', `Invalid argument. ${listed}. Correct these fields and call again.`, {
    issues,
  });
}

/** Narrows an unknown value to a structedit error value. */
export function isStructeditError(value: unknown): value is StructeditError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { details?: unknown }).details === 'object'
  );
}
