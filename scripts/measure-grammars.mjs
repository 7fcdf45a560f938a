// Measures every shipped grammar on real code already on the machine (or from Debian packages:
// scripts/ensure-corpora.sh installs them): per language, how many files parse without ERROR or
// MISSING nodes with the grammar structedit ships, against tree-sitter-wasms@0.1.13 (the grammars it
// shipped before), and whether any parse depends on the parses before it (every file parsed again
// in reverse order with the same parser must give the same tree).
// Usage: node scripts/measure-grammars.mjs [--max <files per language>] [--markdown]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';

const require = createRequire(import.meta.url);

// A child process rating one grammar (see rate()).
if (process.argv[2] === '--rate') {
  console.log(JSON.stringify(await rateHere(process.argv[3], JSON.parse(readFileSync(process.argv[4], 'utf8')))));
  process.exit(0);
}

const argument = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const MAX = Number(argument('--max', 200));
const markdown = process.argv.includes('--markdown');

function walk(dir, accept, out = [], limit = 20000) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (out.length >= limit) break;
    const full = join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith('.')) walk(full, accept, out, limit);
    else if (entry.isFile() && accept(full)) out.push(full);
  }
  return out;
}

/** An even sample of at most MAX files under 512 KB. */
function sample(files) {
  const small = files.filter((file) => statSync(file).size < 512 * 1024);
  if (small.length <= MAX) return small;
  const step = small.length / MAX;
  return Array.from({ length: MAX }, (_, index) => small[Math.floor(index * step)]);
}

const nodeModules = 'node_modules';
const stdlib = execFileSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])']).toString().trim();
const javaSources = (() => {
  const zip = '/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip';
  if (!existsSync(zip)) return [];
  const dir = mkdtempSync(join(tmpdir(), 'jdk-src-'));
  execFileSync('unzip', ['-q', zip, 'java.base/java/util/*', 'java.base/java/io/*', 'java.net.http/*', '-d', dir]);
  return walk(dir, (file) => file.endsWith('.java'));
})();
const firstDir = (pattern, parent) => (existsSync(parent) ? readdirSync(parent).filter((name) => pattern.test(name)).map((name) => join(parent, name))[0] : undefined);
const rustSrc = firstDir(/^rustc-/, '/usr/src');
const goSrc = firstDir(/^go-1\./, '/usr/share') ?? firstDir(/^go-1\./, '/usr/lib');
const rubyLib = firstDir(/^\d/, '/usr/lib/ruby');

const ext = (...extensions) => (file) => extensions.some((extension) => file.endsWith(extension));
/** language -> [corpus files, wasms grammar name or null]. */
const corpora = {
  python: [walk(stdlib, (f) => f.endsWith('.py') && !f.includes('site-packages')), 'python'],
  typescript: [walk(nodeModules, (f) => /\.[mc]?ts$/.test(f) && !/\.d\.[mc]?ts$/.test(f)), 'typescript'],
  tsx: [walk(nodeModules, ext('.tsx')), 'tsx'],
  javascript: [walk(nodeModules, ext('.js', '.mjs', '.cjs'), [], 20000), 'javascript'],
  json: [walk(nodeModules, (f) => f.endsWith('package.json')), 'json'],
  go: [goSrc ? walk(join(goSrc, 'src'), ext('.go')) : [], 'go'],
  rust: [rustSrc ? walk(join(rustSrc, 'library'), ext('.rs')) : [], 'rust'],
  java: [javaSources, 'java'],
  c: [walk('/usr/include', (f) => f.endsWith('.h') && !f.includes('/c++/')), 'c'],
  cpp: [walk('/usr/include/c++', (f) => /\.(h|tcc)$/.test(f) || !/\.[a-z]+$/.test(f.split('/').pop())), 'cpp'],
  bash: [walk('/usr', ext('.sh')), 'bash'],
  php: [[...walk('/usr/share', ext('.php')), ...walk('/usr/lib', ext('.php'))], 'php'],
  css: [walk(nodeModules, ext('.css')), 'css'],
  html: [walk('/usr/share/doc', ext('.html')), 'html'],
  yaml: [[...walk(nodeModules, ext('.yml', '.yaml')), ...walk('/usr/share', ext('.yml', '.yaml'))], null],
  toml: [walk('/usr', ext('.toml')), 'toml'],
  lua: [walk('/usr/share/lua', ext('.lua')), 'lua'],
  ruby: [rubyLib ? walk(rubyLib, ext('.rb')) : [], 'ruby'],
  elixir: [walk('/usr/lib/elixir', ext('.ex', '.exs')), 'elixir'],
  ocaml: [walk('/usr/lib/ocaml', ext('.ml')), 'ocaml'],
};

const manifests = [join('grammars', 'manifest.json'), join('packages', 'grammars', 'grammars', 'manifest.json')].map((path) => ({ dir: join(path, '..'), manifest: JSON.parse(readFileSync(path, 'utf8')) }));
const shipped = (language) => {
  for (const { dir, manifest } of manifests) {
    const entry = manifest.grammars.find((grammar) => grammar.language === language);
    if (entry) return { path: join(dir, entry.file), label: `${entry.package}@${entry.version}` };
  }
  return null;
};

/**
 * Clean files, and how many trees differ when the same parser parses them again in reverse order.
 * Each grammar is rated in a process of its own: a grammar that traps can corrupt the WASM memory
 * every grammar of a process shares.
 */
function rate(path, files) {
  const list = join(mkdtempSync(join(tmpdir(), 'measure-')), 'files.json');
  writeFileSync(list, JSON.stringify(files));
  try {
    return JSON.parse(execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--rate', path, list], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
  } catch (cause) {
    return { error: `the process died (${String(cause.stderr ?? cause.message).trim().split('\n').find((line) => /Error/.test(line)) ?? 'no message'})` };
  }
}

/**
 * A digest of every node's type and range. (Not `rootNode.toString()`: web-tree-sitter 0.25 traps
 * printing some trees, and a trap corrupts the WASM memory every later parse uses.)
 */
function shapeOf(tree) {
  const hash = createHash('sha1');
  const cursor = tree.walk();
  for (;;) {
    hash.update(`${cursor.nodeType}@${cursor.startIndex}-${cursor.endIndex} `);
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        cursor.delete();
        return hash.digest('hex');
      }
    }
  }
}

async function rateHere(path, files) {
  await Parser.init();
  let language;
  try {
    language = await Language.load(path);
  } catch (cause) {
    return { error: `does not load (${cause.message || cause})` };
  }
  const parser = new Parser();
  parser.setLanguage(language);
  const first = [];
  let clean = 0;
  let thrown = 0;
  for (const file of files) {
    try {
      const tree = parser.parse(readFileSync(file, 'utf8'));
      first.push(shapeOf(tree));
      if (!tree.rootNode.hasError) clean++;
      tree.delete();
    } catch {
      thrown++;
      first.push(null);
    }
  }
  let orderDependent = 0;
  for (let index = files.length - 1; index >= 0; index--) {
    try {
      const tree = parser.parse(readFileSync(files[index], 'utf8'));
      if (shapeOf(tree) !== first[index]) orderDependent++;
      tree.delete();
    } catch {
      if (first[index] !== null) orderDependent++;
    }
  }
  parser.delete();
  return { clean, thrown, orderDependent };
}


const rows = [];
for (const [language, [all, wasmsName]] of Object.entries(corpora)) {
  const files = sample(all);
  const grammar = shipped(language);
  if (files.length === 0 || grammar === null) {
    rows.push([language, grammar?.label ?? '-', '0', 'no corpus on this machine', '', '']);
    continue;
  }
  const pct = (n) => `${n}/${files.length} (${((100 * n) / files.length).toFixed(1)}%)`;
  const ours = rate(grammar.path, files);
  let old = '-';
  if (wasmsName) {
    const rated = rate(require.resolve(`tree-sitter-wasms/out/tree-sitter-${wasmsName}.wasm`), files);
    old = rated.error ?? `${pct(rated.clean)}${rated.thrown ? `, ${rated.thrown} threw` : ''}${rated.orderDependent ? `, ${rated.orderDependent} order-dependent` : ''}`;
  } else old = 'does not load';
  rows.push([language, grammar.label, String(files.length), ours.error ?? `${pct(ours.clean)}${ours.thrown ? `, ${ours.thrown} threw` : ''}`, old, ours.error ? '' : String(ours.orderDependent)]);
}

const header = ['language', 'shipped grammar', 'files', 'clean with it', 'clean with tree-sitter-wasms 0.1.13', 'parses that depend on earlier ones'];
if (markdown) {
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
} else {
  for (const row of [header, ...rows]) console.log(row.map((cell, index) => cell.padEnd([11, 42, 6, 30, 40, 6][index])).join(' '));
}
