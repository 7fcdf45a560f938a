import type { LanguageProfile } from '../profile.js';

/** Markdown structure kinds that are symbols; every other block is prose (`text`). */
const SYMBOLS: ReadonlySet<string> = new Set(['section', 'code_block']);

/**
 * Markdown: blocks are separated by one blank line (list items by none), nothing attaches to the
 * block after it, and `readFile` reads sections and code blocks as symbols, front matter as a
 * directive, HTML comments as comments and every other block as prose.
 */
export const markdown: LanguageProfile = {
  languages: ['markdown'],
  layout: {
    blankLinesWithoutSiblings: (kind) => (kind === 'list_item' ? 0 : 1),
    commentsAttach: false,
  },
  reading: {
    category(node, header) {
      if (node.kind === 'front_matter') return 'directive';
      if (node.kind === 'html' && header.startsWith('<!--')) return 'comment';
      return SYMBOLS.has(node.kind) ? 'symbol' : 'text';
    },
    // A section is opened when it has subsections; its paragraphs are its body.
    isContainer: (node) => node.kind === 'section' && node.children.some((child) => child.kind === 'section'),
  },
};
