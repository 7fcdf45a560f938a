// find_structures against the brute-force walk it replaces: on zod's TypeScript sources (some 330
// files in node_modules), the walk lists every file and calls listStructures on each, then filters;
// its parse phase is the time of those listStructures calls (read, parse, structure tree, targets).
// The goal: findStructures (its own walk, ignore files, reads, parses, matching and targets
// included) takes at most 2x that parse phase. A pure-parse walk (readStructure of "") is printed
// for context. Fresh editors every run, so no parse cache carries over; these searches run on the
// calling thread (`workers: 0`), as the walk does. findStructuresPoolTimes measures the worker threads
// against that, each in a new process (the workers keep trees for the process's later searches).
// Usage: npm run build && node bench/find-structures.mjs
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEditor } from '../dist/index.js';
import { nodeFs } from '../dist/node.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', 'node_modules', 'zod', 'src');

function walk(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(folder, entry.name)) : entry.isFile() ? [relative(root, join(folder, entry.name))] : []));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The queries measured: everything (worst case: every structure needs its target), and two typical searches. */
const QUERIES = [
  { label: 'every structure', args: { max_results: 100_000 } },
  { label: 'name "parse*", functions and methods', args: { name: 'parse*', kind: ['function', 'method'] } },
  { label: 'text_regex "\\.refine\\(" in methods', args: { text_regex: '\\.refine\\(', kind: 'method' } },
];

/** Median times (ms) over `runs`: the brute-force walk's parse phase, a pure parse walk, and each query. */
export async function findStructuresTimes(runs = 3) {
  const files = walk(root).sort();
  const listings = [];
  const parses = [];
  for (let run = 0; run < runs; run++) {
    let editor = createEditor({ fs: nodeFs({ root }), workers: 0 });
    let total = 0;
    for (const path of files) {
      const start = performance.now();
      await editor.listStructures({ path });
      total += performance.now() - start;
    }
    listings.push(total);
    editor = createEditor({ fs: nodeFs({ root }), workers: 0 });
    total = 0;
    for (const path of files) {
      const start = performance.now();
      await editor.readStructure({ path, target: '' });
      total += performance.now() - start;
    }
    parses.push(total);
  }
  const queries = [];
  for (const { label, args } of QUERIES) {
    const times = [];
    let matches = 0;
    for (let run = 0; run < runs; run++) {
      const editor = createEditor({ fs: nodeFs({ root }), workers: 0 });
      const start = performance.now();
      const result = await editor.findStructures(args);
      times.push(performance.now() - start);
      if (result.isErr()) throw new Error(result.error.message);
      matches = result.value.total_matches;
    }
    queries.push({ label, matches, ms: median(times) });
  }
  return { files: files.length, listing_ms: median(listings), parse_ms: median(parses), queries };
}

/** The search the pool is measured with: every file parsed (a name pattern is no literal to skip files by). */
const POOL_QUERY = { name: 'parse*', kind: ['function', 'method'] };

/**
 * One new process's two searches with `workers` threads (0: the calling thread), each by a fresh
 * editor: the first (workers cold, nothing parsed), then the same again (trees the workers kept).
 */
function poolRun(workers) {
  const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--pool-run', String(workers)], { encoding: 'utf8' });
  return JSON.parse(output);
}

/** Median times (ms) over `runs` processes of a first and a repeated search, on the calling thread and on `workers` threads. */
export function findStructuresPoolTimes(workers = Math.min(availableParallelism(), 4), runs = 3) {
  const here = [];
  const pooled = [];
  for (let run = 0; run < runs; run++) {
    here.push(poolRun(0));
    pooled.push(poolRun(workers));
  }
  const pick = (list, key) => median(list.map((times) => times[key]));
  return { files: walk(root).length, workers, label: 'name "parse*", functions and methods', here: { first: pick(here, 'first'), again: pick(here, 'again') }, pooled: { first: pick(pooled, 'first'), again: pick(pooled, 'again') } };
}

if (process.argv[2] === '--pool-run') {
  const workers = Number(process.argv[3]);
  const times = {};
  for (const key of ['first', 'again']) {
    const editor = createEditor({ fs: nodeFs({ root }), workers });
    const start = performance.now();
    const result = await editor.findStructures(POOL_QUERY);
    times[key] = performance.now() - start;
    if (result.isErr()) throw new Error(result.error.message);
  }
  console.log(JSON.stringify(times));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const times = await findStructuresTimes();
  console.log(`zod/src: ${times.files} files; brute-force walk's parse phase (listStructures on each): ${times.listing_ms.toFixed(0)} ms; pure parse walk (readStructure ""): ${times.parse_ms.toFixed(0)} ms`);
  for (const query of times.queries) {
    const ratio = query.ms / times.listing_ms;
    console.log(`find_structures ${query.label}: ${query.matches} matches, ${query.ms.toFixed(0)} ms = ${ratio.toFixed(2)}x the walk's parse phase (goal <= 2x: ${ratio <= 2 ? 'met' : 'MISSED'}); ${(query.ms / times.parse_ms).toFixed(2)}x the pure parse walk`);
  }
  const pool = findStructuresPoolTimes();
  for (const key of ['first', 'again']) {
    console.log(`find_structures ${pool.label}, ${key} search of a process: ${pool.pooled[key].toFixed(0)} ms on ${pool.workers} worker threads, ${pool.here[key].toFixed(0)} ms on the calling thread (${(pool.pooled[key] / pool.here[key]).toFixed(2)}x)`);
  }
}
