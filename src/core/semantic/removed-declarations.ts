import { offsetAfter, type Replacement } from '../edit/replacements.js';
import type { StructurePath } from '../locate/targets.js';
import type { Occurrence, ScopeModel } from './scopes.js';
import type { SpanIndex } from '../text/span-index.js';
import type { StructureNode, StructureTree } from '../structure/types.js';

/** Kinds whose name is something the rest of the program can use. */
const DECLARATION_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'constructor', 'class', 'interface', 'enum', 'enum_member', 'struct', 'trait', 'module', 'type', 'property', 'variable', 'import']);

/**
 * The declarations a text edit removes or renames: in the tree before it, each named declaration a
 * changed span touches whose enclosing structure is found again after the edit (by the kinds and
 * names of the structures down to it) but holds nothing of its name any more (of any kind: `x = 1`
 * written as `x: int = 1` still declares `x`). The outermost such declaration stands for what it
 * holds; structures inside one without a name (an `if`) are not followed.
 */
export function declarationsGone(before: StructureTree, after: StructureTree, changed: SpanIndex): StructurePath[] {
  const gone: StructurePath[] = [];
  // (A walk with a stack of its own: code can nest 10,000 levels deep.)
  const pending: Array<{ path: StructurePath; again: StructureNode }> = [{ path: [before.root], again: after.root }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { path, again } = next;
    let byName: Map<string, StructureNode[]> | null = null;
    for (const child of path[path.length - 1]!.children) {
      if (child.name === null || !changed.touches(child.start, child.end)) continue;
      byName ??= groupByName(again.children);
      const named = byName.get(child.name) ?? [];
      if (named.length === 0) {
        if (DECLARATION_KINDS.has(child.kind)) gone.push([...path, child]);
        continue;
      }
      const same = named.filter((candidate) => candidate.kind === child.kind);
      if (same.length === 1) pending.push({ path: [...path, child], again: same[0]! });
    }
  }
  return gone.sort((a, b) => a[a.length - 1]!.start - b[b.length - 1]!.start);
}

function groupByName(nodes: readonly StructureNode[]): Map<string, StructureNode[]> {
  const groups = new Map<string, StructureNode[]>();
  for (const node of nodes) {
    if (node.name === null) continue;
    const group = groups.get(node.name);
    if (group) group.push(node);
    else groups.set(node.name, [node]);
  }
  return groups;
}

/** Kinds whose names are local to them: a declaration inside one is used only inside it. */
const LOCAL_SCOPES: ReadonlySet<string> = new Set(['function', 'method', 'constructor']);

/**
 * Whether a gone declaration may be used where the edit did not write: its name is mentioned
 * outside it and outside the changed spans (in `mentions`, every word of the file by offset), or
 * it is not local to a function, so other files may use it.
 */
export function mayBeUsedElsewhere(path: StructurePath, mentions: ReadonlyMap<string, readonly number[]>, changed: SpanIndex): boolean {
  const node = path[path.length - 1]!;
  if (!path.slice(1, -1).some((holder) => LOCAL_SCOPES.has(holder.kind))) return true;
  return (mentions.get(node.name!) ?? []).some((offset) => (offset < node.start || offset >= node.end) && !changed.holds(offset));
}

/** Every word of a text (a name as most languages write one), with the offsets it occurs at. */
export function wordOffsets(text: string): Map<string, number[]> {
  const words = new Map<string, number[]>();
  for (const match of text.matchAll(/[\p{L}_$][\p{L}\p{N}_$]*/gu)) {
    const offsets = words.get(match[0]);
    if (offsets) offsets.push(match.index);
    else words.set(match[0], [match.index]);
  }
  return words;
}

/** A file's names after a text edit: its text and scope model, and where a place the edit left alone now lies. */
export interface AfterEdit {
  readonly text: string;
  readonly model: ScopeModel;
  /** The offset in the edited text of an offset of the text before the edit, at a place the edit left alone. */
  readonly offsetOf: (offset: number) => number;
  /** The occurrence starting at an offset of the text before the edit, the edit left alone. */
  readonly occurrenceAt: (offset: number) => Occurrence | undefined;
  /**
   * The receivers through which assigning a member declares it (Python's `self.x = …` in a method),
   * or `null` where members are declared in the class alone.
   */
  readonly assigningReceivers: readonly string[] | null;
}

/** {@link AfterEdit} of the model of `edited`, for `text` edited by `replacements`. */
export function afterEdit(text: string, edited: string, model: ScopeModel, replacements: readonly Replacement[], assigningReceivers: readonly string[] | null): AfterEdit {
  let byStart: Map<number, Occurrence> | null = null;
  const offsetOf = (offset: number) => offsetAfter(text, offset, replacements);
  return {
    text: edited,
    model,
    offsetOf,
    occurrenceAt: (offset) => {
      byStart ??= new Map(model.occurrences.map((occurrence) => [occurrence.start, occurrence]));
      return byStart.get(offsetOf(offset));
    },
    assigningReceivers,
  };
}

/**
 * Whether a declaration an edit removed (one of {@link declarationsGone}) is still declared after
 * it, as its uses see it: `everywhere` when the module still binds its name (a top-level `readme =`
 * moved into a `with` block) or, for a local, when every mention of it the edit left alone still
 * names a declaration (a local made a parameter of the same name); `in-file` when its module now
 * imports the name (it moved to another module and is imported back: other files' uses no longer
 * reach it); `nowhere` otherwise.
 */
export function stillDeclared(path: StructurePath, mentions: ReadonlyMap<string, readonly number[]>, changed: SpanIndex, after: AfterEdit): 'everywhere' | 'in-file' | 'nowhere' {
  const node = path[path.length - 1]!;
  const name = node.name!;
  if (path.length === 2) {
    const binding = after.model.module.bindings.get(name);
    if (!binding) return 'nowhere';
    return binding.kind === 'import' && node.kind !== 'import' ? 'in-file' : 'everywhere';
  }
  if (!path.slice(1, -1).some((holder) => LOCAL_SCOPES.has(holder.kind))) return assignedMember(path, after) ? 'everywhere' : 'nowhere';
  for (const offset of mentions.get(name) ?? []) {
    if ((offset >= node.start && offset < node.end) || changed.holds(offset)) continue;
    // (A mention that is no occurrence is in a comment or a string.)
    const occurrence = after.occurrenceAt(offset);
    if (occurrence?.name === name && occurrence.role === 'reference' && occurrence.binding === null) return 'nowhere';
  }
  return 'everywhere';
}

/**
 * Whether a class member the edit removed is still assigned through the receiver inside its class
 * (`digest_method = staticmethod(…)` made `self.digest_method = digest_method` in `__init__`),
 * where the language declares members so.
 */
function assignedMember(path: StructurePath, after: AfterEdit): boolean {
  const receivers = after.assigningReceivers;
  const holder = path[path.length - 2]!;
  if (!receivers || path.length < 3) return false;
  const name = path[path.length - 1]!.name!;
  const start = after.offsetOf(holder.start);
  const end = after.offsetOf(holder.end);
  return after.model.occurrences.some(
    (occurrence) => occurrence.role === 'property' && occurrence.name === name && occurrence.start >= start && occurrence.end <= end && receivers.includes(occurrence.object?.name ?? '') && /^\s*(?::[^=\n]*)?=(?!=)/.test(after.text.slice(occurrence.end, occurrence.end + 200)),
  );
}
