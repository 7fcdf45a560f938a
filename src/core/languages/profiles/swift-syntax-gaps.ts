/*
 * Swift written since the grammar structedit ships for it (tree-sitter-wasms' Swift, from 2023):
 * noncopyable constraints (`<T: ~Copyable>`, `protocol P: ~Copyable`), `nonisolated(unsafe)`, raw
 * string literals (`#"^[0-9a-f]+$"#`) and a second attribute before a parameter's name
 * (`@Builder @_implicitSelfCapture _ body: …`). The grammar puts ERROR nodes around them; the text
 * it is given instead has them blanked or written as what it knows (same length, line breaks
 * kept), so every offset still points into the real text.
 */

/** The text with the Swift the grammar does not know blanked, or `null` when it has none. */
export function blankNewerSwift(text: string): string | null {
  const chars = text.split('');
  let changed = false;
  const blank = (start: number, end: number) => {
    for (let at = start; at < end; at++) {
      if (chars[at] !== '\n' && chars[at] !== '\r' && chars[at] !== ' ') {
        chars[at] = ' ';
        changed = true;
      }
    }
  };
  const { rawStrings, comments, stringInsides } = lexed(text);
  for (const [start, end] of rawStrings) blank(start, end);
  // (Matched on the text with comments and strings blanked too, so nothing inside them is touched.)
  const hidden = [...chars];
  for (const [start, end] of [...comments, ...stringInsides]) for (let at = start; at < end; at++) if (hidden[at] !== '\n') hidden[at] = ' ';
  const code = hidden.join('');
  for (const match of code.matchAll(/[:,&<]\s*(~)\s*[A-Z]\w*/dg)) blank(match.indices![1]![0], match.indices![1]![1]);
  for (const match of code.matchAll(/\bnonisolated(\s*\(\s*unsafe\s*\))/dg)) blank(match.indices![1]![0], match.indices![1]![1]);
  // Attributes after the first before a parameter's name: `(@A @B _ x:`, `, @A<T> @B(y) label x:`.
  for (const match of code.matchAll(/[(,]\s*@\w+(?:<[^<>()]*>)?(?:\([^()]*\))?((?:\s+@\w+(?:\([^()]*\))?)+)\s+\w+(?:\s+\w+)?\s*:/dg)) {
    blank(match.indices![1]![0], match.indices![1]![1]);
  }
  return changed ? chars.join('') : null;
}

type Span = readonly [start: number, end: number];

/**
 * One pass over the text's comments (nested block comments too) and string literals, as `[start,
 * end)` spans: each raw string literal's hashes and the characters between its quotes (its quotes
 * kept: the grammar sees an ordinary string of blanks), each comment, and what lies between an
 * ordinary string's quotes.
 */
function lexed(text: string): { rawStrings: Span[]; comments: Span[]; stringInsides: Span[] } {
  const rawStrings: Span[] = [];
  const comments: Span[] = [];
  const stringInsides: Span[] = [];
  let at = 0;
  while (at < text.length) {
    const ch = text[at]!;
    const begin = at;
    if (ch === '/' && text[at + 1] === '/') {
      const end = text.indexOf('\n', at);
      at = end === -1 ? text.length : end;
      comments.push([begin, at]);
    } else if (ch === '/' && text[at + 1] === '*') {
      let depth = 0;
      while (at < text.length) {
        if (text.startsWith('/*', at)) {
          depth++;
          at += 2;
        } else if (text.startsWith('*/', at)) {
          depth--;
          at += 2;
          if (depth === 0) break;
        } else at++;
      }
      comments.push([begin, at]);
    } else if (ch === '#' && /^#+"/.test(text.slice(at, at + 12)) && !/[\w)\]]/.test(text[at - 1] ?? '')) {
      const hashes = /^#+/.exec(text.slice(at))![0];
      const multiline = text.startsWith('"""', at + hashes.length);
      const open = at + hashes.length + (multiline ? 3 : 1);
      const closing = `${multiline ? '"""' : '"'}${hashes}`;
      const close = text.indexOf(closing, open);
      if (close === -1 || (!multiline && text.slice(open, close).includes('\n'))) {
        at = open;
        continue;
      }
      // The hashes before the opening quote and after the closing one, and everything between the quotes.
      rawStrings.push([at, at + hashes.length], [open, close], [close + closing.length - hashes.length, close + closing.length]);
      at = close + closing.length;
    } else if (ch === '"') {
      const multiline = text.startsWith('"""', at);
      at += multiline ? 3 : 1;
      while (at < text.length) {
        if (text[at] === '\\') at += 2;
        else if (multiline ? text.startsWith('"""', at) : text[at] === '"' || text[at] === '\n') {
          at += multiline ? 3 : 1;
          break;
        } else at++;
      }
      stringInsides.push([begin + 1, at - 1]);
    } else at++;
  }
  return { rawStrings, comments, stringInsides };
}
