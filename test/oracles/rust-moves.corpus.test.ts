import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { sourcesUnder } from './compiler-oracle.js';
import { CRATES, editionOf, REGISTRY, rustcRun, rustcMissing } from './rustc.js';

/**
 * Top-level Rust items moved to another module of their crate, with rustc as the oracle (`rustc.ts`:
 * two crates Debian packages with their sources). Each file's items, sampled evenly, go to a new child
 * module (`mod zz_moved;` added to the file, the "split a big file" move) and to a sibling module the
 * crate has. A move must either leave the crate and its tests compiling, or be refused: a use of the
 * item left behind, a name of its file the destination would not see or cannot import, a relative
 * path (`super::`, `self::`), or a path into a module that shows the source what it keeps private.
 * Moves into a file no `mod` declares are refused outright (checked in text-moves.test.ts).
 */

const work = mkdtempSync(join(tmpdir(), 'structedit-rust-moves-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** How many of a crate's (file, item) pairs are moved, spread evenly over its files. */
const SAMPLE = 20;

function writeCrate(root: string, files: Readonly<Record<string, string>>): void {
  rmSync(root, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe.skipIf(rustcMissing !== null)('Rust items moved between modules agree with rustc', () => {
  it('every applied move compiles, with the imports it needs; the others are refused', async () => {
    const counts = { moves: 0, applied: 0, importsAdded: 0, refused: new Map<string, number>() };
    const broken: string[] = [];
    for (const crate of CRATES) {
      const edition = editionOf(crate);
      // Generated tables (regex-syntax's unicode_tables: 40,000 lines of constants naming nothing
      // of the rest) are data no one moves: compiled, but not given to the editor.
      const files = sourcesUnder(join(REGISTRY, crate), 'src', (name) => name.endsWith('.rs'));
      const tables: Record<string, string> = {};
      for (const path of Object.keys(files)) {
        if (!path.includes('unicode_tables')) continue;
        tables[path] = files[path]!;
        delete files[path];
      }
      const pairs: Array<{ path: string; target: string }> = [];
      for (const path of Object.keys(files).sort()) {
        const listed = (await createEditor({ fs: memoryFs({ [path]: files[path]! }) }).listStructures({ path, depth: 1 }))._unsafeUnwrap();
        for (const item of listed.structures) if (item.target !== null && !/^(?:import|module|attribute|inner_attribute_item|comment|macro)/.test(item.kind)) pairs.push({ path, target: item.target });
      }
      const step = Math.max(1, pairs.length / SAMPLE);
      for (let at = 0; at < pairs.length; at += step) {
        const { path, target } = pairs[Math.floor(at)]!;
        const folder = /(?:^|\/)(?:lib|mod)\.rs$/.test(path) ? dirname(path) : path.replace(/\.rs$/, '');
        const child = join(folder, 'zz_moved.rs');
        const sibling = Object.keys(files).sort().find((other) => other !== path && dirname(other) === dirname(path) && !/(?:^|\/)(?:lib|main|mod)\.rs$/.test(other));
        const starts: Array<{ to: string; files: Record<string, string> }> = [{ to: child, files: { ...files, [path]: `${files[path]!}\nmod zz_moved;\n`, [child]: '' } }];
        if (sibling) starts.push({ to: sibling, files: { ...files } });
        for (const start of starts) {
          counts.moves++;
          const fs = memoryFs(start.files);
          const result = await createEditor({ fs }).applyEdits({ edits: [{ op: 'move', path, address: target, to: start.to }] });
          if (result.isErr()) {
            counts.refused.set(result.error.error, (counts.refused.get(result.error.error) ?? 0) + 1);
            continue;
          }
          counts.applied++;
          counts.importsAdded += result.value.results.flatMap((outcome) => (outcome as { changes?: ReadonlyArray<{ type: string }> }).changes ?? []).filter((change) => change.type === 'added_import').length;
          const root = join(work, crate);
          writeCrate(root, { ...tables, ...(fs.snapshot() as Record<string, string>) });
          const errors = (await Promise.all([rustcRun(root, edition, ['--crate-type=lib']), rustcRun(root, edition, ['--test'])])).flat();
          if (errors.length > 0) broken.push(`${crate}: ${path} ${JSON.stringify(target)} → ${start.to}: ${errors.slice(0, 2).map((error) => `${error.file}:${error.line} ${error.message}`).join('; ')}`);
        }
      }
    }
    const refused = [...counts.refused].map(([code, count]) => `${count} ${code}`).join(', ') || 'none';
    console.log(`[rustc] ${counts.moves} moves of items of ${CRATES.join(', ')} to a child or sibling module: ${counts.applied} applied, all compiling with their tests (${counts.importsAdded} imports added); refused ${refused}`);
    for (const line of broken) console.log(`  broken: ${line}`);
    expect(broken).toEqual([]);
    expect(counts.applied).toBeGreaterThan(3);
  }, 600_000);
});
