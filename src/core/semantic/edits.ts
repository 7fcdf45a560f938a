import type { ResultAsync } from 'neverthrow';
import type { SemanticEdit } from '../arguments/semantic.js';
import type { StructeditError } from '../errors.js';
import { moveDeclaration } from './move.js';
import type { MoveOutcome, PartEditOutcome, RenameOutcome } from './outcomes.js';
import { editPart } from './part-edits.js';
import { renameDeclaration } from './rename.js';
import type { EditRun } from './workspace.js';

/** Plans one edit of a batch against the workspace's current state and applies it there. */
export function runEdit(run: EditRun, edit: SemanticEdit): ResultAsync<PartEditOutcome | RenameOutcome | MoveOutcome, StructeditError> {
  switch (edit.op) {
    case 'set':
    case 'add':
    case 'remove':
      return editPart(run, edit);
    case 'rename':
      return renameDeclaration(run, edit);
    case 'move':
      return moveDeclaration(run, edit);
  }
}
