import type { ResultAsync } from 'neverthrow';
import type { StructeditError } from '../errors.js';

/**
 * A semantic backend: what answers the questions syntax alone cannot (which uses mean which
 * declaration through types, whether the program still type-checks), as a port the core asks.
 * The syntactic engine is the default; a host plugs in TypeScript's language service or a language
 * server per language. Implementations live outside the core (they run a checker or a process);
 * the core only sees places, edits and diagnostics in its own terms: files under the root and
 * UTF-16 offsets into their current text.
 */

/** A place a backend names: a file under the root (normalized, `/` separators) and a UTF-16 range of its current text. */
export interface BackendSpan {
  /** The file, relative to the root. */
  readonly file: string;
  /** Where the range starts (UTF-16 offset). */
  readonly start: number;
  /** Where it ends (exclusive). */
  readonly end: number;
}

/**
 * Where a name is declared, as a backend answers: a place under the root, or `file: null` for a
 * declaration outside it (a dependency, the standard library, a type stub), which is then surely
 * not a declaration of the project.
 */
export interface BackendDefinition {
  /** The file, relative to the root; `null` outside the root. */
  readonly file: string | null;
  /** Where the name starts in that file (UTF-16 offset; 0 outside the root). */
  readonly start: number;
  /** Where it ends (exclusive; 0 outside the root). */
  readonly end: number;
}

/** One replacement a backend plans. */
export interface BackendEdit extends BackendSpan {
  /** The text replacing the range. */
  readonly text: string;
}

/** A problem the backend's checker reports. */
export interface BackendDiagnostic {
  /** The file (`null`: the project, e.g. a configuration error). */
  readonly file: string | null;
  /** 1-based line in that file's current text (`null` when the problem has no place). */
  readonly line: number | null;
  /** The checker's code (`TS2322`, pyright's rule). */
  readonly code: string;
  /** The checker's message. */
  readonly message: string;
}

/** What renaming at a place comes to: the edits, or why the backend will not rename there. */
export type BackendRename = { readonly kind: 'edits'; readonly edits: readonly BackendEdit[] } | { readonly kind: 'refused'; readonly reason: string };

/**
 * The files of a batch as they are now: the backend reads every file through it, so it sees the
 * edits earlier in the batch (and a check "before" sees the files as they were).
 */
export interface CurrentTexts {
  /** The text of a file under the root now, or `undefined` when it does not exist. */
  text(path: string): Promise<string | undefined>;
  /** The files under the root (sorted), dependency folders left out. */
  files(): Promise<readonly string[]>;
  /** The entries of a folder under the root, including dependency folders (`null` when it does not exist). */
  folder(path: string): Promise<{ files: string[]; folders: string[] } | null>;
}

/** A semantic backend for some languages. */
export interface SemanticBackend {
  /** What results report as `backend`: `typescript`, `lsp:pyright-langserver`. */
  readonly name: string;
  /**
   * Whether its rename locations take in the whole class hierarchy of a member: every declaration it
   * overrides and every override, outside the project too (TypeScript's do, so a base in a dependency
   * that declares the name refuses the rename). A server whose do not (pyright renames the override
   * alone) gets no rename of a member whose hierarchy reaches a class outside the project.
   */
  readonly renamesOverrides: boolean;
  /**
   * Whether every text edit of its languages is type-checked through it, before and after, as a
   * semantic batch is (new errors refuse it: `TYPE_ERRORS_ADDED`), where structedit cannot check the
   * language's names itself. TypeScript's in-process service does (a warm check of the edited file
   * takes milliseconds); a language server does not by default (its diagnostics come once it has
   * analysed the project), so only edits that change a function's parameters are checked through it.
   */
  readonly checksTextEdits: boolean;
  /** Whether it answers for files of this language id. */
  serves(language: string): boolean;
  /** Every place renaming the declaration whose name is at `offset` of `file` changes, as edits to `newName`. */
  rename(current: CurrentTexts, file: string, offset: number, newName: string): ResultAsync<BackendRename, StructeditError>;
  /** Every reference of the declaration whose name is at `offset` of `file` (the declaration itself excluded). */
  references(current: CurrentTexts, file: string, offset: number): ResultAsync<readonly BackendSpan[], StructeditError>;
  /** Where the name at `offset` of `file` is declared (several places for overloads and merged declarations; `file: null` outside the root; none when the backend cannot tell). */
  definition(current: CurrentTexts, file: string, offset: number): ResultAsync<readonly BackendDefinition[], StructeditError>;
  /** The checker's problems in the project's files of the languages it serves, or only in `files` when given. */
  diagnostics(current: CurrentTexts, files?: readonly string[]): ResultAsync<readonly BackendDiagnostic[], StructeditError>;
  /**
   * The files whose errors an edit of `files` (from `before` to `after`) can change: `files`, the
   * files importing one whose exports the edit changed, and so on while theirs change; `null` when
   * it can change any file's (a global declaration changed). Without it, a text edit's check
   * compares the errors of `files` alone, and misses a caller another file has broken.
   */
  affectedFiles?(before: CurrentTexts, after: CurrentTexts, files: readonly string[]): ResultAsync<readonly string[] | null, StructeditError>;
  /** Frees what it holds (a language server process, a program); later calls may start again. */
  dispose(): Promise<void>;
}

/**
 * The diagnostics an edit added: those of `after` beyond the ones `before` already had, by file
 * (positions move with edits; the same problem elsewhere in the same file is not new). A checker
 * words a problem, and may even pick its code, by what it happened to check first: TypeScript's
 * "Cannot find name 'Buffer'" is TS2591 (install @types/node) or TS2552 (did you mean 'buffer'?),
 * and it prints `Uint8Array<ArrayBufferLike>` or `Uint8Array<ArrayBuffer>` for the same type. So a
 * diagnostic is new only when neither its problem (the message's first sentence) was there before
 * nor its file has as many of its code as before. `renamed` maps a new name back to the old one, so
 * an error that only mentions the renamed name is the same error.
 */
export function addedDiagnostics(before: readonly BackendDiagnostic[], after: readonly BackendDiagnostic[], renamed: ReadonlyMap<string, string> = new Map()): BackendDiagnostic[] {
  const unrenamed = (message: string) => {
    for (const [newName, oldName] of renamed) message = message.split(`'${newName}'`).join(`'${oldName}'`).split(`"${newName}"`).join(`"${oldName}"`);
    return message;
  };
  const byCode = (diagnostic: BackendDiagnostic) => `${diagnostic.file ?? ''}\u0000${diagnostic.code}`;
  const byProblem = (diagnostic: BackendDiagnostic) => `${diagnostic.file ?? ''}\u0000${problemOf(unrenamed(diagnostic.message))}`;
  const tally = (diagnostics: readonly BackendDiagnostic[], key: (diagnostic: BackendDiagnostic) => string) => {
    const counts = new Map<string, number>();
    for (const diagnostic of diagnostics) counts.set(key(diagnostic), (counts.get(key(diagnostic)) ?? 0) + 1);
    return counts;
  };
  const codesBefore = tally(before, byCode);
  const codesAfter = tally(after, byCode);
  const problems = tally(before, byProblem);
  const added: BackendDiagnostic[] = [];
  for (const diagnostic of after) {
    const problem = byProblem(diagnostic);
    const left = problems.get(problem) ?? 0;
    if (left > 0) problems.set(problem, left - 1);
    else if ((codesAfter.get(byCode(diagnostic)) ?? 0) > (codesBefore.get(byCode(diagnostic)) ?? 0)) added.push(diagnostic);
  }
  return added;
}

/** A diagnostic's first sentence (its first line, up to a sentence that starts after it). */
function problemOf(message: string): string {
  // (Without its final stop: "Cannot find name 'x'." alone and followed by "Did you mean…?" are one problem.)
  return (message.split('\n')[0] ?? '').split(/[.?!]\s+(?=[A-Z])/)[0]!.trim().replace(/[.?!]$/, '');
}
