/*
 * A parse tree to its structure tree: bodies and clauses found by one walk inside WASM, each
 * candidate made a structure (collector.ts), then nested by extent; or built along what is read
 * (lazy-build.ts).
 */
import type { Tree } from 'web-tree-sitter';
import type { SourceText } from '../text/source-text.js';
import { createCollector, makeRoot, nestCandidates } from './collector.js';
import type { CompiledStructureRules } from './compile.js';
import { buildLazily, type Reparse } from './lazy-build.js';
import { collectSyntaxErrors } from './syntax-errors.js';
import type { StructureTree } from './types.js';


/** Options of {@link buildTreeSitterStructure}. */
export interface StructureBuildOptions {
  /**
   * Build the structures inside a structure only when its `children` are first read (the rest in
   * one walk past a few levels, or when `comments` is read): a read along one target costs the
   * structures on its path. `tree` must then stay alive until {@link completeStructureTree} or
   * {@link detachStructureTree} has run (the parse cache does so before it deletes a tree). A file
   * with syntax errors, or whose top level holds bodies outside its structures, is built whole anyway.
   */
  readonly lazy?: boolean;
  /**
   * How a lazily built tree parses its text again after {@link detachStructureTree}, if something
   * reads a structure it had not built (without it, the tree must be completed before `tree` goes).
   */
  readonly reparse?: Reparse;
}

export { detachStructureTree, type Reparse } from './lazy-build.js';

/** Builds the {@link StructureTree} of a parsed file (`tree` is the parse of `source.text`). */
export function buildTreeSitterStructure(tree: Tree, source: SourceText, languageId: string, compiled: CompiledStructureRules, options: StructureBuildOptions = {}): StructureTree {
  if (options.lazy && compiled.searchTypes.length > 0 && !tree.rootNode.hasError) {
    const lazy = buildLazily(tree, source, languageId, compiled, options.reparse);
    if (lazy) return lazy;
  }
  const collector = createCollector(tree, source, compiled);
  try {
    const rootNode = tree.rootNode;
    collector.addBody(rootNode);
    const found = compiled.searchTypes.length > 0 ? rootNode.descendantsOfType(compiled.searchTypes as string[]) : [];
    const rootId = rootNode.id;
    for (const node of found) {
      if (node && node.id !== rootId) collector.addFound(node);
    }
  } finally {
    collector.dispose();
  }
  const root = makeRoot(source);
  nestCandidates(collector.candidates, root);
  const comments = collector.comments.sort((a, b) => a.start - b.start);
  return { source, language: languageId, root, syntaxErrors: collectSyntaxErrors(tree), comments };
}

/**
 * Builds every structure a lazily built tree has not built yet (nothing for one built whole), so
 * the tree no longer needs the syntax tree it was built from.
 */
export function completeStructureTree(structure: StructureTree): void {
  void structure.comments;
}
