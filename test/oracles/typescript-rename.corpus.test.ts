import { describe, expect, it } from 'vitest';
import { expectAtMost, FULL, sampled, TIME_LIMIT_MS } from './budget.js';
import { aiSdkWorkspaceCorpus, CorpusLanguageService, newErrors, zodCorpus, type TypeScriptCorpus } from './typescript-corpus.js';
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
  { corpus: zodCorpus, renames: 30, typeChecks: 1, bounds: { disagreed: 0, broke: 0 } },
  { corpus: aiSdkWorkspaceCorpus, renames: 30, typeChecks: 6, bounds: { disagreed: 0, broke: 0 } },
];

describe('rename agrees with TypeScript on real sources with self-imports and workspace imports', () => {
  it('the harness resolves imports between the workspace packages and catches a rename that breaks them', () => {
    const corpus = aiSdkWorkspaceCorpus();
    const service = new CorpusLanguageService(corpus);
    const file = 'packages/provider/src/errors/api-call-error.ts';
    const text = corpus.files.get(file)!;
    const position = text.indexOf('class APICallError') + 'class '.length;
    const files = (service.service.findRenameLocations(service.absolute(file), position, false, false, {}) ?? []).map((location) => service.relative(location.fileName));
    // TypeScript follows the tsconfig paths: gateway and provider-utils use provider's APICallError.
    expect(files.some((name) => name?.startsWith('packages/provider-utils/'))).toBe(true);
    expect(files.some((name) => name?.startsWith('packages/gateway/'))).toBe(true);
    const user = files.find((name) => name?.startsWith('packages/provider-utils/'))!;
    const before = service.errors(user);
    service.set({ [file]: text.replace('class APICallError', 'class APICallErrorOnlyHere') });
    expect(newErrors(before, service.errors(user)).length).toBeGreaterThan(0);
    service.reset();
    expect(newErrors(before, service.errors(user))).toEqual([]);
  });

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
        expectAtMost(tally.disagreed.length, bounds.disagreed);
        expectAtMost(tally.broke.length, bounds.broke);
      },
      TIME_LIMIT_MS,
    );
  }
});

/**
 * Issue 18's acceptance: with the TypeScript backend (the default when typescript is installed) the
 * places are findRenameLocations' by construction, so every applied rename must agree exactly and
 * break nothing (0 and 0, no ratchet). Each batch is type-checked twice by the backend, so the
 * sample is small here; STRUCTEDIT_ORACLE_FULL=1 takes every declaration.
 */
const BACKEND_CORPORA: { corpus: () => TypeScriptCorpus; renames: number; typeChecks: number }[] = [
  { corpus: zodCorpus, renames: 2, typeChecks: 1 },
  { corpus: aiSdkWorkspaceCorpus, renames: 10, typeChecks: 3 },
];

describe('with the TypeScript backend, renames are exactly findRenameLocations and break nothing', () => {
  for (const { corpus: load, renames, typeChecks } of BACKEND_CORPORA) {
    const corpus = load();
    it(
      corpus.name,
      async () => {
        const tally = await renameAgainstTypeScript(corpus, { sample: sampled(renames), typeChecks: sampled(typeChecks), semantic: { typescript: 'auto' } });
        console.log(`${tally.report()}\n  (${corpus.description}; sampled ${tally.sampled} of ${tally.total}, type-checked ${tally.checked}${FULL ? ', full run' : ''})`);
        expect(tally.agreed).toBeGreaterThan(0);
        expect(tally.checked).toBeGreaterThan(0);
        expect(tally.crashed).toEqual([]);
        expect(tally.disagreed).toEqual([]);
        expect(tally.broke).toEqual([]);
      },
      TIME_LIMIT_MS,
    );
  }
});
