import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chunk } from 'structedit';
import { planChunks } from '../../src/core/edit/chunks.js';
import { applyReplacements, isOverlap } from '../../src/core/edit/replacements.js';
import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import type { StructureNode } from '../../src/core/structure/types.js';
import { createSourceText } from '../../src/core/text/source-text.js';
import { decodeUtf8 } from '../../src/core/text/utf8.js';
import { parseStructureTree } from '../../src/parsing/parse-structure.js';
import { nodeModulesSample, pythonSample } from './corpus.js';

/** A structure from real code: its file text (`\n` form), the node, and its lines. */
interface Sample {
  file: string;
  text: string;
  node: StructureNode;
  /** Where its first line starts (structures here start after their line's indentation). */
  regionStart: number;
  lines: string[];
}

const samples: Sample[] = [];

beforeAll(async () => {
  const registry = createLanguageRegistry();
  for (const { root, files } of [pythonSample(40), nodeModulesSample(40)]) {
    for (const file of files) {
      const decoded = decodeUtf8(readFileSync(join(root, file)));
      const language = registry.resolve(file);
      if (decoded.isErr() || language.isErr() || decoded.value.text.includes('\r')) continue;
      const source = createSourceText(decoded.value.text);
      const tree = await parseStructureTree(source, language.value);
      if (tree.syntaxErrors.length > 0) continue;
      const text = source.text;
      const found: Sample[] = [];
      const visit = (node: StructureNode) => {
        for (const child of node.children) {
          const regionStart = source.lineStarts[child.lineRange[0] - 1]!;
          const wholeLines = /^[ \t]*$/.test(text.slice(regionStart, child.start)) && text[child.end - 1] !== '\n';
          const lines = text.slice(regionStart, child.end).split('\n');
          if (wholeLines && lines.length >= 5) found.push({ file, text, node: child, regionStart, lines });
          visit(child);
        }
      };
      visit(tree.root);
      // A few per file, spread over it, so no single file dominates.
      const step = Math.max(1, Math.floor(found.length / 4));
      for (let i = 0; i < found.length && i < step * 4; i += step) samples.push(found[i]!);
    }
  }
});

/** One random line edit: lines `[at, at + remove)` become `insert`. */
interface LineEdit {
  at: number;
  remove: number;
  insert: string[];
}

const lineText = fc.oneof(
  fc.string({ maxLength: 30 }).map((value) => value.replace(/[\r\n]/g, '')),
  fc.constantFrom('', '    pass', '  return x;', '}', '        # changed'),
);
const editArbitrary = fc.record({ at: fc.nat(), remove: fc.nat({ max: 3 }), insert: fc.array(lineText, { maxLength: 3 }) });
const contextStyle = fc.record({ beforeSize: fc.integer({ min: 1, max: 3 }), afterSize: fc.integer({ min: 1, max: 3 }), asString: fc.boolean(), trimTrailing: fc.boolean() });

/** Non-overlapping edits in order: adjacent edits allowed, two insertions at one line not (their order would be up to the request). */
function normaliseEdits(raw: readonly LineEdit[], n: number): LineEdit[] {
  const sorted = raw.map((edit) => ({ ...edit, at: edit.at % (n + 1) })).map((edit) => ({ ...edit, remove: Math.min(edit.remove, n - edit.at) }));
  sorted.sort((a, b) => a.at - b.at || a.remove - b.remove);
  const edits: LineEdit[] = [];
  for (const edit of sorted) {
    if (edit.remove === 0 && edit.insert.length === 0) continue;
    const previous = edits[edits.length - 1];
    if (previous && (edit.at < previous.at + previous.remove || (edit.at === previous.at && previous.remove === 0 && edit.remove === 0))) continue;
    edits.push(edit);
  }
  return edits;
}

/** The edits applied to the lines directly. */
function applyDirectly(lines: readonly string[], edits: readonly LineEdit[]): string[] {
  const out: string[] = [];
  let next = 0;
  for (const edit of edits) {
    out.push(...lines.slice(next, edit.at), ...edit.insert);
    next = edit.at + edit.remove;
  }
  return [...out, ...lines.slice(next)];
}

const same = (a: string, b: string) => a.trimEnd() === b.trimEnd();
const matchesAt = (lines: readonly string[], pattern: readonly string[], at: number) => at >= 0 && at + pattern.length <= lines.length && pattern.every((line, j) => same(lines[at + j]!, line));

/**
 * Whether a chunk (contexts `before`/`after` around `old`) fits at an earlier position than `at`,
 * computed here independently of the planner: the test then grows the context, as a caller would.
 */
function fitsEarlier(lines: readonly string[], before: readonly string[], old: readonly string[], after: readonly string[], at: number): boolean {
  if (before.length === 0) return false;
  for (let q = before.length; q < at; q++) {
    if (!matchesAt(lines, before, q - before.length) || !matchesAt(lines, old, q)) continue;
    if (after.length === 0 ? q + old.length === lines.length : matchesAt(lines, after, q + old.length)) return true;
  }
  return false;
}

/** Whether a chunk also fits at a position other than `at` (it would be ambiguous). */
function fitsElsewhere(lines: readonly string[], before: readonly string[], old: readonly string[], after: readonly string[], at: number): boolean {
  for (let q = before.length; q + old.length <= lines.length; q++) {
    if (q === at || !matchesAt(lines, before, q - before.length) || !matchesAt(lines, old, q)) continue;
    if (after.length === 0 ? q + old.length === lines.length : matchesAt(lines, after, q + old.length)) return true;
  }
  return false;
}

/**
 * A chunk a careful caller would send for the edit: the fewest context lines that place it at one
 * place (more before it, then more after it); `unique` is false when even the whole structure
 * around it repeats (the caller then asks for the first place, where the edit is). With `first`,
 * only enough context that no earlier place fits (the caller asks for the first place).
 */
function chunkFor(lines: readonly string[], edit: LineEdit, style: { beforeSize: number; afterSize: number; asString: boolean; trimTrailing: boolean }, placement: 'unique' | 'first' = 'unique'): Chunk & { unique: boolean } {
  const end = edit.at + edit.remove;
  const old = lines.slice(edit.at, end);
  let beforeSize = Math.min(style.beforeSize, edit.at);
  let afterSize = end === lines.length ? 0 : Math.min(style.afterSize, lines.length - end);
  let after = lines.slice(end, end + afterSize);
  while (beforeSize < edit.at && fitsEarlier(lines, lines.slice(edit.at - beforeSize, edit.at), old, after, edit.at)) beforeSize++;
  while (placement === 'unique' && beforeSize < edit.at && fitsElsewhere(lines, lines.slice(edit.at - beforeSize, edit.at), old, after, edit.at)) beforeSize++;
  while (placement === 'unique' && end + afterSize < lines.length && fitsElsewhere(lines, lines.slice(edit.at - beforeSize, edit.at), old, after, edit.at)) after = lines.slice(end, end + ++afterSize);
  const unique = !fitsElsewhere(lines, lines.slice(edit.at - beforeSize, edit.at), old, after, edit.at);
  const context = (rows: string[]) => {
    const shown = style.trimTrailing ? rows.map((row) => row.trimEnd()) : rows;
    // As one string when that reads back the same: a final line break is ignored, so not when the last line is empty.
    return style.asString && shown.length > 0 && shown[shown.length - 1] !== '' ? shown.join('\n') : shown;
  };
  return { context_before: context(lines.slice(edit.at - beforeSize, edit.at)), old_lines: old, new_lines: edit.insert, context_after: context(after), unique };
}

describe('real code: random line edits sent as chunks give the text the same edits give directly (property)', () => {
  it('Python standard library and node_modules structures, LF and CRLF', () => {
    expect(samples.length).toBeGreaterThan(100);
    let applied = 0;
    fc.assert(
      fc.property(fc.nat(), fc.array(editArbitrary, { minLength: 1, maxLength: 6 }), contextStyle, fc.boolean(), fc.boolean(), (pick, rawEdits, style, reversed, crlf) => {
        const sample = samples[pick % samples.length]!;
        const edits = normaliseEdits(rawEdits, sample.lines.length);
        fc.pre(edits.length > 0);
        const built = edits.map((edit) => chunkFor(sample.lines, edit, style));
        const chunks = built.map(({ unique: _unique, ...chunk }) => chunk);
        const expected = sample.text.slice(0, sample.regionStart) + applyDirectly(sample.lines, edits).join('\n') + sample.text.slice(sample.node.end);
        const source = createSourceText(crlf ? sample.text.replace(/\n/g, '\r\n') : sample.text);
        // A chunk whose whole surroundings repeat can only be placed by asking for the first place (where it is).
        const plan = planChunks(source, sample.node, reversed ? [...chunks].reverse() : chunks, { path: sample.file, target: null }, built.every((chunk) => chunk.unique) ? 'reject' : 'first');
        if (plan.isErr()) throw new Error(`${sample.file} lines ${sample.node.lineRange.join('-')}: ${plan.error.message}`);
        const result = applyReplacements(source, plan.value.replacements);
        if (isOverlap(result)) throw new Error('overlapping replacements');
        expect(result.original).toBe(crlf ? expected.replace(/\n/g, '\r\n') : expected);
        const delta = edits.reduce((sum, edit) => sum + edit.insert.length - edit.remove, 0);
        expect(plan.value.lineRange).toEqual([sample.node.lineRange[0], Math.max(sample.node.lineRange[0], sample.node.lineRange[1] + delta)]);
        applied++;
      }),
      { numRuns: 300 },
    );
    expect(applied).toBeGreaterThan(200);
    console.log(`[corpus] chunk edits: ${samples.length} structures sampled, ${applied} random edit sets applied`);
  });
});

describe('repetitive text: chunks land at the first place they fit (property)', () => {
  it('lines from a tiny alphabet, so contexts repeat and several candidates are tried', () => {
    let ambiguous = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', '  a', ''), { minLength: 3, maxLength: 25 }), fc.array(editArbitrary, { minLength: 1, maxLength: 4 }), contextStyle, (rows, rawEdits, style) => {
        const text = rows.join('\n');
        const edits = normaliseEdits(rawEdits, rows.length);
        fc.pre(edits.length > 0);
        const node: StructureNode = { kind: 'file', type: 'file', name: null, start: 0, end: text.length, headerStart: 0, matchStarts: [0], lineRange: [1, rows.length], children: [] };
        const plan = planChunks(createSourceText(text), node, edits.map((edit) => chunkFor(rows, edit, style, 'first')).map(({ unique: _unique, ...chunk }) => chunk), { path: 'x', target: '' }, 'first');
        if (plan.isErr()) throw new Error(plan.error.message);
        const result = applyReplacements(createSourceText(text), plan.value.replacements);
        if (isOverlap(result)) throw new Error('overlapping replacements');
        expect(result.original).toBe(applyDirectly(rows, edits).join('\n'));
        if (plan.value.warnings.length > 0) ambiguous++;
      }),
      { numRuns: 1000 },
    );
    expect(ambiguous).toBeGreaterThan(5);
  });
});
