import { err, errAsync, ResultAsync } from 'neverthrow';
import type { ApplyChunksArgs } from '../core/arguments/chunks.js';
import type { FileEditArgs } from '../core/arguments/file-edit.js';
import type { CreateFileArgs, DeleteFileArgs, MoveFileArgs } from '../core/arguments/file-lifecycle.js';
import type { ApplyPatchArgs } from '../core/arguments/patch.js';
import type { ReadFileArgs } from '../core/arguments/file-read.js';
import type { ApplyEditsArgs } from '../core/arguments/semantic.js';
import type { FindStructuresArgs, ListStructuresInArgs } from '../core/arguments/discovery.js';
import type {
  DeleteStructureArgs,
  InsertStructureArgs,
  MoveStructureArgs,
  ReplaceAllTextInStructureArgs,
  ReplaceStructureArgs,
  ReplaceTextInStructureArgs,
} from '../core/arguments/structure.js';
import type { ListStructuresArgs, ReadStructureArgs } from '../core/arguments/structure-read.js';
import type { ReadFileResult } from '../core/file-read/types.js';
import { makeError, type StructeditError } from '../core/errors.js';
import { editorOptionsError } from './editor-options.js';
import type { ApplyChunksResult } from './chunk-edit.js';
import { createEditorContext, type EditorContext, type EditorOptions } from './context.js';
import { createPathLocks } from './path-locks.js';
import { undo, undoPaths, type UndoArgs, type UndoResult } from './undo.js';
import type { ParseCache } from '../parsing/parse-cache.js';
import { readFile } from './file-read.js';
import type * as Finding from './find-structures.js';
import type { FindStructuresResult, ListStructuresInResult } from './find-structures.js';
import { prettierFormatter } from './formatter.js';
import type * as SemanticEditing from './semantic-edit.js';
import type { ApplyEditsResult } from './semantic-edit.js';
import type { EditFileResult } from '../core/file-edit/types.js';
import type { FileLifecycleResult } from './file-lifecycle.js';
import type * as Patching from './apply-patch.js';
import type * as WriteOperations from './write-operations.js';
import type { ApplyPatchResult } from './apply-patch.js';
import { listStructures, readStructure, type ListStructuresResult, type ReadStructureResult } from './read.js';
import type {
  DeleteStructureResult,
  InsertAfterStructureResult,
  InsertBeforeStructureResult,
  MoveStructureResult,
  ReplaceAllTextInStructureResult,
  ReplaceStructureResult,
  ReplaceTextInStructureResult,
} from './structure-edits.js';

export type { EditorLimits, EditorOptions } from './context.js';
export type { ListStructuresResult, ReadStructureResult } from './read.js';
export type { FindStructuresResult, ListStructuresInResult, SkippedFile } from './find-structures.js';
export type { ApplyChunksResult } from './chunk-edit.js';
export type { FileLifecycleResult } from './file-lifecycle.js';
export type { ApplyPatchResult, PatchedFile } from './apply-patch.js';
export type { ApplyEditsResult, FailedEditOutcome, MoveChange, MoveOutcome, PartEditOutcome, RenameChange, RenameOutcome, SemanticEditOutcome } from './semantic-edit.js';
export type { FormatRange, Formatter, PrettierFormatterOptions } from './formatter.js';
export type { WriteOutcome } from './commit.js';
export type { RestoredFile, UndoArgs, UndoResult } from './undo.js';
export type {
  DeleteStructureResult,
  InsertAfterStructureResult,
  InsertBeforeStructureResult,
  MoveStructureResult,
  ReplaceAllTextInStructureResult,
  ReplaceStructureResult,
  ReplaceTextInStructureResult,
} from './structure-edits.js';

/**
 * Reads and edits files by structure. Every method returns a `ResultAsync` (await it for a
 * `Result`): `ok` with the result, or `err` with a {@link StructeditError}; none throws.
 */
export interface Editor {
  /** Every structure a target names, with its text and line range. */
  readStructure(args: ReadStructureArgs): ResultAsync<ReadStructureResult, StructeditError>;
  /** The file's structure tree, each node with the shortest target that names it. */
  listStructures(args: ListStructuresArgs): ResultAsync<ListStructuresResult, StructeditError>;
  /**
   * The structure trees of every file in a folder (recursively) or matching a glob pattern
   * (`src/**\/*.py`), each as {@link Editor.listStructures} lists one file, sorted by path, at most
   * `max_files` of them. Files that `.gitignore` / `.structeditignore` ignore are left out.
   */
  listStructuresIn(args: ListStructuresInArgs): ResultAsync<ListStructuresInResult, StructeditError>;
  /**
   * Finds structures across the project: in the files the `paths` globs choose (every file
   * structedit can parse by default, minus what `.gitignore` / `.structeditignore` ignore), every
   * structure matching all the filters given (`name`, `name_regex`, `kind`, `text`, `text_regex`),
   * each with its path, line range, kind, name and the target that names it (the one
   * {@link Editor.listStructures} gives). Sorted by path, then position; at most `max_results`.
   */
  findStructures(args: FindStructuresArgs): ResultAsync<FindStructuresResult, StructeditError>;
  /**
   * Edits one structure (named by `target`, or by `line` and `column`) with chunks: each finds its
   * place by the lines around it (`context_before`, `context_after`) and replaces `old_lines` with
   * `new_lines`. Every chunk is checked against the original structure first; one that does not
   * fit fails the call with `CHUNK_MISMATCH` (naming the chunk, the check and the structure's
   * actual lines there) and nothing is written.
   */
  applyChunks(args: ApplyChunksArgs): ResultAsync<ApplyChunksResult, StructeditError>;
  /**
   * Reads a file by structure: `{ target }` reads that structure (nested definitions as stubs
   * unless `recursive`); `{ skeleton: true }` maps every line (directives, imports, exports,
   * comments, symbols with their targets, gaps); `{ startLine, endLine }` shows the lines with
   * each symbol as a stub naming its target (with `skeleton`, other blocks collapse too); nothing
   * else reads the whole file. Every mode returns `text` for an LLM and the same content as data.
   */
  readFile(args: ReadFileArgs): ResultAsync<ReadFileResult, StructeditError>;
  /**
   * Replaces a structure (decorators and doc comment included) with `content`, re-indented to the
   * structure's indentation. Target `""` replaces the whole file with `content` as given.
   */
  replaceStructure(args: ReplaceStructureArgs): ResultAsync<ReplaceStructureResult, StructeditError>;
  /** Deletes a structure with its decorators and doc comment, keeping the spacing around it consistent. */
  deleteStructure(args: DeleteStructureArgs): ResultAsync<DeleteStructureResult, StructeditError>;
  /** Replaces the one occurrence of `old_text` inside a structure (`TEXT_NOT_FOUND` / `TEXT_AMBIGUOUS` otherwise). */
  replaceTextInStructure(args: ReplaceTextInStructureArgs): ResultAsync<ReplaceTextInStructureResult, StructeditError>;
  /** Replaces every occurrence of `old_text` inside a structure, checking `expected_count` when given. */
  replaceAllTextInStructure(args: ReplaceAllTextInStructureArgs): ResultAsync<ReplaceAllTextInStructureResult, StructeditError>;
  /** Inserts `content` on its own lines before a structure (target `""`: at the file's start). */
  insertBeforeStructure(args: InsertStructureArgs): ResultAsync<InsertBeforeStructureResult, StructeditError>;
  /** Inserts `content` on its own lines after a structure (target `""`: at the file's end). */
  insertAfterStructure(args: InsertStructureArgs): ResultAsync<InsertAfterStructureResult, StructeditError>;
  /**
   * Moves a structure before or after another, or to a file's start or end, in the same file or
   * another; both files are validated before either is written, and a failed write restores both.
   */
  moveStructure(args: MoveStructureArgs): ResultAsync<MoveStructureResult, StructeditError>;
  /**
   * Semantic edits by address (a target plus a part such as `.params.timeout`): `set`, `add`,
   * `remove`, `rename` (scope-aware, across the files under the root, imports and exports
   * included) and `move` (to another file, imports following), applied in order to an in-memory
   * state and written together, all or none. `options.dry_run` reports `would_change` instead.
   */
  applyEdits(args: ApplyEditsArgs): ResultAsync<ApplyEditsResult, StructeditError>;
  /**
   * Exact-text edits on any UTF-8 text file (docs/spec/file-edit.md): applied in order, each to the result
   * of the previous one, each required to match exactly `occurrences` times (default 1); all or
   * nothing, one read and one atomic write. Fails with `NO_MATCH` (with the closest text in the
   * file) or `WRONG_COUNT` (with every match's location). `toFileEditResult` renders either
   * outcome as the specification's `FileEditResult`.
   */
  editFile(args: FileEditArgs): ResultAsync<EditFileResult, StructeditError>;
  /**
   * Creates a file (and its folders). An existing file is refused with `FILE_EXISTS` (naming its
   * hash) unless `overwrite: true` comes with that `expected_hash`, so nothing unseen is lost.
   * Atomic and undoable.
   */
  createFile(args: CreateFileArgs): ResultAsync<FileLifecycleResult, StructeditError>;
  /** Deletes a file (any content; checked against `expected_hash` when given). Undoable: undo writes it back. */
  deleteFile(args: DeleteFileArgs): ResultAsync<FileLifecycleResult, StructeditError>;
  /**
   * Moves or renames a file: written at `to` (folders created) and removed from `from` in one
   * commit, both put back if either write fails. A file at `to` is `FILE_EXISTS` unless
   * `overwrite` with its `to_expected_hash`. Imports of it are not rewritten (a semantic `move` of
   * a declaration is what rewrites imports). Undoable.
   */
  moveFile(args: MoveFileArgs): ResultAsync<FileLifecycleResult, StructeditError>;
  /**
   * Applies a patch as models write them (an apply_patch envelope, SEARCH/REPLACE blocks, a
   * unified diff), all or nothing across its files: every hunk must match the file exactly (once
   * after the previous hunk, or nearest its line hint); otherwise `PATCH_FAILED` lists every hunk,
   * those that would apply and those that would not (with the file's most similar text), and
   * nothing is written. Added, deleted and moved files included; undoable.
   */
  applyPatch(args: ApplyPatchArgs): ResultAsync<ApplyPatchResult, StructeditError>;
  /**
   * Undoes a writing call by its result's `undo_token`: every file it wrote gets its earlier bytes
   * back (a file it created is removed), provided each is still exactly as that call left it;
   * otherwise `CONFLICT` and nothing is written. The editor remembers its last 100 writing calls
   * (at most 64 MB of contents) in memory; a token works once, and the result carries a token
   * that redoes the change.
   */
  undo(args: UndoArgs): ResultAsync<UndoResult, StructeditError>;
  /**
   * Stops what the editor started: language server processes and TypeScript programs of its
   * semantic backends, and its parsed trees. The editor stays usable (they start again when
   * needed); a host that runs language servers calls this before it exits.
   */
  dispose(): Promise<void>;
}

/**
 * Creates an editor over a file system adapter. Options it does not take (a `semantic` choice
 * that is neither `'auto'`, `'syntax'` nor a backend, a misspelt `syntax`, a negative limit) make
 * an editor whose every call answers `INVALID_ARGUMENT` naming them, and that reads nothing.
 *
 * @example
 * ```ts
 * const editor = createEditor({ fs: nodeFs({ root: '/repo' }) });
 * const result = await editor.readStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate(self):' });
 * ```
 */
export function createEditor(options: EditorOptions): Editor {
  const invalid = editorOptionsError(options);
  if (invalid) return refusingEditor(invalid);
  const context = createEditorContext(options);
  const formatter = options.formatter === undefined ? prettierFormatter() : options.formatter;
  const locks = createPathLocks();
  /** A writing call: it holds its files' locks from its read to its write (see {@link createPathLocks}). */
  const exclusive =
    <Args, T>(pathsOf: (args: Args) => string[], operation: (context: EditorContext, args: Args) => ResultAsync<T, StructeditError>) =>
    (args: Args): ResultAsync<T, StructeditError> =>
      guard(new ResultAsync(locks.withPaths(pathsOf(args), () => Promise.resolve(operation(context, args)))));
  const single = (args: unknown) => stringFields(args, 'path');
  /** A writing operation: loaded with the others on the first write (see {@link loadWriting}). */
  const writing =
    <Args, T>(pick: (operations: typeof WriteOperations) => (context: EditorContext, args: Args) => ResultAsync<T, StructeditError>) =>
    (context: EditorContext, args: Args): ResultAsync<T, StructeditError> =>
      ResultAsync.fromSafePromise(loadWriting()).andThen((operations) => pick(operations)(context, args));
  const editor: Editor = {
    readStructure: (args) => guard(readStructure(context, args)),
    listStructures: (args) => guard(listStructures(context, args)),
    listStructuresIn: (args) => guard(ResultAsync.fromSafePromise(loadFinding()).andThen(({ listStructuresIn }) => listStructuresIn(context, args))),
    findStructures: (args) => guard(ResultAsync.fromSafePromise(loadFinding()).andThen(({ findStructures }) => findStructures(context, args))),
    applyChunks: exclusive(single, writing((operations) => operations.applyChunks)),
    readFile: (args) => guard(readFile(context, args)),
    replaceStructure: exclusive(single, writing((operations) => operations.replaceStructure)),
    deleteStructure: exclusive(single, writing((operations) => operations.deleteStructure)),
    replaceTextInStructure: exclusive(single, writing((operations) => operations.replaceTextInStructure)),
    replaceAllTextInStructure: exclusive(single, writing((operations) => operations.replaceAllTextInStructure)),
    insertBeforeStructure: exclusive(single, writing((operations) => operations.insertBeforeStructure)),
    insertAfterStructure: exclusive(single, writing((operations) => operations.insertAfterStructure)),
    moveStructure: exclusive((args) => stringFields(args, 'source_path', 'dest_path'), writing((operations) => operations.moveStructure)),
    undo: exclusive((args) => undoPaths(context, args), undo),
    editFile: exclusive(single, writing((operations) => operations.editFile)),
    createFile: exclusive(single, writing((operations) => operations.createFile)),
    deleteFile: exclusive(single, writing((operations) => operations.deleteFile)),
    moveFile: exclusive((args) => stringFields(args, 'from', 'to'), writing((operations) => operations.moveFile)),
    // The files a patch names are known only once it is parsed; the commit re-reads each before writing (a change in between is CONFLICT).
    applyPatch: (args) => guard(ResultAsync.fromSafePromise(loadPatching()).andThen(({ applyPatch }) => applyPatch(context, args))),
    applyEdits: exclusive(semanticEditPaths, (context, args: ApplyEditsArgs) => ResultAsync.fromSafePromise(loadSemanticEditing()).andThen(({ applyEdits }) => applyEdits(context, args, formatter))),
    dispose: async () => {
      await context.backends.dispose();
      context.parseCache.clear();
    },
  };
  // Cached trees live in WASM memory, which the garbage collector does not see: free them once the
  // editor is unreachable. The held cache does not refer back to the editor, so it can be collected.
  cacheReleaser?.register(editor, context.parseCache);
  return editor;
}

/** An editor made with invalid options: every call answers with the error naming them (nothing is read or written). */
function refusingEditor(error: StructeditError): Editor {
  return new Proxy({} as Editor, {
    get: (_target, key) => (key === 'dispose' ? async () => {} : typeof key === 'symbol' || key === 'then' ? undefined : () => errAsync(error)),
  });
}

const cacheReleaser = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<ParseCache>((cache) => cache.clear()) : undefined;

/**
 * The files a semantic batch names (each edit's `path`, and a move's `to`), for its locks. A rename
 * or move also rewrites other files (importers, references); those are not locked, but the commit
 * re-reads every file before writing it, so a concurrent change there is a `CONFLICT`, never lost.
 */
// Semantic edits (scopes, references, module resolution, backends), patch parsing and the search of
// the whole project (with its ignore files) are the larger half of the code and most sessions never
// use them: loaded on first use, not at startup (issue 23's cold start; issue 22's browser bundle),
// like the Markdown parser.
let semanticEditing: Promise<typeof SemanticEditing> | null = null;
const loadSemanticEditing = () => (semanticEditing ??= import('./semantic-edit.js'));
let patching: Promise<typeof Patching> | null = null;
const loadPatching = () => (patching ??= import('./apply-patch.js'));
// The writing operations (structure edits, file edits, chunks, file lifecycle) with their planning,
// diffs and previews: loaded on the first write, so importing structedit and reading come sooner
// (import 125 -> 97 ms; cold start, process + first read, 596 -> 561 ms median of 31).
let writeOperations: Promise<typeof WriteOperations> | null = null;
const loadWriting = () => (writeOperations ??= import('./write-operations.js'));
let finding: Promise<typeof Finding> | null = null;
const loadFinding = () => (finding ??= import('./find-structures.js'));

function semanticEditPaths(input: unknown): string[] {
  const edits = typeof input === 'object' && input !== null ? (input as { edits?: unknown }).edits : undefined;
  return Array.isArray(edits) ? edits.flatMap((edit: unknown) => stringFields(edit, 'path', 'to')) : [];
}

/** The string values of some fields of an input not validated yet (for choosing the locks to take). */
function stringFields(input: unknown, ...fields: string[]): string[] {
  if (typeof input !== 'object' || input === null) return [];
  return fields.map((field) => (input as Record<string, unknown>)[field]).filter((value): value is string => typeof value === 'string');
}

/**
 * Turns an unexpected exception (a bug) into an error value, so a host is never crashed by one.
 * Expected failures never get here: they are values all the way.
 */
function guard<T>(result: ResultAsync<T, StructeditError>): ResultAsync<T, StructeditError> {
  return new ResultAsync(
    Promise.resolve(result).catch((cause: unknown) =>
      err(
        makeError('INTERNAL_ERROR', `structedit failed unexpectedly: ${cause instanceof Error ? cause.message : String(cause)}. This is a bug in structedit; the files were not changed.`, {
          cause: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause),
        }),
      ),
    ),
  );
}
