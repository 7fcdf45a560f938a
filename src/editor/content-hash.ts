import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

/**
 * The content hash every result reports and every write accepts back as `expected_hash`:
 * `sha256:` and the SHA-256 of the file's bytes in hex. SHA-256 because it is the same in every
 * runtime: Web Crypto computes it natively where it exists (browsers, Node 19+), and
 * `@noble/hashes` (pure JavaScript, audited) where it does not (Node 18 without the global), so a
 * hash read in one runtime is valid in another.
 */
export async function contentHash(bytes: Uint8Array): Promise<string> {
  const subtle = (globalThis as { crypto?: { subtle?: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> } } }).crypto?.subtle;
  if (subtle !== undefined) {
    try {
      // Web Crypto refuses views over shared buffers: copy those only.
      const input = bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
      return `sha256:${bytesToHex(new Uint8Array(await subtle.digest('SHA-256', input)))}`;
    } catch {
      // Fall through to the portable implementation (e.g. an insecure browser context).
    }
  }
  return pureContentHash(bytes);
}

/** {@link contentHash} without Web Crypto (exported for the test that both agree). */
export function pureContentHash(bytes: Uint8Array): string {
  return `sha256:${bytesToHex(sha256(bytes))}`;
}
