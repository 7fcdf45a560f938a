// `npm run bench`: structedit against a plain web-tree-sitter parse of the same file, measured in
// the same run, reported as ratios; and file_edit against @modelcontextprotocol/server-filesystem
// and a naive split/join loop (bench/file-edit.mjs). Prints the tables and writes bench/results.json.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { Language, Parser } from 'web-tree-sitter';
import { createEditor, memoryFs } from '../dist/index.js';
import { fileEditBench } from './file-edit.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const typescriptLib = dirname(require.resolve('typescript/package.json'));
const pythonLib = execFileSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])']).toString().trim();

const files = {
  pydecimal: join(pythonLib, '_pydecimal.py'),
  libDom: join(typescriptLib, 'lib', 'lib.dom.d.ts'),
  typescriptJs: join(typescriptLib, 'lib', 'typescript.js'),
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Wall time of a fresh Node process running `script`, median of `runs`. */
function coldRun(script, runs = 7) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: join(here, '..'), stdio: 'pipe' });
    times.push(performance.now() - start);
  }
  return median(times);
}

const rows = [];
const record = (scenario, ours, peer, peerName) => rows.push({ scenario, ours_ms: +ours.toFixed(1), peer: peerName, peer_ms: +peer.toFixed(1), ratio: +(ours / peer).toFixed(2) });

// 1. Cold start: a fresh process, WASM init and grammar load included.
const coldOurs = coldRun(`
  import { readFileSync } from 'node:fs';
  import { createEditor, memoryFs } from './dist/index.js';
  const editor = createEditor({ fs: memoryFs({ 'd.py': readFileSync(${JSON.stringify(files.pydecimal)}) }) });
  const r = await editor.readStructure({ path: 'd.py', target: 'class Decimal(object)\\ndef __new__' });
  if (!r.isOk()) throw new Error(r.error.message);`);
const coldPeer = coldRun(`
  import { readFileSync } from 'node:fs';
  import { createRequire } from 'node:module';
  import { Parser, Language } from 'web-tree-sitter';
  await Parser.init();
  const parser = new Parser();
  parser.setLanguage(await Language.load(createRequire(import.meta.url).resolve('tree-sitter-python/tree-sitter-python.wasm')));
  parser.parse(readFileSync(${JSON.stringify(files.pydecimal)}, 'utf8')).delete();`);
record('cold start: readStructure on _pydecimal.py (6.4k lines), fresh process', coldOurs, coldPeer, 'web-tree-sitter init + load + parse');

// 2. Warm operations against one warm parse of the same file.
await Parser.init();
const parsers = {
  typescript: Object.assign(new Parser(), {}),
  javascript: new Parser(),
};
parsers.typescript.setLanguage(await Language.load(require.resolve('tree-sitter-typescript/tree-sitter-typescript.wasm')));
parsers.javascript.setLanguage(await Language.load(require.resolve('tree-sitter-wasms/out/tree-sitter-javascript.wasm')));
const libDom = readFileSync(files.libDom, 'utf8');
const typescriptJs = readFileSync(files.typescriptJs, 'utf8');
const editor = createEditor({ fs: memoryFs({ 'lib.dom.d.ts': libDom, 'typescript.js': typescriptJs }) });
await editor.readStructure({ path: 'lib.dom.d.ts', target: '' });

const bench = new Bench({ iterations: 5, time: 0, warmupIterations: 1, warmupTime: 0 });
bench
  .add('readStructure lib.dom.d.ts', async () => {
    const r = await editor.readStructure({ path: 'lib.dom.d.ts', target: 'interface HTMLElement\nclick' });
    if (!r.isOk()) throw new Error(r.error.message);
  })
  .add('parse lib.dom.d.ts', () => parsers.typescript.parse(libDom).delete())
  .add('listStructures typescript.js', async () => {
    const r = await editor.listStructures({ path: 'typescript.js', depth: 3 });
    if (!r.isOk()) throw new Error(r.error.message);
  })
  .add('parse typescript.js', () => parsers.javascript.parse(typescriptJs).delete());
await bench.run();
const medianOf = (name) => bench.tasks.find((task) => task.name === name).result.latency.p50;
record('warm readStructure, lib.dom.d.ts (1.9 MB)', medianOf('readStructure lib.dom.d.ts'), medianOf('parse lib.dom.d.ts'), 'one web-tree-sitter parse');
record('warm listStructures depth 3, typescript.js (9.1 MB)', medianOf('listStructures typescript.js'), medianOf('parse typescript.js'), 'one web-tree-sitter parse');

console.table(rows);

// 3. file_edit: wall time on real files (read, edit, atomic write), and peak memory.
const fileEdit = await fileEditBench(pythonLib);
console.log('file_edit (median wall time; the server-filesystem run on 1000 edits is a single run):');
console.table(fileEdit.timing);
console.log('file_edit peak memory over baseline (fresh process each):');
console.table(fileEdit.memory);

writeFileSync(join(here, 'results.json'), `${JSON.stringify({ node: process.version, date: new Date().toISOString(), rows, fileEdit }, null, 2)}\n`);
console.log('wrote bench/results.json');
