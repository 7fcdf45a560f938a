import detectIndent from 'detect-indent';

/**
 * Re-indentation of content written into a file (replace, insert, move; later chunk edits). One
 * contract, documented in the README:
 *
 * - Content whose first line has **no** indentation is *zero-indent* content: every following
 *   non-blank line gets the destination's indentation prepended; blank lines stay as they are.
 * - Content whose first line **is** indented (text from `readStructure`, or a caller who indented
 *   anyway) has that indentation as its base: the base is replaced by the destination's on every
 *   line that starts with it; other lines are left as they are.
 * - Content whose first line has no indentation but whose other lines already sit at the
 *   destination's indentation or deeper — the first of them deeper — is content copied from the
 *   file with its first line's indentation left out (what a model does with text from a read):
 *   its other lines keep their indentation, only the first line gets the destination's.
 * - The relative indentation (what follows the base) is converted between tabs and spaces when the
 *   content uses the character the file never indents with and the file uses only the other one.
 * - Lines that start inside a literal (a multi-line string, raw string, template, heredoc: see
 *   `literalLines`) are never touched: their whitespace is part of the literal's value.
 *
 * So text read from a structure and written back to the same place is unchanged, byte for byte.
 */

/** How a file indents. */
export interface IndentationStyle {
  /**
   * `tab` or `space` when the file indents with that character only, `null` when it uses both
   * (or neither): then content is never converted.
   */
  readonly char: 'tab' | 'space' | null;
  /** One indentation level: `\t`, or the file's most common step in spaces (4 when unknown). */
  readonly unit: string;
  /**
   * The lines (0-based) of a text written into the file that start inside a literal, which
   * re-indentation keeps as they are: given by the editor, which parses the text in the file's
   * language. Without it every line is re-based.
   */
  readonly literals?: (text: string) => ReadonlySet<number>;
}

const NO_LINES: ReadonlySet<number> = new Set();

/** The lines of `text` that start inside a literal, as the style's detector sees them. */
export function literalLinesOf(text: string, style: IndentationStyle): ReadonlySet<number> {
  return style.literals && text.includes('\n') ? style.literals(text) : NO_LINES;
}

const DEFAULT_UNIT = '    ';

/** The whitespace a line starts with. */
export function leadingWhitespace(line: string): string {
  let end = 0;
  while (end < line.length && (line.charCodeAt(end) === 32 || line.charCodeAt(end) === 9)) end++;
  return line.slice(0, end);
}

/** Whether a line holds only whitespace. */
export function isBlankLine(line: string): boolean {
  return leadingWhitespace(line).length === line.length;
}

/** How many non-blank lines indent with a tab, and how many with spaces (a line may count as both). */
interface IndentationCounts {
  readonly tabs: number;
  readonly spaces: number;
}

/**
 * Which indentation characters non-blank lines use: a tab anywhere in the indentation counts as
 * tabs, two spaces in a row as spaces. A single space is not indentation: it is the alignment of a
 * block comment's ` * ` lines, which tab-indented files have too.
 */
function countIndentation(lines: Iterable<string>): IndentationCounts {
  let tabs = 0;
  let spaces = 0;
  for (const line of lines) {
    const indentation = leadingWhitespace(line);
    if (indentation.length === line.length) continue;
    if (indentation.includes('\t')) tabs++;
    if (indentation.includes('  ')) spaces++;
  }
  return { tabs, spaces };
}

function styleOf(text: string, counts: IndentationCounts): IndentationStyle {
  const char = counts.tabs > 0 && counts.spaces === 0 ? 'tab' : counts.spaces > 0 && counts.tabs === 0 ? 'space' : null;
  if (char === 'tab') return { char, unit: '\t' };
  const detected = detectIndent(text);
  return { char, unit: detected.type === 'space' && detected.amount > 1 ? detected.indent : DEFAULT_UNIT };
}

/** The indentation style of a file's text (`\n` line endings). */
export function detectIndentationStyle(text: string): IndentationStyle {
  return styleOf(text, countIndentation(text.split('\n')));
}

/**
 * A text's indentation in words, for messages: `tabs`, `4 spaces`, `tabs (12 lines) and spaces
 * (30 lines)`, or `no indentation`.
 */
export function describeIndentation(text: string): string {
  const counts = countIndentation(text.split('\n'));
  const style = styleOf(text, counts);
  if (style.char === 'tab') return 'tabs';
  if (style.char === 'space') return `${style.unit.length} spaces`;
  if (counts.tabs === 0) return 'no indentation';
  const lines = (count: number) => `${count} line${count === 1 ? '' : 's'}`;
  return `tabs (${lines(counts.tabs)}) and spaces (${lines(counts.spaces)})`;
}

/**
 * Content as callers send it, made ready for re-indentation: `\r\n` and `\r` become `\n`, and
 * leading and trailing blank lines are dropped (the planners decide the spacing around it).
 */
export function normalizeContent(content: string): string {
  return content
    .replace(/\r\n?/g, '\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .replace(/(?:\n[ \t]*)+$/, '');
}

/**
 * Re-bases content onto `destination` (see the module comment). Returns the lines joined with
 * `\n`, the first one starting with `destination`. `content` should be normalized
 * ({@link normalizeContent}).
 */
export function rebaseIndentation(content: string, destination: string, style: IndentationStyle, literals: ReadonlySet<number> = literalLinesOf(content, style)): string {
  const lines = content.split('\n');
  const base = leadingWhitespace(lines[0]!);
  const absolute = base === '' && readsAsAbsolute(lines, destination, literals);
  // The part of each line the base does not cover, or null for lines left as they are.
  const relative = lines.map((line, index) => {
    if (literals.has(index)) return null;
    if (absolute) return index === 0 ? line : null;
    if (base === '') return index === 0 || !isBlankLine(line) ? line : null;
    return line.startsWith(base) ? line.slice(base.length) : null;
  });
  const convert = conversion(relative, style);
  return lines
    .map((line, index) => {
      const rest = relative[index];
      if (rest === null || rest === undefined) return line;
      return destination + (convert ? convert(rest) : rest);
    })
    .join('\n');
}

/**
 * Whether content with an unindented first line has its other lines at the file's own indentation
 * already (copied from a read, the first line's indentation left out). Read that way, the content's
 * first line sits at the destination, so: every other line is at the destination's indentation or
 * deeper; the line after the header goes deeper (a comment or decorator first line is followed by
 * more of them and then its declaration, at the same level); and a line back at the destination's
 * level closes or continues the header's block (`}`, `)`, `else:`, `end`). Zero-indent content whose
 * body happens to be as deep as the destination (a top-level function inserted into a class) fails
 * the last test: its body would land at the header's level. Literal lines do not count.
 */
function readsAsAbsolute(lines: readonly string[], destination: string, literals: ReadonlySet<number>): boolean {
  if (destination === '') return false;
  const rest = lines.filter((line, index) => index > 0 && !literals.has(index) && !isBlankLine(line));
  if (rest.length === 0 || !rest.every((line) => line.startsWith(destination))) return false;
  const depth = (line: string) => leadingWhitespace(line).length;
  let body = 0;
  if (ATTACHED_LINE.test(lines[0]!)) {
    while (body < rest.length && depth(rest[body]!) === destination.length && ATTACHED_LINE.test(rest[body]!.trimStart())) body++;
    if (body >= rest.length || depth(rest[body]!) !== destination.length) return false;
    body++;
    if (body === rest.length) return true;
  }
  if (depth(rest[body]!) <= destination.length) return false;
  return rest.slice(body).every((line) => depth(line) > destination.length || BLOCK_CONTINUATION.test(line.trimStart()));
}

/** A comment, decorator, annotation or attribute line: the declaration it belongs to follows at its level. */
const ATTACHED_LINE = /^(?:\/\/|#|\/\*|\*|--|@)/;

/** A line that closes or continues a block at the level of the line that opened it. */
const BLOCK_CONTINUATION = /^(?:[}\])]|<\/|(?:end|else|elif|elsif|except|finally|catch|rescue|ensure|when|case|default)\b)/;

/**
 * A function converting the indentation of relative lines to the file's character, or null if none
 * is needed. Content whose tabs are tab stops is left as it is: GNU style (some lines start with a
 * tab, others with spaces, none with 8 spaces: a tab stands for 8 columns, spaces for the levels in
 * between) or a tab after spaces; a tab there is not a level, and converting it as one would break
 * the alignment.
 */
function conversion(relative: ReadonlyArray<string | null>, style: IndentationStyle): ((line: string) => string) | null {
  if (style.char === null) return null;
  const lines = relative.filter((line): line is string => line !== null && !isBlankLine(line));
  const startWith = (prefix: string) => lines.some((line) => line.startsWith(prefix));
  if (startWith('\t') && startWith('  ') && !startWith(' '.repeat(8))) return null;
  // A tab after spaces in the indentation (`      \tif`) is a tab stop too.
  if (lines.some((line) => / \t/.test(leadingWhitespace(line)))) return null;
  const { tabs, spaces } = countIndentation(lines);
  if (style.char === 'space' && tabs > 0) {
    return (line) => {
      const indentation = leadingWhitespace(line);
      return indentation.replace(/\t/g, style.unit) + line.slice(indentation.length);
    };
  }
  if (style.char === 'tab' && spaces > 0) {
    const detected = detectIndent(relative.filter((line): line is string => line !== null).join('\n'));
    const width = detected.type === 'space' && detected.amount > 1 ? detected.amount : DEFAULT_UNIT.length;
    return (line) => {
      const indentation = leadingWhitespace(line);
      let columns = 0;
      for (const char of indentation) columns = char === '\t' ? columns - (columns % width) + width : columns + 1;
      return '\t'.repeat(Math.floor(columns / width)) + ' '.repeat(columns % width) + line.slice(indentation.length);
    };
  }
  return null;
}

/**
 * Lines of written text that are shallower than the destination: a non-blank line whose
 * indentation does not start with `destination` has left the block the text was written into.
 * `lines` are the written lines; returns their indexes.
 */
export function linesOutsideIndentation(lines: readonly string[], destination: string, literals: ReadonlySet<number> = NO_LINES): number[] {
  if (destination === '') return [];
  const outside: number[] = [];
  lines.forEach((line, index) => {
    if (!isBlankLine(line) && !line.startsWith(destination) && !literals.has(index)) outside.push(index);
  });
  return outside;
}
