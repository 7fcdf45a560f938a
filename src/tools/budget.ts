/**
 * The output budget: what a tool answers must fit a model's context window. Text is cut by lines
 * (a line longer than its share is cut in place, with a marker), data keeps its shape (strings
 * shortened, arrays cut to their first items), and every cut says what was left out and how to ask
 * for the rest. The library's results stay complete; only the tool layer and the CLI's text cut.
 */

/** The budget when the host sets none: about 5,000 tokens of text, and as much again of data. */
export const DEFAULT_MAX_OUTPUT_CHARS = 20_000;

/** The largest budget a call may ask for. */
export const MAX_OUTPUT_CHARS_CEILING = 1_000_000;

/** The smallest budget that still leaves room for a cut's notice. */
export const MIN_OUTPUT_CHARS = 1_000;

/** What one line may take of the budget before it is cut in place. */
const LINE_SHARE = 0.25;

/** Room kept for the notice that ends a cut text. */
const NOTICE_ROOM = 600;

/** A cut text and what it kept. */
export interface CutText {
  /** The text, at most the budget. */
  text: string;
  /** Whether anything was left out. */
  cut: boolean;
  /** Lines of the original text shown (in full or cut in place). */
  shownLines: number;
  /** Lines of the original text. */
  totalLines: number;
}

/**
 * `text` within `budget` characters. Lines over a quarter of the budget are cut in place
 * (`… [cut: 9,880 more characters on this line]`); lines past the budget are left out, and the text
 * ends with a notice: how much was left out and `howToContinue` (given the lines shown).
 */
export function cutText(text: string, budget: number, howToContinue: (shown: { shownLines: number; totalLines: number }) => string): CutText {
  const lines = text.split('\n');
  if (text.length <= budget) return { text, cut: false, shownLines: lines.length, totalLines: lines.length };
  const lineCap = Math.max(80, Math.floor(budget * LINE_SHARE));
  const room = Math.max(0, budget - NOTICE_ROOM);
  const kept: string[] = [];
  let used = 0;
  let linesCut = 0;
  for (const line of lines) {
    const shown = line.length > lineCap ? `${line.slice(0, lineCap)}… [cut: ${formatCount(line.length - lineCap)} more characters on this line]` : line;
    if (used + shown.length + 1 > room) break;
    if (shown !== line) linesCut++;
    kept.push(shown);
    used += shown.length + 1;
  }
  // The notice names how many lines were shown, so lines are dropped until text and notice fit together.
  for (;;) {
    const shownLines = kept.length;
    const parts: string[] = [];
    if (shownLines < lines.length) parts.push(`showing ${formatCount(shownLines)} of ${formatCount(lines.length)} lines`);
    if (linesCut > 0) parts.push(`${formatCount(linesCut)} long ${linesCut === 1 ? 'line' : 'lines'} cut in place`);
    const notice = `\n\n[Output cut to fit ${formatCount(budget)} characters (max_output_chars): ${parts.join('; ')}. ${howToContinue({ shownLines, totalLines: lines.length })}]`;
    const body = kept.join('\n');
    if (body.length + notice.length <= budget || kept.length === 0) return { text: `${body}${notice}`.slice(0, budget), cut: true, shownLines, totalLines: lines.length };
    kept.pop();
  }
}

/** What the output budget left out of a tool answer's data: its `truncated` field (`structuredContent.truncated`). */
export interface Truncation {
  /** The budget the data was cut to. */
  max_output_chars: number;
  /** What was shortened: a path into the data (`matches[0].text`) and how much of it was left out. */
  omitted: Array<{ path: string; omitted: number; unit: 'characters' | 'items' }>;
  /** How many more shortened places there were than `omitted` lists. */
  more_omitted: number;
  /** How to get what was left out. */
  how_to_continue: string;
}

/** Places listed in `truncated.omitted`; the rest are counted. */
const OMITTED_LISTED = 20;

/**
 * `data` within `budget` characters of JSON, shape kept: strings cut with a marker, arrays cut to
 * their first items, until it fits; the cut data gains `truncated` ({@link Truncation}).
 */
export function cutData(data: { [key: string]: unknown }, budget: number, howToContinue: string): { [key: string]: unknown } {
  if (jsonLength(data) <= budget) return data;
  // Shrink string and array limits together until the data, with its notice, fits; each pass halves them.
  let stringCap = Math.max(40, Math.floor(budget / 4));
  let itemCap = 1_000;
  for (;;) {
    const omitted: Truncation['omitted'] = [];
    const shrunk = shrink(data, stringCap, itemCap, '', omitted) as { [key: string]: unknown };
    const truncated: Truncation = { max_output_chars: budget, omitted: omitted.slice(0, OMITTED_LISTED), more_omitted: Math.max(0, omitted.length - OMITTED_LISTED), how_to_continue: howToContinue };
    const result = { ...shrunk, truncated };
    if (jsonLength(result) <= budget) return result;
    if (stringCap === 40 && itemCap === 1) return { truncated: { ...truncated, omitted: truncated.omitted.slice(0, 3) } };
    stringCap = Math.max(40, Math.floor(stringCap / 2));
    itemCap = Math.max(1, Math.floor(itemCap / 2));
  }
}

function shrink(value: unknown, stringCap: number, itemCap: number, path: string, omitted: Truncation['omitted']): unknown {
  if (typeof value === 'string') {
    if (value.length <= stringCap) return value;
    omitted.push({ path: path || '(value)', omitted: value.length - stringCap, unit: 'characters' });
    return `${value.slice(0, stringCap)}… [cut: ${formatCount(value.length - stringCap)} more characters]`;
  }
  if (Array.isArray(value)) {
    if (value.length > itemCap) omitted.push({ path: path || '(value)', omitted: value.length - itemCap, unit: 'items' });
    return value.slice(0, itemCap).map((item, index) => shrink(item, stringCap, itemCap, `${path}[${index}]`, omitted));
  }
  if (typeof value === 'object' && value !== null) {
    const out: { [key: string]: unknown } = {};
    for (const [key, item] of Object.entries(value)) out[key] = shrink(item, stringCap, itemCap, path === '' ? key : `${path}.${key}`, omitted);
    return out;
  }
  return value;
}

function jsonLength(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** `12,345`. */
function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
