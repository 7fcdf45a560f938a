import { isWellFormedUtf8 } from '../core/text/utf8.js';

type IsUtf8 = (bytes: Uint8Array) => boolean;

/**
 * Whether bytes are well-formed UTF-8, checked without decoding them: Node's `buffer.isUtf8` where
 * there is one (native, about 0.2 ms for 10 MB), else the core's byte loop (about 15 ms). Both
 * allocate nothing, unlike decoding to check, which for a 10 MB file allocates 10–20 MB of strings
 * that grow the young generation of the heap.
 */
export const isUtf8: IsUtf8 = nodeIsUtf8() ?? isWellFormedUtf8;

function nodeIsUtf8(): IsUtf8 | undefined {
  // getBuiltinModule, not an import: the bundle stays loadable in browsers.
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return (runtime?.getBuiltinModule?.('node:buffer') as { isUtf8?: IsUtf8 } | undefined)?.isUtf8;
}
