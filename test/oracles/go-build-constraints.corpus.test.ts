import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';
import { sourcesUnder } from './compiler-oracle.js';

/**
 * Top-level Go declarations moved between the files of packages of Go's standard library whose
 * files are compiled under build constraints (`//go:build`, `_windows.go`, `_test.go`), with `go
 * list` as the oracle of where each file is compiled: for five GOOS/GOARCH pairs, the file a
 * moved declaration lands in must be compiled (as package code, or only by `go test`) exactly
 * where the file it left was. A move that would change that must be refused.
 */

const GOROOT = '/usr/lib/go-1.19';
const GO = join(GOROOT, 'bin', 'go');
const PACKAGES = ['os/exec', 'path/filepath', 'os/signal', 'mime', 'os/user', 'crypto/rand', 'time'];
const TARGETS = ['linux/amd64', 'windows/amd64', 'darwin/arm64', 'plan9/386', 'js/wasm'];
const PER_PACKAGE = 12;
const missing = !existsSync(GO) ? `no ${GO} (Debian golang-1.19-go)` : null;
const work = mkdtempSync(join(tmpdir(), 'structedit-go-constraints-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Where `go list` compiles each file of the package at `pkg` among `files`: per file, `<target>` (package code) or `<target> test`. */
function compiledWhere(files: Readonly<Record<string, string>>, pkg: string): Map<string, Set<string>> {
  const dir = join(work, 'module');
  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  writeFileSync(join(dir, 'go.mod'), 'module example.com/oracle\n\ngo 1.19\n');
  const where = new Map<string, Set<string>>();
  for (const target of TARGETS) {
    const [goos, goarch] = target.split('/');
    const env = { ...process.env, GOOS: goos, GOARCH: goarch, GOCACHE: join(work, 'cache'), GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
    const listed = spawnSync(GO, ['list', '-e', '-f', '{{join .GoFiles " "}}|{{join .TestGoFiles " "}}|{{join .XTestGoFiles " "}}', `./${pkg}`], { cwd: dir, encoding: 'utf8', env });
    if (listed.status !== 0) throw new Error(`go list failed: ${listed.stderr}`);
    const [code, tests, external] = listed.stdout.trim().split('|').map((names) => names.split(' ').filter(Boolean));
    const add = (names: readonly string[], how: string) => {
      for (const name of names) {
        const path = `${pkg}/${name}`;
        if (!where.has(path)) where.set(path, new Set());
        where.get(path)!.add(how);
      }
    };
    add(code!, target);
    add(tests!, `${target} test`);
    add(external!, `${target} external test`);
  }
  return where;
}

/** Functions, methods and types with a target, spread over the package's files, constrained files first. */
function declarations(listed: ReadonlyArray<{ path: string; structures: readonly StructureListing[] }>, constrained: (path: string) => boolean): Array<{ path: string; target: string }> {
  const all = listed
    .flatMap(({ path, structures }) => structures.filter((entry) => /^(function|method|type)$/.test(entry.kind) && entry.target !== null).map((entry) => ({ path, target: entry.target! })))
    .sort((a, b) => Number(constrained(b.path)) - Number(constrained(a.path)));
  const step = Math.max(1, Math.floor(all.length / PER_PACKAGE));
  return all.filter((_, index) => index % step === 0).slice(0, PER_PACKAGE);
}

const described = (where: ReadonlySet<string> | undefined) => [...(where ?? [])].sort().join(', ') || 'nowhere';

describe.skipIf(missing !== null)('Go moves keep each declaration compiled where it was (go list)', () => {
  it('a move to a file compiled under other constraints is refused; every applied one compiles where it did', async () => {
    const counts = { moves: 0, applied: 0, appliedAcross: 0, refusedForConstraints: 0, refused: new Map<string, number>() };
    const moved: string[] = [];
    for (const pkg of PACKAGES) {
      const files = sourcesUnder(join(GOROOT, 'src'), pkg, (name) => name.endsWith('.go'));
      for (const file of Object.keys(files)) if (file.slice(pkg.length + 1).includes('/')) delete files[file];
      const before = compiledWhere(files, pkg);
      const everywhere = described(new Set(TARGETS));
      const constrained = (path: string) => described(before.get(path)) !== everywhere;
      const lister = createEditor({ fs: memoryFs(files) });
      const listed = [];
      for (const path of Object.keys(files).sort()) {
        const result = await lister.listStructures({ path, depth: 1 });
        if (result.isOk()) listed.push({ path, structures: result.value.structures });
      }
      // The package's own files (not the external tests of `package x_test`), as destinations.
      const own = Object.keys(files).sort().filter((path) => ![...(before.get(path) ?? [])].some((how) => how.endsWith('external test')));
      let turn = 0;
      for (const { path, target } of declarations(listed, constrained)) {
        const other = own.filter((candidate) => candidate !== path);
        for (const to of [`${pkg}/zz_moved.go`, other[(turn++ * 7) % other.length]!]) {
          counts.moves++;
          const fs = memoryFs(files);
          const result = await createEditor({ fs }).applyEdits({ edits: [{ op: 'move', path, address: target, to }] });
          if (result.isErr()) {
            counts.refused.set(result.error.error, (counts.refused.get(result.error.error) ?? 0) + 1);
            if (result.error.error === 'INVALID_ARGUMENT' && /is compiled /.test(result.error.message)) counts.refusedForConstraints++;
            continue;
          }
          counts.applied++;
          const after = compiledWhere(fs.snapshot(), pkg);
          if (described(before.get(path)) !== described(after.get(to))) moved.push(`${path} ${JSON.stringify(target)} → ${to}: compiled ${described(before.get(path))} before, ${described(after.get(to))} after`);
          if (constrained(path)) counts.appliedAcross++;
        }
      }
    }
    const refused = [...counts.refused].map(([code, count]) => `${count} ${code}`).join(', ') || 'none';
    console.log(
      `[go list] ${counts.moves} moves of top-level declarations (${PACKAGES.length} packages, to a new file and to another file of the package; ${TARGETS.length} GOOS/GOARCH): ${counts.applied} applied (${counts.appliedAcross} out of constrained files), ${moved.length} of them compiled elsewhere after; ${counts.refusedForConstraints} refused as compiled elsewhere; refused ${refused}`,
    );
    expect(moved).toEqual([]);
    expect(counts.refusedForConstraints).toBeGreaterThan(0);
    expect(counts.appliedAcross).toBeGreaterThan(0);
  }, 600_000);
});
