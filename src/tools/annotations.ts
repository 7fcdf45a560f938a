import type { ToolAnnotations } from './tool-spec.js';

type Hints = Omit<ToolAnnotations, 'openWorldHint'>;

const read = (title: string): Hints => ({ title, readOnlyHint: true, destructiveHint: false, idempotentHint: true });
const write = (title: string, destructive: boolean, idempotent: boolean): Hints => ({ title, readOnlyHint: false, destructiveHint: destructive, idempotentHint: idempotent });

/**
 * The hints of every tool, in one table so they are judged side by side. Every write can be undone
 * (`undo`), but that does not make it harmless: destructive means it may delete or overwrite
 * content; idempotent means the same call again changes nothing more.
 *
 * | tool                          | destructive | idempotent | why |
 * |-------------------------------|-------------|------------|-----|
 * | read_structure, list_structures, find_structures, file_read | – | – | read only |
 * | replace_structure             | yes | yes | overwrites a structure; again: the same content is written, or the target no longer matches and it fails |
 * | delete_structure              | yes | no  | deletes; a target is a prefix, so once it is gone the same target may name another structure |
 * | replace_text_in_structure     | yes | no  | overwrites text; new_text may contain old_text, so a second call edits again |
 * | replace_all_text_in_structure | yes | no  | as above, for every occurrence |
 * | insert_before/after_structure | no  | no  | only adds; a second call adds a second copy |
 * | move_structure_to_*           | yes | no  | removes the structure from its place; a second call may move it again (within one file) |
 * | file_edit, chunk_edit         | yes | no  | overwrite text; the new text may hold the old |
 * | semantic_edit                 | yes | no  | set/remove/rename overwrite or delete; add adds again |
 * | undo                          | yes | yes | puts back older content over the current (a created file is removed); a token works once |
 * | apply_patch                   | yes | no  | overwrites and deletes files; a second call fails (its hunks no longer match) or, for an added file, finds it exists |
 * | create_file                   | yes | no  | overwrite: true replaces a file; without it a second call fails (FILE_EXISTS) |
 * | delete_file                   | yes | no  | deletes; a second call fails (FILE_NOT_FOUND) |
 * | move_file                     | yes | no  | removes the file from its path (and may replace one); a second call fails |
 */
export const ANNOTATIONS = {
  read_structure: read('Read a structure'),
  list_structures: read('List the structures of a file'),
  find_structures: read('Find structures across files'),
  file_read: read('Read a file by structure'),
  replace_structure: write('Replace a structure', true, true),
  delete_structure: write('Delete a structure', true, false),
  replace_text_in_structure: write('Replace text in a structure', true, false),
  replace_all_text_in_structure: write('Replace all text occurrences in a structure', true, false),
  insert_before_structure: write('Insert before a structure', false, false),
  insert_after_structure: write('Insert after a structure', false, false),
  move_structure_to_before: write('Move a structure before another', true, false),
  move_structure_to_after: write('Move a structure after another', true, false),
  move_structure_to_file_start: write('Move a structure to the start of a file', true, false),
  move_structure_to_file_end: write('Move a structure to the end of a file', true, false),
  file_edit: write('Edit exact text in a file', true, false),
  chunk_edit: write('Edit lines of a structure by chunks', true, false),
  semantic_edit: write('Edit code by address (set, add, remove, rename, move)', true, false),
  undo: write('Undo an earlier write', true, true),
  apply_patch: write('Apply a patch', true, false),
  create_file: write('Create a file', true, false),
  delete_file: write('Delete a file', true, false),
  move_file: write('Move or rename a file', true, false),
} as const satisfies Record<string, Hints>;
