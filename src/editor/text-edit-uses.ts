import { ok, okAsync, ResultAsync, safeTry, type Result } from 'neverthrow';
import { changedSpans, type Replacement } from '../core/edit/replacements.js';
import type { StructeditError } from '../core/errors.js';
import { profileOf } from '../core/languages/profiles/index.js';
import type { SignatureChanges } from '../core/semantic/call-arity.js';
import { checkNarrowedCalls, narrowedSignatures, noteSignaturesTouched } from '../core/semantic/call-check.js';
import { checkReferencesBeforeRemove } from '../core/semantic/declaration-references.js';
import { locateAddress } from '../core/semantic/locate-address.js';
import type { EditRun } from '../core/semantic/workspace.js';
import type { CheckedEdit, EditorContext, ParsedFile } from './context.js';
import { typeCheck } from './type-check.js';
import { Workspace } from './workspace.js';

/**
 * What a text edit of a structure leaves of the uses of what it changes or removes: the calls of a
 * function whose parameters it changed, the references to a declaration it deleted. Checked before
 * anything is written, as a semantic batch checks them; `force` skips both.
 */

/**
 * The call check of a text edit of a structure (`replaceStructure`, text replaced inside one,
 * chunks): when the edit reaches a function's parameter list and the new list may not accept
 * every call the old one did, the program is checked as after a semantic batch: by the language's
 * type checker where a backend answers for it (`TYPE_ERRORS_ADDED`), else by binding each use of
 * the function across the project to its new parameters (`CALLS_BROKEN`). An edit that reaches no
 * parameter list costs a walk of the structures it touches; one that leaves the list accepting
 * every call costs a parse of the edited text, which the syntax check has cached. An edit that
 * broke the syntax (`SYNTAX_BROKEN`, written as the editor's `syntax` option allows) is not
 * checked: its parameters cannot be read.
 */
export function checkCallsOfTextEdit(context: EditorContext, file: ParsedFile, replacements: readonly Replacement[], checked: CheckedEdit): ResultAsync<void, StructeditError> {
  if (!profileOf(file.tree.language).calls || checked.warnings.some((warning) => warning.type === 'SYNTAX_BROKEN')) return okAsync(undefined);
  const spans = changedSpans(file.tree.source.text, replacements);
  if (spans.length === 0) return okAsync(undefined);
  return safeTry(async function* () {
    const workspace = new Workspace(context);
    try {
      const before = workspace.adopt(file);
      const root = yield* workspace.syntax(before).safeUnwrap();
      if (!root) return ok(undefined);
      const changes: SignatureChanges = new Map();
      noteSignaturesTouched(changes, before, root, spans, file.language.id);
      if (changes.size === 0) return ok(undefined);
      // (Parsed again from the cache: the syntax check has just parsed this text.)
      yield* workspace.apply(before, replacements, 'warn').safeUnwrap();
      const narrowed = yield* narrowedSignatures(workspace, changes, new Map(), 'text-edit').safeUnwrap();
      if (narrowed.length === 0) return ok(undefined);
      const backend = await context.backends.for(file.language.id);
      return await (backend ? typeCheck(workspace, backend, new Map(), 'text-edit') : checkNarrowedCalls(workspace, changes, narrowed, 'text-edit'));
    } finally {
      workspace.dispose();
    }
  });
}

/**
 * The reference check of `deleteStructure`, as a semantic `remove` of the structure makes it: a
 * name it declares that is still used outside it (found by the language's backend where one
 * answers, else by structedit's own scopes and imports across the project) refuses the delete with
 * `REFERENCES_EXIST`, each use listed; uses that cannot be proven are `UNRESOLVED_REFERENCES` or
 * `AMBIGUOUS_REFERENCES`. A structure the semantic engine cannot locate (no syntax tree, as in
 * Markdown; syntax errors inside it) is deleted without the check.
 */
export function checkReferencesOfDelete(context: EditorContext, file: ParsedFile, target: string): ResultAsync<void, StructeditError> {
  return new ResultAsync(
    (async (): Promise<Result<void, StructeditError>> => {
      const workspace = new Workspace(context);
      try {
        workspace.adopt(file);
        const located = await locateAddress(workspace, file.path, target, file.language.id, { edit: 'set' });
        if (located.isErr()) return ok(undefined);
        const backend = await context.backends.for(file.language.id);
        const run: EditRun = { workspace, index: 0, syntax: 'reject', warnings: [], backend, signatures: new Map() };
        return await checkReferencesBeforeRemove(run, located.value, 'delete');
      } finally {
        workspace.dispose();
      }
    })(),
  );
}
