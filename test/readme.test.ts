import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * Every TypeScript block of the README runs as written, as its own module, and when the README
 * says what it `prints`, prints exactly that. A block that cannot run here says why in an HTML
 * comment just above it (`<!-- not run: … -->`, or `<!-- run by <test file> -->`).
 */

const projectRoot = join(import.meta.dirname, '..');
const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
const scratch = join(projectRoot, '.vitest-tmp');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Example {
  heading: string;
  code: string;
  expected: string | null;
  skip: string | null;
}

function examples(): Example[] {
  const found: Example[] = [];
  const block = /```ts\n([\s\S]*?)```\n/g;
  for (let match = block.exec(readme); match; match = block.exec(readme)) {
    const before = readme.slice(0, match.index).trimEnd();
    const heading = [...before.matchAll(/^#{2,3} (.+)$/gm)].pop()?.[1] ?? '(top)';
    const comment = /<!-- ((?:not run|run by)[^>]*) -->$/.exec(before);
    const after = readme.slice(match.index + match[0].length);
    const printed = /^\s*prints\n\n```text\n([\s\S]*?)```/.exec(after);
    found.push({ heading, code: match[1]!, expected: printed ? printed[1]! : null, skip: comment ? comment[1]! : null });
  }
  return found;
}

const sources: Record<string, string> = {
  structedit: join(projectRoot, 'src', 'index.ts'),
  'structedit/tools': join(projectRoot, 'src', 'tools', 'index.ts'),
};

async function run(code: string, index: number): Promise<string> {
  mkdirSync(scratch, { recursive: true });
  const file = join(scratch, `readme-${index}.ts`);
  const module = code
    .replace(/from '(structedit(?:\/tools)?)'/g, (_, name: string) => `from ${JSON.stringify(sources[name])}`)
    .replace(/from '\.\/(examples\/[^']+)'/g, (_, path: string) => `from ${JSON.stringify(join(projectRoot, path.replace(/\.js$/, '.ts')))}`);
  writeFileSync(file, module);
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(format(...args));
  });
  try {
    await import(/* @vite-ignore */ file);
  } finally {
    log.mockRestore();
  }
  return printed.length === 0 ? '' : `${printed.join('\n')}\n`;
}

describe('README examples', () => {
  const all = examples();

  it('has runnable examples, and says why for any that does not run here', () => {
    expect(all.filter((example) => example.skip === null).length).toBeGreaterThanOrEqual(6);
  });

  all.forEach((example, index) => {
    const name = `${example.heading} (block ${index + 1})`;
    if (example.skip !== null) return it.skip(`${name}: ${example.skip}`, () => undefined);
    it(name, async () => {
      const output = await run(example.code, index);
      if (example.expected !== null) expect(output).toBe(example.expected);
    });
  });
});
