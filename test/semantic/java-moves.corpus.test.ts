import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';

/**
 * The JDK's files that hold more than one top-level class (from Debian's openjdk-17-source), each
 * class after the first moved to a file of its own in the same package, with javac as the oracle:
 * the class takes the imports it uses (`java.security.*` for a permission collection,
 * `jdk.internal.…`), and both files must compile against java.base (`--patch-module`).
 */

const JDK = '/usr/lib/jvm/java-17-openjdk-amd64';
const SOURCES = join(JDK, 'lib', 'src.zip');
const JAVAC = join(JDK, 'bin', 'javac');
const FILES = ['java.base/java/util/Timer.java', 'java.base/java/util/PropertyPermission.java', 'java.base/java/util/ImmutableCollections.java', 'java.base/java/text/AttributedString.java', 'java.base/java/io/FilePermission.java'];

const missing = !existsSync(SOURCES) ? `no ${SOURCES} (Debian openjdk-17-source)` : !existsSync(JAVAC) ? `no ${JAVAC} (Debian openjdk-17-jdk-headless)` : null;
const work = mkdtempSync(join(tmpdir(), 'structedit-java-moves-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** javac over `files` (root-relative) written at a fresh folder, patched into java.base: its errors, or null when it compiles. */
function compile(name: string, files: Readonly<Record<string, string>>): string | null {
  const root = join(work, name);
  rmSync(root, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = spawnSync(JAVAC, ['-Xmaxerrs', '100', '-nowarn', '-Xlint:none', '-XDsuppressNotes', '--patch-module', `java.base=${join(root, 'java.base')}`, '-d', join(root, 'classes'), ...Object.keys(files).map((file) => join(root, file))], { encoding: 'utf8' });
  return result.status === 0 ? null : `${result.stdout}${result.stderr}`;
}

describe.skipIf(missing !== null)('Java classes moved to a file of their own, checked by javac', () => {
  it('every applied move compiles, the imports it needs moved along', async () => {
    const original = join(work, 'original');
    execFileSync('unzip', ['-o', '-q', SOURCES, ...FILES, '-d', original]);
    const counts = { classes: 0, applied: 0, importsAdded: 0, refused: new Map<string, number>() };
    const broken: string[] = [];
    for (const file of FILES) {
      const text = readFileSync(join(original, file), 'utf8');
      expect(compile('baseline', { [file]: text }), `${file} compiles untouched`).toBeNull();
      const listed = (await createEditor({ fs: memoryFs({ [file]: text }) }).listStructures({ path: file, depth: 1 }))._unsafeUnwrap();
      const classes = listed.structures.filter((entry) => /^(class|interface|enum|record)$/.test(entry.kind) && entry.name !== null && entry.target !== null).slice(1);
      for (const moved of classes) {
        counts.classes++;
        const to = join(dirname(file), `${moved.name}.java`);
        const fs = memoryFs({ [file]: text });
        const result = await createEditor({ fs }).applyEdits({ edits: [{ op: 'move', path: file, address: moved.target!, to }] });
        if (result.isErr()) {
          counts.refused.set(result.error.error, (counts.refused.get(result.error.error) ?? 0) + 1);
          console.log(`[javac] ${file} ${moved.name} refused: ${result.error.message.slice(0, 300)}`);
          continue;
        }
        counts.applied++;
        counts.importsAdded += result.value.results.flatMap((outcome) => (outcome as { changes?: ReadonlyArray<{ type: string }> }).changes ?? []).filter((change) => change.type === 'added_import').length;
        const errors = compile('moved', fs.snapshot() as Record<string, string>);
        if (errors !== null) broken.push(`${file} ${moved.name} → ${to}:\n${errors.split('\n').slice(0, 6).join('\n')}`);
      }
    }
    const refused = [...counts.refused].map(([code, count]) => `${count} ${code}`).join(', ') || 'none';
    console.log(`[javac] ${counts.classes} top-level classes moved to a file of their own (${FILES.length} JDK files): ${counts.applied} applied, all compiling (${counts.importsAdded} imports moved along); refused ${refused}`);
    expect(broken).toEqual([]);
    expect(counts.applied).toBeGreaterThanOrEqual(4);
    expect(counts.importsAdded).toBeGreaterThan(0);
  }, 300_000);
});
