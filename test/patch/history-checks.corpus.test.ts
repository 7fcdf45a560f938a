import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';

/**
 * "Applied" is a promise, checked against real history: every commit of pallets/markupsafe (a
 * repository no one here wrote; test/fixtures/history/markupsafe.bundle) is applied as its
 * `git diff` to the whole tree it was made on, with the checks of what a patch changes (syntax,
 * the uses of what it removes or renames, the calls of what it changes). A commit is a change its
 * authors made and kept, so nearly all apply; each one refused is listed below, examined, with why:
 *
 * - the program it leaves is broken, and a later commit repairs it (the promise at work);
 * - structedit cannot prove it (a function handed to C as a pointer, a protocol member the
 *   interpreter calls, an import of a compiled extension), so it refuses, as every check does,
 *   and lists what it could not prove;
 * - a module moved under `src/` keeps its import name, which the check does not follow (it reads
 *   a module moved away as removed): the one refusal of a change that holds.
 *
 * Any other outcome (a refusal not examined, or one of these applied) fails the test, printed.
 */
const EXAMINED: Record<string, string> = {
  // Broken by the commit, repaired later:
  '425762c6': 'NAMES_OUT_OF_REACH broken: uses PY2 without importing it (01fd863 "Added a missing import")',
  '515ec279': 'NAMES_OUT_OF_REACH broken: calls run_setpu (98caea1 "And now it should work again on pypy")',
  '5a004ef2': 'REFERENCES_EXIST broken: removes __all__, which test_all_set reads (10b931f "remove __all__ test")',
  // Not provable without running the code:
  dcb170b1: 'CALLS_BROKEN unprovable: escape_unicode handed to Python as a C function pointer',
  c4be0f00: 'CALLS_BROKEN unprovable: __getitem__ made positional-only, a protocol member the interpreter calls',
  '6a64222b': 'CALLS_BROKEN unprovable: split, a protocol member of str its subclass overrides',
  '93123256': 'CALLS_BROKEN unprovable: _MarkupEscapeHelper handed to imap as a value',
  c3d647d9: 'UNRESOLVED_REFERENCES unprovable: escape imported from the compiled extension _speedups',
  '3fe4a11f': 'UNRESOLVED_REFERENCES unprovable: escape imported from the compiled extension _speedups',
  '4d4fa0dd': 'UNRESOLVED_REFERENCES unprovable: escape imported from the compiled extension _speedups',
  c76d0daa: 'UNRESOLVED_REFERENCES unprovable: escape imported from the compiled extension _speedups',
  a03ecd5e: 'UNRESOLVED_REFERENCES unprovable: escape_unicode, which the C scope model does not bind at its declaration',
  // A change that holds, refused:
  c640a7ef: 'REFERENCES_EXIST over-refused: markupsafe moved under src/ keeps its import name',
};

const dir = mkdtempSync(join(tmpdir(), 'structedit-history-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('every commit of pallets/markupsafe applied to its whole tree: refused only where examined', async () => {
  execFileSync('git', ['clone', '--quiet', join(process.cwd(), 'test/fixtures/history/markupsafe.bundle'), dir], { stdio: 'ignore' });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  const commits = git('log', '--no-merges', '--format=%h', '--abbrev=8').trim().split('\n').filter((commit) => git('rev-list', '--parents', '-n', '1', commit).trim().split(' ').length === 2);
  // Every blob of every tree, read once (`git cat-file --batch`), keyed by its id.
  const blobs = new Map<string, Uint8Array>();
  const treeOf = (revision: string): Record<string, Uint8Array> => {
    const entries = git('ls-tree', '-r', '--full-tree', revision).trim().split('\n').filter(Boolean).map((line) => /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(line)).filter((match): match is RegExpExecArray => match !== null);
    const missing = [...new Set(entries.map((match) => match[1]!).filter((id) => !blobs.has(id)))];
    if (missing.length > 0) {
      const out = execFileSync('git', ['cat-file', '--batch'], { cwd: dir, input: missing.join('\n') + '\n', maxBuffer: 256 * 1024 * 1024 });
      let at = 0;
      for (const id of missing) {
        const header = out.subarray(at, out.indexOf(10, at)).toString();
        const size = Number(header.split(' ')[2]);
        at = out.indexOf(10, at) + 1;
        blobs.set(id, new Uint8Array(out.subarray(at, at + size)));
        at += size + 1;
      }
    }
    return Object.fromEntries(entries.map((match) => [match[2]!, blobs.get(match[1]!)!]));
  };

  const tally = new Map<string, number>();
  const outcomes: string[] = [];
  for (const commit of commits) {
    const diff = git('diff', '--no-color', '--no-ext-diff', '-M', `${commit}^`, commit);
    if (diff.trim() === '' || /^(Binary files |GIT binary patch)/m.test(diff)) continue;
    const result = await createEditor({ fs: memoryFs(treeOf(`${commit}^`)), semantic: 'syntax' }).applyPatch({ patch: diff, dry_run: true });
    const outcome = result.isOk() ? 'applied' : result.error.error;
    tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
    const examined = EXAMINED[commit];
    if (result.isErr() && examined?.startsWith(`${result.error.error} `)) continue;
    if (result.isOk() && examined === undefined) continue;
    outcomes.push(`${commit}: ${result.isOk() ? 'applied' : `${result.error.error}: ${result.error.message.slice(0, 240)}`}${examined ? ` (examined: ${examined})` : ''}`);
  }
  const refused = [...tally].filter(([outcome]) => outcome !== 'applied');
  console.log(
    `history checked (pallets/markupsafe, ${commits.length} commits, whole trees): applied ${tally.get('applied') ?? 0}; refused ${refused.reduce((sum, [, count]) => sum + count, 0)} (${refused.map(([code, count]) => `${code} ${count}`).join(', ')}): ` +
      `broken and repaired later ${Object.values(EXAMINED).filter((why) => / broken:/.test(why)).length}, unprovable ${Object.values(EXAMINED).filter((why) => / unprovable:/.test(why)).length}, over-refused ${Object.values(EXAMINED).filter((why) => / over-refused:/.test(why)).length}` +
      (outcomes.length > 0 ? `\n  ${outcomes.join('\n  ')}` : ''),
  );
  expect(outcomes).toEqual([]);
  expect(tally.get('applied')).toBeGreaterThan(480);
}, 600_000);
