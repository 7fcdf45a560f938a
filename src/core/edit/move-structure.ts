import { err, ok, type Result } from 'neverthrow';
import { invalidArgument, type ErrorOf, type LineRange } from '../errors.js';
import type { StructurePath } from '../locate/targets.js';
import { structureText } from '../read/read-structure.js';
import type { StructureTree } from '../structure/types.js';
import type { IndentationStyle } from '../text/indentation.js';
import { planDeleteStructure } from './delete-structure.js';
import { planInsert, type InsertPlan, type InsertSide } from './insert-structure.js';
import { lineAfterEdit, offsetAfterEdit, spacingKind } from './layout.js';
import { indentationWarnings, type EditPlan } from './plan.js';

/** Where a moved structure goes. */
export type MovePosition = 'before' | 'after' | 'file_start' | 'file_end';

/** Figures of `moveStructure`. */
export interface MoveFigures {
  /** The structure's lines in the source file before the move. */
  source_original_line_range: LineRange;
  /** Its lines in the destination file after the move. */
  destination_final_line_range: LineRange;
}

/** The side of the destination structure a position inserts at (`file_*` use the file, target `""`). */
export function insertSideOf(position: MovePosition): InsertSide {
  return position === 'before' || position === 'file_start' ? 'before' : 'after';
}

/** What a move takes out of its source. */
export interface MoveSource {
  readonly tree: StructureTree;
  readonly path: StructurePath;
  /** Target of the structure enclosing the moved one (for `STRUCTURE_EMPTY`). */
  readonly parentTarget: string | null;
  /** How its text changes on the way to another file (Rust: the visibility its old module needs to reach it there). */
  readonly rewrite?: (text: string) => string;
}

/** Where a move puts it. */
export interface MoveDestination {
  readonly tree: StructureTree;
  /** The destination structure (`[root]` for the file's start or end). */
  readonly path: StructurePath;
  readonly side: InsertSide;
  /** The destination file's indentation style. */
  readonly style: IndentationStyle;
}

function checkSource(source: MoveSource): Result<void, ErrorOf<'INVALID_ARGUMENT'>> {
  if (source.path.length === 1) {
    return err(invalidArgument([{ field: 'source_target', message: 'is "" (the whole file); name the structure to move' }]));
  }
  return ok(undefined);
}

/** The moved text: the structure's lines as `readStructure` shows them, re-indented by the insertion. */
function movedText(source: MoveSource): string {
  const text = structureText(source.tree.source, source.path[source.path.length - 1]!);
  return source.rewrite ? source.rewrite(text) : text;
}

/**
 * Plans a move inside one file as one set of replacements on the original text: the deletion
 * (with the deletion's spacing rules) and the insertion (with the insertion's). The destination
 * must not be the moved structure or lie inside it.
 */
export function planMoveWithinFile(source: MoveSource, destination: MoveDestination): Result<EditPlan<MoveFigures>, ErrorOf<'INVALID_ARGUMENT'>> {
  return checkSource(source).andThen(() => {
    const moved = source.path[source.path.length - 1]!;
    const anchor = destination.path[destination.path.length - 1]!;
    if (destination.path.includes(moved)) {
      return err(
        invalidArgument([
          { field: 'dest_target', message: `names ${anchor === moved ? 'the moved structure itself' : 'a structure inside the moved one'}; a structure can only move next to a structure outside it` },
        ]),
      );
    }
    if (isAlreadyThere(source.path, destination.path, destination.side)) {
      // Deleting and re-inserting in place would only reflow the gap around it (and, for a last
      // line without a final newline, plan overlapping changes): a move to where it is does nothing.
      const lines: LineRange = [moved.lineRange[0], moved.lineRange[1]];
      return ok({ replacements: [], figures: { source_original_line_range: lines, destination_final_line_range: lines }, warnings: [], watched: [] });
    }
    const deletion = planDeleteStructure(source.tree, source.path, source.parentTarget);
    return planInsert(destination.tree, destination.path, destination.side, movedText(source), destination.style).map((insertion): EditPlan<MoveFigures> => {
      const replacements = [...deletion.replacements, ...insertion.replacements];
      const first = lineAfterEdit(source.tree.source, replacements, insertion.replacement, insertion.contentOffset);
      return {
        replacements,
        figures: { source_original_line_range: [...moved.lineRange], destination_final_line_range: [first, first + insertion.written.length - 1] },
        // (The deletion's own: a Python block it left with `pass`.)
        warnings: [...deletion.warnings, ...indentationWarnings(insertion.written, first, insertion.destination, 0, insertion.literals)],
        watched: deletion.watched.map((watch) => ({ ...watch, start: offsetAfterEdit(replacements, watch.start) })),
      };
    });
  });
}

/** Whether the moved structure already sits right `side` of the anchor, among the same siblings. */
function isAlreadyThere(moved: StructurePath, anchor: StructurePath, side: InsertSide): boolean {
  if (moved.length !== anchor.length || moved.length < 2 || moved[moved.length - 2] !== anchor[anchor.length - 2]) return false;
  const siblings = moved[moved.length - 2]!.children;
  const movedIndex = siblings.indexOf(moved[moved.length - 1]!);
  const anchorIndex = siblings.indexOf(anchor[anchor.length - 1]!);
  return movedIndex !== -1 && anchorIndex !== -1 && movedIndex === anchorIndex + (side === 'after' ? 1 : -1);
}

/** The kind the moved structure spaces by. */
function movedKinds(source: MoveSource): { first: string; last: string } {
  const kind = spacingKind(source.tree, source.path[source.path.length - 1]!);
  return { first: kind, last: kind };
}

/** Plans a move between two files: a deletion in one, an insertion in the other. */
export function planMoveAcrossFiles(
  source: MoveSource,
  destination: MoveDestination,
): Result<{ source: EditPlan<unknown>; destination: InsertPlan; figures: MoveFigures }, ErrorOf<'INVALID_ARGUMENT'>> {
  return checkSource(source).andThen(() =>
    // Spaced as the destination spaces structures of its kind (one blank line after Go's package clause).
    planInsert(destination.tree, destination.path, destination.side, movedText(source), destination.style, { contentKinds: movedKinds(source) }).map((insertion) => {
      const first = insertion.figures.inserted_at_line;
      return {
        source: planDeleteStructure(source.tree, source.path, source.parentTarget),
        destination: insertion,
        figures: {
          source_original_line_range: [...source.path[source.path.length - 1]!.lineRange] as LineRange,
          destination_final_line_range: [first, first + insertion.written.length - 1] as LineRange,
        },
      };
    }),
  );
}
