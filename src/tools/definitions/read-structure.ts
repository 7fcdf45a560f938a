import { listStructuresArgsSchema, readStructureArgsSchema, type ListStructuresArgs, type ReadStructureArgs } from '../../core/arguments/structure-read.js';
import type { StructureListing } from '../../core/read/list-structures.js';
import type { ListStructuresInResult, ListStructuresResult, ReadStructureResult, StructeditError } from 'structedit';
import { errAsync } from 'neverthrow';
import { isGlob } from '../../core/glob.js';
import { NOT_A_FOLDER } from '../../core/arguments/discovery.js';
import { count, type ToolSpec } from '../tool-spec.js';
import { renderWarnings } from '../render/warnings.js';
import { ANNOTATIONS } from '../annotations.js';

/** `read_structure`. */
export const readStructureTool: ToolSpec<ReadStructureArgs, ReadStructureResult> = {
  name: 'read_structure',
  annotations: ANNOTATIONS.read_structure,
  description: [
    'Read a function, class, method, statement or Markdown section by its target path instead of by line numbers.',
    'A target has one line per nesting level, outermost first; each line is the literal start (up to 50 characters) of a structure, e.g. "class UserAuth\\ndef validate", or for a Markdown section under the title "# MyApp\\n## Install" (a heading is nested under the heading above it). "" is the whole file.',
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
  continuation: (value, args) => {
    const range = value.matches[0]?.line_range_inclusive;
    return `See it with nested definitions as stubs: file_read {"path": ${JSON.stringify(args.path)}, "target": ${JSON.stringify(args.target)}}; then read one of them by its target (the stubs name it), or a part with startLine/endLine${range ? ` within lines ${range[0]}-${range[1]}` : ''}.`;
  },
};

function outline(structures: readonly StructureListing[], indent = ''): string[] {
  return structures.flatMap((structure) => [
    `${indent}${structure.kind}${structure.name ? ` ${structure.name}` : ''} (lines ${structure.line_range_inclusive.join('-')}): ${structure.target === null ? '(no unique target)' : JSON.stringify(structure.target)}${structure.more_children ? ` +${structure.more_children} nested` : ''}`,
    ...outline(structure.children, `${indent}  `),
  ]);
}

/**
 * Whether listing `path` as one file failed in a way a folder does: no language for a name without
 * a known extension (`src`), or a folder where a file was expected (`lib.d.ts/`).
 */
function mayBeFolder(error: StructeditError): boolean {
  return error.error === 'LANGUAGE_UNSUPPORTED' || (error.error === 'INVALID_ARGUMENT' && / is a folder\b/.test(error.message));
}

/** Whether `listStructuresIn` refused the path because it is a file (then the file's own error stands). */
function isFile(error: StructeditError): boolean {
  return error.error === 'INVALID_ARGUMENT' && error.details.issues.some((issue) => issue.message === NOT_A_FOLDER);
}

function renderFile(value: ListStructuresResult): string {
  return [`${value.path} (${value.language}):`, ...outline(value.structures, '  ')].join('\n') + renderWarnings(value.warnings);
}

/**
 * `list_structures`: one file's structure tree; for a folder or a glob, each file's in turn (the
 * result then has `files`, each one file's listing).
 */
export const listStructuresTool: ToolSpec<ListStructuresArgs, ListStructuresResult | ListStructuresInResult> = {
  name: 'list_structures',
  annotations: ANNOTATIONS.list_structures,
  description: [
    'List the structures of a file (classes, functions, methods, statements, Markdown sections, list items…) as a tree, each with its line range and the shortest target that names it.',
    'Use it to discover the exact targets the other structure tools take. Limit `depth` on large files (1 = top level only).',
    'path may also be a folder or a glob ("src", "src/**/*.py"): every file in it is listed (at most 50, files that .gitignore ignores left out); use find_structures to search by name or text instead.',
    'Example: {"path": "src/auth.py", "depth": 2}',
  ].join(' '),
  schema: listStructuresArgsSchema,
  run: (editor, args) => {
    const acrossFiles = () => editor.listStructuresIn(args.depth === undefined ? { path: args.path } : { path: args.path, depth: args.depth });
    if (isGlob(args.path)) return acrossFiles();
    return editor.listStructures(args).orElse((error) => (mayBeFolder(error) ? acrossFiles().orElse((other) => errAsync(isFile(other) ? error : other)) : errAsync(error)));
  },
  render: (value) => {
    if (!('files' in value)) return renderFile(value);
    const listed = value.files.map(renderFile);
    const skipped = value.skipped.map((file) => `${file.path}: not listed (${file.reason})`);
    const more = value.truncated > 0 ? [`${count(value.truncated, 'more file')} not listed: give a narrower folder or glob.`] : [];
    return [`${value.path}: ${count(value.files.length, 'file')}`, ...listed, ...skipped, ...more].join('\n\n');
  },
  continuation: (value, args) =>
    'files' in value
      ? `List fewer levels ("depth": 1) or a narrower folder or glob than ${JSON.stringify(args.path)}; find_structures searches by name, kind or text.`
      : `List fewer levels ("depth": 1 for the top level), then map one part at a time with file_read {"path": ${JSON.stringify(args.path)}, "startLine": …, "endLine": …, "skeleton": true}.`,
};
