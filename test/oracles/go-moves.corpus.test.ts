import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';
import { sourcesUnder } from './compiler-oracle.js';

/**
 * Top-level Go declarations moved to another file, with the Go compiler as the oracle, on packages
 * of Go's standard library (Debian's golang-1.19-src) that import only public packages, each copied
 * into a module of its own. Go follows no imports in structedit, so a move takes the declaration's
 * text with the imports it uses (and takes them out of the source where nothing else uses them, as
 * Go refuses an unused import): every applied move, to a new file of the same package or to a
 * package of its own in a subfolder, must leave the module building; a refusal must say why.
 */

const GOROOT = '/usr/lib/go-1.19';
const GO = join(GOROOT, 'bin', 'go');
const PACKAGES = ['image/color', 'text/template/parse', 'net/url', 'go/token', 'encoding/csv', 'archive/tar'];
const PER_PACKAGE = 10;
const missing = !existsSync(GO) ? `no ${GO} (Debian golang-1.19-go)` : null;
const work = mkdtempSync(join(tmpdir(), 'structedit-go-moves-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `go build` of the files written as a module at a fresh folder: its errors, or `null` when it builds. */
function build(files: Readonly<Record<string, string>>, name: string): string | null {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  writeFileSync(join(dir, 'go.mod'), 'module example.com/oracle\n\ngo 1.19\n');
  const result = spawnSync(GO, ['build', '-gcflags=-e', './...'], { cwd: dir, encoding: 'utf8', env: { ...process.env, GOCACHE: join(work, 'cache'), GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' } });
  return result.status === 0 ? null : `${result.stdout}${result.stderr}`;
}

/** Top-level functions, methods and types with a target, spread over the package's files. */
function declarations(listed: ReadonlyArray<{ path: string; structures: readonly StructureListing[] }>): Array<{ path: string; target: string }> {
  const all = listed.flatMap(({ path, structures }) => structures.filter((entry) => /^(function|method|type)$/.test(entry.kind) && entry.target !== null).map((entry) => ({ path, target: entry.target! })));
  const step = Math.max(1, Math.floor(all.length / PER_PACKAGE));
  return all.filter((_, index) => index % step === 0).slice(0, PER_PACKAGE);
}

describe.skipIf(missing !== null)('Go moves to another file agree with the Go compiler', () => {
  it('every applied move builds, with the imports it needs moved along', async () => {
    const counts = { moves: 0, applied: 0, importsAdded: 0, importsRemoved: 0, refused: new Map<string, number>(), structureMoves: 0, structureApplied: 0, structureRefused: new Map<string, number>() };
    const broken: string[] = [];
    for (const pkg of PACKAGES) {
      const files = sourcesUnder(join(GOROOT, 'src'), pkg, (name) => name.endsWith('.go') && !name.endsWith('_test.go'));
      // (Subfolders hold other packages: only the package's own files.)
      for (const file of Object.keys(files)) if (file.slice(pkg.length + 1).includes('/')) delete files[file];
      expect(build(files, 'baseline'), `${pkg} builds untouched`).toBeNull();
      const lister = createEditor({ fs: memoryFs(files) });
      const listed = [];
      for (const path of Object.keys(files).sort()) {
        const result = await lister.listStructures({ path, depth: 1 });
        if (result.isOk()) listed.push({ path, structures: result.value.structures });
      }
      const paths = Object.keys(files).sort();
      for (const [index, { path, target }] of declarations(listed).entries()) {
        // moveStructure moves the text alone: to another file of the package, it must need nothing that file lacks.
        const others = paths.filter((other) => other !== path);
        if (index % 2 === 0 && others.length > 0) {
          const to = others[index % others.length]!;
          counts.structureMoves++;
          const fs = memoryFs(files);
          const result = await createEditor({ fs }).moveStructure({ source_path: path, source_target: target, dest_path: to, position: 'file_end' });
          if (result.isErr()) counts.structureRefused.set(result.error.error, (counts.structureRefused.get(result.error.error) ?? 0) + 1);
          else {
            counts.structureApplied++;
            const errors = build(fs.snapshot(), 'moved');
            if (errors !== null) broken.push(`moveStructure ${path} ${JSON.stringify(target)} → ${to}:\n${errors.split('\n').slice(0, 4).join('\n')}`);
          }
        }
        for (const to of [`${pkg}/zz_moved.go`, `${pkg}/zzsub/moved.go`]) {
          counts.moves++;
          const fs = memoryFs(files);
          const result = await createEditor({ fs }).applyEdits({ edits: [{ op: 'move', path, address: target, to }] });
          if (result.isErr()) {
            counts.refused.set(result.error.error, (counts.refused.get(result.error.error) ?? 0) + 1);
            if (result.error.error !== 'UNRESOLVED_REFERENCES') console.log(`[go build] ${path} ${JSON.stringify(target)} → ${to} refused: ${result.error.message.slice(0, 300)}`);
            continue;
          }
          counts.applied++;
          for (const change of result.value.results.flatMap((outcome) => (outcome as { changes?: ReadonlyArray<{ type: string }> }).changes ?? [])) {
            if (change.type === 'added_import') counts.importsAdded++;
            if (change.type === 'removed_import') counts.importsRemoved++;
          }
          const errors = build(fs.snapshot(), 'moved');
          if (errors !== null) broken.push(`${path} ${JSON.stringify(target)} → ${to}:\n${errors.split('\n').slice(0, 4).join('\n')}`);
        }
      }
    }
    const refused = [...counts.refused].map(([code, count]) => `${count} ${code}`).join(', ') || 'none';
    const structureRefused = [...counts.structureRefused].map(([code, count]) => `${count} ${code}`).join(', ') || 'none';
    console.log(`[go build] moveStructure of ${counts.structureMoves} of them to the end of another file of the package: ${counts.structureApplied} applied, all building; refused ${structureRefused}`);
    console.log(`[go build] ${counts.moves} moves of top-level declarations (${PACKAGES.length} packages, to a new file of the package and to a subfolder): ${counts.applied} applied, all building (${counts.importsAdded} imports moved along, ${counts.importsRemoved} taken out of the source); refused ${refused}`);
    expect(broken).toEqual([]);
    expect(counts.importsAdded).toBeGreaterThan(0);
    expect(counts.applied).toBeGreaterThan(PACKAGES.length * 3);
    expect(counts.structureApplied).toBeGreaterThan(0);
  }, 600_000);
});
