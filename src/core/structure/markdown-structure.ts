import type { Nodes, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { endBeforeLineBreaks, lineOfOffset, type SourceText } from '../text/source-text.js';
import { clipName } from './kinds.js';
import type { StructureNode, StructureTree } from './types.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type MutableStructure = Mutable<StructureNode>;

const KINDS: Readonly<Record<string, string>> = {
  heading: 'section',
  listItem: 'list_item',
  code: 'code_block',
  blockquote: 'blockquote',
  paragraph: 'paragraph',
  table: 'table',
  html: 'html',
  thematicBreak: 'thematic_break',
  yaml: 'front_matter',
  toml: 'front_matter',
  definition: 'definition',
  footnoteDefinition: 'footnote_definition',
};

/** Parses Markdown (CommonMark + GFM + front matter) into the shared {@link StructureTree}. */
export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, {
    extensions: [gfm(), frontmatter(['yaml', 'toml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml', 'toml'])],
  });
}

/**
 * Builds the structures of a Markdown file. A heading is a `section` holding everything up to the
 * next heading of the same or a higher level (subsections nest); lists are transparent, so list
 * items are the structures; a list item's or blockquote's first paragraph is its own text.
 */
export function buildMarkdownStructure(source: SourceText): StructureTree {
  const text = source.text;
  const root: MutableStructure = {
    kind: 'file',
    type: 'file',
    name: null,
    start: 0,
    end: text.length,
    headerStart: 0,
    matchStarts: [0],
    lineRange: [1, 1],
    children: [],
  };
  const open: Array<{ depth: number; node: MutableStructure }> = [];
  const all: MutableStructure[] = [];

  const make = (node: Nodes, kind: string, headerStarts: number[], name: string | null): MutableStructure => {
    let start = node.position!.start.offset!;
    // A structure starts at its first character, as in every language: an indented code block's
    // indentation is its line's, so text read from it and written back keeps its lines as they were.
    if (node.type === 'code' && (text[start] === ' ' || text[start] === '\t')) start += /^[ \t]*/.exec(text.slice(start, firstLineEnd(start)))![0].length;
    const end = endBeforeLineBreaks(text, start, node.position!.end.offset!);
    const starts = [start, ...headerStarts.filter((offset) => offset >= start && offset <= end)];
    const structure: MutableStructure = {
      kind,
      type: node.type,
      name,
      start,
      end,
      headerStart: starts[starts.length - 1]!,
      matchStarts: [...new Set(starts)].sort((a, b) => a - b),
      lineRange: [1, 1],
      children: [],
    };
    all.push(structure);
    return structure;
  };

  const firstLineEnd = (offset: number) => {
    const newline = text.indexOf('\n', offset);
    return newline === -1 ? text.length : newline;
  };

  /** Structures for one block node (a list yields its items). Iterative: deep nesting must not overflow. */
  const blocks = (top: RootContent): MutableStructure[] => {
    const result: MutableStructure[] = [];
    const work: Array<{ node: RootContent; into: MutableStructure[] }> = [{ node: top, into: result }];
    while (work.length > 0) {
      const { node, into } = work.shift()!;
      if (!node.position || node.position.start.offset === undefined) continue;
      const start = node.position.start.offset;
      if (node.type === 'list') {
        for (const item of node.children) work.push({ node: item, into });
        continue;
      }
      const kind = KINDS[node.type] ?? node.type;
      let headerStarts: number[] = [];
      let name: string | null = null;
      let contents: RootContent[] = [];
      if (node.type === 'listItem' || node.type === 'blockquote') {
        const marker = node.type === 'listItem' ? /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]*/ : /^[ \t]*>[ \t]?/;
        const markerMatch = marker.exec(text.slice(start, firstLineEnd(start)));
        const afterMarker = start + (markerMatch ? markerMatch[0].length : 0);
        const first = node.children[0];
        const firstStart = first?.position?.start.offset;
        headerStarts = [afterMarker, ...(firstStart !== undefined && first?.type === 'paragraph' ? [firstStart] : [])];
        name = clipName(text.slice(headerStarts[headerStarts.length - 1]!, firstLineEnd(headerStarts[headerStarts.length - 1]!)));
        contents = first?.type === 'paragraph' ? node.children.slice(1) : [...node.children];
      } else if (node.type === 'code') {
        const firstLine = text.slice(start, firstLineEnd(start));
        const fence = /^[ \t]*(`{3,}|~{3,})[ \t]*/.exec(firstLine);
        if (fence && node.lang) headerStarts = [start + fence[0].length];
        else if (fence) headerStarts = [Math.min(firstLineEnd(start) + 1, node.position.end.offset!)];
        name = node.lang ?? null;
      } else if (node.type === 'heading') {
        headerStarts = [headingTextStart(text, start)];
        name = clipName(text.slice(headerStarts[0]!, firstLineEnd(headerStarts[0]!)));
      } else if (node.type === 'footnoteDefinition') {
        contents = [...node.children];
      }
      const structure = make(node, kind, headerStarts, name);
      into.push(structure);
      for (const child of contents) work.push({ node: child, into: structure.children });
    }
    return result;
  };

  for (const child of parseMarkdown(text).children) {
    const childEnd = child.position?.end.offset;
    if (childEnd === undefined) continue;
    if (child.type === 'heading') {
      while (open.length > 0 && open[open.length - 1]!.depth >= child.depth) open.pop();
      const start = child.position!.start.offset!;
      const headerStart = headingTextStart(text, start);
      const section = make(child, 'section', [headerStart], clipName(text.slice(headerStart, firstLineEnd(headerStart)).replace(/[ \t]+#+[ \t]*$/, '')));
      (open.length > 0 ? open[open.length - 1]!.node : root).children.push(section);
      open.push({ depth: child.depth, node: section });
      continue;
    }
    const parent = open.length > 0 ? open[open.length - 1]!.node : root;
    const made = blocks(child);
    parent.children.push(...made);
    for (const structure of made) for (const section of open) section.node.end = Math.max(section.node.end, structure.end);
  }

  for (const structure of all) {
    structure.lineRange = [lineOfOffset(source, structure.start), lineOfOffset(source, Math.max(structure.start, structure.end - 1))];
  }
  root.lineRange = [1, Math.max(1, text.endsWith('\n') ? source.lineStarts.length - 1 : source.lineStarts.length)];
  // HTML comments are `html` structures in Markdown; there are no comment nodes besides them.
  return { source, language: 'markdown', root, syntaxErrors: [], comments: [] };
}

/** Offset of an ATX heading's text (after the `#` marks); a setext heading's text starts at once. */
function headingTextStart(text: string, start: number): number {
  const match = /^[ \t]*#{1,6}(?:[ \t]+|(?=\n)|$)/.exec(text.slice(start, start + 80));
  return match ? start + match[0].length : start;
}
