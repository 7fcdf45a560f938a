import { err, ResultAsync } from 'neverthrow';
import type {
  ApplyChunksArgs,
  DeleteStructureArgs,
  FileEditArgs,
  InsertStructureArgs,
  ListStructuresArgs,
  MoveStructureArgs,
  ReadFileArgs,
  ReadStructureArgs,
  ReplaceAllTextInStructureArgs,
  ReplaceStructureArgs,
  ReplaceTextInStructureArgs,
} from '../core/arguments.js';
import type { ReadFileResult } from '../core/file-read/types.js';
import { makeError, type StructeditError } from '../core/errors.js';
import { applyChunks, type ApplyChunksResult } from './chunk-edit.js';
import { createEditorContext, type EditorOptions } from './context.js';
import type { ParseCache } from '../parsing/parse-cache.js';
import { readFile } from './file-read.js';
import type { FileEditSuccess } from '../core/file-edit/types.js';
import { editFile } from './file-edit.js';
import { listStructures, readStructure, type ListStructuresResult, type ReadStructureResult } from './read.js';
import {
  deleteStructure,
  insertAfterStructure,
  insertBeforeStructure,
  moveStructure,
  replaceAllTextInStructure,
  replaceStructure,
  replaceTextInStructure,
  type DeleteStructureResult,
  type InsertAfterStructureResult,
  type InsertBeforeStructureResult,
  type MoveStructureResult,
  type ReplaceAllTextInStructureResult,
  type ReplaceStructureResult,
  type ReplaceTextInStructureResult,
} from './structure-edits.js';

export type { EditorLimits, EditorOptions } from './context.js';
export type { ListStructuresResult, ReadStructureResult } from './read.js';
export type { ApplyChunksResult } from './chunk-edit.js';
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
   * Exact-text edits on any UTF-8 text file (seed file-edit): applied in order, each to the result
   * of the previous one, each required to match exactly `occurrences` times (default 1); all or
   * nothing, one read and one atomic write. Fails with `NO_MATCH` (with the closest text in the
   * file) or `WRONG_COUNT` (with every match's location). `toFileEditResult` renders either
   * outcome as the specification's `FileEditResult`.
   */
  editFile(args: FileEditArgs): ResultAsync<FileEditSuccess, StructeditError>;
}

/**
 * Creates an editor over a file system adapter.
 *
 * @example
 * ```ts
 * const editor = createEditor({ fs: nodeFs({ root: '/repo' }) });
 * const result = await editor.readStructure({ path: 'auth.py', target: 'class UserAuth\ndef validate(self):' });
 * ```
 */
export function createEditor(options: EditorOptions): Editor {
  const context = createEditorContext(options);
  const editor: Editor = {
    readStructure: (args) => guard(readStructure(context, args)),
    listStructures: (args) => guard(listStructures(context, args)),
    applyChunks: (args) => guard(applyChunks(context, args)),
    readFile: (args) => guard(readFile(context, args)),
    replaceStructure: (args) => guard(replaceStructure(context, args)),
    deleteStructure: (args) => guard(deleteStructure(context, args)),
    replaceTextInStructure: (args) => guard(replaceTextInStructure(context, args)),
    replaceAllTextInStructure: (args) => guard(replaceAllTextInStructure(context, args)),
    insertBeforeStructure: (args) => guard(insertBeforeStructure(context, args)),
    insertAfterStructure: (args) => guard(insertAfterStructure(context, args)),
    moveStructure: (args) => guard(moveStructure(context, args)),
    editFile: (args) => guard(editFile(context, args)),
  };
  // Cached trees live in WASM memory, which the garbage collector does not see: free them once the
  // editor is unreachable. The held cache does not refer back to the editor, so it can be collected.
  cacheReleaser?.register(editor, context.parseCache);
  return editor;
}

const cacheReleaser = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<ParseCache>((cache) => cache.clear()) : undefined;

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
