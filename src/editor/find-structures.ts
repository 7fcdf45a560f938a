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
import { compareFound, compileStructureQuery, findInTree, type FoundStructure } from '../core/discovery/structure-query.js';
import { invalidArgument, makeError, type StructeditError } from '../core/errors.js';
import { isGlob, pathSelector } from '../core/glob.js';
import { TargetNamer } from '../core/locate/targets.js';
import type { StructureNode } from '../core/structure/types.js';
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
    for (const [index, { path, language }] of files.entries()) {
      context.reportProgress({ operation: 'find_structures', done: index + 1, total: files.length, path });
      const read = await context.readSource(path);
      if (read.isErr()) {
        skipped.push({ path, reason: read.error.error });
        continue;
      }
      const { source } = read.value;
      if (!query.mayMatchFile(source.text)) continue;
      const tree = await context.parseSource(path, source, language, undefined, 'whole');
      if (tree.isErr()) {
        skipped.push({ path, reason: tree.error.error });
        continue;
      }
      const found = findInTree(tree.value, query);
      const before = total;
      total += found.length;
      // Files come in path order, so the matches from offset on, max_results of them (each file's
      // sorted by position), are the ones returned: only those need a target (the costly part).
      const skip = Math.max(0, offset - before);
      const room = Math.min(maxResults - matches.length, found.length - skip);
      if (room <= 0 || found.length === 0) continue;
      const namer = new TargetNamer(tree.value);
      const returned = room;
      // Naming many structures one by one repeats the work on their enclosing levels; all at once
      // (as listStructures does) shares it. Same namer, same targets, either way.
      const named = returned * 4 >= countStructures(tree.value.root) ? targetsByNode(namer, tree.value.root) : null;
      const inFile = found.map((structurePath): FoundStructure => {
        const node = structurePath[structurePath.length - 1]!;
        return { path, kind: node.kind, name: node.name, line_range_inclusive: [...node.lineRange], target: null };
      });
      const order = inFile.map((_, index) => index).sort((a, b) => compareFound(inFile[a]!, inFile[b]!) || a - b);
      for (const index of order.slice(skip, skip + room)) {
        const structurePath = found[index]!;
        const naming = named?.get(structurePath[structurePath.length - 1]!) ?? namer.targetOf(structurePath);
        const match = inFile[index]!;
        match.target = naming.target;
        if (naming.target === null && naming.reason !== null) match.target_unavailable = naming.reason;
        matches.push(match);
      }
    }
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

/** How many structures are below `root`. */
function countStructures(root: StructureNode): number {
  let count = 0;
  const stack = [...root.children];
  for (let node = stack.pop(); node; node = stack.pop()) {
    count++;
    stack.push(...node.children);
  }
  return count;
}

/** The target of every structure below `root`, computed top-down in one pass. */
function targetsByNode(namer: TargetNamer, root: StructureNode): Map<StructureNode, { target: string | null; reason: string | null }> {
  const targets = new Map<StructureNode, { target: string | null; reason: string | null }>();
  for (const { path, target, reason } of namer.targetsBelow(root)) targets.set(path[path.length - 1]!, { target, reason });
  return targets;
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
