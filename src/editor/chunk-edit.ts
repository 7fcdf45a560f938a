import { err, ok, type ResultAsync, safeTry } from 'neverthrow';
import { applyChunksArgsSchema, type ApplyChunksArgs } from '../core/arguments/chunks.js';
import { checkContentSizes, validateArguments } from '../core/arguments/validation.js';
import { planChunks, type AppliedChunk } from '../core/edit/chunks.js';
import { applyReplacements, isOverlap } from '../core/edit/replacements.js';
import { makeError, type LineRange, type StructeditError } from '../core/errors.js';
import { locateUniqueTarget } from '../core/locate/locate.js';
import { locateByLineRange, locateStructureAt } from '../core/locate/position.js';
import { TargetNamer } from '../core/locate/targets.js';
import type { Warning } from '../core/warnings.js';
import type { WriteOutcome } from './commit.js';
import type { EditorContext } from './context.js';
import { checkTextEdit } from './text-edit-uses.js';

/** Result of {@link Editor.applyChunks}. */
export interface ApplyChunksResult extends WriteOutcome {
  /** The file, as given. */
  path: string;
  /**
   * A target naming the edited structure in the edited file (`""` for the whole file), or `null`
   * when none names it alone or the edit changed what the parser sees there.
   */
  target: string | null;
  /** The structure's kind, e.g. `function`, `class`, `section`. */
  kind: string;
  /** The structure's line range after the edit. */
  line_range_inclusive: LineRange;
  /** Where each chunk's lines went, in request order. */
  chunks: AppliedChunk[];
  /** Lines removed by all chunks together. */
  lines_removed: number;
  /** Lines added by all chunks together. */
  lines_added: number;
  /** True when nothing was written because `dry_run` was set. */
  dry_run: boolean;
  /** `SYNTAX_BROKEN`, `CHUNK_AMBIGUOUS`, `SYNTAX_ERRORS_ELSEWHERE`. */
  warnings: Warning[];
}

/**
 * `applyChunks` (docs/spec/chunk-symbol-editing.md): validate every chunk against the original structure,
 * then apply them all in one write, or none.
 */
export function applyChunks(context: EditorContext, input: ApplyChunksArgs): ResultAsync<ApplyChunksResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(applyChunksArgsSchema, input).safeUnwrap();
    // All chunks' new lines together are the content of this call.
    yield* checkContentSizes([{ field: 'chunks.new_lines', text: args.chunks.flatMap((chunk) => chunk.new_lines).join('\n') }], context.limits.maxContentBytes).safeUnwrap();
    const file = yield* context.parseFile(args.path, args.language).safeUnwrap();
    yield* context.checkExpectedHash(file, args.expected_hash).safeUnwrap();
    const { tree } = file;
    const namer = new TargetNamer(tree);
    const path = args.target !== undefined ? yield* locateUniqueTarget(tree, args.target, args.path, namer).safeUnwrap() : yield* locateStructureAt(tree, args.line!, args.column, args.path, namer).safeUnwrap();
    const located = yield* context.checkLocatedSyntax(file, [path]).safeUnwrap();
    const node = path[path.length - 1]!;
    const plan = yield* planChunks(tree.source, node, args.chunks, { path: args.path, target: node === tree.root ? '' : namer.targetOf(path).target }, args.ambiguous ?? 'reject').safeUnwrap();
    const edited = applyReplacements(tree.source, plan.replacements);
    if (isOverlap(edited)) {
      return err(makeError('INTERNAL_ERROR', 'structedit planned overlapping replacements for these chunks. This is a bug in structedit; the file was not changed.', { cause: JSON.stringify(edited) }));
    }
    const checked = yield* checkTextEdit(context, file, edited, plan.replacements, args.force !== true, args.force === true).safeUnwrap();
    const unchanged = edited.original === tree.source.original;
    const receipt = !args.dry_run && !unchanged ? yield* context.commit([checked.write]).safeUnwrap() : null;
    const after = node === tree.root ? [checked.tree.root] : locateByLineRange(checked.tree, plan.lineRange, node.kind, path.length);
    const target = after === null ? null : after.length === 1 ? '' : new TargetNamer(checked.tree).targetOf(after).target;
    return ok({
      path: args.path,
      target,
      kind: node.kind,
      line_range_inclusive: plan.lineRange,
      chunks: plan.chunks,
      lines_removed: plan.linesRemoved,
      lines_added: plan.linesAdded,
      hash: receipt?.hashes.get(file.path) ?? file.hash!,
      undo_token: receipt?.undo_token ?? null,
      dry_run: args.dry_run === true,
      warnings: [...located, ...plan.warnings, ...checked.warnings],
    });
  });
}
