import { describe, expect, it } from 'vitest';
import { editorOver, expectFigures, lines, spliceLines } from '../helpers.js';

const readme = lines(
  '# Shop',
  '',
  'A small shop.',
  '',
  '## Install',
  '',
  '```bash',
  'npm install shop',
  '```',
  '',
  '## Usage',
  '',
  '- add items',
  '- check out',
  '',
  '## License',
  '',
  'MIT',
);

describe('structure edits in Markdown', () => {
  it('inserts a section before another with a blank line, and a list item without one', async () => {
    const { editor, fs } = editorOver({ 'README.md': readme });
    expect(expectFigures(await editor.insertBeforeStructure({ path: 'README.md', target: 'Shop\nLicense', content: '## Contributing\n\nSend patches.' }))).toEqual({ inserted_at_line: 16, target_now_at_line: 20, dry_run: false, warnings: [] });
    expect(expectFigures(await editor.insertAfterStructure({ path: 'README.md', target: 'Shop\nUsage\nadd items', content: '- pay' }))).toEqual({ inserted_at_line: 14, dry_run: false, warnings: [] });
    expect(fs.snapshot()['README.md']).toBe(spliceLines(readme, 13, 16, '- add items', '- pay', '- check out', '', '## Contributing', '', 'Send patches.', '', '## License'));
  });

  it('deletes a section with its content, keeping one blank line', async () => {
    const { editor, fs } = editorOver({ 'README.md': readme });
    expect(expectFigures(await editor.deleteStructure({ path: 'README.md', target: 'Shop\nInstall' }))).toEqual({ deleted_line_range_inclusive: [5, 9], dry_run: false, warnings: [] });
    expect(fs.snapshot()['README.md']).toBe(spliceLines(readme, 5, 10));
  });

  it('replaces a code block named by its language and edits text in one section', async () => {
    const { editor, fs } = editorOver({ 'README.md': readme });
    expect(expectFigures(await editor.replaceStructure({ path: 'README.md', target: 'Shop\nInstall\nbash', content: '```sh\npnpm add shop\n```' }))).toEqual({ lines: [7, 9], kept_leading_lines: 0, dry_run: false, warnings: [] });
    expect(expectFigures(await editor.replaceTextInStructure({ path: 'README.md', target: 'Shop\nLicense', old_text: 'MIT', new_text: 'MIT, see LICENSE.' }))).toEqual({ affected_lines: [18, 18], dry_run: false, warnings: [] });
    expect(fs.snapshot()['README.md']).toBe(spliceLines(readme, 7, 18, '```sh', 'pnpm add shop', '```', ...readme.split('\n').slice(9, 17), 'MIT, see LICENSE.'));
  });

  it('moves a section before another and warns when a section loses its only block', async () => {
    const { editor, fs } = editorOver({ 'README.md': readme });
    expect(expectFigures(await editor.moveStructure({ source_path: 'README.md', source_target: 'Shop\nLicense', dest_path: 'README.md', dest_target: 'Shop\nInstall', position: 'before' }))).toEqual({
      source_original_line_range: [16, 18],
      destination_final_line_range: [5, 7],
      dry_run: false,
      warnings: [],
    });
    expect(fs.snapshot()['README.md']).toBe(lines('# Shop', '', 'A small shop.', '', '## License', '', 'MIT', '', ...readme.split('\n').slice(4, 14)));
    const emptied = expectFigures(await editor.deleteStructure({ path: 'README.md', target: 'Shop\nLicense\nMIT' }));
    expect(emptied.warnings).toEqual([expect.objectContaining({ type: 'STRUCTURE_EMPTY', details: { structure: 'Shop\nLicense', kind: 'section', lines: [5, 5] } })]);
  });

  it('replaces all occurrences in one section', async () => {
    const { editor, fs } = editorOver({ 'README.md': readme });
    expect(expectFigures(await editor.replaceAllTextInStructure({ path: 'README.md', target: 'Shop\nInstall', old_text: 'shop', new_text: '@acme/shop' }))).toEqual({ total_replacements: 1, affected_lines: [8, 8], dry_run: false, warnings: [] });
    expect(fs.snapshot()['README.md']).toBe(spliceLines(readme, 8, 8, 'npm install @acme/shop'));
  });
});
