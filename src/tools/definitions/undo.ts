import type { UndoResult } from 'structedit';
import { undoArgsSchema, type UndoArgs } from '../../editor/undo.js';
import type { ToolSpec } from '../tool-spec.js';
import { ANNOTATIONS } from '../annotations.js';

/** `undo`: puts back what a write changed, by its `undo_token`. */
export const undoTool: ToolSpec<UndoArgs, UndoResult> = {
  name: 'undo',
  annotations: ANNOTATIONS.undo,
  description: [
    'Undo an earlier write of this session by the undo_token its result carried: every file it wrote gets its previous content back (a file it created is removed).',
    'Fails with CONFLICT, writing nothing, if a file changed since that write. A token works once; the result carries a token that redoes the change.',
    'Example: {"undo_token": "undo-3-1a2b3c4d"}',
  ].join(' '),
  schema: undoArgsSchema,
  run: (editor, args) => editor.undo(args),
  render: (value) => `Undone: restored ${value.restored.map((file) => (file.hash === null ? `${file.path} (removed: the write had created it)` : file.path)).join(', ')}. To redo, call undo with undo_token ${JSON.stringify(value.undo_token)}.`,
};
