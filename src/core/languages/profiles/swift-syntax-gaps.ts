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
  for (const [start, end] of rawStringInsides(text)) blank(start, end);
  // (Matched on the text with raw strings and comments blanked, so nothing inside them is touched.)
  const code = codeOnly(chars);
  for (const match of code.matchAll(/[:,&<]\s*(~)\s*[A-Z]\w*/dg)) blank(match.indices![1]![0], match.indices![1]![1]);
  for (const match of code.matchAll(/\bnonisolated(\s*\(\s*unsafe\s*\))/dg)) blank(match.indices![1]![0], match.indices![1]![1]);
  // Attributes after the first before a parameter's name: `(@A @B _ x:`, `, @A<T> @B(y) label x:`.
  for (const match of code.matchAll(/[(,]\s*@\w+(?:<[^<>()]*>)?(?:\([^()]*\))?((?:\s+@\w+(?:\([^()]*\))?)+)\s+\w+(?:\s+\w+)?\s*:/dg)) {
    blank(match.indices![1]![0], match.indices![1]![1]);
  }
  return changed ? chars.join('') : null;
}

/**
 * Each raw string literal's hashes and the characters between its quotes, `[start, end)` spans
 * (its quotes kept: the grammar sees an ordinary string of blanks). Found by one pass over the
 * text that steps over comments (nested block comments too) and ordinary strings.
 */
function rawStringInsides(text: string): Array<readonly [number, number]> {
  const spans: Array<readonly [number, number]> = [];
  let at = 0;
  while (at < text.length) {
    const ch = text[at]!;
    if (ch === '/' && text[at + 1] === '/') {
      const end = text.indexOf('\n', at);
      at = end === -1 ? text.length : end;
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
      spans.push([at, at + hashes.length], [open, close], [close + closing.length - hashes.length, close + closing.length]);
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
    } else at++;
  }
  return spans;
}

/** `chars` (the text with its raw strings blanked) with comments and string contents blanked too. */
function codeOnly(chars: readonly string[]): string {
  const text = chars.join('');
  const out = [...chars];
  let at = 0;
  while (at < text.length) {
    if (text.startsWith('//', at)) {
      const end = text.indexOf('\n', at);
      const stop = end === -1 ? text.length : end;
      for (let i = at; i < stop; i++) out[i] = ' ';
      at = stop;
    } else if (text.startsWith('/*', at)) {
      let depth = 0;
      const begin = at;
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
      for (let i = begin; i < at; i++) if (out[i] !== '\n') out[i] = ' ';
    } else if (text[at] === '"') {
      // An ordinary string (a raw one's quotes are kept in `chars`, its inside blanked already).
      const multiline = text.startsWith('"""', at);
      const begin = at;
      at += multiline ? 3 : 1;
      while (at < text.length) {
        if (text[at] === '\\') at += 2;
        else if (multiline ? text.startsWith('"""', at) : text[at] === '"' || text[at] === '\n') {
          at += multiline ? 3 : 1;
          break;
        } else at++;
      }
      for (let i = begin + 1; i < at - 1; i++) if (out[i] !== '\n') out[i] = ' ';
    } else at++;
  }
  return out.join('');
}
