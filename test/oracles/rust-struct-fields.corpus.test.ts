import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compilerOracle, sourcesUnder } from './compiler-oracle.js';
import { CRATES, editionOf, REGISTRY, rustcErrors, rustcMissing } from './rustc.js';

/**
 * A field added to a Rust struct, with rustc as the oracle (`rustc.ts`: two crates Debian packages
 * with their sources). To each struct with named fields, `add` gives a field `zz_added: u8` (the syntactic
 * engine: no language server); the result is written anyway and rustc checks the crate. Every
 * literal or pattern rustc finds without the new field (E0063, E0027) must have refused the edit
 * with `CALLS_BROKEN`, its line listed; an edit structedit applied must leave rustc nothing to
 * report. Refusals rustc would not make (a use structedit cannot read: inside a macro, code a `cfg`
 * leaves out, an item of the same name it cannot tell apart) are counted.
 */

const work = mkdtempSync(join(tmpdir(), 'structedit-rustc-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(rustcMissing !== null)('a field added to a Rust struct agrees with rustc', () => {
  it('every literal or pattern rustc finds short of the new field refused the edit, and every applied edit compiles', async () => {
    const projects = CRATES.map((crate) => {
      const edition = editionOf(crate);
      return { name: crate, files: sourcesUnder(join(REGISTRY, crate), 'src', (name) => name.endsWith('.rs')), compile: (dir: string) => rustcErrors(dir, edition, /zz_added/), picks: (entry: { kind: string }) => entry.kind === 'struct', member: 'zz_added: u8', refusal: 'CALLS_BROKEN' as const };
    });
    const tally = await compilerOracle(projects, work, 20);
    console.log(
      `[rustc] ${tally.declarations} structs given a field: ${tally.applied} applied (rustc: compiles), ${tally.refused} refused (${tally.refusedCompilerAgrees} where rustc finds literals or patterns without it, ${tally.listed}/${tally.errors} of its errors listed; ${tally.refusedBeyondCompiler} where rustc finds none: uses structedit cannot read)`,
    );
    expect(tally.disagreed).toEqual([]);
    expect(tally.refusedCompilerAgrees).toBeGreaterThan(5);
  }, 300_000);
});
