import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects, by file name. `unit` is the edit loop (`npm run test:unit`, about 40 s on 2 cores);
 * `slow` holds what takes long or leaves the process: `*.corpus.test.ts` (invariants and oracles on
 * real code: the Python standard library, node_modules), `*.property.test.ts` (long property and
 * fault-injection runs) and `*.e2e.test.ts` (spawns a process or builds a bundle).
 * `npm test` runs both.
 */
const roots = ['test', 'examples'];
const slow = roots.map((root) => `${root}/**/*.{corpus,property,e2e}.test.ts`);

export default defineConfig({
  resolve: {
    alias: [
      { find: /^structedit$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
      { find: /^structedit\/tools$/, replacement: fileURLToPath(new URL('./src/tools/index.ts', import.meta.url)) },
      { find: /^structedit\/mcp$/, replacement: fileURLToPath(new URL('./src/mcp/index.ts', import.meta.url)) },
      { find: /^structedit\/node$/, replacement: fileURLToPath(new URL('./src/node.ts', import.meta.url)) },
    ],
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: roots.map((root) => `${root}/**/*.test.ts`), exclude: [...configDefaults.exclude, ...slow] } },
      { extends: true, test: { name: 'slow', include: slow } },
    ],
  },
});
