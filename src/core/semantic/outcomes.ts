import type { SemanticEdit } from '../arguments/semantic.js';
import type { CodeLocation, StructeditError } from '../errors.js';
import type { LineChange } from './line-changes.js';

/** What each semantic edit reports: plain data, rendered for models by the tools layer. */

/** What a `set`, `add` or `remove` did. */
export interface PartEditOutcome {
  /** 0-based index of the edit in the batch. */
  index: number;
  /** The operation. */
  op: 'set' | 'add' | 'remove';
  /** The file, as given. */
  path: string;
  /** The address, as given. */
  address: string;
  /** It was applied (or would be, in a dry run). */
  status: 'applied';
  /** The lines of the file this edit changed (before → after, as the file was just before it). */
  changes: LineChange[];
}

/** One place a rename changed. */
export interface RenameChange {
  /** The file, relative to the root. */
  file: string;
  /** 1-based line (in the file before the rename). */
  line: number;
  /** 1-based column. */
  column: number;
  /** `definition`, `reference`, `import` or `export`. */
  kind: 'definition' | 'reference' | 'import' | 'export';
}

/** What a `rename` did. */
export interface RenameOutcome {
  /** 0-based index of the edit in the batch. */
  index: number;
  /** The operation. */
  op: 'rename';
  /** The file of the declaration, as given. */
  path: string;
  /** The address, as given. */
  address: string;
  /** It was applied (or would be, in a dry run). */
  status: 'applied';
  /** What found the places: `syntax` (structedit's own engine), `typescript`, `lsp:<server>`. */
  backend: string;
  /** The name before. */
  old_name: string;
  /** The name after. */
  new_name: string;
  /** Every changed place, by file and position. */
  changes: RenameChange[];
  /** How many files it changed. */
  files_modified: number;
  /** How many places it changed. */
  locations_updated: number;
  /**
   * Uses of the same name that could not be tied to the declaration (a member accessed on a value
   * of unknown type) and were left alone.
   */
  unresolved: CodeLocation[];
}

/** One thing a move did to a file. */
export interface MoveChange {
  /** The file, relative to the root. */
  file: string;
  /** `removed_definition`, `added_definition`, `added_import`, `removed_import`, `updated_import`, `added_export`. */
  type: 'removed_definition' | 'added_definition' | 'added_import' | 'removed_import' | 'updated_import' | 'added_export';
  /** The import statement or name concerned, when there is one. */
  import?: string;
}

/** What a `move` did. */
export interface MoveOutcome {
  /** 0-based index of the edit in the batch. */
  index: number;
  /** The operation. */
  op: 'move';
  /** The file the declaration was in, as given. */
  path: string;
  /** The address, as given. */
  address: string;
  /** It was applied (or would be, in a dry run). */
  status: 'applied';
  /** The moved declaration's name (`null` for an unnamed structure). */
  element: string | null;
  /** The file it left. */
  from: string;
  /** The file it went to. */
  to: string;
  /** What changed where: the definition removed and added, imports added, removed or updated. */
  changes: MoveChange[];
}

/** An edit of a non-transactional batch that failed (the others went ahead). */
export interface FailedEditOutcome {
  /** 0-based index of the edit in the batch. */
  index: number;
  /** The operation. */
  op: SemanticEdit['op'];
  /** The file, as given. */
  path: string;
  /** The address, as given. */
  address: string;
  /** It failed; the other edits went ahead. */
  status: 'failed';
  /** Why it failed. */
  error: StructeditError;
}

/** What one edit of a batch did. */
export type SemanticEditOutcome = PartEditOutcome | RenameOutcome | MoveOutcome | FailedEditOutcome;
