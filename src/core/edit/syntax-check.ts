import type { ParseErrorInfo } from '../errors.js';
import { describeSyntaxError } from '../structure/syntax-errors.js';
import type { StructureTree } from '../structure/types.js';

/**
 * The syntax errors an edit added: those of the edited file that the file did not have before
 * (docs/safety.md: compare with the errors before the edit, not with zero). Errors are compared by
 * kind, missing token and the text of their line, as a multiset, since positions move with the edit.
 */
export function addedSyntaxErrors(before: StructureTree | null, after: StructureTree): ParseErrorInfo[] {
  if (after.syntaxErrors.length === 0) return [];
  const described = (tree: StructureTree) => tree.syntaxErrors.map((error) => describeSyntaxError(tree.source, error));
  return addedErrors(before ? described(before) : [], described(after));
}

/**
 * The errors of `after` that `before` does not have: compared by kind, missing token and the text of
 * their line, as a multiset, since positions move with the edit.
 */
export function addedErrors(before: readonly ParseErrorInfo[], after: readonly ParseErrorInfo[]): ParseErrorInfo[] {
  const signature = (error: ParseErrorInfo) => `${error.kind}\u0000${error.missing ?? ''}\u0000${error.reason ?? ''}\u0000${error.line_text.trim()}`;
  const remaining = new Map<string, number>();
  for (const error of before) remaining.set(signature(error), (remaining.get(signature(error)) ?? 0) + 1);
  const added: ParseErrorInfo[] = [];
  for (const error of after) {
    const key = signature(error);
    const count = remaining.get(key) ?? 0;
    if (count > 0) remaining.set(key, count - 1);
    else added.push(error);
  }
  return added;
}
