// Scenario 6 of `npm run bench`, in a fresh process: 10,000 operations on one editor (reads,
// structure edits, file edits, listings) over files of several sizes, every edit writing new
// content so the parse cache keeps adding versions and evicting (and freeing) old trees. RSS is
// sampled every 250 operations; prints JSON: the samples and the growth after warm-up.
// Usage: node --expose-gc bench/soak.mjs <python stdlib folder>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEditor, memoryFs } from '../dist/index.js';

const pythonLib = process.argv[2];
const OPERATIONS = 10_000;
const WARM_UP = 2_000;
const SAMPLE_EVERY = 250;

// Twelve files of 1-60 KB from the standard library, each given a function the edits rewrite.
const names = ['abc.py', 'bisect.py', 'colorsys.py', 'copy.py', 'fnmatch.py', 'heapq.py', 'keyword.py', 'numbers.py', 'operator.py', 'shlex.py', 'string.py', 'textwrap.py'];
const files = Object.fromEntries(names.map((name) => [name, `${readFileSync(join(pythonLib, name), 'utf8')}\n\ndef soak_target(x):\n    return x\n`]));
const fs = memoryFs(files);
const editor = createEditor({ fs });

const unwrap = (result) => {
  if (result.isErr()) throw new Error(`${result.error.error}: ${result.error.message}`);
  return result.value;
};

const samples = [];
const started = performance.now();
for (let i = 0; i < OPERATIONS; i++) {
  const path = names[i % names.length];
  switch (i % 5) {
    case 0:
      unwrap(await editor.readStructure({ path, target: 'def soak_target' }));
      break;
    case 1:
      unwrap(await editor.replaceStructure({ path, target: 'def soak_target', content: `def soak_target(x):\n    return x + ${i}` }));
      break;
    case 2:
      unwrap(await editor.listStructures({ path, depth: 2 }));
      break;
    case 3:
      unwrap(await editor.editFile({ path, edits: [{ old_text: 'def soak_target(x):', new_text: `def soak_target(x):  # ${i}` }] }));
      break;
    default:
      unwrap(await editor.readFile({ path, skeleton: true }));
  }
  if ((i + 1) % SAMPLE_EVERY === 0) {
    globalThis.gc?.();
    samples.push({ operations: i + 1, rss_mb: +(process.memoryUsage().rss / 2 ** 20).toFixed(1) });
  }
}
const elapsed = performance.now() - started;
const atWarmUp = samples.find((sample) => sample.operations === WARM_UP).rss_mb;
const after = samples.filter((sample) => sample.operations > WARM_UP).map((sample) => sample.rss_mb);
const maxAfter = Math.max(...after);
const last = after[after.length - 1];
process.stdout.write(
  JSON.stringify({
    operations: OPERATIONS,
    ms_per_operation: +(elapsed / OPERATIONS).toFixed(2),
    rss_at_warm_up_mb: atWarmUp,
    rss_max_after_warm_up_mb: maxAfter,
    rss_last_mb: last,
    growth_after_warm_up: +((maxAfter - atWarmUp) / atWarmUp).toFixed(3),
    samples,
  }),
);
