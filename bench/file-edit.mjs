// file_edit scenarios of `npm run bench`: structedit's editFile against the edit implementation of
// @modelcontextprotocol/server-filesystem (its exported applyFileEdits) and a naive split/join
// loop, in the same run, on real files on disk, each against two floors on the same file in the
// same process: a plain read + write, and a read + safe write (temporary file, fsync, rename); 1000 edits on the same 10 MB text wrapped into
// 10,000-character lines (structedit against the floor, the file written checked against the edits
// applied directly); plus peak memory against file size, each tool in a fresh process. `node bench/file-edit.mjs <python lib>` prints the results as JSON (what
// bench/run.mjs calls, so these timings run in a process of their own).
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyFileEdits } from '@modelcontextprotocol/server-filesystem/dist/lib.js';
import { createEditor } from '../dist/index.js';
import { nodeFs } from '../dist/node.js';
import { splitJoinEdit } from './split-join.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const TEN_MB = 10 * 1024 * 1024;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Real code: the first 2,000 lines of _pydecimal.py; typescript.js + lib.dom.d.ts cut at 10 MB; and,
 * for the edits checked as code, argparse.py and lib.dom.d.ts whole.
 */
export function inputs(pythonLib) {
  const pydecimal = readFileSync(join(pythonLib, '_pydecimal.py'), 'utf8');
  const twoThousand = `${pydecimal.split('\n').slice(0, 2000).join('\n')}\n`;
  const typescriptLib = join(dirname(require.resolve('typescript/package.json')), 'lib');
  const dom = readFileSync(join(typescriptLib, 'lib.dom.d.ts'), 'utf8');
  const joined = readFileSync(join(typescriptLib, 'typescript.js'), 'utf8') + dom;
  const tenMb = joined.slice(0, joined.lastIndexOf('\n', TEN_MB) + 1);
  return { twoThousand, tenMb, longLines: wrapped(tenMb, LONG_LINE), argparse: readFileSync(join(pythonLib, 'argparse.py'), 'utf8'), dom };
}

const LONG_LINE = 10_000;

/**
 * The same text with long lines: its lines joined by spaces, then broken at the last space before
 * each `width` characters (lines of about 10,000 characters, minified code's shape), ending in a
 * line break. Same size, same characters.
 */
function wrapped(text, width) {
  const flat = text.replace(/\n/g, ' ');
  const lines = [];
  let start = 0;
  while (flat.length - start > width) {
    let cut = flat.lastIndexOf(' ', start + width - 1);
    if (cut <= start) cut = start + width - 1;
    lines.push(flat.slice(start, cut));
    start = cut + 1;
  }
  lines.push(flat.slice(start).trimEnd());
  return `${lines.join('\n')}\n`;
}

/**
 * `count` edits, each turning a 60-character stretch that occurs once in the file (starting at a
 * word after a space, the first such from the middle of each of `count` equal stretches of the
 * file, or after the previous snippet) into itself plus a comment: on a file of 10,000-character lines, edits inside the lines.
 */
export function uniqueSnippetEdits(text, count, length = 60) {
  const edits = [];
  // Where the last snippet ended: a stretch of repeated text (typescript.js lists its exports
  // twice) pushes a snippet past its stretch, and the next one after it.
  let free = 0;
  for (let slot = 0; slot < count; slot++) {
    let at = Math.max(free, Math.floor(((slot + 0.5) * text.length) / count));
    for (; at !== -1 && at + length < text.length; at = text.indexOf(' ', at + 1)) {
      const snippet = text.slice(at + 1, at + 1 + length);
      if (/^\s|\n|[\ud800-\udfff]/.test(snippet)) continue;
      if (text.indexOf(snippet) !== text.lastIndexOf(snippet)) continue;
      edits.push({ old_text: snippet, new_text: `${snippet} /* edited */` });
      free = at + 1 + length;
      break;
    }
  }
  if (edits.length < count) throw new Error(`only ${edits.length} unique snippets for ${count} edits`);
  return edits;
}

/** The text after `edits` of texts that occur once each and do not overlap (an oracle without the tools). */
function applyUnique(text, edits) {
  const placed = edits.map((edit) => ({ at: text.indexOf(edit.old_text), edit })).sort((a, b) => a.at - b.at);
  let out = '';
  let cursor = 0;
  for (const { at, edit } of placed) {
    if (at < cursor) throw new Error('overlapping edits');
    out += text.slice(cursor, at) + edit.new_text;
    cursor = at + edit.old_text.length;
  }
  return out + text.slice(cursor);
}

/** `count` edits, each turning one line that occurs once in the file into itself plus a comment (`comment`). */
export function uniqueLineEdits(text, count, comment = ' // edited') {
  const lines = text.split('\n');
  const seen = new Map();
  for (const line of lines) seen.set(line, (seen.get(line) ?? 0) + 1);
  const edits = [];
  const used = new Set();
  // One line from each of `count` equal stretches of the file: the first usable one from its middle.
  for (let slot = 0; slot < count; slot++) {
    for (let index = Math.floor(((slot + 0.5) * lines.length) / count); index < lines.length; index++) {
      const line = lines[index];
      if (used.has(line) || line.trim().length < 20 || seen.get(line) !== 1 || text.indexOf(line) !== text.lastIndexOf(line)) continue;
      used.add(line);
      edits.push({ old_text: line, new_text: `${line}${comment}` });
      break;
    }
  }
  if (edits.length < count) throw new Error(`only ${edits.length} unique lines for ${count} edits`);
  return edits;
}

const tools = {
  structedit: (editor) => async (file, path, edits) => {
    const result = await editor.editFile({ path, edits });
    if (result.isErr()) throw new Error(result.error.message);
  },
  'server-filesystem applyFileEdits': () => async (file, path, edits) => {
    await applyFileEdits(file, edits.map((edit) => ({ oldText: edit.old_text, newText: edit.new_text })), false);
  },
  'split/join loop': () => async (file, path, edits) => {
    await splitJoinEdit(file, edits);
  },
};

/**
 * The floor: a plain read and write of the same file (no edits, no fsync), in the same process and
 * with the same fresh file before every run as the tools.
 */
const readWrite = async (file) => {
  await writeFile(file, await readFile(file));
};

/**
 * The floor of a safe write, as structedit writes (`nodeFs`): read the file, write a temporary file
 * next to it, fsync it, rename it over the file, fsync the folder. structedit's time against this
 * one is the cost of editing itself; against the plain read + write, what the goal measures.
 */
const safeReadWrite = async (file) => {
  const bytes = await readFile(file);
  const temporary = `${file}.floor-tmp`;
  const handle = await open(temporary, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const folder = await open(dirname(file), 'r');
  await folder.sync().finally(() => folder.close());
};

const FLOORS = { 'read + write': readWrite, 'safe write + read': safeReadWrite };

/**
 * Wall time of each tool on each scenario (fresh file before every run), and the bytes it wrote
 * (all the same, and `expected` when given); `only` limits the tools run.
 */
async function timeScenario(folder, name, text, edits, runs, { only, expected, extension = '.txt' } = {}) {
  // (A `.txt` file is edited as text; a code file's edits are checked: parsed before and after, uses looked up.)
  const path = `${name}${extension}`;
  const file = join(folder, path);
  const editor = createEditor({ fs: nodeFs({ root: folder }) });
  const times = {};
  const outputs = new Set();
  for (const [tool, make] of [...Object.entries(tools).filter(([tool]) => only === undefined || only.includes(tool)), ...Object.entries(FLOORS).map(([floor, run]) => [floor, () => run])]) {
    const run = make(editor);
    const count = runs[tool] ?? runs.default;
    const samples = [];
    for (let attempt = 0; attempt < count + 1; attempt++) {
      writeFileSync(file, text);
      const start = performance.now();
      await run(file, path, edits);
      const elapsed = performance.now() - start;
      // The first run of the fast tools warms the JIT; the slowest peer runs once.
      if (attempt > 0 || count === 0) samples.push(elapsed);
      if (count === 0) break;
    }
    times[tool] = median(samples);
    if (!(tool in FLOORS)) outputs.add(readFileSync(file, 'utf8'));
  }
  if (outputs.size !== 1) throw new Error(`${name}: the tools wrote different files`);
  if (expected !== undefined && !outputs.has(expected)) throw new Error(`${name}: the file written is not the expected one`);
  return times;
}

/** Peak RSS over the process's baseline while one tool runs the scenario, in a fresh process. */
function peakMemory(folder, tool, text, edits) {
  const file = join(folder, 'memory.txt');
  const editsFile = join(folder, 'memory-edits.json');
  writeFileSync(file, text);
  writeFileSync(editsFile, JSON.stringify(edits));
  const output = execFileSync(process.execPath, ['--expose-gc', join(here, 'file-edit-memory.mjs'), tool, file, editsFile], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(output);
}

/**
 * Runs the scenarios; returns the rows for the tables and results.json. `keys` (e.g. `['many',
 * 'long']`) runs only those timings, structedit and the floor only, and no memory rows (for
 * measuring while working on one).
 */
export async function fileEditBench(pythonLib, keys) {
  const { twoThousand, tenMb, longLines, argparse, dom } = inputs(pythonLib);
  const folder = mkdtempSync(join(tmpdir(), 'structedit-bench-'));
  try {
    const scenarios = [
      { name: '1 edit, 2,000-line file (_pydecimal.py head, 80 KB)', key: 'small', text: twoThousand, edits: uniqueLineEdits(twoThousand, 1), runs: { default: 15 } },
      { name: '1 edit, 10 MB file (typescript.js + lib.dom.d.ts)', key: 'one', text: tenMb, edits: uniqueLineEdits(tenMb, 1), runs: { default: 11 } },
      { name: '1000 edits, 10 MB file (typescript.js + lib.dom.d.ts)', key: 'many', text: tenMb, edits: uniqueLineEdits(tenMb, 1000), runs: { default: 5, 'server-filesystem applyFileEdits': 0, 'split/join loop': 1 } },
      // The same tool on code, where it checks what the edits change (the peers write text alone).
      { name: '10 edits, a Python module, checked as code (argparse.py, 100 KB)', key: 'checked-py', extension: '.py', text: argparse, edits: uniqueLineEdits(argparse, 10, '  # edited'), runs: { default: 9 } },
      { name: '10 edits, a TypeScript declaration file, checked as code (lib.dom.d.ts, 1.9 MB)', key: 'checked-ts', extension: '.d.ts', text: dom, edits: uniqueLineEdits(dom, 10), runs: { default: 5 } },
    ];
    const longEdits = uniqueSnippetEdits(longLines, 1000);
    // The peers take seconds per run here too; the file written is checked against the edits applied directly.
    const longScenario = { name: '1000 edits, 10 MB file of 10,000-character lines (the same text wrapped)', key: 'long', text: longLines, edits: longEdits, runs: { default: 5 }, only: ['structedit'], expected: applyUnique(longLines, longEdits) };
    const timing = [];
    const fixed = (value) => (value === undefined ? null : +value.toFixed(1));
    for (const scenario of [...scenarios, longScenario].filter((candidate) => keys === undefined || keys.includes(candidate.key))) {
      // Measuring a few scenarios (`keys`): structedit and the floor only, without the slow peers.
      const times = await timeScenario(folder, scenario.key, scenario.text, scenario.edits, scenario.runs, keys === undefined ? scenario : { ...scenario, only: ['structedit'] });
      const ours = times.structedit;
      const peer = times['server-filesystem applyFileEdits'];
      const naive = times['split/join loop'];
      const floor = times['read + write'];
      const safeFloor = times['safe write + read'];
      timing.push({
        scenario: scenario.name,
        key: scenario.key,
        structedit_ms: fixed(ours),
        server_filesystem_ms: fixed(peer),
        split_join_ms: fixed(naive),
        read_write_ms: fixed(floor),
        safe_write_read_ms: fixed(safeFloor),
        'x faster than server-filesystem': peer === undefined ? null : +(peer / ours).toFixed(1),
        'x faster than split/join': naive === undefined ? null : +(naive / ours).toFixed(1),
        'x read + write': +(ours / floor).toFixed(2),
        'x safe write + read': +(ours / safeFloor).toFixed(2),
      });
    }
    if (keys !== undefined) return { timing, memory: [] };
    const many = scenarios[2];
    const row = (tool, scenario, text, edits) => {
      const { baseline, peak } = peakMemory(folder, tool, text, edits);
      const bytes = Buffer.byteLength(text);
      return { tool, scenario, file_mb: +(bytes / 2 ** 20).toFixed(1), peak_rss_over_baseline_mb: +((peak - baseline) / 2 ** 20).toFixed(1), 'x file size': +((peak - baseline) / bytes).toFixed(2) };
    };
    const memory = Object.keys(tools).map((tool) => row(tool, '1000 edits, 10 MB file', many.text, many.edits));
    // The file above has a few non-Latin-1 characters, so V8 holds it as a two-byte string (20 MB);
    // the same file with those replaced shows the one-byte case.
    const ascii = many.text.replace(/[^\x20-\x7e\n\t]/g, '?');
    memory.push(row('structedit', '1000 edits, same file made ASCII', ascii, uniqueLineEdits(ascii, 1000)));
    return { timing, memory };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `node bench/file-edit.mjs <python lib> [many,long]`: all scenarios, or only those timings
  // (structedit against read + write).
  process.stdout.write(JSON.stringify(await fileEditBench(process.argv[2], process.argv[3]?.split(','))));
}
