import { listStructuresArgsSchema, readStructureArgsSchema, type ListStructuresArgs, type ReadStructureArgs } from '../../core/arguments/structure.js';
import type { StructureListing } from '../../core/read/list-structures.js';
import type { ListStructuresResult, ReadStructureResult } from '../../editor/read.js';
import { renderWarnings, type ToolSpec } from '../tool-spec.js';
import { ANNOTATIONS } from '../annotations.js';

/** `read_structure`. */
export const readStructureTool: ToolSpec<ReadStructureArgs, ReadStructureResult> = {
  name: 'read_structure',
  annotations: ANNOTATIONS.read_structure,
  description: [
    'Read a function, class, method, statement or Markdown section by its target path instead of by line numbers.',
    'A target has one line per nesting level, outermost first; each line is the literal start (up to 50 characters) of a structure, e.g. "class UserAuth\\ndef validate" or "## Install". "" is the whole file.',
    'Returns every match with its exact text (indented as in the file) and its line range.',
    'Prefer it over reading a whole file when you know what you need; use list_structures to discover targets.',
    'Example: {"path": "src/auth.py", "target": "class UserAuth\\ndef validate"}',
  ].join(' '),
  schema: readStructureArgsSchema,
  run: (editor, args) => editor.readStructure(args),
  render: (value, args) => {
    const header = `${args.path}: ${value.matches.length === 1 ? '1 match' : `${value.matches.length} matches`} for ${JSON.stringify(args.target)}`;
    const matches = value.matches.map((match) => `\nlines ${match.line_range_inclusive.join('-')}:\n${match.text}`);
    return `${header}\n${matches.join('\n')}${renderWarnings(value.warnings)}`;
  },
};

function outline(structures: readonly StructureListing[], indent = ''): string[] {
  return structures.flatMap((structure) => [
    `${indent}${structure.kind}${structure.name ? ` ${structure.name}` : ''} (lines ${structure.line_range_inclusive.join('-')}): ${structure.target === null ? '(no unique target)' : JSON.stringify(structure.target)}${structure.more_children ? ` +${structure.more_children} nested` : ''}`,
    ...outline(structure.children, `${indent}  `),
  ]);
}

/** `list_structures`. */
export const listStructuresTool: ToolSpec<ListStructuresArgs, ListStructuresResult> = {
  name: 'list_structures',
  annotations: ANNOTATIONS.list_structures,
  description: [
    'List the structures of a file (classes, functions, methods, statements, Markdown sections, list items…) as a tree, each with its line range and the shortest target that names it.',
    'Use it to discover the exact targets the other structure tools take. Limit `depth` on large files (1 = top level only).',
    'Example: {"path": "src/auth.py", "depth": 2}',
  ].join(' '),
  schema: listStructuresArgsSchema,
  run: (editor, args) => editor.listStructures(args),
  render: (value) => [`${value.path} (${value.language}):`, ...outline(value.structures, '  ')].join('\n') + renderWarnings(value.warnings),
};
