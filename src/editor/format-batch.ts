import { ok, safeTry, type ResultAsync } from 'neverthrow';
import type { StructeditError } from '../core/errors.js';
import { lineChanges } from '../core/semantic/line-changes.js';
import type { Warning } from '../core/warnings.js';
import type { FormatRange, Formatter } from './formatter.js';
import type { Workspace } from './workspace.js';

/** The offsets of the lines a batch changed in a file's current text. */
function changedRanges(before: string, after: string): FormatRange[] {
  const starts = [0];
  for (let at = after.indexOf('\n'); at !== -1; at = after.indexOf('\n', at + 1)) starts.push(at + 1);
  return lineChanges(before, after)
    .filter((change) => change.after !== '')
    .map((change) => {
      const lines = change.after.split('\n').length;
      const start = starts[change.after_line - 1] ?? after.length;
      const end = starts[change.after_line - 1 + lines] ?? after.length;
      return { start, end: Math.max(start, end - 1) };
    });
}

/**
 * Formats the changed lines of every changed file the formatter supports, re-checking the syntax
 * of each; `FORMAT_SKIPPED` names the files it could not format.
 */
export function formatFiles(workspace: Workspace, formatter: Formatter | null, syntax: 'warn' | 'reject'): ResultAsync<Warning[], StructeditError> {
  return safeTry(async function* () {
    const skipped: string[] = [];
    const warnings: Warning[] = [];
    for (const file of workspace.changed()) {
      if (!formatter || !(await formatter.supports(file.language.id, file.path))) {
        skipped.push(file.path);
        continue;
      }
      const ranges = changedRanges(file.original.text, file.tree.source.text);
      if (ranges.length === 0) continue;
      let formatted: string;
      try {
        formatted = await formatter.format({ path: file.path, language: file.language.id, text: file.tree.source.text, ranges });
      } catch (cause) {
        warnings.push({ type: 'FORMAT_SKIPPED', message: `${formatter.name} could not format ${file.path} (${cause instanceof Error ? cause.message.split('\n', 1)[0] : String(cause)}); it is written unformatted.`, details: { files: [file.path] } });
        continue;
      }
      const applied = yield* workspace.replaceText(file, formatted, syntax).safeUnwrap();
      warnings.push(...applied.warnings);
    }
    if (skipped.length > 0) {
      warnings.push({
        type: 'FORMAT_SKIPPED',
        message: `${formatter ? `${formatter.name} does not format` : 'No formatter is available for'} ${skipped.join(', ')} (install prettier, or pass a formatter to createEditor); ${skipped.length === 1 ? 'it is' : 'they are'} written as edited.`,
        details: { files: skipped },
      });
    }
    return ok(warnings);
  });
}
