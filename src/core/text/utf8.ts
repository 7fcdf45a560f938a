import { err, ok, type Result } from 'neverthrow';

/** Why bytes could not be read as text. */
export type DecodeFailure =
  | { kind: 'binary'; byteOffset: number }
  | { kind: 'encoding'; byteOffset: number };

/** Text decoded from UTF-8 bytes. */
export interface DecodedText {
  /** The text without its byte order mark. */
  text: string;
  /** Whether the bytes began with a UTF-8 byte order mark. */
  bom: boolean;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * Decodes UTF-8 bytes. A NUL byte marks the file as binary (checked first: binary files are rarely
 * valid UTF-8 and "binary" is the more useful message); any invalid sequence is an encoding failure
 * with the byte offset of the first bad sequence.
 */
export function decodeUtf8(bytes: Uint8Array): Result<DecodedText, DecodeFailure> {
  return readUtf8Body(bytes, decodeStrict).map(({ value, bom }) => ({ text: value, bom }));
}

/**
 * The checks of {@link decodeUtf8} with another reader of the text: a NUL byte is `binary`; else
 * the bytes after any byte order mark go to `read`, whose `null` means they are not UTF-8
 * (`encoding`, at the first bad sequence). Returns what `read` made of them, and the body and BOM.
 */
export function readUtf8Body<T>(bytes: Uint8Array, read: (body: Uint8Array) => T | null): Result<{ value: T; body: Uint8Array; bom: boolean }, DecodeFailure> {
  const nul = bytes.indexOf(0);
  if (nul !== -1) return err({ kind: 'binary', byteOffset: nul });
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  const value = read(body);
  if (value === null) return err({ kind: 'encoding', byteOffset: firstInvalidUtf8Offset(body) + (bom ? 3 : 0) });
  return ok({ value, body, bom });
}

/** Encodes text as UTF-8, with a byte order mark when asked. */
export function encodeUtf8(text: string, bom = false): Uint8Array {
  const body = encoder.encode(text);
  if (!bom) return body;
  const out = new Uint8Array(body.length + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(body, 3);
  return out;
}

const nonAsciiRun = /[\u0080-\uffff]+/g;

/**
 * Length in UTF-8 bytes of `text` (or of its code units `from`..`to`), without encoding it. Code
 * is mostly ASCII: one byte per code unit, plus what the runs of other characters (found by a
 * native regex scan, several times faster than a loop over every unit) add.
 */
export function utf8Length(text: string, from = 0, to = text.length): number {
  // A slice (no copy in V8) bounds the scan: exec on the whole text would run on past `to`.
  const part = from === 0 && to === text.length ? text : text.slice(from, to);
  let length = part.length;
  nonAsciiRun.lastIndex = 0;
  for (let run = nonAsciiRun.exec(part); run !== null; run = nonAsciiRun.exec(part)) length += extraUtf8Bytes(part, run.index, run.index + run[0].length);
  return length;
}

/** Bytes beyond one per code unit that units `from`..`to` (none ASCII) take in UTF-8. */
function extraUtf8Bytes(text: string, from: number, to: number): number {
  let extra = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x800) extra += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < to) {
      const next = text.charCodeAt(i + 1);
      // A surrogate pair: two units, four bytes.
      if (next >= 0xdc00 && next <= 0xdfff) {
        extra += 2;
        i++;
      } else extra += 2;
    } else extra += 2;
  }
  return extra;
}

function decodeStrict(bytes: Uint8Array): string | null {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    // TextDecoder signals invalid input only by throwing; turned into a value here.
    return null;
  }
}

/** Whether `bytes` are well-formed UTF-8, checked byte by byte (no decoding, nothing allocated). */
export function isWellFormedUtf8(bytes: Uint8Array): boolean {
  return firstInvalidUtf8Offset(bytes) === bytes.length;
}

/** Byte offset of the first invalid UTF-8 sequence (`bytes.length` when there is none). */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}
