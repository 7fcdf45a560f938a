import type { Node } from 'web-tree-sitter';
import type { ParseErrorInfo } from '../errors.js';
import type { CompletionRules, LayoutRules, ResolvedProfile } from '../languages/profile.js';
import { describeSyntaxError } from '../structure/syntax-errors.js';
import type { SourceText } from '../text/source-text.js';

/**
 * What a text's grammar parses without an error and its language rejects, as syntax errors: blocks
 * with no statement where one is needed (Python), functions with a result that run off their end
 * (Go, Java). The edit check compares these apart, as it compares syntax errors (`addedErrors`):
 * an edit that leaves one more adds an error. Empty for a language with neither rule.
 */
export function languageErrors(profile: ResolvedProfile, source: SourceText, root: Node): ParseErrorInfo[] {
  return [...(profile.layout.emptyBody ? emptyBlockErrors(profile.layout.emptyBody, source, root) : []), ...(profile.completion ? missingReturnErrors(profile.completion, source, root) : [])];
}

/** Whether a language has rules {@link languageErrors} checks. */
export function hasLanguageErrors(profile: ResolvedProfile): boolean {
  return profile.layout.emptyBody !== null || profile.completion !== null;
}

/**
 * The blocks of a text that hold no statement where the language needs one (Python: `def f():` with
 * nothing under it), as `MISSING` the profile's filler (`pass`) at the block.
 */
function emptyBlockErrors(emptyBody: NonNullable<LayoutRules['emptyBody']>, source: SourceText, root: Node): ParseErrorInfo[] {
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

/**
 * The bodies of functions with a result that can run off their end, as `MISSING` `return` at the
 * body's last character (its `}`, where compilers report it). Compared by that line's text, an edit
 * of the function's header (a rename, a parameter) leaves a body the rules misjudge as it was.
 */
function missingReturnErrors(rules: CompletionRules, source: SourceText, root: Node): ParseErrorInfo[] {
  return rules.unterminatedBodies(root).map((body) => describeSyntaxError(source, { kind: 'MISSING', start: body.endIndex - 1, end: body.endIndex, missing: 'return' }));
}
