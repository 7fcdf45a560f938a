import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { fileReadText } from 'structedit/tools';
import { lines, editorFor } from '../helpers.js';

const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'file-read.md'), 'utf8');

/** docs/file-read.md shows what readFile answers for its example file. */
it('docs/file-read.md example', async () => {
  const section = page.slice(page.indexOf('# Reading files: `readFile`'));
  const [range, skeleton] = [...section.matchAll(/```text\n([\s\S]*?)```/g)].map((match) => match[1]!.trimEnd());
  const shop = lines('"""A shop."""', 'import json', '', 'TAX = 0.2', '', '', 'class Cart:', '    def __init__(self):', '        self.items = []', '', '    def total(self):', '        return sum(self.items) * (1 + TAX)', '', '', 'def load(path):', '    with open(path) as f:', '        return json.load(f)');
  const editor = editorFor('shop.py', shop);
  expect(fileReadText((await editor.readFile({ path: 'shop.py', startLine: 1, endLine: 12 }))._unsafeUnwrap())).toBe(range);
  expect(fileReadText((await editor.readFile({ path: 'shop.py', skeleton: true }))._unsafeUnwrap())).toBe(`## file_read: shop.py\n\n${skeleton}`);
});
