import { errAsync, ok, type ResultAsync, safeTry } from 'neverthrow';
import {
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_RESULTS,
  NOT_A_FOLDER,
  findStructuresArgsSchema,
  listStructuresInArgsSchema,
  type FindStructuresArgs,
  type ListStructuresInArgs,
} from '../core/arguments/discovery.js';
import { validateArguments } from '../core/arguments/validation.js';
import { compileStructureQuery, searchTree, type FileMatches, type FoundStructure } from '../core/discovery/structure-query.js';
import { invalidArgument, makeError, type StructeditError } from '../core/errors.js';
import { isGlob, pathSelector } from '../core/glob.js';
import type { LanguageDefinition } from '../core/languages/definitions.js';
import type { SourceText } from '../core/text/source-text.js';
import { searchableOnWorkers, type SearchOutcome } from '../parsing/search-pool.js';
import { normalizeRelativePath } from '../core/path-syntax.js';
import type { Warning } from '../core/warnings.js';
import type { EditorContext } from './context.js';
import { fromFs } from './fs-errors.js';
import { listProjectFiles } from './project-files.js';
import { listStructures, type ListStructuresResult } from './read.js';

/** A file a scan chose but could not search. */
export interface SkippedFile {
  /** The file, root-relative. */
  path: string;
  /** The error code that kept it out: `FILE_TOO_LARGE`, `BINARY_FILE`, `ENCODING_ERROR`, `PARSER_FAILED`, `PERMISSION_DENIED`, … */
  reason: string;
}

/** Result of {@link Editor.findStructures}. */
export interface FindStructuresResult {
  /** The structures found, sorted by path, then position (enclosing before enclosed); at most `max_results`. */
  matches: FoundStructure[];
  /** How many structures matched in all (returned and truncated). */
  total_matches: number;
  /** How many matches after these `max_results` left out (matches before `offset` are not counted here). */
  truncated: number;
  /** How many files were searched (read; parsed when their text could hold a match). */
  files_scanned: number;
  /** How many chosen files could not be searched (too large, binary, not UTF-8, unparsable, unreadable). */
  files_skipped: number;
  /** The first 20 skipped files, with why. */
  skipped: SkippedFile[];
  /** Always empty today; here so every result has it. */
  warnings: Warning[];
}

/** Result of {@link Editor.listStructuresIn}. */
export interface ListStructuresInResult {
  /** The folder or glob, as given. */
  path: string;
  /** Each file's listing (as {@link Editor.listStructures} gives it), sorted by path; at most `max_files`. */
  files: ListStructuresResult[];
  /** Files chosen but not listed (too large, binary, unparsable…), with why. */
  skipped: SkippedFile[];
  /** How many more files `max_files` left out. */
  truncated: number;
  /** Always empty today (each file's warnings are in its listing). */
  warnings: Warning[];
}

/** Searches of fewer files run on the calling thread: starting the workers would cost more than they save. */
const POOL_MIN_FILES = 24;
/** Files read ahead per worker thread, so none waits for the next while this thread reads. */
const IN_FLIGHT_PER_WORKER = 8;

/** How many skipped files a result names (the count covers them all). */
const NAMED_SKIPPED = 20;

/**
 * `findStructures`: every structure matching the filters in the files the globs choose (all the
 * files structedit can parse by default), under the ignore rules of the project listing.
 */
export function findStructures(context: EditorContext, input: FindStructuresArgs): ResultAsync<FindStructuresResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(findStructuresArgsSchema, input).safeUnwrap();
    const query = yield* compileStructureQuery(args).safeUnwrap();
    const maxResults = args.max_results ?? DEFAULT_MAX_RESULTS;
    const offset = args.offset ?? 0;
    const selected = pathSelector(args.paths ?? []);
    const files = (yield* listProjectFiles(context.fs).safeUnwrap()).files.flatMap((path) => {
      const language = selected(path) ? context.registry.resolve(path) : null;
      return language?.isOk() ? [{ path, language: language.value }] : [];
    });

    const matches: FoundStructure[] = [];
    const skipped: SkippedFile[] = [];
    let total = 0;
    /** Takes a file's matches, which start at its `from`-th match: those from `offset` on, `max_results` in all. */
    const take = (found: FileMatches, from: number) => {
      // Files come in path order, so the matches from offset on, max_results of them (each file's
      // sorted by position), are the ones returned.
      const skip = Math.max(0, offset - total);
      total += found.total;
      const room = Math.min(maxResults - matches.length, found.total - skip);
      if (room > 0) matches.push(...found.matches.slice(skip - from, skip - from + room));
    };
    /**
     * Searches a file on this thread, naming only the matches it returns (naming is the costly part),
     * parsed as its content shows it (a C++ header named `.h` is C++), as every other operation parses it.
     */
    const searchHere = (path: string, source: SourceText, language: LanguageDefinition) =>
      context.parseAsContentShows(path, source, language, undefined, 'whole').map(({ tree }) => searchTree(tree, query, path, Math.max(0, offset - total), maxResults - matches.length));

    // Many files are searched on worker threads, read here ahead of them; each comes back in path order.
    const pool = files.length >= POOL_MIN_FILES ? context.searchPool() : null;
    const inFlight: Array<{ path: string; language: LanguageDefinition; source: SourceText | null; outcome: Promise<SearchOutcome | null> | null; failure?: string }> = [];
    const settle = async () => {
      const { path, language, source, outcome, failure } = inFlight.shift()!;
      context.reportProgress({ operation: 'find_structures', done: files.length - remaining - inFlight.length, total: files.length, path });
      if (failure !== undefined) return void skipped.push({ path, reason: failure });
      if (!source) return;
      const settled = outcome ? await outcome : null;
      if (settled && 'result' in settled) return take(settled.result, 0);
      // On this thread: no pool, its worker failed, or it could not search the file (this thread's
      // error is the one reported, so a file is skipped for the same reason with or without workers).
      const found = await searchHere(path, source, language);
      if (found.isErr()) skipped.push({ path, reason: found.error.error });
      else take(found.value, Math.max(0, offset - total));
    };
    let remaining = files.length;
    for (const { path, language } of files) {
      remaining--;
      const read = await context.readSource(path);
      if (read.isErr()) {
        inFlight.push({ path, language, source: null, outcome: null, failure: read.error.error });
      } else {
        const { source, hash } = read.value;
        const mayMatch = query.mayMatchFile(source.text);
        // (A file whose content shows another language than its name is searched here, with the fallback to its name's.)
        const onWorker = mayMatch && pool !== null && searchableOnWorkers(language) && context.registry.refine(language, path, source.text) === language;
        const outcome = onWorker ? pool.search({ path, text: source.text, bom: source.bom, hash, language, init: context.treeSitter, filters: args, from: 0, count: offset + maxResults }) : null;
        inFlight.push({ path, language, source: mayMatch ? source : null, outcome });
      }
      // Without a pool each file is searched before the next is read; with one, a few per thread wait ahead.
      while (inFlight.length > (pool ? pool.size * IN_FLIGHT_PER_WORKER : 0)) await settle();
    }
    while (inFlight.length > 0) await settle();
    return ok({
      matches,
      total_matches: total,
      truncated: Math.max(0, total - offset - matches.length),
      files_scanned: files.length - skipped.length,
      files_skipped: skipped.length,
      skipped: skipped.slice(0, NAMED_SKIPPED),
      warnings: [],
    });
  });
}

/**
 * `listStructuresIn`: the structures of every file in a folder (recursively) or matching a glob,
 * each listed as `listStructures` lists one file.
 */
export function listStructuresIn(context: EditorContext, input: ListStructuresInArgs): ResultAsync<ListStructuresInResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(listStructuresInArgsSchema, input).safeUnwrap();
    const files = (yield* filesIn(context, args.path).safeUnwrap()).filter((path) => context.registry.resolve(path).isOk());
    const maxFiles = args.max_files ?? DEFAULT_MAX_FILES;
    const listed: ListStructuresResult[] = [];
    const skipped: SkippedFile[] = [];
    for (const path of files.slice(0, maxFiles)) {
      const listing = await listStructures(context, args.depth === undefined ? { path } : { path, depth: args.depth });
      if (listing.isOk()) listed.push(listing.value);
      else skipped.push({ path, reason: listing.error.error });
    }
    return ok({ path: args.path, files: listed, skipped, truncated: Math.max(0, files.length - maxFiles), warnings: [] });
  });
}

/** The files a folder or glob names, sorted, under the project's ignore rules. */
function filesIn(context: EditorContext, path: string): ResultAsync<string[], StructeditError> {
  if (isGlob(path)) {
    // Walk only below the pattern's literal folders (`src/**/*.ts` starts at `src`).
    const segments = path.replace(/^\.\//, '').split('/');
    const literal = segments.slice(0, segments.findIndex((segment) => isGlob(segment)));
    const start = normalizeRelativePath(literal.join('/'));
    if (start.isErr()) return errAsync(invalidArgument([{ field: 'path', message: start.error.reason }]));
    const selected = pathSelector([path]);
    return listProjectFiles(context.fs, start.value).map((listing) => listing.files.filter(selected));
  }
  const folder = normalizeRelativePath(path);
  if (folder.isErr()) return errAsync(invalidArgument([{ field: 'path', message: folder.error.reason }]));
  if (folder.value === '') return listProjectFiles(context.fs).map((listing) => listing.files);
  return fromFs(context.fs.stat(folder.value), path, 'read').andThen((stat) =>
    stat.kind === 'directory' ? listProjectFiles(context.fs, folder.value).map((listing) => listing.files) : errAsync(makeError('INVALID_ARGUMENT', `${path} is a file, not a folder or glob: list it with listStructures.`, { issues: [{ field: 'path', message: NOT_A_FOLDER }] })),
  );
}
