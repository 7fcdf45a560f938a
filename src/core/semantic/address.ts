import { err, ok, type Result } from 'neverthrow';
import { invalidArgument, type ErrorOf } from '../errors.js';
import { MATCH_LENGTH } from '../locate/match-text.js';
import { parseTarget } from '../locate/targets.js';

/**
 * Addresses: a target path plus an optional part selector (README "Addresses").
 *
 * ```text
 * address   = target [ part ]            the part follows the last target line, or is a line of its own
 * part      = segment { segment }
 * segment   = "." word                   a part keyword (body, params, …) or an element's name
 *           | "[" integer "]"            an element by position, from 0
 *           | "[" quoted-string "]"      an element by name or key, quoted as in JSON ("…") or with '…'
 * ```
 *
 * A target line may itself contain dots (`self.x = 1`), so an address is read the most literal way
 * first: the whole last line as a target line; then split before its last segment, then before the
 * one before that, and so on. The first reading whose target names a structure wins. A part on a
 * line of its own (`class User\n.email`) is never read as a target line, and neither is a part
 * that starts past the 50 characters a target line is compared on: reading the whole line as a
 * target would silently drop it (`<long target>.params[0]` would name the whole function).
 */

/** One step of a part selector. */
export type Selector =
  /** `.word`: a part keyword or an element's name. */
  | { readonly kind: 'name'; readonly name: string }
  /** `["key"]`: an element by name or key (never a keyword). */
  | { readonly kind: 'key'; readonly key: string }
  /** `[n]`: an element by position. */
  | { readonly kind: 'index'; readonly index: number };

/** One way to read an address: a target and the selectors after it. */
export interface AddressReading {
  readonly target: string;
  readonly selectors: readonly Selector[];
}

/** Part keywords and the names they may also be written as. */
export const PART_KEYWORDS: Readonly<Record<string, PartKeyword>> = {
  body: 'body',
  params: 'params',
  parameters: 'params',
  returns: 'returns',
  return_type: 'returns',
  decorators: 'decorators',
  annotations: 'decorators',
  attributes: 'decorators',
  name: 'name',
  value: 'value',
  type: 'type',
  args: 'args',
  arguments: 'args',
  bases: 'bases',
  superclasses: 'bases',
  extends: 'bases',
  type_params: 'type_params',
  imports: 'imports',
  members: 'members',
  fields: 'members',
  entries: 'members',
  items: 'members',
  variants: 'members',
};

/** The canonical part keywords. */
export type PartKeyword = 'body' | 'params' | 'returns' | 'decorators' | 'name' | 'value' | 'type' | 'args' | 'bases' | 'type_params' | 'imports' | 'members';

const WORD = /^[\p{L}_$][\p{L}\p{N}_$]*/u;

/** Parses a selector chain (`.params.timeout`, `["a-b"][0]`); `null` when `text` is not one. */
export function parseSelectors(text: string): Selector[] | null {
  const selectors: Selector[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (char === '.') {
      const word = WORD.exec(text.slice(at + 1));
      if (!word) return null;
      selectors.push({ kind: 'name', name: word[0] });
      at += 1 + word[0].length;
    } else if (char === '[') {
      const rest = text.slice(at + 1);
      const index = /^(\d+)\]/.exec(rest);
      if (index) {
        selectors.push({ kind: 'index', index: Number(index[1]) });
        at += 1 + index[0].length;
        continue;
      }
      const quoted = /^("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\]/.exec(rest);
      if (!quoted) return null;
      const literal = quoted[1]!;
      let key: string;
      try {
        key = literal.startsWith('"') ? (JSON.parse(literal) as string) : literal.slice(1, -1).replace(/\\(.)/g, '$1');
      } catch {
        return null;
      }
      selectors.push({ kind: 'key', key });
      at += 1 + quoted[0].length;
    } else return null;
  }
  return selectors;
}

/** The selectors as written (`.params.timeout`, `["a"]`). */
export function formatSelectors(selectors: readonly Selector[]): string {
  return selectors.map((selector) => (selector.kind === 'name' ? `.${selector.name}` : selector.kind === 'index' ? `[${selector.index}]` : `[${JSON.stringify(selector.key)}]`)).join('');
}

/**
 * Every reading of an address, most literal first (see the module comment). The last reading is
 * the one errors are reported for when none names a structure (see {@link readingForErrors}).
 */
export function readAddress(address: string): Result<AddressReading[], ErrorOf<'INVALID_ARGUMENT'>> {
  const lines = address.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const last = lines.pop() ?? '';
  const before = lines;
  const join = (line: string) => [...before, ...(line === '' ? [] : [line])].join('\n');
  const readings: AddressReading[] = [];
  // A line that starts with a segment is a part of its own, never a target line.
  const ownLine = last.startsWith('.') || last.startsWith('[');
  const splits: AddressReading[] = [];
  let partPastCut = false;
  for (let at = last.length - 1; at >= 0; at--) {
    if (last[at] !== '.' && last[at] !== '[') continue;
    const selectors = parseSelectors(last.slice(at));
    if (!selectors) continue;
    // `def save .params` is a target line with a space, not a part.
    if (at > 0 && /\s/.test(last[at - 1]!)) continue;
    splits.push({ target: join(last.slice(0, at)), selectors });
    if (at >= MATCH_LENGTH) partPastCut = true;
  }
  if (!ownLine && !partPastCut) readings.push({ target: join(last), selectors: [] });
  readings.push(...splits);
  if (readings.length === 0) {
    return err(invalidArgument([{ field: 'address', message: `the last line ${JSON.stringify(last)} starts like a part selector but is not one; write parts as .keyword, .name, [index] or ["key"]` }]));
  }
  const checked = parseTarget(readings[0]!.target);
  if (checked.isErr()) return err(checked.error);
  return ok(readings);
}

/**
 * The reading whose errors are reported when no reading names a structure: the one split before
 * the first part keyword (`def sav.params` → `def sav` + `.params`), else the one with the shortest
 * target (`Confg.timeout` → `Confg`), else the whole address.
 */
export function readingForErrors(readings: readonly AddressReading[]): AddressReading {
  const keyword = readings.filter((reading) => reading.selectors[0]?.kind === 'name' && reading.selectors[0].name in PART_KEYWORDS);
  if (keyword.length > 0) return keyword[keyword.length - 1]!;
  return readings[readings.length - 1]!;
}
