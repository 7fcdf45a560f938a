import { describe, expect, it } from 'vitest';
import { syntaxEditorOver as editorOver, expectError, expectOk, lines } from '../helpers.js';
import { batchRunner, typescriptPackage } from './fixtures.js';

const { run, applied } = batchRunner(typescriptPackage);

describe('applyEdits on a TypeScript package', () => {
  it('rename follows imports, re-exports and namespace members across 3 files, not a shadowing parameter or a string', async () => {
    const { value, files } = await applied([{ op: 'rename', path: 'src/format.ts', address: 'function formatPrice', new_name: 'renderPrice' }]);
    const outcome = value.results[0]!;
    expect(outcome.op).toBe('rename');
    const changes = outcome.op === 'rename' && outcome.status === 'applied' ? outcome.changes.map((c) => `${c.file}:${c.line} ${c.kind}`) : [];
    expect(changes).toEqual(['src/cart.ts:1 import', 'src/cart.ts:21 reference', 'src/cart.ts:25 reference', 'src/format.ts:3 definition', 'src/index.ts:1 export']);
    expect(files['src/index.ts']).toBe(lines("export { renderPrice, parsePrice } from './format';", "export * from './cart';"));
    expect(files['src/format.ts']).toContain('export function renderPrice(cents: number, currency = CURRENCY): string {');
    expect(files['src/format.ts']).toContain(lines('function unused(formatPrice: number) {', '  return formatPrice * 2;', '}'));
    expect(files['src/cart.ts']).toContain("import { renderPrice } from './format';\n");
    expect(files['src/cart.ts']).toContain('    return renderPrice(cents);\n');
    expect(files['src/cart.ts']).toContain("    return fmt.renderPrice(0) + ' formatPrice';\n");
    expect(files['src/config.ts']).toBe(typescriptPackage()['src/config.ts']);
  });

  it('rename renames every overload and JSDoc {@link} references, not other comment text', async () => {
    const { editor, fs } = editorOver({
      'a.ts': lines('export function pick(x: string): string;', 'export function pick(x: number): number;', 'export function pick(x: unknown) {', '  return x;', '}', '', '/** Calls {@link pick} (pick is documented). */', 'export const twice = (x: number) => pick(pick(x));'),
    });
    expectOk(await editor.applyEdits({ edits: [{ op: 'rename', path: 'a.ts', address: 'function pick', new_name: 'choose' }] }));
    expect(fs.snapshot()['a.ts']).toBe(
      lines('export function choose(x: string): string;', 'export function choose(x: number): number;', 'export function choose(x: unknown) {', '  return x;', '}', '', '/** Calls {@link choose} (pick is documented). */', 'export const twice = (x: number) => choose(choose(x));'),
    );
  });

  it('rename of a type updates its type-only import', async () => {
    const { files } = await applied([{ op: 'rename', path: 'src/config.ts', address: 'type Status', new_name: 'CartStatus' }]);
    expect(files['src/config.ts']).toContain("export type CartStatus = 'open' | 'paid';");
    expect(files['src/cart.ts']).toContain("import { LIMITS, type CartStatus } from './config';");
    expect(files['src/cart.ts']).toContain("  status: CartStatus = 'open';");
  });

  it('rename onto a name taken in the file fails with CONFLICT (name_taken)', async () => {
    const { result, files } = await run([{ op: 'rename', path: 'src/format.ts', address: 'function formatPrice', new_name: 'parsePrice' }]);
    const error = expectError(result, 'CONFLICT');
    expect(error.details).toMatchObject({ reason: 'name_taken', name: 'parsePrice', state: 'FILE_UNCHANGED' });
    if (error.details.reason !== 'name_taken') throw new Error(`expected name_taken, got ${error.details.reason}`);
    expect(error.details.conflicts.length).toBeGreaterThan(0);
    expect(files).toEqual(typescriptPackage());
  });

  it('add into inline and multi-line lists: object, array, union, parameters, import specifiers', async () => {
    const { files } = await applied([
      { op: 'add', path: 'src/config.ts', address: 'const LIMITS', value: 'maxCoupons: 3' },
      { op: 'add', path: 'src/config.ts', address: 'const ROLES', value: "'guest'", position: 'first' },
      { op: 'add', path: 'src/config.ts', address: 'type Status', value: "'void'" },
      { op: 'add', path: 'src/format.ts', address: 'function parsePrice.params', value: 'strict = false' },
      { op: 'add', path: 'src/cart.ts', address: '.imports["./config"]', value: 'CURRENCY' },
      { op: 'add', path: 'src/cart.ts', address: 'interface Item', value: 'note?: string;', position: 'after:name' },
    ]);
    expect(files['src/config.ts']).toBe(
      lines(
        "export const CURRENCY = 'EUR';",
        '',
        'export const LIMITS = {',
        '  maxItems: 10,',
        '  maxTotal: 100000,',
        '  maxCoupons: 3,',
        '};',
        '',
        "export type Status = 'open' | 'paid' | 'void';",
        '',
        'export const ROLES = [',
        "  'guest',",
        "  'admin',",
        "  'user'",
        '];',
      ),
    );
    expect(files['src/format.ts']).toContain('export function parsePrice(text: string, strict = false): number {');
    expect(files['src/cart.ts']).toContain("import { LIMITS, type Status, CURRENCY } from './config';");
    expect(files['src/cart.ts']).toContain(lines('export interface Item {', '  name: string;', '  note?: string;', '  cents: number;', '}'));
  });

  it('set changes an object entry, a return type and a class field', async () => {
    const { files } = await applied([
      { op: 'set', path: 'src/config.ts', address: 'const LIMITS.maxItems', value: '20' },
      { op: 'set', path: 'src/format.ts', address: 'function parsePrice.returns', value: 'number | null' },
      { op: 'set', path: 'src/cart.ts', address: "class Cart\nstatus", value: "status: Status = 'paid';" },
    ]);
    expect(files['src/config.ts']).toContain('  maxItems: 20,\n');
    expect(files['src/format.ts']).toContain('export function parsePrice(text: string): number | null {');
    expect(files['src/cart.ts']).toContain("  status: Status = 'paid';\n");
  });

  it('set with a value that does not parse fails with SYNTAX_ERROR and writes nothing', async () => {
    const { result, files } = await run([{ op: 'set', path: 'src/config.ts', address: 'const LIMITS.maxItems', value: '(10' }]);
    expectError(result, 'SYNTAX_ERROR');
    expect(files).toEqual(typescriptPackage());
  });

  it('remove a method, an entry and an array item with their separators; a referenced export is refused', async () => {
    const { files } = await applied([
      { op: 'remove', path: 'src/cart.ts', address: 'class Cart\nlabel' },
      { op: 'remove', path: 'src/config.ts', address: 'const LIMITS.maxTotal' },
      { op: 'remove', path: 'src/config.ts', address: "const ROLES['user']" },
    ]);
    expect(files['src/cart.ts']).not.toContain('label');
    expect(files['src/cart.ts']).toContain(lines('    return formatPrice(cents);', '  }', '}'));
    expect(files['src/config.ts']).toContain(lines('export const LIMITS = {', '  maxItems: 10,', '};'));
    expect(files['src/config.ts']).toContain(lines('export const ROLES = [', "  'admin'", '];'));

    const refused = await run([{ op: 'remove', path: 'src/config.ts', address: 'const LIMITS' }]);
    const error = expectError(refused.result, 'REFERENCES_EXIST');
    expect(error.details.references.map((r) => `${r.file}:${r.line} ${r.kind}`)).toEqual(['src/cart.ts:3 import', 'src/cart.ts:15 reference']);
    expect(refused.files).toEqual(typescriptPackage());
  });

  it('move takes a function to a new file and retargets the re-export', async () => {
    const { files } = await applied([{ op: 'move', path: 'src/format.ts', address: 'function parsePrice', to: 'src/parse.ts' }]);
    expect(files['src/parse.ts']).toBe(lines('export function parsePrice(text: string): number {', '  const [amount] = text.split(" ");', '  return Math.round(Number(amount) * 100);', '}'));
    expect(files['src/format.ts']).not.toContain('parsePrice');
    expect(files['src/index.ts']).toBe(lines("export { formatPrice } from './format';", "export { parsePrice } from './parse';", "export * from './cart';"));
  });

  it('move refuses when a use through the namespace of the old module would be left pointing there', async () => {
    const { result, files } = await run([{ op: 'move', path: 'src/format.ts', address: 'function formatPrice', to: 'src/money.ts' }]);
    const error = expectError(result, 'UNRESOLVED_REFERENCES');
    expect(error.details.references).toEqual([expect.objectContaining({ file: 'src/cart.ts', line: 25, text: "return fmt.formatPrice(0) + ' formatPrice';" })]);
    expect(files).toEqual(typescriptPackage());
  });

  it('move brings the imports the moved code needs and updates its users (force leaves the namespace use, with a warning)', async () => {
    const { result, files } = await run([{ op: 'move', path: 'src/format.ts', address: 'function formatPrice', to: 'src/money.ts', force: true }]);
    const value = expectOk(result);
    expect(value.warnings).toEqual([expect.objectContaining({ type: 'REFERENCES_UNRESOLVED' })]);
    expect(files['src/money.ts']).toContain("import { CURRENCY } from './config';");
    expect(files['src/money.ts']).toContain('export function formatPrice(cents: number, currency = CURRENCY): string {');
    expect(files['src/format.ts']).not.toContain('CURRENCY');
    expect(files['src/cart.ts']).toContain("import { formatPrice } from './money';");
  });

  it('a batch whose third edit fails leaves every file byte-identical', async () => {
    const { result, files } = await run([
      { op: 'rename', path: 'src/format.ts', address: 'function formatPrice', new_name: 'renderPrice' },
      { op: 'add', path: 'src/config.ts', address: 'const LIMITS', value: 'maxCoupons: 3' },
      { op: 'set', path: 'src/config.ts', address: 'const LIMITS.maxItem', value: '20' },
    ]);
    const error = expectError(result, 'PART_NOT_FOUND');
    expect(error.details.edit?.index).toBe(2);
    expect(error.details.available[0]?.selector).toBe('.maxItems');
    expect(files).toEqual(typescriptPackage());
  });

  it('transaction: false applies the edits that succeed and reports the failed one', async () => {
    const { result, files } = await run(
      [
        { op: 'set', path: 'src/config.ts', address: 'const LIMITS.maxItems', value: '20' },
        { op: 'set', path: 'src/config.ts', address: 'const LIMITS.nothing', value: '1' },
      ],
      { transaction: false },
    );
    const value = expectOk(result);
    expect(value).toMatchObject({ status: 'partial', applied: 1, failed: 1 });
    expect(value.results[1]).toMatchObject({ status: 'failed', error: { error: 'PART_NOT_FOUND' } });
    expect(files['src/config.ts']).toContain('  maxItems: 20,\n');
  });

  it('dry_run of a multi-file rename lists would_change per file and writes nothing', async () => {
    const { result, files } = await run([{ op: 'rename', path: 'src/format.ts', address: 'function formatPrice', new_name: 'renderPrice' }], { dry_run: true });
    const value = expectOk(result);
    expect(value.status).toBe('dry_run');
    expect(value.would_change?.map((change) => change.file).sort()).toEqual(['src/cart.ts', 'src/format.ts', 'src/index.ts']);
    const index = value.would_change?.find((change) => change.file === 'src/index.ts');
    expect(index?.changes).toEqual([{ line: 1, after_line: 1, before: "export { formatPrice, parsePrice } from './format';", after: "export { renderPrice, parsePrice } from './format';" }]);
    expect(files).toEqual(typescriptPackage());
  });
});
