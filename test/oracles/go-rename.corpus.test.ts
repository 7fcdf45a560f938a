import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';

/**
 * Package-level Go declarations renamed in packages of Go's standard library, with go/types as the
 * oracle (test/oracles/go-references/main.go): an applied rename must change exactly the
 * identifiers go/types ties to the declaration, no local of the same name (`count := 0` in a
 * function, `for i, count := range`) and no use before a local's declaration (`a := count; count
 * := 2`). Declarations whose name a local also has are renamed first: the model binds Go's `:=`.
 */

const GOROOT = '/usr/lib/go-1.19';
const GO = join(GOROOT, 'bin', 'go');
const PACKAGES = ['image/color', 'text/template/parse', 'net/url', 'go/token', 'encoding/csv', 'archive/tar', 'strconv', 'bufio', 'flag', 'text/tabwriter', 'regexp/syntax', 'encoding/json'];
const PER_PACKAGE = 8;
const missing = !existsSync(GO) ? `no ${GO} (Debian golang-1.19-go)` : null;
const work = mkdtempSync(join(tmpdir(), 'structedit-go-rename-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Declaration {
  readonly name: string;
  readonly kind: 'var' | 'const' | 'func' | 'type';
  /** `file:byte offset` of each identifier naming it. */
  readonly places: readonly string[];
  /** Whether a local of the same name is declared somewhere in the package. */
  readonly shadowed: boolean;
}

function oracle(): string {
  const binary = join(work, 'go-references');
  if (!existsSync(binary)) execFileSync(GO, ['build', '-o', binary, join(import.meta.dirname, 'go-references', 'main.go')], { env: { ...process.env, GOCACHE: join(work, 'go-cache'), GO111MODULE: 'off', GOTOOLCHAIN: 'local' } });
  return binary;
}

/** The text with every identifier at `offsets` (bytes, as Go counts them) renamed from `name` to `to`. */
function renamedAt(text: string, offsets: readonly number[], name: string, to: string): string {
  const bytes = Buffer.from(text);
  let result = '';
  let at = 0;
  for (const offset of [...offsets].sort((a, b) => a - b)) {
    result += bytes.subarray(at, offset).toString() + to;
    at = offset + Buffer.byteLength(name);
  }
  return result + bytes.subarray(at).toString();
}

describe.skipIf(missing !== null)('Go renames agree with go/types', () => {
  it('an applied rename changes exactly the identifiers go/types ties to the declaration', async () => {
    const binary = oracle();
    const counts = { renames: 0, shadowed: 0, applied: 0, noTarget: 0, refused: new Map<string, number>() };
    const wrong: string[] = [];
    for (const pkg of PACKAGES) {
      const dir = join(GOROOT, 'src', pkg);
      const found = JSON.parse(execFileSync(binary, [dir], { encoding: 'utf8', env: { ...process.env, GOTOOLCHAIN: 'local' } })) as { files: string[]; declarations: Declaration[] };
      const files = Object.fromEntries(found.files.map((name) => [`${pkg}/${name}`, readFileSync(join(dir, name), 'utf8')]));
      const lister = createEditor({ fs: memoryFs(files) });
      const targets = new Map<string, { path: string; target: string }>();
      for (const path of Object.keys(files)) {
        const listed = await lister.listStructures({ path, depth: 2 });
        if (listed.isErr()) continue;
        // Top-level declarations, and each spec of a group (`const ( A = iota; B )`, which names none itself).
        const declarations = listed.value.structures.flatMap((structure) => (structure.name === null && (structure.kind === 'variable' || structure.kind === 'type') ? structure.children : [structure]));
        for (const structure of declarations) {
          if (structure.name !== null && structure.target !== null && structure.kind !== 'method' && !targets.has(structure.name)) targets.set(structure.name, { path, target: structure.target });
        }
      }
      const shadowed = found.declarations.filter((declaration) => declaration.shadowed);
      const others = found.declarations.filter((declaration) => !declaration.shadowed);
      const step = Math.max(1, Math.floor(others.length / PER_PACKAGE));
      const sample = [...shadowed.slice(0, PER_PACKAGE), ...others.filter((_, index) => index % step === 0)].slice(0, PER_PACKAGE);
      for (const declaration of sample) {
        const where = targets.get(declaration.name);
        if (!where) {
          counts.noTarget++;
          continue;
        }
        counts.renames++;
        if (declaration.shadowed) counts.shadowed++;
        const to = `${declaration.name}Zz`;
        const fs = memoryFs(files);
        const result = await createEditor({ fs }).applyEdits({ edits: [{ op: 'rename', path: where.path, address: where.target, new_name: to }] });
        if (result.isErr()) {
          counts.refused.set(result.error.error, (counts.refused.get(result.error.error) ?? 0) + 1);
          continue;
        }
        counts.applied++;
        const after = fs.snapshot();
        for (const [path, text] of Object.entries(files)) {
          const name = path.slice(pkg.length + 1);
          const offsets = declaration.places.filter((place) => place.startsWith(`${name}:`)).map((place) => Number(place.slice(name.length + 1)));
          const expected = renamedAt(text, offsets, declaration.name, to);
          if (after[path] !== expected) {
            const lines = after[path]!.split('\n');
            const line = expected.split('\n').findIndex((expectedLine, index) => expectedLine !== lines[index]);
            wrong.push(`${declaration.kind} ${declaration.name} (${where.path}) → ${to}: ${path}:${line + 1} is ${JSON.stringify(lines[line]?.trim())}, go/types says ${JSON.stringify(expected.split('\n')[line]?.trim())}`);
            break;
          }
        }
      }
    }
    const refused = [...counts.refused].map(([code, count]) => `${count} ${code}`).join(', ') || 'none';
    console.log(`[go/types] ${counts.renames} renames of package-level declarations (${PACKAGES.length} packages; ${counts.shadowed} with a local of the same name somewhere): ${counts.applied} applied, ${wrong.length} of them not as go/types resolves the names; refused ${refused}; ${counts.noTarget} without a target`);
    expect(wrong).toEqual([]);
    expect(counts.applied).toBeGreaterThan(PACKAGES.length * 3);
    expect(counts.shadowed).toBeGreaterThan(0);
  }, 600_000);
});
