import { err, ok, type Result } from 'neverthrow';
import type { FilePatch, PatchBatch, PatchHunk, PatchSyntaxError } from './patch-batch.js';

/**
 * SEARCH/REPLACE blocks: Aider's (the file's path on the line before the block, or before its
 * ``` fence)
 *
 *     path/to/file.py
 *     <<<<<<< SEARCH
 *     old lines
 *     =======
 *     new lines
 *     >>>>>>> REPLACE
 *
 * and Cline's/Roo's (`------- SEARCH` … `=======` … `+++++++ REPLACE`, optionally `:start_line:N`
 * (and Roo's `:end_line:N`) and a `-------` line at the top of the search part). A block without a
 * path of its own is for the file of the block before it, as Aider reads them; the first such block
 * takes `defaultPath`. An empty SEARCH creates the file (or appends to it, as Aider does).
 */
export function parseSearchReplace(patch: string, defaultPath: string | null): Result<PatchBatch, PatchSyntaxError> {
  const lines = patch.replace(/\r\n?/g, '\n').split('\n');
  // A marker with its word may be any length from 5 (Cline writes 11 dashes too); a divider, which has
  // none, is 5 to 9 "=" as Aider reads it, so that a longer run of "=" in the text (an underline) stays text.
  const isSearch = (line: string) => /^(<{5,}|-{5,}) ?SEARCH\s*$/.test(line.trim()) || /^<{5,9}\s*$/.test(line.trim());
  const isDivider = (line: string) => /^={5,9}\s*$/.test(line.trim());
  const isReplace = (line: string) => /^(>{5,}|\+{5,}) ?REPLACE\s*$/.test(line.trim());
  const byPath = new Map<string, PatchHunk[]>();
  const order: string[] = [];
  const firstLine = new Map<string, number>();
  let at = 0;
  let blocks = 0;
  let previousPath: string | null = null;
  while (at < lines.length) {
    if (!isSearch(lines[at]!)) {
      at++;
      continue;
    }
    const start = at + 1;
    // The path: the nearest non-empty line above that is not a fence or the end of another block.
    let path: string | null = null;
    for (let back = at - 1; back >= 0; back--) {
      const above = lines[back]!.trim();
      if (above === '' || /^```/.test(above)) continue;
      if (isReplace(above)) break;
      path = above.replace(/^[#*`\s]+|[*`:\s]+$/g, '');
      break;
    }
    // Not a path: prose, or Aider's "..." between two blocks for one file.
    path = path && /\w/.test(path) && /^[\w./@+-][\w./@+\- ]*$/.test(path) && !path.includes(' ') ? path : (previousPath ?? defaultPath);
    if (path === null) return err({ line: start, message: 'the block names no file: put its path on the line above "<<<<<<< SEARCH", or give path' });
    at++;
    let lineHint: number | null = null;
    const hint = /^:start_line:\s*(\d+)\s*$/.exec(lines[at]?.trim() ?? '');
    if (hint) {
      lineHint = Number(hint[1]);
      at++;
      if (/^:end_line:\s*\d+\s*$/.test(lines[at]?.trim() ?? '')) at++;
      if (/^-{3,}\s*$/.test(lines[at]?.trim() ?? '')) at++;
    }
    const before: string[] = [];
    while (at < lines.length && !isDivider(lines[at]!)) {
      if (isSearch(lines[at]!) || isReplace(lines[at]!)) return err({ line: at + 1, message: 'expected "=======" between the SEARCH and REPLACE parts' });
      before.push(lines[at]!);
      at++;
    }
    if (at >= lines.length) return err({ line: start, message: 'the block has no "=======" line' });
    at++;
    const after: string[] = [];
    while (at < lines.length && !isReplace(lines[at]!)) {
      if (isSearch(lines[at]!) || isDivider(lines[at]!)) return err({ line: at + 1, message: 'expected ">>>>>>> REPLACE" to end the block' });
      after.push(lines[at]!);
      at++;
    }
    if (at >= lines.length) return err({ line: start, message: 'the block has no ">>>>>>> REPLACE" line' });
    at++;
    blocks++;
    previousPath = path;
    if (!byPath.has(path)) {
      byPath.set(path, []);
      order.push(path);
      firstLine.set(path, start);
    }
    byPath.get(path)!.push({
      old_text: before.length === 0 ? '' : `${before.join('\n')}\n`,
      new_text: after.length === 0 ? '' : `${after.join('\n')}\n`,
      line_hint: lineHint,
      anchor: null,
      at_end: false,
      patch_line: start,
    });
  }
  if (blocks === 0) return err({ line: 1, message: 'no SEARCH/REPLACE block found ("<<<<<<< SEARCH", "=======", ">>>>>>> REPLACE")' });
  const files: FilePatch[] = order.map((path) => ({ kind: 'update', path, move_to: null, hunks: byPath.get(path)!, patch_line: firstLine.get(path)! }));
  return ok({ format: 'search_replace', files });
}
