import { err, ok, safeTry, type Result, type ResultAsync } from 'neverthrow';
import type { AddEdit, RemoveEdit, SetEdit } from '../arguments/semantic.js';
import { invalidArgument, makeError, type StructeditError } from '../errors.js';
import { utf8Length } from '../text/utf8.js';
import { planAdd } from './add-part.js';
import { noteTypeContracts, noteSignature } from './call-check.js';
import { checkReferencesBeforeRemove, declaredName } from './declaration-references.js';
import { wordOffsets } from './references.js';
import { lineChanges } from './line-changes.js';
import type { PartEditOutcome } from './outcomes.js';
import { parsePosition } from './lists.js';
import { locateAddress } from './locate-address.js';
import { planRemove } from './remove-part.js';
import { planSet } from './set-part.js';
import type { EditRun } from './workspace.js';

/** `CONTENT_TOO_LARGE` for a value over the content limit. */
function checkValueSize(limit: number, field: string, value: string): Result<void, StructeditError> {
  if (value.length * 3 <= limit) return ok(undefined);
  const size = utf8Length(value);
  if (size <= limit) return ok(undefined);
  return err(makeError('CONTENT_TOO_LARGE', `${field} is ${size} bytes, over the ${limit}-byte limit for one argument; nothing was written. Split it into several edits.`, { field, content_size: size, limit }));
}

/** `set`, `add` and `remove`: locate, plan, apply to the workspace. */
export function editPart(run: EditRun, edit: SetEdit | AddEdit | RemoveEdit): ResultAsync<PartEditOutcome, StructeditError> {
  return safeTry(async function* () {
    const { workspace } = run;
    if (edit.op !== 'remove') yield* checkValueSize(workspace.maxContentBytes, `edits.${run.index}.value`, edit.value).safeUnwrap();
    // A remove stays clear of structures with syntax errors inside: a use of what it removes may hide in one.
    const located = yield* locateAddress(workspace, edit.path, edit.address, edit.language, edit.op === 'remove' ? {} : { edit: edit.op }).safeUnwrap();
    const { file, context, part } = located;
    const style = yield* workspace.indentationStyle(file).safeUnwrap();
    let replacements;
    // A value that drops the name the part declares (`set` of `.name`, of a parameter, of the whole
    // declaration) leaves its uses pointing at nothing, as a remove would.
    const declared = edit.op === 'set' && !edit.force ? declaredName(located) : null;
    if (edit.op === 'set' && declared && part.span && declared.startIndex >= part.span.start && declared.endIndex <= part.span.end && wordOffsets(edit.value, declared.text).length === 0) {
      yield* checkReferencesBeforeRemove(run, located, 'set').safeUnwrap();
    }
    if (edit.op === 'set') replacements = yield* planSet(context, part, edit.value, style, located.target).safeUnwrap();
    else if (edit.op === 'add') {
      const position = parsePosition(edit.position);
      if (!position) return err(invalidArgument([{ field: `edits.${run.index}.position`, message: `${JSON.stringify(edit.position)} is not a position; use first, last, before:<ref>, after:<ref> or at:<n>` }]));
      replacements = yield* planAdd(context, part, edit.value, position, edit.position ?? 'last', style).safeUnwrap();
    } else {
      if (!edit.force) yield* checkReferencesBeforeRemove(run, located).safeUnwrap();
      replacements = yield* planRemove(context, part, located.ownerTarget).safeUnwrap();
    }
    // Where no type checker runs after the batch, a changed parameter list is checked against its calls then.
    // (`force` on a remove or set accepts that uses break, calls passing the parameter among them.)
    if (!run.backend && !(edit.op !== 'add' && edit.force)) {
      noteSignature(run.signatures, located, (yield* workspace.syntax(file).safeUnwrap())!, edit.language, edit.op);
      noteTypeContracts(run.signatures, located, edit.language);
    }
    const before = file.tree.source.text;
    const applied = yield* workspace.apply(file, replacements, edit.op === 'set' ? 'reject' : run.syntax).safeUnwrap();
    run.warnings.push(...applied.warnings);
    // Two parameters of one name: every compiler refuses it, no grammar does. Where the profile has the compiler's
    // rule (`repeatedParameters`), the edit check refused it above, in the compiler's words; this covers the others.
    if (edit.op !== 'remove' && (part.kind === 'params' || part.list?.kind === 'params')) {
      const again = await locateAddress(workspace, edit.path, edit.address, edit.language, { edit: edit.op });
      const names = again.isOk() ? (again.value.part.list?.items ?? []).flatMap((item) => (item.name && item.name !== '_' ? [item.name] : [])) : [];
      const repeated = names.find((name, index) => names.indexOf(name) !== index);
      if (repeated !== undefined) {
        return err(invalidArgument([{ field: `edits.${run.index}.value`, message: `would give ${JSON.stringify(located.target)} two parameters named ${JSON.stringify(repeated)}, which no compiler accepts; name the new one otherwise, or set the one it has (${located.target}.params.${repeated})` }]));
      }
    }
    return ok({ index: run.index, op: edit.op, path: edit.path, address: edit.address, status: 'applied' as const, changes: lineChanges(before, applied.file.tree.source.text) });
  });
}
