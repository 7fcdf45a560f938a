import * as z from 'zod/mini';
import type { PatchFormat } from '../patch/patch-batch.js';
import { described, fileText, forceField, type ForceOption } from './common.js';
import { matchModeField, type MatchMode } from './file-edit.js';

/** Arguments of `applyPatch`. The files it writes in languages structedit parses are checked together (`force` skips the uses). */
export interface ApplyPatchArgs extends ForceOption {
  /** The patch: an apply_patch envelope, SEARCH/REPLACE blocks or a unified diff. */
  patch: string;
  /** Its format (default `auto`: told by its markers). */
  format?: PatchFormat | 'auto';
  /** The file of SEARCH/REPLACE blocks that name none (Cline's and Roo's blocks). */
  path?: string;
  /** Check every hunk and report the diff of each file, without writing. */
  dry_run?: boolean;
  /** `whitespace`: a hunk found nowhere exactly applies where it fits with only whitespace relaxed, when one place does (default `exact`). */
  match?: MatchMode;
}

/** Schema of {@link ApplyPatchArgs}. */
export const applyPatchArgsSchema = z.strictObject({
  patch: described(
    fileText().check(z.minLength(1, 'is empty')),
    'The patch: a "*** Begin Patch" envelope (Add/Delete/Update File, Move to, @@ hunks), SEARCH/REPLACE blocks (the file path on the line above "<<<<<<< SEARCH"), or a unified diff ("--- a/f", "+++ b/f", "@@ -l,n +l,n @@").',
  ),
  format: described(z.optional(z.enum(['auto', 'apply_patch', 'search_replace', 'unified'])), 'The patch format; default "auto" tells it by its markers.'),
  path: described(z.optional(z.string().check(z.minLength(1))), 'The file that SEARCH/REPLACE blocks without a path of their own apply to, relative to the root.'),
  dry_run: described(z.optional(z.boolean()), "Check every hunk and return each file's diff without writing."),
  match: matchModeField,
  force: forceField,
}) satisfies z.ZodMiniType<ApplyPatchArgs>;
