import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type EditFileResult, type EditOperation } from 'structedit';

/**
 * Dry-run previews on long lines (issue 23): `preview[].before/after` cut lines over 500 characters
 * to the same windows as the diff (one implementation, `renderLine`), so a dry run's size follows
 * the changes, not the lines; `full_diff: true` gives every preview line whole. Checked on
 * hand-made inputs and, as an invariant, on real files: each cut preview line is the whole line at
 * the columns it names, and previews of short lines are exactly the whole ones.
 */

async function dryRun(content: string, edits: EditOperation[], full_diff = false): Promise<EditFileResult> {
  const fs = memoryFs({ 'f.txt': content });
  const result = await createEditor({ fs }).editFile({ path: 'f.txt', edits, dry_run: true, full_diff });
  if (result.isErr()) throw new Error(result.error.message);
  expect(fs.snapshot()['f.txt']).toBe(content);
  return result.value;
}

const CUT = /^(.*) {2}\(line cut: columns ([\d, -]+) shown(?:; \d+ more changes not shown)?\)$/s;

/** Whether `shown` is `line`, or `line` cut to the windows it names (joined by `…`). */
function shows(shown: string, line: string): boolean {
  const cut = CUT.exec(shown);
  if (cut === null) return shown === line;
  let text = '';
  let end = 0;
  for (const [from, to] of cut[2]!.split(', ').map((range) => range.split('-').map(Number) as [number, number])) {
    text += `${from > 1 ? '…' : ''}${line.slice(from - 1, to)}`;
    end = to;
  }
  if (end < line.length) text += '…';
  return cut[1] === text;
}

describe('file_edit dry-run previews on long lines', () => {
  const long = `${'a'.repeat(2000)}MIDDLE${'b'.repeat(2000)}`;
  const content = `first\n${long}\nlast\n`;

  it('cuts a long line to the window the diff shows, with the columns, and counts the lines cut', async () => {
    const result = await dryRun(content, [{ old_text: 'MIDDLE', new_text: 'CENTRE' }]);
    expect(result.preview).toEqual([
      {
        edit_index: 0,
        line_number: 2,
        before: `…${'a'.repeat(80)}MIDDLE${'b'.repeat(80)}…  (line cut: columns 1921-2086 shown)`,
        after: `…${'a'.repeat(80)}CENTRE${'b'.repeat(80)}…  (line cut: columns 1921-2086 shown)`,
        cut_lines: 2,
      },
    ]);
    // The same windows as the diff's lines.
    expect(result.diff.hunks[0]!.lines.slice(1, 3)).toEqual([`-${result.preview![0]!.before}`, `+${result.preview![0]!.after}`]);
  });

  it('full_diff gives the whole lines', async () => {
    const result = await dryRun(content, [{ old_text: 'MIDDLE', new_text: 'CENTRE' }], true);
    expect(result.preview).toEqual([{ edit_index: 0, line_number: 2, before: long, after: long.replace('MIDDLE', 'CENTRE') }]);
  });

  it('cuts each line of a change spanning lines on its own; short lines stay whole', async () => {
    const result = await dryRun(content, [{ old_text: `first\n${'a'.repeat(10)}`, new_text: 'one\ntwo\nthree' }]);
    expect(result.preview).toEqual([
      {
        edit_index: 0,
        line_number: 1,
        before: `first\n${'a'.repeat(90)}…  (line cut: columns 1-90 shown)`,
        after: `one\ntwo\nthree${'a'.repeat(80)}…  (line cut: columns 1-85 shown)`,
        cut_lines: 2,
      },
    ]);
  });

  it('deletions and insertions at a line end; CRLF files; non-ASCII text cut at character boundaries', async () => {
    const crlf = `x\r\n${'é'.repeat(700)}END\r\ny\r\n`;
    const result = await dryRun(crlf, [{ old_text: 'END\ny', new_text: 'fin' }]);
    expect(result.preview).toEqual([
      {
        edit_index: 0,
        line_number: 2,
        before: `…${'é'.repeat(40)}END  (line cut: columns 661-703 shown)\ny`,
        after: `…${'é'.repeat(40)}fin  (line cut: columns 661-703 shown)`,
        cut_lines: 2,
      },
    ]);
    const full = await dryRun(crlf, [{ old_text: 'END\ny', new_text: 'fin' }], true);
    expect(full.preview![0]!.before).toBe(`${'é'.repeat(700)}END\ny`);
    expect(shows(result.preview![0]!.before.split('\n')[0]!, full.preview![0]!.before.split('\n')[0]!)).toBe(true);
  });

  it('previews of short lines are the whole lines, as before', async () => {
    const result = await dryRun('a\nb\nc\n', [{ old_text: 'b\nc', new_text: 'B' }]);
    expect(result.preview).toEqual([{ edit_index: 0, line_number: 2, before: 'b\nc', after: 'B' }]);
  });

  it('keeps a dry run of 200 edits on 10,000-character lines small (whole lines: 4 MB)', async () => {
    const lines = Array.from({ length: 200 }, (_, index) => `${String(index).padStart(5, '0')}:${'word '.repeat(2000)}`);
    const text = `${lines.join('\n')}\n`;
    const edits = lines.map((line) => ({ old_text: line.slice(0, 12), new_text: `${line.slice(0, 12)}!` }));
    const cut = await dryRun(text, edits);
    expect(JSON.stringify(cut.preview).length).toBeLessThan(200 * 2 * 300);
    expect(cut.preview!.every((change) => change.cut_lines === 2)).toBe(true);
    const full = await dryRun(text, edits, true);
    expect(JSON.stringify(full.preview).length).toBeGreaterThan(2 * text.length);
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

/** Minified code from node_modules; Python stdlib modules, as they are and with every 40 lines joined into one. */
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
  for (const name of readdirSync(stdlib).filter((file) => file.endsWith('.py')).sort().slice(12, 24)) {
    const text = readFileSync(join(stdlib, name), 'utf8');
    const lines = text.split('\n');
    const joined: string[] = [];
    for (let at = 0; at < lines.length; at += 40) joined.push(lines.slice(at, at + 40).join(' '));
    files.push({ name: `${name} (joined)`, text: joined.join('\n') });
    files.push({ name, text });
  }
  return files;
}

/** Up to `count` edits of texts that occur once, some deleting, some adding line breaks, some spanning lines. */
function randomEdits(text: string, next: () => number, count: number): EditOperation[] {
  const edits: EditOperation[] = [];
  const taken: Array<[number, number]> = [];
  for (let attempt = 0; edits.length < count && attempt < count * 20; attempt++) {
    const start = Math.floor(next() * text.length);
    const old_text = text.slice(start, start + 3 + Math.floor(next() * 40));
    if (old_text.length < 3 || text.indexOf(old_text) !== start || text.lastIndexOf(old_text) !== start) continue;
    if (taken.some(([from, to]) => start < to + 1 && from < start + old_text.length + 1)) continue;
    const kind = Math.floor(next() * 3);
    const new_text = kind === 0 ? '' : kind === 1 ? `«${old_text}»\nadded line` : old_text.replace(/\n/g, ' ').toUpperCase() + '/*x*/';
    if (new_text.includes(old_text)) continue;
    taken.push([start, start + old_text.length]);
    edits.push({ old_text, new_text });
  }
  return edits;
}

describe('file_edit dry-run previews on real files with random edits', () => {
  const files = realFiles();
  it('uses real files, some with long lines', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.some((file) => file.text.split('\n').some((line) => line.length > 2000))).toBe(true);
  });
  for (const { name, text } of files) {
    it(`${name}: every cut preview line is the whole line at the columns it names; short ones are whole`, async () => {
      const next = random(text.length + 1);
      for (let round = 0; round < 3; round++) {
        const edits = randomEdits(text, next, 1 + Math.floor(next() * 40));
        if (edits.length === 0) continue;
        const cut = await dryRun(text, edits);
        const full = await dryRun(text, edits, true);
        expect(cut.diff.unified.length).toBeLessThanOrEqual(full.diff.unified.length);
        expect(cut.preview!.length).toBe(full.preview!.length);
        cut.preview!.forEach((change, k) => {
          const whole = full.preview![k]!;
          expect(whole.cut_lines).toBeUndefined();
          expect({ ...change, before: '', after: '', cut_lines: undefined }).toEqual({ ...whole, before: '', after: '', cut_lines: undefined });
          let cutCount = 0;
          for (const side of ['before', 'after'] as const) {
            const shown = change[side].split('\n');
            const lines = whole[side].split('\n');
            expect(shown.length).toBe(lines.length);
            shown.forEach((line, index) => {
              const real = lines[index]!;
              if (real.length <= 500) expect(line).toBe(real);
              else {
                cutCount++;
                expect(line.length).toBeLessThan(2000);
                expect(shows(line, real), `${side} line ${index}: ${line.slice(0, 200)}`).toBe(true);
              }
            });
          }
          expect(change.cut_lines ?? 0).toBe(cutCount);
        });
      }
    });
  }
});
