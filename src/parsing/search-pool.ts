import type * as WorkerThreads from 'node:worker_threads';
import type { FileMatches, StructureFilters } from '../core/discovery/structure-query.js';
import type { LanguageDefinition } from '../core/languages/definitions.js';
import { nodeBuiltin } from '../platform/node-builtins.js';
import type { TreeSitterInitOptions } from './tree-sitter-loader.js';

/**
 * Worker threads that parse and search files for a scan over many of them (`findStructures`), so
 * the scan uses every core. Node only; one pool per process, grown to the largest size an editor
 * asks for, its threads kept while the process lives but never keeping it alive. A worker that
 * fails is dropped and its files are searched on the calling thread: the pool changes how fast a
 * scan is, never what it finds.
 */

/** One file to search. */
export interface SearchJob {
  /** The file, root-relative (as matches name it). */
  readonly path: string;
  /** Its decoded text, and whether it began with a byte-order mark. */
  readonly text: string;
  readonly bom: boolean;
  /** Its content hash: the worker keeps its structures under it for later searches. */
  readonly hash: string;
  /** Its language (plain data: every grammar source given as a path, URL, bytes or package). */
  readonly language: LanguageDefinition;
  /** The editor's tree-sitter options (without functions or bytes). */
  readonly init: TreeSitterInitOptions | undefined;
  readonly filters: StructureFilters;
  /** Which matches to name and return: from the `from`-th on, at most `count` (see `searchTree`). */
  readonly from: number;
  readonly count: number;
}

/** A file searched, or the error code that kept the worker from searching it. */
export type SearchOutcome = { result: FileMatches } | { failure: string };

/** The pool's threads, with the jobs each has in flight. */
interface PoolWorker {
  readonly thread: WorkerThreads.Worker;
  readonly pending: Map<number, (outcome: SearchOutcome | null) => void>;
}

/** Searches files on worker threads. */
export interface SearchPool {
  /** How many threads search. */
  readonly size: number;
  /** Searches one file; `null` when its worker failed (the caller searches it itself). */
  search(job: SearchJob): Promise<SearchOutcome | null>;
}

let shared: { workers: PoolWorker[]; nextId: number } | null = null;

/**
 * The process's search pool with at least `size` threads (fewer if threads cannot start), or `null`
 * outside Node, for `size` 0, or when no thread starts.
 */
export function searchPool(size: number): SearchPool | null {
  // Run from the TypeScript sources (the tests), there is no built worker to start: search here.
  if (size <= 0 || import.meta.url.endsWith('.ts')) return null;
  const threads = nodeBuiltin('worker_threads');
  if (!threads) return null;
  shared ??= { workers: [], nextId: 0 };
  const pool = shared;
  while (pool.workers.length < size) {
    const worker = startWorker(threads, pool);
    if (!worker) break;
    pool.workers.push(worker);
  }
  if (pool.workers.length === 0) return null;
  return {
    size: Math.min(size, pool.workers.length),
    search(job) {
      const live = pool.workers.slice(0, size);
      if (live.length === 0) return Promise.resolve(null);
      // The same content goes to the same worker, which keeps its structures from the last search.
      const worker = live[hashIndex(job.hash, live.length)]!;
      const id = pool.nextId++;
      return new Promise((resolve) => {
        try {
          worker.thread.postMessage({ id, job });
        } catch {
          // (A job that cannot be sent is searched by the caller.)
          resolve(null);
          return;
        }
        if (worker.pending.size === 0) worker.thread.ref();
        worker.pending.set(id, resolve);
      });
    },
  };
}

function startWorker(threads: typeof WorkerThreads, pool: { workers: PoolWorker[] }): PoolWorker | null {
  let thread: WorkerThreads.Worker;
  try {
    thread = new threads.Worker(new URL('./search-worker.js', import.meta.url));
  } catch {
    return null;
  }
  const worker: PoolWorker = { thread, pending: new Map() };
  const fail = () => {
    const at = pool.workers.indexOf(worker);
    if (at !== -1) pool.workers.splice(at, 1);
    for (const resolve of worker.pending.values()) resolve(null);
    worker.pending.clear();
    void thread.terminate();
  };
  thread.on('message', ({ id, outcome }: { id: number; outcome: SearchOutcome }) => {
    const resolve = worker.pending.get(id);
    worker.pending.delete(id);
    // An idle worker does not keep the process alive.
    if (worker.pending.size === 0) thread.unref();
    resolve?.(outcome);
  });
  thread.on('error', fail);
  thread.on('exit', fail);
  thread.unref();
  return worker;
}

/** Which of `count` workers a content hash goes to. */
function hashIndex(hash: string, count: number): number {
  let sum = 0;
  for (let at = Math.max(0, hash.length - 8); at < hash.length; at++) sum = (sum * 31 + hash.charCodeAt(at)) >>> 0;
  return sum % count;
}

/**
 * Whether a language's grammar is loaded on a worker as on this thread: every source names where
 * it is (a path, a package's file, a bundled grammar, a URL string), none is a `load()` function or
 * bytes (sent again with every file) or a URL object (not cloned between threads).
 */
export function searchableOnWorkers(language: LanguageDefinition): boolean {
  return (language.grammars ?? []).every((source) => 'path' in source || 'package' in source || 'bundled' in source || ('url' in source && typeof source.url === 'string'));
}
