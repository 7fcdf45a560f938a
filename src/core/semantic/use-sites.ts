import type { Node } from 'web-tree-sitter';
import type { References } from './declaration-references.js';
import type { ModelledFile } from './references.js';

/*
 * The uses a reference search found, each judged where it stands: what the checks of a changed
 * declaration (its calls, its constructions, its implementations) read at a use, and what they
 * report of it.
 */

/** How a check of uses was reached: after a semantic batch, or after a text edit of a structure (the way out it offers differs). */
export type CheckOrigin = 'batch' | 'text-edit';

/** What is wrong at one use: the file, the offset of the name, and why. */
export type Problem = { file: string; start: number; reason: string };

/**
 * What is wrong at each use the reference search found (proven, unproven, candidates through
 * receivers), as `reasonAt` tells it for the name at `start`..`end` of a file (`null`: nothing).
 */
export function problemsAt(found: References, reasonAt: (model: ModelledFile, start: number, end: number) => string | null): Problem[] {
  const problems: Problem[] = [];
  const check = (file: string, start: number, maybe: string | null) => {
    const model = found.models.get(file);
    const reason = model ? reasonAt(model, start, start + found.name.length) : null;
    if (reason) problems.push({ file, start, reason: maybe ? `${reason}; it may be a use of it: ${maybe}` : reason });
  };
  for (const location of found.locations) if (location.kind === 'reference') check(location.file, location.start, null);
  for (const mention of found.unproven) check(mention.file, mention.start, mention.reason);
  for (const candidate of found.candidates) check(candidate.location.file, candidate.location.start, `read from ${candidate.receiver}, whose type structedit cannot tell`);
  return problems;
}

/** Whether a name is written as a type (an annotation, a type argument, a declared type). */
export function inTypePosition(root: Node, start: number, end: number): boolean {
  let node = root.descendantForIndex(start, Math.max(start, end - 1));
  for (let depth = 0; node && depth < 4; depth++, node = node.parent) {
    if (/(?:^|_)type(?:$|_)|annotation|type_identifier|type_arguments/.test(node.type)) return true;
    // C#'s types are identifiers in a declaration's `type` or `returns` field.
    const parent = node.parent;
    if (parent && (parent.childForFieldName('type')?.equals(node) || parent.childForFieldName('returns')?.equals(node))) return true;
    if (/statement|declaration|definition|expression$|call/.test(node.type)) return false;
  }
  return false;
}
