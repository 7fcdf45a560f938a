import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, type StructureListing } from 'structedit';
import { nodeFs } from 'structedit/node';

/**
 * findStructures on a real tree: zod's TypeScript sources (v3, v4 classic/core/mini, locales,
 * tests: some 330 files), copied from node_modules and opened with nodeFs at the copy. Whatever it
 * returns must be exactly what a brute-force walk finds: every file listed with listStructures,
 * every structure in it filtered by the same conditions, compared as sets of path, target and kind.
 */
const source = join(import.meta.dirname, '..', '..', 'node_modules', 'zod', 'src');
const root = mkdtempSync(join(tmpdir(), 'structedit-find-'));
cpSync(source, root, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(folder, entry.name)) : entry.isFile() ? [relative(root, join(folder, entry.name))] : []));
}

interface Listed {
  path: string;
  structure: StructureListing;
}

/** Every structure of every file, by listStructures, and the time the listings took. */
async function bruteForce(): Promise<{ listed: Listed[]; files: number; ms: number }> {
  const editor = createEditor({ fs: nodeFs({ root }) });
  const files = walk(root).sort();
  const listed: Listed[] = [];
  const start = performance.now();
  for (const path of files) {
    const result = await editor.listStructures({ path });
    if (result.isErr()) continue;
    const flatten = (structures: StructureListing[]): void => {
      for (const structure of structures) {
        listed.push({ path, structure });
        flatten(structure.children);
      }
    };
    flatten(result.value.structures);
  }
  return { listed, files: files.length, ms: performance.now() - start };
}

const key = (path: string, target: string | null, kind: string, line: number) => `${path}\t${target ?? `(none at line ${line})`}\t${kind}`;

describe('findStructures over zod/src', () => {
  it('finds exactly what a brute-force listStructures walk finds', async () => {
    const brute = await bruteForce();
    const queries: Array<{ args: Parameters<ReturnType<typeof createEditor>['findStructures']>[0]; keep: (listed: Listed) => boolean }> = [
      { args: {}, keep: () => true },
      { args: { name: 'parse*', kind: ['function', 'method'] }, keep: ({ structure }) => (structure.kind === 'function' || structure.kind === 'method') && (structure.name ?? '').startsWith('parse') },
      { args: { name: 'ZodType' }, keep: ({ structure }) => structure.name === 'ZodType' },
      { args: { kind: 'class', paths: ['v4/**', '!**/tests/**'] }, keep: ({ path, structure }) => structure.kind === 'class' && path.startsWith('v4/') && !path.includes('/tests/') },
    ];
    for (const { args, keep } of queries) {
      const editor = createEditor({ fs: nodeFs({ root }) });
      const start = performance.now();
      const found = await editor.findStructures({ ...args, max_results: 100_000 });
      const ms = performance.now() - start;
      expect(found.isOk(), JSON.stringify(found.isErr() ? found.error : null)).toBe(true);
      const value = found._unsafeUnwrap();
      const expected = brute.listed.filter(keep).map(({ path, structure }) => key(path, structure.target, structure.kind, structure.line_range_inclusive[0]));
      const actual = value.matches.map((match) => key(match.path, match.target, match.kind, match.line_range_inclusive[0]));
      expect([...new Set(actual)].sort()).toEqual([...new Set(expected)].sort());
      expect(actual.length).toBe(expected.length);
      expect(value.truncated).toBe(0);
      // Deterministic order: by path, then position.
      const order = value.matches.map((match) => [match.path, match.line_range_inclusive[0]] as const);
      expect(order).toEqual([...order].sort((a, b) => (a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] - b[1])));
      console.log(
        `findStructures ${JSON.stringify(args)}: ${value.total_matches} matches in ${value.files_scanned} files (${value.files_skipped} skipped) in ${ms.toFixed(0)} ms; brute force: ${expected.length} of ${brute.listed.length} structures in ${brute.files} files, listings ${brute.ms.toFixed(0)} ms`,
      );
    }
  }, 600_000);
});
