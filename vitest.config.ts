import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: [
      { find: /^structedit$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
      { find: /^structedit\/tools$/, replacement: fileURLToPath(new URL('./src/tools/index.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
