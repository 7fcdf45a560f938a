import { profileOf } from '../languages/profiles/index.js';
import { err, ok, type Result } from 'neverthrow';
import { invalidArgument, type ErrorOf } from '../errors.js';
import type { StructurePath } from '../locate/targets.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { isBlankLine, literalLinesOf, normalizeContent, rebaseIndentation, type IndentationStyle } from '../text/indentation.js';
import { indentationAt, startsLine, type SourceText } from '../text/source-text.js';
import {
  gapBetween,
  isAttachedOnly,
  itemSeparator,
  kindByLeadWord,
  leadWord,
  structureLeadWord,
  lastNonBlankLine,
  lineAfterEdit,
  usualSpacing,
  siblingsOf,
  spacingKind,
  spacingNextTo,
  widerSpacingAtTopLevel,
  structureLines,
  type ContentKinds,
  type ItemSeparator,
} from './layout.js';
import { indentationWarnings, type EditPlan } from './plan.js';
import type { Replacement } from './replacements.js';

/** Which side of the target new content goes. */
export type InsertSide = 'before' | 'after';

/** Figures of `insertBeforeStructure` / `insertAfterStructure`. */
export interface InsertFigures {
  /** The first line of the inserted content, in the edited file. */
  inserted_at_line: number;
  /** The first line of the target in the edited file (for `""`: the line that was at the insertion point). */
  target_now_at_line: number;
}

/** An insertion plan, with what a move needs to combine it with a deletion. */
export interface InsertPlan extends EditPlan<InsertFigures> {
  /** The replacement carrying the content. */
  readonly replacement: Replacement;
  /** Where the content starts in the replacement's text. */
  readonly contentOffset: number;
  /** The content's lines as written (re-indented). */
  readonly written: readonly string[];
  /** The indentation the content was re-based onto. */
  readonly destination: string;
  /** The content's lines (0-based) that start inside a literal, left as they were. */
  readonly literals: ReadonlySet<number>;
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t';

/**
 * Whether a structure is the only item between brackets on one line (`{ a }`, `[x]`): an item
 * of a comma-separated list whose separator cannot be seen. A statement (`{ run(); }`) is not.
 */
function aloneInBrackets(text: string, node: StructureNode): boolean {
  const before = /[^ \t]?[ \t]*$/.exec(text.slice(Math.max(0, node.start - 40), node.start))![0].trimEnd();
  const after = /^[ \t]*([^ \t]?)/.exec(text.slice(node.end, node.end + 40))![1]!;
  return /[{[(]/.test(before) && /[}\])]/.test(after) && !text.slice(node.start, node.end).endsWith(';');
}

/**
 * The indentation of the structures of `parent` when a structure indented `own` stands out to the
 * left of them (a `#pragma` at column 0 in a function, C++'s `public:` between members): content of
 * another kind put next to it belongs at their level, not its. Else `own`.
 */
function siblingsIndentation(source: SourceText, parent: StructureNode, own: string): string {
  const counts = new Map<string, number>();
  for (const child of parent.children) {
    if (!startsLine(source, child.start)) continue;
    const indentation = indentationAt(source, child.start);
    counts.set(indentation, (counts.get(indentation) ?? 0) + 1);
  }
  let usual = own;
  for (const [indentation, count] of counts) if (count > (counts.get(usual) ?? 0)) usual = indentation;
  return usual.length > own.length && usual.startsWith(own) && (counts.get(usual) ?? 0) >= 2 ? usual : own;
}

/**
 * For content whose first line is one the language keeps at column 0 (the profile's
 * `layout.flushLeft`: a C `#ifdef`), unindented, going to an indented place: the lines re-basing
 * must leave alone (those lines, and all of them when the others are at `destination`'s level
 * already, as a structure read from the file is). `null` otherwise.
 */
function flushLeftLines(language: string, content: string, destination: string, literals: ReadonlySet<number>): ReadonlySet<number> | null {
  const flushLeft = profileOf(language).layout.flushLeft;
  const lines = content.split('\n');
  if (flushLeft === null || destination === '' || !flushLeft.test(lines[0]!)) return null;
  const kept = new Set(literals);
  lines.forEach((line, index) => flushLeft.test(line) && kept.add(index));
  if (lines.every((line, index) => kept.has(index) || isBlankLine(line) || line.startsWith(destination))) lines.forEach((_, index) => kept.add(index));
  return kept;
}

/** Whether content ends with a line of the profile's `layout.flushLeft` (`#endif`), which no separator may follow. */
function endsWithFlushLeftLine(language: string, content: string): boolean {
  const flushLeft = profileOf(language).layout.flushLeft;
  return flushLeft !== null && flushLeft.test(content.slice(content.lastIndexOf('\n') + 1).trimStart());
}

/** Options of {@link planInsert}. */
export interface InsertOptions {
  /**
   * Space the content as the file spaces structures of its kinds: the kinds of the content's first
   * and last structure where it goes, or `null` when they are not known (then the kind of the
   * file's structures that start with the same word, if they agree). Without it, the spacing next
   * to the target is the one the target has.
   */
  readonly contentKinds?: ContentKinds | null;
}

function spacingKindsOf(tree: StructureTree, parent: StructureNode, content: string, options: InsertOptions): ContentKinds | undefined {
  if (!('contentKinds' in options)) return undefined;
  if (options.contentKinds) return options.contentKinds;
  const kind = kindByLeadWord(tree, parent, content);
  return kind === null ? undefined : { first: kind, last: kind };
}

/**
 * Plans an insertion next to a structure, or at the file's start or end for the target `""`.
 * The content is re-indented to the target's indentation and goes on lines of its own: a line
 * break separates it from the target, with as many blank lines as the file puts between the
 * target and its siblings ({@link spacingNextTo}); the blank lines on its other side are the ones
 * that were there. At the file's start it goes after a `#!` line; at the file's end after the last
 * non-blank line, keeping whether the file ended with a line break.
 */
export function planInsert(
  tree: StructureTree,
  path: StructurePath,
  side: InsertSide,
  content: string,
  style: IndentationStyle,
  options: InsertOptions = {},
): Result<InsertPlan, ErrorOf<'INVALID_ARGUMENT'>> {
  const { source } = tree;
  const text = source.text;
  const normalized = normalizeContent(content);
  if (normalized.trim() === '') return err(invalidArgument([{ field: 'content', message: 'is empty; there is nothing to insert' }]));
  let literals = literalLinesOf(normalized, style);
  const node = path[path.length - 1]!;
  let destination = '';
  let rebased: string;
  let replacement: Replacement;
  let contentOffset: number;
  const extra: Replacement[] = [];

  if (path.length === 1) {
    rebased = rebaseIndentation(normalized, destination, style, literals);
    const root = tree.root;
    // The kinds of the content, so the file's habits and the language's style space it (a package clause, then code).
    const kinds = spacingKindsOf(tree, root, normalized, options);
    if (side === 'before') {
      const at = profileOf(tree.language).layout.fileHead.exec(text)?.[0].length ?? 0;
      const prefix = at === text.length && at > 0 && !text.endsWith('\n') ? '\n' : '';
      const blank = at === text.length ? '' : '\n'.repeat(spacingNextTo(tree, root, 0, 'before', rebased, kinds));
      replacement = { start: at, end: at, text: `${prefix}${rebased}\n${blank}` };
      contentOffset = prefix.length;
    } else {
      const last = lastNonBlankLine(source);
      if (last === 0) {
        replacement = { start: 0, end: text.length, text: `${rebased}\n` };
        contentOffset = 0;
      } else {
        // Trailing blank lines give way to the spacing; the final line break stays as it was.
        const blank = '\n'.repeat(spacingNextTo(tree, root, root.children.length - 1, 'after', rebased, kinds));
        replacement = text.endsWith('\n')
          ? { start: source.lineStarts[last]!, end: text.length, text: `${blank}${rebased}\n` }
          : { start: text.length, end: text.length, text: `\n${blank}${rebased}` };
        contentOffset = text.endsWith('\n') ? blank.length : 1 + blank.length;
      }
    }
  } else {
    const lines = structureLines(source, node);
    const { parent, index } = siblingsOf(path);
    const kinds = spacingKindsOf(tree, parent, normalized, options);
    const sameKind = kinds ? kinds.first === spacingKind(tree, node) : leadWord(normalized) === structureLeadWord(source, node);
    destination = sameKind ? lines.indentation : siblingsIndentation(source, parent, lines.indentation);
    let separator: ItemSeparator = itemSeparator(source, parent, index);
    // In a separated body the new item carries the separator when an item follows it (or when
    // the items all carry one); a last item without a comma gets one before the new item.
    // A `;` is not put after a closing brace (a method among fields).
    if (separator.char === null && aloneInBrackets(text, node)) separator = { char: ',', own: false };
    // Content of a kind the language ends with a token of the body's (a Zig field's `,`) carries it.
    const { terminators } = profileOf(tree.language).layout;
    // (Own keys only: a kind is any word, `constructor` too.)
    const terminator = kinds && Object.hasOwn(terminators, kinds.last) ? terminators[kinds.last] : undefined;
    if (separator.char === null && terminator) separator = { char: terminator, own: true };
    // Comments and decorators take no separator; neither does a `}`-ended member among `;`-ended ones.
    const needsSeparator =
      separator.char !== null &&
      (side === 'before' || separator.own) &&
      !/[,;]$/.test(normalized) &&
      !(separator.char === ';' && normalized.endsWith('}')) &&
      !isAttachedOnly(normalized, tree.language) &&
      !endsWithFlushLeftLine(tree.language, normalized);
    const flushLeft = flushLeftLines(tree.language, normalized, destination, literals);
    if (flushLeft) literals = flushLeft;
    rebased = rebaseIndentation(needsSeparator ? `${normalized}${separator.char}` : normalized, destination, style, literals);
    // The content's first line stays at column 0.
    if (flushLeft) destination = '';
    if (separator.char === ',' && side === 'after' && !separator.own) extra.push({ start: node.end, end: node.end, text: ',' });
    const item = rebased.slice(destination.length);
    let targetGap = spacingNextTo(tree, parent, index, side, item, kinds);
    // Where the file has a habit between the neighbour on the other side and content of this kind,
    // the blank lines there follow it too (an import put back among imports sits tight to them).
    const previous = parent.children[index - 1];
    const next = parent.children[index + 1];
    const attachedOnly = isAttachedOnly(normalized, tree.language);
    let otherGap =
      kinds === undefined || attachedOnly
        ? null
        : side === 'before'
          ? previous && usualSpacing(tree, parent, spacingKind(tree, previous), kinds.first, index, index)
          : next && usualSpacing(tree, parent, kinds.last, spacingKind(tree, next), index, index + 1);
    const existingGap = side === 'before' ? previous && gapBetween(source, previous, node) : next && gapBetween(source, node, next);
    // Between two siblings the content joins one of them: the gap between them stays on the side
    // the content is set further apart from, and the other side gets no more than it. An insertion
    // so neither sets two tight statements apart nor runs two groups together, and puts back
    // what a deletion took (which keeps the larger gap). Top-level definitions the profile spaces
    // wider (PEP 8) keep that spacing.
    const otherNeighbour = side === 'before' ? previous : next;
    const widened = [node, otherNeighbour].some((neighbour) => widerSpacingAtTopLevel(tree, parent, neighbour, item) !== null);
    if (typeof existingGap === 'number' && !attachedOnly && !widened) {
      const otherWanted = otherGap ?? existingGap;
      // As far apart from both: the gap goes where the kind changes (an import among imports, before `import type`).
      const kindChanges = (neighbour: StructureNode | undefined, kind: string | undefined) => neighbour !== undefined && kind !== undefined && spacingKind(tree, neighbour) !== kind;
      const gapOnTarget =
        targetGap > otherWanted ||
        (targetGap === otherWanted && kindChanges(node, side === 'before' ? kinds?.last : kinds?.first) && !kindChanges(otherNeighbour, side === 'before' ? kinds?.first : kinds?.last));
      [targetGap, otherGap] = existingGap === 0 ? [0, 0] : gapOnTarget ? [existingGap, Math.min(otherWanted, existingGap)] : [Math.min(targetGap, existingGap), existingGap];
    }
    const blank = '\n'.repeat(targetGap);
    // Next to a structure that shares its line with a sibling (`{ a, b }`, `{ a }`, `a(); b();`),
    // one-line content goes on that line too, spaced like its neighbours.
    const sharesLine =
      side === 'before'
        ? !lines.startsLine && ((parent.children[index - 1]?.lineRange[1] ?? 0) === lines.firstLine || separator.char === ',')
        : !lines.endsLine && ((parent.children[index + 1]?.lineRange[0] ?? 0) === lines.lastLine || separator.char === ',');
    if (!rebased.includes('\n') && sharesLine && side === 'before') {
      const gap = /[ \t]*$/.exec(text.slice(lines.lineStart, node.start))![0];
      replacement = { start: node.start, end: node.start, text: `${item}${gap || (separator.char === ',' ? ' ' : '')}` };
      contentOffset = 0;
    } else if (!rebased.includes('\n') && sharesLine) {
      const gap = /^[ \t]*/.exec(text.slice(lines.end, lines.nextLineStart))![0];
      const spacing = gap || (separator.char === ',' ? ' ' : '');
      replacement = { start: lines.end, end: lines.end, text: `${spacing}${item}` };
      contentOffset = spacing.length;
    } else if (side === 'before') {
      if (lines.startsLine && typeof otherGap === 'number' && typeof existingGap === 'number' && otherGap !== existingGap) {
        const start = source.lineStarts[lines.firstLine - 1 - existingGap]!;
        replacement = { start, end: lines.lineStart, text: `${'\n'.repeat(otherGap)}${rebased}\n${blank}` };
        contentOffset = otherGap;
      } else if (lines.startsLine) {
        replacement = { start: lines.lineStart, end: lines.lineStart, text: `${rebased}\n${blank}` };
        contentOffset = 0;
      } else {
        // Mid-line (`} else {`): the line is broken before the target.
        let start = node.start;
        while (start > lines.lineStart && isSpace(text[start - 1])) start--;
        replacement = { start, end: node.start, text: `\n${rebased}\n${blank}${destination}` };
        contentOffset = 1;
      }
    } else if (lines.endsLine) {
      // At the start of the next line, so a move's deletion of the lines above can end there.
      const at = lines.nextLineStart;
      replacement =
        text[at - 1] !== '\n'
          ? { start: at, end: at, text: `\n${blank}${rebased}` }
          : typeof otherGap === 'number' && typeof existingGap === 'number' && otherGap !== existingGap
            ? { start: at, end: source.lineStarts[lines.lastLine + existingGap]!, text: `${blank}${rebased}\n${'\n'.repeat(otherGap)}` }
            : { start: at, end: at, text: `${blank}${rebased}\n` };
      contentOffset = text[at - 1] === '\n' ? blank.length : 1 + blank.length;
    } else {
      // Code follows on the target's last line: the line is broken after the target.
      let end = lines.end;
      while (end < text.length && isSpace(text[end])) end++;
      replacement = { start: lines.end, end, text: `\n${blank}${rebased}\n${destination}` };
      contentOffset = 1 + blank.length;
    }
  }

  const written = rebased.split('\n');
  const replacements = [...extra, replacement];
  const insertedAt = lineAfterEdit(source, replacements, replacement, contentOffset);
  return ok({
    replacements,
    figures: {
      inserted_at_line: insertedAt,
      target_now_at_line: side === 'before' ? lineAfterEdit(source, replacements, replacement, replacement.text.length) : path.length === 1 ? 1 : node.lineRange[0],
    },
    warnings: indentationWarnings(written, insertedAt, destination, 0, literals),
    watched: [],
    replacement,
    contentOffset,
    written,
    destination,
    literals,
  });
}
