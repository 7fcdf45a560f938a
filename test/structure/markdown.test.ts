import { describe, expect, it } from 'vitest';
import { lines, outlineOf, readTexts } from '../helpers.js';

const readme = lines(
  '---',
  'title: Demo',
  '---',
  '# Project',
  '',
  'Intro paragraph.',
  '',
  '## Install',
  '',
  '- Download the archive',
  '- [ ] Check the signature',
  '  1. Import the key',
  '  2. Run `gpg --verify`',
  '',
  '> Note: needs Node 18',
  '> or later.',
  '',
  '```bash',
  'npm install structedit',
  '```',
  '',
  '## Usage',
  '',
  '### From code',
  '',
  '```',
  'plain block',
  '```',
  '',
  '### From the CLI',
  '',
  'Run it.',
  '',
  '# Appendix',
);

describe('Markdown structures', () => {
  it('nests sections by heading level, with list items, code blocks and quotes', async () => {
    expect(await outlineOf('README.md', readme)).toMatchInlineSnapshot(`
      "front_matter [1-3] "---"
      section Project [4-32] "Project"
        paragraph [6-6] "Project\\nIntro"
        section Install [8-20] "Project\\nInstall"
          list_item Download the archive [10-10] "Project\\nInstall\\nDownload the archive"
          list_item Check the signature [11-13] "Project\\nInstall\\nCheck the signature"
            list_item Import the key [12-12] "Project\\nInstall\\nCheck the signature\\nImport the key"
            list_item Run \`gpg --verify\` [13-13] "Project\\nInstall\\nCheck the signature\\nRun \`gpg --verify\`"
          blockquote Note: needs Node 18 [15-16] "Project\\nInstall\\nNote: needs Node 18"
          code_block bash [18-20] "Project\\nInstall\\nbash"
        section Usage [22-32] "Project\\nUsage"
          section From code [24-28] "Project\\nUsage\\nFrom code"
            code_block [26-28] "Project\\nUsage\\nFrom code\\nplain"
          section From the CLI [30-32] "Project\\nUsage\\nFrom the CLI"
            paragraph [32-32] "Project\\nUsage\\nFrom the CLI\\nRun"
      section Appendix [34-34] "Appendix""
    `);
  });

  it('names a heading with or without its # marks', async () => {
    const install = await readTexts('README.md', readme, '# Project\n## Install');
    expect(install).toEqual(await readTexts('README.md', readme, 'Project\nInstall'));
    expect(install[0]!.startsWith('## Install\n')).toBe(true);
    expect(install[0]!.endsWith('npm install structedit\n```')).toBe(true);
  });

  it('names list items by their text, code blocks by language or first line, quotes by first line', async () => {
    expect(await readTexts('README.md', readme, 'Project\nInstall\nCheck the signature\nRun')).toEqual(['  2. Run `gpg --verify`']);
    expect(await readTexts('README.md', readme, 'Project\nInstall\n- Download')).toEqual(['- Download the archive']);
    expect(await readTexts('README.md', readme, 'Project\nInstall\nbash')).toEqual(['```bash\nnpm install structedit\n```']);
    expect(await readTexts('README.md', readme, 'Project\nUsage\nFrom code\nplain block')).toEqual(['```\nplain block\n```']);
    expect(await readTexts('README.md', readme, 'Project\nInstall\nNote: needs')).toEqual(['> Note: needs Node 18\n> or later.']);
  });

  it('ends a section at the next heading of the same or a higher level', async () => {
    expect(await readTexts('README.md', readme, 'Project\nUsage')).toEqual([
      ['## Usage', '', '### From code', '', '```', 'plain block', '```', '', '### From the CLI', '', 'Run it.'].join('\n'),
    ]);
    expect(await readTexts('README.md', readme, 'Appendix')).toEqual(['# Appendix']);
  });
});
