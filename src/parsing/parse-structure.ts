import type { LanguageDefinition } from '../core/languages/definitions.js';
import type * as MarkdownBackend from '../core/structure/markdown-structure.js';
import { buildTreeSitterStructure } from '../core/structure/build.js';
import { rebuildTreeSitterStructure } from '../core/structure/rebuild.js';
import type { StructureTree } from '../core/structure/types.js';
import type { SourceText } from '../core/text/source-text.js';
import { changedSpan } from '../core/text/text-change.js';
import { Edit, type Tree } from 'web-tree-sitter';
import type { ParseCache } from './parse-cache.js';
import { GrammarUnavailableError, loadGrammar, parseAgain, parseIsolated, reparsesIncrementally, type LoadedGrammar, type TreeSitterInitOptions } from './tree-sitter-loader.js';

/** Why a file could not be parsed at all (as opposed to parsing with syntax errors). */
export class ParserUnavailableError extends Error {
  override readonly name = 'ParserUnavailableError';
}

// The Markdown backend (mdast + micromark + GFM) is a third of the bundle's load time: loaded on the
// first Markdown file, not at startup.
let markdownBackend: Promise<typeof MarkdownBackend> | null = null;
function loadMarkdownBackend() {
  markdownBackend ??= import('../core/structure/markdown-structure.js');
  return markdownBackend;
}

/** Where parsing may take work from. */
export interface ParseReuse {
  /** Parsed versions by content; the result is added to it. */
  readonly cache?: ParseCache;
  /**
   * The version this text was edited from: when its tree is cached, the text is reparsed
   * incrementally from it (`tree.edit` + `parse(text, oldTree)`) instead of from scratch.
   */
  readonly previous?: SourceText;
  /**
   * Every structure will be read (a listing, a search): built at once. Otherwise a tree the cache
   * keeps is built along what is read (the top level, then each structure's children when read).
   */
  readonly whole?: boolean;
}

/**
 * Parses a file into its {@link StructureTree} with the language's backend. The StructureTree is
 * plain data: the tree-sitter tree is either kept by the cache (for later incremental reparses, and
 * to build the structures not read yet) or freed before returning.
 */
export async function parseStructureTree(
  source: SourceText,
  language: LanguageDefinition,
  init?: TreeSitterInitOptions,
  reuse: ParseReuse = {},
): Promise<StructureTree> {
  const { cache, previous, whole = false } = reuse;
  if (language.backend === 'markdown') {
    const hit = cache?.get(source, language.id);
    if (hit) return hit.structure;
    const { buildMarkdownStructure } = await loadMarkdownBackend();
    const structure = buildMarkdownStructure(source);
    cache?.add({ source, languageId: language.id, tree: null, structure });
    return structure;
  }
  const grammar = await grammarOf(language, init);
  // From here on nothing awaits, so no other operation can evict (and delete) a cached tree in use.
  const hit = cache?.get(source, language.id);
  if (hit) return hit.structure;
  const base = previous ? cache?.get(previous, language.id) : undefined;
  let tree: Tree | null = null;
  let structure: StructureTree | null = null;
  if (base?.tree && previous && reparsesIncrementally(base.tree)) {
    // The cached tree stays valid for its own text: edit a copy (copies share their nodes).
    const edited = base.tree.copy();
    try {
      const change = changedSpan(previous, source);
      edited.edit(new Edit(change));
      tree = parseIsolated(grammar, source.text, edited);
      // How tree-sitter recovers from a syntax error can differ between an incremental parse and a
      // fresh one of the same text, and the structures inside an ERROR are read and edited: a text
      // with errors is parsed fresh, so its structures never depend on the parse before it.
      if (tree?.rootNode.hasError) {
        tree.delete();
        tree = parseIsolated(grammar, source.text);
      } else if (tree) {
        // Only the structure holding the change is rebuilt; the rest is reused from the cached version.
        structure = rebuildTreeSitterStructure(base.structure, tree, source, change, edited.getChangedRanges(tree), grammar.compiled);
      }
    } catch (cause) {
      tree?.delete();
      throw cause;
    } finally {
      edited.delete();
    }
  } else {
    tree = parseIsolated(grammar, source.text);
  }
  if (!tree) throw new ParserUnavailableError(`the ${language.id} parser returned no tree`);
  if (!structure) {
    try {
      // Built lazily where the cache keeps the tree; once the cache deletes it, a structure not
      // built yet is built from a fresh parse of the same text, by a parser of its own.
      structure = buildTreeSitterStructure(tree, source, language.id, grammar.compiled, { lazy: cache?.keeps(source) === true && !whole, reparse: () => parseAgain(grammar, source.text) });
    } catch (cause) {
      tree.delete();
      throw cause;
    }
  }
  if (cache) cache.add({ source, languageId: language.id, tree, structure });
  else tree.delete();
  return structure;
}

/**
 * Parses a file with its tree-sitter grammar (loaded on first use); the caller owns the tree and
 * must `delete()` it. Throws {@link GrammarUnavailableError} when no grammar loads, and
 * {@link ParserUnavailableError} when the grammar cannot parse.
 */
export async function parseWithGrammar(source: SourceText, language: LanguageDefinition, init?: TreeSitterInitOptions): Promise<{ grammar: LoadedGrammar; tree: Tree }> {
  const grammar = await grammarOf(language, init);
  const tree = parseIsolated(grammar, source.text);
  if (!tree) throw new ParserUnavailableError(`the ${language.id} parser returned no tree`);
  return { grammar, tree };
}

async function grammarOf(language: LanguageDefinition, init: TreeSitterInitOptions | undefined): Promise<LoadedGrammar> {
  try {
    return await loadGrammar(language, init);
  } catch (cause) {
    if (cause instanceof GrammarUnavailableError) throw cause;
    throw new ParserUnavailableError(cause instanceof Error ? cause.message : String(cause));
  }
}
