import { err, ok, type Result } from 'neverthrow';
import { narrowReplacement } from '../edit/layout.js';
import { planReplaceStructure } from '../edit/replace-structure.js';
import type { Replacement } from '../edit/replacements.js';
import { invalidArgument, type ErrorOf } from '../errors.js';
import { leadingWhitespace, normalizeContent, rebaseIndentation, type IndentationStyle } from '../text/indentation.js';
import { indentationAt, lineOfOffset } from '../text/source-text.js';
import type { PartContext, ResolvedPart } from './parts.js';
import type { Node } from 'web-tree-sitter';
import { childrenOf } from './syntax.js';

/** Text written where a part was: re-based to the indentation of the line the part starts on. */
export function placedText(context: PartContext, at: number, value: string, style: IndentationStyle): string {
  const indentation = indentationAt(context.tree.source, at);
  const normalized = normalizeContent(value);
  if (!normalized.includes('\n')) return normalized.trim();
  return rebaseIndentation(normalized, indentation, style).slice(indentation.length);
}

/**
 * Plans `set`: the selected part's text becomes `value`. A structure is replaced as
 * `replaceStructure` does; a body keeps its braces (or its colon) and gets the value as its
 * statements, re-indented; a list part given without its delimiters keeps them; an absent part
 * that can be created (a return type, a type annotation, a default value) is created.
 */
export function planSet(context: PartContext, part: ResolvedPart, value: string, style: IndentationStyle, target: string): Result<Replacement[], ErrorOf<'INVALID_ARGUMENT'>> {
  const { tree } = context;
  const source = tree.source;
  const entryValue = part.kind === 'element' && part.node ? keyedValue(part.node, value) : null;
  if (entryValue) {
    const replacement = narrowReplacement(source, entryValue.startIndex, entryValue.endIndex, placedText(context, entryValue.startIndex, value, style));
    return ok(replacement ? [replacement] : []);
  }
  if (part.kind === 'structure' || (part.kind === 'element' && part.element?.list.owner)) {
    return planReplaceStructure(tree, part.path, value, style, part.kind === 'structure' ? target : null).map((plan) => [...plan.replacements]);
  }
  if (value.trim() === '') {
    return err(invalidArgument([{ field: 'value', message: `is empty; to take ${part.description} out, use the remove operation` }]));
  }
  if (part.kind === 'body' && part.node) return ok(setBody(context, part, value, style));
  if (!part.span) {
    if (part.create) return ok([{ start: part.create.at, end: part.create.at, text: `${part.create.before}${placedText(context, part.create.at, value, style)}${part.create.after}` }]);
    return err(invalidArgument([{ field: 'address', message: `${part.description} is a list of separate lines; use add and remove on it` }]));
  }
  const list = part.list;
  let { start, end } = part.span;
  const trimmed = value.trim();
  if (list?.open && list.close && part.kind !== 'element') {
    const open = source.text.slice(list.open.start, list.open.end);
    const close = source.text.slice(list.close.start, list.close.end);
    // `(a, b)` replaces the whole list; `a, b` its items.
    if (!(trimmed.startsWith(open) && trimmed.endsWith(close))) [start, end] = [list.open.end, list.close.start];
  }
  const replacement = narrowReplacement(source, start, end, placedText(context, start, value, style));
  return ok(replacement ? [replacement] : []);
}

const KEYED = new Set(['pair', 'keyword_argument', 'enum_assignment', 'default_parameter', 'typed_default_parameter', 'shorthand_property_identifier', 'property_assignment']);

/**
 * For an entry (`key: value`, `name=value`): the value node, when `value` is a new value rather
 * than a whole new entry (it does not start with the key followed by `:` or `=`). So
 * `set CONFIG.retries 5` changes the value, and `set CONFIG.retries "retries: 5"` the entry.
 */
function keyedValue(node: Node, value: string): Node | null {
  if (!KEYED.has(node.type)) return null;
  const key = node.childForFieldName('key') ?? node.childForFieldName('name');
  const current = node.childForFieldName('value');
  if (!key || !current) return null;
  const keyText = key.text;
  const trimmed = value.trim();
  if (trimmed.startsWith(keyText) && /^\s*[:=]/.test(trimmed.slice(keyText.length))) return null;
  return current;
}

/** A body's new statements: inside its braces, or as the indented block after a `:`. */
function setBody(context: PartContext, part: ResolvedPart, value: string, style: IndentationStyle): Replacement[] {
  const source = context.tree.source;
  const text = source.text;
  const body = part.node!;
  const children = childrenOf(body);
  const open = children[0];
  const close = children[children.length - 1];
  const normalized = normalizeContent(value);
  if (open && close && open.type === '{' && close.type === '}') {
    const inner = children.slice(1, -1).filter((child) => child.isNamed);
    // A `}` that ends a line of code (`  x = 1; }`) goes on a line of its own, indented as the `{` line.
    const closeLineIndentation = indentationAt(source, close.startIndex);
    const closeStartsLine = source.lineStarts[lineOfOffset(source, close.startIndex) - 1]! + closeLineIndentation.length === close.startIndex;
    const closeIndentation = closeStartsLine ? closeLineIndentation : indentationAt(source, open.startIndex);
    const multiline = normalized.includes('\n') || lineOfOffset(source, close.startIndex) > lineOfOffset(source, open.endIndex);
    // The same one-line statements (`{super();}`): nothing changes.
    if (!normalized.includes('\n') && text.slice(open.endIndex, close.startIndex).trim() === normalized.trim()) return [];
    if (!multiline) return [{ start: open.endIndex, end: close.startIndex, text: ` ${normalized.trim()} ` }];
    const indentation = inner[0] && lineOfOffset(source, inner[0].startIndex) > lineOfOffset(source, open.endIndex) ? indentationAt(source, inner[0].startIndex) : closeIndentation + style.unit;
    // The statements it has, set again: nothing changes (not even where its braces sit).
    if (inner.length > 0 && rebaseIndentation(normalized, indentation, style).slice(indentation.length) === text.slice(inner[0]!.startIndex, inner[inner.length - 1]!.endIndex)) return [];
    const replacement = narrowReplacement(source, open.endIndex, close.startIndex, `\n${rebaseIndentation(normalized, indentation, style)}\n${closeIndentation}`);
    return replacement ? [replacement] : [];
  }
  const headerLine = lineOfOffset(source, part.path[part.path.length - 1]!.headerStart);
  if (body.type !== 'block') return [{ start: body.startIndex, end: body.endIndex, text: placedText(context, body.startIndex, value, style) }];
  if (lineOfOffset(source, body.startIndex) === headerLine) {
    if (!normalized.includes('\n')) return [{ start: body.startIndex, end: body.endIndex, text: normalized.trim() }];
    let start = body.startIndex;
    while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
    const indentation = leadingWhitespace(text.slice(source.lineStarts[headerLine - 1]!)) + style.unit;
    return [{ start, end: body.endIndex, text: `\n${rebaseIndentation(normalized, indentation, style)}` }];
  }
  const lineStart = source.lineStarts[lineOfOffset(source, body.startIndex) - 1]!;
  const indentation = indentationAt(source, body.startIndex);
  const replacement = narrowReplacement(source, lineStart, body.endIndex, rebaseIndentation(normalized, indentation, style));
  return replacement ? [replacement] : [];
}
