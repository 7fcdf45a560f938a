import type { Tree } from 'web-tree-sitter';
import { completeStructureTree, detachStructureTree } from '../core/structure/build.js';
import type { StructureTree } from '../core/structure/types.js';
import type { SourceText } from '../core/text/source-text.js';

/** Bounds of an editor's parse cache. */
export interface ParseCacheLimits {
  /** Most file versions kept (default 16). */
  maxFiles: number;
  /**
   * Most text kept, in UTF-16 code units summed over the versions (default 16 Mi, about 16 MB of
   * ASCII). A tree takes 10-25 bytes of WASM memory per character (measured: 190 MB for the 9.1 MB
   * typescript.js, 17 MB for the 1.9 MB lib.dom.d.ts), so the default holds at most ~400 MB.
   */
  maxChars: number;
}

/** The default bounds: one version of the largest file an editor accepts (10 MB), or many small ones. */
export const DEFAULT_PARSE_CACHE_LIMITS: ParseCacheLimits = { maxFiles: 16, maxChars: 16 * 1024 * 1024 };

/** One parsed version of a file's content. */
export interface ParseCacheEntry {
  readonly source: SourceText;
  readonly languageId: string;
  /**
   * The tree-sitter tree (`null` for the Markdown backend). Owned by the cache, which deletes it
   * on eviction: use it synchronously after `get`, and `copy()` it before `edit()`.
   */
  readonly tree: Tree | null;
  readonly structure: StructureTree;
}

/**
 * Parsed file versions keyed by their content, least recently used evicted first. The key is the
 * decoded text itself: a Map hashes a long string in constant time and confirms a hit with one
 * native comparison (about 0.5 ms on 9 MB), which beats computing a digest of the content. A
 * version is found whatever its path, so a file read back after our own write is a hit.
 *
 * The tree-sitter trees live in WASM memory, so this is the only owner of them: eviction and
 * `clear()` call `tree.delete()`, and nothing hands a tree out beyond one synchronous step. A
 * structure tree built lazily reads its syntax tree until it is complete: eviction lets it go of
 * that tree first ({@link release}).
 */
export class ParseCache {
  readonly #entries = new Map<string, ParseCacheEntry>();
  readonly #limits: ParseCacheLimits;
  #chars = 0;

  constructor(limits: ParseCacheLimits = DEFAULT_PARSE_CACHE_LIMITS) {
    this.#limits = limits;
  }

  /** The entry for this exact content (text and byte order mark) and language, now most recent. */
  get(source: SourceText, languageId: string): ParseCacheEntry | undefined {
    const entry = this.#entries.get(source.original);
    if (!entry || entry.languageId !== languageId || entry.source.bom !== source.bom) return undefined;
    this.#entries.delete(source.original);
    this.#entries.set(source.original, entry);
    return entry;
  }

  /** Adds a version (replacing one of the same content), then evicts down to the limits. */
  add(entry: ParseCacheEntry): void {
    const key = entry.source.original;
    const size = key.length;
    if (!this.keeps(entry.source)) {
      release(entry);
      return;
    }
    const existing = this.#entries.get(key);
    if (existing) this.#remove(key, existing);
    this.#entries.set(key, entry);
    this.#chars += size;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#entries.size <= this.#limits.maxFiles && this.#chars <= this.#limits.maxChars) break;
      this.#remove(oldestKey, oldest);
    }
  }

  /** Whether a version of this content would be kept (not too large for the cache). */
  keeps(source: SourceText): boolean {
    return source.original.length <= this.#limits.maxChars && this.#limits.maxFiles > 0;
  }

  /** Number of versions held. */
  get size(): number {
    return this.#entries.size;
  }

  /** Text held, in UTF-16 code units. */
  get chars(): number {
    return this.#chars;
  }

  /** Frees every tree and forgets every version (structures not built yet stay buildable: an operation may still read them). */
  clear(): void {
    for (const [key, entry] of [...this.#entries]) this.#remove(key, entry);
  }

  #remove(key: string, entry: ParseCacheEntry): void {
    this.#entries.delete(key);
    this.#chars -= key.length;
    release(entry);
  }
}

/**
 * Deletes an entry's tree. A structure tree built lazily reads its syntax tree until complete: it
 * lets go of it when it can parse the text again should something still read a structure it has
 * not built (an operation holding the version), and is completed first otherwise. Completing the
 * 135k structures of typescript.js when it was evicted cost ~800 ms in whatever edit of another
 * file evicted it. Markdown entries have no tree; a tree shared by two entries cannot happen (each
 * parse makes one).
 */
function release(entry: ParseCacheEntry): void {
  if (!entry.tree) return;
  if (!detachStructureTree(entry.structure)) completeStructureTree(entry.structure);
  entry.tree.delete();
}
