import * as z from 'zod';
import { expectedHashField, fileText, languageField, MAX_EDITS_PER_CALL, pathField, type FileArgs, type WriteOptions } from './common.js';

/**
 * The semantic edits of `applyEdits` (docs/spec/'s `set`, `add`, `remove`, `rename`, `move`): each
 * names a file and an address in it; the batch options apply to all of them.
 */

const address = z
  .string()
  .describe('Address: a target path (one line per nesting level, e.g. "class User\\ndef save") plus an optional part: .body .params .returns .decorators .name .value .type .args .bases .type_params .imports, or an element by name (.timeout), ["key"] or [index]. The part may follow the last line or stand on a line of its own; "" + part (e.g. ".imports") is the file.');
const editPath = pathField.describe('File, relative to the root.');

/** `set`: the addressed part's text becomes `value` (the file must still parse). */
export interface SetEdit extends FileArgs, Pick<WriteOptions, 'expected_hash'> {
  /** The operation. */
  op: 'set';
  /** What to change: a target plus an optional part (`def fetch.params.timeout`). */
  address: string;
  /** Its new text (zero-indent or as read; re-indented where it goes). */
  value: string;
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

const valueField = fileText().describe('The new text: zero-indent, or as read; it is re-indented where it goes.');

/** Schema of {@link SemanticEdit}. */
export const semanticEditSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('set').describe('set: replace the part at address with value.'), path: editPath, address, value: valueField, language: languageField, expected_hash: expectedHashField }),
  z.strictObject({
    op: z.literal('add').describe('add: insert value as a new item of the list at address.'),
    path: editPath,
    address,
    value: valueField.describe('The new item as it should read, e.g. "timeout: int = 30", "\\"b\\": 2", "post", "@cache".'),
    position: z.string().optional().describe('first | last (default) | before:<ref> | after:<ref> (an item by name or by the start of its text) | at:<n> (0-based).'),
    language: languageField,
    expected_hash: expectedHashField,
  }),
  z.strictObject({ op: z.literal('remove').describe('remove: delete the element at address (refused while it is referenced, unless force).'), path: editPath, address, force: z.boolean().optional().describe('Remove a declaration even if references to it remain.'), language: languageField, expected_hash: expectedHashField }),
  z.strictObject({
    op: z.literal('rename').describe('rename: give the declaration at address a new name, with every reference under the root.'),
    path: editPath,
    address,
    new_name: z.string().min(1, 'must be the new identifier').describe('The new identifier (a #private member stays private: "y" and "#y" both give "#y").'),
    include: z
      .union([z.literal('candidates'), z.array(z.strictObject({ file: z.string().min(1).describe('File of the use, relative to the root.'), line: z.number().int().min(1).describe('1-based line of the use.'), column: z.number().int().min(1).describe('1-based column of the use.') }))])
      .optional()
      .describe('Member uses through receivers of unknown type (listed by AMBIGUOUS_REFERENCES): "candidates" renames them all; a list of {file, line, column} renames exactly those.'),
    force: z.boolean().optional().describe('Rename what was proven even if other places mention the name and could not be resolved (UNRESOLVED_REFERENCES); those stay as they are.'),
    language: languageField,
    expected_hash: expectedHashField,
  }),
  z.strictObject({
    op: z.literal('move').describe('move: move the top-level declaration at address to another file (to) or place (position), with its imports.'),
    path: editPath,
    address,
    to: pathField.optional().describe('Destination file (created if missing); omitted: reorder within the same file.'),
    position: z.string().optional().describe('first | last (default) | before:<target> | after:<target> in the destination.'),
    force: z.boolean().optional().describe('Move even if some places mention the name and could not be resolved (UNRESOLVED_REFERENCES); they stay as they are.'),
    language: languageField,
    expected_hash: expectedHashField,
  }),
]) satisfies z.ZodType<SemanticEdit>;

const editOptions = z
  .strictObject({
    dry_run: z.boolean().optional().describe('Preview: report would_change without writing.'),
    transaction: z.boolean().optional().describe('All or nothing (default true).'),
    validate: z.boolean().optional().describe('Refuse edits that add syntax errors (default true).'),
    format: z.boolean().optional().describe('Format the changed lines with prettier when installed (default false).'),
  })
  .describe('Batch options.');

/** Schema of {@link ApplyEditsArgs}. */
export const applyEditsArgsSchema = z
  .strictObject({
    edits: z.array(semanticEditSchema).max(MAX_EDITS_PER_CALL, `at most ${MAX_EDITS_PER_CALL} edits per call`).optional().describe('The edits, applied in order; all succeed or none is written.'),
    edit: semanticEditSchema.optional().describe('One edit, instead of edits.'),
    options: editOptions.optional(),
    transaction: z.boolean().optional().describe('Same as options.transaction.'),
  })
  .superRefine((args, context) => {
    if ((args.edits === undefined) === (args.edit === undefined)) {
      context.addIssue({ code: 'custom', path: [args.edits === undefined ? 'edits' : 'edit'], message: args.edits === undefined ? 'give the edits as edits: [...] (or one as edit: {...})' : 'give either edits or edit, not both' });
    }
    if (args.edits?.length === 0) context.addIssue({ code: 'custom', path: ['edits'], message: 'is empty; give at least one edit' });
  }) satisfies z.ZodType<ApplyEditsArgs>;

/**
 * Schema of the `semantic_edit` tool's input: the batch always as `edits` (one shape for a model,
 * so the JSON Schema can require it); the library's {@link applyEditsArgsSchema} also takes `edit`.
 */
export const semanticEditToolArgsSchema = z.strictObject({
  edits: z
    .array(semanticEditSchema)
    .min(1, 'is empty; give at least one edit')
    .max(MAX_EDITS_PER_CALL, `at most ${MAX_EDITS_PER_CALL} edits per call`)
    .describe('The edits, applied in order, each seeing the previous ones; all succeed or none is written (one edit is a list of one).'),
  options: editOptions.optional(),
  transaction: z.boolean().optional().describe('Same as options.transaction.'),
}) satisfies z.ZodType<ApplyEditsArgs>;
