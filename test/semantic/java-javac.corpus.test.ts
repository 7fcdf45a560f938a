import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';

/**
 * Renames and removes of private methods, and renames of private fields, in the JDK's own sources (java.util, from Debian's
 * openjdk-17-source), with javac as the oracle: every file an applied edit changed must still
 * compile against java.base (`--patch-module`). Java has the generic scope model and no type-check
 * backend here, so this is what proves its renames complete and its removes safe: a rename that
 * missed a call, or a remove of a method still called, fails to compile.
 */

const JDK = '/usr/lib/jvm/java-17-openjdk-amd64';
const SOURCES = join(JDK, 'lib', 'src.zip');
const JAVAC = join(JDK, 'bin', 'javac');
const FILES = 40;
const MAX_BYTES = 60_000;
const PER_FILE = 2;
const FIELDS_PER_FILE = 6;

const missing = !existsSync(SOURCES) ? `no ${SOURCES} (Debian openjdk-17-source)` : !existsSync(JAVAC) ? `no ${JAVAC} (Debian openjdk-17-jdk-headless)` : null;
const work = mkdtempSync(join(tmpdir(), 'structedit-javac-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** java.util's sources (not its subpackages) up to `maxBytes`, `count` of them spread by name (every one if fewer). */
function sample(count = FILES, maxBytes = MAX_BYTES): string[] {
  const listing = execFileSync('unzip', ['-Z', SOURCES], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const files = listing.split('\n').flatMap((line) => {
    const match = /^\S+\s+\S+\s+\S+\s+(\d+)\s+\S+\s+\S+\s+\S+\s+\S+\s+(java\.base\/java\/util\/[A-Za-z]+\.java)$/.exec(line);
    return match && Number(match[1]) <= maxBytes ? [match[2]!] : [];
  });
  files.sort();
  if (count >= files.length) return files;
  const step = files.length / count;
  return Array.from({ length: Math.min(count, files.length) }, (_, i) => files[Math.floor(i * step)]!);
}

/** javac over `files` of the tree at `root`, patched into java.base: its errors, or null when it compiles. */
function compile(root: string, files: readonly string[]): string | null {
  const out = join(root, '..', `${root.split('/').pop()}-classes`);
  const result = spawnSync(JAVAC, ['-Xmaxerrs', '10000', '-nowarn', '-Xlint:none', '-XDsuppressNotes', '--patch-module', `java.base=${join(root, 'java.base')}`, '-d', out, ...files.map((file) => join(root, file))], { encoding: 'utf8' });
  return result.status === 0 ? null : `${result.stdout}${result.stderr}`;
}

function write(root: string, file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** Each member renamed in turn in one editor, and the file written under `root` where javac compiles it: how many applied. */
async function renameAll(file: string, text: string, members: readonly StructureListing[], prefix: string, refused: (code: string) => void, root: string): Promise<number> {
  const editor = createEditor({ fs: memoryFs({ [file]: text }) });
  let applied = 0;
  for (const [index, member] of members.entries()) {
    const result = await editor.applyEdits({ edits: [{ op: 'rename', path: file, address: member.target!, new_name: `${prefix}${index}` }] });
    if (result.isOk()) applied++;
    else refused(result.error.error);
  }
  write(root, file, (await editor.readStructure({ path: file, target: '' }))._unsafeUnwrap().matches[0]!.text);
  return applied;
}

/** Private members of a kind (`method`, `property`) with a target, as listStructures gives them. */
function privateMembers(entries: readonly StructureListing[], kind: string): StructureListing[] {
  const found: StructureListing[] = [];
  const visit = (list: readonly StructureListing[]) => {
    for (const entry of list) {
      if (entry.kind === kind && entry.target !== null && entry.name !== null && /(^|\n)\s*private\b/.test(entry.target.split('\n').pop()!)) found.push(entry);
      visit(entry.children);
    }
  };
  visit(entries);
  return found;
}

describe.skipIf(missing !== null)('Java renames and removes on the JDK sources, checked by javac', () => {
  it('every applied rename and remove of a private method leaves java.util compiling', async () => {
    const original = join(work, 'original');
    const files = sample();
    execFileSync('unzip', ['-o', '-q', SOURCES, ...files, '-d', original]);
    // The oracle's baseline: what compiles untouched (each file with the JDK's own classes).
    const compiles = compile(original, files) === null ? files : files.filter((file) => compile(original, [file]) === null);
    const counts = { methods: 0, renamed: 0, removed: 0, renameRefused: new Map<string, number>(), removeRefused: new Map<string, number>() };
    const tally = (map: Map<string, number>, code: string) => map.set(code, (map.get(code) ?? 0) + 1);
    const renamedRoot = join(work, 'renamed');
    const removedRoot = join(work, 'removed');
    // A required parameter added: applied where no call needs it; else CALLS_BROKEN, and then,
    // written anyway (validate: false), javac must find each such method's calls broken.
    const parameters = { added: 0, refused: new Map<string, number>(), broken: [] as Array<{ file: string; name: string; implicit: boolean }> };
    const addedRoot = join(work, 'added');
    const forcedRoot = join(work, 'forced');
    for (const file of compiles) {
      const text = readFileSync(join(original, file), 'utf8');
      const listed = await createEditor({ fs: memoryFs({ [file]: text }) }).listStructures({ path: file });
      const methods = listed.isOk() ? privateMembers(listed.value.structures, 'method').slice(0, PER_FILE) : [];
      counts.methods += methods.length;
      counts.renamed += await renameAll(file, text, methods, 'zzRenamed', (code) => tally(counts.renameRefused, code), renamedRoot);
      const removes = createEditor({ fs: memoryFs({ [file]: text }) });
      for (const method of methods) {
        const result = await removes.applyEdits({ edits: [{ op: 'remove', path: file, address: method.target! }] });
        if (result.isOk()) counts.removed++;
        else tally(counts.removeRefused, result.error.error);
      }
      write(removedRoot, file, (await removes.readStructure({ path: file, target: '' }))._unsafeUnwrap().matches[0]!.text);
      const adds = createEditor({ fs: memoryFs({ [file]: text }) });
      const forced = createEditor({ fs: memoryFs({ [file]: text }) });
      for (const method of methods) {
        const edits = [{ op: 'add' as const, path: file, address: method.target!, value: 'int zzExtra' }];
        const result = await adds.applyEdits({ edits });
        if (result.isOk()) parameters.added++;
        else tally(parameters.refused, result.error.error);
        if (result.isErr() && result.error.error === 'CALLS_BROKEN' && (await forced.applyEdits({ edits, options: { validate: false } })).isOk()) {
          // A serialization hook is called by the runtime with its signature: javac cannot see that call.
          const implicit = result.error.details.calls.some((call) => call.reason.includes('a name the language itself calls'));
          parameters.broken.push({ file, name: method.name!, implicit });
        }
      }
      write(addedRoot, file, (await adds.readStructure({ path: file, target: '' }))._unsafeUnwrap().matches[0]!.text);
      write(forcedRoot, file, (await forced.readStructure({ path: file, target: '' }))._unsafeUnwrap().matches[0]!.text);
    }
    const described = (map: Map<string, number>) => [...map].map(([code, count]) => `${count} ${code}`).join(', ') || 'none';
    console.log(
      `[javac] ${compiles.length} of ${files.length} java.util files compile alone; ${counts.methods} private methods: ` +
        `renamed ${counts.renamed} (refused: ${described(counts.renameRefused)}), removed ${counts.removed} (refused: ${described(counts.removeRefused)})`,
    );
    expect(compiles.length).toBeGreaterThanOrEqual(FILES / 2);
    expect(counts.renamed).toBeGreaterThan(0);
    expect(compile(renamedRoot, compiles)).toBeNull();
    expect(compile(removedRoot, compiles)).toBeNull();
    expect(compile(addedRoot, compiles)).toBeNull();
    // Every refusal was needed: javac rejects a call of each method the check refused.
    const errors = compile(forcedRoot, compiles) ?? '';
    const confirmed = parameters.broken.filter(({ file, name, implicit }) => implicit || new RegExp(`${file.split('/').pop()!.replace('.', '\\.')}:\\d+: error: (?:method ${name} in|no suitable method found for ${name}\\()`).test(errors));
    console.log(`[javac] a required parameter added to each: applied ${parameters.added} (all compile), refused ${described(parameters.refused)}; written anyway, javac rejects calls of ${confirmed.filter((entry) => !entry.implicit).length} of the ${parameters.broken.length} refused for CALLS_BROKEN, the runtime calls the other ${confirmed.filter((entry) => entry.implicit).length} (serialization hooks)`);
    for (const missed of parameters.broken.filter((entry) => !confirmed.includes(entry))) console.log('[javac] refused, yet compiles:', missed.file, missed.name);
    expect(parameters.broken.length).toBeGreaterThan(0);
    expect(confirmed.length).toBe(parameters.broken.length);
  }, 300_000);

  it("every applied rename of a private field leaves java.util compiling (locals of the field's name, `this.x`, `other.x`, a method of the same name)", async () => {
    const root = join(work, 'fields-original');
    const files = sample(Infinity, 2 * MAX_BYTES);
    execFileSync('unzip', ['-o', '-q', SOURCES, ...files, '-d', root]);
    const compiles = compile(root, files) === null ? files : files.filter((file) => compile(root, [file]) === null);
    const renamedRoot = join(work, 'fields-renamed');
    const counts = { fields: 0, renamed: 0, refused: new Map<string, number>() };
    for (const file of compiles) {
      const text = readFileSync(join(root, file), 'utf8');
      const listed = await createEditor({ fs: memoryFs({ [file]: text }) }).listStructures({ path: file });
      const fields = listed.isOk() ? privateMembers(listed.value.structures, 'property').slice(0, FIELDS_PER_FILE) : [];
      counts.fields += fields.length;
      counts.renamed += await renameAll(file, text, fields, 'zzField', (code) => counts.refused.set(code, (counts.refused.get(code) ?? 0) + 1), renamedRoot);
    }
    console.log(`[javac] ${compiles.length} java.util files, ${counts.fields} private fields: renamed ${counts.renamed} (refused: ${[...counts.refused].map(([code, count]) => `${count} ${code}`).join(', ') || 'none'})`);
    expect(compiles.length).toBeGreaterThan(100);
    expect(counts.renamed).toBeGreaterThan(counts.fields / 2);
    expect(compile(renamedRoot, compiles)).toBeNull();
  }, 300_000);
});
