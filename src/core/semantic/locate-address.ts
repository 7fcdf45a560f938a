import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import { invalidArgument, type CodeLocation, type StructeditError } from '../errors.js';
import { locateTarget, locateUniqueTarget, targetAmbiguous } from '../locate/locate.js';
import { TargetNamer, type StructurePath } from '../locate/targets.js';
import { partBlockingErrors, syntaxErrorsInsideFailure } from '../structure/syntax-errors.js';
import type { TextSpan } from '../structure/types.js';
import { lineOfOffset, lineText } from '../text/source-text.js';
import { readAddress, readingForErrors, type AddressReading } from './address.js';
import { resolvePart, type PartContext, type ResolvedPart } from './parts.js';
import type { SemanticWorkspace, WorkspaceFile } from './workspace.js';

/** A located address: the file, its syntax context and the selected part. */
export interface LocatedAddress {
  readonly file: WorkspaceFile;
  readonly context: PartContext;
  readonly part: ResolvedPart;
  /** The target the address's reading used. */
  readonly target: string;
  /** The target of the structure enclosing the selection (for `STRUCTURE_EMPTY` warnings). */
  readonly ownerTarget: string | null;
}

/** What a part edit does to the part it selects: what its syntax errors are checked against. */
export type PartEditOp = 'set' | 'add';

/**
 * Resolves an address in a file of the workspace (see `readAddress` for how it is read). With
 * `overloads`, a target naming overload signatures and their implementation side by side names
 * the last of them (what a rename of the one name needs). A structure with syntax errors inside it
 * is refused, except for a part edit (`edit`) whose part lies clear of them, or replaces them whole
 * where its extent holds ({@link partBlockingErrors}).
 */
export function locateAddress(
  workspace: SemanticWorkspace,
  path: string,
  address: string,
  language?: string,
  options: { overloads?: boolean; edit?: PartEditOp } = {},
): ResultAsync<LocatedAddress, StructeditError> {
  return safeTry(async function* () {
    const file = yield* workspace.file(path, language).safeUnwrap();
    const readings = yield* readAddress(address).safeUnwrap();
    const root = yield* workspace.syntax(file).safeUnwrap();
    if (!root) {
      return err(invalidArgument([{ field: 'path', message: `${path} is ${file.language.id}, which has no syntax tree for semantic edits; use the structure operations (replaceStructure, insertAfterStructure, …) instead` }]));
    }
    const { tree } = file;
    const namer = new TargetNamer(tree);
    const context: PartContext = { tree, root, file: path, address };
    let chosen: { target: string; structure: StructurePath; selectors: AddressReading['selectors'] } | null = null;
    for (const reading of readings) {
      const located = locateTarget(tree, reading.target, path, namer);
      if (located.isErr()) continue;
      const matches = located.value;
      const overloaded = options.overloads === true && matches.length > 1 && matches.every((match) => isOverloadOf(match, matches[0]!));
      if (matches.length > 1 && !overloaded) return err(targetAmbiguous(tree, path, reading.target, matches, namer));
      // Overload signatures and their implementation declare one name: the last one stands for all.
      chosen = { target: reading.target, structure: matches[matches.length - 1]!, selectors: reading.selectors };
      break;
    }
    if (!chosen) {
      const reading = readingForErrors(readings);
      const failure = locateUniqueTarget(tree, reading.target, path, namer);
      return err(failure.isErr() ? failure.error : invalidArgument([{ field: 'address', message: 'names nothing' }]));
    }
    yield* workspace.checkLocatedSyntax(file, [chosen.structure], options.edit ? 'edit' : 'part').safeUnwrap();
    const part = yield* resolvePart(context, chosen.structure, chosen.selectors, chosen.target).safeUnwrap();
    if (options.edit) {
      const structure = chosen.structure[chosen.structure.length - 1]!;
      const blocking = partBlockingErrors(tree, structure, editedRegion(part, options.edit), options.edit === 'set' || part.kind === 'structure');
      if (blocking.length > 0) return err(syntaxErrorsInsideFailure(path, tree, blocking, part.description));
    }
    const owner = part.path.length > 1 ? part.path.slice(0, part.kind === 'structure' ? -1 : undefined) : part.path;
    const ownerTarget = owner.length === 1 ? '' : namer.targetOf(owner).target;
    return ok({ file, context, part, target: chosen.target, ownerTarget });
  });
}

/**
 * The text a part edit reads or writes: the part it sets (or where it creates it), the whole list
 * it adds to (its separators and layout are read from every item), or `null` for the whole
 * structure.
 */
function editedRegion(part: ResolvedPart, op: PartEditOp): TextSpan | null {
  if (part.kind === 'structure') return null;
  if (op === 'set') return part.span ?? (part.create ? { start: part.create.at, end: part.create.at } : null);
  const list = part.element?.list ?? part.list;
  if (list?.open && list.close) return { start: list.open.start, end: list.close.end };
  const items = list?.items ?? [];
  if (items.length > 0) return { start: items[0]!.start, end: items[items.length - 1]!.end };
  return part.span ?? null;
}

/** Whether two located structures are declarations of one name side by side (TypeScript overloads). */
function isOverloadOf(path: StructurePath, first: StructurePath): boolean {
  const node = path[path.length - 1]!;
  const other = first[first.length - 1]!;
  return node.name !== null && node.name === other.name && path.length === first.length && path[path.length - 2] === first[first.length - 2] && /function|method/.test(node.kind) && /function|method/.test(other.kind);
}

/** A place in a file, as references and collisions are listed. */
export function codeLocation(file: WorkspaceFile, offset: number, kind: string): CodeLocation {
  const source = file.tree.source;
  const line = lineOfOffset(source, offset);
  return { file: file.path, line, column: offset - source.lineStarts[line - 1]! + 1, text: lineText(source, line).trim(), kind };
}
