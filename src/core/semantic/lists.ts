import { err, ok, type Result } from 'neverthrow';
import { planDeleteStructure } from '../edit/delete-structure.js';
import { planInsert } from '../edit/insert-structure.js';
import type { Replacement } from '../edit/replacements.js';
import { makeError, type ErrorOf } from '../errors.js';
import { lineMatches } from '../locate/match-text.js';
import type { StructurePath } from '../locate/targets.js';
import type { StructureNode, StructureTree, TextSpan } from '../structure/types.js';
import { rebaseIndentation, type IndentationStyle } from '../text/indentation.js';
import { indentationAt, lineOfOffset, startsLine } from '../text/source-text.js';

/**
 * List-like parts (parameters, arguments, literal entries, import specifiers, union members,
 * decorators, class members, statements) as one model, and the planners that add an item to one
 * or remove an item from one following the list's own layout.
 *
 * Lists whose items are structures (class and interface members, enum members, object literal
 * entries in TypeScript/JavaScript, struct fields, statements, a file's imports) are edited with the
 * structure insertion and deletion planners, so spacing, separators and indentation follow the
 * same rules as `insertAfterStructure` / `deleteStructure`. Other lists are token lists edited here.
 */

/** What a list holds. */
export type ListKind =
  | 'params'
  | 'args'
  | 'entries'
  | 'items'
  | 'specifiers'
  | 'union'
  | 'type_params'
  | 'bases'
  | 'decorators'
  | 'members'
  | 'statements'
  | 'imports';

/** One item of a list. */
export interface ListItem {
  readonly start: number;
  readonly end: number;
  /** The name it is selected by (a parameter's, a key, an imported name), or `null`. */
  readonly name: string | null;
  /** Other names it answers to (an import's alias, a decorator's last segment). */
  readonly aliases?: readonly string[];
  /** For lists of structures: the structure. */
  readonly structure?: StructureNode;
}

/** A list-like part. */
export interface ListModel {
  readonly kind: ListKind;
  /** The token between items (`null`: one item per line, or structures). */
  readonly separator: ',' | '|' | '&' | null;
  /** The opening and closing delimiters, when the list has them (`(`, `{`, `[`, `<`). */
  readonly open: TextSpan | null;
  readonly close: TextSpan | null;
  readonly items: readonly ListItem[];
  /**
   * Items from this index on must stay last (`**kwargs`, a rest parameter): `last` inserts before
   * them. `items.length` when there are none.
   */
  readonly tail: number;
  /** For lists of structures: the structure that owns the items (its path). */
  readonly owner?: StructurePath;
  /** An empty list is filled on lines of its own (class bodies), not inline (`()`, `{}`). */
  readonly blockLayout: boolean;
  /** Where to create the list when it is absent (Python bases: `(` … `)` after the class name). */
  readonly create?: { readonly at: number; readonly open: string; readonly close: string };
  /** How the list is written when empty, when not as nothing (C's `void` parameters): removing the last item writes it. */
  readonly emptyText?: string;
  /** The text that goes when the last item is removed (`(B)` of `class A(B):`), if not the items alone. */
  readonly whenEmpty?: TextSpan;
  /** For line lists (decorators): where an item goes after the last one (the declaration's start). */
  readonly lineEnd?: number;
  /** What to call the list in messages (`the parameters of "def f"`). */
  readonly description: string;
}

/** An `add` position, parsed. */
export type ListPosition = { kind: 'first' } | { kind: 'last' } | { kind: 'at'; index: number } | { kind: 'before' | 'after'; ref: string };

/** Parses `first | last | before:<ref> | after:<ref> | at:<n>` (default `last`). */
export function parsePosition(position: string | undefined): ListPosition | null {
  if (position === undefined || position === 'last') return { kind: 'last' };
  if (position === 'first') return { kind: 'first' };
  const at = /^at:(\d+)$/.exec(position);
  if (at) return { kind: 'at', index: Number(at[1]) };
  const relative = /^(before|after):([\s\S]+)$/.exec(position);
  if (relative) {
    let ref = relative[2]!.trim();
    if (/^(["'`]).*\1$/.test(ref) && ref.length >= 2) ref = ref.slice(1, -1);
    return { kind: relative[1] as 'before' | 'after', ref };
  }
  return null;
}

/** The error of a position that names no item, or an index out of range. */
export type PositionError = ErrorOf<'INVALID_POSITION'>;

/** The names an item answers to, for messages. */
export function itemLabel(source: string, item: ListItem): string {
  return item.name ?? source.slice(item.start, Math.min(item.end, item.start + 40)).split('\n', 1)[0]!;
}

/** Which items a reference names: by name or alias, then by a literal prefix of the item's text. */
export function itemsNamed(source: string, list: ListModel, ref: string): number[] {
  const named = list.items.flatMap((item, index) => (item.name === ref || item.aliases?.includes(ref) ? [index] : []));
  if (named.length > 0) return named;
  return list.items.flatMap((item, index) => {
    if (item.structure) return lineMatches(source, item.structure, ref) && item.structure.matchStarts.some((start) => endsAtWordBoundary(source, ref, start)) ? [index] : [];
    return source.startsWith(ref, item.start) && item.start + ref.length <= item.end && endsAtWordBoundary(source, ref, item.start) ? [index] : [];
  });
}

/**
 * Whether `ref`, found at `start`, does not stop inside a word: `maxItem` must not name
 * `maxItems: 10` (a near-miss should be a PART_NOT_FOUND with suggestions, not a silent match).
 */
function endsAtWordBoundary(source: string, ref: string, start: number): boolean {
  if (!source.startsWith(ref, start)) return false;
  const identifier = /[\p{L}\p{N}_$]/u;
  const last = ref[ref.length - 1];
  const next = source[start + ref.length];
  return last === undefined || next === undefined || !identifier.test(last) || !identifier.test(next);
}

/** The index a new item goes to (0 … items.length) for a position. */
export function insertionIndex(source: string, list: ListModel, position: ListPosition, file: string, address: string, raw: string): Result<number, PositionError> {
  const count = list.items.length;
  const fail = (reason: string) =>
    err(
      makeError('INVALID_POSITION', `The position ${JSON.stringify(raw)} does not fit ${list.description} in ${file}: ${reason}. Use first, last, at:<n> (0-${count}), or before:/after: with one of the items: ${list.items.map((item) => JSON.stringify(itemLabel(source, item))).join(', ') || '(the list is empty)'}.`, {
        path: file,
        address,
        position: raw,
        items: list.items.map((item) => itemLabel(source, item)),
      }),
    );
  switch (position.kind) {
    case 'first':
      return ok(0);
    case 'last':
      return ok(list.tail);
    case 'at':
      return position.index <= count ? ok(position.index) : fail(`the list has ${count} item${count === 1 ? '' : 's'}, so at:${position.index} is past its end`);
    default: {
      const found = itemsNamed(source, list, position.ref);
      if (found.length === 0) return fail(`no item is named ${JSON.stringify(position.ref)}`);
      if (found.length > 1) return fail(`${found.length} items match ${JSON.stringify(position.ref)}; give a longer reference or at:<n>`);
      return ok(position.kind === 'before' ? found[0]! : found[0]! + 1);
    }
  }
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEndOf(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end;
}

/** Whether the items sit one per line (each starts on a line below the previous item's end). */
function onePerLine(tree: StructureTree, list: ListModel): boolean {
  const { source } = tree;
  const items = list.items;
  if (items.length === 0) return false;
  if (items.length === 1) {
    const open = list.open;
    return open !== null && lineOfOffset(source, items[0]!.start) > lineOfOffset(source, open.end);
  }
  for (let i = 1; i < items.length; i++) {
    if (lineOfOffset(source, items[i]!.start) <= lineOfOffset(source, items[i - 1]!.end)) return false;
  }
  return true;
}

/** The separator after the last item, if the list has one (`(a, b,)`): its span. */
function trailingSeparator(text: string, list: ListModel): TextSpan | null {
  const last = list.items[list.items.length - 1];
  if (!last || list.separator === null) return null;
  const limit = list.close?.start ?? text.length;
  const match = new RegExp(`^(\\s*)\\${list.separator}`).exec(text.slice(last.end, limit));
  return match ? { start: last.end + match[1]!.length, end: last.end + match[0].length } : null;
}

/** A leading separator before the first item (`type T =\n  | A\n  | B`). */
function leadingSeparator(text: string, list: ListModel): boolean {
  const first = list.items[0];
  return first !== undefined && list.separator === '|' && /\|[ \t]*$/.test(text.slice(lineStartOf(text, first.start), first.start));
}

/** The text between two adjacent items of an inline list (`, `), or the usual one. */
function inlineSeparator(text: string, list: ListModel): string {
  if (list.items.length >= 2) {
    const between = text.slice(list.items[0]!.end, list.items[1]!.start);
    if (!between.includes('\n')) return between;
  }
  return list.separator === ',' ? ', ' : ` ${list.separator} `;
}

/**
 * Plans adding `value` as item `index` of a token list or a structure list, following the list's
 * layout: inline lists stay inline (`(a, b)` → `(a, b, c)`), one-per-line lists get a line of
 * their own at the items' indentation, with the separator style (trailing comma or not, leading
 * `|`) the list already has. An empty list is filled inline, or on lines of its own for blocks.
 */
export function planAddItem(tree: StructureTree, list: ListModel, index: number, value: string, style: IndentationStyle): Result<Replacement[], ErrorOf<'INVALID_ARGUMENT'>> {
  const { source } = tree;
  const text = source.text;
  const items = list.items;
  if (list.owner && items.length > 0) {
    const anchor = index < items.length ? items[index]! : items[items.length - 1]!;
    return planInsert(tree, [...list.owner, anchor.structure!], index < items.length ? 'before' : 'after', value, style).map((plan) => [...plan.replacements]);
  }
  if (items.length === 0) return ok(fillEmpty(tree, list, value, style));
  if (list.separator === null) return ok(addLineItem(tree, list, index, value, style));
  const sep = list.separator;
  if (onePerLine(tree, list)) {
    const reference = items[Math.min(index, items.length - 1)]!;
    const leading = leadingSeparator(text, list);
    const itemStart = leading ? lineStartOf(text, reference.start) + indentationAt(source, reference.start).length : reference.start;
    const indentation = indentationAt(source, itemStart);
    const body = leading ? `${sep} ${value}` : value;
    const rebased = rebaseIndentation(body, indentation, style);
    if (index < items.length && !leading && !startsLine(source, itemStart)) {
      // The item shares its line with what opens the list (`f(a,\n  b)`): the new item takes its
      // place there, and the item goes down to a line of its own, aligned as the other lines are.
      const below = items.find((item) => startsLine(source, item.start));
      const aligned = below ? indentationAt(source, below.start) : indentationAt(source, itemStart) + style.unit;
      return ok([{ start: itemStart, end: itemStart, text: `${rebaseIndentation(value, aligned, style).slice(aligned.length)}${sep}\n${aligned}` }]);
    }
    if (index < items.length) {
      const at = lineStartOf(text, itemStart);
      return ok([{ start: at, end: at, text: `${rebased}${leading ? '' : sep}\n` }]);
    }
    const last = items[items.length - 1]!;
    const trailing = trailingSeparator(text, list);
    if (leading || trailing) {
      const after = leading ? last.end : trailing!.end;
      const at = Math.min(lineEndOf(text, after), list.close && list.close.start >= after ? list.close.start : text.length);
      return ok([{ start: at, end: at, text: `\n${rebased}${leading ? '' : sep}` }]);
    }
    const at = Math.min(lineEndOf(text, last.end), list.close && list.close.start >= last.end ? list.close.start : text.length);
    return ok([
      { start: last.end, end: last.end, text: sep },
      { start: at, end: at, text: `\n${rebased}` },
    ]);
  }
  const between = inlineSeparator(text, list);
  if (index < items.length) {
    const at = items[index]!.start;
    return ok([{ start: at, end: at, text: `${value}${between}` }]);
  }
  const at = items[items.length - 1]!.end;
  return ok([{ start: at, end: at, text: `${between}${value}` }]);
}

/** Adds an item to a list with one item per line and no separator (decorators). */
function addLineItem(tree: StructureTree, list: ListModel, index: number, value: string, style: IndentationStyle): Replacement[] {
  const { source } = tree;
  const text = source.text;
  const anchor = index < list.items.length ? list.items[index]!.start : (list.lineEnd ?? list.items[list.items.length - 1]!.end);
  const lineStart = lineStartOf(text, anchor);
  const indentation = indentationAt(source, anchor);
  if (lineStart + indentation.length !== anchor) return [{ start: anchor, end: anchor, text: `${value} ` }];
  return [{ start: lineStart, end: lineStart, text: `${rebaseIndentation(value, indentation, style)}\n` }];
}

/** Fills an empty list: between its delimiters, or by creating them. */
function fillEmpty(tree: StructureTree, list: ListModel, value: string, style: IndentationStyle): Replacement[] {
  const { source } = tree;
  const text = source.text;
  if (list.open && list.close) {
    const openLine = lineOfOffset(source, list.open.end);
    const multiline = list.blockLayout || lineOfOffset(source, list.close.start) > openLine;
    if (multiline) {
      const indentation = indentationAt(source, list.open.start);
      const rebased = rebaseIndentation(value, indentation + style.unit, style);
      return [{ start: list.open.end, end: list.close.start, text: `\n${rebased}\n${indentation}` }];
    }
    const padded = text[list.open.start] === '{' && list.kind !== 'members' ? ` ${value} ` : value;
    return [{ start: list.open.end, end: list.close.start, text: padded }];
  }
  if (list.create) return [{ start: list.create.at, end: list.create.at, text: `${list.create.open}${value}${list.create.close}` }];
  if (list.lineEnd !== undefined) return addLineItem(tree, list, 0, value, style);
  return [];
}

/**
 * Plans removing item `index` with its separator: from an inline list the item and the separator
 * after it (or before it, for the last item); from a one-per-line list its lines, and the
 * separator of the item before it when it was the last item and the list has no trailing
 * separator. The last item of a list with `whenEmpty` takes that text with it (`(B)`).
 */
export function planRemoveItem(tree: StructureTree, list: ListModel, index: number, ownerTarget: string | null): Replacement[] {
  const { source } = tree;
  const text = source.text;
  const items = list.items;
  const item = items[index]!;
  if (list.owner && item.structure) return [...planDeleteStructure(tree, [...list.owner, item.structure], ownerTarget).replacements];
  if (items.length === 1 && list.whenEmpty) return [{ start: list.whenEmpty.start, end: list.whenEmpty.end, text: '' }];
  if (list.separator === null || onePerLine(tree, list)) {
    const leading = leadingSeparator(text, list);
    const firstLine = lineStartOf(text, item.start);
    const before = text.slice(firstLine, item.start);
    // The item shares its line with other code: cut it out of the line instead.
    if (/^[ \t]*(\|[ \t]*)?$/.test(before) || (leading && /^[ \t]*\|?[ \t]*$/.test(before))) {
      let end = item.end;
      const own = list.separator ? new RegExp(`^[ \\t]*\\${list.separator}`).exec(text.slice(end)) : null;
      if (own && !leading) end += own[0].length;
      const after = text.slice(end, lineEndOf(text, end));
      if (/^[ \t]*((#|\/\/).*)?$/.test(after)) {
        const replacements: Replacement[] = [{ start: firstLine, end: Math.min(lineEndOf(text, end) + 1, text.length), text: '' }];
        if (index === items.length - 1 && index > 0 && list.separator && !leading && !own) {
          const previous = items[index - 1]!;
          const comma = new RegExp(`^[ \\t]*\\${list.separator}`).exec(text.slice(previous.end));
          if (comma) replacements.push({ start: previous.end, end: previous.end + comma[0].length, text: '' });
        }
        if (items.length === 1 && list.open && list.close) return [{ start: list.open.end, end: list.close.start, text: list.emptyText ?? '' }];
        return replacements;
      }
    }
  }
  if (items.length === 1) {
    if (list.open && list.close) return [{ start: list.open.end, end: list.close.start, text: list.emptyText ?? '' }];
    return [{ start: item.start, end: item.end, text: '' }];
  }
  if (index < items.length - 1) return [{ start: item.start, end: items[index + 1]!.start, text: '' }];
  return [{ start: items[index - 1]!.end, end: item.end, text: '' }];
}
