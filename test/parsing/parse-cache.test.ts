import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { Edit, Parser, type Tree } from 'web-tree-sitter';
import { createEditor, memoryFs } from 'structedit';
import { buildTreeSitterStructure } from '../../src/core/structure/build.js';
import { rebuildTreeSitterStructure } from '../../src/core/structure/rebuild.js';
import { createSourceText } from '../../src/core/text/source-text.js';
import { changedSpan } from '../../src/core/text/text-change.js';
import { ParseCache, type ParseCacheEntry } from '../../src/parsing/parse-cache.js';
import { loadGrammar, parseAgain } from '../../src/parsing/tree-sitter-loader.js';
import { pythonStdlib } from '../corpus/corpus.js';
import { incrementalAndCold, languageOf, shape } from './reparse.js';

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

describe('a structure tree built lazily', () => {
  const text = 'class A:\n    def f(self):\n        if x:\n            return 1\n\n\ndef g():\n    pass\n';

  /** A parse of `text`, and the shape of its tree built whole. */
  const parsed = async () => {
    const language = languageOf('a.py');
    const grammar = await loadGrammar(language);
    const source = createSourceText(text);
    const tree = grammar.parser.parse(source.text)!;
    return { language, grammar, source, tree, whole: shape(buildTreeSitterStructure(tree, source, language.id, grammar.compiled)) };
  };

  it('that cannot parse its text again is completed before an evicted version\'s tree is deleted, and stays readable after', async () => {
    const { language, grammar, source, tree, whole } = await parsed();
    const structure = buildTreeSitterStructure(tree, source, language.id, grammar.compiled, { lazy: true });
    const cache = new ParseCache({ maxFiles: 1, maxChars: 1000 });
    cache.add({ source, languageId: language.id, tree, structure });
    // Another version evicts it: its tree is deleted, its structures were built first.
    cache.add(fakeEntry('y = 2\n'));
    expect(cache.size).toBe(1);
    expect(shape(structure)).toEqual(whole);
    expect(structure.root.children[0]!.children[0]!.children.map((child) => child.kind)).toEqual(['if']);
  });

  it('is not built whole when evicted: what is read after is built from a fresh parse of its text, once', async () => {
    const { language, grammar, source, tree, whole } = await parsed();
    let parses = 0;
    const reparse = () => {
      parses++;
      return parseAgain(grammar, source.text);
    };
    const structure = buildTreeSitterStructure(tree, source, language.id, grammar.compiled, { lazy: true, reparse });
    // Read along one path (class A, then its method f), as a target would.
    expect(structure.root.children[0]!.children.map((child) => child.name)).toEqual(['f']);
    const cache = new ParseCache({ maxFiles: 1, maxChars: 1000 });
    const deleted = vi.spyOn(tree, 'delete');
    cache.add({ source, languageId: language.id, tree, structure });
    cache.add(fakeEntry('y = 2\n'));
    expect([deleted.mock.calls.length, parses]).toEqual([1, 0]);
    // f's children were never built: reading them parses the text again, and builds the rest too.
    expect(structure.root.children[0]!.children[0]!.children.map((child) => child.kind)).toEqual(['if']);
    expect(shape(structure)).toEqual(whole);
    expect(parses).toBe(1);
  });
});

describe('operations whose versions the cache evicts while they run', () => {
  it('give what they give with room in the cache: reads, a replace, a move and a listing of textwrap.py', async () => {
    const text = readFileSync(join(pythonStdlib(), 'textwrap.py'), 'utf8');
    const run = async (parseCache?: { maxFiles: number; maxChars: number }) => {
      const fs = memoryFs({ 'textwrap.py': text, 'other.py': 'x = 1\n' });
      const editor = createEditor({ fs, ...(parseCache ? { parseCache } : {}) });
      const outcome = (result: { isOk(): boolean; value?: unknown; error?: { error: string } }) => (result.isOk() ? 'ok' : result.error!.error);
      const read = await editor.readStructure({ path: 'textwrap.py', target: 'class TextWrapper\ndef _wrap_chunks' });
      // Another file read in between: with one version kept, textwrap.py is evicted (lazily built).
      await editor.readStructure({ path: 'other.py', target: 'x' });
      const replaced = await editor.replaceStructure({ path: 'textwrap.py', target: 'class TextWrapper\ndef _split(self, text)', content: 'def _split(self, text):\n    return text.split()' });
      await editor.readStructure({ path: 'other.py', target: 'x' });
      const moved = await editor.moveStructure({ source_path: 'textwrap.py', source_target: 'class TextWrapper\ndef _fix_sentence_endings', dest_path: 'textwrap.py', dest_target: 'class TextWrapper\ndef _wrap_chunks', position: 'after' });
      const listed = await editor.listStructures({ path: 'textwrap.py' });
      return {
        read: read.isOk() ? read.value.matches.map((match) => match.text) : read.error.error,
        outcomes: [outcome(replaced), outcome(moved)],
        listed: listed.isOk() ? listed.value.structures : listed.error.error,
        file: new TextDecoder().decode(await fs.readFile('textwrap.py')),
      };
    };
    const roomy = await run();
    const parse = vi.spyOn(Parser.prototype, 'parse');
    const tight = await run({ maxFiles: 1, maxChars: 1_000_000 });
    const parses = parse.mock.calls.length;
    parse.mockRestore();
    expect(tight).toEqual(roomy);
    expect(roomy.outcomes, JSON.stringify(roomy.outcomes)).toEqual(['ok', 'ok']);
    expect(parses).toBeGreaterThan(4);
  });
});

describe('incremental reparse gives the structures of a cold parse', () => {
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
      edited.edit(new Edit(change));
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

  it('parses a text with syntax errors fresh: recovery inside an ERROR may differ after an incremental parse', async () => {
    const before = createSourceText('int check(void)\n{\n   return 1;\n}\n\nint done(void)\n{\n   return 0;\n}\n');
    const after = createSourceText(`#if 0\n${before.text}`);
    const parse = vi.spyOn(Parser.prototype, 'parse');
    const { incremental, cold } = await incrementalAndCold('a.c', before, after);
    // Cold parse of `before`; incremental parse of `after`, which has an error, then a fresh one; cold parse of `after`.
    expect(parse.mock.calls.map((call) => call[1] !== undefined && call[1] !== null)).toEqual([false, true, false, false]);
    parse.mockRestore();
    expect(shape(incremental)).toEqual(shape(cold));
    // (`#if 0` never closed: the functions are inside it.)
    expect(incremental.root.children[0]!.children.map((child) => child.name)).toEqual(['check', 'done']);
  });
});

describe('the editor reuses parses and stays byte-identical to an editor without a cache', () => {
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
    // Our own edit: one parse of the content (where its literals are), one (incremental) parse
    // for its check, none for reading the result back.
    (await editor.replaceStructure({ path: 'a.py', target: 'def f', content: 'def f():\n    return 3' }))._unsafeUnwrap();
    expect(await texts()).toEqual(['def f():\n    return 3']);
    expect(parse).toHaveBeenCalledTimes(4);
    expect(parse.mock.calls[2]![0]).toBe('def f():\n    return 3');
    expect(parse.mock.calls[3]![1]).toBeTruthy();
    parse.mockRestore();
  });

  it('a broken edit is reported the same way (SYNTAX_BROKEN) from an incremental reparse', async () => {
    const source = 'def f():\n    return 1\n\ndef g():\n    return 2\n';
    const results = [];
    for (const parseCache of [{}, { maxFiles: 0 }]) {
      const editor = createEditor({ fs: memoryFs({ 'a.py': source }), parseCache });
      await editor.readStructure({ path: 'a.py', target: 'def f' });
      results.push((await editor.replaceStructure({ path: 'a.py', target: 'def f', content: 'def f(:\n    return 1', force: true }))._unsafeUnwrap());
    }
    expect(results[0]!.warnings.map((warning) => warning.type)).toContain('SYNTAX_BROKEN');
    expect(results[0]).toEqual(results[1]);
  });
});
