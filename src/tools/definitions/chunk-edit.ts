import { applyChunksArgsSchema, type ApplyChunksArgs } from '../../core/arguments/chunks.js';
import type { ApplyChunksResult } from '../../editor/chunk-edit.js';
import { count, type ToolSpec } from '../tool-spec.js';
import { renderWarnings } from '../render/warnings.js';
import { ANNOTATIONS } from '../annotations.js';

/** `chunk_edit`. */
export const chunkEditTool: ToolSpec<ApplyChunksArgs, ApplyChunksResult> = {
  name: 'chunk_edit',
  annotations: ANNOTATIONS.chunk_edit,
  description: [
    'Change a few lines inside one function, class or section without resending all of it: each chunk gives the exact lines to replace (old_lines), their replacement (new_lines), and the line(s) directly above and below as anchors (context_before, context_after).',
    'All chunks are checked against the structure before anything changes; if one does not fit, nothing is written and the error shows the structure\'s real lines to copy from.',
    'Name the structure by target (as in read_structure) or by line. Prefer it to replace_structure for scattered small edits in a long structure; use file_edit for exact text anywhere in a file.',
    'Example: {"path": "auth.py", "target": "class UserAuth\\ndef validate", "chunks": [{"context_before": "    if not token:", "old_lines": ["        return False"], "new_lines": ["        raise ValueError(\\"no token\\")"], "context_after": "    return token in VALID"}]}',
  ].join(' '),
  schema: applyChunksArgsSchema,
  run: (editor, args) => editor.applyChunks(args),
  render: (value) =>
    [
      `${value.dry_run ? 'Would apply' : 'Applied'} ${count(value.chunks.length, 'chunk')} to ${value.kind}${value.target === null ? '' : ` ${JSON.stringify(value.target)}`} in ${value.path}, now lines ${value.line_range_inclusive.join('-')} (${count(value.lines_removed, 'line')} removed, ${value.lines_added} added).`,
      ...value.chunks.map(
        (chunk) =>
          `  chunk ${chunk.chunk_index + 1}: ${chunk.old_line_range_inclusive ? `old lines ${chunk.old_line_range_inclusive.join('-')}` : 'insertion'} -> ${chunk.new_line_range_inclusive ? `new lines ${chunk.new_line_range_inclusive.join('-')}` : 'deleted'}`,
      ),
    ].join('\n') + renderWarnings(value.warnings),
};
