import type { Node } from 'web-tree-sitter';
import type { ParseErrorInfo } from '../errors.js';
import { profileOf } from '../languages/profiles/index.js';
import { describeSyntaxError } from '../structure/syntax-errors.js';
import type { SourceText } from '../text/source-text.js';

/**
 * Blocks an edit left without a statement where the language needs one (Python: `def f():` with
 * nothing under it). The grammar parses them without an error, so the syntax check counts them
 * apart: each such block of the edited text that the text before the edit did not have (compared
 * as syntax errors are, by the text of their line, since positions move) is an added syntax error,
 * `MISSING` the profile's filler (`pass`). Empty for a language whose empty blocks are valid.
 */
export function addedEmptyBlocks(language: string, before: { source: SourceText; root: Node } | null, after: { source: SourceText; root: Node }): ParseErrorInfo[] {
  const emptyBody = profileOf(language).layout.emptyBody;
  if (emptyBody === null) return [];
  const describe = (source: SourceText, start: number) => describeSyntaxError(source, { kind: 'MISSING', start, end: start, missing: emptyBody.text });
  const remaining = new Map<string, number>();
  for (const start of before ? emptyBlocks(before.root, emptyBody.block) : []) {
    const key = describe(before!.source, start).line_text.trim();
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  const added: ParseErrorInfo[] = [];
  for (const start of emptyBlocks(after.root, emptyBody.block)) {
    const info = describe(after.source, start);
    const key = info.line_text.trim();
    const count = remaining.get(key) ?? 0;
    if (count > 0) remaining.set(key, count - 1);
    else added.push(info);
  }
  return added;
}

/** Offsets of the nodes of type `block` that hold no statement (comments aside). */
function emptyBlocks(root: Node, block: string): number[] {
  const found: number[] = [];
  for (const node of root.descendantsOfType(block)) {
    if (!node) continue;
    // (Most blocks start with a statement: one call tells them apart.)
    const first = node.firstNamedChild;
    if (first === null || (/comment/.test(first.type) && node.namedChildren.every((child) => child === null || /comment/.test(child.type)))) found.push(node.startIndex);
  }
  return found;
}
