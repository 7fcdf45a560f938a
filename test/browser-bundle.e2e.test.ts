import { build } from 'esbuild';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/** memoryFs must be usable in a browser bundle: nothing from Node may come with it. */
it('memoryFs bundles for the browser without node: imports', async () => {
  const result = await build({
    stdin: { contents: "export { memoryFs } from './src/fs/memory.ts';", resolveDir: join(import.meta.dirname, '..'), loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  expect(code).toContain('snapshot');
  expect(code).not.toMatch(/from ["']node:|require\(["'](node:)?(fs|path|crypto)/);
});
