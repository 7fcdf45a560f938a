import { err, errAsync, ok, okAsync, ResultAsync, safeTry } from 'neverthrow';
import { fileEditArgsSchema, type FileEditArgs } from '../core/arguments/file-edit.js';
import { checkContentSizes, validateArguments } from '../core/arguments/validation.js';
import { applyByteReplacements, applyReplacements, isOverlap, textReplacementsOf } from '../core/edit/replacements.js';
import { makeError, type StructeditError } from '../core/errors.js';
import { describeEditFailures } from '../core/file-edit/diagnostics.js';
import { fileEditResult } from '../core/file-edit/result.js';
import { planSequentialEdits, type LiteralEdit } from '../core/file-edit/sequential-edits.js';
import type { EditFileResult } from '../core/file-edit/types.js';
import { decodeText, type ByteReplacement, type ByteText } from '../core/text/byte-text.js';
import { sourceTextOf } from '../core/text/source-text.js';
import type { Warning } from '../core/warnings.js';
import { diffableText, diffReplacements } from '../core/text/diff.js';
import type { EditorContext } from './context.js';
import { fromFs } from './fs-errors.js';
import { checkTextWrites } from './text-write-check.js';

/**
 * `editFile` (docs/spec/file-edit.md): exact-text edits on any UTF-8 text file. One read, every edit
 * planned (and so validated) on the file's bytes before anything is written, one atomic write through
 * the adapter. Matching needs no parser and never decodes the file whole (only an error report does),
 * so an edit of text holds little more than the bytes it read; a file in a language structedit parses
 * is then decoded, parsed and checked as a text edit of a structure is (`checkTextWrites`). Line endings: matching sees `\n` whatever the
 * file uses (so an `old_text` written with `\n` matches a CRLF file), lines the edits do not touch
 * keep their bytes, and new lines take the file's dominant ending. Symbolic links are followed and the result names
 * the file they lead to.
 */
export function editFile(context: EditorContext, input: FileEditArgs): ResultAsync<EditFileResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(fileEditArgsSchema, input).safeUnwrap();
    yield* checkContentSizes(
      args.edits.flatMap((edit, index) => [
        { field: `edits.${index}.old_text`, text: edit.old_text },
        { field: `edits.${index}.new_text`, text: edit.new_text },
      ]),
      context.limits.maxContentBytes,
    ).safeUnwrap();
    const edits: LiteralEdit[] = args.edits.map((edit) => ({ old_text: toLf(edit.old_text), new_text: toLf(edit.new_text), occurrences: edit.occurrences ?? 1 }));
    const path = yield* fromFs(context.fs.realpath(args.path), args.path, 'read').safeUnwrap();
    const { text, bytes, hash } = yield* context.readText(path, { bytes: context.limits.maxTextFileBytes, advice: 'file_edit does not load files that large: split the file, or raise limits.maxTextFileBytes.' }).safeUnwrap();
    if (args.expected_hash !== undefined) yield* context.checkExpectedHash({ path, hash: await hash() }, args.expected_hash).safeUnwrap();
    const dryRun = args.dry_run ?? false;
    const plan = yield* planSequentialEdits(text, edits, { preview: dryRun, match: args.match ?? 'exact', cutLongLines: !(args.full_diff ?? false) }).mapErr((failures) => describeEditFailures(failures, { path, edits })).safeUnwrap();
    const edited = applyByteReplacements(text, bytes, plan.replacements);
    if (isOverlap(edited)) return err(overlapping());
    const warnings = edited.changed ? yield* checkFileEdit(context, path, text, bytes, hash, plan.replacements, args.force === true).safeUnwrap() : [];
    const receipt = !dryRun && edited.changed ? yield* context.commit([{ path, before: bytes, after: edited.content }]).safeUnwrap() : null;
    return ok(
      fileEditResult({
        path,
        plan,
        diff: diffReplacements(
          diffableText(text),
          plan.replacements.map((replacement) => ({ start: replacement.start, end: replacement.end, text: decodeText(replacement.bytes, text.newline) })),
          { path, cutLongLines: !(args.full_diff ?? false) },
        ),
        dry_run: dryRun,
        would_modify: edited.changed,
        hash: receipt?.hashes.get(path) ?? (await hash()),
        undo_token: receipt?.undo_token ?? null,
        warnings,
      }),
    );
  });
}

/**
 * The checks of the edit where the file is in a language structedit parses (`checkTextWrites`):
 * only then is the file decoded and parsed, and the planned byte replacements read as replacements
 * of its text.
 */
function checkFileEdit(context: EditorContext, path: string, text: ByteText, bytes: Uint8Array, hash: () => Promise<string>, replacements: readonly ByteReplacement[], force: boolean): ResultAsync<Warning[], StructeditError> {
  if (context.registry.resolve(path).isErr()) return okAsync([]);
  const source = sourceTextOf(bytes);
  if (source.isErr()) return okAsync([]);
  const changes = textReplacementsOf(text, replacements);
  const after = applyReplacements(source.value, changes);
  if (isOverlap(after)) return errAsync(overlapping());
  // (The hash of the bytes read only now: a written text file never needs it, its receipt has the new one.)
  return ResultAsync.fromSafePromise(hash()).andThen((read) => checkTextWrites(context, [{ path, before: { source: source.value, bytes, hash: read }, after, replacements: changes }], force));
}

/** `INTERNAL_ERROR`: the planner made replacements that overlap. */
function overlapping(): StructeditError {
  return makeError('INTERNAL_ERROR', 'file_edit planned overlapping replacements. This is a bug in structedit; the file was not changed.', { cause: 'overlapping replacements' });
}

/** Line breaks as `\n`, the form matching works on. */
function toLf(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}
