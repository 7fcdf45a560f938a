import type { Tree } from 'web-tree-sitter';
import type { LanguageDefinition } from '../core/languages/definitions.js';
import type { SourceText } from '../core/text/source-text.js';
import { parseWithGrammar } from './parse-structure.js';
import type { TreeSitterInitOptions } from './tree-sitter-loader.js';

/**
 * Parses a file into its tree-sitter syntax tree, for the operations that look below structures
 * (semantic edits: parts, lists, scopes). The caller owns the tree and must `delete()` it; `null`
 * for languages without a tree-sitter grammar (Markdown).
 */
export async function parseSyntaxTree(source: SourceText, language: LanguageDefinition, init?: TreeSitterInitOptions): Promise<Tree | null> {
  if (language.backend !== 'tree-sitter') return null;
  return (await parseWithGrammar(source, language, init)).tree;
}
