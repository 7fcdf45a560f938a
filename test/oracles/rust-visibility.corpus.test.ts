import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compilerOracle, sourcesUnder } from './compiler-oracle.js';
import { CRATES, editionOf, REGISTRY, rustcErrors, rustcMissing } from './rustc.js';

/**
 * An item's `pub` removed, with rustc as the oracle (`rustc.ts`: two crates Debian packages with
 * their sources). Each `pub` function, method, struct, enum, constant or field is written back
 * without its `pub` by `replaceStructure` (the syntactic engine); the result is written anyway and
 * rustc checks the crate and its tests. Every use rustc finds private now (E0603, E0624, E0616,
 * E0451) must have refused the edit with `NAMES_OUT_OF_REACH`; an edit structedit applied must
 * leave rustc nothing to report. How many of rustc's errors the refusals list is printed (a type
 * made private is also used where no one names it: `x.field`, a variant's pattern), and so are the
 * refusals rustc would not make.
 */

const work = mkdtempSync(join(tmpdir(), 'structedit-rustc-pub-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The item's text without its `pub` (after its doc comments and attributes), or `null` for one without. */
function withoutPub(text: string): string | null {
  const match = /^((?:\s*(?:\/\/[^\n]*|#\[[^\n]*\])\n)*\s*)pub(?:\([^)]*\))?\s+/.exec(text);
  return match ? text.slice(0, match[1]!.length) + text.slice(match[0].length) : null;
}

describe.skipIf(rustcMissing !== null)("an item's pub removed agrees with rustc", () => {
  it('every use rustc finds private refused the edit, and every applied edit compiles', async () => {
    const projects = CRATES.map((crate) => {
      const edition = editionOf(crate);
      const picks = (entry: { kind: string }, text: string) => /^(?:function|method|struct|enum|const|field_declaration|static)/.test(entry.kind) && withoutPub(text) !== null;
      return { name: crate, files: sourcesUnder(join(REGISTRY, crate), 'src', (name) => name.endsWith('.rs')), compile: (dir: string) => rustcErrors(dir, edition, /\bprivate\b/), picks, member: '', rewrite: withoutPub, refusal: 'NAMES_OUT_OF_REACH' as const };
    });
    const tally = await compilerOracle(projects, work, 20);
    // A type private now in the interface of something reaching further breaks uses that never name
    // it (`x.field`, a variant's pattern): the refusal lists the interface, rustc those uses.
    const unlisted = tally.disagreed.filter((line) => line.includes(': refused, but'));
    console.log(
      `[rustc] ${tally.declarations} items made private: ${tally.applied} applied (rustc: compiles), ${tally.refused} refused (${tally.refusedCompilerAgrees} where rustc finds uses out of reach, ${tally.listed}/${tally.errors} of its errors listed; ${unlisted.length} refusals list the interface instead of every use; ${tally.refusedBeyondCompiler} where rustc finds none)`,
    );
    for (const line of unlisted) console.log(`  ${line.slice(0, 200)}`);
    for (const line of tally.beyond) console.log(`  beyond: ${line}`);
    expect(tally.disagreed.filter((line) => !line.includes(': refused, but'))).toEqual([]);
    expect(tally.refusedCompilerAgrees).toBeGreaterThan(3);
  }, 300_000);
});
