import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type EditorOptions } from '../../src/index.js';

// An editor made with an option it does not take answers every call with INVALID_ARGUMENT naming
// it: `semantic: 'typescript'` used to fail at the first semantic call with an INTERNAL_ERROR
// ("serves is not a function"), and a misspelt `syntax` was quietly the default.

const fs = () => memoryFs({ 'a.py': 'x = 1\n' });

describe('createEditor options', () => {
  it.each([
    [{ semantic: 'typescript' }, ['semantic']],
    [{ semantic: { python: 'pyright' } }, ['semantic.python']],
    [{ semantic: { python: { serves: () => true } } }, ['semantic.python']],
    [{ syntax: 'strict', limits: { maxFileBytes: -1 } }, ['syntax', 'limits.maxFileBytes']],
    [{ parseCache: { maxFiles: 'many' } }, ['parseCache.maxFiles']],
    [{ formatter: 'prettier' }, ['formatter']],
    [{ workers: 1.5 }, ['workers']],
    [{ workers: -1 }, ['workers']],
  ])('%j: every call is INVALID_ARGUMENT naming %j', async (options, fields) => {
    const editor = createEditor({ fs: fs(), ...options } as unknown as EditorOptions);
    for (const result of [await editor.readStructure({ path: 'a.py', target: 'x' }), await editor.replaceStructure({ path: 'a.py', target: 'x', content: 'x = 2' })]) {
      const error = result._unsafeUnwrapErr();
      expect(error.error).toBe('INVALID_ARGUMENT');
      expect(error.error === 'INVALID_ARGUMENT' ? error.details.issues.map((issue) => issue.field) : []).toEqual(fields);
    }
    await editor.dispose();
  });

  it.each([[{}], [{ semantic: { python: 'syntax', typescript: 'auto' } }], [{ parseCache: { maxFiles: 0 } }], [{ formatter: null, syntax: 'reject' }], [{ workers: 0 }], [{ workers: 3 }]])('%j is taken', async (options) => {
    const editor = createEditor({ fs: fs(), ...options } as EditorOptions);
    expect((await editor.readStructure({ path: 'a.py', target: 'x' })).isOk()).toBe(true);
    await editor.dispose();
  });
});
