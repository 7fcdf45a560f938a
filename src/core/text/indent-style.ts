/**
 * How a text indents, for messages such as "the file uses 4 spaces". Counts the lines that start
 * with a tab or a space (blank lines ignored); the width of space indentation is the most common
 * step between consecutive space-indented lines (as editors detect it).
 */

/** A text's indentation. */
export interface IndentStyle {
  /** `tabs`, `spaces`, `mixed` (both, neither under 80%), or `none` (no indented line). */
  kind: 'tabs' | 'spaces' | 'mixed' | 'none';
  /** For spaces: the usual indentation step. */
  width?: number;
  /** Lines indented with a tab. */
  tab_lines: number;
  /** Lines indented with spaces. */
  space_lines: number;
}

/** The indentation style of `text` (`\n` line endings). */
export function detectIndentStyle(text: string): IndentStyle {
  let tabLines = 0;
  let spaceLines = 0;
  let previous = 0;
  const steps = new Map<number, number>();
  for (const line of text.split('\n')) {
    const indentation = /^[ \t]*/.exec(line)![0];
    if (indentation.length === line.length) continue;
    if (line.startsWith('\t')) tabLines++;
    else if (line.startsWith(' ')) spaceLines++;
    if (!indentation.includes('\t')) {
      const step = Math.abs(indentation.length - previous);
      if (step > 0) steps.set(step, (steps.get(step) ?? 0) + 1);
      previous = indentation.length;
    }
  }
  const indented = tabLines + spaceLines;
  if (indented === 0) return { kind: 'none', tab_lines: 0, space_lines: 0 };
  if (tabLines >= indented * 0.8) return { kind: 'tabs', tab_lines: tabLines, space_lines: spaceLines };
  const width = [...steps.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
  const kind = spaceLines >= indented * 0.8 ? 'spaces' : 'mixed';
  return width === undefined ? { kind, tab_lines: tabLines, space_lines: spaceLines } : { kind, width, tab_lines: tabLines, space_lines: spaceLines };
}

/** The style in words: `tabs`, `4 spaces`, `tabs (12 lines) and spaces (30 lines)`, `no indentation`. */
export function describeIndentStyle(style: IndentStyle): string {
  switch (style.kind) {
    case 'none':
      return 'no indentation';
    case 'tabs':
      return 'tabs';
    case 'spaces':
      return style.width === undefined ? 'spaces' : `${style.width} spaces`;
    case 'mixed':
      return `tabs (${lines(style.tab_lines)}) and spaces (${lines(style.space_lines)})`;
  }
}

function lines(count: number): string {
  return `${count} line${count === 1 ? '' : 's'}`;
}
