import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/bin.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  target: 'node18',
  platform: 'node',
  // `import.meta.url` is used to find the grammar packages; shims make it work in the CJS build too.
  shims: true,
  sourcemap: true,
  clean: true,
  splitting: false,
  treeshake: true,
});
