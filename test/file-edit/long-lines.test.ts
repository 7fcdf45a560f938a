import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type EditFileResult, type EditOperation } from 'structedit';
import { toFileEditResult } from 'structedit/tools';

/**
 * file_edit on files with long lines (issue 23): lines over 500 characters are cut in the diff to a
 * window around each change, so the result's size follows the changes; `full_diff` gives the whole
 * lines. Checked on hand-made inputs and, as an invariant, on real files with random edits: the
 * full diff applied to the file gives exactly the bytes written, and every line of the cut diff is
 * the real line at the columns it names, at the line numbers its hunks name.
 */

async function edit(content: string, edits: EditOperation[], options: { full_diff?: boolean; dry_run?: boolean } = {}): Promise<{ result: EditFileResult; written: string }> {
  const fs = memoryFs({ 'f.txt': content });
  const result = await createEditor({ fs }).editFile({ path: 'f.txt', edits, ...options });
  if (result.isErr()) throw new Error(result.error.message);
  return { result: result.value, written: fs.snapshot()['f.txt'] ?? '' };
}

const CUT = /^(.*) {2}\(line cut: columns ([\d, -]+) shown(?:; \d+ more changes not shown)?\)$/s;

/**
 * Whether a line of a diff shows `line`: the same text, or (cut) the windows it names, joined by
 * `…`, with `…` where text is left out at either end.
 */
function shows(shown: string, line: string): boolean {
  const cut = CUT.exec(shown);
  if (cut === null) return shown === line;
  const windows = cut[2]!.split(', ').map((range) => range.split('-').map(Number) as [number, number]);
  let text = '';
  let end = 0;
  for (const [from, to] of windows) {
    text += `${from > 1 ? '…' : ''}${line.slice(from - 1, to)}`;
    end = to;
  }
  if (end < line.length) text += '…';
  return cut[1] === text;
}

/** Checks `diff` against the two texts, cut lines allowed: a check a wrong line number, kind or window fails. */
function expectDiffShows(diff: EditFileResult['diff'], before: string, after: string): void {
  const lines = (text: string) => (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  const old = lines(before);
  const edited = lines(after);
  let oldAt = 0;
  let newAt = 0;
  for (const hunk of diff.hunks) {
    const oldStart = hunk.old_lines === 0 ? hunk.old_start : hunk.old_start - 1;
    const newStart = hunk.new_lines === 0 ? hunk.new_start : hunk.new_start - 1;
    // Between hunks the texts are the same.
    expect(oldStart - oldAt).toBe(newStart - newAt);
    for (; oldAt < oldStart; oldAt++, newAt++) expect(edited[newAt]).toBe(old[oldAt]);
    for (const line of hunk.lines) {
      const kind = line[0];
      const text = line.slice(1);
      if (kind === '\\') continue;
      if (kind !== '+') expect(shows(text, old[oldAt++]!), `old line ${oldAt}: ${text.slice(0, 200)}`).toBe(true);
      if (kind !== '-') expect(shows(text, edited[newAt++]!), `new line ${newAt}: ${text.slice(0, 200)}`).toBe(true);
    }
    expect(oldAt - oldStart).toBe(hunk.old_lines);
    expect(newAt - newStart).toBe(hunk.new_lines);
  }
  expect(old.length - oldAt).toBe(edited.length - newAt);
  for (; oldAt < old.length; oldAt++, newAt++) expect(edited[newAt]).toBe(old[oldAt]);
}

describe('file_edit on long lines', () => {
  const long = `${'a'.repeat(2000)}MIDDLE${'b'.repeat(2000)}`;
  const content = `first\n${long}\nlast\n`;

  it('cuts a long line to a window around the change, with the columns shown, and writes the exact bytes', async () => {
    const { result, written } = await edit(content, [{ old_text: 'MIDDLE', new_text: 'CENTRE' }]);
    expect(written).toBe(content.replace('MIDDLE', 'CENTRE'));
    expect(result.diff.hunks).toEqual([
      {
        old_start: 1,
        old_lines: 3,
        new_start: 1,
        new_lines: 3,
        lines: [
          ' first',
          `-…${'a'.repeat(80)}MIDDLE${'b'.repeat(80)}…  (line cut: columns 1921-2086 shown)`,
          `+…${'a'.repeat(80)}CENTRE${'b'.repeat(80)}…  (line cut: columns 1921-2086 shown)`,
          ' last',
        ],
      },
    ]);
    expect(result.diff.cut_lines).toBe(2);
    expect(result.diff.lines_added).toBe(1);
    expect(result.diff.lines_removed).toBe(1);
    expect(result.diff.unified).toContain('@@ -1,3 +1,3 @@');
    expectDiffShows(result.diff, content, written);
  });

  it('cuts long context lines to their head, and shows several changes of one line as windows', async () => {
    const text = `${'x'.repeat(1000)}\n${'c'.repeat(300)}ONE${'c'.repeat(1000)}TWO${'c'.repeat(300)}\nshort\n`;
    const { result, written } = await edit(text, [
      { old_text: 'ONE', new_text: '1' },
      { old_text: 'TWO', new_text: '2' },
    ]);
    const [context, removed, added, after] = result.diff.hunks[0]!.lines;
    expect(context).toBe(` ${'x'.repeat(160)}…  (line cut: columns 1-160 shown)`);
    expect(removed).toBe(`-…${'c'.repeat(80)}ONE${'c'.repeat(80)}…${'c'.repeat(80)}TWO${'c'.repeat(80)}…  (line cut: columns 221-383, 1224-1386 shown)`);
    expect(added).toBe(`+…${'c'.repeat(80)}1${'c'.repeat(80)}…${'c'.repeat(80)}2${'c'.repeat(80)}…  (line cut: columns 221-381, 1222-1382 shown)`);
    expect(after).toBe(' short');
    expectDiffShows(result.diff, text, written);
  });

  it('keeps the metadata and the tool text bounded where the full diff is as large as the file', async () => {
    const lines = Array.from({ length: 200 }, (_, index) => `${String(index).padStart(5, '0')}:${'word '.repeat(2000)}`);
    const text = `${lines.join('\n')}\n`;
    const edits = lines.map((line) => ({ old_text: line.slice(0, 12), new_text: `${line.slice(0, 12)}!` }));
    const { result, written } = await edit(text, edits);
    expect(written).toBe(edits.reduce((out, change) => out.replace(change.old_text, change.new_text), text));
    const tool = toFileEditResult({ isOk: () => true, isErr: () => false, value: result } as never, { path: 'f.txt', edits });
    expect(JSON.stringify(tool.metadata).length).toBeLessThan(200 * 2 * 400);
    expect(text.length).toBeGreaterThan(2_000_000);
    expectDiffShows(result.diff, text, written);
    const full = await edit(text, edits, { full_diff: true });
    expect(full.result.diff.cut_lines).toBeUndefined();
    expect(full.result.diff.unified.length).toBeGreaterThan(2 * text.length);
    expect(applyPatch(text, full.result.diff.unified)).toBe(written);
  });

  it('diffs files of short lines exactly as before (no line cut)', async () => {
    const text = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const { result } = await edit(text, [{ old_text: 'd', new_text: 'D' }]);
    expect(result.diff.unified).toBe('--- f.txt\n+++ f.txt\n@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n');
    expect(result.diff.cut_lines).toBeUndefined();
  });
});

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Real files: minified code from node_modules, and Python stdlib modules with lines joined into long ones. */
function realFiles(): Array<{ name: string; text: string }> {
  const require = createRequire(import.meta.url);
  const files: Array<{ name: string; text: string }> = [];
  for (const name of ['glob/dist/esm/index.min.js', 'source-map/dist/source-map.min.js', 'esquery/dist/esquery.min.js']) {
    try {
      files.push({ name, text: readFileSync(require.resolve(name), 'utf8') });
    } catch {
      // Not installed here: the others still run.
    }
  }
  const stdlib = execFileSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])']).toString().trim();
  for (const name of readdirSync(stdlib).filter((file) => file.endsWith('.py')).sort().slice(0, 12)) {
    const text = readFileSync(join(stdlib, name), 'utf8');
    // Every 40 lines joined with spaces: long lines, some short ones, the file's own characters.
    const lines = text.split('\n');
    const joined: string[] = [];
    for (let at = 0; at < lines.length; at += 40) joined.push(lines.slice(at, at + 40).join(at % 80 === 0 ? ' ' : '\n'));
    files.push({ name: join(dirname(name), `${name} (joined)`), text: joined.join('\n') });
    files.push({ name, text });
  }
  return files;
}

/** `count` edits of texts that occur once, some deleting, inserting or adding line breaks. */
function randomEdits(text: string, next: () => number, count: number): EditOperation[] {
  const edits: EditOperation[] = [];
  const taken: Array<[number, number]> = [];
  for (let attempt = 0; edits.length < count && attempt < count * 20; attempt++) {
    const start = Math.floor(next() * text.length);
    const length = 3 + Math.floor(next() * 30);
    const old_text = text.slice(start, start + length);
    if (old_text.length < 3 || text.indexOf(old_text) !== start || text.lastIndexOf(old_text) !== start) continue;
    if (taken.some(([from, to]) => start < to + 1 && from < start + length + 1)) continue;
    const kind = Math.floor(next() * 4);
    const new_text = kind === 0 ? '' : kind === 1 ? `${old_text}\nadded line` : kind === 2 ? old_text.replace(/\n/g, ' ') + '/*x*/' : `«${old_text.toUpperCase()}»`;
    if (new_text.includes(old_text) && kind !== 1) continue;
    taken.push([start, start + length]);
    edits.push({ old_text, new_text });
  }
  return edits;
}

describe('file_edit diffs on real files with random edits', () => {
  const files = realFiles();
  it('uses real files, some with long lines', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.some((file) => file.text.split('\n').some((line) => line.length > 2000))).toBe(true);
  });
  for (const { name, text } of files) {
    it(`${name}: the full diff applies to give the bytes written; the cut diff shows the real lines`, async () => {
      const next = random(text.length);
      for (let round = 0; round < 3; round++) {
        const edits = randomEdits(text, next, 1 + Math.floor(next() * 40));
        if (edits.length === 0) continue;
        const cut = await edit(text, edits);
        const full = await edit(text, edits, { full_diff: true });
        expect(full.written).toBe(cut.written);
        expect(applyPatch(text, full.result.diff.unified)).toBe(full.written);
        expectDiffShows(cut.result.diff, text, cut.written);
        expect(cut.result.diff.lines_added - cut.result.diff.lines_removed).toBe(full.result.diff.lines_added - full.result.diff.lines_removed);
        if (full.result.diff.hunks.every((hunk) => hunk.lines.every((line) => line.length <= 501))) expect(cut.result.diff).toEqual(full.result.diff);
      }
    });
  }
});
