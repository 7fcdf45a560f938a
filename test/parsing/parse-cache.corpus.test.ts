import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Edit } from 'web-tree-sitter';
import { createEditor, memoryFs } from 'structedit';
import { buildTreeSitterStructure } from '../../src/core/structure/build.js';
import { rebuildTreeSitterStructure } from '../../src/core/structure/rebuild.js';
import { createSourceText } from '../../src/core/text/source-text.js';
import { changedSpan } from '../../src/core/text/text-change.js';
import { loadGrammar } from '../../src/parsing/tree-sitter-loader.js';
import { nodeModulesSample, pythonSample } from '../corpus/corpus.js';
import { incrementalAndCold, languageOf, shape } from './reparse.js';

/** The parse cache on real code: incremental reparses and the editor's reuse of parses. */

/** An edit of real code: a slice of the file replaced by another slice of it (moves, deletions, duplications). */
const sliceEdit = (length: number) =>
  fc.tuple(fc.nat(length), fc.nat(400), fc.nat(length), fc.nat(400)).map(([at, cut, from, take]) => ({ at, cut, from, take }));

function applySliceEdit(text: string, edit: { at: number; cut: number; from: number; take: number }): string {
  return text.slice(0, edit.at) + text.slice(edit.from, edit.from + edit.take) + text.slice(edit.at + edit.cut);
}

describe('incremental reparse gives the structures of a cold parse, on real files', () => {
  const samples = [
    ...(() => {
      const { root, files } = pythonSample(12);
      return files.map((file) => ({ path: file, text: readFileSync(join(root, file), 'utf8') }));
    })(),
    ...(() => {
      const { root, files } = nodeModulesSample(12);
      return files.map((file) => ({ path: file, text: readFileSync(join(root, file), 'utf8') }));
    })(),
  ].filter((sample) => !sample.text.includes('\0'));

  it('on real files, for random edits (fast-check), including ones that break the syntax', async () => {
    let checked = 0;
    for (const sample of samples) {
      const before = createSourceText(sample.text);
      await fc.assert(
        fc.asyncProperty(sliceEdit(sample.text.length), async (edit) => {
          const after = createSourceText(applySliceEdit(sample.text, edit));
          const { incremental, cold } = await incrementalAndCold(sample.path, before, after);
          expect(shape(incremental)).toEqual(shape(cold));
          checked++;
        }),
        { numRuns: 6, seed: 9 },
      );
    }
    expect(checked).toBe(samples.length * 6);
  });

  it('rebuilding only the structure holding a small edit gives the structures of a full build (fast-check)', async () => {
    // Small edits: a few characters of the file inserted, deleted or replaced at a random point.
    const smallEdit = (length: number) => fc.tuple(fc.nat(Math.max(0, length - 1)), fc.nat(3), fc.nat(Math.max(0, length - 1)), fc.nat(3));
    let rebuilt = 0;
    let total = 0;
    for (const sample of samples) {
      const language = languageOf(sample.path);
      const grammar = await loadGrammar(language);
      const before = createSourceText(sample.text);
      const oldTree = grammar.parser.parse(before.text)!;
      const previous = buildTreeSitterStructure(oldTree, before, language.id, grammar.compiled);
      await fc.assert(
        fc.asyncProperty(smallEdit(sample.text.length), async ([at, cut, from, take]) => {
          const after = createSourceText(applySliceEdit(sample.text, { at, cut, from, take }));
          const edited = oldTree.copy();
          const change = changedSpan(before, after);
          edited.edit(new Edit(change));
          const newTree = grammar.parser.parse(after.text, edited)!;
          const incremental = rebuildTreeSitterStructure(previous, newTree, after, change, edited.getChangedRanges(newTree), grammar.compiled);
          edited.delete();
          total++;
          if (incremental) {
            rebuilt++;
            const coldTree = grammar.parser.parse(after.text)!;
            expect(shape(incremental)).toEqual(shape(buildTreeSitterStructure(coldTree, after, language.id, grammar.compiled)));
            coldTree.delete();
          }
          newTree.delete();
        }),
        { numRuns: 25, seed: 90 },
      );
      oldTree.delete();
    }
    // Most small edits fall inside one structure; the rest are built in full (and compared above).
    expect(rebuilt / total).toBeGreaterThan(0.5);
  });
});

describe('the editor reuses parses and stays byte-identical to an editor without a cache, on real files', () => {
  const text = readFileSync(join(pythonSample(1).root, '_pydecimal.py'), 'utf8');

  it('ten sequential edits on one file: same results and bytes with and without the cache', async () => {
    const uncachedFs = memoryFs({ 'd.py': text });
    const uncached = createEditor({ fs: uncachedFs, parseCache: { maxFiles: 0 } });
    const cachedFs = memoryFs({ 'd.py': text });
    const cachedEditor = createEditor({ fs: cachedFs });
    const targets = ['class Decimal(object)\ndef __new__', 'class Context(object)\ndef __init__', 'def getcontext', 'class Decimal(object)\ndef __repr__'];
    for (let i = 0; i < 10; i++) {
      const target = targets[i % targets.length]!;
      const read = await uncached.readStructure({ path: 'd.py', target });
      const readCached = await cachedEditor.readStructure({ path: 'd.py', target });
      expect(readCached._unsafeUnwrap()).toEqual(read._unsafeUnwrap());
      const body = read._unsafeUnwrap().matches[0]!.text;
      const args = { path: 'd.py', target, content: body.replace(/\n/, `\n        # edit ${i}\n`) };
      const a = await uncached.replaceStructure(args);
      const b = await cachedEditor.replaceStructure(args);
      expect(b._unsafeUnwrap()).toEqual(a._unsafeUnwrap());
      expect(cachedFs.snapshot()).toEqual(uncachedFs.snapshot());
    }
  });
});
