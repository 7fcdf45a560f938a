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
  const signature = (error: ParseErrorInfo) => `${error.kind}\u0000${error.missing ?? ''}\u0000${error.line_text.trim()}`;
  const remaining = new Map<string, number>();
  for (const error of before?.syntaxErrors ?? []) {
    const key = signature(describeSyntaxError(before!.source, error));
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  const added: ParseErrorInfo[] = [];
  for (const error of after.syntaxErrors) {
    const info = describeSyntaxError(after.source, error);
    const key = signature(info);
    const count = remaining.get(key) ?? 0;
    if (count > 0) remaining.set(key, count - 1);
    else added.push(info);
  }
  return added;
}
