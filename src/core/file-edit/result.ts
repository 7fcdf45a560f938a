import type { SequentialEditPlan } from './sequential-edits.js';
import type { TextDiff } from '../text/diff.js';
import type { EditFileResult } from './types.js';
import type { Warning } from '../warnings.js';

/** What a successful (or dry) run did. */
export interface FileEditOutcome {
  /** The file (symbolic links resolved). */
  path: string;
  /** The planned edits. */
  plan: SequentialEditPlan;
  /** Their diff. */
  diff: TextDiff;
  /** Whether nothing was written because the caller asked for a dry run. */
  dry_run: boolean;
  /** Whether the edits change the file's bytes. */
  would_modify: boolean;
  /** The file's content hash after the call. */
  hash: string;
  /** The token that undoes the write (`null`: nothing was written). */
  undo_token: string | null;
  /** What the checks of the edited file found without refusing it (`SYNTAX_BROKEN`). */
  warnings?: Warning[];
}

/** The result of an `editFile` call, as data (the `file_edit` tool renders it as the specification's text). */
export function fileEditResult(outcome: FileEditOutcome): EditFileResult {
  const { path, plan, diff } = outcome;
  const total = plan.summaries.reduce((sum, summary) => sum + summary.occurrences_replaced, 0);
  const result: EditFileResult = { path, diff, edits_applied: plan.summaries, total_replacements: total, dry_run: outcome.dry_run, hash: outcome.hash, undo_token: outcome.undo_token, warnings: outcome.warnings ?? [] };
  if (outcome.dry_run) {
    result.would_modify = outcome.would_modify;
    result.preview = plan.changes;
  }
  return result;
}
