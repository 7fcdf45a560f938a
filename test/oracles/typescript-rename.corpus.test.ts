import { describe, expect, it } from 'vitest';
import { FULL, sampled, TIME_LIMIT_MS } from './budget.js';
import { aiSdkWorkspaceCorpus, zodCorpus, type TypeScriptCorpus } from './typescript-corpus.js';
import { renameAgainstTypeScript } from './typescript-rename.js';

/**
 * Issue 17's oracle for TypeScript renames: on real sources that import their own package by name
 * (zod 4, through its package.json exports) or other workspace packages (the AI SDK, through tsconfig
 * paths), rename exported declarations and class members with structedit (dry run) and compare the
 * places with the language service's `findRenameLocations`; then the renamed files must add no
 * error (syntactic or semantic) in any file that mentions the name.
 *
 * The bounds are a ratchet of today's counts; the goal is 0 disagreed and 0 broke, and a bound may
 * only go down.
 */
// Type checks of zod take seconds each (its types are heavy), so it gets one; the AI SDK more.
const CORPORA: { corpus: () => TypeScriptCorpus; renames: number; typeChecks: number; bounds: { disagreed: number; broke: number } }[] = [
  { corpus: zodCorpus, renames: 30, typeChecks: 1, bounds: { disagreed: 99, broke: 99 } },
  { corpus: aiSdkWorkspaceCorpus, renames: 30, typeChecks: 6, bounds: { disagreed: 99, broke: 99 } },
];

describe('rename agrees with TypeScript on real sources with self-imports and workspace imports', () => {
  for (const { corpus: load, renames, typeChecks, bounds } of CORPORA) {
    const corpus = load();
    it(
      corpus.name,
      async () => {
        const tally = await renameAgainstTypeScript(corpus, { sample: sampled(renames), typeChecks: sampled(typeChecks) });
        console.log(`${tally.report()}\n  (${corpus.description}; sampled ${tally.sampled} of ${tally.total}, type-checked ${tally.checked}${FULL ? ', full run' : ''})`);
        expect(tally.sampled).toBeGreaterThanOrEqual(Math.min(20, tally.total));
        expect(tally.answered / tally.sampled).toBeGreaterThanOrEqual(0.9);
        expect(tally.agreed).toBeGreaterThan(0);
        expect(tally.checked).toBeGreaterThan(0);
        expect(tally.crashed).toEqual([]);
        expect(tally.disagreed.length).toBeLessThanOrEqual(bounds.disagreed);
        expect(tally.broke.length).toBeLessThanOrEqual(bounds.broke);
      },
      TIME_LIMIT_MS,
    );
  }
});
