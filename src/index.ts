/**
 * structedit: read and edit source files by structure.
 *
 * @packageDocumentation
 */
export { createEditor } from './editor/index.js';
export { prettierFormatter } from './editor/formatter.js';
export { typescriptBackend, type TypeScriptBackendOptions } from './backends/typescript.js';
export { languageServerBackend, type LanguageServerOptions } from './backends/language-server.js';
export type { SemanticBackendChoice, SemanticBackendOptions } from './editor/backends.js';
export type { BackendDefinition, BackendDiagnostic, BackendEdit, BackendRename, BackendSpan, CurrentTexts, SemanticBackend } from './core/semantic/backend.js';
export type { FileChange, LineChange } from './core/semantic/line-changes.js';
export type { AppliedChunk } from './core/edit/chunks.js';
export type { LineCategory } from './core/file-read/categories.js';
export type {
  CollapsedSegment,
  FileSkeleton,
  RangeRead,
  ReadFileResult,
  ReadFileResultBase,
  ReadSegment,
  SkeletonEntry,
  SkeletonGap,
  SkeletonRead,
  SkeletonSymbol,
  SourceSegment,
  StubSegment,
  SymbolStub,
  TargetRead,
  TargetReadMatch,
  WholeFileRead,
} from './core/file-read/types.js';
export type {
  ApplyChunksResult,
  ApplyEditsResult,
  FailedEditOutcome,
  FormatRange,
  Formatter,
  MoveChange,
  MoveOutcome,
  PartEditOutcome,
  PrettierFormatterOptions,
  RenameChange,
  RenameOutcome,
  SemanticEditOutcome,
  DeleteStructureResult,
  Editor,
  EditorLimits,
  EditorOptions,
  InsertAfterStructureResult,
  InsertBeforeStructureResult,
  FindStructuresResult,
  FileLifecycleResult,
  ApplyPatchResult,
  PatchedFile,
  ListStructuresInResult,
  ListStructuresResult,
  MoveStructureResult,
  SkippedFile,
  ReadStructureResult,
  ReplaceAllTextInStructureResult,
  ReplaceStructureResult,
  ReplaceTextInStructureResult,
  RestoredFile,
  UndoArgs,
  UndoResult,
  WriteOutcome,
} from './editor/index.js';
export type { ApplyChunksArgs, Chunk } from './core/arguments/chunks.js';
export type { ReadFileArgs } from './core/arguments/file-read.js';
export type { AddEdit, ApplyEditsArgs, ApplyEditsOptions, MoveEdit, RemoveEdit, RenameEdit, SemanticEdit, SetEdit } from './core/arguments/semantic.js';
export type {
  DeleteStructureArgs,
  InsertStructureArgs,
  MoveStructureArgs,
  ReplaceAllTextInStructureArgs,
  ReplaceStructureArgs,
  ReplaceTextInStructureArgs,
} from './core/arguments/structure.js';
export type { ListStructuresArgs, ReadStructureArgs } from './core/arguments/structure-read.js';
export type { FindStructuresArgs, ListStructuresInArgs } from './core/arguments/discovery.js';
export type { FoundStructure, StructureFilters } from './core/discovery/structure-query.js';
export type { EditOperation, FileEditArgs, MatchMode } from './core/arguments/file-edit.js';
export type { WhitespaceRelaxation } from './core/text/whitespace-match.js';
export type { CreateFileArgs, DeleteFileArgs, MoveFileArgs } from './core/arguments/file-lifecycle.js';
export type { ApplyPatchArgs } from './core/arguments/patch.js';
export type { PatchFormat } from './core/patch/patch-batch.js';
export type { FileArgs, ForceOption, WriteOptions } from './core/arguments/common.js';
export { MAX_EDITS_PER_CALL } from './core/arguments/common.js';
export type { DiffPreview, EditFileResult, EditSummary, FileEditDiffContext, FileEditMetadata } from './core/file-edit/types.js';
export type { DiffHunk, TextDiff } from './core/text/diff.js';
export { isStructeditError } from './core/errors.js';
export type {
  AmbiguousMatch,
  FileEditErrorDetails,
  FilePreview,
  LineHighlight,
  MatchLocation,
  OtherEditFailure,
  SimilarContent,
  PatchHunkReport,
  StringDiff,
  SuggestedFix,
  ValidationError,
  ArgumentIssue,
  ChunkCandidateFailure,
  ChunkCheck,
  ChunkLineMismatch,
  ChunkPlacement,
  CodeLocation,
  MemberCandidate,
  UnresolvedReference,
  ConflictDetails,
  FailedEdit,
  NameTakenConflict,
  PartChoice,
  ErrorCode,
  ErrorDetailsByCode,
  ErrorOf,
  FileChangedConflict,
  FileState,
  LineRange,
  NearbyStructure,
  NumberedLine,
  ParentFound,
  ParseErrorInfo,
  SimilarLine,
  StructeditError,
  TargetSuggestion,
} from './core/errors.js';
export type { Warning, WarningType } from './core/warnings.js';
export type { Progress } from './core/progress.js';
export type { StructureListing } from './core/read/list-structures.js';
export type { StructureMatch } from './core/read/read-structure.js';
export { BUILTIN_LANGUAGES } from './core/languages/definitions.js';
export type { GrammarSource, LanguageDefinition, ParserBackend } from './core/languages/definitions.js';
export type { LanguageOptions } from './core/languages/registry.js';
export type { TreeSitterInitOptions } from './parsing/tree-sitter-loader.js';
export { FsError } from './fs/adapter.js';
export type { DirectoryEntry, FileStat, FsAdapter, FsErrorCode } from './fs/adapter.js';
export { faultyFs } from './fs/faulty.js';
export type { FaultCode, FaultOperation, FaultPlan, FaultyFs } from './fs/faulty.js';
export { memoryFs } from './fs/memory.js';
export { mountedFs } from './fs/mounted.js';
export type { MemoryFs } from './fs/memory.js';
export type { ParseCacheLimits } from './parsing/parse-cache.js';
