import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { pythonPackage } from '../semantic/fixtures.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'structedit-edit-'));
  for (const [path, text] of Object.entries(pythonPackage())) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(root, path), 'utf8');

/**
 * Runs the CLI. Semantic commands run with --semantic syntax unless they choose: these are tests of
 * the commands over structedit's own engine (the default, auto, takes pyright-langserver from the
 * PATH; test/semantic/language-server-backend.e2e.test.ts runs the CLI that way).
 */
async function run(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const semantic = ['edit', 'apply'].includes(argv[0]!) && !argv.includes('--semantic') ? ['--semantic', 'syntax'] : [];
  const code = await runCli([...argv, ...semantic], { out: (text) => out.push(text), err: (text) => err.push(text), readStdin: async () => stdin });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('structedit edit set|add|remove|rename|move', () => {
  it('set and add write the file and print the changed lines', async () => {
    const set = await run(['edit', 'set', 'shop/pricing.py', 'SETTINGS["timeout"]', '60', '--root', root]);
    expect(set.code).toBe(0);
    expect(set.out).toContain('  -     "timeout": 30,\n  +     "timeout": 60,');
    expect(read('shop/pricing.py')).toContain('    "timeout": 60,\n');
    const add = await run(['edit', 'add', 'shop/pricing.py', 'def total_price.params', 'currency=None', '--position', 'after:discount', '--root', root]);
    expect(add.code).toBe(0);
    expect(read('shop/pricing.py')).toContain('def total_price(items, discount=0, currency=None, *, tax=True):');
  });

  it('rename across files, with --dry-run first (nothing written) and --json', async () => {
    const dry = await run(['edit', 'rename', 'shop/pricing.py', 'def total_price', 'grand_total', '--dry-run', '--root', root]);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^Would apply 1 edit; nothing was written, 4 files would change\./);
    expect(read('shop/cart.py')).toBe(pythonPackage()['shop/cart.py']);
    const done = await run(['edit', 'rename', 'shop/pricing.py', 'def total_price', 'grand_total', '--root', root, '--json']);
    expect(done.code).toBe(0);
    expect(JSON.parse(done.out)).toMatchObject({ status: 'applied', applied: 1 });
    expect(read('shop/cart.py')).toContain('from .pricing import grand_total, unit_price');
  });

  it('remove refuses a referenced declaration (exit 1) unless --force; levels as \\n in the address', async () => {
    const refused = await run(['edit', 'remove', 'shop/pricing.py', 'def unit_price', '--root', root]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('REFERENCES_EXIST');
    expect(read('shop/pricing.py')).toBe(pythonPackage()['shop/pricing.py']);
    expect((await run(['edit', 'remove', 'shop/pricing.py', 'def unit_price', '--force', '--root', root])).code).toBe(0);
    expect(read('shop/pricing.py')).not.toContain('unit_price');
    expect((await run(['edit', 'remove', 'shop/cart.py', 'class Cart\\ndef cheapest', '--root', root])).code).toBe(0);
    expect(read('shop/cart.py')).not.toContain('cheapest');
  });

  it('--expected-hash: a stale hash is a CONFLICT (exit 1, nothing written); the current one goes through', async () => {
    const stale = `sha256:${'0'.repeat(64)}`;
    const refused = await run(['edit', 'set', 'shop/pricing.py', 'SETTINGS["timeout"]', '60', '--expected-hash', stale, '--root', root]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('CONFLICT');
    expect(read('shop/pricing.py')).toBe(pythonPackage()['shop/pricing.py']);
    const listed = await run(['list', 'shop/pricing.py', '--root', root, '--json']);
    const hash = (JSON.parse(listed.out) as { hash: string }).hash;
    const done = await run(['edit', 'set', 'shop/pricing.py', 'SETTINGS["timeout"]', '60', '--expected-hash', hash, '--root', root]);
    expect(done.code).toBe(0);
    expect(read('shop/pricing.py')).toContain('    "timeout": 60,\n');
  });

  it('move --to creates the file and updates the imports', async () => {
    const moved = await run(['edit', 'move', 'shop/pricing.py', 'def unit_price', '--to', 'shop/units.py', '--root', root]);
    expect(moved.code).toBe(0);
    expect(read('shop/units.py')).toBe('def unit_price(item):\n    return item.price\n');
    expect(read('shop/cart.py')).toContain('from .units import unit_price\n');
  });
});

describe('structedit apply with a semantic batch object', () => {
  it('runs { edits, options } from standard input as one all-or-nothing batch', async () => {
    const batch = { edits: [{ op: 'rename', path: 'shop/pricing.py', address: 'def total_price', new_name: 'grand_total' }, { op: 'set', path: 'shop/pricing.py', address: 'def grand_total.params.discount', value: 'discount=5' }] };
    const result = await run(['apply', '-', '--root', root], JSON.stringify(batch));
    expect(result.code).toBe(0);
    expect(result.out).toContain('[1/1] semantic_edit\nApplied 2 edits');
    expect(read('shop/pricing.py')).toContain('def grand_total(items, discount=5, *, tax=True):');
  });

  it('--dry-run sets options.dry_run; a failing edit writes nothing and exits 1', async () => {
    const dry = await run(['apply', '-', '--dry-run', '--root', root], JSON.stringify({ edits: [{ op: 'set', path: 'shop/pricing.py', address: 'SETTINGS["timeout"]', value: '60' }], options: { transaction: true } }));
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Would apply 1 edit; nothing was written');
    expect(read('shop/pricing.py')).toBe(pythonPackage()['shop/pricing.py']);
    const failing = { edits: [{ op: 'set', path: 'shop/pricing.py', address: 'SETTINGS["timeout"]', value: '60' }, { op: 'set', path: 'shop/pricing.py', address: 'SETTINGS["retries"]', value: '1' }] };
    const failed = await run(['apply', '-', '--root', root], JSON.stringify(failing));
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('PART_NOT_FOUND');
    expect(read('shop/pricing.py')).toBe(pythonPackage()['shop/pricing.py']);
  });
});
