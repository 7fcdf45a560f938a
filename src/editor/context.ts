import { err, errAsync, ok, okAsync, ResultAsync, safeTry, type Result } from 'neverthrow';
import { changedSpans, languageErrorAdvice, languageErrors, mayAddLanguageErrors } from '../core/edit/language-errors.js';
import { addedErrors, addedSyntaxErrors } from '../core/edit/syntax-check.js';
import { profileOf } from '../core/languages/profiles/index.js';
import { makeError, type ParseErrorInfo, type StructeditError } from '../core/errors.js';
import type { LanguageDefinition } from '../core/languages/definitions.js';
import { createLanguageRegistry, type LanguageOptions, type LanguageRegistry } from '../core/languages/registry.js';
import type { StructurePath } from '../core/locate/targets.js';
import { blockingSyntaxErrors, describeSyntaxError, errorsInside, syntaxErrorsInsideFailure, type SyntaxPurpose } from '../core/structure/syntax-errors.js';
import type { StructureTree, SyntaxErrorNode, TextSpan } from '../core/structure/types.js';
import { createByteText, type ByteText } from '../core/text/byte-text.js';
import { detectIndentationStyle, type IndentationStyle } from '../core/text/indentation.js';
import { createSourceText, lineOfOffset, sourceTextOf, type SourceText } from '../core/text/source-text.js';
import { encodeUtf8, type DecodeFailure } from '../core/text/utf8.js';
import { syntaxErrorsAround, syntaxErrorsElsewhere, syntaxErrorsInside, type Warning } from '../core/warnings.js';
import type { FsAdapter } from '../fs/adapter.js';
import type { Tree } from 'web-tree-sitter';
import { DEFAULT_PARSE_CACHE_LIMITS, ParseCache, type ParseCacheLimits } from '../parsing/parse-cache.js';
import { parseStructureTree } from '../parsing/parse-structure.js';
import { GrammarUnavailableError } from '../parsing/tree-sitter-loader.js';
import { searchPool, type SearchPool } from '../parsing/search-pool.js';
import { nodeBuiltin } from '../platform/node-builtins.js';
import { literalLineDetector, parseSyntaxTree } from '../parsing/parse-syntax.js';
import type { TreeSitterInitOptions } from '../parsing/tree-sitter-loader.js';
import { commitFiles, fileChanged, type FileWrite } from './commit.js';
import { contentHash, interleavedContentHash } from './content-hash.js';
import type { Formatter } from './formatter.js';
import type { Progress } from '../core/progress.js';
import { fileTooLarge, fromFs } from './fs-errors.js';
import { semanticBackends, type SemanticBackendOptions, type SemanticBackends } from './backends.js';
import { createUndoStore, type UndoStore } from './undo-store.js';
import { isUtf8 } from './utf8-check.js';

/** Size limits (bytes). */
export interface EditorLimits {
  /** Largest file a structure operation reads (default 10 MB). */
  maxFileBytes: number;
  /** Largest file a plain-text operation (`editFile`) reads (default 100 MB). */
  maxTextFileBytes: number;
  /** Largest content argument (default 1 MB). */
  maxContentBytes: number;
}

/** Options of {@link createEditor}. */
export interface EditorOptions {
  /** Where files are read and written: `nodeFs({ root })`, `memoryFs(files)`, or your own adapter. */
  fs: FsAdapter;
  /** Extra languages, newer grammars, extension mappings. */
  languages?: LanguageOptions;
  /**
   * What to do when an edit would add syntax errors: `reject` (default: `SYNTAX_ERROR`, nothing is
   * written, unless the call sends `force: true`, or `validate: false` for a batch: then it is
   * written with a `SYNTAX_BROKEN` warning) or `warn` (always written, with the warning).
   */
  syntax?: 'warn' | 'reject';
  /** Size limits. */
  limits?: Partial<EditorLimits>;
  /** How web-tree-sitter finds its runtime in a browser (Node needs nothing). */
  treeSitter?: TreeSitterInitOptions;
  /**
   * What formats code when `applyEdits` is called with `options.format`: a {@link Formatter}, or
   * `null` for none. Default: prettier when it is installed (`prettierFormatter()`, without the
   * project's configuration; pass `prettierFormatter({ root })` to use it).
   */
  formatter?: Formatter | null;
  /**
   * Bounds of the editor's parse cache: parsed file versions are kept by content and reused, and
   * an edited file is reparsed incrementally from the version it was edited from. `maxFiles: 0`
   * turns caching off.
   */
  parseCache?: Partial<ParseCacheLimits>;
  /**
   * The semantic backend, for renames, reference checks and the type check of a semantic batch:
   * `'auto'` (the default: TypeScript's language service for TypeScript and JavaScript when the
   * `typescript` package is installed, a known language server such as `pyright-langserver` when it
   * is on the `PATH`, else the syntactic engine), `'syntax'` (structedit's own engine everywhere,
   * which refuses what it cannot prove), or per language:
   * `{ typescript: 'auto', python: languageServerBackend({ … }), go: 'syntax' }`.
   */
  semantic?: SemanticBackendOptions;
  /**
   * Called as a scan over the project's files goes (`findStructures`, a rename's or move's search
   * for mentions): each file done, with the count. What it throws is ignored.
   */
  onProgress?: (progress: Progress) => void;
  /**
   * Worker threads that parse and search files when `findStructures` scans many (Node only): by
   * default the machine's cores, at most 4; `0` searches every file on the calling thread. The
   * results are the same either way. Files of a language whose grammar is given as bytes, a `load()`
   * function or a `URL` object, and every file of an editor given `treeSitter.locateFile` or
   * `wasmBinary`, are searched on the calling thread.
   */
  workers?: number;
}

const DEFAULT_LIMITS: EditorLimits = { maxFileBytes: 10 * 1024 * 1024, maxTextFileBytes: 100 * 1024 * 1024, maxContentBytes: 1024 * 1024 };

/** A size limit for {@link EditorContext.readSource}, and what to tell a caller whose file is over it. */
export interface ReadLimit {
  /** The most bytes read. */
  readonly bytes: number;
  /** The next step to suggest for a larger file. */
  readonly advice: string;
}

/** A file read, decoded and parsed. */
export interface ParsedFile {
  readonly path: string;
  readonly language: LanguageDefinition;
  /** The file's bytes as read (for restoring and conflict checks); `null` for a file not created yet. */
  readonly bytes: Uint8Array | null;
  /** Their content hash (`null` for a file not created yet). */
  readonly hash: string | null;
  readonly tree: StructureTree;
}

/** A file after an edit, checked and ready to commit. */
export interface CheckedEdit {
  readonly write: FileWrite;
  /** The edited file's structures. */
  readonly tree: StructureTree;
  /** `SYNTAX_BROKEN` when the edit added syntax errors (and the editor only warns). */
  readonly warnings: Warning[];
}

/**
 * How an operation reads a file's structures: along the targets it names (the tree is built as they
 * go), or whole (a listing, a search: built at once, which costs less than level by level).
 */
export type TreeReading = 'along-targets' | 'whole';

/**
 * What every operation module shares: the adapter, the languages, the limits, and the steps of the
 * pipeline that touch the outside world (read, parse, check, commit). Operation modules hold the
 * logic of one operation family and call into the pure core for everything else.
 */
export interface EditorContext {
  readonly fs: FsAdapter;
  readonly registry: LanguageRegistry;
  /**
   * The worker threads a scan over many files searches them on (`findStructures`), or `null` to
   * search on this thread (option `workers: 0`, outside Node, `treeSitter.locateFile` or `wasmBinary` given).
   */
  searchPool(): SearchPool | null;
  /** The editor's tree-sitter options, as the search pool's workers take them. */
  readonly treeSitter: TreeSitterInitOptions | undefined;
  readonly limits: EditorLimits;
  /** Parsed file versions by content, with their tree-sitter trees (WASM memory). */
  readonly parseCache: ParseCache;
  /** The semantic backends, chosen per language on first use. */
  readonly backends: SemanticBackends;
  /** Tells the host's `onProgress` how far a scan has got. */
  reportProgress(progress: Progress): void;
  /**
   * Reads and decodes a file (size limit, binary and UTF-8 checks). The limit is
   * `limits.maxFileBytes` unless another is given (plain-text operations read larger files).
   */
  readSource(path: string, limit?: ReadLimit): ResultAsync<{ source: SourceText; bytes: Uint8Array; hash: string }, StructeditError>;
  /** Reads a file's bytes as they are, any content (for moving and deleting files), refused when not a regular file or over the limit. */
  readBytes(path: string, limit: ReadLimit): ResultAsync<{ bytes: Uint8Array; hash: string }, StructeditError>;
  /**
   * Reads a file's bytes, checked to be UTF-8 text but not decoded (for `file_edit`, which works on
   * bytes). Its hash is computed when first asked for (once): an edit that writes the file reports
   * the hash of what it wrote, and needs the one of what it read only for `expected_hash`.
   */
  readText(path: string, limit: ReadLimit): ResultAsync<{ text: ByteText; bytes: Uint8Array; hash: () => Promise<string> }, StructeditError>;
  /**
   * Reads, decodes and parses a file as its language (or the one given). `reading: 'whole'`: the
   * caller reads every structure (a listing, a search), so the tree is built whole at once rather
   * than along the targets read.
   */
  parseFile(path: string, language?: string, reading?: TreeReading): ResultAsync<ParsedFile, StructeditError>;
  /** A file that does not exist yet, as an empty file of its language (writing it creates it). */
  newFile(path: string, language?: string): ResultAsync<ParsedFile, StructeditError>;
  /**
   * Parses text as a language (for edited text that is not written yet); `previous`, the text it
   * was edited from, lets the parse start from that version's cached tree.
   */
  parseSource(path: string, source: SourceText, language: LanguageDefinition, previous?: SourceText, reading?: TreeReading): ResultAsync<StructureTree, StructeditError>;
  /**
   * Parses a file's text as the language its content shows when its extension is shared (a C++ `.h`
   * header: `LanguageRegistry.refine`), unless the caller chose the language (`explicit`); falls back
   * to the resolved language when that grammar cannot parse it.
   */
  parseAsContentShows(path: string, source: SourceText, resolved: LanguageDefinition, explicit: string | undefined, reading?: TreeReading): ResultAsync<{ definition: LanguageDefinition; tree: StructureTree }, StructeditError>;
  /**
   * `PARSER_FAILED` when syntax errors lie inside the located structures (docs/safety.md); otherwise a
   * `SYNTAX_ERRORS_ELSEWHERE` warning for the file's other errors, if any. A read (`purpose: 'read'`)
   * is refused only by errors inside the structure it reads: errors beside it in the structures around
   * it give `SYNTAX_ERRORS_AROUND`. Errors inside a structure whose extent holds give
   * `SYNTAX_ERRORS_INSIDE` to a read or a whole edit; an edit of its parts (`'part'`) is refused.
   */
  checkLocatedSyntax(file: ParsedFile, paths: readonly StructurePath[], purpose?: SyntaxPurpose): Result<Warning[], StructeditError>;
  /**
   * Parses the edited text and compares its syntax errors with the original's (`before`'s, where
   * given): new errors are `SYNTAX_ERROR` where the editor rejects such edits (the default), or
   * where `syntax` is `reject` for this edit, as semantic edits ask; else a `SYNTAX_BROKEN` warning.
   */
  checkEdit(file: ParsedFile, edited: SourceText, syntax?: 'warn' | 'reject', before?: StructureTree): ResultAsync<CheckedEdit, StructeditError>;
  /**
   * How a file indents, with the detector of literal lines in content written into it (so
   * re-indentation leaves multi-line strings, raw strings and heredocs alone).
   */
  indentationStyle(file: { readonly path: string; readonly language: LanguageDefinition; readonly tree: StructureTree }): ResultAsync<IndentationStyle, StructeditError>;
  /** Parses text into its tree-sitter syntax tree (`null` for Markdown); the caller deletes it. */
  parseSyntax(path: string, source: SourceText, language: LanguageDefinition): ResultAsync<Tree | null, StructeditError>;
  /**
   * `CONFLICT` when the caller sent an `expected_hash` (from an earlier read) and the file read now
   * has another hash; nothing when no hash was sent.
   */
  checkExpectedHash(file: { readonly path: string; readonly hash: string | null }, expected: string | undefined): Result<void, StructeditError>;
  /**
   * Writes files atomically, restoring the ones written if a later one fails, and refusing with
   * `CONFLICT` when one changed since the operation read it. Returns each file's new hash and an
   * undo token. Callers hold the files' path locks (the editor takes them around every call).
   */
  commit(writes: readonly FileWrite[]): ResultAsync<CommitReceipt, StructeditError>;
  /** What `undo` can put back. */
  readonly undoStore: UndoStore;
  /**
   * The same editor reading through another file system (a patch's files as it leaves them): the
   * same grammars, limits, parse cache and backends, for checks before a write (it never commits).
   */
  readThrough(fs: FsAdapter): EditorContext;
}

/** What a commit reports. */
export interface CommitReceipt {
  /** Each written file's content hash now (`null`: removed). */
  readonly hashes: ReadonlyMap<string, string | null>;
  /** The token that undoes this commit. */
  readonly undo_token: string;
}

/** Search threads by default: the machine's cores, at most 4 (none on one core, or outside Node). */
function defaultWorkers(): number {
  const cores = nodeBuiltin('os')?.availableParallelism() ?? 1;
  return cores < 2 ? 0 : Math.min(cores, 4);
}

/** Builds the shared context of an editor. */
/**
 * The error value of a parse that could not run: `GRAMMAR_UNAVAILABLE` when no grammar of the
 * language loads (a setup problem: what to install or pass), else `PARSER_FAILED` with the reason.
 */
function parseFailure(path: string, cause: unknown): StructeditError {
  if (cause instanceof GrammarUnavailableError) {
    return makeError('GRAMMAR_UNAVAILABLE', `${path} could not be parsed: ${cause.message}.`, { path, language: cause.language, tried: cause.tried.map((attempt) => ({ ...attempt })), install: [...cause.install] });
  }
  // A stack overflow means nesting deeper than the parser (or the structure builder) can follow.
  const reason =
    cause instanceof RangeError && /call stack/i.test(cause.message)
      ? 'its structures are nested too deeply to follow (the parser ran out of stack); edit it with file_edit, which needs no parser'
      : cause instanceof Error
        ? cause.message
        : String(cause);
  return makeError('PARSER_FAILED', `${path} could not be parsed: ${reason}.`, { path, parse_errors: [] });
}

export function createEditorContext(options: EditorOptions, shared?: { readonly cache: ParseCache; readonly backends: SemanticBackends }): EditorContext {
  const fs = options.fs;
  const limits: EditorLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const registry = createLanguageRegistry(options.languages);
  const syntax = options.syntax ?? 'reject';
  const undoStore = createUndoStore();
  const cache = shared?.cache ?? new ParseCache({ ...DEFAULT_PARSE_CACHE_LIMITS, ...options.parseCache });
  const backends = shared?.backends ?? semanticBackends(options.semantic);

  const structureLimit: ReadLimit = { bytes: limits.maxFileBytes, advice: 'Use file_edit for plain text edits on large files.' };
  /** A file's bytes and their hash, refused when not a regular file or over the limit. */
  const readBytes = (path: string, limit: ReadLimit): ResultAsync<{ bytes: Uint8Array; hash: string }, StructeditError> =>
    readUnhashed(path, limit).andThen((bytes) => ResultAsync.fromSafePromise(contentHash(bytes)).map((hash) => ({ bytes, hash })));
  /** {@link readBytes} without the hash. */
  const readUnhashed = (path: string, limit: ReadLimit): ResultAsync<Uint8Array, StructeditError> =>
    fromFs(fs.stat(path), path, 'read')
      .andThen((stat): Result<void, StructeditError> => {
        if (stat.kind !== 'file') {
          return err(makeError('INVALID_ARGUMENT', `${path} is a ${stat.kind === 'directory' ? 'folder' : 'special file'}, not a file. Give the path of a file.`, { issues: [{ field: 'path', message: 'not a regular file' }] }));
        }
        if (stat.size > limit.bytes) return err(fileTooLarge(path, stat.size, limit));
        return ok(undefined);
      })
      .andThen(() => fromFs(fs.readFile(path), path, 'read'))
      .andThen((bytes) => (bytes.length > limit.bytes ? errAsync(fileTooLarge(path, bytes.length, limit)) : okAsync(bytes)));

  const readSource: EditorContext['readSource'] = (path, limit = structureLimit) =>
    readBytes(path, limit).andThen(({ bytes, hash }) =>
      sourceTextOf(bytes)
        .map((source) => ({ source, bytes, hash }))
        .mapErr((failure) => undecodable(path, failure)),
    );

  const readText: EditorContext['readText'] = (path, limit) =>
    readUnhashed(path, limit).andThen((bytes) =>
      createByteText(bytes, isUtf8)
        .map((text) => {
          let hash: Promise<string> | undefined;
          return { text, bytes, hash: () => (hash ??= contentHash(bytes)) };
        })
        .mapErr((failure) => undecodable(path, failure)),
    );

  const parseSource: EditorContext['parseSource'] = (path, source, language, previous, reading = 'along-targets') =>
    ResultAsync.fromPromise(parseStructureTree(source, language, options.treeSitter, { cache, whole: reading === 'whole', ...(previous ? { previous } : {}) }), (cause) =>
      parseFailure(path, cause),
    );

  const parseFile: EditorContext['parseFile'] = (path, language, reading) =>
    safeTry(async function* () {
      const resolved = yield* registry.resolve(path, language).safeUnwrap();
      const { source, bytes, hash } = yield* readSource(path).safeUnwrap();
      const { definition, tree } = yield* parseAsContentShows(path, source, resolved, language, reading).safeUnwrap();
      return ok({ path, language: definition, bytes, hash, tree });
    });

  const parseAsContentShows: EditorContext['parseAsContentShows'] = (path, source, resolved, explicit, reading) => {
    const shown = explicit === undefined ? registry.refine(resolved, path, source.text) : resolved;
    const parsed = parseSource(path, source, shown, undefined, reading).map((tree) => ({ definition: shown, tree }));
    // A C++ header stays readable as C when the C++ grammar is not installed.
    return shown === resolved ? parsed : parsed.orElse(() => parseSource(path, source, resolved, undefined, reading).map((tree) => ({ definition: resolved, tree })));
  };

  const newFile: EditorContext['newFile'] = (path, language) =>
    safeTry(async function* () {
      const definition = yield* registry.resolve(path, language).safeUnwrap();
      const tree = yield* parseSource(path, createSourceText(''), definition).safeUnwrap();
      return ok({ path, language: definition, bytes: null, hash: null, tree });
    });

  const checkLocatedSyntax: EditorContext['checkLocatedSyntax'] = (file, paths, purpose = 'edit') => {
    const { tree } = file;
    if (tree.syntaxErrors.length === 0) return ok([]);
    const blocking = new Set(paths.flatMap((path) => blockingSyntaxErrors(tree, path, purpose)));
    if (blocking.size > 0) return err(syntaxErrorsInsideFailure(file.path, tree, [...blocking]));
    // Errors inside a structure whose extent holds (a read or a whole edit took it), and what a read
    // may take but an edit may not: errors beside it in the structures around it.
    const inside = purpose === 'part' ? new Set<SyntaxErrorNode>() : new Set(paths.flatMap((path) => (path.length > 1 ? errorsInside(tree, path[path.length - 1]!) : [])));
    const around = purpose === 'read' ? new Set(paths.flatMap((path) => blockingSyntaxErrors(tree, path, 'edit')).filter((error) => !inside.has(error))) : new Set<SyntaxErrorNode>();
    const elsewhere = tree.syntaxErrors.filter((error) => !around.has(error) && !inside.has(error));
    const described = (errors: Iterable<SyntaxErrorNode>) => [...errors].map((error) => ({ ...describeSyntaxError(tree.source, error), end_line: lineOfOffset(tree.source, Math.max(error.start, error.end - 1)) }));
    return ok([
      ...(inside.size > 0 ? [syntaxErrorsInside(described(inside))] : []),
      ...(around.size > 0 ? [syntaxErrorsAround(described(around))] : []),
      ...(elsewhere.length > 0 ? [syntaxErrorsElsewhere(elsewhere.map((error) => describeSyntaxError(tree.source, error)))] : []),
    ]);
  };

  const parseSyntax: EditorContext['parseSyntax'] = (path, source, language) => {
    // Usually the version was just parsed for its structures: a copy of that tree shares its nodes.
    const cached = cache.get(source, language.id)?.tree;
    if (cached) return okAsync(cached.copy());
    return ResultAsync.fromPromise(parseSyntaxTree(source, language, options.treeSitter), (cause) => parseFailure(path, cause));
  };

  const indentationStyle: EditorContext['indentationStyle'] = (file) =>
    ResultAsync.fromPromise(literalLineDetector(file.language, options.treeSitter), (cause) => parseFailure(file.path, cause)).map((literals) => {
      const style = detectIndentationStyle(file.tree.source.text);
      return literals ? { ...style, literals } : style;
    });

  /**
   * What an edit left that the grammar accepts and the language does not (a Python block without a
   * statement, a Go function with a result running off its end), as syntax errors: the text before
   * the edit is looked at only when the edited one has such an error.
   */
  const languageErrorsAdded = (path: string, language: LanguageDefinition, before: StructureTree | null, after: StructureTree): ResultAsync<ParseErrorInfo[], StructeditError> => {
    const profile = profileOf(language.id);
    if (profile.layout.emptyBody === null && profile.compiler === null) return okAsync([]);
    // Only what the edit changed can hold a new one: the functions elsewhere are the same in both.
    const changed = before ? changedSpans(before.source.text, after.source.text) : null;
    if (!mayAddLanguageErrors(profile, changed && before ? changed.flatMap((span) => [before.source.text.slice(span.before.start, span.before.end), after.source.text.slice(span.after.start, span.after.end)]) : null)) return okAsync([]);
    const errorsIn = (tree: StructureTree, within: readonly TextSpan[] | undefined) =>
      parseSyntax(path, tree.source, language).map((syntax) => {
        if (!syntax) return [];
        try {
          return languageErrors(profile, tree.source, syntax.rootNode, within);
        } finally {
          syntax.delete();
        }
      });
    return errorsIn(after, changed?.map((span) => span.after)).andThen((now) => (now.length === 0 || before === null ? okAsync(now) : errorsIn(before, changed?.map((span) => span.before)).map((was) => addedErrors(was, now))));
  };

  const checkEdit: EditorContext['checkEdit'] = (file, edited, mode = syntax, before = file.tree) =>
    parseSource(file.path, edited, file.language, file.tree.source)
      .andThen((tree) => languageErrorsAdded(file.path, file.language, before, tree).map((unaccepted) => ({ tree, unaccepted })))
      .andThen(({ tree, unaccepted }) => {
        const added = [...addedSyntaxErrors(before, tree), ...unaccepted];
        const write: FileWrite = { path: file.path, before: file.bytes, after: encodeUtf8(edited.original, edited.bom) };
        if (added.length === 0) return ok({ write, tree, warnings: [] });
        const where = added
          .slice(0, 3)
          .map((error) => `line ${error.line}: ${JSON.stringify(error.line_text.trim())}${error.reason ? ` (${error.reason})` : error.missing ? ` (missing ${JSON.stringify(error.missing)})` : ''}`)
          .join('; ');
        // Errors the grammar finds, and those it cannot see that the compiler would report (a missing return, an unused import).
        const compiled = added.filter((error) => error.reason !== undefined).length;
        const counts = [added.length - compiled > 0 ? `${added.length - compiled} syntax error${added.length - compiled === 1 ? '' : 's'}` : '', compiled > 0 ? `${compiled} error${compiled === 1 ? '' : 's'} the compiler reports` : ''].filter(Boolean).join(' and ');
        const summary = `the edit adds ${counts} to ${file.path} (${where})`;
        if (mode === 'reject') {
          const advice = languageErrorAdvice(added);
          const fix = compiled === 0 ? 'Correct the new text so the file still parses' : `Correct the edit so ${compiled === added.length ? '' : 'the file still parses and '}the compiler accepts it${advice ? ` (${advice})` : ''}`;
          return err(makeError('SYNTAX_ERROR', `Nothing was written: ${summary}. ${fix}, then retry (if the code is valid and the parser is wrong about it, send the same call with force: true).`, { path: file.path, errors: added }));
        }
        const warning: Warning = { type: 'SYNTAX_BROKEN', message: `Written, but ${summary}. Read the structure back and fix it.`, details: { errors: added } };
        return ok({ write, tree, warnings: [warning] });
      });

  const reportProgress: EditorContext['reportProgress'] = (progress) => {
    try {
      options.onProgress?.(progress);
    } catch {
      // A display that fails must not fail the operation.
    }
  };

  const searchPoolOf: EditorContext['searchPool'] = () => {
    // (Functions cannot reach a worker; bytes would be copied with every file.)
    if (options.treeSitter?.locateFile !== undefined || options.treeSitter?.wasmBinary !== undefined) return null;
    return searchPool(options.workers ?? defaultWorkers());
  };

  return {
    backends,
    reportProgress,
    searchPool: searchPoolOf,
    treeSitter: options.treeSitter,
    fs,
    registry,
    limits,
    parseCache: cache,
    readSource,
    readBytes,
    readText,
    parseFile,
    newFile,
    parseSource,
    parseAsContentShows,
    checkLocatedSyntax,
    checkEdit,
    indentationStyle,
    parseSyntax,
    checkExpectedHash: (file, expected) =>
      expected === undefined || expected === file.hash ? ok(undefined) : err(fileChanged(file.path, expected, file.hash, 'is not the version expected_hash names: it changed since that read')),
    commit: (writes) => {
      // The hashes of what is written, computed while the writes wait on the disk (in slices that
      // let the writes go on: the fsync of a 10 MB file leaves the thread idle for longer than the
      // hash takes); reported only once every write succeeded.
      const hashes = Promise.all(writes.map(async (write) => [write.path, write.after === null ? null : await interleavedContentHash(write.after)] as const));
      return commitFiles(fs, writes).andThen(() =>
        ResultAsync.fromSafePromise(hashes).map((hashes) => ({
          hashes: new Map(hashes),
          undo_token: undoStore.record(writes, hashes[0]?.[1] ?? null),
        })),
      );
    },
    undoStore,
    readThrough: (other) => createEditorContext({ ...options, fs: other }, { cache, backends }),
  };
}

/** `BINARY_FILE` or `ENCODING_ERROR` for a file that is not UTF-8 text. */
function undecodable(path: string, failure: DecodeFailure): StructeditError {
  return failure.kind === 'binary'
    ? makeError('BINARY_FILE', `${path} is a binary file (it has a NUL byte at byte ${failure.byteOffset}): structedit reads and edits UTF-8 text only, because replacing text inside binary data would corrupt it. Edit the file with a tool made for its format.`, { path, byte_offset: failure.byteOffset })
    : makeError('ENCODING_ERROR', `${path} is not valid UTF-8 (first invalid byte sequence at byte ${failure.byteOffset}); structedit reads UTF-8 text only. Convert the file to UTF-8 first.`, { path, encoding: 'utf-8', byte_offset: failure.byteOffset });
}
