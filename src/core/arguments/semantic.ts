import * as z from 'zod/mini';
import { described, expectedHashField, fileText, languageField, MAX_EDITS_PER_CALL, pathField, type FileArgs, type WriteOptions } from './common.js';

/**
 * The semantic edits of `applyEdits` (docs/spec/'s `set`, `add`, `remove`, `rename`, `move`): each
 * names a file and an address in it; the batch options apply to all of them.
 */

const address = described(
  z.string(),
  'Address: a target path (one line per nesting level, e.g. "class User\\ndef save") plus an optional part: .body .params .returns .decorators .name .value .type .args .bases .type_params .imports, or an element by name (.timeout), ["key"] or [index]. The part may follow the last line or stand on a line of its own; "" + part (e.g. ".imports") is the file.',
);
const editPath = described(pathField, 'File, relative to the root.');

/** `set`: the addressed part's text becomes `value` (the file must still parse). */
export interface SetEdit extends FileArgs, Pick<WriteOptions, 'expected_hash'> {
  /** The operation. */
  op: 'set';
  /** What to change: a target plus an optional part (`def fetch.params.timeout`). */
  address: string;
  /** Its new text (zero-indent or as read; re-indented where it goes). */
  value: string;
  /**
   * Set even when the value drops a name the part declares while uses of it remain (they are
   * listed otherwise: `REFERENCES_EXIST`; `rename` changes a name with its uses).
   */
  force?: boolean;
}

/** `add`: `value` becomes a new item of the list the address names. */
export interface AddEdit extends FileArgs, Pick<WriteOptions, 'expected_hash'> {
  /** The operation. */
  op: 'add';
  /** The list: a part (`.params`, `.imports`, `.decorators`, `.body`) or a literal, class, enum, import… */
  address: string;
  /** The new item, as it should read (`timeout: int = 30`, `"b": 2`, `post`). */
  value: string;
  /** `first`, `last` (default), `before:<ref>`, `after:<ref>` (an item by name or first text) or `at:<n>` (0-based). */
  position?: string;
}

/** `remove`: the addressed structure, part or list item goes (with its separator). */
export interface RemoveEdit extends FileArgs, Pick<WriteOptions, 'expected_hash'> {
  /** The operation. */
  op: 'remove';
  /** What to remove. */
  address: string;
  /** Remove a declaration even when references to it remain (they are listed otherwise: `REFERENCES_EXIST`). */
  force?: boolean;
}

/** `rename`: a declaration and its references, across the files under the root. */
export interface RenameEdit extends FileArgs, Pick<WriteOptions, 'expected_hash'> {
  /** The operation. */
  op: 'rename';
  /** The declaration: a named structure, or a part that declares a name (`.params.timeout`). */
  address: string;
  /** The new identifier. A `#private` member stays private: `y` and `#y` both rename `#x` to `#y`. */
  new_name: string;
  /**
   * Uses of a member through receivers whose type syntax cannot tell (`AMBIGUOUS_REFERENCES` lists
   * them): `candidates` renames them all; a list renames exactly those places (an empty list, none).
   */
  include?: 'candidates' | Array<{ file: string; line: number; column: number }>;
  /**
   * Rename the places that were proven even though others mention the name and could not be
   * resolved (`UNRESOLVED_REFERENCES`); those are left alone and listed in a warning.
   */
  force?: boolean;
}

/** `move`: a top-level declaration to another file (imports follow), or to another place in its file. */
export interface MoveEdit extends FileArgs, Pick<WriteOptions, 'expected_hash'> {
  /** The operation. */
  op: 'move';
  /** The declaration (a top-level structure for moves between files). */
  address: string;
  /** The destination file (created if missing); omitted: the same file. */
  to?: string;
  /** Where in the destination: `first`, `last` (default), `before:<target>`, `after:<target>`. */
  position?: string;
  /**
   * Move even though some places mention the name and could not be resolved
   * (`UNRESOLVED_REFERENCES`); those are left as they are and listed in a warning.
   */
  force?: boolean;
}

/** One semantic edit. */
export type SemanticEdit = SetEdit | AddEdit | RemoveEdit | RenameEdit | MoveEdit;

/** Options of an `applyEdits` batch. */
export interface ApplyEditsOptions {
  /** Report what would change (`would_change`) without writing (default `false`). */
  dry_run?: boolean;
  /** All or nothing (default `true`); `false` applies the edits that succeed and reports the others. */
  transaction?: boolean;
  /** Refuse edits that add syntax errors (default `true`); `false` follows the editor's `syntax` option, except for `set`, which always refuses. */
  validate?: boolean;
  /** Format the changed lines with the editor's formatter (default `false`; prettier when installed). */
  format?: boolean;
}

/** Arguments of `applyEdits`: a batch (`edits`), or one edit (`edit`). */
export interface ApplyEditsArgs {
  /** The edits, applied in order to an in-memory state and written together. */
  edits?: SemanticEdit[];
  /** One edit (instead of `edits`). */
  edit?: SemanticEdit;
  /** Batch options. */
  options?: ApplyEditsOptions;
  /** Same as `options.transaction` (the specification writes it at the top level too). */
  transaction?: boolean;
}

const valueField = described(fileText(), 'The new text: zero-indent, or as read; it is re-indented where it goes.');

/** Schema of {@link SemanticEdit}. */
export const semanticEditSchema = z.discriminatedUnion('op', [
  z.strictObject({
    op: described(z.literal('set'), 'set: replace the part at address with value.'),
    path: editPath,
    address,
    value: valueField,
    force: described(z.optional(z.boolean()), 'Set even when the value drops a name the part declares that is still used (the uses are listed otherwise; rename changes a name with its uses).'),
    language: languageField,
    expected_hash: expectedHashField,
  }),
  z.strictObject({
    op: described(z.literal('add'), 'add: insert value as a new item of the list at address.'),
    path: editPath,
    address,
    value: described(valueField, 'The new item as it should read, e.g. "timeout: int = 30", "\\"b\\": 2", "post", "@cache".'),
    position: described(z.optional(z.string()), 'first | last (default) | before:<ref> | after:<ref> (an item by name or by the start of its text) | at:<n> (0-based).'),
    language: languageField,
    expected_hash: expectedHashField,
  }),
  z.strictObject({
    op: described(z.literal('remove'), 'remove: delete the element at address (refused while it is referenced, unless force).'),
    path: editPath,
    address,
    force: described(z.optional(z.boolean()), 'Remove a declaration even if references to it remain.'),
    language: languageField,
    expected_hash: expectedHashField,
  }),
  z.strictObject({
    op: described(z.literal('rename'), 'rename: give the declaration at address a new name, with every reference under the root.'),
    path: editPath,
    address,
    new_name: described(z.string().check(z.minLength(1, 'must be the new identifier')), 'The new identifier (a #private member stays private: "y" and "#y" both give "#y").'),
    include: described(
      z.optional(
        z.union([
          z.literal('candidates'),
          z.array(
            z.strictObject({
              file: described(z.string().check(z.minLength(1)), 'File of the use, relative to the root.'),
              line: described(z.number().check(z.int()).check(z.gte(1)), '1-based line of the use.'),
              column: described(z.number().check(z.int()).check(z.gte(1)), '1-based column of the use.'),
            }),
          ),
        ]),
      ),
      'Member uses through receivers of unknown type (listed by AMBIGUOUS_REFERENCES): "candidates" renames them all; a list of {file, line, column} renames exactly those.',
    ),
    force: described(z.optional(z.boolean()), 'Rename what was proven even if other places mention the name and could not be resolved (UNRESOLVED_REFERENCES); those stay as they are.'),
    language: languageField,
    expected_hash: expectedHashField,
  }),
  z.strictObject({
    op: described(z.literal('move'), 'move: move the top-level declaration at address to another file (to) or place (position), with its imports.'),
    path: editPath,
    address,
    to: described(z.optional(pathField), 'Destination file (created if missing); omitted: reorder within the same file.'),
    position: described(z.optional(z.string()), 'first | last (default) | before:<target> | after:<target> in the destination.'),
    force: described(z.optional(z.boolean()), 'Move even if some places mention the name and could not be resolved (UNRESOLVED_REFERENCES); they stay as they are.'),
    language: languageField,
    expected_hash: expectedHashField,
  }),
]) satisfies z.ZodMiniType<SemanticEdit>;

const editOptions = described(
  z.strictObject({
    dry_run: described(z.optional(z.boolean()), 'Preview: report would_change without writing.'),
    transaction: described(z.optional(z.boolean()), 'All or nothing (default true).'),
    validate: described(z.optional(z.boolean()), 'Refuse edits that add syntax errors (default true).'),
    format: described(z.optional(z.boolean()), 'Format the changed lines with prettier when installed (default false).'),
  }),
  'Batch options.',
);

/** Schema of {@link ApplyEditsArgs}. */
export const applyEditsArgsSchema = z
  .strictObject({
    edits: described(
      z.optional(z.array(semanticEditSchema).check(z.maxLength(MAX_EDITS_PER_CALL, `at most ${MAX_EDITS_PER_CALL} edits per call`))),
      'The edits, applied in order; all succeed or none is written.',
    ),
    edit: described(z.optional(semanticEditSchema), 'One edit, instead of edits.'),
    options: z.optional(editOptions),
    transaction: described(z.optional(z.boolean()), 'Same as options.transaction.'),
  })
  .check(
    z.superRefine((args, context) => {
      if ((args.edits === undefined) === (args.edit === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [args.edits === undefined ? 'edits' : 'edit'],
          message: args.edits === undefined ? 'give the edits as edits: [...] (or one as edit: {...})' : 'give either edits or edit, not both',
        });
      }
      if (args.edits?.length === 0) context.addIssue({ code: 'custom', path: ['edits'], message: 'is empty; give at least one edit' });
    }),
  ) satisfies z.ZodMiniType<ApplyEditsArgs>;

/**
 * Schema of the `semantic_edit` tool's input: the batch always as `edits` (one shape for a model,
 * so the JSON Schema can require it); the library's {@link applyEditsArgsSchema} also takes `edit`.
 */
export const semanticEditToolArgsSchema = z.strictObject({
  edits: described(
    z
      .array(semanticEditSchema)
      .check(z.minLength(1, 'is empty; give at least one edit'))
      .check(z.maxLength(MAX_EDITS_PER_CALL, `at most ${MAX_EDITS_PER_CALL} edits per call`)),
    'The edits, applied in order, each seeing the previous ones; all succeed or none is written (one edit is a list of one).',
  ),
  options: z.optional(editOptions),
  transaction: described(z.optional(z.boolean()), 'Same as options.transaction.'),
}) satisfies z.ZodMiniType<ApplyEditsArgs>;
