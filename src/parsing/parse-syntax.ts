import type { Tree } from 'web-tree-sitter';
import type { LanguageDefinition } from '../core/languages/definitions.js';
import type { SourceText } from '../core/text/source-text.js';
import { profileOf } from '../core/languages/profiles/index.js';
import { literalLines } from '../core/text/literal-lines.js';
import { parseWithGrammar } from './parse-structure.js';
import { loadGrammar, parseIsolated, type TreeSitterInitOptions } from './tree-sitter-loader.js';

/**
 * Parses a file into its tree-sitter syntax tree, for the operations that look below structures
 * (semantic edits: parts, lists, scopes). The caller owns the tree and must `delete()` it; `null`
 * for languages without a tree-sitter grammar (Markdown).
 */
export async function parseSyntaxTree(source: SourceText, language: LanguageDefinition, init?: TreeSitterInitOptions): Promise<Tree | null> {
  if (language.backend !== 'tree-sitter') return null;
  return (await parseWithGrammar(source, language, init)).tree;
}

/**
 * A detector of the lines of a text that start inside a literal (`literalLines`), parsing the text
 * in the language's grammar; `null` for languages without a tree-sitter grammar. Re-indentation
 * uses it on content written into a file of that language.
 */
export async function literalLineDetector(language: LanguageDefinition, init?: TreeSitterInitOptions): Promise<((text: string) => ReadonlySet<number>) | null> {
  if (language.backend !== 'tree-sitter') return null;
  const grammar = await loadGrammar(language, init);
  const rules = profileOf(language.id).text;
  return (text) => {
    const tree = parseIsolated(grammar, text);
    if (!tree) return new Set();
    try {
      return literalLines(tree.rootNode, rules);
    } finally {
      tree.delete();
    }
  };
}
