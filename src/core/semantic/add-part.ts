import { err, ok, type Result } from 'neverthrow';
import { planInsert } from '../edit/insert-structure.js';
import type { Replacement } from '../edit/replacements.js';
import { profileOf } from '../languages/profiles/index.js';
import { invalidArgument, type ErrorOf } from '../errors.js';
import { normalizeContent, type IndentationStyle } from '../text/indentation.js';
import { insertionIndex, planAddItem, type ListModel, type ListPosition } from './lists.js';
import { lineOfOffset } from '../text/source-text.js';
import type { PartContext, ResolvedPart } from './parts.js';

/** Top-level structures an import must come after: a module docstring, directives, `from __future__`. */
const LEADING_KINDS = new Set(['docstring', 'package']);

/**
 * Plans `add`: `value` becomes a new item of the list the address names (parameters, arguments,
 * entries, members, import names, union members, decorators, a file's imports), at `position`.
 * A decorator without its `@` gets one. The first import of a file goes after the module's
 * docstring and directives.
 */
export function planAdd(
  context: PartContext,
  part: ResolvedPart,
  value: string,
  position: ListPosition,
  rawPosition: string,
  style: IndentationStyle,
): Result<Replacement[], ErrorOf<'INVALID_ARGUMENT'> | ErrorOf<'INVALID_POSITION'>> {
  const list = part.list;
  if (!list) {
    return err(
      invalidArgument([
        {
          field: 'address',
          message: `${part.description} is not a list, so nothing can be added to it; address a list part (.params, .args, .body, .decorators, .bases, .imports) or a literal, class, enum or import`,
        },
      ]),
    );
  }
  let normalized = normalizeContent(value);
  if (normalized.trim() === '') return err(invalidArgument([{ field: 'value', message: 'is empty; there is nothing to add' }]));
  const { decoratorPrefix } = profileOf(context.tree.language).parts;
  if (list.kind === 'decorators' && decoratorPrefix !== null && !/^[@#]/.test(normalized)) normalized = `${decoratorPrefix}${normalized}`;
  const text = context.tree.source.text;
  const index = insertionIndex(text, list, position, context.file, context.address, rawPosition);
  if (index.isErr()) return err(index.error);
  // No import before the code (or none at all): the new one goes at the top, after the docstring and directives.
  if (list.kind === 'imports' && (list.items.length === 0 || (index.value === 0 && list.tail === 0))) return firstImport(context, normalized, style);
  if (list.kind === 'imports') return ok([nextToImport(context, list.items, index.value, normalized)]);
  return planAddItem(context.tree, list, index.value, normalized, style);
}

/** An import statement on its own line next to the others (imports sit together, without blank lines). */
function nextToImport(context: PartContext, items: ListModel['items'], index: number, value: string): Replacement {
  const { source } = context.tree;
  if (index < items.length) {
    const at = source.lineStarts[lineOfOffset(source, items[index]!.start) - 1]!;
    return { start: at, end: at, text: `${value}\n` };
  }
  const last = items[items.length - 1]!;
  const line = lineOfOffset(source, Math.max(last.start, last.end - 1));
  const next = source.lineStarts[line];
  return next === undefined ? { start: source.text.length, end: source.text.length, text: `\n${value}` } : { start: next, end: next, text: `${value}\n` };
}

/** The first import of a file: after its docstring and directives, else at its start. */
function firstImport(context: PartContext, value: string, style: IndentationStyle): Result<Replacement[], ErrorOf<'INVALID_ARGUMENT'>> {
  const { tree } = context;
  const top = tree.root.children;
  let leading = -1;
  while (leading + 1 < top.length && (LEADING_KINDS.has(top[leading + 1]!.kind) || /^['"]use \w+['"]/.test(tree.source.text.slice(top[leading + 1]!.start)))) leading++;
  if (leading >= 0) return planInsert(tree, [tree.root, top[leading]!], 'after', value, style).map((plan) => [...plan.replacements]);
  if (top.length > 0) return planInsert(tree, [tree.root, top[0]!], 'before', value, style).map((plan) => [...plan.replacements]);
  return planInsert(tree, [tree.root], 'before', value, style).map((plan) => [...plan.replacements]);
}
