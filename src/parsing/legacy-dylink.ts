/**
 * Grammars built by older Emscripten toolchains (tree-sitter-cli ≤ 0.20, e.g. every grammar of
 * `tree-sitter-wasms` 0.1.13) describe themselves in a custom section named `dylink`; the
 * web-tree-sitter runtime of today reads only its successor, `dylink.0`. The two carry the same
 * facts (memory and table size and alignment, the libraries needed), so rewriting the section is
 * all it takes for such a grammar to load: the code and every other section are kept byte for byte.
 *
 * Formats (Emscripten's DynamicLinking.md): `dylink` is four LEB128 numbers (memory size, memory
 * alignment, table size, table alignment) then a count and that many length-prefixed names;
 * `dylink.0` is a list of subsections `[type: u8][size: LEB128][payload]`, type 1 holding the four
 * numbers and type 2 the needed libraries.
 */

const WASM_HEADER_LENGTH = 8;
const CUSTOM_SECTION = 0;
const MEMORY_INFO = 1;
const NEEDED = 2;

function encodeLeb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return bytes;
}

/** A LEB128 number at `offset`, and the offset after it; `null` when it runs past `end`. */
function decodeLeb128(bytes: Uint8Array, offset: number, end: number): [number, number] | null {
  let value = 0;
  let scale = 1;
  for (let at = offset; at < end && at - offset < 5; at++) {
    const byte = bytes[at]!;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if ((byte & 0x80) === 0) return [value, at + 1];
  }
  return null;
}

const LEGACY_NAME = [0x64, 0x79, 0x6c, 0x69, 0x6e, 0x6b]; // "dylink"
const CURRENT_NAME = [...LEGACY_NAME, 0x2e, 0x30]; // "dylink.0"

/**
 * The grammar's bytes with a legacy `dylink` section rewritten as `dylink.0`; any other input (a
 * current grammar, not WebAssembly at all) is returned unchanged, the same array.
 */
export function upgradeLegacyDylink(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= WASM_HEADER_LENGTH || bytes[WASM_HEADER_LENGTH] !== CUSTOM_SECTION) return bytes;
  const size = decodeLeb128(bytes, WASM_HEADER_LENGTH + 1, bytes.length);
  if (!size) return bytes;
  const [sectionLength, contentStart] = size;
  const sectionEnd = contentStart + sectionLength;
  if (sectionEnd > bytes.length) return bytes;
  const nameLength = decodeLeb128(bytes, contentStart, sectionEnd);
  if (!nameLength || nameLength[0] !== LEGACY_NAME.length) return bytes;
  const nameStart = nameLength[1];
  if (LEGACY_NAME.some((byte, index) => bytes[nameStart + index] !== byte)) return bytes;

  let offset = nameStart + LEGACY_NAME.length;
  const memoryInfo: number[] = [];
  for (let field = 0; field < 4; field++) {
    const read = decodeLeb128(bytes, offset, sectionEnd);
    if (!read) return bytes;
    memoryInfo.push(...encodeLeb128(read[0]));
    offset = read[1];
  }
  const neededCount = decodeLeb128(bytes, offset, sectionEnd);
  if (!neededCount) return bytes;
  // The names follow the count unchanged: the same encoding in both formats.
  const needed = neededCount[0] === 0 ? [] : [NEEDED, ...encodeLeb128(sectionEnd - offset), ...bytes.subarray(offset, sectionEnd)];

  const payload = [...encodeLeb128(CURRENT_NAME.length), ...CURRENT_NAME, MEMORY_INFO, ...encodeLeb128(memoryInfo.length), ...memoryInfo, ...needed];
  const section = [CUSTOM_SECTION, ...encodeLeb128(payload.length), ...payload];
  const upgraded = new Uint8Array(WASM_HEADER_LENGTH + section.length + (bytes.length - sectionEnd));
  upgraded.set(bytes.subarray(0, WASM_HEADER_LENGTH), 0);
  upgraded.set(section, WASM_HEADER_LENGTH);
  upgraded.set(bytes.subarray(sectionEnd), WASM_HEADER_LENGTH + section.length);
  return upgraded;
}
