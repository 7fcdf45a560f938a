import { fileEditArgsSchema, type FileEditArgs } from '../../core/arguments/file-edit.js';
import type { EditFileResult } from '../../core/file-edit/types.js';
import { fileEditMetadata, fileEditText } from '../render/file-edit.js';
import type { ToolSpec } from '../tool-spec.js';
import { renderWarnings } from '../render/warnings.js';
import { ANNOTATIONS } from '../annotations.js';

/** `file_edit`: its results and errors read as the file-edit specification writes them. */
export const fileEditTool: ToolSpec<FileEditArgs, EditFileResult> = {
  name: 'file_edit',
  annotations: ANNOTATIONS.file_edit,
  description: [
    'Apply one or more exact-text edits to any text file in one atomic call: each { old_text, new_text, occurrences? } is applied in order to the result of the previous one, and must match exactly `occurrences` times (default 1), or nothing is written.',
    'Matching is literal (no regex), case-sensitive and whitespace-exact; a failure reports every failing edit, each with the most similar text in the file, what differs, and the exact text to copy. match: "whitespace" also accepts an old_text that differs from the file only in whitespace or line-number prefixes when exactly one place fits. dry_run: true returns the diff without writing.',
    'Works on any file; a code file is then checked: an edit that renames or removes a declaration still used elsewhere, or changes a function so its calls no longer fit, is refused with each use listed (edit them in the same call or with apply_patch, or send force: true). Prefer the structure tools when you can name a function or class.',
    'Example: {"path": "src/app.ts", "edits": [{"old_text": "const retries = 3;", "new_text": "const retries = 5;"}, {"old_text": "console.log", "new_text": "logger.debug", "occurrences": 2}]}',
  ].join(' '),
  schema: fileEditArgsSchema,
  run: (editor, args) => editor.editFile(args),
  render: (value) => fileEditText(value) + renderWarnings(value.warnings),
  structured: (value) => ({ ...fileEditMetadata(value), warnings: value.warnings }),
};
