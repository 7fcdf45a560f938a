import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  entry: {
    index: 'src/index.ts',
    tools: 'src/tools/index.ts',
    cli: 'src/cli/bin.ts',
  },
  target: 'node18',
  platform: 'node',
  // `import.meta.url` is used to find the grammar packages; shims make it work in the CJS build too.
  shims: true,
  sourcemap: true,
  // One copy of the core shared by the entry points (ESM only; the CJS build inlines it per entry).
  splitting: true,
  treeshake: true,
  // The tools entry refers to the main entry's public types by package name; keep that a reference.
  external: ['structedit'],
};

/**
 * Dependencies published as ES modules only. Node 18 cannot `require()` them, so the CommonJS
 * build carries its own copy; the ES module build imports them as usual.
 */
const esmOnlyDependencies = [
  'mdast-util-from-markdown',
  'mdast-util-gfm',
  'mdast-util-frontmatter',
  'micromark-extension-gfm',
  'micromark-extension-frontmatter',
];

export default defineConfig([
  { ...shared, format: ['esm'], dts: { entry: { index: 'src/index.ts', tools: 'src/tools/index.ts' } }, clean: true },
  { ...shared, format: ['cjs'], dts: { entry: { index: 'src/index.ts', tools: 'src/tools/index.ts' } }, noExternal: esmOnlyDependencies },
]);
