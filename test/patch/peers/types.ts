/**
 * Issue 20: the test cases of the tools models already edit with (Codex's apply_patch, Aider's
 * SEARCH/REPLACE blocks, Cline's and Roo's multi-search-replace, the MCP filesystem server's
 * edit_file), transcribed as data: the files before, the call as the peer's model sends it, and
 * what the peer's own test expects. `peer-cases.test.ts` runs each through structedit.
 *
 * Transcribed, not copied: each case restates one test of the peer's (named in `source`) as
 * input files, call and outcome. Where the peer's test checks less than a whole file (a parse, a
 * `toContain`), `note` says what we supplied (usually the one input file the blocks imply).
 */

/** The call, as the peer's model would send it. */
export type PeerCall =
  /** A patch in any of the formats `applyPatch` reads (`path`: the file of blocks that name none, as Cline's and Roo's tools pass it). */
  | { readonly tool: 'apply_patch'; readonly patch: string; readonly path?: string; readonly dry_run?: boolean }
  /** The MCP filesystem server's `edit_file`: exact text edits of one file, in order. */
  | { readonly tool: 'edit_file'; readonly path: string; readonly edits: ReadonlyArray<{ readonly old_text: string; readonly new_text: string; readonly occurrences?: number }>; readonly dry_run?: boolean };

/** What the peer's test expects: every file after the call, or a refusal (every file as before). */
export type PeerExpectation = { readonly files: Readonly<Record<string, string>> } | { readonly refused: true };

/** One of a peer's test cases. */
export interface PeerCase {
  /** The peer's test (its name there, or its fixture folder). */
  readonly name: string;
  /** Where it was transcribed from: `owner/repo@commit path` and the test's place in the file. */
  readonly source: string;
  /** The files before the call (paths relative to the root, `/`-separated). */
  readonly files: Readonly<Record<string, string>>;
  readonly call: PeerCall;
  readonly expected: PeerExpectation;
  /**
   * Set only where structedit behaves differently from the peer by design, saying how and why:
   * such a case neither gives the peer's files nor a refusal whose first suggestion leads to them.
   */
  readonly structedit_differs?: string;
  /** What the transcription had to supply or leave out. */
  readonly note?: string;
}

/** A peer's cases, and the tests of the transcribed files that were left out (and why). */
export interface PeerSuite {
  readonly peer: string;
  readonly cases: readonly PeerCase[];
  /** Tests of the source files not transcribed, each with the reason. */
  readonly skipped: ReadonlyArray<{ readonly tests: string; readonly why: string }>;
}

/** Lines joined with `\n` (end with `''` for a final newline). */
export const joined = (...rows: string[]): string => rows.join('\n');
