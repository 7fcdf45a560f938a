import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyByteReplacements, isOverlap } from '../../src/core/edit/replacements.js';
import { joinContent } from '../../src/core/file-content.js';
import { planSequentialEdits, type LiteralEdit } from '../../src/core/file-edit/sequential-edits.js';
import { createByteText } from '../../src/core/text/byte-text.js';
import { decodeUtf8 } from '../../src/core/text/utf8.js';
import { nodeModulesSample, pythonSample } from '../corpus/corpus.js';

/**
 * The byte planner of file_edit against the specification (each edit a split/join on the whole
 * decoded text), on real files: edits made from the files' own lines (so they occur, repeat, and
 * overlap what earlier edits inserted), on each file as it is and with CRLF line breaks.
 */

/** A deterministic generator (the corpus run is reproducible). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

function editsFor(text: string, next: () => number): LiteralEdit[] {
  const lines = text.split('\n').filter((line) => line.trim().length > 0);
  const edits: LiteralEdit[] = [];
  let current = text;
  for (let attempt = 0; attempt < 40 && lines.length > 0; attempt++) {
    const line = lines[Math.floor(next() * lines.length)]!;
    // A line, a piece of one, or two lines; replaced by an edited copy that sometimes repeats it.
    const start = Math.floor(next() * line.length);
    const old = next() < 0.3 ? line.slice(start, start + 1 + Math.floor(next() * 12)) : next() < 0.5 ? `${line}\n` : line;
    const count = current.split(old).length - 1;
    if (old === '' || count === 0) continue;
    const replacement = next() < 0.5 ? `${old} /* é→✓ */` : next() < 0.5 ? '' : `${old}\n${old.trim()}`;
    edits.push({ old_text: old, new_text: replacement, occurrences: count });
    current = current.split(old).join(replacement);
  }
  return edits;
}

describe('planSequentialEdits on real files equals applying the edits one by one', () => {
  it('Python standard library and node_modules sources, LF and CRLF', () => {
    const next = random(7);
    const samples = [pythonSample(60), nodeModulesSample(60)];
    let files = 0;
    let edits = 0;
    for (const { root, files: paths } of samples) {
      for (const path of paths) {
        const decoded = decodeUtf8(readFileSync(join(root, path)));
        if (decoded.isErr() || decoded.value.text.includes('\r')) continue;
        const text = decoded.value.text;
        const fileEdits = editsFor(text, next);
        const expected = fileEdits.reduce((current, edit) => current.split(edit.old_text).join(edit.new_text), text);
        for (const crlf of [false, true]) {
          const bytes = new TextEncoder().encode(crlf ? text.replace(/\n/g, '\r\n') : text);
          const byteText = createByteText(bytes)._unsafeUnwrap();
          const plan = planSequentialEdits(byteText, fileEdits)._unsafeUnwrap();
          const applied = applyByteReplacements(byteText, bytes, plan.replacements);
          if (isOverlap(applied)) throw new Error(`${path}: overlapping replacements`);
          expect(new TextDecoder().decode(joinContent(applied.content)), path).toBe(crlf && text.includes('\n') ? expected.replace(/\n/g, '\r\n') : expected);
        }
        files++;
        edits += fileEdits.length;
      }
    }
    console.log(`[corpus] file_edit byte planner: ${files} files, ${edits} edits, each as LF and as CRLF, identical to split/join`);
    expect(files).toBeGreaterThan(100);
  });
});
