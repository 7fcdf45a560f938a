import { readFileArgsSchema, type ReadFileArgs } from '../../core/arguments/file-read.js';
import type { ReadFileResult } from '../../core/file-read/types.js';
import { fileReadText } from '../render/file-read.js';
import { renderWarnings, type ToolSpec } from '../tool-spec.js';
import { ANNOTATIONS } from '../annotations.js';

/** `file_read`. */
export const fileReadTool: ToolSpec<ReadFileArgs, ReadFileResult> = {
  name: 'file_read',
  annotations: ANNOTATIONS.file_read,
  description: [
    'Read a file by structure, without wasting context on bodies you do not need.',
    '{"skeleton": true} maps every line: imports, exports, comments, directives, each symbol with its kind, lines and target, and the few remaining lines.',
    '{"startLine", "endLine"} shows those lines with every function, class or section collapsed to a stub naming the target to read it with (add skeleton: true to collapse imports and comments too).',
    '{"target"} reads one structure, its nested definitions as stubs unless "recursive": true. With only a path it returns the whole file.',
    'Prefer skeleton or a range over the whole file for large files; then read_structure or file_read with a target for what you need.',
    'Example: {"path": "src/config.ts", "skeleton": true}',
  ].join(' '),
  schema: readFileArgsSchema,
  run: (editor, args) => editor.readFile(args),
  render: (value) => fileReadText(value) + renderWarnings(value.warnings),
};
