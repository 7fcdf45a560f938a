import { err, ok, type Result } from 'neverthrow';
import { planDeleteStructure } from '../edit/delete-structure.js';
import type { Replacement } from '../edit/replacements.js';
import { invalidArgument, type ErrorOf } from '../errors.js';
import { planRemoveItem } from './lists.js';
import type { PartContext, ResolvedPart } from './parts.js';

/**
 * Plans `remove`: a structure goes as `deleteStructure` removes it; a list element goes with its
 * separator; an optional part goes with the token that introduces it (`-> int`, `: string`,
 * ` = 1`); `.decorators` removes every decorator. `ownerTarget` names the enclosing structure in a
 * `STRUCTURE_EMPTY` warning.
 */
export function planRemove(context: PartContext, part: ResolvedPart, ownerTarget: string | null): Result<Replacement[], ErrorOf<'INVALID_ARGUMENT'>> {
  const { tree } = context;
  if (part.kind === 'structure') {
    if (part.path.length === 1) return err(invalidArgument([{ field: 'address', message: 'names the whole file; remove takes one structure or part' }]));
    return ok([...planDeleteStructure(tree, part.path, ownerTarget).replacements]);
  }
  if (part.element) return ok(planRemoveItem(tree, part.element.list, part.element.index, ownerTarget));
  if (part.kind === 'decorators' && part.list) {
    const list = part.list;
    return ok(list.items.flatMap((_, index) => planRemoveItem(tree, list, index, ownerTarget)));
  }
  if (part.removal) return ok([{ start: part.removal.start, end: part.removal.end, text: '' }]);
  if (!part.span && part.create) return ok([]);
  return err(invalidArgument([{ field: 'address', message: `${part.description} cannot be removed on its own; remove the structure, or set it to new text` }]));
}
