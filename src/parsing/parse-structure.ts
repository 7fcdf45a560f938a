import type { Tree } from 'web-tree-sitter';
import type { LanguageDefinition } from '../core/languages/definitions.js';
import { buildMarkdownStructure } from '../core/structure/markdown-structure.js';
import { buildTreeSitterStructure } from '../core/structure/tree-sitter-structure.js';
import type { StructureTree } from '../core/structure/types.js';
import type { SourceText } from '../core/text/source-text.js';
import { loadGrammar, type TreeSitterInitOptions } from './tree-sitter-loader.js';

/** Why a file could not be parsed at all (as opposed to parsing with syntax errors). */
export class ParserUnavailableError extends Error {
  override readonly name = 'ParserUnavailableError';
}

/**
 * Parses a file into its {@link StructureTree} with the language's backend. The tree-sitter tree is
 * freed before returning: the StructureTree is plain data and outlives it.
 */
export async function parseStructureTree(source: SourceText, language: LanguageDefinition, init?: TreeSitterInitOptions): Promise<StructureTree> {
  if (language.backend === 'markdown') return buildMarkdownStructure(source);
  const { grammar, tree } = await parseWithGrammar(source, language, init);
  try {
    return buildTreeSitterStructure(tree, source, language.id, grammar.compiled);
  } finally {
    tree.delete();
  }
}

/**
 * Parses a file with its tree-sitter grammar (loaded on first use); the caller owns the tree and
 * must `delete()` it. Throws {@link ParserUnavailableError} when the grammar cannot load or parse.
 */
export async function parseWithGrammar(source: SourceText, language: LanguageDefinition, init?: TreeSitterInitOptions): Promise<{ grammar: Awaited<ReturnType<typeof loadGrammar>>; tree: Tree }> {
  let grammar;
  try {
    grammar = await loadGrammar(language, init);
  } catch (cause) {
    throw new ParserUnavailableError(cause instanceof Error ? cause.message : String(cause));
  }
  const tree = grammar.parser.parse(source.text);
  if (!tree) throw new ParserUnavailableError(`the ${language.id} parser returned no tree`);
  return { grammar, tree };
}
