import { distance } from 'fastest-levenshtein';
import { err, ok, type Result } from 'neverthrow';
import type { Chunk } from '../arguments.js';
import {
  makeError,
  type ChunkCandidateFailure,
  type ChunkCheck,
  type ChunkLineMismatch,
  type ChunkPlacement,
  type ErrorOf,
  type LineRange,
  type NumberedLine,
} from '../errors.js';
import type { StructureNode } from '../structure/types.js';
import { indentationAt, type SourceText } from '../text/source-text.js';
import type { Warning } from '../warnings.js';
import type { Replacement } from './replacements.js';

/**
 * Chunk edits (docs/spec/chunk-symbol-editing.md): each chunk finds its place in one structure by its
 * context lines and replaces the lines between them. Every chunk is placed on the ORIGINAL
 * structure before anything changes, all chunks are applied at their original positions, and the
 * edit becomes line-level replacements, so lines no chunk touches keep their bytes.
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

/** The structure the chunks edit, as error messages and results name it. */
export interface ChunkScope {
  /** File path, as given. */
  readonly path: string;
  /** The structure's target, or `null` when none names it alone. */
  readonly target: string | null;
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

/** The number docs/spec/chunk-symbol-editing.md gives each check. */
const CHECK_NUMBERS: Record<ChunkCheck, number> = {
  context_before: 0,
  context_after: 1,
  old_lines: 2,
  insertion: 3,
  deletion: 4,
  boundary: 5,
  structure_end: 6,
  line_endings: 7,
};

const MAX_CANDIDATES_REPORTED = 10;
const MAX_EXCERPT_LINES = 15;

/**
 * The lines of a structure as chunks address them: the lines `readStructure` returns (the first
 * starts with its line's indentation, the last ends where the structure ends), with where each
 * one's text sits in `source.text`.
 */
export interface StructureLines {
  /** 1-based file line of `lines[0]`. */
  readonly firstLine: number;
  readonly lines: readonly string[];
  /** Offset in `source.text` where each line's text starts. */
  readonly starts: readonly number[];
  /** Offset in `source.text` where each line's text ends (exclusive). */
  readonly ends: readonly number[];
  /**
   * For a structure that starts mid-line (`} else {`): the indentation shown before its first
   * line, which is not in the file there, so text written at the structure's start drops it.
   */
  readonly shownIndent: string;
}

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

/** A chunk with its contexts as lists and every line break split out. */
interface NormalisedChunk {
  readonly index: number;
  readonly before: readonly string[];
  readonly old: readonly string[];
  readonly replacement: readonly string[];
  readonly after: readonly string[];
}

/** Why a chunk failed at one position (or, for `context_before`, everywhere). */
interface Failure {
  readonly check: ChunkCheck;
  readonly reason: string;
  readonly mismatch: ChunkLineMismatch | null;
  /** Index (in the structure's lines) of the line the failure is about. */
  readonly focus: number;
  /** How many of the chunk's lines matched before it failed: the best candidate has most. */
  readonly score: number;
}

/** What the planner knows about the edit besides the chunks. */
interface Edit {
  readonly source: SourceText;
  readonly node: StructureNode;
  readonly scope: ChunkScope;
  readonly structure: StructureLines;
  readonly count: number;
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

function describeEnding(ending: SourceText['lineEnding']): string {
  return ending === '\r\n' ? '\\r\\n (CRLF)' : ending === '\r' ? '\\r (CR)' : '\\n (LF)';
}

// ---------------------------------------------------------------------------------------------
// Placing one chunk (checks 0-6)

/** Lines are equal when they differ at most in trailing whitespace (the specification's comparison). */
function sameLine(actual: string, expected: string): boolean {
  return actual.trimEnd() === expected.trimEnd();
}

/** Whether `pattern` matches `lines` from `at` on (trailing-whitespace tolerant, inside bounds). */
function matchesAt(lines: readonly string[], pattern: readonly string[], at: number): boolean {
  if (at < 0 || at + pattern.length > lines.length) return false;
  for (let j = 0; j < pattern.length; j++) if (!sameLine(lines[at + j]!, pattern[j]!)) return false;
  return true;
}

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

/** First index from `from` on where `pattern` matches `lines`, or -1. */
function findPattern(lines: readonly string[], pattern: readonly string[], from: number): number {
  if (pattern.length === 0) return -1;
  for (let at = from; at + pattern.length <= lines.length; at++) if (matchesAt(lines, pattern, at)) return at;
  return -1;
}

/**
 * Why `context_before` matched nowhere in the structure: it matches only outside the structure
 * (check 5), or the longest run of its last lines that does match, or the most similar line.
 */
function contextBeforeNotFound(edit: Edit, chunk: NormalisedChunk): Failure {
  const { lines } = edit.structure;
  const before = chunk.before;
  const last = before.length - 1;
  const fileLines = edit.source.text.split('\n');
  const first = edit.structure.firstLine - 1;
  for (let at = findPattern(fileLines, before, 0); at !== -1; at = findPattern(fileLines, before, at + 1)) {
    if (at < first || at + before.length > first + lines.length) {
      const range = `${at + 1}-${at + before.length}`;
      return {
        check: 'boundary',
        reason: `context_before matches lines ${range} of the file, which are not all inside the structure (lines ${edit.node.lineRange[0]}-${edit.node.lineRange[1]}); a chunk can only use the structure's own lines: start context_before inside it, or edit the enclosing structure`,
        mismatch: null,
        focus: Math.min(Math.max(at + before.length - 1 - first, 0), lines.length - 1),
        score: 0,
      };
    }
  }
  // The longest run of context_before's last lines that matches, ending anywhere.
  let best = { matched: 0, end: -1 };
  for (let end = 0; end < lines.length; end++) {
    let matched = 0;
    while (matched <= last && end - matched >= 0 && sameLine(lines[end - matched]!, before[last - matched]!)) matched++;
    if (matched > best.matched) best = { matched, end };
  }
  if (best.matched > 0) {
    const j = last - best.matched;
    const at = best.end - best.matched;
    if (at < 0) {
      return {
        check: 'boundary',
        reason: `the last ${best.matched} line${best.matched === 1 ? '' : 's'} of context_before match lines ${fileLine(edit, 0)}-${fileLine(edit, best.end)}, but context_before[${j}] ${JSON.stringify(before[j])} would lie above the structure's first line; a chunk can only use the structure's own lines (use "" as context_before when the change starts at the structure's first line)`,
        mismatch: { field: 'context_before', index: j, expected: before[j]!, actual: null, line: null },
        focus: 0,
        score: best.matched,
      };
    }
    return {
      check: 'context_before',
      reason: `no run of the structure's lines equals context_before: its last ${best.matched} line${best.matched === 1 ? '' : 's'} match ending at line ${fileLine(edit, best.end)}, but context_before[${j}] ${JSON.stringify(before[j])} differs from line ${fileLine(edit, at)} ${JSON.stringify(lines[at])}${differenceHint(before[j]!, lines[at]!)}`,
      mismatch: { field: 'context_before', index: j, expected: before[j]!, actual: lines[at]!, line: fileLine(edit, at) },
      focus: at,
      score: best.matched,
    };
  }
  const wanted = before[last]!;
  let closest = 0;
  let closestScore = -1;
  lines.forEach((line, index) => {
    const score = lineSimilarity(wanted, line);
    if (score > closestScore) {
      closest = index;
      closestScore = score;
    }
  });
  return {
    check: 'context_before',
    reason: `no line of the structure equals context_before[${last}] ${JSON.stringify(wanted)} (the line directly above old_lines); the most similar is line ${fileLine(edit, closest)} ${JSON.stringify(lines[closest])}${differenceHint(wanted, lines[closest]!)}`,
    mismatch: { field: 'context_before', index: last, expected: wanted, actual: lines[closest]!, line: fileLine(edit, closest) },
    focus: closest,
    score: 0,
  };
}

/** How alike two lines are, from 0 to 1, ignoring the whitespace around them. */
function lineSimilarity(a: string, b: string): number {
  const x = a.trim();
  const y = b.trim();
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - distance(x, y) / longest;
}

/** A hint for the most common near-misses: the indentation or a tab differs. */
function differenceHint(expected: string, actual: string): string {
  if (expected.trim() !== actual.trim()) return '';
  const indent = (line: string) => /^[ \t]*/.exec(line)![0];
  const describe = (whitespace: string) => (whitespace.includes('\t') ? JSON.stringify(whitespace) : `${whitespace.length} space${whitespace.length === 1 ? '' : 's'}`);
  return ` (only the indentation differs: the file has ${describe(indent(actual))}, the chunk ${describe(indent(expected))})`;
}

function fileLine(edit: Edit, index: number): number {
  return edit.structure.firstLine + index;
}

// ---------------------------------------------------------------------------------------------
// Errors

function chunkMismatch(edit: Edit, index: number, failure: Failure, candidates: ReadonlyArray<{ position: number; failure: Failure }>, bestPosition: number | null): ErrorOf<'CHUNK_MISMATCH'> {
  const number = CHECK_NUMBERS[failure.check];
  const chunkName = `chunks[${index}] (chunk ${index + 1} of ${edit.count})`;
  const excerpt = failure.check === 'line_endings' ? [] : excerptAround(edit, failure.focus, bestPosition);
  const reported: ChunkCandidateFailure[] = candidates.slice(0, MAX_CANDIDATES_REPORTED).map(({ position, failure: at }) => ({
    line: fileLine(edit, position),
    check: at.check,
    check_number: CHECK_NUMBERS[at.check],
    reason: at.reason,
  }));
  const several =
    candidates.length > 1
      ? ` context_before matches at ${candidates.length} places (old_lines would start at lines ${candidates
          .slice(0, MAX_CANDIDATES_REPORTED)
          .map(({ position }) => fileLine(edit, position))
          .join(', ')}${candidates.length > MAX_CANDIDATES_REPORTED ? ', …' : ''}) and the chunk fits at none (details.candidates says why); the closest is at line ${fileLine(edit, bestPosition!)}.`
      : '';
  const shown = excerpt.length > 0 ? `\nLines ${excerpt[0]!.line}-${excerpt[excerpt.length - 1]!.line} of ${edit.scope.path} as they are (> marks line ${fileLine(edit, failure.focus)}):\n${renderExcerpt(excerpt, fileLine(edit, failure.focus))}\n` : ' ';
  const fix =
    failure.check === 'line_endings'
      ? 'Correct this chunk and send all the chunks again; nothing was written.'
      : 'Correct this chunk (copy lines exactly as shown after "| "; trailing whitespace is ignored) and send all the chunks again; nothing was written.';
  return makeError(
    'CHUNK_MISMATCH',
    `${chunkName} does not fit ${describeStructure(edit)}: check ${number} (${failure.check}) failed: ${failure.reason}.${several}${shown}${fix}`,
    {
      path: edit.scope.path,
      target: edit.scope.target,
      line_range_inclusive: [...edit.node.lineRange],
      chunk_index: index,
      check: failure.check,
      check_number: number,
      mismatch: failure.mismatch,
      candidates: reported,
      actual_lines: excerpt,
    },
  );
}

function describeStructure(edit: Edit): string {
  const { node, scope } = edit;
  const name = node.kind === 'file' ? scope.path : `the ${node.kind}${node.name ? ` ${node.name}` : ''}`;
  const target = scope.target !== null && node.kind !== 'file' ? `, target ${JSON.stringify(scope.target)}` : '';
  return `${name} (lines ${node.lineRange[0]}-${node.lineRange[1]}${node.kind === 'file' ? '' : ` of ${scope.path}`}${target})`;
}

/** The structure's lines around a failure: the chunk's span at the best position plus two lines each side, at most 15. */
function excerptAround(edit: Edit, focus: number, position: number | null): NumberedLine[] {
  const { lines } = edit.structure;
  if (lines.length === 0) return [];
  let from = Math.max(0, Math.min(focus, position ?? focus) - 3);
  let to = Math.min(lines.length - 1, Math.max(focus, position ?? focus) + 3);
  if (to - from + 1 > MAX_EXCERPT_LINES) {
    from = Math.max(from, focus - Math.floor(MAX_EXCERPT_LINES / 2));
    to = Math.min(to, from + MAX_EXCERPT_LINES - 1);
  }
  const excerpt: NumberedLine[] = [];
  for (let index = from; index <= to; index++) excerpt.push({ line: fileLine(edit, index), text: lines[index]! });
  return excerpt;
}

function renderExcerpt(excerpt: readonly NumberedLine[], marked: number): string {
  const width = String(excerpt[excerpt.length - 1]!.line).length;
  return excerpt.map(({ line, text }) => `${line === marked ? '>' : ' '} ${String(line).padStart(width)} | ${text}`).join('\n');
}

// ---------------------------------------------------------------------------------------------
// Overlaps and the plan

interface Placed {
  readonly chunk: NormalisedChunk;
  readonly position: number;
  readonly others: readonly number[];
}

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

function chunksOverlap(edit: Edit, first: Placed, second: Placed): ErrorOf<'CHUNKS_OVERLAP'> {
  const describe = (p: Placed) => {
    const line = fileLine(edit, p.position);
    const count = p.chunk.old.length;
    const what = count === 0 ? `inserts before line ${line}` : count === 1 ? `replaces line ${line}` : `replaces lines ${line}-${line + count - 1}`;
    return `chunks[${p.chunk.index}] (chunk ${p.chunk.index + 1}) ${what}`;
  };
  const placement = (p: Placed): ChunkPlacement => ({ chunk_index: p.chunk.index, first_line: fileLine(edit, p.position), line_count: p.chunk.old.length });
  const alternatives = [first, second]
    .filter((p) => p.others.length > 0)
    .map((p) => ` chunks[${p.chunk.index}] also fits at line${p.others.length === 1 ? '' : 's'} ${p.others.map((other) => fileLine(edit, other)).join(', ')}: if you meant that place, give it more context lines.`)
    .join('');
  return makeError(
    'CHUNKS_OVERLAP',
    `Chunks overlap in ${describeStructure(edit)}: ${describe(first)} and ${describe(second)}. Every chunk is placed on the original structure, so two chunks cannot change the same lines: merge them into one chunk whose old_lines cover both changes, then send all the chunks again; nothing was written.${alternatives}`,
    { path: edit.scope.path, chunks: [placement(first), placement(second)] },
  );
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

function chunkAmbiguous(edit: Edit, p: Placed): Warning {
  const line = fileLine(edit, p.position);
  const others = p.others.map((other) => fileLine(edit, other));
  return {
    type: 'CHUNK_AMBIGUOUS',
    message: `chunks[${p.chunk.index}] fitted at ${others.length + 1} places in ${describeStructure(edit)} and was applied at the first, line ${line} (it also fits at line${others.length === 1 ? '' : 's'} ${others.join(', ')}). If you meant another place, read the structure back and correct it; give such a chunk more context lines.`,
    details: { chunk_index: p.chunk.index, line, other_lines: others },
  };
}

/**
 * `CHUNK_AMBIGUOUS`: a chunk fits at several places, so where it was meant cannot be known; each
 * place is listed with the lines around it, so the next call can add a context line that tells
 * them apart (or name a narrower structure).
 */
function chunkAmbiguity(edit: Edit, p: Placed): ErrorOf<'CHUNK_AMBIGUOUS'> {
  const { lines } = edit.structure;
  const positions = [p.position, ...p.others];
  const places = positions.slice(0, MAX_CANDIDATES_REPORTED).map((position) => {
    const from = Math.max(0, position - p.chunk.before.length);
    const to = Math.min(lines.length, position + Math.max(p.chunk.old.length, 1) + p.chunk.after.length);
    return { line: fileLine(edit, position), lines: lines.slice(from, to).map((text, offset) => ({ line: fileLine(edit, from + offset), text })) };
  });
  const at = positions.map((position) => fileLine(edit, position));
  return makeError(
    'CHUNK_AMBIGUOUS',
    `chunks[${p.chunk.index}] fits at ${positions.length} places in ${describeStructure(edit)} (old_lines would start at lines ${at.slice(0, MAX_CANDIDATES_REPORTED).join(', ')}${positions.length > MAX_CANDIDATES_REPORTED ? ', …' : ''}), so where it belongs cannot be known; nothing was written. Add context_before or context_after lines that differ between these places (details.places shows each), or name a structure that holds only one of them.`,
    { path: edit.scope.path, target: edit.scope.target, chunk_index: p.chunk.index, places },
  );
}
