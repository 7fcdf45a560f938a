import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import { buildTreeSitterStructure, completeStructureTree, detachStructureTree } from '../../src/core/structure/build.js';
import type { StructureNode, StructureTree } from '../../src/core/structure/types.js';
import { createSourceText } from '../../src/core/text/source-text.js';
import { decodeUtf8 } from '../../src/core/text/utf8.js';
import { parseWithGrammar } from '../../src/parsing/parse-structure.js';
import { parseAgain } from '../../src/parsing/tree-sitter-loader.js';
import { CORPUS_LANGUAGES, languageSample } from '../corpus/corpus.js';

/**
 * A structure tree built lazily (the structures directly inside each one when its children are first
 * read) is the tree built whole, on real files of every language with a corpus on the machine: read along one
 * path first, then whole; and once its syntax tree is deleted (as the parse cache evicts a version),
 * from a fresh parse of the same text. Prints per language how many files were built lazily and how
 * many whole (a syntax error, or a body outside the top-level structures), and how many were built
 * from a fresh parse.
 */

const FILES = 12;
const registry = createLanguageRegistry();

/** The tree as plain data: every field of every structure, `children` read last (so a lazy one is built there). */
function plain(node: StructureNode): unknown {
  const { children, ...fields } = node;
  return { ...fields, children: children.map(plain) };
}

function snapshot(tree: StructureTree): unknown {
  return { root: plain(tree.root), comments: tree.comments, syntaxErrors: tree.syntaxErrors };
}

describe('a structure tree built lazily is the tree built whole', () => {
  const rows: string[] = [];
  for (const language of CORPUS_LANGUAGES) {
    const sample = languageSample(language, FILES);
    if (!('files' in sample)) continue;
    it(language, async () => {
      let lazily = 0;
      let whole = 0;
      let reparsed = 0;
      for (const file of sample.files) {
        const decoded = decodeUtf8(new Uint8Array(readFileSync(join(sample.root, file))));
        const definition = registry.resolve(sample.editorPath(file));
        if (decoded.isErr() || definition.isErr() || definition.value.backend === 'markdown') continue;
        const source = createSourceText(decoded.value.text, decoded.value.bom);
        const { grammar, tree } = await parseWithGrammar(source, definition.value);
        let deleted = false;
        try {
          const eager = buildTreeSitterStructure(tree, source, language, grammar.compiled);
          const lazy = buildTreeSitterStructure(tree, source, language, grammar.compiled, { lazy: true });
          const built = Object.getOwnPropertyDescriptor(lazy, 'comments')?.get !== undefined;
          if (built) lazily++;
          else whole++;
          // Along one path first: the last top-level structure's last child, as a target would go.
          const top = lazy.root.children.at(-1);
          const last = top?.children.at(-1);
          const eagerTop = eager.root.children.at(-1);
          expect(last && plain(last), file).toEqual(eagerTop?.children.at(-1) && plain(eagerTop.children.at(-1)!));
          // Then a few other paths, in no particular order, before the whole.
          for (let i = lazy.root.children.length - 2; i >= 0; i -= 3) {
            const middle = lazy.root.children[i]!.children;
            void middle[middle.length >> 1]?.children;
          }
          expect(snapshot(lazy), file).toEqual(snapshot(eager));
          completeStructureTree(lazy);
          // Completed at once from the top level (as a listing or an evicted version is).
          const completed = buildTreeSitterStructure(tree, source, language, grammar.compiled, { lazy: true });
          completeStructureTree(completed);
          expect(snapshot(completed), file).toEqual(snapshot(eager));
          // Read along the path, let go of its syntax tree, which is deleted; then read whole.
          const reparse = () => {
            reparsed++;
            return parseAgain(grammar, source.text);
          };
          const detached = buildTreeSitterStructure(tree, source, language, grammar.compiled, { lazy: true, reparse });
          void detached.root.children.at(-1)?.children.at(-1);
          expect(detachStructureTree(detached)).toBe(true);
          tree.delete();
          deleted = true;
          expect(snapshot(detached), file).toEqual(snapshot(eager));
        } finally {
          if (!deleted) tree.delete();
        }
      }
      rows.push(`${language}: ${lazily + whole} files, ${lazily} built lazily, ${whole} whole, ${reparsed} built from a fresh parse`);
      // (A file whose top level has no children to leave unbuilt needs none.)
      expect(reparsed).toBeLessThanOrEqual(lazily);
      expect(lazily + whole).toBeGreaterThan(0);
    });
  }
  it('prints the counts', () => {
    console.log(`[lazy structure tree] ${rows.join('; ')}`);
  });
});
