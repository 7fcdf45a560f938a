import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import { applyPatchArgsSchema, type ApplyPatchArgs } from '../core/arguments/patch.js';
import { checkContentSizes, validateArguments } from '../core/arguments/validation.js';
import { invalidArgument, makeError, type PatchHunkReport, type StructeditError } from '../core/errors.js';
import { malformedPathReason } from '../core/path-syntax.js';
import { parsePatch } from '../core/patch/parse-patch.js';
import type { FilePatch, PatchFormat } from '../core/patch/patch-batch.js';
import { emptySource, placeHunks } from '../core/patch/place-hunks.js';
import { diffableText, diffReplacements } from '../core/text/diff.js';
import { createSourceText, type SourceText } from '../core/text/source-text.js';
import { encodeUtf8 } from '../core/text/utf8.js';
import type { WhitespaceRelaxation } from '../core/text/whitespace-match.js';
import type { Warning } from '../core/warnings.js';
import type { FileWrite } from './commit.js';
import type { EditorContext } from './context.js';
import { fromFs } from './fs-errors.js';
import { checkTextWrites, type TextWrite } from './text-write-check.js';

/**
 * `applyPatch`: a patch in any format models write, compiled to one batch and applied to the
 * files as they are now, all or nothing. Every hunk is placed before anything is written; a patch
 * with any hunk that does not apply writes nothing and reports every hunk (which applied, which
 * did not and why, with the text most like it). Dry run: the diff of every file, nothing written.
 */

/** What a patch did (or would do) to one file. */
export interface PatchedFile {
  /** The file (for a move, its new path). */
  path: string;
  /** What happened to it. */
  action: 'added' | 'deleted' | 'updated' | 'moved';
  /** For a move: where it was. */
  from?: string;
  /** Hunks applied to it. */
  hunks: number;
  /** With `match: 'whitespace'`: the hunks found only with whitespace relaxed (1-based), and where. */
  relaxed?: Array<WhitespaceRelaxation & { hunk: number; line_number: number }>;
  /** The unified diff of the file (`""` for a deletion or an unchanged move). */
  diff: string;
}

/** The result of `applyPatch`. */
export interface ApplyPatchResult {
  /** The format the patch was read as. */
  format: PatchFormat;
  /** Every file it touches, in the patch's order. */
  files: PatchedFile[];
  /** Whether this was a dry run (nothing written). */
  dry_run: boolean;
  /** The token that undoes the whole patch (`null` in a dry run). */
  undo_token: string | null;
  /** What the checks of the files it writes found without refusing it (`SYNTAX_BROKEN`). */
  warnings: Warning[];
}

/** A file as the patch has it so far: its text (null: absent), and its text, bytes and hash before the patch. */
interface FileState {
  source: SourceText | null;
  original: SourceText | null;
  before: Uint8Array | null;
  hash: string | null;
}

export function applyPatch(context: EditorContext, input: ApplyPatchArgs): ResultAsync<ApplyPatchResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(applyPatchArgsSchema, input).safeUnwrap();
    yield* checkContentSizes([{ field: 'patch', text: args.patch }], context.limits.maxContentBytes).safeUnwrap();
    const parsed = parsePatch(args.patch, args.format ?? 'auto', args.path ?? null);
    if (parsed.isErr()) return err(invalidArgument([{ field: 'patch', message: `line ${parsed.error.line}: ${parsed.error.message}` }]));
    const batch = parsed.value;
    for (const file of batch.files) {
      for (const path of file.kind === 'update' && file.move_to !== null ? [file.path, file.move_to] : [file.path]) {
        const reason = malformedPathReason(path);
        if (reason !== null) return err(invalidArgument([{ field: 'patch', message: `line ${file.patch_line}: ${JSON.stringify(path)} is not a path relative to the root: ${reason}` }]));
      }
    }

    const states = new Map<string, FileState>();
    const stateOf = async function* (path: string) {
      const known = states.get(path);
      if (known) return known;
      const exists = yield* fromFs(context.fs.exists(path), path, 'read').safeUnwrap();
      let state: FileState = { source: null, original: null, before: null, hash: null };
      if (exists) {
        const read = yield* context.readSource(path, { bytes: context.limits.maxTextFileBytes, advice: 'apply_patch does not load files that large.' }).safeUnwrap();
        state = { source: read.source, original: read.source, before: read.bytes, hash: read.hash };
      }
      states.set(path, state);
      return state;
    };

    const reports: PatchHunkReport[] = [];
    const problems: string[] = [];
    const done: Array<{ file: FilePatch; hunks: number; relaxed?: PatchedFile['relaxed'] }> = [];
    for (const file of batch.files) {
      const state = yield* stateOf(file.path);
      if (file.kind === 'add') {
        if (state.source !== null) {
          problems.push(`${file.path} (patch line ${file.patch_line}) already exists; update it instead, or delete it first in the same patch`);
          continue;
        }
        state.source = createSourceText(file.content);
        done.push({ file, hunks: 0 });
      } else if (file.kind === 'delete') {
        if (state.source === null) {
          problems.push(`${file.path} (patch line ${file.patch_line}) does not exist, so it cannot be deleted`);
          continue;
        }
        state.source = null;
        done.push({ file, hunks: 0 });
      } else {
        // An empty SEARCH on a missing file creates it, as Aider does.
        const creates = state.source === null && file.hunks.every((hunk) => hunk.old_text === '');
        if (state.source === null && !creates) {
          problems.push(`${file.path} (patch line ${file.patch_line}) does not exist: check the path (relative to the root), or add it as a new file`);
          continue;
        }
        const placed = placeHunks(state.source ?? emptySource(), file.hunks, args.match ?? 'exact');
        for (const outcome of placed.outcomes) reports.push({ file: file.path, ...outcome });
        const applied = placed.outcomes.filter((outcome) => outcome.applied).length;
        const relaxed = placed.outcomes.flatMap((outcome) => (outcome.relaxed ? [{ hunk: outcome.hunk, ...outcome.relaxed }] : []));
        state.source = placed.text;
        if (file.move_to !== null) {
          const target = yield* stateOf(file.move_to);
          if (target.source !== null) {
            problems.push(`${file.move_to} (patch line ${file.patch_line}) already exists, so ${file.path} cannot move there`);
            continue;
          }
          target.source = state.source;
          state.source = null;
        }
        done.push({ file, hunks: applied, ...(relaxed.length > 0 ? { relaxed } : {}) });
      }
    }
    const failed = reports.filter((report) => !report.applied);
    if (failed.length > 0 || problems.length > 0) {
      const listed = failed.map((report) => `${report.file} hunk ${report.hunk} (patch line ${report.patch_line}): ${report.reason === 'ambiguous' ? `its text is at lines ${report.matches!.join(', ')}; add context lines to choose one` : report.similar_content && report.similar_content.length > 0 ? `not found; the most similar text starts at line ${report.similar_content[0]!.line_number}` : report.nearest_match ? `not found, nor anything similar enough to copy; the nearest text is at line ${report.nearest_match.line_number} (similarity ${report.nearest_match.similarity_score})` : 'not found, nor anything like it'}`);
      const applied = reports.length - failed.length;
      return err(
        makeError(
          'PATCH_FAILED',
          `The patch does not apply; nothing was written. ${[...problems, ...listed].join('; ')}. ${applied > 0 ? `The other ${applied} hunk${applied === 1 ? '' : 's'} would apply. ` : ''}Fix the failing hunks (copy the file's text exactly; details.hunks has the similar text) and send the whole patch again.`,
          { format: batch.format, problems, hunks: reports },
        ),
      );
    }

    // Every file's bytes after the patch, and its diff.
    const writes: FileWrite[] = [];
    for (const [path, state] of states) {
      const after = state.source === null ? null : encodeUtf8(state.source.original, state.source.bom);
      if (state.before === null && after === null) continue;
      if (state.before !== null && after !== null && state.before.length === after.length && state.before.every((byte, index) => byte === after[index])) continue;
      writes.push({ path, before: state.before, after });
    }
    const diffOf = (path: string): string => {
      const state = states.get(path)!;
      const before = state.original ?? createSourceText('');
      const afterText = state.source?.text ?? '';
      return diffReplacements(diffableText(before), [{ start: 0, end: before.text.length, text: afterText }], { path }).unified;
    };
    const files: PatchedFile[] = done.map(({ file, hunks, relaxed }) => ({
      ...(file.kind === 'update' && file.move_to !== null
        ? { path: file.move_to, action: 'moved' as const, from: file.path, hunks, diff: diffOf(file.move_to) }
        : { path: file.path, action: file.kind === 'add' ? ('added' as const) : file.kind === 'delete' ? ('deleted' as const) : ('updated' as const), hunks, diff: file.kind === 'delete' ? '' : diffOf(file.path) }),
      ...(relaxed ? { relaxed } : {}),
    }));
    const movedFrom = new Map(done.flatMap(({ file }) => (file.kind === 'update' && file.move_to !== null ? [[file.move_to, file.path] as const] : [])));
    const checked = writes.map(({ path }): TextWrite => {
      const state = states.get(path)!;
      const from = movedFrom.get(path);
      return { path, before: state.original === null ? null : { source: state.original, bytes: state.before!, hash: state.hash! }, after: state.source, ...(from === undefined ? {} : { movedFrom: from }) };
    });
    const warnings = yield* checkTextWrites(context, checked, args.force === true).safeUnwrap();
    const dryRun = args.dry_run ?? false;
    const receipt = dryRun || writes.length === 0 ? null : yield* context.commit(writes).safeUnwrap();
    return ok({ format: batch.format, files, dry_run: dryRun, undo_token: receipt?.undo_token ?? null, warnings });
  });
}
