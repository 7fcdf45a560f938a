// The tree-sitter grammars structedit ships, taken from the official per-language npm packages
// (and @tree-sitter-grammars/*), which build their .wasm with the upstream grammar. Those packages
// also carry C sources and native binaries (up to 14 MB a tarball), so they are not dependencies:
// this script fetches each pinned tarball with `npm pack`, copies only the .wasm and the licence,
// and records version, licence and sha256 in the manifest. The default grammars go to grammars/
// (shipped in the structedit package); the large ones to packages/grammars/ (the companion package
// structedit-grammars).
//
// Usage: node scripts/update-grammars.mjs           fetch and write (network: the npm registry)
//        node scripts/update-grammars.mjs --check   verify the vendored files against the manifests (no network)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** language id -> [package, version, .wasm inside the package, tier]. */
export const GRAMMARS = {
  python: ['tree-sitter-python', '0.25.0', 'tree-sitter-python.wasm', 'default'],
  typescript: ['tree-sitter-typescript', '0.23.2', 'tree-sitter-typescript.wasm', 'default'],
  tsx: ['tree-sitter-typescript', '0.23.2', 'tree-sitter-tsx.wasm', 'default'],
  javascript: ['tree-sitter-javascript', '0.25.0', 'tree-sitter-javascript.wasm', 'default'],
  json: ['tree-sitter-json', '0.24.8', 'tree-sitter-json.wasm', 'default'],
  go: ['tree-sitter-go', '0.25.0', 'tree-sitter-go.wasm', 'default'],
  rust: ['tree-sitter-rust', '0.24.0', 'tree-sitter-rust.wasm', 'default'],
  java: ['tree-sitter-java', '0.23.5', 'tree-sitter-java.wasm', 'default'],
  c: ['tree-sitter-c', '0.24.1', 'tree-sitter-c.wasm', 'default'],
  bash: ['tree-sitter-bash', '0.25.1', 'tree-sitter-bash.wasm', 'default'],
  php: ['tree-sitter-php', '0.24.2', 'tree-sitter-php.wasm', 'default'],
  css: ['tree-sitter-css', '0.25.0', 'tree-sitter-css.wasm', 'default'],
  html: ['tree-sitter-html', '0.23.2', 'tree-sitter-html.wasm', 'default'],
  yaml: ['@tree-sitter-grammars/tree-sitter-yaml', '0.7.1', 'tree-sitter-yaml.wasm', 'default'],
  toml: ['@tree-sitter-grammars/tree-sitter-toml', '0.7.0', 'tree-sitter-toml.wasm', 'default'],
  lua: ['@tree-sitter-grammars/tree-sitter-lua', '0.4.1', 'tree-sitter-lua.wasm', 'default'],
  zig: ['@tree-sitter-grammars/tree-sitter-zig', '1.1.2', 'tree-sitter-zig.wasm', 'default'],
  cpp: ['tree-sitter-cpp', '0.23.4', 'tree-sitter-cpp.wasm', 'extra'],
  csharp: ['tree-sitter-c-sharp', '0.23.5', 'tree-sitter-c_sharp.wasm', 'extra'],
  ruby: ['tree-sitter-ruby', '0.23.1', 'tree-sitter-ruby.wasm', 'extra'],
  kotlin: ['@tree-sitter-grammars/tree-sitter-kotlin', '1.1.0', 'tree-sitter-kotlin.wasm', 'extra'],
  scala: ['tree-sitter-scala', '0.24.0', 'tree-sitter-scala.wasm', 'extra'],
  elixir: ['tree-sitter-elixir', '0.3.5', 'tree-sitter-elixir.wasm', 'extra'],
  ocaml: ['tree-sitter-ocaml', '0.24.2', 'tree-sitter-ocaml.wasm', 'extra'],
};

const root = new URL('..', import.meta.url).pathname;
const TIERS = { default: join(root, 'grammars'), extra: join(root, 'packages/grammars/grammars') };

const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

function check() {
  let problems = 0;
  for (const [tier, dir] of Object.entries(TIERS)) {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    for (const entry of manifest.grammars) {
      const path = join(dir, entry.file);
      if (!existsSync(path)) {
        console.error(`missing ${tier} grammar ${entry.file}`);
        problems++;
      } else if (sha256(path) !== entry.sha256) {
        console.error(`${entry.file}: sha256 differs from the manifest`);
        problems++;
      }
    }
    console.log(`${tier}: ${manifest.grammars.length} grammars checked in ${dir}`);
  }
  process.exitCode = problems === 0 ? 0 : 1;
}

function update() {
  const work = mkdtempSync(join(tmpdir(), 'structedit-grammars-'));
  const byTier = { default: [], extra: [] };
  const licences = { default: new Map(), extra: new Map() };
  try {
    const unpacked = new Map();
    for (const [language, [pkg, version, wasm, tier]] of Object.entries(GRAMMARS)) {
      const spec = `${pkg}@${version}`;
      if (!unpacked.has(spec)) {
        const tarball = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', work], { encoding: 'utf8' }).trim().split('\n').pop();
        const dir = join(work, tarball.replace(/\.tgz$/, ''));
        mkdirSync(dir);
        execFileSync('tar', ['xzf', join(work, tarball), '-C', dir]);
        unpacked.set(spec, join(dir, 'package'));
      }
      const from = unpacked.get(spec);
      const dir = TIERS[tier];
      mkdirSync(dir, { recursive: true });
      copyFileSync(join(from, wasm), join(dir, `${language}.wasm`));
      const meta = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
      const licenceFile = readdirSync(from).find((name) => /^licen[cs]e/i.test(name));
      licences[tier].set(spec, { license: meta.license, text: licenceFile ? readFileSync(join(from, licenceFile), 'utf8').trim() : `(${meta.license}; no licence file in the package)` });
      byTier[tier].push({ language, file: `${language}.wasm`, package: pkg, version, source: wasm, license: meta.license, sha256: sha256(join(dir, `${language}.wasm`)) });
      console.log(`${tier} ${language}: ${spec} ${wasm}`);
    }
    for (const [tier, dir] of Object.entries(TIERS)) {
      writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify({ generated_by: 'scripts/update-grammars.mjs', grammars: byTier[tier] }, null, 2)}\n`);
      const notices = [...licences[tier]].map(([spec, { license, text }]) => `## ${spec} (${license})\n\n${text}\n`);
      writeFileSync(join(dir, 'LICENSES.md'), `# Licences of the grammars in this folder\n\nEach .wasm here is copied unchanged from the npm package named (see manifest.json).\n\n${notices.join('\n')}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv.includes('--check')) check();
else update();
