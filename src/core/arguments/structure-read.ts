import * as z from 'zod/mini';
import { described, languageField, pathField, targetField, type FileArgs } from './common.js';

// Arguments of the structure reads, apart from those of the edits (structure.ts): a process's
// first read builds these two schemas only, not the edits' ten (building zod schemas at import was
// ~1.5 ms of a ~150 ms cold start).

/** Arguments of `readStructure`. */
export interface ReadStructureArgs extends FileArgs {
  /** The target path; every structure it names is returned. */
  target: string;
}

/** Arguments of `listStructures`. */
export interface ListStructuresArgs extends FileArgs {
  /** How many levels to list (1 = top level only); all when omitted. */
  depth?: number;
}

/** Schema of {@link ReadStructureArgs}. */
export const readStructureArgsSchema = z.strictObject({ path: pathField, target: targetField, language: languageField }) satisfies z.ZodMiniType<ReadStructureArgs>;

/** Schema of {@link ListStructuresArgs}. */
export const listStructuresArgsSchema = z.strictObject({
  path: pathField,
  depth: described(z.optional(z.number().check(z.int()).check(z.gte(1))), 'How many levels to list (1 = top level only); all when omitted.'),
  language: languageField,
}) satisfies z.ZodMiniType<ListStructuresArgs>;
