// file_edit scenarios of `npm run bench`: structedit's editFile against the edit implementation of
// @modelcontextprotocol/server-filesystem (its exported applyFileEdits) and a naive split/join
// loop, in the same run, on real files on disk; plus peak memory against file size, each tool in a
// fresh process. `node bench/file-edit.mjs <python lib>` prints the results as JSON (what
// bench/run.mjs calls, so these timings run in a process of their own).
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Real code: the first 2,000 lines of _pydecimal.py; typescript.js + lib.dom.d.ts cut at 10 MB. */
function inputs(pythonLib) {
  const pydecimal = readFileSync(join(pythonLib, '_pydecimal.py'), 'utf8');
  const twoThousand = `${pydecimal.split('\n').slice(0, 2000).join('\n')}\n`;
  const typescriptLib = join(dirname(require.resolve('typescript/package.json')), 'lib');
  const joined = readFileSync(join(typescriptLib, 'typescript.js'), 'utf8') + readFileSync(join(typescriptLib, 'lib.dom.d.ts'), 'utf8');
  const tenMb = joined.slice(0, joined.lastIndexOf('\n', TEN_MB) + 1);
  return { twoThousand, tenMb };
}

/** `count` edits, each turning one line that occurs once in the file into itself plus a comment. */
function uniqueLineEdits(text, count) {
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
      edits.push({ old_text: line, new_text: `${line} // edited` });
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

/** Wall time of each tool on each scenario (fresh file before every run), and the bytes it wrote. */
async function timeScenario(folder, name, text, edits, runs) {
  const path = `${name}.txt`;
  const file = join(folder, path);
  const editor = createEditor({ fs: nodeFs({ root: folder }) });
  const times = {};
  const outputs = new Set();
  for (const [tool, make] of Object.entries(tools)) {
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
    outputs.add(readFileSync(file, 'utf8'));
  }
  if (outputs.size !== 1) throw new Error(`${name}: the tools wrote different files`);
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

/** Runs the scenarios; returns the rows for the tables and results.json. */
export async function fileEditBench(pythonLib) {
  const { twoThousand, tenMb } = inputs(pythonLib);
  const folder = mkdtempSync(join(tmpdir(), 'structedit-bench-'));
  try {
    const scenarios = [
      { name: '1 edit, 2,000-line file (_pydecimal.py head, 80 KB)', key: 'small', text: twoThousand, edits: uniqueLineEdits(twoThousand, 1), runs: { default: 15 } },
      { name: '1 edit, 10 MB file (typescript.js + lib.dom.d.ts)', key: 'one', text: tenMb, edits: uniqueLineEdits(tenMb, 1), runs: { default: 11 } },
      { name: '1000 edits, 10 MB file (typescript.js + lib.dom.d.ts)', key: 'many', text: tenMb, edits: uniqueLineEdits(tenMb, 1000), runs: { default: 5, 'server-filesystem applyFileEdits': 0, 'split/join loop': 1 } },
    ];
    const timing = [];
    for (const scenario of scenarios) {
      const times = await timeScenario(folder, scenario.key, scenario.text, scenario.edits, scenario.runs);
      const ours = times.structedit;
      const peer = times['server-filesystem applyFileEdits'];
      const naive = times['split/join loop'];
      timing.push({
        scenario: scenario.name,
        key: scenario.key,
        structedit_ms: +ours.toFixed(1),
        server_filesystem_ms: +peer.toFixed(1),
        split_join_ms: +naive.toFixed(1),
        'x faster than server-filesystem': +(peer / ours).toFixed(1),
        'x faster than split/join': +(naive / ours).toFixed(1),
      });
    }
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
  process.stdout.write(JSON.stringify(await fileEditBench(process.argv[2])));
}
