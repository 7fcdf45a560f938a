import type { Result, ResultAsync } from 'neverthrow';
import type { ProjectFiles } from '../modules/project.js';
import { normalizeRelativePath } from '../path-syntax.js';
import type { Node } from 'web-tree-sitter';
import type { Replacement } from '../edit/replacements.js';
import type { StructeditError } from '../errors.js';
import type { LanguageDefinition } from '../languages/definitions.js';
import type { StructurePath } from '../locate/targets.js';
import type { SyntaxPurpose } from '../structure/syntax-errors.js';
import type { StructureTree } from '../structure/types.js';
import type { IndentationStyle } from '../text/indentation.js';
import type { SourceText } from '../text/source-text.js';
import type { Warning } from '../warnings.js';
import type { Progress } from '../progress.js';
import type { CurrentTexts, SemanticBackend } from './backend.js';
import type { SignatureChanges } from './call-arity.js';

/**
 * What semantic planning needs from the world, as an interface the editor shell implements: the
 * files of a batch at their current text, their syntax trees, the list of files under the root,
 * and a way to make planned replacements the current state (which re-parses, so the next step of a
 * plan sees the edited file). Planning itself (rename, move, set/add/remove) lives in the core and
 * never touches a file system or a parser: it reads through this interface and hands its
 * replacements back to it. Nothing here is written until the shell commits the batch.
 */

/** One file as a batch of semantic edits sees it. */
export interface WorkspaceFile {
  /** The path, normalized (relative to the root, `/` separators). */
  readonly path: string;
  readonly language: LanguageDefinition;
  /** The file's bytes before the batch (`null`: the batch creates it). */
  readonly originalBytes: Uint8Array | null;
  /** Their content hash (`null`: the batch creates the file). */
  readonly hash: string | null;
  /** Its text before the batch (empty for a created file). */
  readonly original: SourceText;
  /** Its structures now (after the edits applied so far). */
  readonly tree: StructureTree;
}

/** The files of a batch, as semantic planning reads and edits them. */
export interface SemanticWorkspace {
  /** The most bytes one argument (`value`) may have. */
  readonly maxContentBytes: number;
  /** The file at `path`, read and parsed on first use. */
  file(path: string, language?: string): ResultAsync<WorkspaceFile, StructeditError>;
  /** The file at `path`, or an empty one to be created when it does not exist. */
  fileOrNew(path: string, language?: string): ResultAsync<WorkspaceFile, StructeditError>;
  /**
   * The file at `path` when its text passes `test` (a cheap filter before parsing, such as whether
   * it mentions a name), else `null` (also for files that cannot be source: binary, not UTF-8, too
   * large). A file that cannot be read at all is an error: a search that skipped it would be
   * incomplete.
   */
  fileMentioning(path: string, test: (text: string) => boolean): ResultAsync<WorkspaceFile | null, StructeditError>;
  /** The language of a path, by its name (`LANGUAGE_UNSUPPORTED` when none). */
  languageOf(path: string): Result<LanguageDefinition, StructeditError>;
  /** How a file indents, with the detector of literal lines that re-indentation must leave alone. */
  indentationStyle(file: WorkspaceFile): ResultAsync<IndentationStyle, StructeditError>;
  /** The root node of a file's current syntax tree (`null` for a language without one, e.g. Markdown). */
  syntax(file: WorkspaceFile): ResultAsync<Node | null, StructeditError>;
  /**
   * Every file under the root (sorted), skipping dependency, cache and hidden folders and what
   * `.gitignore` / `.structeditignore` files ignore: where renames and moves look for references.
   */
  listFiles(): ResultAsync<string[], StructeditError>;
  /** Tells the host how far a scan over the files has got. */
  reportProgress(progress: Progress): void;
  /** The files under the root (ignored ones too: imports of them resolve) and the configuration files that change how imports resolve. */
  project(): ResultAsync<ProjectFiles, StructeditError>;
  /**
   * `PARSER_FAILED` when syntax errors lie inside the located structures; warnings for errors
   * elsewhere. By default (`'part'`) any error inside refuses; `'edit'` lets through errors inside a
   * structure whose extent holds (the caller then checks the part it edits: `partBlockingErrors`).
   */
  checkLocatedSyntax(file: WorkspaceFile, paths: readonly StructurePath[], purpose?: SyntaxPurpose): Result<Warning[], StructeditError>;
  /**
   * Makes replacements of a file's current text its new current state, re-parsed; added syntax
   * errors fail the edit (`syntax: 'reject'`) or come back as a `SYNTAX_BROKEN` warning.
   */
  apply(file: WorkspaceFile, replacements: readonly Replacement[], syntax: 'warn' | 'reject'): ResultAsync<{ file: WorkspaceFile; warnings: Warning[] }, StructeditError>;
  /** The files as a semantic backend reads them: as the batch has them now (`original`: as they were before it). */
  texts(state?: 'current' | 'original'): CurrentTexts;
}

/** What every edit of a batch is planned with. */
export interface EditRun {
  readonly workspace: SemanticWorkspace;
  /** 0-based index of the edit in the batch (for field names in errors). */
  readonly index: number;
  /** How added syntax errors are treated for edits other than `set`. */
  readonly syntax: 'warn' | 'reject';
  /** Warnings of the edit, collected as it goes. */
  readonly warnings: Warning[];
  /** The semantic backend answering for the edit's language (`null`: the syntactic engine). */
  readonly backend: SemanticBackend | null;
  /** The functions whose parameters the batch changed so far, for the check of their calls after it. */
  readonly signatures: SignatureChanges;
}

/**
 * Whether an error means a file could not be read at all (permissions, I/O): a search for
 * references that skipped such a file would be incomplete, so it fails instead. Files that are
 * not source code (binary, not UTF-8, too large) are skipped.
 */
export function isReadFailure(error: StructeditError): boolean {
  return error.error === 'IO_ERROR' || error.error === 'PERMISSION_DENIED';
}

/** A path as the workspace keys its files: normalized relative to the root (as given when it is malformed). */
export function workspacePath(path: string): string {
  const normalized = normalizeRelativePath(path);
  return normalized.isOk() ? normalized.value : path;
}
