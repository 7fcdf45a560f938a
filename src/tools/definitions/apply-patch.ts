import type { ApplyPatchResult } from 'structedit';
import { applyPatchArgsSchema, type ApplyPatchArgs } from '../../core/arguments/patch.js';
import { ANNOTATIONS } from '../annotations.js';
import type { ToolSpec } from '../tool-spec.js';
import { renderWarnings } from '../render/warnings.js';

/** `apply_patch`: the edit formats models are trained on, with structedit's all-or-nothing core. */
export const applyPatchTool: ToolSpec<ApplyPatchArgs, ApplyPatchResult> = {
  name: 'apply_patch',
  annotations: ANNOTATIONS.apply_patch,
  description: [
    'Apply a patch across files in one atomic step, in the format you know best: a "*** Begin Patch" envelope (*** Add File / *** Delete File / *** Update File with *** Move to, @@ hunks of " " context, "-" removed and "+" added lines), SEARCH/REPLACE blocks (the file path on the line above "<<<<<<< SEARCH", then "=======" and ">>>>>>> REPLACE"), or a unified diff (git diff).',
    'Every hunk must match the file exactly: once after the previous hunk of the same file (or nearest its line number). If any hunk does not apply, nothing is written and the error lists every hunk, with the file\'s most similar text for each that failed; fix those and send the whole patch again. match: "whitespace" also applies a hunk that differs from the file only in whitespace, where exactly one place fits. dry_run: true returns each file\'s diff without writing. Undoable.',
    'Code files are checked together before anything is written: a declaration renamed or removed while still used (in any file the patch leaves), or a call that no longer fits a changed function, is refused with each use listed (change them in the same patch, or send force: true).',
    'Example: {"patch": "*** Begin Patch\\n*** Update File: src/app.py\\n@@ def main():\\n-    print(\\"hi\\")\\n+    print(\\"hello\\")\\n*** End Patch"}',
  ].join(' '),
  schema: applyPatchArgsSchema,
  run: (editor, args) => editor.applyPatch(args),
  render: (value) => {
    const head = `${value.dry_run ? 'Would apply' : 'Applied'} the ${value.format} patch to ${value.files.length} file${value.files.length === 1 ? '' : 's'}${value.dry_run ? '; nothing was written' : ''}${value.undo_token ? ` (undo_token: ${value.undo_token})` : ''}:`;
    const lines = value.files.flatMap((file) => [
      `  ${file.action} ${file.from ? `${file.from} -> ` : ''}${file.path}${file.hunks > 0 ? ` (${file.hunks} hunk${file.hunks === 1 ? '' : 's'})` : ''}`,
      ...(file.relaxed ?? []).map((relaxed) => `    hunk ${relaxed.hunk} was not found exactly; it matched line ${relaxed.line_number} with only whitespace relaxed${relaxed.line_number_prefixes ? ' (line-number prefixes removed)' : ''}${relaxed.reindented ? ' (new lines re-indented to the file)' : ''}`),
    ]);
    const diffs = value.files.filter((file) => file.diff !== '').map((file) => file.diff.trimEnd());
    return [head, ...lines, ...(diffs.length > 0 ? ['', ...diffs] : [])].join('\n') + renderWarnings(value.warnings);
  },
};
