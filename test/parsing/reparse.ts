import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import type { StructureTree } from '../../src/core/structure/types.js';
import type { SourceText } from '../../src/core/text/source-text.js';
import { ParseCache } from '../../src/parsing/parse-cache.js';
import { parseStructureTree } from '../../src/parsing/parse-structure.js';

/** Comparing an incremental reparse with a cold parse of the same text (parse-cache tests). */

const registry = createLanguageRegistry();

/** The language of a path (the test fails on an unknown one). */
export const languageOf = (path: string) => registry.resolve(path)._unsafeUnwrap();

/** A StructureTree as plain data, for comparing two parses of the same text. */
export const shape = (tree: StructureTree) => ({ root: tree.root, syntaxErrors: tree.syntaxErrors, comments: tree.comments, text: tree.source.text });

/** Parses `after` incrementally from a cached `before`, and cold, and returns both. */
export async function incrementalAndCold(path: string, before: SourceText, after: SourceText): Promise<{ incremental: StructureTree; cold: StructureTree }> {
  const language = languageOf(path);
  const cache = new ParseCache();
  await parseStructureTree(before, language, undefined, { cache });
  const incremental = await parseStructureTree(after, language, undefined, { cache, previous: before });
  const cold = await parseStructureTree(after, language, undefined);
  cache.clear();
  return { incremental, cold };
}
