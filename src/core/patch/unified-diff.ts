import { err, ok, type Result } from 'neverthrow';
import type { FilePatch, PatchBatch, PatchHunk, PatchSyntaxError } from './patch-batch.js';

/**
 * Unified diffs as `git diff` and `diff -u` print them: per file `--- a/path` / `+++ b/path` (or
 * `/dev/null` for a new or deleted file), `rename from`/`rename to`, and `@@ -l,s +l,s @@` hunks of
 * context, removed and added lines, `\ No newline at end of file` after the line it concerns.
 * Applied with fuzz 0: every context and removed line must be in the file as written; the line
 * numbers only choose among several places that match.
 */
export function parseUnifiedDiff(patch: string): Result<PatchBatch, PatchSyntaxError> {
  // Lines keep a carriage return of their own: an added file's bytes are exactly the + lines; a
  // changed file is matched in its \n form, so there it is dropped (new lines take the file's ending).
  const raw = patch.split('\n');
  const lines = raw.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const files: FilePatch[] = [];
  let at = 0;
  const stripPrefix = (path: string) => {
    const clean = path.replace(/\t.*$/, '').trim();
    return clean === '/dev/null' ? null : clean.replace(/^"(.*)"$/, '$1').replace(/^[ab]\//, '');
  };
  while (at < lines.length) {
    const line = lines[at]!;
    if (!line.startsWith('diff --git ') && !line.startsWith('--- ')) {
      at++;
      continue;
    }
    const start = at + 1;
    let renameFrom: string | null = null;
    let renameTo: string | null = null;
    let oldPath: string | null | undefined;
    let newPath: string | null | undefined;
    let gitPaths: [string, string] | null = null;
    if (line.startsWith('diff --git ')) {
      const match = /^diff --git a\/(.+) b\/(.+)$/.exec(line);
      if (match) gitPaths = [match[1]!, match[2]!];
      at++;
      while (at < lines.length && !lines[at]!.startsWith('--- ') && !lines[at]!.startsWith('diff --git ')) {
        const meta = lines[at]!;
        if (meta.startsWith('rename from ')) renameFrom = meta.slice('rename from '.length);
        else if (meta.startsWith('rename to ')) renameTo = meta.slice('rename to '.length);
        else if (meta.startsWith('new file mode') && gitPaths) oldPath = null;
        else if (meta.startsWith('deleted file mode') && gitPaths) newPath = null;
        else if (meta.startsWith('Binary files ') || meta.startsWith('GIT binary patch')) return err({ line: at + 1, message: `binary changes cannot be applied as text (${gitPaths?.[1] ?? 'a file'})` });
        at++;
      }
    }
    if (lines[at]?.startsWith('--- ')) {
      oldPath = stripPrefix(lines[at]!.slice(4));
      if (!lines[at + 1]?.startsWith('+++ ')) return err({ line: at + 2, message: 'a "--- old" line must be followed by "+++ new"' });
      newPath = stripPrefix(lines[at + 1]!.slice(4));
      at += 2;
    } else if (gitPaths) {
      // A git diff without hunks: a rename, a mode change, an empty new or deleted file.
      oldPath ??= renameFrom ?? gitPaths[0];
      newPath ??= renameTo ?? gitPaths[1];
    }
    const hunks: PatchHunk[] = [];
    const addedRaw: string[] = [];
    while (at < lines.length && lines[at]!.startsWith('@@')) {
      const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(lines[at]!);
      if (!header) return err({ line: at + 1, message: `a hunk header reads "@@ -start,count +start,count @@", not ${JSON.stringify(lines[at]!.slice(0, 40))}` });
      const hunkLine = at + 1;
      let oldCount = header[2] === undefined ? 1 : Number(header[2]);
      let newCount = header[4] === undefined ? 1 : Number(header[4]);
      const before: string[] = [];
      const after: string[] = [];
      const rawBefore: string[] = [];
      const rawAfter: string[] = [];
      let oldEndsWithoutNewline = false;
      let newEndsWithoutNewline = false;
      let last: ' ' | '-' | '+' | null = null;
      at++;
      while (at < lines.length && (oldCount > 0 || newCount > 0 || lines[at]!.startsWith('\\'))) {
        const body = lines[at]!;
        if (body.startsWith('\\')) {
          if (last === '-' || last === ' ') oldEndsWithoutNewline = true;
          if (last === '+' || last === ' ') newEndsWithoutNewline = true;
          at++;
          continue;
        }
        // An empty line is a context line whose space was trimmed, unless only empty lines follow (the end of the text).
        if (body === '' && lines.slice(at + 1).every((rest) => rest === '')) break;
        const sign = body === '' ? ' ' : body[0];
        const text = body.slice(1);
        const rawText = raw[at]!.slice(1);
        if (sign === ' ') {
          before.push(text);
          after.push(text);
          rawBefore.push(rawText);
          rawAfter.push(rawText);
          oldCount--;
          newCount--;
        } else if (sign === '-') {
          before.push(text);
          rawBefore.push(rawText);
          oldCount--;
        } else if (sign === '+') {
          after.push(text);
          rawAfter.push(rawText);
          addedRaw.push(raw[at]!.slice(1));
          newCount--;
        } else return err({ line: at + 1, message: `the hunk at line ${hunkLine} has fewer lines than its header counts` });
        last = sign;
        at++;
      }
      if (oldCount !== 0 || newCount !== 0) return err({ line: hunkLine, message: 'the hunk has fewer lines than its header counts' });
      // A "\ No newline" after a context line applies to both sides only when it ends the hunk's text there.
      const join = (list: string[], noNewline: boolean) => (list.length === 0 ? '' : `${list.join('\n')}${noNewline ? '' : '\n'}`);
      // Each raw line keeps its carriage return; joined with \n, a CRLF line reads "…\r\n".
      const rawHunk = rawBefore.some((line) => line.endsWith('\r')) || rawAfter.some((line) => line.endsWith('\r')) ? { raw: { old_text: join(rawBefore, oldEndsWithoutNewline), new_text: join(rawAfter, newEndsWithoutNewline) } } : {};
      hunks.push({
        ...rawHunk,
        old_text: join(before, oldEndsWithoutNewline),
        new_text: join(after, newEndsWithoutNewline),
        line_hint: Number(header[1]) === 0 ? 1 : Number(header[1]),
        anchor: null,
        at_end: oldEndsWithoutNewline,
        patch_line: hunkLine,
      });
    }
    if (oldPath === undefined || newPath === undefined) return err({ line: start, message: 'a file diff needs "--- old" and "+++ new" lines' });
    if (oldPath === null && newPath === null) return err({ line: start, message: 'both sides are /dev/null' });
    if (oldPath === null) files.push({ kind: 'add', path: newPath!, content: addedRaw.length === 0 ? '' : `${addedRaw.join('\n')}${hunks[hunks.length - 1]!.new_text.endsWith('\n') ? '\n' : ''}`, patch_line: start });
    else if (newPath === null) files.push({ kind: 'delete', path: oldPath, patch_line: start });
    else files.push({ kind: 'update', path: oldPath, move_to: newPath === oldPath ? null : newPath, hunks, patch_line: start });
  }
  return files.length === 0 ? err({ line: 1, message: 'no file diff found (expected "diff --git" or "--- old" / "+++ new" lines)' }) : ok({ format: 'unified', files });
}
