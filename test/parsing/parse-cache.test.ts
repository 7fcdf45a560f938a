import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { Parser, type Tree } from 'web-tree-sitter';
import { createEditor, memoryFs } from 'structedit';
import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import type { StructureTree } from '../../src/core/structure/types.js';
import { createSourceText, type SourceText } from '../../src/core/text/source-text.js';
import { changedSpan } from '../../src/core/text/text-change.js';
import { ParseCache, type ParseCacheEntry } from '../../src/parsing/parse-cache.js';
import { parseStructureTree } from '../../src/parsing/parse-structure.js';
import { loadGrammar } from '../../src/parsing/tree-sitter-loader.js';
import { buildTreeSitterStructure, rebuildTreeSitterStructure } from '../../src/core/structure/tree-sitter-structure.js';
import { nodeModulesSample, pythonSample } from '../corpus/corpus.js';

const registry = createLanguageRegistry();
const languageOf = (path: string) => registry.resolve(path)._unsafeUnwrap();

/** A StructureTree as plain data, for comparing two parses of the same text. */
const shape = (tree: StructureTree) => ({ root: tree.root, syntaxErrors: tree.syntaxErrors, comments: tree.comments, text: tree.source.text });

function fakeEntry(text: string, languageId = 'python'): ParseCacheEntry & { tree: { delete: ReturnType<typeof vi.fn> } } {
  const source = createSourceText(text);
  const tree = { delete: vi.fn() };
  return { source, languageId, tree: tree as unknown as Tree & typeof tree, structure: { source, language: languageId, root: null!, syntaxErrors: [], comments: [] } };
}

describe('ParseCache', () => {
  it('evicts the least recently used version past maxFiles and deletes its tree', () => {
    const cache = new ParseCache({ maxFiles: 2, maxChars: 1000 });
    const a = fakeEntry('a');
    const b = fakeEntry('b');
    const c = fakeEntry('c');
    cache.add(a);
    cache.add(b);
    expect(cache.get(a.source, 'python')).toBe(a); // a is now the most recent
    cache.add(c);
    expect(cache.size).toBe(2);
    expect(b.tree.delete).toHaveBeenCalledTimes(1);
    expect(a.tree.delete).not.toHaveBeenCalled();
    expect(cache.get(b.source, 'python')).toBeUndefined();
    expect(cache.get(c.source, 'python')).toBe(c);
  });

  it('keeps the text held within maxChars, and refuses (and frees) a version larger than the bound', () => {
    const cache = new ParseCache({ maxFiles: 10, maxChars: 10 });
    const entries = ['1234', '5678', 'abcd'].map((text) => fakeEntry(text));
    for (const entry of entries) cache.add(entry);
    expect(cache.chars).toBe(8);
    expect(entries[0]!.tree.delete).toHaveBeenCalledTimes(1);
    const huge = fakeEntry('x'.repeat(11));
    cache.add(huge);
    expect(huge.tree.delete).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(2);
    cache.clear();
    expect(entries.map((entry) => entry.tree.delete.mock.calls.length)).toEqual([1, 1, 1]);
    expect([cache.size, cache.chars]).toEqual([0, 0]);
  });

  it('tells versions apart by language, line endings and byte order mark, not only by text', () => {
    const cache = new ParseCache();
    const entry = fakeEntry('x = 1\n');
    cache.add(entry);
    expect(cache.get(createSourceText('x = 1\n'), 'python')).toBe(entry);
    expect(cache.get(createSourceText('x = 1\n'), 'javascript')).toBeUndefined();
    expect(cache.get(createSourceText('x = 1\r\n'), 'python')).toBeUndefined();
    expect(cache.get(createSourceText('x = 1\n', true), 'python')).toBeUndefined();
  });

  it('replacing a version of the same content frees the old tree once', () => {
    const cache = new ParseCache();
    const first = fakeEntry('same');
    const second = fakeEntry('same');
    cache.add(first);
    cache.add(second);
    expect(first.tree.delete).toHaveBeenCalledTimes(1);
    expect([cache.size, cache.chars]).toEqual([1, 4]);
  });
});

describe('changedSpan', () => {
  it('covers exactly the differing region, with points in rows and UTF-16 columns', () => {
    const before = createSourceText('a\nbcdé\nfg\n');
    const after = createSourceText('a\nbcXYé\nfg\n');
    expect(changedSpan(before, after)).toEqual({
      startIndex: 4,
      oldEndIndex: 5,
      newEndIndex: 6,
      startPosition: { row: 1, column: 2 },
      oldEndPosition: { row: 1, column: 3 },
      newEndPosition: { row: 1, column: 4 },
    });
  });

  it('is the hull of every difference (property), across block boundaries', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', 'é'), maxLength: 9000 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const span = changedSpan(createSourceText(a), createSourceText(b));
        expect(a.slice(0, span.startIndex)).toBe(b.slice(0, span.startIndex));
        expect(a.slice(span.oldEndIndex)).toBe(b.slice(span.newEndIndex));
        expect(span.oldEndIndex).toBeGreaterThanOrEqual(span.startIndex);
        expect(span.newEndIndex).toBeGreaterThanOrEqual(span.startIndex);
        // Maximal: the characters just inside the span differ (or the span reaches an end).
        if (span.startIndex < Math.min(a.length, b.length) && span.oldEndIndex > span.startIndex && span.newEndIndex > span.startIndex) {
          expect(a[span.startIndex]).not.toBe(b[span.startIndex]);
        }
      }),
      { numRuns: 200 },
    );
  });
});

/** Parses `after` incrementally from a cached `before`, and cold, and returns both. */
async function incrementalAndCold(path: string, before: SourceText, after: SourceText) {
  const language = languageOf(path);
  const cache = new ParseCache();
  await parseStructureTree(before, language, undefined, { cache });
  const incremental = await parseStructureTree(after, language, undefined, { cache, previous: before });
  const cold = await parseStructureTree(after, language, undefined);
  cache.clear();
  return { incremental, cold };
}

/** An edit of real code: a slice of the file replaced by another slice of it (moves, deletions, duplications). */
const sliceEdit = (length: number) =>
  fc.tuple(fc.nat(length), fc.nat(400), fc.nat(length), fc.nat(400)).map(([at, cut, from, take]) => ({ at, cut, from, take }));

function applySliceEdit(text: string, edit: { at: number; cut: number; from: number; take: number }): string {
  return text.slice(0, edit.at) + text.slice(edit.from, edit.from + edit.take) + text.slice(edit.at + edit.cut);
}

describe('incremental reparse gives the structures of a cold parse', () => {
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
          edited.edit(change);
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

  it('rebuilds a member that owns the `;` after its node (TypeScript interface), and a nested function', async () => {
    const cases = [
      { path: 'a.ts', before: 'interface A {\n  x(): void;\n  y(): number;\n}\nconst z = 1;\n', after: 'interface A {\n  x(): void | 1;\n  y(): number;\n}\nconst z = 1;\n' },
      { path: 'b.js', before: '((m) => {\nfunction f() {\n  return 1;\n}\n// c\nfunction g() {}\n})();\n', after: '((m) => {\nfunction f() {\n  return 1 + 2;\n}\n// c\nfunction g() {}\n})();\n' },
    ];
    for (const example of cases) {
      const language = languageOf(example.path);
      const grammar = await loadGrammar(language);
      const before = createSourceText(example.before);
      const after = createSourceText(example.after);
      const oldTree = grammar.parser.parse(before.text)!;
      const previous = buildTreeSitterStructure(oldTree, before, language.id, grammar.compiled);
      const change = changedSpan(before, after);
      const edited = oldTree.copy();
      edited.edit(change);
      const newTree = grammar.parser.parse(after.text, edited)!;
      const incremental = rebuildTreeSitterStructure(previous, newTree, after, change, edited.getChangedRanges(newTree), grammar.compiled);
      expect(incremental).not.toBeNull();
      const coldTree = grammar.parser.parse(after.text)!;
      expect(shape(incremental!)).toEqual(shape(buildTreeSitterStructure(coldTree, after, language.id, grammar.compiled)));
      for (const tree of [oldTree, edited, newTree, coldTree]) tree.delete();
    }
  });

  it('on a file with CRLF endings and non-ASCII text (offsets are UTF-16 units of the LF text)', async () => {
    const text = 'class Ünïcode:\r\n    def a(self):\r\n        return "é"\r\n\r\n    def b(self):\r\n        pass\r\n';
    const before = createSourceText(text);
    const after = createSourceText(text.replace('return "é"', 'return "éé"\r\n\r\n    def c(self): pass'));
    const parse = vi.spyOn(Parser.prototype, 'parse');
    const { incremental, cold } = await incrementalAndCold('u.py', before, after);
    // Cold parse of `before`, incremental parse of `after` (from an old tree), cold parse of `after`.
    expect(parse.mock.calls.map((call) => call[1] !== undefined && call[1] !== null)).toEqual([false, true, false]);
    parse.mockRestore();
    expect(shape(incremental)).toEqual(shape(cold));
    expect(incremental.root.children[0]!.children.map((child) => child.name)).toEqual(['a', 'c', 'b']);
  });
});

describe('the editor reuses parses and stays byte-identical to an editor without a cache', () => {
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

  it('parses a file once while its content stays the same, and again as soon as it changes on disk', async () => {
    const fs = memoryFs({ 'a.py': 'def f():\n    return 1\n' });
    const editor = createEditor({ fs });
    const parse = vi.spyOn(Parser.prototype, 'parse');
    const texts = async () => (await editor.readStructure({ path: 'a.py', target: 'def f' }))._unsafeUnwrap().matches.map((match) => match.text);
    expect(await texts()).toEqual(['def f():\n    return 1']);
    expect(await texts()).toEqual(['def f():\n    return 1']);
    expect(parse).toHaveBeenCalledTimes(1);
    // Changed behind the editor's back: a different content is a different cache entry.
    await fs.writeFile('a.py', new TextEncoder().encode('def f():\n    return 2\n'));
    expect(await texts()).toEqual(['def f():\n    return 2']);
    expect(parse).toHaveBeenCalledTimes(2);
    // Our own edit: one (incremental) parse for its check, none for reading the result back.
    (await editor.replaceStructure({ path: 'a.py', target: 'def f', content: 'def f():\n    return 3' }))._unsafeUnwrap();
    expect(await texts()).toEqual(['def f():\n    return 3']);
    expect(parse).toHaveBeenCalledTimes(3);
    expect(parse.mock.calls[2]![1]).toBeTruthy();
    parse.mockRestore();
  });

  it('a broken edit is reported the same way (SYNTAX_BROKEN) from an incremental reparse', async () => {
    const source = 'def f():\n    return 1\n\ndef g():\n    return 2\n';
    const results = [];
    for (const parseCache of [{}, { maxFiles: 0 }]) {
      const editor = createEditor({ fs: memoryFs({ 'a.py': source }), parseCache });
      await editor.readStructure({ path: 'a.py', target: 'def f' });
      results.push((await editor.replaceStructure({ path: 'a.py', target: 'def f', content: 'def f(:\n    return 1' }))._unsafeUnwrap());
    }
    expect(results[0]!.warnings.map((warning) => warning.type)).toContain('SYNTAX_BROKEN');
    expect(results[0]).toEqual(results[1]);
  });
});
