import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { format } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * Every TypeScript block of the README and of the pages in docs/ runs as written, as its own
 * module, and when the page says what it `prints`, prints exactly that. A block that cannot run here
 * says why in an HTML comment just above it (`<!-- not run: … -->`, or `<!-- run by <test file> -->`).
 * The specifications in docs/spec/ are quoted documents, not examples: only their index's links are
 * checked.
 */

const projectRoot = join(import.meta.dirname, '..');
const docsPages = readdirSync(join(projectRoot, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => `docs/${name}`);
const pages = ['README.md', 'CONTRIBUTING.md', ...docsPages, 'docs/spec/README.md'];
const scratch = join(projectRoot, '.vitest-tmp');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const README_LIMIT = 15 * 1024;

interface Example {
  heading: string;
  code: string;
  expected: string | null;
  skip: string | null;
}

function examples(text: string): Example[] {
  const found: Example[] = [];
  const block = /```ts\n([\s\S]*?)```\n/g;
  for (let match = block.exec(text); match; match = block.exec(text)) {
    const before = text.slice(0, match.index).trimEnd();
    const heading = [...before.matchAll(/^#{1,3} (.+)$/gm)].pop()?.[1] ?? '(top)';
    const comment = /<!-- ((?:not run|run by)[^>]*) -->$/.exec(before);
    const after = text.slice(match.index + match[0].length);
    const printed = /^\s*prints\n\n```text\n([\s\S]*?)```/.exec(after);
    found.push({ heading, code: match[1]!, expected: printed ? printed[1]! : null, skip: comment ? comment[1]! : null });
  }
  return found;
}

const sources: Record<string, string> = {
  structedit: join(projectRoot, 'src', 'index.ts'),
  'structedit/tools': join(projectRoot, 'src', 'tools', 'index.ts'),
  'structedit/mcp': join(projectRoot, 'src', 'mcp', 'index.ts'),
};

async function run(code: string, name: string): Promise<string> {
  mkdirSync(scratch, { recursive: true });
  const file = join(scratch, `${name}.ts`);
  const module = code
    .replace(/from '(structedit(?:\/tools|\/mcp)?)'/g, (_, specifier: string) => `from ${JSON.stringify(sources[specifier])}`)
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

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

describe.each(pages)('%s', (page) => {
  const text = readFileSync(join(projectRoot, page), 'utf8');
  const all = examples(text);

  all.forEach((example, index) => {
    const name = `${example.heading} (block ${index + 1})`;
    if (example.skip !== null) return it.skip(`${name}: ${example.skip}`, () => undefined);
    it(name, async () => {
      const output = await run(example.code, `${page.replace(/\W/g, '-')}-${index}`);
      if (example.expected !== null) expect(output).toBe(example.expected);
    });
  });

  it('links to files and headings that exist', () => {
    const links = [...text.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((link) => !/^[a-z]+:/.test(link));
    const broken = links.filter((link) => {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path === '' ? join(projectRoot, page) : join(projectRoot, dirname(page), path);
      if (!existsSync(target)) return true;
      if (anchor === undefined || !target.endsWith('.md')) return false;
      const headings = [...readFileSync(target, 'utf8').replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!));
      return !headings.includes(anchor);
    });
    expect(broken, `broken links in ${page} (relative to ${relative(projectRoot, dirname(join(projectRoot, page))) || '.'})`).toEqual([]);
  });
});

describe('the README', () => {
  it(`stays under ${README_LIMIT / 1024} KB, with at least three runnable examples`, () => {
    const readme = readFileSync(join(projectRoot, 'README.md'));
    expect(readme.length).toBeLessThanOrEqual(README_LIMIT);
    expect(examples(readme.toString('utf8')).filter((example) => example.skip === null).length).toBeGreaterThanOrEqual(3);
  });

  it('the pages in docs/ hold at least seven runnable examples', () => {
    const runnable = docsPages.map((page) => [page, examples(readFileSync(join(projectRoot, page), 'utf8')).filter((example) => example.skip === null).length] as const);
    expect(runnable.reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThanOrEqual(7);
  });
});
