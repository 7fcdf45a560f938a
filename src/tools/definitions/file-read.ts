import { readFileArgsSchema, type ReadFileArgs } from '../../core/arguments/file-read.js';
import type { ReadFileResult } from '../../core/file-read/types.js';
import { fileReadText } from '../render/file-read.js';
import type { ToolSpec } from '../tool-spec.js';
import { renderWarnings } from '../render/warnings.js';
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
  continuation: (value, args, shown) => {
    const call = (fields: string) => `file_read {"path": ${JSON.stringify(args.path)}, ${fields}}`;
    const lines = (range: readonly [number, number] | null) => (range === null ? '' : ` within lines ${range[0]}-${range[1]}`);
    switch (value.mode) {
      case 'file': {
        // The whole file is the tail of the text: what was shown of it follows from the lines kept.
        const contentLines = value.content.split('\n').length;
        const next = Math.max(1, shown.shownLines - (shown.totalLines - contentLines) + 1);
        const step = Math.max(50, next - 1);
        return `Continue with ${call(`"startLine": ${next}, "endLine": ${Math.min(value.total_lines, next + step - 1)}`)}; or map the file first with ${call('"skeleton": true')} and read what you need by target.`;
      }
      case 'skeleton':
        return `Map a part at a time: ${call('"startLine": …, "endLine": …, "skeleton": true')}, or list_structures with a target and "depth": 1.`;
      case 'range':
        return `Ask for fewer lines at once: startLine/endLine${lines(value.line_range_inclusive)}, about ${Math.max(1, shown.shownLines)} lines per call; or read one structure with a target.`;
      case 'target':
        return `Read one nested structure at a time by its target (the stubs name them; without "recursive": true they stay stubs), or a line range with startLine/endLine${lines(value.matches[0]?.line_range_inclusive ?? null)}.`;
    }
  },
};
