/**
 * How a unit-test harness drives structedit: files live in memory (memoryFs), every call returns a
 * Result, and `snapshot()` shows every file afterwards. Nothing touches the disk.
 */
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { createTools } from 'structedit/tools';

describe('an in-memory harness', () => {
  const files = {
    'src/auth.py': 'class UserAuth:\n    def validate(self, token):\n        return token in VALID\n',
    'docs/README.md': '# Auth\n\n## Tokens\n\nTokens expire.\n',
  };

  it('reads structures and asserts on results and error codes', async () => {
    const fs = memoryFs(files);
    const editor = createEditor({ fs });

    const read = await editor.readStructure({ path: 'src/auth.py', target: 'class UserAuth\ndef validate' });
    expect(read._unsafeUnwrap().matches).toEqual([{ text: '    def validate(self, token):\n        return token in VALID', line_range_inclusive: [2, 3] }]);

    const missing = await editor.readStructure({ path: 'src/auth.py', target: 'class Session' });
    expect(missing.isErr() && missing.error.error).toBe('TARGET_NOT_FOUND');

    const section = await editor.readStructure({ path: 'docs/README.md', target: 'Auth\nTokens' });
    expect(section._unsafeUnwrap().matches[0]!.text).toBe('## Tokens\n\nTokens expire.');

    // Reading never writes: the files are as they were.
    expect(fs.snapshot()).toEqual(files);
  });

  it('edits, asserts the bytes, and proves a failed or dry-run edit writes nothing', async () => {
    const fs = memoryFs(files);
    const editor = createEditor({ fs });

    const replaced = await editor.replaceStructure({ path: 'src/auth.py', target: 'class UserAuth\ndef validate', content: 'def validate(self, token):\n    return token in VALID and not token.expired' });
    expect(replaced._unsafeUnwrap()).toEqual({ lines: [2, 3], kept_leading_lines: 0, hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), undo_token: expect.any(String), dry_run: false, warnings: [] });
    expect(fs.snapshot()['src/auth.py']).toBe('class UserAuth:\n    def validate(self, token):\n        return token in VALID and not token.expired\n');

    const before = fs.snapshot();
    const dryRun = await editor.editFile({ path: 'docs/README.md', edits: [{ old_text: 'Tokens expire.', new_text: 'Tokens expire after an hour.' }], dry_run: true });
    expect(dryRun._unsafeUnwrap().would_modify).toBe(true);
    const wrongCount = await editor.editFile({ path: 'src/auth.py', edits: [{ old_text: 'token', new_text: 'jwt' }] });
    expect(wrongCount.isErr() && wrongCount.error.error).toBe('WRONG_COUNT');
    expect(fs.snapshot()).toEqual(before);
  });

  it('drives the same operations through the tool layer, as an agent would', async () => {
    const tools = createTools(createEditor({ fs: memoryFs(files) }));
    const listTool = tools.find((tool) => tool.name === 'list_structures')!;
    const result = await listTool.execute({ path: 'src/auth.py', depth: 2 });
    expect(result.isError).toBe(false);
    expect(result.content[0]!.text).toBe('src/auth.py (python):\n  class UserAuth (lines 1-3): "class UserAuth"\n    method validate (lines 2-3): "class UserAuth\\ndef validate" +1 nested');
  });
});
