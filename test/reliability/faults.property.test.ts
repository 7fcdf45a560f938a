import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEditor, faultyFs, isStructeditError, type StructeditError } from 'structedit';
import { nodeFs } from 'structedit/node';
import { FAULT_CODES, runWithFault, sameFiles, WRITE_OPERATIONS, type FaultRun, type WriteOperation } from './harness.js';

/** The calls a row makes without faults, and the files it leaves. */
const clean = new Map<string, FaultRun>();
async function cleanRun(row: WriteOperation): Promise<FaultRun> {
  let run = clean.get(row.name);
  if (!run) {
    run = await runWithFault(row, {});
    clean.set(row.name, run);
  }
  return run;
}

/** The invariant: no throw; an error leaves every file byte-identical and says so; a success is the clean success. */
async function checkInvariant(row: WriteOperation, run: FaultRun, label: string): Promise<void> {
  expect(run.thrown, `${label}: threw`).toBeUndefined();
  const result = run.result!;
  if (result.isOk()) {
    expect(sameFiles(run.after, (await cleanRun(row)).after), `${label}: succeeded with other bytes than without faults`).toBe(true);
    return;
  }
  const error: StructeditError = result.error;
  expect(isStructeditError(error)).toBe(true);
  expect(error.details.state, `${label}: ${error.message}`).toBe('FILE_UNCHANGED');
  expect(sameFiles(run.after, run.before), `${label}: files changed after ${error.error}`).toBe(true);
}

describe('fault injection: every writing operation, every injection point', () => {
  it.each(WRITE_OPERATIONS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const reference = await cleanRun(row);
    expect(reference.result?.isOk(), JSON.stringify(reference.result)).toBe(true);
    expect(sameFiles(reference.after, reference.before)).toBe(false);
    for (let failAt = 1; failAt <= reference.calls; failAt++) {
      for (const code of FAULT_CODES) {
        const run = await runWithFault(row, { failAt, code });
        expect(run.faults, `${row.name}: call ${failAt} was not failed`).toBe(1);
        await checkInvariant(row, run, `${row.name}, ${code} at call ${failAt} of ${reference.calls}`);
        expect(run.result!.isErr(), `${row.name}: ${code} at call ${failAt} went unnoticed`).toBe(true);
      }
    }
    // Past the last call, nothing fails and the call succeeds.
    const late = await runWithFault(row, { failAt: reference.calls + 1 });
    expect(late.result?.isOk()).toBe(true);
  });

  it('random rows, injection points, codes and operation sets (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WRITE_OPERATIONS),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(...FAULT_CODES),
        fc.subarray(['read', 'write', 'rename', 'mkdir', 'remove', 'stat'] as const, { minLength: 1 }),
        async (row, failAt, code, operations) => {
          await checkInvariant(row, await runWithFault(row, { failAt, code, operations }), `${row.name}, ${code} at ${failAt} of [${operations.join(', ')}]`);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a persistent fault: nothing is lost, or the error says which files may have changed', async () => {
    // Only writes, renames, removes and mkdirs are counted, and a row makes a few of them: a fault
    // from call 1 to 6 lands inside most rows (up to call 30, 55 of 60 runs ended before it).
    const outcomes = { succeeded: 0, unchanged: 0, mayHaveChanged: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WRITE_OPERATIONS), fc.integer({ min: 1, max: 6 }), fc.constantFrom(...FAULT_CODES), async (row, failAt, code) => {
        const run = await runWithFault(row, { failAt, code, failures: Infinity, operations: ['write', 'rename', 'remove', 'mkdir'] });
        expect(run.thrown).toBeUndefined();
        if (run.result!.isOk()) {
          // The fault came after the last write: the clean success.
          outcomes.succeeded++;
          await checkInvariant(row, run, `${row.name}, persistent ${code} from call ${failAt}`);
          return;
        }
        const error = run.result!.error;
        if (error.details.state === 'FILE_UNCHANGED') {
          outcomes.unchanged++;
          expect(sameFiles(run.after, run.before)).toBe(true);
        } else {
          outcomes.mayHaveChanged++;
          expect(error.message).toMatch(/check them/);
        }
      }),
      { numRuns: 60 },
    );
    // The runs reached the failing paths, not only writes that ended before the fault.
    expect(outcomes.unchanged + outcomes.mayHaveChanged, JSON.stringify(outcomes)).toBeGreaterThan(10);
  });
});

describe('fault injection over the real file system (nodeFs)', () => {
  it('a cross-file move into a new folder, failed at each call: the files on disk are byte-identical and no temporary file is left', async () => {
    const listing = (root: string) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .sort()
        .map((name) => {
          try {
            return `${name}: ${readFileSync(join(root, name)).toString('base64')}`;
          } catch {
            return `${name}/`;
          }
        });
    const move = { source_path: 'web/app.ts', source_target: 'export class App', dest_path: 'out/new/app.ts', position: 'file_end' } as const;
    const setUp = () => {
      const root = mkdtempSync(join(tmpdir(), 'structedit-faults-'));
      mkdirSync(join(root, 'web'));
      writeFileSync(join(root, 'web/app.ts'), '\uFEFFexport class App {\r\n  start(): void {}\r\n}\r\n\r\nexport const x = 1;\r\n');
      return root;
    };
    const counting = setUp();
    const counter = faultyFs(nodeFs({ root: counting }));
    expect((await createEditor({ fs: counter }).moveStructure(move)).isOk()).toBe(true);
    rmSync(counting, { recursive: true, force: true });
    for (let failAt = 1; failAt <= counter.calls; failAt++) {
      const root = setUp();
      const before = listing(root);
      const result = await createEditor({ fs: faultyFs(nodeFs({ root }), { failAt, code: 'ENOSPC' }) }).moveStructure(move);
      expect(result.isErr(), `call ${failAt}`).toBe(true);
      // A folder the move created may stay (empty); every file is as it was.
      expect(listing(root).filter((entry) => !entry.endsWith('/')), `call ${failAt}: ${counter.log[failAt - 1]}`).toEqual(before.filter((entry) => !entry.endsWith('/')));
      rmSync(root, { recursive: true, force: true });
    }
  });
});
