// The built package's search pool (findStructures on worker threads) finds exactly what the calling
// thread finds: on real trees from node_modules (zod's sources and builds: TypeScript, declaration
// files, JavaScript, CommonJS, JSON, Markdown; typescript's own lib declarations), for searches that
// name every structure, filter by name, kind and text, and page with offset. Each search runs with
// `workers: 0`, then `workers: 2` twice (cold workers, then the trees they kept), and each result
// must be the same to the byte; the workers must have started and the progress must reach the total.
// Run by `npm test` after the build (scripts/check-dist.mjs); the sources cannot start the worker.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Count the threads the pool starts (it takes worker_threads from process.getBuiltinModule, the same module).
let started = 0;
const threads = createRequire(import.meta.url)('node:worker_threads');
threads.Worker = class extends Worker {
  constructor(...args) {
    super(...args);
    started++;
  }
};

const { createEditor } = await import('../dist/index.js');
const { nodeFs } = await import('../dist/node.js');
const here = dirname(fileURLToPath(import.meta.url));

// (Of typescript's lib folder, the ECMAScript declarations: lib.dom.d.ts alone takes seconds a search.)
const TREES = [
  { root: join(here, '..', 'node_modules', 'zod'), paths: [] },
  { root: join(here, '..', 'node_modules', 'typescript', 'lib'), paths: ['lib.es*.d.ts'] },
];
const SEARCHES = [
  { max_results: 100_000 },
  { name: 'parse*', kind: ['function', 'method'] },
  { text_regex: '\\.refine\\(', kind: 'method' },
  { kind: 'interface', offset: 150, max_results: 40 },
  { name: 'Array*' },
];

let searches = 0;
let matches = 0;
for (const { root, paths } of TREES) {
  for (const search of SEARCHES) {
    const args = { ...search, paths };
    const results = [];
    for (const workers of [0, 2, 2]) {
      let done = 0;
      let total = -1;
      const editor = createEditor({ fs: nodeFs({ root }), workers, onProgress: (progress) => ([done, total] = [progress.done, progress.total]) });
      const result = await editor.findStructures(args);
      if (result.isErr()) throw new Error(`${root} ${JSON.stringify(args)}: ${result.error.message}`);
      if (done !== total) throw new Error(`${root} ${JSON.stringify(args)} (workers: ${workers}): progress ended at ${done} of ${total}`);
      results.push(JSON.stringify(result.value));
      await editor.dispose();
    }
    if (results[1] !== results[0] || results[2] !== results[0]) throw new Error(`${root} ${JSON.stringify(args)}: worker threads found other structures than the calling thread`);
    searches++;
    matches += JSON.parse(results[0]).total_matches;
  }
}
if (started === 0) throw new Error('the search pool started no worker thread');
console.log(`search pool: ${searches} searches over ${TREES.length} trees (${matches} matches) found the same on 2 worker threads (${started} started) as on the calling thread`);
