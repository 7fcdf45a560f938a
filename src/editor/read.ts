import { ok, type ResultAsync, safeTry } from 'neverthrow';
import { listStructuresArgsSchema, readStructureArgsSchema, type ListStructuresArgs, type ReadStructureArgs } from '../core/arguments/structure-read.js';
import { validateArguments } from '../core/arguments/validation.js';
import type { StructeditError } from '../core/errors.js';
import { locateTarget } from '../core/locate/locate.js';
import { listStructureTree, type StructureListing } from '../core/read/list-structures.js';
import { readMatches, type StructureMatch } from '../core/read/read-structure.js';
import { describeSyntaxError } from '../core/structure/syntax-errors.js';
import { syntaxErrorsElsewhere, type Warning } from '../core/warnings.js';
import type { EditorContext } from './context.js';

/** Result of {@link Editor.readStructure}. */
export interface ReadStructureResult {
  /** Every structure the target names, in source order. */
  matches: StructureMatch[];
  /** The file's content hash: send it as `expected_hash` with a write to make sure the file did not change in between. */
  hash: string;
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
  /** The file's content hash (see {@link ReadStructureResult.hash}). */
  hash: string;
  /** Warnings, e.g. syntax errors in the file. */
  warnings: Warning[];
}

/** `readStructure`: every structure a target names (the only operation that allows several). */
export function readStructure(context: EditorContext, input: ReadStructureArgs): ResultAsync<ReadStructureResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(readStructureArgsSchema, input).safeUnwrap();
    const file = yield* context.parseFile(args.path, args.language).safeUnwrap();
    const paths = yield* locateTarget(file.tree, args.target, args.path).safeUnwrap();
    const warnings = yield* context.checkLocatedSyntax(file, paths, 'read').safeUnwrap();
    return ok({ matches: readMatches(file.tree.source, paths), hash: file.hash!, warnings });
  });
}

/** `listStructures`: the structure tree with each structure's unique target. */
export function listStructures(context: EditorContext, input: ListStructuresArgs): ResultAsync<ListStructuresResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(listStructuresArgsSchema, input).safeUnwrap();
    const file = yield* context.parseFile(args.path, args.language, 'whole').safeUnwrap();
    const { tree } = file;
    const warnings = tree.syntaxErrors.length > 0 ? [syntaxErrorsElsewhere(tree.syntaxErrors.map((error) => describeSyntaxError(tree.source, error)))] : [];
    return ok({ path: args.path, language: tree.language, structures: listStructureTree(tree, args.depth), hash: file.hash!, warnings });
  });
}
