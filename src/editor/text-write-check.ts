import { ok, okAsync, safeTry, type ResultAsync } from 'neverthrow';
import { lineReplacements, type Replacement } from '../core/edit/replacements.js';
import type { StructeditError } from '../core/errors.js';
import { movesKeepingImportNames } from '../core/modules/moved-modules.js';
import { createSourceText, type SourceText } from '../core/text/source-text.js';
import { encodeUtf8, utf8Length } from '../core/text/utf8.js';
import { overlayFs } from '../fs/overlay.js';
import type { Warning } from '../core/warnings.js';
import type { EditorContext, ParsedFile } from './context.js';
import { checkTextEdits, type FileTextEdit } from './text-edit-uses.js';
import { withWorkspace } from './workspace.js';

/** A file as a text write finds it and leaves it: `null` where it does not exist (created, or deleted). */
export interface TextWrite {
  readonly path: string;
  /** The file as read: its text, bytes and hash. */
  readonly before: { readonly source: SourceText; readonly bytes: Uint8Array; readonly hash: string } | null;
  readonly after: SourceText | null;
  /** The replacements that make `after` of `before`, where the caller has them (else a line diff finds them). */
  readonly replacements?: readonly Replacement[];
  /** For a file created by a move: the path of the write that removes it from where it was. */
  readonly movedFrom?: string;
}

/**
 * The checks of writes made as text (`editFile`, `applyPatch`): a file in a language structedit
 * parses is checked as a text edit of one of its structures is (`checkTextEdits`): syntax errors
 * the write adds (`SYNTAX_BROKEN`, or `SYNTAX_ERROR` where the editor rejects them), then, unless
 * `force`, the uses of what it changes: a declaration it removes or renames that is still used
 * (`REFERENCES_EXIST`), a function whose parameters no longer fit its calls (`CALLS_BROKEN`), and the
 * other contracts a text edit is checked against. The files written together are checked together:
 * a declaration renamed in one file and its uses in another by the same patch is a whole change.
 * A deleted file is its text removed; a moved one is deleted where it was and created where it goes.
 * Other files (plain text, languages without a grammar) are not read; a code file larger than
 * structedit parses, or one its grammar fails on, is written with `NOT_CHECKED` (unless `force`).
 * Returns the warnings.
 */
export function checkTextWrites(context: EditorContext, requested: readonly TextWrite[], force: boolean): ResultAsync<Warning[], StructeditError> {
  return safeTry(async function* () {
    const writes = yield* asImportersSeeThem(context, requested).safeUnwrap();
    const edits: FileTextEdit[] = [];
    const warnings: Warning[] = [];
    for (const write of writes) {
      const language = context.registry.resolve(write.path);
      if (language.isErr()) continue;
      const size = Math.max(write.before?.bytes.length ?? 0, write.after === null ? 0 : utf8Length(write.after.original));
      // (Exact-text edits of any text file are part of their contract: what cannot be parsed is written, and says so.)
      if (size > context.limits.maxFileBytes) {
        if (!force) warnings.push(notChecked(write.path, `at ${size} bytes it is larger than structedit parses (limits.maxFileBytes, ${context.limits.maxFileBytes})`));
        continue;
      }
      const parsed = write.before
        ? await context.parseAsContentShows(write.path, write.before.source, language.value, undefined).map(({ definition, tree }): ParsedFile => ({ path: write.path, language: definition, bytes: write.before!.bytes, hash: write.before!.hash, tree }))
        : await context.newFile(write.path);
      if (parsed.isErr()) {
        if (!force) warnings.push(notChecked(write.path, `it could not be parsed (${parsed.error.error}: ${parsed.error.message})`));
        continue;
      }
      const file = parsed.value;
      const edited = write.after ?? createSourceText('', write.before?.source.bom ?? false);
      // A file moved here brings its syntax errors with it (a grammar's, in a C file moved as it is):
      // only errors beyond those of the file it was are new. (Its uses are checked as a new file's.)
      const origin = write.before === null && write.movedFrom !== undefined ? (writes.find((other) => other.path === write.movedFrom)?.before ?? null) : null;
      const errorsOf = origin ? await context.parseAsContentShows(write.path, origin.source, language.value, undefined) : null;
      edits.push({ file, edited, replacements: write.replacements ?? lineReplacements(file.tree.source.text, edited.text), ...(errorsOf?.isOk() ? { syntaxBefore: errorsOf.value.tree } : {}) });
    }
    if (edits.length === 0) return ok(warnings);
    // Several files: each one's uses are looked up in the others as the write leaves them, and the
    // files it adds exist. The files it deletes (or moves away) are still read where they were: the
    // imports of them are uses of what they declared, which the write must have changed too.
    const written = writes.filter((write) => write.after !== null);
    const reading = writes.length > 1 ? context.readThrough(overlayFs(context.fs, new Map(written.map((write) => [write.path, encodeUtf8(write.after!.original, write.after!.bom)])))) : context;
    const checked = yield* checkTextEdits(reading, edits, !force, force).safeUnwrap();
    return ok([...warnings, ...checked.flatMap((edit) => edit.warnings)]);
  });
}

/**
 * The writes as the files' importers see them: a file moved where its importers still find it by the
 * same name (a package moved under `src/`: `movesKeepingImportNames`) is its text changed in place,
 * checked as an edit of the file it was, not as one file removed and another added.
 */
function asImportersSeeThem(context: EditorContext, writes: readonly TextWrite[]): ResultAsync<readonly TextWrite[], StructeditError> {
  const languageOf = (path: string) => {
    const language = context.registry.resolve(path);
    return language.isOk() ? language.value.id : null;
  };
  const files = (picked: readonly TextWrite[]) =>
    picked.flatMap((write) => {
      const language = languageOf(write.path);
      return language === null ? [] : [{ path: write.path, language }];
    });
  const removed = files(writes.filter((write) => write.before !== null && write.after === null));
  const added = files(writes.filter((write) => write.before === null && write.after !== null));
  if (removed.length === 0 || added.length === 0) return okAsync(writes);
  return withWorkspace(context, (workspace) => workspace.project()).map((project) => {
    const moves = movesKeepingImportNames(project, removed, added, languageOf);
    if (moves.size === 0) return writes;
    const successors = new Set(moves.values());
    const byPath = new Map(writes.map((write) => [write.path, write]));
    return writes.flatMap((write): TextWrite[] => {
      if (successors.has(write.path)) return [];
      const successor = moves.get(write.path);
      return successor === undefined ? [write] : [{ path: write.path, before: write.before, after: byPath.get(successor)!.after }];
    });
  });
}

/** `NOT_CHECKED`: a code file structedit could not parse (too large, a grammar that failed), written as text only. */
function notChecked(path: string, why: string): Warning {
  return { type: 'NOT_CHECKED', message: `${path} was written without checking what the edit changes: ${why}. Check its syntax and uses yourself.`, details: { path } };
}
