import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

/** Development dependencies compiled into dist/ (see `noExternal` below). */
const BUNDLED_DEPENDENCIES = ['zod', 'jsonc-parser', 'detect-indent', 'fastest-levenshtein'];

const shared: Options = {
  entry: {
    index: 'src/index.ts',
    tools: 'src/tools/index.ts',
    mcp: 'src/mcp/index.ts',
    node: 'src/node.ts',
    cli: 'src/cli/bin.ts',
  },
  target: 'node20',
  platform: 'node',
  // `import.meta.url` is used to find the grammar packages; shims make it work in the CJS build too.
  shims: true,
  // No source maps in the package (issue 22: 3.7 MB of the install); build with --sourcemap locally when debugging dist.
  sourcemap: false,
  // One copy of the core shared by the entry points (ESM only; the CJS build inlines it per entry).
  splitting: true,
  treeshake: true,
  // The tools entry refers to the main entry's public types by package name; keep that a reference.
  // The MCP SDK is an optional peer dependency, loaded only by `structedit mcp` and `structedit/mcp`
  // (tsup leaves peers external already; named here so no config change can bundle it).
  external: ['structedit', /^@modelcontextprotocol\/sdk(\/|$)/],
  // Bundled, not a dependency: zod validates arguments inside structedit and appears in no public
  // type, and the schemas, written with zod/mini and English messages only, are ~30 KB of its
  // 5.9 MB install (issue 22's lean install).
  // Three small runtime libraries are compiled in as well, for the cold start (each package Node
  // resolves and loads on import costs 1-6 ms of a ~150 ms first read): jsonc-parser (tsconfig and
  // package.json for module resolution), whose `main` is a UMD build Node loads as CommonJS, five
  // files, and whose ES build imports without extensions, so Node cannot load that one (compiled
  // in from the ES build, `module` first below, only `parse` and its scanner remain);
  // detect-indent and fastest-levenshtein, one function each.
  // Their licences are in THIRD_PARTY_NOTICES.md.
  noExternal: BUNDLED_DEPENDENCIES,
  esbuildOptions(options) {
    options.mainFields = ['module', 'main'];
  },
};

/**
 * Runtime dependencies published as ES modules only (no `require` entry). Node 20 before 20.19 cannot
 * `require()` them, so the CommonJS build carries its own copy of these; everything with a
 * CommonJS entry stays external (neverthrow above all: results must be the user's own classes).
 */
function esmOnlyDependencies(): string[] {
  const own = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
  return Object.keys(own.dependencies).filter((name) => {
    // Read from node_modules directly: not every package exports its package.json.
    const manifest = JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { type?: string; main?: string; exports?: unknown };
    const root = typeof manifest.exports === 'object' && manifest.exports !== null && '.' in manifest.exports ? (manifest.exports as Record<string, unknown>)['.'] : manifest.exports;
    if (root === undefined) return manifest.type === 'module' && !(manifest.main ?? '').endsWith('.cjs');
    return !JSON.stringify(root).includes('"require"') && !(typeof root === 'string' && root.endsWith('.cjs'));
  });
}

export default defineConfig([
  // The search pool's worker thread: ES module only (both builds start dist/search-worker.js, next to the chunk that loads it).
  { ...shared, entry: { ...(shared.entry as Record<string, string>), 'search-worker': 'src/parsing/search-worker.ts' }, format: ['esm'], dts: { entry: { index: 'src/index.ts', tools: 'src/tools/index.ts', mcp: 'src/mcp/index.ts', node: 'src/node.ts' } }, clean: true },
  { ...shared, format: ['cjs'], dts: { entry: { index: 'src/index.ts', tools: 'src/tools/index.ts', mcp: 'src/mcp/index.ts', node: 'src/node.ts' } }, noExternal: [...BUNDLED_DEPENDENCIES, ...esmOnlyDependencies()] },
]);
