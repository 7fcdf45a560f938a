// Builds the playground into examples/playground/dist/: the page, its bundle (structedit from this
// repository's sources), web-tree-sitter's runtime WASM and the grammars of the package's grammars/.
// Usage: node examples/playground/build.mjs   (then: node examples/playground/serve.mjs)
import { build } from 'esbuild';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const here = new URL('./', import.meta.url);
const repo = new URL('../../', import.meta.url);
const path = (url) => fileURLToPath(url);


/** web-tree-sitter's runtime: `web-tree-sitter.wasm` from 0.27 on, `tree-sitter.wasm` before. */
const RUNTIME_NAMES = ['web-tree-sitter.wasm', 'tree-sitter.wasm'];

async function exists(url) {
  try {
    await stat(url);
    return true;
  } catch {
    return false;
  }
}

/** Builds the page into `dist/`; returns what it wrote. */
export async function buildPlayground() {
  const dist = new URL('dist/', here);
  await rm(dist, { recursive: true, force: true });
  await mkdir(new URL('grammars/', dist), { recursive: true });

  const runtimeDir = new URL('node_modules/web-tree-sitter/', repo);
  let runtime = null;
  for (const name of RUNTIME_NAMES) {
    if (await exists(new URL(name, runtimeDir))) {
      runtime = name;
      break;
    }
  }
  if (runtime === null) throw new Error(`no ${RUNTIME_NAMES.join(' or ')} in ${path(runtimeDir)}: run npm ci`);
  await copyFile(new URL(runtime, runtimeDir), new URL(runtime, dist));

  const grammarsDir = new URL('grammars/', repo);
  const grammars = (await readdir(grammarsDir)).filter((name) => name.endsWith('.wasm') || name === 'LICENSES.md');
  await Promise.all(grammars.map((name) => copyFile(new URL(name, grammarsDir), new URL(`grammars/${name}`, dist))));
  await copyFile(new URL('index.html', here), new URL('index.html', dist));

  const result = await build({
    entryPoints: [path(new URL('playground.ts', here))],
    outfile: path(new URL('playground.js', dist)),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    sourcemap: 'linked',
    logLevel: 'warning',
    // The page imports structedit as a user does; these names build it from this repository's sources.
    alias: {
      structedit: path(new URL('src/index.ts', repo)),
      'structedit/tools': path(new URL('src/tools/index.ts', repo)),
    },
    define: { PLAYGROUND_TREE_SITTER_WASM: JSON.stringify(runtime) },
    metafile: true,
  });
  const bytes = Object.entries(result.metafile.outputs).reduce((sum, [name, output]) => (name.endsWith('.map') ? sum : sum + output.bytes), 0);
  return { dist: path(dist), runtime, grammars: grammars.filter((name) => name.endsWith('.wasm')), bytes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const built = await buildPlayground();
  console.log(
    `playground: built ${built.dist} (bundle ${(built.bytes / 1e6).toFixed(1)} MB, runtime ${built.runtime}, ${built.grammars.length} grammars)`,
  );
}
