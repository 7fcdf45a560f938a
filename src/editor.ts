import { err, ok, ResultAsync, safeTry, type Result } from 'neverthrow';
import {
  listStructuresArgsSchema,
  readStructureArgsSchema,
  validateArguments,
  type ListStructuresArgs,
  type ReadStructureArgs,
} from './core/arguments.js';
import { makeError, type ErrorOf, type StructeditError } from './core/errors.js';
import { createLanguageRegistry, type LanguageOptions, type LanguageRegistry } from './core/languages/registry.js';
import { locateTarget } from './core/locate/locate.js';
import type { StructurePath } from './core/locate/targets.js';
import { listStructureTree, type StructureListing } from './core/read/list-structures.js';
import { readMatches, type StructureMatch } from './core/read/read-structure.js';
import { blockingSyntaxErrors, describeSyntaxError } from './core/structure/syntax-errors.js';
import type { StructureTree } from './core/structure/types.js';
import { createSourceText, type SourceText } from './core/text/source-text.js';
import { decodeUtf8 } from './core/text/utf8.js';
import { syntaxErrorsElsewhere, type Warning } from './core/warnings.js';
import { FsError, type FsAdapter } from './fs/adapter.js';
import { parseStructureTree, ParserUnavailableError } from './parsing/parse-structure.js';
import type { TreeSitterInitOptions } from './parsing/tree-sitter-loader.js';

/** Size limits (bytes). */
export interface EditorLimits {
  /** Largest file a structure operation reads (default 10 MB). */
  maxFileBytes: number;
}

/** Options of {@link createEditor}. */
export interface EditorOptions {
  /** Where files are read and written: `nodeFs({ root })`, `memoryFs(files)`, or your own adapter. */
  fs: FsAdapter;
  /** Extra languages, newer grammars, extension mappings. */
  languages?: LanguageOptions;
  /**
   * What to do when an edit would add syntax errors: `warn` (default; the edit is written and the
   * result carries a `SYNTAX_BROKEN` warning) or `reject` (nothing is written).
   */
  syntax?: 'warn' | 'reject';
  /** Size limits. */
  limits?: Partial<EditorLimits>;
  /** How web-tree-sitter finds its runtime in a browser (Node needs nothing). */
  treeSitter?: TreeSitterInitOptions;
}

/** Result of {@link Editor.readStructure}. */
export interface ReadStructureResult {
  /** Every structure the target names, in source order. */
  matches: StructureMatch[];
  /** Warnings, e.g. syntax errors elsewhere in the file. */
  warnings: Warning[];
}

/** Result of {@link Editor.listStructures}. */
export interface ListStructuresResult {
  /** The file, as given. */
  path: string;
  /** The language it was parsed as. */
  language: string;
  /** Its top-level structures, nested. */
  structures: StructureListing[];
  /** Warnings, e.g. syntax errors in the file. */
  warnings: Warning[];
}

/**
 * Reads and edits files by structure. Every method returns a `ResultAsync` (await it for a
 * `Result`): `ok` with the result, or `err` with a {@link StructeditError}; none throws.
 */
export interface Editor {
  /** Every structure a target names, with its text and line range. */
  readStructure(args: ReadStructureArgs): ResultAsync<ReadStructureResult, StructeditError>;
  /** The file's structure tree, each node with the shortest target that names it. */
  listStructures(args: ListStructuresArgs): ResultAsync<ListStructuresResult, StructeditError>;
}

const DEFAULT_LIMITS: EditorLimits = { maxFileBytes: 10 * 1024 * 1024 };

/** A file read, decoded and parsed. */
interface ParsedFile {
  readonly path: string;
  readonly tree: StructureTree;
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
  const fs = options.fs;
  const limits: EditorLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const registry: LanguageRegistry = createLanguageRegistry(options.languages);

  const readSource = (path: string): ResultAsync<SourceText, StructeditError> =>
    fromFs(fs.stat(path), path, 'read')
      .andThen((stat): Result<void, StructeditError> => {
        if (stat.kind !== 'file') return err(makeError('INVALID_ARGUMENT', `${path} is a ${stat.kind === 'directory' ? 'folder' : 'special file'}, not a file. Give the path of a file.`, { issues: [{ field: 'path', message: 'not a regular file' }] }));
        if (stat.size > limits.maxFileBytes) return err(fileTooLarge(path, stat.size, limits.maxFileBytes));
        return ok(undefined);
      })
      .andThen(() => fromFs(fs.readFile(path), path, 'read'))
      .andThen((bytes) => {
        if (bytes.length > limits.maxFileBytes) return err(fileTooLarge(path, bytes.length, limits.maxFileBytes));
        return decodeUtf8(bytes)
          .map((decoded) => createSourceText(decoded.text, decoded.bom))
          .mapErr((failure): StructeditError =>
            failure.kind === 'binary'
              ? makeError('BINARY_FILE', `${path} is a binary file (it has a NUL byte at byte ${failure.byteOffset}); structedit edits text files only.`, { path, byte_offset: failure.byteOffset })
              : makeError('ENCODING_ERROR', `${path} is not valid UTF-8 (first invalid byte sequence at byte ${failure.byteOffset}); structedit reads UTF-8 text only. Convert the file to UTF-8 first.`, { path, encoding: 'utf-8', byte_offset: failure.byteOffset }),
          );
      });

  const parseFile = (path: string, language: string | undefined): ResultAsync<ParsedFile, StructeditError> =>
    safeTry(async function* () {
      const definition = yield* registry.resolve(path, language);
      const source = yield* readSource(path);
      const tree = yield* ResultAsync.fromPromise(parseStructureTree(source, definition, options.treeSitter), (cause) => parserUnavailable(path, cause));
      return ok({ path, tree });
    });

  return {
    readStructure: (input) =>
      guard(
        safeTry(async function* () {
          const args = yield* validateArguments(readStructureArgsSchema, input);
          const file = yield* parseFile(args.path, args.language);
          const paths = yield* locateTarget(file.tree, args.target, args.path);
          const warnings = yield* checkSyntax(file, paths);
          return ok({ matches: readMatches(file.tree.source, paths), warnings });
        }),
      ),

    listStructures: (input) =>
      guard(
        safeTry(async function* () {
          const args = yield* validateArguments(listStructuresArgsSchema, input);
          const file = yield* parseFile(args.path, args.language);
          const warnings = file.tree.syntaxErrors.length > 0 ? [syntaxErrorsElsewhere(file.tree.syntaxErrors.map((error) => describeSyntaxError(file.tree.source, error)))] : [];
          return ok({ path: args.path, language: file.tree.language, structures: listStructureTree(file.tree, args.depth), warnings });
        }),
      ),
  };
}

/** `PARSER_FAILED` when a located structure holds syntax errors; otherwise warnings for the rest. */
function checkSyntax(file: ParsedFile, paths: readonly StructurePath[]): Result<Warning[], StructeditError> {
  const { tree } = file;
  if (tree.syntaxErrors.length === 0) return ok([]);
  const blocking = new Set(paths.flatMap((path) => blockingSyntaxErrors(tree, path)));
  if (blocking.size > 0) {
    const parseErrors = [...blocking].sort((a, b) => a.start - b.start).map((error) => describeSyntaxError(tree.source, error));
    const first = parseErrors[0]!;
    return err(
      makeError(
        'PARSER_FAILED',
        `${file.path} has ${parseErrors.length} syntax error${parseErrors.length === 1 ? '' : 's'} inside the structure the target names (first at line ${first.line}, column ${first.column}: ${JSON.stringify(first.line_text.trim())}), so its boundaries cannot be trusted. Fix the syntax first (file_edit works without a parser), then retry.`,
        { path: file.path, parse_errors: parseErrors },
      ),
    );
  }
  const elsewhere = tree.syntaxErrors.map((error) => describeSyntaxError(tree.source, error));
  return ok([syntaxErrorsElsewhere(elsewhere)]);
}

function fileTooLarge(path: string, size: number, limit: number): ErrorOf<'FILE_TOO_LARGE'> {
  return makeError('FILE_TOO_LARGE', `${path} is ${size} bytes, over the ${limit}-byte limit for structure operations. Use file_edit for plain text edits on large files.`, {
    path,
    file_size: size,
    limit,
  });
}

function parserUnavailable(path: string, cause: unknown): StructeditError {
  const reason = cause instanceof ParserUnavailableError ? cause.message : cause instanceof Error ? cause.message : String(cause);
  return makeError('PARSER_FAILED', `${path} could not be parsed: ${reason}.`, { path, parse_errors: [] });
}

/** Converts an adapter's rejection into an error value. */
export function fromFs<T>(promise: Promise<T>, path: string, operation: 'read' | 'write'): ResultAsync<T, StructeditError> {
  return ResultAsync.fromPromise(promise, (cause) => fsErrorToError(cause, path, operation));
}

function fsErrorToError(cause: unknown, path: string, operation: 'read' | 'write'): StructeditError {
  const code = cause instanceof FsError ? cause.code : typeof cause === 'object' && cause !== null && typeof (cause as { code?: unknown }).code === 'string' ? (cause as { code: string }).code : 'EIO';
  const reason = cause instanceof Error ? cause.message : String(cause);
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return makeError('FILE_NOT_FOUND', `No file at ${path}. Paths are relative to the editor's root; check the spelling and the folder.`, { path });
    case 'EACCES':
    case 'EPERM':
      return makeError('PERMISSION_DENIED', `Permission denied to ${operation} ${path}.`, { path, operation });
    case 'OUTSIDE_ROOT':
      return makeError('PATH_OUTSIDE_ROOT', `${path} is outside the editor's root (${reason}). Use a path inside the root.`, { path });
    case 'INVALID_PATH':
      return makeError('INVALID_ARGUMENT', `Invalid path: ${reason}.`, { issues: [{ field: 'path', message: reason }] });
    case 'EISDIR':
      return makeError('INVALID_ARGUMENT', `${path} is a folder, not a file. Give the path of a file.`, { issues: [{ field: 'path', message: 'is a folder' }] });
    default:
      return makeError('IO_ERROR', `Could not ${operation} ${path}: ${reason}.`, { path, operation, code: String(code) });
  }
}

/**
 * Turns an unexpected exception (a bug) into an error value, so a host is never crashed by one.
 * Expected failures never get here: they are values all the way.
 */
function guard<T>(result: ResultAsync<T, StructeditError>): ResultAsync<T, StructeditError> {
  return new ResultAsync(
    Promise.resolve(result).catch((cause: unknown) =>
      err(makeError('INTERNAL_ERROR', `structedit failed unexpectedly: ${cause instanceof Error ? cause.message : String(cause)}. This is a bug in structedit; the files were not changed.`, { cause: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause) })),
    ),
  );
}

