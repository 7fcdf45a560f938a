import { err, ok, type Result } from 'neverthrow';
import type { Chunk } from '../arguments/chunks.js';
import type { ChunkLineMismatch, ErrorOf, LineRange } from '../errors.js';
import type { StructureNode } from '../structure/types.js';
import { indentationAt, type SourceText } from '../text/source-text.js';
import type { Warning } from '../warnings.js';
import { chunkAmbiguity, chunkAmbiguous, chunkMismatch, chunksOverlap, contextBeforeNotFound, describeEnding, differenceHint } from './chunk-diagnostics.js';
import { fileLine, findPattern, matchesAt, sameLine, type ChunkScope, type Edit, type Failure, type NormalisedChunk, type Placed, type StructureLines } from './chunk-model.js';
import type { Replacement } from './replacements.js';

export type { ChunkScope, StructureLines } from './chunk-model.js';

/**
 * Chunk edits (docs/spec/chunk-symbol-editing.md): each chunk finds its place in one structure by its
 * context lines and replaces the lines between them. Every chunk is placed on the ORIGINAL
 * structure before anything changes, all chunks are applied at their original positions, and the
 * edit becomes line-level replacements, so lines no chunk touches keep their bytes. This module
 * matches and plans; what a failure is reported as is chunk-diagnostics.ts's.
 */

/** Where a chunk's lines went, as `applyChunks` reports it. */
export interface AppliedChunk {
  /** The chunk's index in `chunks` (0-based). */
  chunk_index: number;
  /** The lines `old_lines` occupied in the original file (`null` for a pure insertion). */
  old_line_range_inclusive: LineRange | null;
  /** The lines `new_lines` occupy in the edited file (`null` for a pure deletion). */
  new_line_range_inclusive: LineRange | null;
}


/** The replacements that apply the chunks, and the figures the result reports. */
export interface ChunkPlan {
  readonly replacements: Replacement[];
  /** Per chunk, in request order. */
  readonly chunks: AppliedChunk[];
  readonly linesRemoved: number;
  readonly linesAdded: number;
  /** The structure's line range after the edit. */
  readonly lineRange: LineRange;
  /** `CHUNK_AMBIGUOUS` for chunks that fitted at several places. */
  readonly warnings: Warning[];
}

/** Errors planning chunks can produce. */
export type ChunkPlanError = ErrorOf<'CHUNK_MISMATCH'> | ErrorOf<'CHUNKS_OVERLAP'> | ErrorOf<'CHUNK_AMBIGUOUS'>;




/** The lines of `node`, consistent with the text `readStructure` returns for it. */
export function structureLines(source: SourceText, node: StructureNode): StructureLines {
  const [first, last] = node.lineRange;
  const indent = indentationAt(source, node.start);
  const midLine = node.start - source.lineStarts[first - 1]! !== indent.length;
  const lines: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (let line = first; line <= last; line++) {
    const lineStart = source.lineStarts[line - 1]!;
    const next = source.lineStarts[line];
    let end = next === undefined ? source.text.length : next - 1;
    if (line === last) end = Math.max(lineStart, Math.min(end, node.end));
    const start = line === first && midLine ? node.start : lineStart;
    starts.push(start);
    ends.push(end);
    lines.push((line === first && midLine ? indent : '') + source.text.slice(start, end));
  }
  return { firstLine: first, lines, starts, ends, shownIndent: midLine ? indent : '' };
}




/**
 * Places every chunk on the original structure (trying every candidate position), refuses
 * overlapping chunks, and turns the chunks into replacements on `source.text`.
 */
export function planChunks(source: SourceText, node: StructureNode, chunks: readonly Chunk[], scope: ChunkScope, ambiguous: 'first' | 'reject' = 'reject'): Result<ChunkPlan, ChunkPlanError> {
  const edit: Edit = { source, node, scope, structure: structureLines(source, node), count: chunks.length };
  const placed: Placed[] = [];
  for (let index = 0; index < chunks.length; index++) {
    const normalised = normaliseChunk(chunks[index]!, index, source.lineEnding);
    if ('check' in normalised) return err(chunkMismatch(edit, index, normalised, [], null));
    const placement = placeChunk(edit, normalised);
    if (placement.isErr()) return err(placement.error);
    const chunk = { chunk: normalised, ...placement.value };
    if (ambiguous === 'reject' && chunk.others.length > 0) return err(chunkAmbiguity(edit, chunk));
    placed.push(chunk);
  }
  const overlap = findOverlap(edit, placed);
  if (overlap) return err(overlap);
  return ok(buildPlan(edit, placed));
}

// ---------------------------------------------------------------------------------------------
// Normalising (check 7)

/**
 * Lists a chunk's contexts and splits line breaks inside its strings: `\r\n` and `\n` anywhere,
 * a lone `\r` only in a file whose lines end in `\r`. One trailing line break of a string adds no
 * empty line. Any other carriage return fails check 7: written out, it would put a foreign line
 * ending into the file.
 */
function normaliseChunk(chunk: Chunk, index: number, lineEnding: SourceText['lineEnding']): NormalisedChunk | Failure {
  const breaks = lineEnding === '\r' ? /\r\n|\n|\r/ : /\r\n|\n/;
  const split = (value: string): string[] => {
    const lines = value.split(breaks);
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    return lines;
  };
  const asList = (value: string | string[]) => (typeof value === 'string' ? (value === '' ? [] : [value]) : value);
  const fields: Array<[ChunkLineMismatch['field'], string | string[]]> = [
    ['context_before', chunk.context_before],
    ['old_lines', chunk.old_lines],
    ['new_lines', chunk.new_lines],
    ['context_after', chunk.context_after],
  ];
  for (const [field, value] of fields) {
    const items = asList(value);
    for (let item = 0; item < items.length; item++) {
      const column = lineEnding === '\r' ? -1 : items[item]!.search(/\r(?!\n)/);
      if (column === -1) continue;
      const name = typeof value === 'string' ? field : `${field}[${item}]`;
      return {
        check: 'line_endings',
        reason: `${name} holds a carriage return (\\r) at character ${column + 1}, but the file's lines end in ${describeEnding(lineEnding)}${lineEnding === '\r\n' ? ', and a \\r not followed by \\n is no line ending there' : ''}. Send lines without line endings (as list items, or separated by \\n); structedit writes the file's own line endings`,
        mismatch: { field, index: item, expected: items[item]!, actual: null, line: null },
        focus: 0,
        score: 0,
      };
    }
  }
  return {
    index,
    before: asList(chunk.context_before).flatMap(split),
    old: chunk.old_lines.flatMap(split),
    replacement: chunk.new_lines.flatMap(split),
    after: asList(chunk.context_after).flatMap(split),
  };
}


// ---------------------------------------------------------------------------------------------
// Placing one chunk (checks 0-6)



/**
 * The positions (index of the first old line) where `context_before` ends directly above. An
 * empty `context_before` anchors the chunk at the structure's first line, as an empty
 * `context_after` anchors it at the last.
 */
function candidatePositions(lines: readonly string[], before: readonly string[]): number[] {
  if (before.length === 0) return [0];
  const positions: number[] = [];
  for (let position = before.length; position <= lines.length; position++) {
    if (matchesAt(lines, before, position - before.length)) positions.push(position);
  }
  return positions;
}

function placeChunk(edit: Edit, chunk: NormalisedChunk): Result<{ position: number; others: number[] }, ErrorOf<'CHUNK_MISMATCH'>> {
  const candidates = candidatePositions(edit.structure.lines, chunk.before);
  if (candidates.length === 0) return err(chunkMismatch(edit, chunk.index, contextBeforeNotFound(edit, chunk), [], null));
  const passing: number[] = [];
  const failures: Array<{ position: number; failure: Failure }> = [];
  for (const position of candidates) {
    const failure = evaluate(edit, chunk, position);
    if (failure === null) passing.push(position);
    else failures.push({ position, failure });
  }
  if (passing.length > 0) return ok({ position: passing[0]!, others: passing.slice(1) });
  const best = failures.reduce((a, b) => (b.failure.score > a.failure.score ? b : a));
  return err(chunkMismatch(edit, chunk.index, best.failure, failures, best.position));
}

/** Runs the checks at one candidate position: `null` when the chunk fits there. */
function evaluate(edit: Edit, chunk: NormalisedChunk, position: number): Failure | null {
  const { lines } = edit.structure;
  const { before, old, replacement, after } = chunk;
  const n = lines.length;
  // An empty context_before anchors the chunk at the first line; say so when its lines are elsewhere.
  const misplacedAnchor = (mismatch: ChunkLineMismatch, score: number): Failure | null => {
    const elsewhere = before.length === 0 ? findPattern(lines, [...old, ...after], 1) : -1;
    if (elsewhere === -1) return null;
    return {
      check: 'structure_end',
      reason: `context_before is empty, which anchors the chunk at the structure's first line (${fileLine(edit, 0)}), but ${old.length > 0 ? 'old_lines' : 'context_after'} match at line ${fileLine(edit, elsewhere)}; give the line(s) directly above ${old.length > 0 ? 'them' : 'the insertion point'} as context_before`,
      mismatch,
      focus: elsewhere,
      score,
    };
  };
  for (let j = 0; j < old.length; j++) {
    const at = position + j;
    if (at >= n) {
      return {
        check: 'boundary',
        reason: `old_lines[${j}] ${JSON.stringify(old[j])} would be line ${fileLine(edit, at)}, past the structure's last line (${fileLine(edit, n - 1)}); a chunk can only change the structure's own lines`,
        mismatch: { field: 'old_lines', index: j, expected: old[j]!, actual: null, line: null },
        focus: n - 1,
        score: before.length + j,
      };
    }
    if (!sameLine(lines[at]!, old[j]!)) {
      const mismatch: ChunkLineMismatch = { field: 'old_lines', index: j, expected: old[j]!, actual: lines[at]!, line: fileLine(edit, at) };
      const misplaced = misplacedAnchor(mismatch, j);
      if (misplaced) return misplaced;
      return {
        check: 'old_lines',
        reason: `${before.length > 0 ? `context_before matches lines ${fileLine(edit, position - before.length)}-${fileLine(edit, position - 1)}, but ` : `context_before is empty, so old_lines start at the structure's first line, and `}old_lines[${j}] ${JSON.stringify(old[j])} differs from line ${fileLine(edit, at)} ${JSON.stringify(lines[at])}${differenceHint(old[j]!, lines[at]!)}`,
        mismatch,
        focus: at,
        score: before.length + j,
      };
    }
  }
  if (replacement.length === 0) {
    for (let j = 0; j < old.length; j++) {
      const actual = lines[position + j]!;
      if (actual !== old[j]) {
        return {
          check: 'deletion',
          reason: `a pure deletion (empty new_lines) must quote the lines it deletes exactly, trailing whitespace included: old_lines[${j}] is ${JSON.stringify(old[j])}, line ${fileLine(edit, position + j)} is ${JSON.stringify(actual)}`,
          mismatch: { field: 'old_lines', index: j, expected: old[j]!, actual, line: fileLine(edit, position + j) },
          focus: position + j,
          score: before.length + j,
        };
      }
    }
  }
  const afterStart = position + old.length;
  if (after.length === 0 && afterStart < n) {
    const following = n - afterStart;
    return {
      check: 'structure_end',
      reason: `context_after is empty, which means the chunk ends at the structure's last line (${fileLine(edit, n - 1)}), but ${following} more line${following === 1 ? ' follows' : 's follow'} old_lines, starting with line ${fileLine(edit, afterStart)} ${JSON.stringify(lines[afterStart])}; give the line(s) directly below the change as context_after`,
      mismatch: { field: 'context_after', index: 0, expected: '', actual: lines[afterStart]!, line: fileLine(edit, afterStart) },
      focus: afterStart,
      score: before.length + old.length,
    };
  }
  for (let k = 0; k < after.length; k++) {
    const at = afterStart + k;
    if (at >= n) {
      return {
        check: 'boundary',
        reason: `context_after[${k}] ${JSON.stringify(after[k])} would be line ${fileLine(edit, at)}, past the structure's last line (${fileLine(edit, n - 1)}); a chunk can only use the structure's own lines (use "" as context_after when the change reaches the structure's end)`,
        mismatch: { field: 'context_after', index: k, expected: after[k]!, actual: null, line: null },
        focus: n - 1,
        score: before.length + old.length + k,
      };
    }
    if (!sameLine(lines[at]!, after[k]!)) {
      const mismatch: ChunkLineMismatch = { field: 'context_after', index: k, expected: after[k]!, actual: lines[at]!, line: fileLine(edit, at) };
      const misplaced = misplacedAnchor(mismatch, old.length + k);
      if (misplaced) return misplaced;
      const insertion = old.length === 0;
      const anchor = before.length > 0 ? `context_before (which ends at line ${fileLine(edit, position - 1)})` : `the structure's start (context_before is empty)`;
      return {
        check: insertion ? 'insertion' : 'context_after',
        reason: `${insertion ? `a pure insertion (empty old_lines) needs context_after directly after ${anchor}, but ` : `old_lines match at line ${fileLine(edit, position)}, but `}context_after[${k}] ${JSON.stringify(after[k])} differs from line ${fileLine(edit, at)} ${JSON.stringify(lines[at])}${differenceHint(after[k]!, lines[at]!)}`,
        mismatch,
        focus: at,
        score: before.length + old.length + k,
      };
    }
  }
  return null;
}






// ---------------------------------------------------------------------------------------------
// Errors





// ---------------------------------------------------------------------------------------------
// Overlaps and the plan


/** Two chunks that change the same lines (or an insertion inside lines another chunk replaces). */
function findOverlap(edit: Edit, placed: readonly Placed[]): ErrorOf<'CHUNKS_OVERLAP'> | null {
  const span = (p: Placed) => ({ start: p.position, end: p.position + p.chunk.old.length });
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = span(placed[i]!);
      const b = span(placed[j]!);
      const clash =
        a.start < a.end && b.start < b.end
          ? a.start < b.end && b.start < a.end
          : a.start === a.end && b.start === b.end
            ? false
            : a.start === a.end
              ? b.start < a.start && a.start < b.end
              : a.start < b.start && b.start < a.end;
      if (clash) return chunksOverlap(edit, placed[i]!, placed[j]!);
    }
  }
  return null;
}


/** A change of whole structure lines: lines `[start, end)` become `lines`. */
interface LineEdit {
  start: number;
  end: number;
  lines: string[];
}

function buildPlan(edit: Edit, placed: readonly Placed[]): ChunkPlan {
  // Insertions before a replacement at the same line, and insertions at one line in request order.
  const ordered = [...placed].sort((a, b) => a.position - b.position || a.chunk.old.length - b.chunk.old.length || a.chunk.index - b.chunk.index);
  const applied: AppliedChunk[] = new Array<AppliedChunk>(placed.length);
  const lineEdits: LineEdit[] = [];
  let delta = 0;
  for (const { chunk, position } of ordered) {
    const oldCount = chunk.old.length;
    const newCount = chunk.replacement.length;
    const oldFirst = fileLine(edit, position);
    applied[chunk.index] = {
      chunk_index: chunk.index,
      old_line_range_inclusive: oldCount > 0 ? [oldFirst, oldFirst + oldCount - 1] : null,
      new_line_range_inclusive: newCount > 0 ? [oldFirst + delta, oldFirst + delta + newCount - 1] : null,
    };
    delta += newCount - oldCount;
    // Adjacent changes become one, so no two replacements meet at a line break.
    const previous = lineEdits[lineEdits.length - 1];
    if (previous && previous.end === position) {
      previous.end = position + oldCount;
      previous.lines.push(...chunk.replacement);
    } else {
      lineEdits.push({ start: position, end: position + oldCount, lines: [...chunk.replacement] });
    }
  }
  const [first, last] = edit.node.lineRange;
  const linesRemoved = placed.reduce((sum, p) => sum + p.chunk.old.length, 0);
  const linesAdded = placed.reduce((sum, p) => sum + p.chunk.replacement.length, 0);
  return {
    replacements: lineEdits.filter((lineEdit) => lineEdit.start !== lineEdit.end || lineEdit.lines.length > 0).map((lineEdit) => toReplacement(edit.structure, lineEdit)),
    chunks: applied,
    linesRemoved,
    linesAdded,
    lineRange: [first, Math.max(first, last + linesAdded - linesRemoved)],
    warnings: placed.filter((p) => p.others.length > 0).map((p) => chunkAmbiguous(edit, p)),
  };
}

/**
 * The text replacement for a change of whole lines. Replacements stop short of line breaks they
 * keep, so a line break is only rewritten (with the file's ending) where lines are added or
 * removed around it.
 */
function toReplacement(structure: StructureLines, lineEdit: LineEdit): Replacement {
  const { starts, ends, lines: current } = structure;
  const n = current.length;
  const { start: a, end: b, lines } = lineEdit;
  let replacement: Replacement;
  if (lines.length === 0) {
    // Deletion: take one line break with the lines, the one after them or, at the end, before them.
    if (b < n) replacement = { start: starts[a]!, end: starts[b]!, text: '' };
    else replacement = { start: a === 0 ? starts[0]! : ends[a - 1]!, end: ends[n - 1]!, text: '' };
  } else if (a === b) {
    if (a < n) replacement = { start: starts[a]!, end: starts[a]!, text: `${lines.join('\n')}\n` };
    else replacement = { start: ends[n - 1]!, end: ends[n - 1]!, text: `\n${lines.join('\n')}` };
  } else {
    replacement = { start: starts[a]!, end: ends[b - 1]!, text: lines.join('\n') };
  }
  // Text written at the start of a structure that starts mid-line follows the code before it.
  if (a === 0 && structure.shownIndent !== '' && replacement.text.startsWith(structure.shownIndent)) {
    replacement = { ...replacement, text: replacement.text.slice(structure.shownIndent.length) };
  }
  return replacement;
}


