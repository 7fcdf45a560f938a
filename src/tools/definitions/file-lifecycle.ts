import type { FileLifecycleResult } from 'structedit';
import { createFileArgsSchema, deleteFileArgsSchema, moveFileArgsSchema, type CreateFileArgs, type DeleteFileArgs, type MoveFileArgs } from '../../core/arguments/file-lifecycle.js';
import { ANNOTATIONS } from '../annotations.js';
import type { ToolSpec } from '../tool-spec.js';
import { renderWarnings } from '../render/warnings.js';

/** One line saying what happened to which file, and the token that undoes it. */
function renderLifecycle(value: FileLifecycleResult): string {
  const bytes = `${value.bytes} byte${value.bytes === 1 ? '' : 's'}`;
  const did =
    value.action === 'moved'
      ? `${value.dry_run ? 'Would move' : 'Moved'} ${value.from} to ${value.path} (${bytes})`
      : value.action === 'deleted'
        ? `${value.dry_run ? 'Would delete' : 'Deleted'} ${value.path} (${bytes})`
        : `${value.dry_run ? `Would ${value.action === 'created' ? 'create' : 'overwrite'}` : value.action === 'created' ? 'Created' : 'Overwrote'} ${value.path} (${bytes})`;
  const after = value.dry_run ? '; nothing was written.' : `.${value.hash ? ` Hash: ${value.hash}.` : ''} undo_token: ${value.undo_token}`;
  return did + after + renderWarnings(value.warnings);
}

/** `create_file`. */
export const createFileTool: ToolSpec<CreateFileArgs, FileLifecycleResult> = {
  name: 'create_file',
  annotations: ANNOTATIONS.create_file,
  description: [
    'Create a new file with the given text (missing folders are created). An existing file is refused (FILE_EXISTS, with its hash) unless overwrite: true comes with that expected_hash, so nothing you have not read is lost.',
    'To change part of an existing file use file_edit or the structure tools instead. Undoable with the returned undo_token.',
    'Example: {"path": "src/utils/slug.py", "content": "def slugify(text):\\n    return text.lower().replace(\\" \\", \\"-\\")\\n"}',
  ].join(' '),
  schema: createFileArgsSchema,
  run: (editor, args) => editor.createFile(args),
  render: renderLifecycle,
};

/** `delete_file`. */
export const deleteFileTool: ToolSpec<DeleteFileArgs, FileLifecycleResult> = {
  name: 'delete_file',
  annotations: ANNOTATIONS.delete_file,
  description: [
    'Delete a file (any content). Send expected_hash from an earlier read to make sure it is the version you saw. A module whose declarations other files still use is refused with the uses listed (force: true deletes it anyway). Undoable with the returned undo_token.',
    'To remove a function or class from a file use delete_structure; to remove a declaration only when nothing uses it, semantic_edit remove.',
    'Example: {"path": "src/legacy/old_helpers.py"}',
  ].join(' '),
  schema: deleteFileArgsSchema,
  run: (editor, args) => editor.deleteFile(args),
  render: renderLifecycle,
};

/** `move_file`. */
export const moveFileTool: ToolSpec<MoveFileArgs, FileLifecycleResult> = {
  name: 'move_file',
  annotations: ANNOTATIONS.move_file,
  description: [
    'Move or rename a file (missing folders are created), in one atomic step. A file at the destination is refused (FILE_EXISTS) unless overwrite: true with its to_expected_hash. Undoable with the returned undo_token.',
    'Imports of the file are not rewritten: a module others import by its path is refused with those uses listed (force: true moves it anyway); to move a declaration and update its imports, use semantic_edit move.',
    'Example: {"from": "src/helpers.py", "to": "src/utils/helpers.py"}',
  ].join(' '),
  schema: moveFileArgsSchema,
  run: (editor, args) => editor.moveFile(args),
  render: renderLifecycle,
};
