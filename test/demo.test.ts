import { expect, it, vi } from 'vitest';
import { runDemo } from '../examples/demo.js';

it('npm run demo: reads, skeletons and edits by structure, and shows error values with suggestions', async () => {
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.join(' '));
  });
  try {
    await runDemo();
  } finally {
    log.mockRestore();
  }
  const output = printed.join('\n');
  expect(output).toContain('method validate [lines 11-16] target: "class UserAuth\\ndef validate"');
  expect(output).toContain('  |     @staticmethod\n  |     def validate(token):');
  expect(output).toContain("  |     if (item.quantity <= 0) {");
  expect(output).toContain('  | ```bash\n  | npm install shop\n  | ```');
  expect(output).toContain('  |     [8-13] method: addItem → "addItem"');
  expect(output).toContain('  lines: [11,14], warnings: [], undo_token: undo-1-');
  expect(output).toMatch(/ {2}hash: sha256:[0-9a-f]{64} /);
  expect(output).toContain('  |     @staticmethod\n  |     def validate(token):\n  |         return bool(token) and hashlib');
  expect(output).toContain('  total_replacements: 2, at lines 3 and 14');
  expect(output).toContain('  -A tiny shop.\n  +A tiny shop, edited by structure.');
  expect(output).toContain('  error: NO_MATCH');
  expect(output).toContain('(similarity 0.97; case differs)');
  expect(output).toContain('  README.md unchanged: true');
  expect(output).toContain('  error: REFERENCES_EXIST\n  message: "UserAuth" is still referenced in 2 places (login.py:1 "from auth import UserAuth"; login.py:5 "return UserAuth(store).validate(token)")');
  expect(output).toContain('  dry run: updated auth.py (1 hunk), updated login.py (2 hunks)');
  expect(output).toContain('error: TARGET_NOT_FOUND');
  expect(output).toMatch(/0\.\d\d {2}"class UserAuth\\ndef validate" \(method, line 11\)/);
  expect(output).toContain('1.00  "class UserAuth\\ndef validate" (method, line 11, a level deeper)');
});
