import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';

/**
 * A field added to a Rust struct, with rustc as the oracle, on two crates Debian packages with their
 * sources (regex-syntax 0.6.27, semver 1.0.14: no dependencies, so rustc checks each alone, with its tests). To
 * each struct with named fields, `add` gives a field `zz_added: u8` (the syntactic engine: no
 * language server); the result is written anyway (`validate: false`) and rustc checks the crate.
 * Every literal or pattern rustc finds without the new field (E0063, E0027) must have refused the
 * edit with `CALLS_BROKEN`, its line listed; an edit structedit applied must leave rustc nothing to
 * report. Refusals rustc would not make (a use structedit cannot read: inside a macro, code a `cfg` leaves
 * out, an item of the same name it cannot tell apart) are counted.
 */

const REGISTRY = '/usr/share/cargo/registry';
const CRATES = ['regex-syntax-0.6.27', 'semver-1.0.14'];
const PER_CRATE = 20;
const RUSTC = spawnSync('rustc', ['--version'], { encoding: 'utf8' }).status === 0 ? 'rustc' : null;
const missing = RUSTC === null ? 'no rustc on the PATH (Debian rustc)' : CRATES.find((crate) => !existsSync(join(REGISTRY, crate))) ?? null;
const work = mkdtempSync(join(tmpdir(), 'structedit-rustc-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function sources(crate: string): Record<string, string> {
  const root = join(REGISTRY, crate);
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.rs')) files[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(join(root, 'src'));
  return files;
}

function structs(entries: readonly StructureListing[], found: StructureListing[] = []): StructureListing[] {
  for (const entry of entries) {
    if (entry.kind === 'struct' && entry.target !== null) found.push(entry);
    structs(entry.children, found);
  }
  return found;
}

/** rustc's errors about the new field, as `file:line`, for a crate written at `dir`: the library and its tests. */
async function rustcErrors(dir: string, edition: string): Promise<string[]> {
  const [library, tests] = await Promise.all([rustcRun(dir, edition, ['--crate-type=lib']), rustcRun(dir, edition, ['--test'])]);
  return [...new Set([...library, ...tests])].sort();
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
      resolve([...new Set(found)].sort());
    });
  });
}

describe.skipIf(missing !== null)('a field added to a Rust struct agrees with rustc', () => {
  it('every literal or pattern rustc finds short of the new field refused the edit, and every applied edit compiles', async () => {
    const tally = { structs: 0, applied: 0, refused: 0, refusedRustcAgrees: 0, refusedBeyondRustc: 0, errors: 0, listed: 0 };
    const disagreed: string[] = [];
    for (const crate of CRATES) {
      const files = sources(crate);
      const edition = /^edition\s*=\s*"(\d+)"/m.exec(readFileSync(join(REGISTRY, crate, 'Cargo.toml'), 'utf8'))?.[1] ?? '2015';
      const editor = createEditor({ fs: memoryFs(files) });
      const found: Array<{ path: string; target: string }> = [];
      for (const path of Object.keys(files).sort()) {
        const listed = await editor.listStructures({ path });
        if (listed.isOk()) for (const entry of structs(listed.value.structures)) found.push({ path, target: entry.target! });
      }
      const step = Math.max(1, found.length / PER_CRATE);
      const picked = Array.from({ length: Math.min(PER_CRATE, found.length) }, (_, index) => found[Math.floor(index * step)]!);
      const runs: Array<Promise<void>> = [];
      for (const [index, { path, target }] of picked.entries()) {
        const edits = [{ op: 'add' as const, path, address: target, value: 'zz_added: u8' }];
        const checked = await createEditor({ fs: memoryFs(files), semantic: 'syntax' }).applyEdits({ edits, options: { dry_run: true } });
        // A tuple struct or a unit struct takes no named field: not this oracle's.
        if (checked.isErr() && checked.error.error !== 'CALLS_BROKEN') continue;
        const fs = memoryFs(files);
        const written = await createEditor({ fs, semantic: 'syntax' }).applyEdits({ edits, options: { validate: false } });
        if (written.isErr()) continue;
        tally.structs++;
        const dir = join(work, `${crate}-${index}`);
        for (const [file, text] of Object.entries(fs.snapshot())) {
          mkdirSync(dirname(join(dir, file)), { recursive: true });
          writeFileSync(join(dir, file), text);
        }
        const listed = checked.isErr() && checked.error.error === 'CALLS_BROKEN' ? checked.error.details.calls.map((call) => `${call.file}:${call.line}`) : [];
        runs.push(
          rustcErrors(dir, edition).then((errors) => {
            tally.errors += errors.length;
            const where = `${crate} ${path} ${target.split('\n').pop()}`;
            if (checked.isOk()) {
              tally.applied++;
              if (errors.length > 0) disagreed.push(`${where}: applied, but rustc finds ${errors.join(', ')}`);
              return;
            }
            tally.refused++;
            if (errors.length === 0) {
              tally.refusedBeyondRustc++;
              return;
            }
            tally.refusedRustcAgrees++;
            const unlisted = errors.filter((error) => !listed.includes(error));
            tally.listed += errors.length - unlisted.length;
            if (unlisted.length > 0) disagreed.push(`${where}: refused, but rustc's ${unlisted.join(', ')} not listed (listed: ${listed.join(', ')})`);
          }),
        );
        // One struct's two rustc runs at a time (the machine's cores).
        await runs[runs.length - 1];
      }
      await Promise.all(runs);
    }
    console.log(
      `[rustc] ${tally.structs} structs given a field: ${tally.applied} applied (rustc: compiles), ${tally.refused} refused (${tally.refusedRustcAgrees} where rustc finds literals or patterns without it, ${tally.listed}/${tally.errors} of its errors listed; ${tally.refusedBeyondRustc} where rustc finds none: uses structedit cannot read)`,
    );
    expect(disagreed).toEqual([]);
    expect(tally.refusedRustcAgrees).toBeGreaterThan(5);
  }, 300_000);
});
