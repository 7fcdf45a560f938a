/**
 * structedit: read and edit source files by structure.
 *
 * @packageDocumentation
 */
export { createEditor } from './editor/index.js';
export type { Editor, EditorLimits, EditorOptions, ListStructuresResult, ReadStructureResult } from './editor/index.js';
export type { EditOperation, FileEditArgs, ListStructuresArgs, ReadStructureArgs } from './core/arguments.js';
export { MAX_EDITS_PER_CALL } from './core/arguments.js';
export { toFileEditResult } from './core/file-edit/result.js';
export type {
  DiffPreview,
  EditSummary,
  FileEditDiffContext,
  FileEditErrorDetails,
  FileEditMetadata,
  FileEditResult,
  FileEditSuccess,
  FilePreview,
  LineHighlight,
  MatchLocation,
  SimilarContent,
  StringDiff,
  SuggestedFix,
  TextContent,
  ValidationError,
} from './core/file-edit/types.js';
export type { DiffHunk, TextDiff } from './core/text/diff.js';
export { isStructeditError } from './core/errors.js';
export type {
  AmbiguousMatch,
  ArgumentIssue,
  ErrorCode,
  ErrorDetailsByCode,
  ErrorOf,
  FileState,
  LineRange,
  ParentFound,
  ParseErrorInfo,
  StructeditError,
  TargetSuggestion,
} from './core/errors.js';
export type { Warning, WarningType } from './core/warnings.js';
export type { StructureListing } from './core/read/list-structures.js';
export type { StructureMatch } from './core/read/read-structure.js';
export { BUILTIN_LANGUAGES } from './core/languages/definitions.js';
export type { GrammarSource, LanguageDefinition, ParserBackend } from './core/languages/definitions.js';
export type { LanguageOptions } from './core/languages/registry.js';
export type { TreeSitterInitOptions } from './parsing/tree-sitter-loader.js';
export { FsError } from './fs/adapter.js';
export type { DirectoryEntry, FileStat, FsAdapter, FsErrorCode } from './fs/adapter.js';
export { memoryFs } from './fs/memory.js';
export type { MemoryFs } from './fs/memory.js';
export { nodeFs } from './fs/node.js';
export type { NodeFsOptions } from './fs/node.js';
