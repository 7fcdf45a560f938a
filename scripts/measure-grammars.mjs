// Measures which grammar .wasm parses more real files without ERROR/MISSING nodes:
// tree-sitter-wasms (0.1.13) against the official tree-sitter-python / tree-sitter-typescript packages.
// Usage: node scripts/measure-grammars.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { Parser, Language } from 'web-tree-sitter';

const require = createRequire(import.meta.url);
await Parser.init();

function walk(dir, accept, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, accept, out);
    else if (entry.isFile() && accept(full)) out.push(full);
  }
  return out;
}

const pythonLib = execFileSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])']).toString().trim();
const pythonFiles = walk(pythonLib, (f) => f.endsWith('.py') && !f.includes('/site-packages/')).sort();
const tsFiles = walk('node_modules', (f) => /\.(ts|mts|cts)$/.test(f) && !/\.d\.[mc]?ts$/.test(f)).sort();
const dtsFiles = walk('node_modules', (f) => /\.d\.[mc]?ts$/.test(f)).sort();

async function rate(wasmPath, files) {
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasmPath));
  let clean = 0;
  for (const file of files) {
    const tree = parser.parse(readFileSync(file, 'utf8'));
    if (!tree.rootNode.hasError) clean += 1;
    tree.delete();
  }
  parser.delete();
  return clean;
}

const wasms = (name) => require.resolve(`tree-sitter-wasms/out/tree-sitter-${name}.wasm`);
const rows = [
  ['python', pythonFiles, wasms('python'), require.resolve('tree-sitter-python/tree-sitter-python.wasm')],
  ['typescript (.ts)', tsFiles, wasms('typescript'), require.resolve('tree-sitter-typescript/tree-sitter-typescript.wasm')],
  ['typescript (.d.ts)', dtsFiles, wasms('typescript'), require.resolve('tree-sitter-typescript/tree-sitter-typescript.wasm')],
];
console.log('| corpus | files | tree-sitter-wasms clean | official clean |');
console.log('|---|---|---|---|');
for (const [name, files, a, b] of rows) {
  const ra = await rate(a, files);
  const rb = await rate(b, files);
  const pct = (n) => `${n} (${((100 * n) / files.length).toFixed(1)}%)`;
  console.log(`| ${name} | ${files.length} | ${pct(ra)} | ${pct(rb)} |`);
}
