import { levenshteinRatio } from '../text/levenshtein.js';
import { makeError, type ChunkCandidateFailure, type ChunkCheck, type ChunkPlacement, type ErrorOf, type NumberedLine } from '../errors.js';
import type { SourceText } from '../text/source-text.js';
import type { Warning } from '../warnings.js';
import { fileLine, findPattern, sameLine, type Edit, type Failure, type NormalisedChunk, type Placed } from './chunk-model.js';

/**
 * What chunk edits say when a chunk does not fit: the error values (`CHUNK_MISMATCH` with the check
 * that failed, the candidates tried and the structure's lines there; `CHUNKS_OVERLAP`;
 * `CHUNK_AMBIGUOUS`) and the warning of a chunk applied at the first of several places. The
 * matching itself (chunks.ts) only finds positions and which check failed.
 */

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

export function describeEnding(ending: SourceText['lineEnding']): string {
  return ending === '\r\n' ? '\\r\\n (CRLF)' : ending === '\r' ? '\\r (CR)' : '\\n (LF)';
}

/**
 * Why `context_before` matched nowhere in the structure: it matches only outside the structure
 * (check 5), or the longest run of its last lines that does match, or the most similar line.
 */
export function contextBeforeNotFound(edit: Edit, chunk: NormalisedChunk): Failure {
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
  return levenshteinRatio(a.trim(), b.trim());
}

/** A hint for the most common near-misses: the indentation or a tab differs. */
export function differenceHint(expected: string, actual: string): string {
  if (expected.trim() !== actual.trim()) return '';
  const indent = (line: string) => /^[ \t]*/.exec(line)![0];
  const describe = (whitespace: string) => (whitespace.includes('\t') ? JSON.stringify(whitespace) : `${whitespace.length} space${whitespace.length === 1 ? '' : 's'}`);
  return ` (only the indentation differs: the file has ${describe(indent(actual))}, the chunk ${describe(indent(expected))})`;
}


export function chunkMismatch(edit: Edit, index: number, failure: Failure, candidates: ReadonlyArray<{ position: number; failure: Failure }>, bestPosition: number | null): ErrorOf<'CHUNK_MISMATCH'> {
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

export function describeStructure(edit: Edit): string {
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

export function chunksOverlap(edit: Edit, first: Placed, second: Placed): ErrorOf<'CHUNKS_OVERLAP'> {
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

export function chunkAmbiguous(edit: Edit, p: Placed): Warning {
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
export function chunkAmbiguity(edit: Edit, p: Placed): ErrorOf<'CHUNK_AMBIGUOUS'> {
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
