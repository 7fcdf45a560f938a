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

const TRAILING_COMMENT = /^[ \t]*(?:\/\/|#(?!\[)|\/\*|--|<!--|;;|%)/;

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

/** Whether text is made only of comment, decorator, annotation or attribute lines. */
export function isAttachedOnly(text: string): boolean {
  return ATTACHED_ONLY.test(text);
}

/** Text made only of comment, decorator, annotation or attribute lines. */
const ATTACHED_ONLY = /^(?:[ \t]*(?:\/\/|#|\/\*|\*(?:[ /]|$)|--|@)[^\n]*(?:\n|$))+$/;

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
export function spacingNextTo(tree: StructureTree, parent: StructureNode, index: number, side: 'before' | 'after', content: string): number {
  const { source } = tree;
  const node = parent.children[index];
  let spacing: number | null = null;
  if (node) {
    const hasPrevious = index > 0;
    const hasNext = index < parent.children.length - 1;
    const above = () => blankLinesAbove(source, node.lineRange[0]);
    const below = () => blankLinesBelow(source, node.lineRange[1]);
    if (side === 'before') spacing = hasPrevious ? above() : hasNext ? below() : null;
    else spacing = hasNext ? below() : hasPrevious ? above() : null;
  }
  const { layout } = profileOf(tree.language);
  // Comments, decorators or attributes put before a structure belong to it: no blank line.
  if (side === 'before' && node && layout.commentsAttach && ATTACHED_ONLY.test(content)) return 0;
  spacing ??= layout.blankLinesWithoutSiblings(node?.kind, content.includes('\n') || (node !== undefined && node.lineRange[0] !== node.lineRange[1]));
  const definitions = layout.topLevelDefinitions;
  if (definitions && parent === tree.root && spacing < definitions.blankLines) {
    const definition = definitions.start.test(content) || (node !== undefined && isTopLevelDefinition(definitions, source.text, node));
    if (definition && usesWiderSpacingAtTopLevel(tree, definitions)) spacing = definitions.blankLines;
  }
  return spacing;
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
