import { expect, it, vi } from 'vitest';
import { runDemo } from '../examples/demo.js';

it('npm run demo: reads nested structures and shows TARGET_NOT_FOUND with suggestions', async () => {
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
  expect(output).toContain('error: TARGET_NOT_FOUND');
  expect(output).toMatch(/0\.\d\d {2}"class UserAuth\\ndef validate" \(method, line 11\)/);
  expect(output).toContain('1.00  "class UserAuth\\ndef validate" (method, line 11, a level deeper)');
});
