import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compilerOracle, sourcesUnder, type CompilerError } from './compiler-oracle.js';

/**
 * A field added to a Rust struct, with rustc as the oracle, on two crates Debian packages with their
 * sources (regex-syntax 0.6.27, semver 1.0.14: no dependencies, so rustc checks each alone, with its
 * tests). To each struct with named fields, `add` gives a field `zz_added: u8` (the syntactic
 * engine: no language server); the result is written anyway and rustc checks the crate. Every
 * literal or pattern rustc finds without the new field (E0063, E0027) must have refused the edit
 * with `CALLS_BROKEN`, its line listed; an edit structedit applied must leave rustc nothing to
 * report. Refusals rustc would not make (a use structedit cannot read: inside a macro, code a `cfg`
 * leaves out, an item of the same name it cannot tell apart) are counted.
 */

const REGISTRY = '/usr/share/cargo/registry';
const CRATES = ['regex-syntax-0.6.27', 'semver-1.0.14'];
const RUSTC = spawnSync('rustc', ['--version'], { encoding: 'utf8' }).status === 0 ? 'rustc' : null;
const missing = RUSTC === null ? 'no rustc on the PATH (Debian rustc)' : (CRATES.find((crate) => !existsSync(join(REGISTRY, crate))) ?? null);
const work = mkdtempSync(join(tmpdir(), 'structedit-rustc-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** rustc's errors about the new field, as `file:line`, for a crate written at `dir`: the library and its tests. */
async function rustcErrors(dir: string, edition: string): Promise<CompilerError[]> {
  const [library, tests] = await Promise.all([rustcRun(dir, edition, ['--crate-type=lib']), rustcRun(dir, edition, ['--test'])]);
  return [...new Set([...library, ...tests])].sort().map((place) => ({ place, accepted: [place] }));
}

function rustcRun(dir: string, edition: string, mode: string[]): Promise<string[]> {
  return new Promise((resolve) => {
    const child = spawn(RUSTC!, [...mode, `--edition=${edition}`, '--emit=metadata', '--cap-lints=allow', '--error-format=json', '-o', join(dir, `${mode.join('')}.rmeta`), join(dir, 'src', 'lib.rs')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', () => {
      const found: string[] = [];
      for (const line of stderr.split('\n')) {
        if (!line.startsWith('{')) continue;
        const diagnostic = JSON.parse(line) as { level: string; message: string; spans: Array<{ file_name: string; line_start: number; is_primary: boolean }> };
        if (diagnostic.level !== 'error' || !/zz_added/.test(diagnostic.message)) continue;
        const span = diagnostic.spans.find((each) => each.is_primary);
        if (span) found.push(`${relative(dir, span.file_name)}:${span.line_start}`);
      }
      resolve(found);
    });
  });
}

describe.skipIf(missing !== null)('a field added to a Rust struct agrees with rustc', () => {
  it('every literal or pattern rustc finds short of the new field refused the edit, and every applied edit compiles', async () => {
    const projects = CRATES.map((crate) => {
      const edition = /^edition\s*=\s*"(\d+)"/m.exec(readFileSync(join(REGISTRY, crate, 'Cargo.toml'), 'utf8'))?.[1] ?? '2015';
      return { name: crate, files: sourcesUnder(join(REGISTRY, crate), 'src', (name) => name.endsWith('.rs')), compile: (dir: string) => rustcErrors(dir, edition), picks: (entry: { kind: string }) => entry.kind === 'struct', member: 'zz_added: u8', refusal: 'CALLS_BROKEN' as const };
    });
    const tally = await compilerOracle(projects, work, 20);
    console.log(
      `[rustc] ${tally.declarations} structs given a field: ${tally.applied} applied (rustc: compiles), ${tally.refused} refused (${tally.refusedCompilerAgrees} where rustc finds literals or patterns without it, ${tally.listed}/${tally.errors} of its errors listed; ${tally.refusedBeyondCompiler} where rustc finds none: uses structedit cannot read)`,
    );
    expect(tally.disagreed).toEqual([]);
    expect(tally.refusedCompilerAgrees).toBeGreaterThan(5);
  }, 300_000);
});
