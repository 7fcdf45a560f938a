// The package as a user gets it (issue 22). Packs it once, then:
// 1. publint --strict and are-the-types-wrong with no profile exclusions (node10, node16, bundler);
// 2. installs the tarball into a fresh folder with npm (from the registry, as a user would) and
//    prints the install's size on disk against the goal (<= 25 MB with the default languages),
//    the largest packages, and any native binary (.node) in the tree;
// 3. compiles a TypeScript consumer of every entry under moduleResolution node10, node16 and bundler;
// 4. runs the installed package once in Node: a real edit on a real file with a bundled grammar.
// Usage: npm run check:package (builds first). Exits 1 when a check fails; the size goal is reported.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const INSTALL_GOAL_BYTES = 25 * 1024 * 1024;
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Bytes on disk under a folder (file sizes, no block rounding), and every native addon in it. */
function measure(folder) {
  let bytes = 0;
  const natives = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        bytes += statSync(path).size;
        if (entry.name.endsWith('.node')) natives.push(path.slice(folder.length + 1));
      }
    }
  };
  walk(folder);
  return { bytes, natives };
}

const folder = mkdtempSync(join(tmpdir(), 'structedit-pack-'));
let failed = false;
try {
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', folder], { encoding: 'utf8' }));
  const tarball = join(folder, packed[0].filename);
  const maps = packed[0].files.filter((file) => file.path.endsWith('.map'));
  console.log(`packed ${packed[0].filename}: ${packed[0].entryCount} files, ${megabytes(packed[0].size)} packed, ${megabytes(packed[0].unpackedSize)} unpacked, ${maps.length} source maps`);
  if (maps.length > 0) failed = true;

  execFileSync('npx', ['publint', 'run', tarball, '--strict'], { stdio: 'inherit' });
  execFileSync('npx', ['attw', tarball], { stdio: 'inherit' });

  // A fresh consumer: the tarball installed as a user installs it (dependencies from the registry).
  const consumer = join(folder, 'consumer');
  execFileSync('mkdir', ['-p', consumer]);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: consumer, stdio: 'inherit' });
  const modules = join(consumer, 'node_modules');
  const total = measure(modules);
  const packages = readdirSync(modules)
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : name.startsWith('.') ? [] : [name]))
    .map((name) => ({ name, bytes: measure(join(modules, name)).bytes }))
    .sort((a, b) => b.bytes - a.bytes);
  console.log(
    `fresh install: ${megabytes(total.bytes)} in ${packages.length} packages (goal <= ${megabytes(INSTALL_GOAL_BYTES)}: ${total.bytes <= INSTALL_GOAL_BYTES ? 'met' : 'not met'}); largest: ${packages
      .slice(0, 6)
      .map((entry) => `${entry.name} ${megabytes(entry.bytes)}`)
      .join(', ')}`,
  );
  console.log(`native binaries in the install: ${total.natives.length === 0 ? 'none' : total.natives.join(', ')}`);
  // Issue 22: no native binary in a default install (neverthrow is pinned to 8.0.0 for this; see package.json).
  if (total.natives.length > 0) failed = true;

  // TypeScript consumers of every entry under each module resolution.
  writeFileSync(
    join(consumer, 'consumer.ts'),
    [
      "import { createEditor, memoryFs, type Editor } from 'structedit';",
      "import { nodeFs } from 'structedit/node';",
      "import { createTools } from 'structedit/tools';",
      "const editor: Editor = createEditor({ fs: memoryFs({ 'a.py': 'x = 1\\n' }) });",
      'const tools = createTools(editor);',
      "const onDisk = createEditor({ fs: nodeFs({ root: '.' }) });",
      'export { tools, onDisk };',
      '',
    ].join('\n'),
  );
  const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  const typeRoots = join(process.cwd(), 'node_modules', '@types');
  for (const [resolution, module] of [
    ['node10', 'commonjs'],
    ['node16', 'node16'],
    ['bundler', 'esnext'],
  ]) {
    try {
      execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--skipLibCheck', 'false', '--target', 'es2022', '--module', module, '--moduleResolution', resolution, '--typeRoots', typeRoots, '--types', 'node', join(consumer, 'consumer.ts')], { cwd: consumer, encoding: 'utf8', stdio: 'pipe' });
      console.log(`tsc consumer, moduleResolution ${resolution}: compiles`);
    } catch (error) {
      failed = true;
      console.log(`tsc consumer, moduleResolution ${resolution}: FAILS\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  }

  // The installed package runs: a method replaced by its target in a real file, with a bundled grammar.
  writeFileSync(join(consumer, 'auth.py'), 'class UserAuth:\n    def validate(self, token):\n        return False\n');
  writeFileSync(
    join(consumer, 'run.mjs'),
    [
      "import { createEditor } from 'structedit';",
      "import { nodeFs } from 'structedit/node';",
      "import { readFileSync } from 'node:fs';",
      "const editor = createEditor({ fs: nodeFs({ root: '.' }) });",
      "const result = await editor.replaceStructure({ path: 'auth.py', target: 'class UserAuth\\ndef validate', content: 'def validate(self, token):\\n    return bool(token)\\n' });",
      "if (result.isErr()) { console.log(result.error.message); process.exit(1); }",
      "console.log(readFileSync('auth.py', 'utf8') === 'class UserAuth:\\n    def validate(self, token):\\n        return bool(token)\\n' ? 'installed package ran an edit: ok' : 'installed package wrote the wrong text');",
    ].join('\n'),
  );
  const ran = execFileSync(process.execPath, ['run.mjs'], { cwd: consumer, encoding: 'utf8' }).trim();
  console.log(ran);
  if (!ran.endsWith(': ok')) failed = true;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
