import {
  deleteStructureArgsSchema,
  insertStructureArgsSchema,
  moveStructureNextToArgsSchema,
  moveStructureToFileArgsSchema,
  replaceAllTextInStructureArgsSchema,
  replaceStructureArgsSchema,
  replaceTextInStructureArgsSchema,
  type DeleteStructureArgs,
  type InsertStructureArgs,
  type MoveStructureArgs,
  type MoveStructureNextToArgs,
  type MoveStructureToFileArgs,
  type ReplaceAllTextInStructureArgs,
  type ReplaceStructureArgs,
  type ReplaceTextInStructureArgs,
} from '../../core/arguments/structure.js';
import type {
  DeleteStructureResult,
  InsertAfterStructureResult,
  InsertBeforeStructureResult,
  MoveStructureResult,
  ReplaceAllTextInStructureResult,
  ReplaceStructureResult,
  ReplaceTextInStructureResult,
} from '../../editor/structure-edits.js';
import { count, type AnyToolSpec, type ToolSpec } from '../tool-spec.js';
import { renderWarnings } from '../render/warnings.js';
import { ANNOTATIONS } from '../annotations.js';

/** `Replaced` or, for a dry run, `Would replace` (nothing written). */
const did = (value: { dry_run: boolean }, done: string, wouldDo: string) => (value.dry_run ? `Dry run, nothing written: would ${wouldDo}` : done);

const TARGETS =
  'A target has one line per nesting level, outermost first, each the literal start of a structure (e.g. "class UserAuth\\ndef validate"); it must name exactly one structure.';
const lines = (range: readonly number[]) => `lines ${range[0]}-${range[1]}`;

/** `replace_structure`. */
export const replaceStructureTool: ToolSpec<ReplaceStructureArgs, ReplaceStructureResult> = {
  name: 'replace_structure',
  annotations: ANNOTATIONS.replace_structure,
  description: [
    'Replace a whole function, class, method, statement or Markdown section by its target path.',
    'Content that starts at the declaration keeps the doc comment and decorators above it; content that starts with its own comment or decorator replaces those too.',
    TARGETS,
    'Give content at zero indent, or exactly as read_structure returned it (the first line may be unindented): it is re-indented to where the structure sits, never inside string literals. Target "" replaces the whole file.',
    'Prefer chunk_edit or replace_text_in_structure when only a few lines change.',
    "A change to a function's parameters that a call no longer fits, or (Python) a name used that nothing declares, is refused, the places listed (force: true writes it).",
    'Example: {"path": "auth.py", "target": "class UserAuth\\ndef validate", "content": "def validate(self, token):\\n    return token in self.valid"}',
  ].join(' '),
  schema: replaceStructureArgsSchema,
  run: (editor, args) => editor.replaceStructure(args),
  render: (value, args) =>
    `${did(value, 'Replaced', 'replace')} ${JSON.stringify(args.target)} in ${args.path}; it ${value.dry_run ? 'would be' : 'is now'} at ${lines(value.lines)}.${
      value.kept_leading_lines > 0 ? ` The content started at the declaration, so the ${value.kept_leading_lines} line${value.kept_leading_lines === 1 ? '' : 's'} above it (doc comment, decorators) ${value.dry_run ? 'would be' : 'were'} kept; send them in the content to replace them too.` : ''
    }${renderWarnings(value.warnings)}`,
};

/** `delete_structure`. */
export const deleteStructureTool: ToolSpec<DeleteStructureArgs, DeleteStructureResult> = {
  name: 'delete_structure',
  annotations: ANNOTATIONS.delete_structure,
  description: [
    'Delete a function, class, method, statement or Markdown section by its target path, with its decorators and doc comment; the blank lines around it stay consistent.',
    'Refused while a name it declares is still used elsewhere, the uses listed (force: true deletes it anyway).',
    TARGETS,
    'Example: {"path": "auth.py", "target": "class UserAuth\\ndef logout"}',
  ].join(' '),
  schema: deleteStructureArgsSchema,
  run: (editor, args) => editor.deleteStructure(args),
  render: (value, args) => `${did(value, 'Deleted', 'delete')} ${JSON.stringify(args.target)} from ${args.path} (${lines(value.deleted_line_range_inclusive)}).${renderWarnings(value.warnings)}`,
};

/** `replace_text_in_structure`. */
export const replaceTextInStructureTool: ToolSpec<ReplaceTextInStructureArgs, ReplaceTextInStructureResult> = {
  name: 'replace_text_in_structure',
  annotations: ANNOTATIONS.replace_text_in_structure,
  description: [
    'Replace one exact piece of text inside one structure: old_text must occur exactly once within the structure (literal, case-sensitive, whitespace included); new_text is written as given.',
    TARGETS,
    'Prefer it to file_edit when the same text also occurs elsewhere in the file. Use replace_all_text_in_structure to change every occurrence.',
    'Example: {"path": "auth.py", "target": "class UserAuth\\ndef validate", "old_text": "return False", "new_text": "raise InvalidToken()"}',
  ].join(' '),
  schema: replaceTextInStructureArgsSchema,
  run: (editor, args) => editor.replaceTextInStructure(args),
  render: (value, args) => `${did(value, 'Replaced', 'replace')} the text in ${JSON.stringify(args.target)} of ${args.path}; the new text ${value.dry_run ? 'would be' : 'is'} at ${lines(value.affected_lines)}.${renderWarnings(value.warnings)}`,
};

/** `replace_all_text_in_structure`. */
export const replaceAllTextInStructureTool: ToolSpec<ReplaceAllTextInStructureArgs, ReplaceAllTextInStructureResult> = {
  name: 'replace_all_text_in_structure',
  annotations: ANNOTATIONS.replace_all_text_in_structure,
  description: [
    'Replace every occurrence of an exact piece of text inside one structure (literal, case-sensitive), e.g. rename a local variable within one function. expected_count, if given, must equal the number of occurrences or nothing changes.',
    TARGETS,
    'Example: {"path": "auth.py", "target": "def main", "old_text": "tmp", "new_text": "token", "expected_count": 3}',
  ].join(' '),
  schema: replaceAllTextInStructureArgsSchema,
  run: (editor, args) => editor.replaceAllTextInStructure(args),
  render: (value, args) => `${did(value, 'Replaced', 'replace')} ${count(value.total_replacements, 'occurrence')} in ${JSON.stringify(args.target)} of ${args.path} (${lines(value.affected_lines)}).${renderWarnings(value.warnings)}`,
};

/** `insert_before_structure`. */
export const insertBeforeStructureTool: ToolSpec<InsertStructureArgs, InsertBeforeStructureResult> = {
  name: 'insert_before_structure',
  annotations: ANNOTATIONS.insert_before_structure,
  description: [
    'Insert new code or text just before a structure, at its indentation and with the blank lines the file uses between siblings. Target "" inserts at the start of the file.',
    TARGETS,
    'Give content at zero indent. In Python, content using a name nothing declares is refused (force: true writes it).',
    'Example: {"path": "auth.py", "target": "class UserAuth\\ndef validate", "content": "def refresh(self):\\n    self.token = self.issue()"}',
  ].join(' '),
  schema: insertStructureArgsSchema,
  run: (editor, args) => editor.insertBeforeStructure(args),
  render: (value, args) => `${did(value, 'Inserted', 'insert')} before ${JSON.stringify(args.target)} in ${args.path} at line ${value.inserted_at_line}; the target ${value.dry_run ? 'would start' : 'now starts'} at line ${value.target_now_at_line}.${renderWarnings(value.warnings)}`,
};

/** `insert_after_structure`. */
export const insertAfterStructureTool: ToolSpec<InsertStructureArgs, InsertAfterStructureResult> = {
  name: 'insert_after_structure',
  annotations: ANNOTATIONS.insert_after_structure,
  description: [
    'Insert new code or text just after a structure, at its indentation and with the blank lines the file uses between siblings. Target "" appends at the end of the file.',
    TARGETS,
    'Give content at zero indent. In Python, content using a name nothing declares is refused (force: true writes it).',
    'Example: {"path": "auth.py", "target": "class UserAuth", "content": "class AdminAuth(UserAuth):\\n    pass"}',
  ].join(' '),
  schema: insertStructureArgsSchema,
  run: (editor, args) => editor.insertAfterStructure(args),
  render: (value, args) => `${did(value, 'Inserted', 'insert')} after ${JSON.stringify(args.target)} in ${args.path} at line ${value.inserted_at_line}.${renderWarnings(value.warnings)}`,
};

function moveTool<Args extends MoveStructureNextToArgs | MoveStructureToFileArgs>(
  name: `move_structure_to_${MoveStructureArgs['position']}`,
  position: MoveStructureArgs['position'],
  where: string,
  example: string,
  schema: ToolSpec<Args, MoveStructureResult>['schema'],
): ToolSpec<Args, MoveStructureResult> {
  return {
    name,
    annotations: ANNOTATIONS[name],
    description: [
      `Move a structure (with its decorators and doc comment) ${where}, in the same file or another one, re-indented for its new place.`,
      'Both files are checked before anything is written, and a failure leaves both as they were.',
      'A move out of its scope (into or out of a class or function, to another file) is refused while a use of it would be left behind (REFERENCES_EXIST) or a name it uses would not be seen where it lands (NAMES_OUT_OF_REACH: an import, a self member); force: true moves it anyway.',
      TARGETS,
      `Example: ${example}`,
    ].join(' '),
    schema,
    run: (editor, args) => editor.moveStructure({ ...args, position }),
    render: (value, args) =>
      `${did(value, 'Moved', 'move')} ${JSON.stringify(args.source_target)} from ${args.source_path} (${lines(value.source_original_line_range)}) to ${args.dest_path}, ${value.dry_run ? 'to' : 'now'} ${lines(value.destination_final_line_range)}.${renderWarnings(value.warnings)}`,
  };
}

/** `move_structure_to_before`, `move_structure_to_after`, `move_structure_to_file_start`, `move_structure_to_file_end`. */
export const moveStructureTools: readonly AnyToolSpec[] = [
  moveTool(
    'move_structure_to_before',
    'before',
    'to just before another structure (dest_target)',
    '{"source_path": "auth.py", "source_target": "def helper", "dest_path": "auth.py", "dest_target": "class UserAuth"}',
    moveStructureNextToArgsSchema,
  ),
  moveTool(
    'move_structure_to_after',
    'after',
    'to just after another structure (dest_target)',
    '{"source_path": "auth.py", "source_target": "class UserAuth\\ndef helper", "dest_path": "util.py", "dest_target": "def parse"}',
    moveStructureNextToArgsSchema,
  ),
  moveTool(
    'move_structure_to_file_start',
    'file_start',
    'to the start of a file (created if missing)',
    '{"source_path": "auth.py", "source_target": "VALID", "dest_path": "constants.py"}',
    moveStructureToFileArgsSchema,
  ),
  moveTool(
    'move_structure_to_file_end',
    'file_end',
    'to the end of a file (created if missing)',
    '{"source_path": "auth.py", "source_target": "def helper", "dest_path": "util.py"}',
    moveStructureToFileArgsSchema,
  ),
] as unknown as AnyToolSpec[];
