import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRange, resolveRange, type ReadableFile } from '../../src/core/file-read/read-file.js';
import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import { TargetNamer } from '../../src/core/locate/targets.js';
import { countLines, createSourceText } from '../../src/core/text/source-text.js';
import { parseStructureTree } from '../../src/parsing/parse-structure.js';
import { segmentFailures, stubsOf, stubTargetFailures } from './invariants.js';

const registry = createLanguageRegistry();
const root = join(import.meta.dirname, '..', '..');

async function readable(path: string): Promise<ReadableFile> {
  const source = createSourceText(readFileSync(join(root, path), 'utf8'));
  return { path, tree: await parseStructureTree(source, registry.resolve(path)._unsafeUnwrap()), plainTextReason: null, hash: 'sha256:test' };
}

/**
 * For any range of a file: the answer shows every requested line once (as source, a stub or a
 * collapsed marker), widens only to the edges of the blocks the range cuts (never for a symbol),
 * and every stub's target reads back exactly its lines.
 */
describe('structured ranges, for any range', () => {
  for (const path of ['src/core/file-read/layout.ts', 'README.md', 'test/file-read/read-file.test.ts']) {
    it(path, async () => {
      const file = await readable(path);
      const fileLines = file.tree.source.text.split('\n');
      const total = countLines(file.tree.source);
      const namer = new TargetNamer(file.tree);
      fc.assert(
        fc.property(fc.integer({ min: 1, max: total }), fc.integer({ min: 0, max: 60 }), fc.boolean(), (start, length, collapse) => {
          const requested = resolveRange(path, total, start, start + length)._unsafeUnwrap()!;
          const result = readRange(file, requested, collapse, []);
          expect(segmentFailures(result.segments, fileLines, requested)).toEqual([]);
          const [first, last] = result.line_range_inclusive!;
          expect(first).toBeLessThanOrEqual(requested[0]);
          expect(last).toBeGreaterThanOrEqual(requested[1]);
          const head = result.segments[0]!;
          const tail = result.segments[result.segments.length - 1]!;
          // Widened only to the block holding the requested edge, and never for a stub.
          if (first < requested[0]) expect(head.type !== 'stub' && head.line_range_inclusive[0] === first && head.line_range_inclusive[1] >= requested[0]).toBe(true);
          if (last > requested[1]) expect(tail.type !== 'stub' && tail.line_range_inclusive[1] === last && tail.line_range_inclusive[0] <= requested[1]).toBe(true);
          expect(stubTargetFailures(file.tree, stubsOf(result.segments), path, namer).failures).toEqual([]);
        }),
        { numRuns: 150 },
      );
    });
  }
});
