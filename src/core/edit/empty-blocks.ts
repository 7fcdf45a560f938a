import type { Node } from 'web-tree-sitter';
import type { ParseErrorInfo } from '../errors.js';
import type { LayoutRules } from '../languages/profile.js';
import { describeSyntaxError } from '../structure/syntax-errors.js';
import type { SourceText } from '../text/source-text.js';

/**
 * The blocks of a text that hold no statement where the language needs one (Python: `def f():` with
 * nothing under it), as syntax errors (`MISSING` the profile's filler, `pass`, at the block). The
 * grammar parses them without an error, so the edit check compares these apart, as it compares
 * syntax errors (`addedErrors`): an edit that leaves one adds an error.
 */
export function emptyBlockErrors(emptyBody: NonNullable<LayoutRules['emptyBody']>, source: SourceText, root: Node): ParseErrorInfo[] {
  const errors: ParseErrorInfo[] = [];
  for (const node of root.descendantsOfType(emptyBody.block)) {
    if (!node) continue;
    // (Most blocks start with a statement: one call tells them apart. Comments are no statements.)
    const first = node.firstNamedChild;
    if (first === null || (/comment/.test(first.type) && node.namedChildren.every((child) => child === null || /comment/.test(child.type)))) {
      errors.push(describeSyntaxError(source, { kind: 'MISSING', start: node.startIndex, end: node.startIndex, missing: emptyBody.text }));
    }
  }
  return errors;
}
