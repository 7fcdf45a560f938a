import { err, ok, type Result } from 'neverthrow';
import type { FilePatch, PatchBatch, PatchHunk, PatchSyntaxError } from './patch-batch.js';

/**
 * The `apply_patch` envelope models of the Codex family write:
 *
 *     *** Begin Patch
 *     *** Add File: path        (every line of the file prefixed with +)
 *     *** Delete File: path
 *     *** Update File: path
 *     *** Move to: new/path     (optional, right after Update File)
 *     @@ anchor text            (optional: the hunk lies after the line holding it)
 *      context / -removed / +added lines
 *     *** End of File           (optional: the hunk ends the file)
 *     *** End Patch
 */
export function parseApplyPatch(patch: string): Result<PatchBatch, PatchSyntaxError> {
  // Lines keep a carriage return of their own for an added file's bytes; hunks of a changed file are
  // matched in its \n form, so there it is dropped (new lines take the file's own ending).
  const raw = patch.split('\n');
  const lines = raw.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') {
    lines.pop();
    raw.pop();
  }
  // The markers may be padded with spaces (as Codex allows): the last line is the end marker, not a context line of the last hunk.
  if (lines.length > 0 && lines[lines.length - 1]!.trim() === '*** End Patch') lines[lines.length - 1] = '*** End Patch';
  let at = 0;
  while (at < lines.length && lines[at]!.trim() === '') at++;
  if (lines[at]?.trim() !== '*** Begin Patch') return err({ line: at + 1, message: 'the patch must start with "*** Begin Patch"' });
  at++;
  const files: FilePatch[] = [];
  const header = (line: string, name: string) => (line.trimStart().startsWith(`*** ${name}: `) ? line.trimStart().slice(`*** ${name}: `.length).trim() : null);
  while (at < lines.length) {
    const line = lines[at]!;
    if (line.trim() === '*** End Patch') {
      for (let rest = at + 1; rest < lines.length; rest++) if (lines[rest]!.trim() !== '') return err({ line: rest + 1, message: 'text after "*** End Patch"' });
      return files.length === 0 ? err({ line: at + 1, message: 'the patch names no file (expected "*** Add File:", "*** Delete File:" or "*** Update File:")' }) : ok({ format: 'apply_patch', files });
    }
    const start = at + 1;
    const added = header(line, 'Add File');
    const deleted = header(line, 'Delete File');
    const updated = header(line, 'Update File');
    if (added !== null) {
      const content: string[] = [];
      at++;
      while (at < lines.length && !lines[at]!.startsWith('*** ')) {
        if (!lines[at]!.startsWith('+')) return err({ line: at + 1, message: `every line of an added file starts with "+" (${added})` });
        content.push(raw[at]!.slice(1));
        at++;
      }
      files.push({ kind: 'add', path: added, content: content.length === 0 ? '' : `${content.join('\n')}\n`, patch_line: start });
    } else if (deleted !== null) {
      files.push({ kind: 'delete', path: deleted, patch_line: start });
      at++;
    } else if (updated !== null) {
      at++;
      let moveTo: string | null = null;
      const move = lines[at] === undefined ? null : header(lines[at]!, 'Move to');
      if (move !== null) {
        moveTo = move;
        at++;
      }
      const hunks: PatchHunk[] = [];
      while (at < lines.length && !(lines[at]!.startsWith('*** ') && lines[at]!.trim() !== '*** End of File')) {
        const hunkStart = at + 1;
        let anchor: string | null = null;
        if (lines[at]!.startsWith('@@')) {
          const text = lines[at]!.slice(2).trim();
          anchor = text === '' ? null : text;
          at++;
        }
        const before: string[] = [];
        const after: string[] = [];
        const rawBefore: string[] = [];
        const rawAfter: string[] = [];
        let atEnd = false;
        while (at < lines.length && !lines[at]!.startsWith('@@') && !lines[at]!.startsWith('*** ')) {
          const body = lines[at]!;
          const sign = body[0];
          // A blank line inside a hunk is an empty context line whose space was trimmed away; blank
          // lines that end a hunk (before the next header) separate it from what follows.
          let next = at;
          while (next < lines.length && lines[next] === '') next++;
          if (body === '' && (next === lines.length || lines[next]!.startsWith('*** ') || lines[next]!.startsWith('@@'))) {
            at = next;
            break;
          }
          const rawText = raw[at]!.slice(1);
          if (body === '') {
            before.push('');
            after.push('');
            rawBefore.push(raw[at]!);
            rawAfter.push(raw[at]!);
          } else if (sign === ' ') {
            before.push(body.slice(1));
            after.push(body.slice(1));
            rawBefore.push(rawText);
            rawAfter.push(rawText);
          } else if (sign === '-') {
            before.push(body.slice(1));
            rawBefore.push(rawText);
          } else if (sign === '+') {
            after.push(body.slice(1));
            rawAfter.push(rawText);
          } else return err({ line: at + 1, message: `a hunk line starts with " " (context), "-" (removed) or "+" (added), not ${JSON.stringify(body.slice(0, 20))}` });
          at++;
        }
        if (lines[at]?.trim() === '*** End of File') {
          atEnd = true;
          at++;
        }
        if (before.length === 0 && after.length === 0) {
          // Blank lines between hunks (after "*** End of File", say) are no hunk.
          if (anchor === null && lines[hunkStart - 1] !== '') return err({ line: hunkStart, message: `an empty hunk in ${updated}` });
          continue;
        }
        if (before.length === 0 && !atEnd) return err({ line: hunkStart, message: `a hunk of ${updated} has no context or removed line to place it by; add the lines around it (with a leading space)` });
        const joined = (list: string[]) => (list.length === 0 ? '' : `${list.join('\n')}\n`);
        // Lines that carry a carriage return show the file's bytes: where they match, written byte for byte.
        const carriesReturns = rawBefore.some((line) => line.endsWith('\r')) || rawAfter.some((line) => line.endsWith('\r'));
        hunks.push({ old_text: joined(before), new_text: joined(after), line_hint: null, anchor, at_end: atEnd, patch_line: hunkStart, ...(carriesReturns ? { raw: { old_text: joined(rawBefore), new_text: joined(rawAfter) } } : {}) });
      }
      if (hunks.length === 0 && moveTo === null) return err({ line: start, message: `"*** Update File: ${updated}" has no hunk` });
      files.push({ kind: 'update', path: updated, move_to: moveTo, hunks, patch_line: start });
    } else {
      return err({ line: at + 1, message: `expected "*** Add File: <path>", "*** Delete File: <path>", "*** Update File: <path>" or "*** End Patch", not ${JSON.stringify(line.slice(0, 40))}` });
    }
  }
  return err({ line: lines.length, message: 'the patch must end with "*** End Patch"' });
}
