import type { LayoutRules } from '../languages/profile.js';
import { profileOf } from '../languages/profiles/index.js';
import type { StructurePath } from '../locate/targets.js';
import type { StructureNode, StructureTree } from '../structure/types.js';
import { isBlankLine } from '../text/indentation.js';
import { countLines, indentationAt, lineOfOffset, lineText, type SourceText } from '../text/source-text.js';
import type { Replacement } from './replacements.js';

/**
 * How structures sit on their lines, and how many blank lines separate siblings: the facts the
 * insert, delete and move planners share.
 */

/** Where a structure sits on its lines. */
export interface StructureLines {
  /** Its first and last line (1-based). */
  readonly firstLine: number;
  readonly lastLine: number;
  /** Offset of the start of its first line. */
  readonly lineStart: number;
  /** Offset of the start of the line after its last line (the text's length on the last line). */
  readonly nextLineStart: number;
  /** Its end, extended over a separator (`,` or `;`) that directly follows it on its line. */
  readonly end: number;
  /** Whether a separator was taken into {@link StructureLines.end}. */
  readonly separator: boolean;
  /** Only whitespace precedes it on its first line. */
  readonly startsLine: boolean;
  /** Only whitespace or a comment follows its (extended) end on its last line. */
  readonly endsLine: boolean;
  /** The indentation of its first line. */
  readonly indentation: string;
}

// A comment after code on its line, in any language structedit parses (OCaml's `(*` too).
const TRAILING_COMMENT = /^[ \t]*(?:\/\/|#(?!\[)|\/\*|\(\*|--|<!--|;;|%)/;

/** The {@link StructureLines} of a structure. */
export function structureLines(source: SourceText, node: StructureNode): StructureLines {
  const text = source.text;
  const firstLine = lineOfOffset(source, node.start);
  const lastLine = lineOfOffset(source, Math.max(node.start, node.end - 1));
  const lineStart = source.lineStarts[firstLine - 1]!;
  const nextLineStart = source.lineStarts[lastLine] ?? text.length;
  const lineEnd = text[nextLineStart - 1] === '\n' ? nextLineStart - 1 : nextLineStart;
  const separatorMatch = /^[ \t]*[,;]/.exec(text.slice(node.end, lineEnd));
  const end = node.end + (separatorMatch ? separatorMatch[0].length : 0);
  const after = text.slice(end, lineEnd);
  const indentation = indentationAt(source, node.start);
  return {
    firstLine,
    lastLine,
    lineStart,
    nextLineStart,
    end,
    separator: separatorMatch !== null,
    startsLine: lineStart + indentation.length === node.start,
    endsLine: isBlankLine(after) || TRAILING_COMMENT.test(after),
    indentation,
  };
}

/** Blank lines directly above a line (up to the previous non-blank line or the file start). */
export function blankLinesAbove(source: SourceText, line: number): number {
  let count = 0;
  for (let at = line - 1; at >= 1 && isBlankLine(lineText(source, at)); at--) count++;
  return count;
}

/** Blank lines directly below a line (up to the next non-blank line or the file end). */
export function blankLinesBelow(source: SourceText, line: number): number {
  const last = countLines(source);
  let count = 0;
  for (let at = line + 1; at <= last && isBlankLine(lineText(source, at)); at++) count++;
  // Blank lines that end the file separate nothing.
  return line + count >= last ? 0 : count;
}

/** The last non-blank line of a file, or 0 when it has none. */
export function lastNonBlankLine(source: SourceText): number {
  for (let line = countLines(source); line >= 1; line--) if (!isBlankLine(lineText(source, line))) return line;
  return 0;
}

/** The parent of the last structure of a path and that structure's index among its children. */
export function siblingsOf(path: StructurePath): { parent: StructureNode; index: number } {
  const parent = path[path.length - 2]!;
  return { parent, index: parent.children.indexOf(path[path.length - 1]!) };
}

/** How the items of a body are separated, seen from one of them. */
export interface ItemSeparator {
  /** `,` (object literals, enums, struct fields), `;` (class fields, signatures), or `null`. */
  readonly char: ',' | ';' | null;
  /** The item carries the separator itself (it directly follows it on its line). */
  readonly own: boolean;
}

/**
 * The sibling before or after the structure at `index` of `parent` when it is a neighbour in the
 * same list: only separators, whitespace and comments lie between them. Siblings can come from
 * different containers (the entries of `[{ a: 1 }, { b: 2 }]` are all children of the array's
 * owner), and a separator must never be added or removed across such a boundary.
 */
export function listNeighbour(source: SourceText, parent: StructureNode, index: number, side: 'before' | 'after'): StructureNode | undefined {
  const node = parent.children[index]!;
  const other = parent.children[side === 'before' ? index - 1 : index + 1];
  if (other === undefined) return undefined;
  const between = side === 'before' ? source.text.slice(other.end, node.start) : source.text.slice(node.end, other.start);
  return /^[\s,;]*$/.test(between.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|#[^\n]*/g, '')) ? other : undefined;
}

/**
 * The separator of the structure at `index` of `parent`: the `,` or `;` directly after it (or,
 * for a class member, the `;` that ends it); else, for an item of a comma-separated body, a comma
 * it lacks (the last item of a list without a trailing comma, or an only item).
 */
export function itemSeparator(source: SourceText, parent: StructureNode, index: number): ItemSeparator {
  const node = parent.children[index]!;
  const own = /^[ \t]*([,;])/.exec(source.text.slice(node.end, node.end + 80));
  if (own) return { char: own[1] as ',' | ';', own: true };
  if (node.separator === ';' && source.text[node.end - 1] === ';') return { char: ';', own: true };
  const previous = listNeighbour(source, parent, index, 'before');
  const listEnd = previous !== undefined && listNeighbour(source, parent, index, 'after') === undefined && /^[ \t]*,/.test(source.text.slice(previous.end, node.start));
  return { char: listEnd || node.separator === ',' ? ',' : null, own: false };
}

/**
 * Whether text is made only of comment, decorator, annotation or attribute lines; with `language`,
 * none of them one of its directives spaced as a structure (C's `#define`: a line its profile writes
 * at column 0, `layout.flushLeft`, but not one that attaches to what follows, `layout.attachedFlushLeft`).
 */
export function isAttachedOnly(text: string, language?: string): boolean {
  if (!ATTACHED_ONLY.test(text)) return false;
  if (language === undefined) return true;
  const { flushLeft, attachedFlushLeft } = profileOf(language).layout;
  return flushLeft === null || !text.split('\n').some((line) => flushLeft.test(line.trimStart()) && !(attachedFlushLeft?.test(line.trimStart()) ?? false));
}

/**
 * Text made only of comment, decorator, annotation or attribute lines (not `#!`: a shebang, Rust's
 * inner attributes; not `@"…"`: a Zig identifier, a C# verbatim string).
 */
const ATTACHED_ONLY = /^(?:[ \t]*(?:\/\/|#(?!!)|\/\*|\*(?:[ /]|$)|--|@(?!")|<!--)[^\n]*(?:\n|$))+$/;

type TopLevelDefinitions = NonNullable<LayoutRules['topLevelDefinitions']>;

function isTopLevelDefinition(rule: TopLevelDefinitions, text: string, node: StructureNode): boolean {
  return rule.kinds.includes(node.kind) || rule.start.test(text.slice(node.start, node.start + 10));
}

/**
 * Whether a file puts the wider spacing between top-level definitions (PEP 8's two blank lines):
 * some pair of adjacent top-level structures, one of them a definition, is that far apart.
 */
function usesWiderSpacingAtTopLevel(tree: StructureTree, rule: TopLevelDefinitions): boolean {
  const { source, root } = tree;
  for (let i = 1; i < root.children.length; i++) {
    const previous = root.children[i - 1]!;
    const next = root.children[i]!;
    if (!isTopLevelDefinition(rule, source.text, previous) && !isTopLevelDefinition(rule, source.text, next)) continue;
    if (blankLinesAbove(source, next.lineRange[0]) >= rule.blankLines) return true;
  }
  return false;
}

/**
 * How many blank lines to put between new content and the structure at `index` of `parent`
 * (`side`: which side of it the content goes), following what the file already does there:
 * the blank lines between that structure and its sibling on the same side, else on the other
 * side. Without siblings, the language profile says (`layout.blankLinesWithoutSiblings`: one blank
 * line if either text spans several lines; in Markdown one between blocks, none between list
 * items). Between top-level definitions, the profile's wider spacing when the file uses it (two
 * blank lines in Python). Content made only of comments, decorators or attributes put before a
 * structure gets none where the profile attaches them: it belongs to that structure.
 */
export function spacingNextTo(tree: StructureTree, parent: StructureNode, index: number, side: 'before' | 'after', content: string, kinds?: ContentKinds): number {
  const { source } = tree;
  const { layout } = profileOf(tree.language);
  const node = parent.children[index];
  // Comments, decorators or attributes put before a structure belong to it: no blank line (not C's
  // `#define`: a directive, though a `#` starts it).
  if (side === 'before' && node && layout.commentsAttach && isAttachedOnly(content, tree.language)) return 0;
  let spacing: number | null = null;
  // What the file does between structures of these two kinds comes first, when known.
  if (node && kinds) {
    const own = spacingKind(tree, node);
    const neighbour = side === 'before' ? kinds.last : kinds.first;
    // The gap the content goes into is not a habit: the content is about to split it.
    const split = side === 'before' ? index : index + 1;
    const observed = side === 'before' ? usualSpacing(tree, parent, neighbour, own, index, split) : usualSpacing(tree, parent, own, neighbour, index, split);
    if (observed !== null) return observed;
    // Two refinements of one kind (`import type` next to `import`) with no habit for this pair:
    // as the file sets any two such apart, else as that kind's structures sit next to each other.
    const kind = coarseKind(own);
    if (neighbour !== own && coarseKind(neighbour) === kind) {
      const refined = observedGap(tree, parent, (upper, lower) => upper !== lower && coarseKind(upper) === kind && coarseKind(lower) === kind, index, split);
      const plain = refined ?? layout.blankLinesBetween(kind, kind);
      if (plain !== null) return plain;
    }
    // No habit for these two kinds: one-line structures of one kind sit as the profile puts them
    // when alone (imports tight); a change of kind as the file changes kind; else as below.
    if (neighbour !== own) spacing = observedGap(tree, parent, (upper, lower) => upper !== lower, index, split);
    else if (!content.includes('\n') && node.lineRange[0] === node.lineRange[1]) spacing = layout.blankLinesWithoutSiblings(node.kind, false);
  }
  if (node && spacing === null) {
    const hasPrevious = index > 0;
    const hasNext = index < parent.children.length - 1;
    const above = () => blankLinesAbove(source, node.lineRange[0]);
    const below = () => blankLinesBelow(source, node.lineRange[1]);
    if (side === 'before') spacing = hasPrevious ? above() : hasNext ? below() : null;
    else spacing = hasNext ? below() : hasPrevious ? above() : null;
  }
  spacing ??= layout.blankLinesWithoutSiblings(node?.kind, content.includes('\n') || (node !== undefined && node.lineRange[0] !== node.lineRange[1]));
  return Math.max(spacing, widerSpacingAtTopLevel(tree, parent, node, content) ?? 0);
}

/**
 * The profile's wider spacing between top-level definitions (PEP 8's two blank lines) when
 * `content` put next to `node` under `parent` is owed it: `parent` is the file, the content or
 * `node` is a definition, and the file uses that spacing; else `null`.
 */
export function widerSpacingAtTopLevel(tree: StructureTree, parent: StructureNode, node: StructureNode | undefined, content: string): number | null {
  const definitions = profileOf(tree.language).layout.topLevelDefinitions;
  if (!definitions || parent !== tree.root) return null;
  const definition = definitions.start.test(content) || (node !== undefined && isTopLevelDefinition(definitions, tree.source.text, node));
  return definition && usesWiderSpacingAtTopLevel(tree, definitions) ? definitions.blankLines : null;
}

/**
 * The kinds of the first and last structure of content about to be inserted (as it parses where it
 * goes, or as the structures of the file it resembles are), so its spacing can follow what the
 * file does between structures of those kinds.
 */
export interface ContentKinds {
  readonly first: string;
  readonly last: string;
}

/** Kinds that are one for spacing: a function read on its own is a method in a class body. */
export function spacingKind(tree: StructureTree, node: StructureNode): string {
  return profileOf(tree.language).layout.spacingKind(node.kind, tree.source.text, node.headerStart);
}

/** The kind a refined spacing kind refines (`import` for `import type`: a refinement is the kind, a space, a qualifier). */
function coarseKind(kind: string): string {
  const space = kind.indexOf(' ');
  return space === -1 ? kind : kind.slice(0, space);
}

/** Blank lines between two adjacent siblings when only blank lines lie between them, else `null`. */
export function gapBetween(source: SourceText, upper: StructureNode, lower: StructureNode): number | null {
  const first = lower.lineRange[0];
  const last = upper.lineRange[1];
  if (first <= last) return null;
  const blanks = blankLinesAbove(source, first);
  return blanks === first - last - 1 ? blanks : null;
}

/**
 * How many blank lines the file puts between a structure of kind `upper` and the next one of kind
 * `lower` (kinds as {@link spacingKind} gives them): the most frequent gap between such siblings
 * of `parent`, else between such siblings in every structure of `parent`'s kind; `null` when the
 * file has no such pair.
 */
export function observedSpacing(tree: StructureTree, parent: StructureNode, upper: string, lower: string, near = -1, skip = -1): number | null {
  return observedGap(tree, parent, (above, below) => above === upper && below === lower, near, skip);
}

/**
 * The blank lines between structures of kinds `upper` and `lower` under `parent`: what the file
 * does ({@link observedSpacing}), else what the language's style does after a file's head
 * (`layout.blankLinesBetween`: a package declaration, a docstring, the imports); `null` when neither says.
 */
export function usualSpacing(tree: StructureTree, parent: StructureNode, upper: string, lower: string, near = -1, skip = -1): number | null {
  const observed = observedSpacing(tree, parent, upper, lower, near, skip);
  if (observed !== null) return observed;
  const style = profileOf(tree.language).layout.blankLinesBetween(coarseKind(upper), coarseKind(lower));
  // Generated code puts no blank line between any two siblings (compiled JavaScript): nor does new content.
  return style !== null && style > 0 && isDense(tree, parent) ? 0 : style;
}

/** Whether `parent` has two or more changes of kind between adjacent children, none of them with a blank line. */
function isDense(tree: StructureTree, parent: StructureNode): boolean {
  let pairs = 0;
  for (let i = 1; i < parent.children.length; i++) {
    const [upper, lower] = [parent.children[i - 1]!, parent.children[i]!];
    if (spacingKind(tree, upper) === spacingKind(tree, lower)) continue;
    const gap = gapBetween(tree.source, upper, lower);
    if (gap === null) continue;
    if (gap > 0) return false;
    pairs++;
  }
  return pairs >= 2;
}

/**
 * The most frequent gap between adjacent siblings whose kinds (as {@link spacingKind} gives them)
 * `pair` accepts: among the children of `parent` (ties to the one seen nearest `near`, then the
 * larger), else among the children of every structure of `parent`'s kind; `null` when none.
 * `skip` leaves out the gap above child `skip` of `parent`: the one new content goes into.
 */
export function observedGap(tree: StructureTree, parent: StructureNode, pair: (upper: string, lower: string) => boolean, near = -1, skip = -1): number | null {
  const { source } = tree;
  const mostFrequent = (parents: Iterable<StructureNode>, nearIndex: number, skipIndex: number): number | null => {
    // Per gap: how often, and how close to `nearIndex` (ties go to the gap seen nearest, then the larger).
    const seen = new Map<number, { count: number; distance: number }>();
    for (const owner of parents) {
      for (let i = 1; i < owner.children.length; i++) {
        if (i === skipIndex) continue;
        const above = owner.children[i - 1]!;
        const below = owner.children[i]!;
        if (!pair(spacingKind(tree, above), spacingKind(tree, below))) continue;
        const gap = gapBetween(source, above, below);
        if (gap === null) continue;
        const entry = seen.get(gap) ?? { count: 0, distance: Infinity };
        entry.count++;
        if (nearIndex >= 0) entry.distance = Math.min(entry.distance, Math.abs(i - 0.5 - nearIndex));
        seen.set(gap, entry);
      }
    }
    let best: number | null = null;
    let bestEntry = { count: 0, distance: Infinity };
    for (const [gap, entry] of seen) {
      const better =
        entry.count > bestEntry.count ||
        (entry.count === bestEntry.count && (entry.distance < bestEntry.distance || (entry.distance === bestEntry.distance && best !== null && gap > best)));
      if (better) [best, bestEntry] = [gap, entry];
    }
    return best;
  };
  return mostFrequent([parent], near, skip) ?? (parent === tree.root ? null : mostFrequent(structuresOfKind(tree.root, parent.kind, parent), -1, -1));
}

/** Every structure of a kind under `root`, but `except`. */
function* structuresOfKind(root: StructureNode, kind: string, except: StructureNode): Generator<StructureNode> {
  for (const structure of everyStructure(root)) if (structure.kind === kind && structure !== except) yield structure;
}

/**
 * The first word of a structure's text past its comment, decorator and attribute lines (`import`,
 * `def`, `public`), for telling the kind of content that does not parse on its own.
 */
export function leadWord(text: string): string | null {
  for (const line of text.split('\n')) {
    if (isBlankLine(line) || ATTACHED_ONLY.test(line)) continue;
    return /^[ \t]*([A-Za-z_$][\w$]*|\S)/.exec(line)?.[1] ?? null;
  }
  return null;
}

/** {@link leadWord} of a structure, read from its first 2,000 characters (its comment lines and header). */
export function structureLeadWord(source: SourceText, node: StructureNode): string | null {
  return leadWord(source.text.slice(node.start, Math.min(node.end, node.start + 2000)));
}

/**
 * The kind of content that did not parse on its own, from the structures of `parent` (else of the
 * file) that start with the same word, when those all have one kind.
 */
export function kindByLeadWord(tree: StructureTree, parent: StructureNode, text: string): string | null {
  const word = leadWord(text);
  if (word === null) return null;
  const agreed = (nodes: Iterable<StructureNode>): string | null | undefined => {
    let kind: string | undefined;
    for (const node of nodes) {
      if (structureLeadWord(tree.source, node) !== word) continue;
      const own = spacingKind(tree, node);
      if (kind !== undefined && kind !== own) return null;
      kind = own;
    }
    return kind;
  };
  const inParent = agreed(parent.children);
  if (inParent !== undefined) return inParent;
  return agreed(everyStructure(tree.root)) ?? null;
}

/** Every structure under `root`, each before its children. */
function* everyStructure(root: StructureNode): Generator<StructureNode> {
  for (const child of root.children) {
    yield child;
    yield* everyStructure(child);
  }
}

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * The 1-based line, in the edited text, of the character `within` characters into the text of
 * `replacement`, when all `replacements` are applied to `source`. Pure arithmetic: no need to
 * build the edited text.
 */
export function lineAfterEdit(source: SourceText, replacements: readonly Replacement[], replacement: Replacement, within = 0): number {
  let line = lineOfOffset(source, replacement.start);
  for (const other of replacements) {
    if (other === replacement || other.end > replacement.start) continue;
    // An insertion at the same offset counts as before only if it comes first in the list.
    if (other.start === other.end && other.start === replacement.start && replacements.indexOf(other) > replacements.indexOf(replacement)) continue;
    line += newlines(other.text) - newlines(source.text.slice(other.start, other.end));
  }
  return line + newlines(replacement.text.slice(0, within));
}

/** Where an offset of the original text (outside every replacement) is in the edited text. */
export function offsetAfterEdit(replacements: readonly Replacement[], offset: number): number {
  let moved = offset;
  for (const replacement of replacements) {
    if (replacement.end <= offset) moved += replacement.text.length - (replacement.end - replacement.start);
  }
  return moved;
}

/** How many lines a text has (a text without a line break has one). */
export function lineCount(text: string): number {
  return newlines(text) + 1;
}

/**
 * The smallest replacement turning `source.text[start, end)` into `text`: the common prefix and
 * suffix stay untouched, so their bytes (line endings included) are kept; `null` if nothing changes.
 */
export function narrowReplacement(source: SourceText, start: number, end: number, text: string): Replacement | null {
  const old = source.text.slice(start, end);
  if (old === text) return null;
  let prefix = 0;
  const limit = Math.min(old.length, text.length);
  while (prefix < limit && old.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < limit - prefix && old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) suffix++;
  return { start: start + prefix, end: end - suffix, text: text.slice(prefix, text.length - suffix) };
}
