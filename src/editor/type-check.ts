import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { makeError, type StructeditError } from '../core/errors.js';
import { addedDiagnostics, type SemanticBackend } from '../core/semantic/backend.js';
import type { CheckOrigin } from '../core/semantic/use-sites.js';
import type { Workspace } from './workspace.js';

/**
 * `TYPE_ERRORS_ADDED` when the backend's checker finds errors in the workspace as it is now that
 * it did not find before its edits (`renamed`: new name → old, so a message naming the new name
 * still matches), after a semantic batch, or a text edit (of a language whose names structedit
 * cannot check itself, or one that changed a function's parameters). `files`: only the errors in
 * those files, and in the files the backend finds the edit can affect through them
 * ({@link SemanticBackend.affectedFiles}), are compared (the checker then types only what they use).
 */
export function typeCheck(workspace: Workspace, backend: SemanticBackend, renamed: ReadonlyMap<string, string>, origin: CheckOrigin, files?: readonly string[]): ResultAsync<void, StructeditError> {
  // What the edit changes in `files` that other files use is judged in those files too.
  const judged = files && backend.affectedFiles ? backend.affectedFiles(workspace.texts('original'), workspace.texts('current'), files).map((affected) => affected ?? undefined) : okAsync(files);
  return judged.andThen((files) => compared(workspace, backend, renamed, origin, files));
}

/** `TYPE_ERRORS_ADDED` for the errors the workspace has now in `files` (all where none are given) that it did not have before. */
function compared(workspace: Workspace, backend: SemanticBackend, renamed: ReadonlyMap<string, string>, origin: CheckOrigin, files: readonly string[] | undefined): ResultAsync<void, StructeditError> {
  return backend.diagnostics(workspace.texts('original'), files).andThen((before) =>
    backend.diagnostics(workspace.texts('current'), files).andThen((after) => {
      const added = addedDiagnostics(before, after, renamed);
      if (added.length === 0) return okAsync(undefined);
      const wayOut =
        origin === 'batch'
          ? 'Change the edits so the program still type-checks, or send the batch with validate: false.'
          : 'Change the edit so the program still type-checks (a function and the code that uses it together: applyEdits, or apply_patch), or send the edit again with force: true and fix those errors next.';
      const listed = added.slice(0, 5).map((error) => `${error.file ?? '(project)'}${error.line === null ? '' : `:${error.line}`} ${error.code} ${error.message.split('\n')[0]!.replace(/\.$/, '')}`).join('; ');
      return errAsync(
        makeError('TYPE_ERRORS_ADDED', `The ${origin === 'batch' ? 'batch' : 'edit'} would add ${added.length} type error${added.length === 1 ? '' : 's'} (${backend.name}): ${listed}${added.length > 5 ? '; …' : ''}. Nothing was written. ${wayOut}`, {
          backend: backend.name,
          errors: added.map((error) => ({ file: error.file, line: error.line, code: error.code, message: error.message })),
        }),
      );
    }),
  );
}
