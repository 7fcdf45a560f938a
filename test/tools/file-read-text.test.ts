import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { createTools } from 'structedit/tools';
import { lines } from '../helpers.js';

/**
 * The `file_read` tool's text, recorded: every mode over files that reach each part of the
 * rendering (opened containers and their indented stubs, symbols without names, targets that name
 * several structures or none alone, collapsed blocks inside a body, syntax errors, plain text, an
 * empty file). A change to what a model reads shows here as a snapshot diff.
 */

const python = lines(
  '#!/usr/bin/env python3',
  '"""Inventory tools."""',
  'from __future__ import annotations',
  '',
  'import os',
  'import sys',
  '',
  "__all__ = ['Store', 'main']",
  '',
  'LIMIT = 10',
  '',
  '',
  'class Store:',
  '    """Keeps things."""',
  '',
  '    # Items by name.',
  '    items = {}',
  '',
  '    def add(self, name):',
  '        self.items[name] = True',
  '',
  '    @property',
  '    def size(self):',
  '        return len(self.items)',
  '',
  '    def helper(self):',
  '        import json',
  '        # a comment',
  '        return json.dumps(self.items)',
  '',
  '',
  'def twice():',
  '    pass',
  '',
  '',
  'def twice():',
  '    pass',
  '',
  '',
  "if __name__ == '__main__':",
  '    main()',
);

const typescript = lines(
  "'use strict';",
  "import { readFile } from 'node:fs';",
  "import type { Stats } from 'node:fs';",
  '',
  '/** Loads things. */',
  'export class Loader {',
  '  private cache = new Map<string, string>();',
  '',
  '  constructor(readonly root: string) {}',
  '',
  '  load(path: string): string {',
  '    return this.cache.get(path) ?? readFile(path);',
  '  }',
  '',
  '  // Forget everything.',
  '  clear(): void {',
  '    this.cache.clear();',
  '  }',
  '}',
  '',
  'export namespace Util {',
  '  export const x = 1;',
  '  export function twice(n: number) {',
  '    return 2 * n;',
  '  }',
  '}',
  '',
  'export default function () {',
  '  return new Loader(".");',
  '}',
  '',
  'export { Stats };',
);

const markdown = lines(
  '---',
  'title: Demo',
  '---',
  '<!-- generated -->',
  '# Demo',
  '',
  'Badges here.',
  '',
  '## Install',
  '',
  '- Download',
  '- Run',
  '',
  '```sh',
  'npm install demo',
  '```',
  '',
  '## Use',
  '',
  '> Quoted.',
);

const broken = lines('import os', '', 'def good():', '    return 1', '', 'def bad(:', '    return 2', '', 'class Fine:', '    def ok(self):', '        pass');

const files: Record<string, string> = {
  'inventory.py': python,
  'loader.ts': typescript,
  'README.md': markdown,
  'broken.py': broken,
  'notes.xyz': lines('alpha', 'beta', 'gamma', 'delta', 'epsilon'),
  'empty.py': '',
};

const tool = createTools(createEditor({ fs: memoryFs(files) }), { include: ['file_read'] })[0]!;

interface SkeletonSymbol {
  target: string | null;
  shared_target?: string;
  children: SkeletonSymbol[];
}

async function transcript(path: string, extraTargets: readonly string[]): Promise<string> {
  const parts: string[] = [];
  const run = async (args: Record<string, unknown>) => {
    const result = await tool.execute({ path, ...args });
    parts.push(`=== ${JSON.stringify(args)}${result.isError ? ' (error)' : ''}\n${result.content.map((content) => content.text).join('\n')}`);
    return result;
  };
  await run({});
  const skeleton = await run({ skeleton: true });
  const total = files[path]!.split('\n').length;
  await run({ startLine: 1 });
  await run({ startLine: 1, skeleton: true });
  await run({ startLine: 3, endLine: 6 });
  await run({ startLine: Math.ceil(total / 2), endLine: total, skeleton: true });
  await run({ target: '' });
  const symbols: SkeletonSymbol[] = [];
  const collect = (list: readonly SkeletonSymbol[]) => list.forEach((symbol) => (symbols.push(symbol), collect(symbol.children)));
  collect((skeleton.structuredContent as { skeleton?: { symbols: SkeletonSymbol[] } }).skeleton?.symbols ?? []);
  const targets = new Set([...symbols.map((symbol) => symbol.target ?? symbol.shared_target ?? ''), ...extraTargets]);
  targets.delete('');
  for (const target of targets) {
    await run({ target });
    await run({ target, recursive: true });
  }
  return `${parts.join('\n\n')}\n`;
}

describe('file_read: the text a model reads', () => {
  const extra: Record<string, string[]> = { 'inventory.py': ['class Store\ndef', 'def twice'], 'loader.ts': ['class Loader\n('], 'README.md': ['#'], 'broken.py': ['def bad'] };
  for (const path of Object.keys(files)) {
    it(path, async () => {
      await expect(await transcript(path, extra[path] ?? [])).toMatchFileSnapshot(`__snapshots__/file-read-text/${path}.txt`);
    });
  }
});
