import { describe, expect, it } from 'vitest';
import { expectAtMost, FULL, sampled, TIME_LIMIT_MS } from './budget.js';
import { aiSdkWorkspaceCorpus, zodCorpus, type TypeScriptCorpus } from './typescript-corpus.js';
import { typeScriptMovesChecked } from './typescript-move.js';

/**
 * Issue 17's oracle for TypeScript moves: move exported top-level declarations of real sources to a
 * new file beside them or to an existing sibling (`op: 'move'`); the language service must find no
 * new error in the changed files or in any file that mentions the name.
 *
 * The bounds are a ratchet of today's counts; the goal is 0 broke, and a bound may only go down.
 */
// Each move is type-checked. A type check of zod takes 10 to 30 s (its types are heavy, and a
// moved declaration's users include its largest files), so its moves run only in a full run.
// (A full run is not bounded: it counts.)
const CORPORA: { corpus: () => TypeScriptCorpus; moves: number; fullRunOnly: boolean; bounds: { broke: number } }[] = [
  { corpus: zodCorpus, moves: 2, fullRunOnly: true, bounds: { broke: 0 } },
  { corpus: aiSdkWorkspaceCorpus, moves: 8, fullRunOnly: false, bounds: { broke: 0 } },
];

describe('moves of exported TypeScript declarations type-check as before', () => {
  for (const { corpus: load, moves, fullRunOnly, bounds } of CORPORA) {
    const corpus = load();
    it.skipIf(fullRunOnly && !FULL)(
      corpus.name,
      async () => {
        const tally = await typeScriptMovesChecked(corpus, { sample: sampled(moves) });
        console.log(`${tally.report()}\n  (${corpus.description}; sampled ${tally.sampled} of ${tally.total}${FULL ? ', full run' : ''})`);
        expect(tally.sampled).toBeGreaterThanOrEqual(Math.min(moves, tally.total));
        expect(tally.checked).toBeGreaterThan(0);
        expect(tally.crashed).toEqual([]);
        expectAtMost(tally.broke.length, bounds.broke);
      },
      TIME_LIMIT_MS,
    );
  }
});
