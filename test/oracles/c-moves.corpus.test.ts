import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';

/**
 * Top-level C functions moved to a new file beside them, with gcc as the oracle, on the example
 * programs Debian's -dev packages ship (`/usr/share/doc/*\/examples/*.c`: zlib, libpng, expat, xz,
 * nettle…) that compile on their own. C follows no imports in structedit: a moved function takes
 * the `#include`s with it (they cannot tell what they declare), and a name of its file it uses (a
 * `static` helper, a macro, a type, an enumerator) refuses the move unless the new file declares it.
 * Every applied move must leave both files compiling (`gcc -fsyntax-only`, an implicit declaration
 * an error).
 */

const GCC = '/usr/bin/gcc';
const DOCS = '/usr/share/doc';
const work = mkdtempSync(join(tmpdir(), 'structedit-c-moves-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** gcc's errors for `files` (root-relative), each compiled alone at a fresh folder; `null` when all compile. */
function compile(name: string, files: Readonly<Record<string, string>>): string | null {
  const root = join(work, name);
  rmSync(root, { recursive: true, force: true });
  let errors = '';
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const path of Object.keys(files)) {
    const result = spawnSync(GCC, ['-fsyntax-only', '-w', '-Werror=implicit-function-declaration', '-Werror=implicit-int', join(root, path)], { encoding: 'utf8' });
    if (result.status !== 0) errors += result.stderr;
  }
  return errors === '' ? null : errors;
}

/** The example programs under /usr/share/doc that compile alone, by path. */
function examples(): Record<string, string> {
  const found: Record<string, string> = {};
  if (!existsSync(DOCS)) return found;
  for (const pkg of readdirSync(DOCS).sort()) {
    const dir = join(DOCS, pkg, 'examples');
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.c')) continue;
      const path = `${pkg}/${name}`;
      const text = readFileSync(join(dir, name), 'utf8');
      if (compile('baseline', { [path]: text }) === null) found[path] = text;
    }
  }
  return found;
}

const missing = !existsSync(GCC) ? `no ${GCC}` : null;

describe.skipIf(missing !== null)('C functions moved to a new file agree with gcc', () => {
  it('every applied move compiles, with its includes; a name of its file it needs refuses it', async () => {
    const programs = examples();
    const counts = { files: Object.keys(programs).length, moves: 0, applied: 0, importsAdded: 0, refused: new Map<string, number>(), reasons: new Map<string, number>() };
    const broken: string[] = [];
    for (const [path, text] of Object.entries(programs)) {
      const listed = (await createEditor({ fs: memoryFs({ [path]: text }) }).listStructures({ path, depth: 1 }))._unsafeUnwrap();
      for (const fn of listed.structures.filter((entry) => entry.kind === 'function' && entry.target !== null)) {
        counts.moves++;
        const to = join(dirname(path), 'zz_moved.c');
        const fs = memoryFs({ [path]: text });
        const result = await createEditor({ fs }).applyEdits({ edits: [{ op: 'move', path, address: fn.target!, to }] });
        if (result.isErr()) {
          counts.refused.set(result.error.error, (counts.refused.get(result.error.error) ?? 0) + 1);
          const references = result.error.error === 'UNRESOLVED_REFERENCES' ? result.error.details.references : [];
          for (const reference of references) {
            const why = /^uses \S+, declared in/.test(reference.reason) ? 'a name of its file it uses' : /^needs /.test(reference.reason) ? 'an include relative to its folder' : 'a use of it left behind';
            counts.reasons.set(why, (counts.reasons.get(why) ?? 0) + 1);
          }
          continue;
        }
        counts.applied++;
        counts.importsAdded += result.value.results.flatMap((outcome) => (outcome as { changes?: ReadonlyArray<{ type: string }> }).changes ?? []).filter((change) => change.type === 'added_import').length;
        const errors = compile('moved', fs.snapshot() as Record<string, string>);
        if (errors !== null) broken.push(`${path} ${JSON.stringify(fn.target)} → ${to}:\n${errors.split('\n').slice(0, 6).join('\n')}`);
      }
    }
    const listed = (map: Map<string, number>) => [...map].map(([key, count]) => `${count} ${key}`).join(', ') || 'none';
    console.log(`[gcc] ${counts.moves} functions of ${counts.files} example programs moved to a new file: ${counts.applied} applied, all compiling (${counts.importsAdded} includes moved along); refused ${listed(counts.refused)} (places listed: ${listed(counts.reasons)})`);
    expect(broken).toEqual([]);
    expect(counts.files).toBeGreaterThanOrEqual(10);
    expect(counts.applied).toBeGreaterThan(0);
  }, 600_000);
});
