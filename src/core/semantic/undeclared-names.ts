/*
 * The names a text edit's new text uses that nothing declares: a call of `hh()` written where no
 * `hh` exists, a helper renamed in its callers but not where it is defined, an import left out of
 * a module written anew.
 */
import type { SpanIndex } from '../text/span-index.js';
import { isStarImport, type Occurrence, type ScopeModel } from './scopes.js';

/**
 * The first use, in the spans an edit wrote (`written`, offsets of the new text), of each name the
 * scope model of the new text ties to no declaration, leaving out the names every file sees
 * (`predeclared`) and the names nothing declared before the edit either (`before`, the model of
 * the file as it was, built only when there is a candidate: a name the file already used
 * undeclared is one its language provides in a way the model does not see).
 * A module with a star import (`from m import *`) may hold any name and is not checked.
 */
export function undeclaredUses(after: ScopeModel, before: () => ScopeModel, written: SpanIndex, predeclared: ReadonlySet<string>): Occurrence[] {
  if (after.imports.some(isStarImport)) return [];
  const found = new Map<string, Occurrence>();
  for (const occurrence of after.occurrences) {
    if (occurrence.role !== 'reference' || occurrence.binding || predeclared.has(occurrence.name) || found.has(occurrence.name)) continue;
    // (A name the edit changed only in part, `len` made `lenn`, touches what it wrote.)
    if (written.touches(occurrence.start, occurrence.end)) found.set(occurrence.name, occurrence);
  }
  if (found.size === 0) return [];
  // Only then the file as it was: most edits use no undeclared name, and a model costs a walk of the file.
  for (const occurrence of before().occurrences) if (occurrence.role === 'reference' && !occurrence.binding) found.delete(occurrence.name);
  return [...found.values()];
}
