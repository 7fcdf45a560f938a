import { describe, expect, it } from 'vitest';
import { syntaxEditorOver as editorOver, expectError, expectOk, lines } from '../helpers.js';
import { batchRunner, pythonPackage } from './fixtures.js';

const { run, applied } = batchRunner(pythonPackage);

describe('applyEdits on a Python package', () => {
  it('rename updates the definition, imports, re-exports and calls in 4 files, not a shadowing parameter, a string or a comment', async () => {
    const { value, files } = await applied([{ op: 'rename', path: 'shop/pricing.py', address: 'def total_price', new_name: 'grand_total' }]);
    const outcome = value.results[0]!;
    expect(outcome).toMatchObject({ op: 'rename', old_name: 'total_price', new_name: 'grand_total' });
    expect(outcome.op).toBe('rename');
    const changes = outcome.op === 'rename' && outcome.status === 'applied' ? outcome.changes.map((c) => `${c.file}:${c.line} ${c.kind}`) : [];
    expect(changes).toEqual([
      'shop/__init__.py:1 import',
      'shop/__init__.py:3 export',
      'shop/cart.py:1 import',
      'shop/cart.py:13 reference',
      'shop/pricing.py:8 definition',
      'shop/report.py:2 import',
      'shop/report.py:8 reference',
      'shop/report.py:18 reference',
    ]);
    expect(files['shop/__init__.py']).toBe(lines('from .pricing import grand_total', '', "__all__ = ['grand_total']"));
    expect(files['shop/pricing.py']).toContain('def grand_total(items, discount=0, *, tax=True):');
    expect(files['shop/cart.py']).toContain('from .pricing import grand_total, unit_price\n');
    expect(files['shop/cart.py']).toContain('        return grand_total(self.items)\n');
    const report = files['shop/report.py']!;
    expect(report).toContain('from shop import grand_total\n');
    expect(report).toContain('lines.append(str(grand_total(cart.items)))');
    expect(report).toContain('return pricing.grand_total(items, discount=1)');
    // the parameter shadows the function: its uses, the comment and the string stay
    expect(report).toContain(lines('def shadowed(total_price):', '    # total_price here is a parameter, not the function', '    return total_price + 1'));
    expect(report).toContain('return "total_price is documented here"');
  });

  it('rename of a method updates self.<name> uses in its class, and a lone last method is found', async () => {
    const { editor, fs } = editorOver({ 'auth.py': lines('class UserAuth:', '    def other(self):', '        return self.validate()', '', '    def validate(self):', '        return True', '', '', 'def validate():', '    return 1') });
    expectOk(await editor.applyEdits({ edits: [{ op: 'rename', path: 'auth.py', address: 'class UserAuth\ndef validate', new_name: 'check' }] }));
    expect(fs.snapshot()['auth.py']).toBe(lines('class UserAuth:', '    def other(self):', '        return self.check()', '', '    def check(self):', '        return True', '', '', 'def validate():', '    return 1'));
  });

  it('rename of a parameter stays inside its function', async () => {
    const { files } = await applied([{ op: 'rename', path: 'shop/report.py', address: 'def shadowed.params.total_price', new_name: 'amount' }]);
    expect(files['shop/report.py']).toContain(lines('def shadowed(amount):', '    # total_price here is a parameter, not the function', '    return amount + 1'));
    expect(files['shop/report.py']).toContain('from shop import total_price\n');
    expect(files['shop/pricing.py']).toBe(pythonPackage()['shop/pricing.py']);
  });

  it('rename onto an existing name fails with CONFLICT (name_taken) and writes nothing', async () => {
    const { result, files } = await run([{ op: 'rename', path: 'shop/pricing.py', address: 'def total_price', new_name: 'unit_price' }]);
    const error = expectError(result, 'CONFLICT');
    if (error.details.reason !== 'name_taken') throw new Error(`expected name_taken, got ${error.details.reason}`);
    expect(error.details.conflicts[0]).toMatchObject({ file: 'shop/pricing.py', line: 16, kind: 'definition' });
    expect(error.details.state).toBe('FILE_UNCHANGED');
    expect(files).toEqual(pythonPackage());
  });

  it('add into inline and multi-line lists follows their layout', async () => {
    const { files } = await applied([
      { op: 'add', path: 'shop/pricing.py', address: 'def total_price.params', value: 'currency=None', position: 'after:discount' },
      { op: 'add', path: 'shop/pricing.py', address: 'def configure.params', value: 'verbose=False' },
      { op: 'add', path: 'shop/pricing.py', address: 'SETTINGS', value: '"retries": 3', position: 'first' },
      { op: 'add', path: 'shop/pricing.py', address: 'DEFAULTS', value: "'locale': 'fr'" },
    ]);
    const pricing = files['shop/pricing.py']!;
    expect(pricing).toContain("DEFAULTS = {'currency': 'EUR', 'rounding': 2, 'locale': 'fr'}\n");
    expect(pricing).toContain('def total_price(items, discount=0, currency=None, *, tax=True):\n');
    expect(pricing).toContain(lines('SETTINGS = {', '    "retries": 3,', '    "debug": False,', '    "timeout": 30,', '}'));
    expect(pricing).toContain(lines('def configure(', '    name,', '    level=1,', '    verbose=False', '):'));
  });

  it('add at:<n> and into an import list', async () => {
    const { files } = await applied([
      { op: 'add', path: 'shop/pricing.py', address: 'DEFAULTS', value: "'mode': 'x'", position: 'at:1' },
      { op: 'add', path: 'shop/cart.py', address: '.imports[".pricing"]', value: 'TAX_RATE' },
    ]);
    expect(files['shop/pricing.py']).toContain("DEFAULTS = {'currency': 'EUR', 'mode': 'x', 'rounding': 2}\n");
    expect(files['shop/cart.py']).toContain('from .pricing import total_price, unit_price, TAX_RATE\n');
  });

  it('add with a position naming no item fails with INVALID_POSITION listing the items', async () => {
    const { result, files } = await run([{ op: 'add', path: 'shop/pricing.py', address: 'def configure.params', value: 'x', position: 'after:levle' }]);
    const error = expectError(result, 'INVALID_POSITION');
    expect(error.details.items).toEqual(['name', 'level']);
    expect(files).toEqual(pythonPackage());
  });

  it('set replaces a dict value, a default and a body; a value that breaks the parse is refused', async () => {
    const { files } = await applied([
      { op: 'set', path: 'shop/pricing.py', address: 'SETTINGS["timeout"]', value: '60' },
      { op: 'set', path: 'shop/pricing.py', address: 'def configure.params.level', value: 'level=2' },
      { op: 'set', path: 'shop/pricing.py', address: 'def unit_price.body', value: 'return item.price * 100' },
    ]);
    const pricing = files['shop/pricing.py']!;
    expect(pricing).toContain('    "timeout": 60,\n');
    expect(pricing).toContain('    level=2\n');
    expect(pricing).toContain(lines('def unit_price(item):', '    return item.price * 100'));
    const broken = await run([{ op: 'set', path: 'shop/pricing.py', address: 'SETTINGS["timeout"]', value: '6 +' }]);
    expectError(broken.result, 'SYNTAX_ERROR');
    expect(broken.files).toEqual(pythonPackage());
  });

  it('an unknown part gets PART_NOT_FOUND with the closest selectors', async () => {
    const { result } = await run([{ op: 'set', path: 'shop/pricing.py', address: 'def total_price.params.discont', value: 'discount=1' }]);
    const error = expectError(result, 'PART_NOT_FOUND');
    expect(error.details.available[0]).toMatchObject({ selector: '.discount', kind: 'parameter' });
  });

  it('remove drops an element with its separator, and refuses a referenced declaration unless force', async () => {
    const { files } = await applied([
      { op: 'remove', path: 'shop/pricing.py', address: 'DEFAULTS.rounding' },
      { op: 'remove', path: 'shop/pricing.py', address: 'SETTINGS["debug"]' },
      { op: 'remove', path: 'shop/pricing.py', address: 'def total_price.params.discount', force: true },
    ]);
    const pricing = files['shop/pricing.py']!;
    expect(pricing).toContain("DEFAULTS = {'currency': 'EUR'}\n");
    expect(pricing).toContain(lines('SETTINGS = {', '    "timeout": 30,', '}'));
    expect(pricing).toContain('def total_price(items, *, tax=True):\n');

    const refused = await run([{ op: 'remove', path: 'shop/pricing.py', address: 'def unit_price' }]);
    const error = expectError(refused.result, 'REFERENCES_EXIST');
    expect(error.details.references.map((r) => `${r.file}:${r.line}`)).toEqual(['shop/cart.py:1', 'shop/cart.py:16']);
    expect(refused.files).toEqual(pythonPackage());

    const parameter = await run([{ op: 'remove', path: 'shop/pricing.py', address: 'def total_price.params.discount' }]);
    expect(expectError(parameter.result, 'REFERENCES_EXIST').details.references.map((r) => r.text)).toEqual(['return total - discount']);
    // Unused in the body, a parameter a call still passes by name is refused with that call.
    const passed = await run([
      { op: 'set', path: 'shop/pricing.py', address: 'def total_price.body', value: 'return sum(item.price for item in items)' },
      { op: 'remove', path: 'shop/pricing.py', address: 'def total_price.params.discount' },
    ]);
    expect(expectError(passed.result, 'CALLS_BROKEN').details.calls.map((call) => `${call.file}:${call.line} ${call.reason}`)).toEqual(['shop/report.py:18 passes discount by name; it takes no parameter of that name']);
    expect(passed.files).toEqual(pythonPackage());

    const forced = await applied([{ op: 'remove', path: 'shop/pricing.py', address: 'def unit_price', force: true }]);
    expect(forced.files['shop/pricing.py']).not.toContain('unit_price');
    expect(forced.files['shop/cart.py']).toBe(pythonPackage()['shop/cart.py']);
  });

  it('move takes a function to a new module and rewrites the imports of its users', async () => {
    const { files, value } = await applied([{ op: 'move', path: 'shop/pricing.py', address: 'def unit_price', to: 'shop/units.py' }]);
    expect(files['shop/units.py']).toBe(lines('def unit_price(item):', '    return item.price'));
    expect(files['shop/pricing.py']).not.toContain('unit_price');
    expect(files['shop/cart.py']!.startsWith(lines('from .pricing import total_price', 'from .units import unit_price'))).toBe(true);
    expect(value.changed?.map((change) => change.file).sort()).toEqual(['shop/cart.py', 'shop/pricing.py', 'shop/units.py']);
  });

  it('move onto a module that already declares the name fails with CONFLICT naming the place', async () => {
    const before = { 'a.py': lines('def f():', '    return 1'), 'b.py': lines('X = 1', '', '', 'def f():', '    return 2') };
    const { editor, fs } = editorOver(before);
    const error = expectError(await editor.applyEdits({ edits: [{ op: 'move', path: 'a.py', address: 'def f', to: 'b.py' }] }), 'CONFLICT');
    expect(error.details).toMatchObject({ reason: 'name_taken', name: 'f', conflicts: [{ file: 'b.py', line: 4, column: 5, text: 'def f():', kind: 'definition' }] });
    expect(fs.snapshot()).toEqual(before);
  });

  it('a batch whose third edit fails leaves every file byte-identical', async () => {
    const { result, files } = await run([
      { op: 'rename', path: 'shop/pricing.py', address: 'def total_price', new_name: 'grand_total' },
      { op: 'add', path: 'shop/pricing.py', address: 'SETTINGS', value: '"retries": 3' },
      { op: 'set', path: 'shop/pricing.py', address: 'def total_price.body', value: 'return 0' },
    ]);
    const error = expectError(result, 'TARGET_NOT_FOUND');
    expect(error.details.edit).toEqual({ index: 2, op: 'set', path: 'shop/pricing.py', address: 'def total_price.body' });
    expect(error.message).toMatch(/^Edit 3 of 3 .* no edit of the batch was applied and nothing was written/);
    expect(files).toEqual(pythonPackage());
  });

  it('a later edit sees the earlier ones (set after rename)', async () => {
    const { files } = await applied([
      { op: 'rename', path: 'shop/pricing.py', address: 'def total_price', new_name: 'grand_total' },
      { op: 'set', path: 'shop/pricing.py', address: 'def grand_total.params.discount', value: 'discount=5' },
    ]);
    expect(files['shop/pricing.py']).toContain('def grand_total(items, discount=5, *, tax=True):');
  });

  it('expected_hash, hashes and undo: a stale hash is CONFLICT; a batch over 4 files is undone by its token', async () => {
    const { editor, fs } = editorOver(pythonPackage());
    const stale = await editor.applyEdits({ edits: [{ op: 'set', path: 'shop/pricing.py', address: 'SETTINGS["timeout"]', value: '60', expected_hash: `sha256:${'0'.repeat(64)}` }] });
    expect(expectError(stale, 'CONFLICT').details).toMatchObject({ reason: 'file_changed', path: 'shop/pricing.py', state: 'FILE_UNCHANGED' });
    const read = expectOk(await editor.readStructure({ path: 'shop/pricing.py', target: 'SETTINGS' }));
    const value = expectOk(
      await editor.applyEdits({ edits: [{ op: 'rename', path: 'shop/pricing.py', address: 'def total_price', new_name: 'grand_total', expected_hash: read.hash }] }),
    );
    expect(Object.keys(value.hashes).sort()).toEqual(value.changed!.map((change) => change.file).sort());
    expect(Object.keys(value.hashes)).toHaveLength(4);
    const after = expectOk(await editor.readStructure({ path: 'shop/pricing.py', target: 'SETTINGS' }));
    expect(value.hashes['shop/pricing.py']).toBe(after.hash);
    expectOk(await editor.undo({ undo_token: value.undo_token! }));
    expect(fs.snapshot()).toEqual(pythonPackage());
  });

  it('dry_run reports would_change with before/after lines and writes nothing', async () => {
    const { result, files } = await run([{ op: 'set', path: 'shop/pricing.py', address: 'SETTINGS["timeout"]', value: '60' }], { dry_run: true });
    const value = expectOk(result);
    expect(value).toMatchObject({ status: 'dry_run', dry_run: true, safe_to_apply: true, validation: 'passed' });
    expect(value.would_change).toEqual([{ file: 'shop/pricing.py', created: false, changes: [{ line: 22, after_line: 22, before: '    "timeout": 30,', after: '    "timeout": 60,' }] }]);
    expect(files).toEqual(pythonPackage());
  });
});
