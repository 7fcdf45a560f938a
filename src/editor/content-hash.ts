import { contentChunks, joinContent, type FileContent } from '../core/file-content.js';
import { nodeBuiltin } from '../platform/node-builtins.js';

/**
 * The content hash every result reports and every write accepts back as `expected_hash`:
 * `sha256:` and the SHA-256 of the file's bytes in hex. SHA-256 because it is the same in every
 * runtime. The fastest implementation at hand computes it: Node's `crypto` (reads the bytes where
 * they are), else Web Crypto (browsers, Deno; copies its input first, 10 MB more at the peak of a
 * 10 MB edit, which is why it is second), else `@noble/hashes` (pure JavaScript, audited), so a
 * hash read in one runtime is valid in another. Content in chunks is hashed chunk by chunk, except
 * by Web Crypto, which takes one array.
 */
export async function contentHash(content: FileContent): Promise<string> {
  return nodeContentHash(content) ?? (await webCryptoContentHash(content)) ?? (await pureContentHash(content));
}

/** {@link contentHash} with Node's built-in `crypto` (Node 20.16+), `undefined` where there is none. */
export function nodeContentHash(content: FileContent): string | undefined {
  const crypto = nodeBuiltin('crypto');
  if (crypto === null) return undefined;
  const hash = crypto.createHash('sha256');
  for (const chunk of contentChunks(content)) hash.update(chunk);
  return `sha256:${hash.digest('hex')}`;
}

/** {@link contentHash} with Web Crypto, `undefined` where it is missing or refuses (an insecure browser context). */
export async function webCryptoContentHash(content: FileContent): Promise<string | undefined> {
  const subtle = (globalThis as { crypto?: { subtle?: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> } } }).crypto?.subtle;
  if (subtle === undefined) return undefined;
  const bytes = joinContent(content);
  try {
    // Web Crypto refuses views over shared buffers: copy those only.
    const input = bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
    return `sha256:${hex(new Uint8Array(await subtle.digest('SHA-256', input)))}`;
  } catch {
    return undefined;
  }
}

/** {@link contentHash} in pure JavaScript (loaded on first use: only runtimes without a built-in SHA-256 need it). */
export async function pureContentHash(content: FileContent): Promise<string> {
  const { sha256 } = await import('@noble/hashes/sha2');
  const hash = sha256.create();
  for (const chunk of contentChunks(content)) hash.update(chunk);
  return `sha256:${hex(hash.digest())}`;
}

/** Bytes as lowercase hex. */
function hex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** The slice {@link interleavedContentHash} hashes between yields. */
const SLICE = 1 << 20;

/**
 * {@link contentHash}, yielding to the event loop (`setImmediate`) after each megabyte where Node's
 * `crypto` hashes it, so I/O started before (a write and its fsync) goes on meanwhile. The same
 * hash, of the same bytes.
 */
export async function interleavedContentHash(content: FileContent): Promise<string> {
  const crypto = nodeBuiltin('crypto');
  const setImmediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  if (crypto === null || setImmediate === undefined) return contentHash(content);
  const hash = crypto.createHash('sha256');
  for (const chunk of contentChunks(content)) {
    for (let from = 0; from < chunk.length; from += SLICE) {
      hash.update(from === 0 && chunk.length <= SLICE ? chunk : chunk.subarray(from, from + SLICE));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return `sha256:${hash.digest('hex')}`;
}
