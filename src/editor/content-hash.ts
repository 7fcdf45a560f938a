import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

/**
 * The content hash every result reports and every write accepts back as `expected_hash`:
 * `sha256:` and the SHA-256 of the file's bytes in hex. SHA-256 because it is the same in every
 * runtime. The fastest implementation at hand computes it: Node's `crypto` (reads the bytes where
 * they are), else Web Crypto (browsers, Deno; copies its input first, 10 MB more at the peak of a
 * 10 MB edit, which is why it is second), else `@noble/hashes` (pure JavaScript, audited), so a
 * hash read in one runtime is valid in another.
 */
export async function contentHash(bytes: Uint8Array): Promise<string> {
  return nodeContentHash(bytes) ?? (await webCryptoContentHash(bytes)) ?? pureContentHash(bytes);
}

type CreateHash = (algorithm: 'sha256') => { update(data: Uint8Array): { digest(encoding: 'hex'): string } };

/** {@link contentHash} with Node's built-in `crypto` (Node 20.16+), `undefined` where there is none. */
export function nodeContentHash(bytes: Uint8Array): string | undefined {
  // getBuiltinModule, not an import: the bundle stays loadable in browsers.
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const createHash = (runtime?.getBuiltinModule?.('node:crypto') as { createHash?: CreateHash } | undefined)?.createHash;
  return createHash === undefined ? undefined : `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** {@link contentHash} with Web Crypto, `undefined` where it is missing or refuses (an insecure browser context). */
export async function webCryptoContentHash(bytes: Uint8Array): Promise<string | undefined> {
  const subtle = (globalThis as { crypto?: { subtle?: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> } } }).crypto?.subtle;
  if (subtle === undefined) return undefined;
  try {
    // Web Crypto refuses views over shared buffers: copy those only.
    const input = bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
    return `sha256:${bytesToHex(new Uint8Array(await subtle.digest('SHA-256', input)))}`;
  } catch {
    return undefined;
  }
}

/** {@link contentHash} in pure JavaScript. */
export function pureContentHash(bytes: Uint8Array): string {
  return `sha256:${bytesToHex(sha256(bytes))}`;
}
