import { describe, expect, it, vi } from 'vitest';
import type { Node } from 'web-tree-sitter';
import type * as ScopeModel from '../../src/core/semantic/scope-model.js';
import { syntaxEditorOver as editorOver, expectOk, lines } from '../helpers.js';

// Counts the scope models built, by the text they model.
const modelled = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/core/semantic/scope-model.js', async (importOriginal) => {
  const original = await importOriginal<typeof ScopeModel>();
  return {
    ...original,
    scopesOf: (root: Node, language: string) => {
      modelled.set(root.text, (modelled.get(root.text) ?? 0) + 1);
      return original.scopesOf(root, language);
    },
  };
});

describe('a rename scans the project twice, models each text once', () => {
  it('the check after the edit reuses the models of files it left alone and skips files that do not mention the new name', async () => {
    const files = {
      'src/a.ts': lines('export function foo(): number {', '  return 1;', '}'),
      'src/b.ts': lines("import { foo } from './a';", 'export const x = foo();'),
      'src/index.ts': lines("export * from './a';", "export * from './b';"),
      'src/c.ts': lines('// foo is mentioned here, and nothing else', 'export const y = 2;'),
    };
    const { editor, fs } = editorOver(files);
    modelled.clear();
    expectOk(await editor.applyEdits({ edits: [{ op: 'rename', path: 'src/a.ts', address: 'export function foo', new_name: 'bar' }] }));
    expect(fs.snapshot()['src/b.ts']).toBe(lines("import { bar } from './a';", 'export const x = bar();'));
    // Before the edit, every file that mentions foo or re-exports; after it, files unchanged are not modelled again.
    expect(modelled.get(files['src/index.ts'])).toBe(1);
    expect(modelled.get(files['src/c.ts'])).toBe(1);
    expect(modelled.get(files['src/b.ts'])).toBe(1);
  });
});
