import type { Result } from 'neverthrow';
import { crlfBreaksBefore, dominantLineEnding, type LineEnding } from './source-text.js';
import { isWellFormedUtf8, readUtf8Body, type DecodeFailure } from './utf8.js';

/**
 * A text file as `file_edit` works on it: its UTF-8 bytes, never decoded whole. Decoding a 10 MB
 * file holds a second copy of it (20 MB when V8 stores the string with two bytes a character), and
 * literal matching needs no string: UTF-8 is self-synchronising, so a valid UTF-8 pattern found in
 * valid UTF-8 bytes always starts and ends on character boundaries, and occurrences counted on the
 * bytes are the occurrences in the text.
 *
 * Line endings: matching sees every line break as `\n` (so an `old_text` written with `\n`
 * matches a CRLF file). `bytes` is the file itself when that needs no copy: a file with `\n`
 * breaks only, or with `\r\n` breaks only (`newline` `\r\n`: patterns and new text are written
 * with `\r\n` before matching, which finds exactly the occurrences the `\n` form would). A file
 * mixing endings, or using lone `\r`, is copied once with its breaks turned into `\n`.
 */
export interface ByteText {
  /** The bytes matched and edited (no byte order mark). Every offset here refers to them. */
  readonly bytes: Uint8Array;
  /** How a line break of the `\n` form is written in `bytes`. */
  readonly newline: '\n' | '\r\n';
  /** Whether the file starts with a UTF-8 byte order mark. */
  readonly bom: boolean;
  /** The file's most common line ending; new lines are written with it. */
  readonly lineEnding: LineEnding;
  /** When `bytes` is a copy with `\n` breaks: offsets in it of each `\n` that was `\r\n` in the file. */
  readonly crlfBreaks: Uint32Array;
  /** Offset in `bytes` of the first byte of each line. */
  readonly lineStarts: Uint32Array;
}

/** Bytes `start`..`end` of {@link ByteText.bytes} become `bytes` (in the same line-break form). */
export interface ByteReplacement {
  readonly start: number;
  readonly end: number;
  readonly bytes: Uint8Array;
}

const LF = 10;
const CR = 13;

/**
 * Reads a file's bytes as a {@link ByteText}: `binary` for a NUL byte, `encoding` for bytes that are
 * not UTF-8 (the same checks, and the same offsets, as `decodeUtf8`). `isUtf8` checks the bytes
 * (a host can pass a native check); by default a byte loop that allocates nothing.
 */
export function createByteText(fileBytes: Uint8Array, isUtf8: (bytes: Uint8Array) => boolean = isWellFormedUtf8): Result<ByteText, DecodeFailure> {
  return readUtf8Body(fileBytes, (body) => (isUtf8(body) ? body : null)).map(({ body, bom }) => byteText(body, bom));
}

/** The {@link ByteText} of a file's UTF-8 body (bytes after any byte order mark). */
function byteText(body: Uint8Array, bom: boolean): ByteText {
  // One pass over the line feeds finds the lines and counts the CRLFs; one more counts the CRs.
  const { starts, crlf } = scanLines(body);
  let cr = -crlf;
  for (let at = body.indexOf(CR); at !== -1; at = body.indexOf(CR, at + 1)) cr++;
  const lf = starts.length - 1 - crlf;
  const lineEnding = dominantLineEnding(lf, crlf, cr);
  if (cr === 0 && crlf === 0) return { bytes: body, newline: '\n', bom, lineEnding, crlfBreaks: new Uint32Array(0), lineStarts: starts };
  if (cr === 0 && lf === 0) return { bytes: body, newline: '\r\n', bom, lineEnding, crlfBreaks: new Uint32Array(0), lineStarts: starts };
  const { bytes, crlfBreaks } = normalizeLineBreaks(body, crlf);
  return { bytes, newline: '\n', bom, lineEnding, crlfBreaks, lineStarts: lineStartsOf(bytes) };
}

/** A copy of `bytes` with `\r\n` and lone `\r` turned into `\n`, and where each `\r\n` was. */
function normalizeLineBreaks(bytes: Uint8Array, crlfCount: number): { bytes: Uint8Array; crlfBreaks: Uint32Array } {
  const out = new Uint8Array(bytes.length - crlfCount);
  const crlfBreaks = new Uint32Array(crlfCount);
  let written = 0;
  let from = 0;
  let breaks = 0;
  for (let at = bytes.indexOf(CR); at !== -1; at = bytes.indexOf(CR, at + 1)) {
    out.set(bytes.subarray(from, at), written);
    written += at - from;
    if (bytes[at + 1] === LF) {
      crlfBreaks[breaks++] = written;
      from = at + 1;
    } else {
      out[written++] = LF;
      from = at + 1;
    }
  }
  out.set(bytes.subarray(from), written);
  return { bytes: out, crlfBreaks };
}

/** Offsets of the first byte of every line (lines end at `\n`). */
export function lineStartsOf(bytes: Uint8Array): Uint32Array {
  return scanLines(bytes).starts;
}

/**
 * Line starts in one pass (an array grown by doubling from a guess of one line per 32 bytes, and
 * viewed at its size: copying it to size measured 2 MB more peak memory on a 10 MB file than the
 * unused tail costs), and how many line feeds follow a `\r`.
 */
function scanLines(bytes: Uint8Array): { starts: Uint32Array; crlf: number } {
  let starts = new Uint32Array(Math.max(16, bytes.length >>> 5));
  let count = 1;
  let crlf = 0;
  for (let at = bytes.indexOf(LF); at !== -1; at = bytes.indexOf(LF, at + 1)) {
    if (count === starts.length) {
      const grown = new Uint32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = at + 1;
    if (at > 0 && bytes[at - 1] === CR) crlf++;
  }
  return { starts: starts.subarray(0, count), crlf };
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

/** The text of `bytes` (valid UTF-8 in the `newline` form) in the `\n` form. */
export function decodeText(bytes: Uint8Array, newline: ByteText['newline']): string {
  const text = decoder.decode(bytes);
  return newline === '\n' || !text.includes('\r') ? text : text.replace(/\r\n/g, '\n');
}

/** Text of the `\n` form as bytes in the `newline` form. */
export function encodeText(text: string, newline: ByteText['newline']): Uint8Array {
  return encoder.encode(newline === '\n' || !text.includes('\n') ? text : text.replace(/\n/g, '\r\n'));
}

/** The offset in the file (byte order mark included) of an offset in `text.bytes`. */
export function fileOffset(text: ByteText, offset: number): number {
  return offset + crlfBreaksBefore(text.crlfBreaks, offset) + (text.bom ? 3 : 0);
}
