import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compilerOracle, sourcesUnder } from './compiler-oracle.js';
import { CRATES, editionOf, REGISTRY, rustcErrors, rustcMissing } from './rustc.js';

/**
 * A variant added to a Rust enum, with rustc as the oracle (`rustc.ts`: two crates Debian packages
 * with their sources). To each enum, `add` gives a variant `ZzAdded` (the syntactic engine: no
 * language server); the result is written anyway and rustc checks the crate. Every `match` rustc
 * finds no longer exhaustive (E0004, "`ZzAdded` not covered") must have refused the edit with
 * `MATCHES_BROKEN`, its line listed; an edit structedit applied must leave rustc nothing to report.
 * Refusals rustc would not make (a match inside a macro's arguments, whose patterns structedit
 * does not read) are counted.
 */

const work = mkdtempSync(join(tmpdir(), 'structedit-rustc-enums-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(rustcMissing !== null)('a variant added to a Rust enum agrees with rustc', () => {
  it('every match rustc finds without an arm for the new variant refused the edit, and every applied edit compiles', async () => {
    const projects = CRATES.map((crate) => {
      const edition = editionOf(crate);
      return { name: crate, files: sourcesUnder(join(REGISTRY, crate), 'src', (name) => name.endsWith('.rs')), compile: (dir: string) => rustcErrors(dir, edition, /ZzAdded/), picks: (entry: { kind: string }) => entry.kind === 'enum', member: 'ZzAdded', refusal: 'MATCHES_BROKEN' as const };
    });
    const tally = await compilerOracle(projects, work, 20);
    console.log(
      `[rustc] ${tally.declarations} enums given a variant: ${tally.applied} applied (rustc: compiles), ${tally.refused} refused (${tally.refusedCompilerAgrees} where rustc finds matches without it, ${tally.listed}/${tally.errors} of its errors listed; ${tally.refusedBeyondCompiler} where rustc finds none: matches structedit cannot read)`,
    );
    expect(tally.disagreed).toEqual([]);
    expect(tally.refusedCompilerAgrees).toBeGreaterThan(5);
  }, 300_000);

  it("every literal, call or pattern rustc finds short of a variant's new field refused the edit, and every applied edit compiles", async () => {
    // Variants with named fields (`Circle { r: f64 }`) are given `zz_added: u8`.
    const projects = CRATES.map((crate) => {
      const edition = editionOf(crate);
      return { name: crate, files: sourcesUnder(join(REGISTRY, crate), 'src', (name) => name.endsWith('.rs')), compile: (dir: string) => rustcErrors(dir, edition, /zz_added/), picks: (entry: { kind: string }, text: string) => entry.kind === 'enum_member' && /^\s*(?:#\[[^\]]*\]\s*|\/\/[^\n]*\n\s*)*[\p{L}_][\p{L}\p{N}_]*\s*\{/u.test(text), member: 'zz_added: u8', refusal: 'CALLS_BROKEN' as const };
    });
    const tally = await compilerOracle(projects, work, 15);
    console.log(
      `[rustc] ${tally.declarations} enum variants given a field: ${tally.applied} applied (rustc: compiles), ${tally.refused} refused (${tally.refusedCompilerAgrees} where rustc finds literals or patterns without it, ${tally.listed}/${tally.errors} of its errors listed; ${tally.refusedBeyondCompiler} where rustc finds none: uses structedit cannot read)`,
    );
    expect(tally.disagreed).toEqual([]);
    expect(tally.refusedCompilerAgrees).toBeGreaterThan(5);
  }, 300_000);
});
