import { describe, expect, it } from 'vitest';
import type { Formatter } from 'structedit';
import { syntaxEditorOver as editorOver, expectOk, lines } from '../helpers.js';

const messy = lines('export const LIMITS = {', '  maxItems: 10,', '};', '', 'export   const   untouched = {a:1};');

describe('options.format', () => {
  it('prettier (a devDependency here) formats the changed lines only', async () => {
    const { editor, fs } = editorOver({ 'config.ts': messy });
    const result = expectOk(await editor.applyEdits({ edits: [{ op: 'set', path: 'config.ts', address: 'const LIMITS.maxItems', value: 'maxItems:(20)' }], options: { format: true } }));
    expect(result.warnings).toEqual([]);
    expect(fs.snapshot()['config.ts']).toBe(lines('export const LIMITS = {', '  maxItems: 20,', '};', '', 'export   const   untouched = {a:1};'));
  });

  it('without format the value is written as given; a file prettier does not know gets FORMAT_SKIPPED', async () => {
    const { editor, fs } = editorOver({ 'config.ts': messy, 'a.py': 'X = {"a": 1}\n' });
    expectOk(await editor.applyEdits({ edits: [{ op: 'set', path: 'config.ts', address: 'const LIMITS.maxItems', value: 'maxItems:(20)' }] }));
    expect(fs.snapshot()['config.ts']).toContain('  maxItems:(20),\n');
    const python = expectOk(await editor.applyEdits({ edits: [{ op: 'add', path: 'a.py', address: 'X', value: '"b":2' }], options: { format: true } }));
    expect(python.warnings.map((warning) => warning.type)).toEqual(['FORMAT_SKIPPED']);
    expect(fs.snapshot()['a.py']).toBe('X = {"a": 1, "b":2}\n');
  });

  it('any formatter plugs in through the adapter interface, and gets the changed ranges', async () => {
    const seen: string[] = [];
    const upper: Formatter = {
      name: 'upper',
      supports: (language) => language === 'python',
      format: async ({ text, ranges }) => {
        seen.push(...ranges.map((range) => text.slice(range.start, range.end)));
        return ranges.reduceRight((out, range) => out.slice(0, range.start) + out.slice(range.start, range.end).toUpperCase() + out.slice(range.end), text);
      },
    };
    const { editor, fs } = editorOver({ 'a.py': lines('x = 1', 'y = 2', 'z = 3') }, { formatter: upper });
    expectOk(await editor.applyEdits({ edits: [{ op: 'set', path: 'a.py', address: 'y = 2.value', value: 'two' }], options: { format: true } }));
    expect(seen).toEqual(['y = two']);
    expect(fs.snapshot()['a.py']).toBe(lines('x = 1', 'Y = TWO', 'z = 3'));
  });
});
