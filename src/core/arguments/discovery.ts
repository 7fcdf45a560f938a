import * as z from 'zod/mini';
import { described } from './common.js';
import type { StructureFilters } from '../discovery/structure-query.js';

/** Arguments of `findStructures`. */
export interface FindStructuresArgs extends StructureFilters {
  /**
   * Which files to search: glob patterns over root-relative paths (`src/**\/*.ts`, `**\/*.py`; a
   * folder such as `src` means everything in it; `!pattern` leaves files out). Default: every file
   * under the root whose language structedit knows. Ignored files are never searched.
   */
  paths?: string[];
  /** Most structures returned (default 100); the rest are counted in `truncated`. */
  max_results?: number;
  /** Matches to skip first, in result order (default 0): `offset: 100` with the default `max_results` is the second page. */
  offset?: number;
}

/** Arguments of `listStructuresIn`. */
export interface ListStructuresInArgs {
  /** A folder (every file in it, recursively) or a glob pattern (`src/**\/*.ts`), root-relative. */
  path: string;
  /** How many levels to list in each file (1 = top level only); all when omitted. */
  depth?: number;
  /** Most files listed (default 50); the rest are counted in `truncated`. */
  max_files?: number;
}

/** The issue `listStructuresIn` reports for the path of a file (the tool then reports the file's own error). */
export const NOT_A_FOLDER = 'is a file, not a folder or glob';

/** Default of `max_results`. */
export const DEFAULT_MAX_RESULTS = 100;
/** Default of `max_files`. */
export const DEFAULT_MAX_FILES = 50;

const globField = z
  .string()
  .check(z.minLength(1, 'must not be empty'))
  .check(z.refine((value) => !value.includes('\\') && !value.includes('\0'), 'must use "/" between folders and hold no NUL byte'));

/** Schema of {@link FindStructuresArgs}. */
export const findStructuresArgsSchema = z.strictObject({
  paths: described(
    z.optional(z.array(globField)),
    'Glob patterns of the files to search, relative to the root: "src/**/*.ts", "**/*.py", a folder such as "src", "!**/*.test.ts" to leave files out. Default: every file structedit can parse. Files ignored by .gitignore or .structeditignore are never searched.',
  ),
  name: described(z.optional(z.string().check(z.minLength(1))), 'The structure\'s whole name: exact ("validate"), or with * and ? wildcards ("get*", "test_?").'),
  name_regex: described(z.optional(z.string().check(z.minLength(1))), 'A JavaScript regular expression searched for in the structure\'s name, e.g. "^(get|set)[A-Z]".'),
  kind: described(
    z.optional(z.union([z.string().check(z.minLength(1)), z.array(z.string().check(z.minLength(1))).check(z.minLength(1))])),
    'Kind or kinds to keep, as list_structures reports them: "function", "class", "method", "section", …',
  ),
  text: described(z.optional(z.string().check(z.minLength(1))), 'Literal text the structure must contain (case-sensitive), e.g. "fetch(".'),
  text_regex: described(z.optional(z.string().check(z.minLength(1))), "A JavaScript regular expression searched for in the structure's text (^ and $ match at line boundaries)."),
  max_results: described(
    z.optional(z.number().check(z.int()).check(z.gte(1)).check(z.lte(100_000))),
    `Most structures returned (default ${DEFAULT_MAX_RESULTS}); the result counts the rest in truncated.`,
  ),
  offset: described(
    z.optional(z.number().check(z.int()).check(z.gte(0))),
    'Matches to skip first, in result order (default 0), to page through many: offset 100 with max_results 100 is the second page.',
  ),
}) satisfies z.ZodMiniType<FindStructuresArgs>;

/** Schema of {@link ListStructuresInArgs}. */
export const listStructuresInArgsSchema = z.strictObject({
  path: described(globField, 'A folder or a glob pattern relative to the root, e.g. "src" or "src/**/*.py".'),
  depth: described(z.optional(z.number().check(z.int()).check(z.gte(1))), 'How many levels to list in each file (1 = top level only); all when omitted.'),
  max_files: described(z.optional(z.number().check(z.int()).check(z.gte(1)).check(z.lte(1000))), `Most files listed (default ${DEFAULT_MAX_FILES}).`),
}) satisfies z.ZodMiniType<ListStructuresInArgs>;
