import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { afterAll, expect, it, vi } from 'vitest';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const scratch = join(import.meta.dirname, '..', '.vitest-tmp');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The README's usage example runs as written and prints what the README says it prints. */
it('README usage example', async () => {
  const usage = readme.slice(readme.indexOf('## Usage'));
  const code = /```ts\n([\s\S]*?)```/.exec(usage)![1]!;
  const expected = /prints\n\n```text\n([\s\S]*?)```/.exec(usage)![1]!;
  mkdirSync(scratch, { recursive: true });
  const file = join(scratch, 'readme-usage.ts');
  writeFileSync(file, code.replace("from 'structedit'", `from ${JSON.stringify(join(import.meta.dirname, '..', 'src', 'index.ts'))}`));
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(format(...args));
  });
  try {
    await import(/* @vite-ignore */ file);
  } finally {
    log.mockRestore();
  }
  expect(`${printed.join('\n')}\n`).toBe(expected);
});
