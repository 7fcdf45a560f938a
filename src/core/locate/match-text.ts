import type { StructureNode } from '../structure/types.js';

/** How many characters of a target line are compared (docs/targets.md). */
export const MATCH_LENGTH = 50;

/** The first `MATCH_LENGTH` characters (code points) of a string. */
export function firstCharacters(text: string, count = MATCH_LENGTH): string {
  // Fast path: no surrogate pairs can sit in the first `count` code units.
  let end = 0;
  let taken = 0;
  while (end < text.length && taken < count) {
    const code = text.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff && end + 1 < text.length ? 2 : 1;
    taken += 1;
  }
  return text.slice(0, end);
}

/** The match text starting at `offset`: up to the end of its line, at most `MATCH_LENGTH` characters. */
export function matchTextAt(text: string, offset: number, limit: number): string {
  let lineEnd = text.indexOf('\n', offset);
  if (lineEnd === -1 || lineEnd > limit) lineEnd = limit;
  // Read a little past the cut so a surrogate pair at the boundary is not split.
  return firstCharacters(text.slice(offset, Math.min(lineEnd, offset + MATCH_LENGTH * 2)));
}

/** Every match text of a structure (first line of each, outermost first), without duplicates. */
export function matchTexts(text: string, node: StructureNode): string[] {
  const texts: string[] = [];
  for (const offset of node.matchStarts) {
    const candidate = matchTextAt(text, offset, node.end);
    if (!texts.includes(candidate)) texts.push(candidate);
  }
  return texts;
}

/** The header's match text: what a target line most naturally names a structure by. */
export function headerText(text: string, node: StructureNode): string {
  return matchTextAt(text, node.headerStart, node.end);
}

/**
 * Whether a target line names this structure: one of its match texts starts with the line's first
 * `MATCH_LENGTH` characters. Literal: no trimming, no case folding.
 */
export function lineMatches(text: string, node: StructureNode, line: string): boolean {
  const wanted = firstCharacters(line);
  for (const offset of node.matchStarts) {
    if (text.startsWith(wanted, offset)) {
      // A match must not run past the structure or across a line break (target lines are single lines).
      const stop = offset + wanted.length;
      if (stop <= node.end || wanted.length === 0) return true;
    }
  }
  return false;
}

/**
 * Prefixes of a match text that end at a token boundary, shortest first, ending with the whole
 * text: `def validate(self):` gives `def`, `def validate`, `def validate(self):`. A prefix never
 * cuts inside quotes or brackets (but for a call's first argument: `it('works'`), so each one
 * reads as a sensible target line. The whole text comes last, with its trailing spaces, if any.
 */
export function boundaryPrefixes(text: string): string[] {
  const prefixes: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let firstArgument = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote !== null) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    // Also after a call's first argument: `it('parses floats'` names a test by its title.
    const afterFirstArgument = depth === 1 && char === ',' && firstArgument;
    if (afterFirstArgument) firstArgument = false;
    if ((depth === 0 && i > 0 && /[\s([{:;,=]/.test(char)) || afterFirstArgument) {
      const prefix = text.slice(0, i).trimEnd();
      // A cut after an operator or an opening bracket (`x =`, `f(`) reads as broken.
      if (prefix !== '' && !/[=,:;([{<|&+\-*/]$/.test(prefix) && prefixes[prefixes.length - 1] !== prefix) prefixes.push(prefix);
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if ((char === ')' || char === ']' || char === '}') && depth > 0) depth--;
  }
  const whole = text.trimEnd();
  if (whole !== '' && prefixes[prefixes.length - 1] !== whole) prefixes.push(whole);
  // Trailing spaces are kept as a last resort: a text cut at 50 characters may need them to be unique.
  if (whole !== '' && whole !== text) prefixes.push(text);
  return prefixes;
}
