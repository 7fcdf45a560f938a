import { compileStructureQuery, searchTree, type StructureQuery } from '../core/discovery/structure-query.js';
import type { StructureTree } from '../core/structure/types.js';
import { createSourceText } from '../core/text/source-text.js';
import { parseStructureTree } from './parse-structure.js';
import type { SearchJob, SearchOutcome } from './search-pool.js';
import { GrammarUnavailableError } from './tree-sitter-loader.js';
import { nodeBuiltin } from '../platform/node-builtins.js';

/**
 * A worker thread of the search pool (`search-pool.ts`): parses the files it is sent, keeps their
 * structure trees by content hash for later searches, and answers each with the file's matches.
 * Its grammars are its own (tree-sitter state is per thread), loaded as the editor's are.
 */

/** Source text kept (UTF-16 code units) in the trees this worker keeps for later searches. */
const MAX_KEPT_CHARS = 4 * 1024 * 1024;

const kept = new Map<string, StructureTree>();
let keptChars = 0;
let lastQuery: { key: string; query: StructureQuery } | null = null;

async function treeOf(job: SearchJob): Promise<StructureTree> {
  const key = `${job.language.id}\n${job.hash}`;
  const hit = kept.get(key);
  if (hit) {
    // Most recently used last.
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const tree = await parseStructureTree(createSourceText(job.text, job.bom), job.language, job.init, { whole: true });
  if (job.text.length <= MAX_KEPT_CHARS) {
    kept.set(key, tree);
    keptChars += job.text.length;
    for (const [oldest, { source }] of kept) {
      if (keptChars <= MAX_KEPT_CHARS) break;
      kept.delete(oldest);
      keptChars -= source.text.length;
    }
  }
  return tree;
}

function queryOf(job: SearchJob): StructureQuery | null {
  const key = JSON.stringify(job.filters);
  if (lastQuery?.key !== key) {
    const compiled = compileStructureQuery(job.filters);
    if (compiled.isErr()) return null;
    lastQuery = { key, query: compiled.value };
  }
  return lastQuery.query;
}

async function search(job: SearchJob): Promise<SearchOutcome> {
  try {
    const query = queryOf(job);
    // (The editor compiled the same filters before sending any file.)
    if (!query) return { failure: 'INVALID_ARGUMENT' };
    const tree = await treeOf(job);
    return { result: searchTree(tree, query, job.path, job.from, job.count) };
  } catch (cause) {
    return { failure: cause instanceof GrammarUnavailableError ? 'GRAMMAR_UNAVAILABLE' : 'PARSER_FAILED' };
  }
}

// (Through process.getBuiltinModule, as every Node module the package uses.)
const parentPort = nodeBuiltin('worker_threads')?.parentPort;
parentPort?.on('message', (message: { id: number; job: SearchJob }) => {
  void search(message.job).then((outcome) => parentPort?.postMessage({ id: message.id, outcome }));
});
