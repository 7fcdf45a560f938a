import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';
import { languageSample } from '../corpus/corpus.js';

/**
 * Deleting a statement of a function that returns a value, the last `return` above all: Go and Java
 * grammars parse a body that runs off its end without an error, so the syntax check passed and the
 * write came back applied while the compiler refused it ("missing return"). The edit check now counts
 * each such function an edit leaves (the profiles' completion rules: Go's terminating statements,
 * Java's "can complete normally") as a syntax error. Oracles: Go's own type checker (go/types, each
 * file alone) on the Go standard library, and javac (`-XDshould-stop.ifError=FLOW`: flow analysis
 * whatever else the deletion broke) on java.base's sources patched into the module. Every deletion
 * is written anyway (`force`), and structedit's verdict must be the compiler's: "missing return"
 * added exactly where the check counted one.
 */

const GO = '/usr/lib/go-1.19/bin/go';
const JDK = '/usr/lib/jvm/java-17-openjdk-amd64';
const JAVAC = join(JDK, 'bin', 'javac');
const FILES = 80;
const PER_FILE = 4;
const work = mkdtempSync(join(tmpdir(), 'structedit-missing-returns-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** One deletion: the file, what was deleted, the text it left, and whether structedit counted a missing return. */
interface Deletion {
  readonly file: string;
  readonly where: string;
  readonly before: string;
  readonly after: string;
  readonly flagged: boolean;
  /** Refused when not forced, with `SYNTAX_ERROR` (checked where flagged). */
  readonly refused: boolean | null;
}

/** The statements of functions: each function's last one (its `return`, mostly) first, then one from its middle. */
function statementsOfFunctions(entries: readonly StructureListing[]): { last: StructureListing[]; middle: StructureListing[] } {
  const last: StructureListing[] = [];
  const middle: StructureListing[] = [];
  const visit = (list: readonly StructureListing[]) => {
    for (const entry of list) {
      const statements = entry.children.filter((child) => child.target !== null);
      if ((entry.kind === 'function' || entry.kind === 'method') && statements.length > 0) {
        last.push(statements[statements.length - 1]!);
        if (statements.length > 2) middle.push(statements[Math.floor(statements.length / 2)]!);
      }
      visit(entry.children);
    }
  };
  visit(entries);
  return { last, middle };
}

/** Up to `PER_FILE` deletions of a file's statements, each written anyway, with structedit's verdict. */
async function deletions(path: string, file: string, text: string): Promise<Deletion[]> {
  const listing = await createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' }).listStructures({ path, depth: 6 });
  if (listing.isErr()) return [];
  const { last, middle } = statementsOfFunctions(listing.value.structures);
  const spread = (list: readonly StructureListing[], count: number) => (list.length <= count ? list : Array.from({ length: count }, (_, index) => list[Math.floor((index * list.length) / count)]!));
  const chosen = [...spread(last, PER_FILE - 1), ...spread(middle, 1)];
  const found: Deletion[] = [];
  for (const candidate of chosen) {
    const fs = memoryFs({ [path]: text });
    const written = await createEditor({ fs, semantic: 'syntax' }).deleteStructure({ path, target: candidate.target!, force: true });
    if (written.isErr()) continue;
    const after = fs.snapshot()[path] as string;
    const flagged = written.value.warnings.some((warning) => warning.type === 'SYNTAX_BROKEN' && JSON.stringify(warning.details).includes('"missing":"return"'));
    let refused: boolean | null = null;
    if (flagged) {
      const checked = await createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' }).deleteStructure({ path, target: candidate.target! });
      refused = checked.isErr() && checked.error.error === 'SYNTAX_ERROR';
    }
    found.push({ file, where: `${file}:${candidate.line_range_inclusive.join('-')} ${JSON.stringify(candidate.target!.split('\n').pop())}`, before: text, after, flagged, refused });
  }
  return found;
}

/** structedit's verdicts against the compiler's "missing return" errors added. */
function tally(name: string, found: readonly Deletion[], added: (deletion: Deletion) => boolean) {
  const applied = found.filter((deletion) => !deletion.flagged && added(deletion)).map((deletion) => `${deletion.where}: applied, the compiler finds a missing return`);
  const overRefused = found.filter((deletion) => deletion.flagged && !added(deletion)).map((deletion) => `${deletion.where}: refused, the compiler finds no missing return`);
  const notRefused = found.filter((deletion) => deletion.flagged && deletion.refused === false).map((deletion) => `${deletion.where}: counted, but not refused without force`);
  const flagged = found.filter((deletion) => deletion.flagged).length;
  console.log(`${name}: ${found.length} deletions of statements in functions; the compiler finds a missing return after ${found.filter(added).length}, structedit refuses ${flagged}; applied while broken ${applied.length}, refused while valid ${overRefused.length}`);
  for (const line of [...applied, ...overRefused, ...notRefused].slice(0, 10)) console.log(`  ${line}`);
  return { flagged, problems: [...applied, ...overRefused, ...notRefused] };
}

describe('deleting the statement a function returns with (compilers as the oracle)', () => {
  it.skipIf(!existsSync(GO))('Go: go/types finds "missing return" exactly where the edit is refused (the Go standard library)', { timeout: 240_000 }, async () => {
    const sample = languageSample('go', FILES);
    if (!('files' in sample)) throw new Error(sample.missing);
    const found: Deletion[] = [];
    for (const file of sample.files) found.push(...(await deletions('m.go', file, readFileSync(join(sample.root, file), 'utf8'))));
    // One process checks every version: the files before, then after each deletion.
    const oracle = join(work, 'go-missing-returns');
    execFileSync(GO, ['build', '-o', oracle, join(import.meta.dirname, 'go-missing-returns', 'main.go')], { env: { ...process.env, GOCACHE: join(work, 'go-cache'), GO111MODULE: 'off', GOTOOLCHAIN: 'local' } });
    const texts = found.flatMap((deletion, index) => [{ name: `${index}.before`, text: deletion.before }, { name: `${index}.after`, text: deletion.after }]);
    const lines = execFileSync(oracle, { input: texts.map((text) => JSON.stringify(text)).join('\n'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim().split('\n');
    const missing = new Map(lines.map((line) => JSON.parse(line) as { name: string; parsed: boolean; lines: number[] }).map((result) => [result.name, result]));
    const counted = (name: string) => missing.get(name)?.lines.length ?? 0;
    const added = (deletion: Deletion) => counted(`${found.indexOf(deletion)}.after`) > counted(`${found.indexOf(deletion)}.before`);
    const result = tally('Go', found, added);
    expect(found.length).toBeGreaterThan(150);
    expect(result.flagged).toBeGreaterThan(50);
    expect(result.problems).toEqual([]);
  });

  it.skipIf(!existsSync(JAVAC) || !existsSync(join(JDK, 'lib', 'src.zip')))('Java: javac finds "missing return statement" exactly where the edit is refused (java.base)', { timeout: 300_000 }, async () => {
    const sample = languageSample('java', FILES * 4, 60_000);
    if (!('files' in sample)) throw new Error(sample.missing);
    // Only java.base compiles patched into its module without the others' sources.
    const files = sample.files.filter((file) => file.startsWith('java.base/') && !file.endsWith('module-info.java')).slice(0, FILES);
    const byFile = new Map<string, Deletion[]>();
    for (const file of files) byFile.set(file, await deletions(file.split('/').pop()!, file, readFileSync(join(sample.root, file), 'utf8')));
    const found = [...byFile.values()].flat();
    // A round compiles one version of each file: first as they are, then one deletion per file and round.
    const missingIn = new Map<Deletion | string, number>();
    const rounds = Math.max(...[...byFile.values()].map((list) => list.length));
    for (let round = -1; round < rounds; round++) {
      const root = join(work, `java-${round + 1}`);
      const versions = new Map<string, Deletion | string>();
      for (const [file, list] of byFile) {
        if (round === -1) versions.set(file, file);
        else if (list[round]) versions.set(file, list[round]!);
      }
      for (const [file, version] of versions) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), typeof version === 'string' ? readFileSync(join(sample.root, file), 'utf8') : version.after);
      }
      const compiled = spawnSync(JAVAC, ['-Xmaxerrs', '100000', '-nowarn', '-Xlint:none', '-XDsuppressNotes', '-XDshould-stop.ifError=FLOW', '-proc:none', '--patch-module', `java.base=${join(root, 'java.base')}`, '-d', `${root}-classes`, ...[...versions.keys()].map((file) => join(root, file))], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      for (const version of versions.values()) missingIn.set(version, 0);
      for (const match of `${compiled.stdout}${compiled.stderr}`.matchAll(/^(\S+\.java):\d+: error: missing return statement$/gm)) {
        const version = versions.get(match[1]!.slice(root.length + 1));
        if (version !== undefined) missingIn.set(version, missingIn.get(version)! + 1);
      }
    }
    const added = (deletion: Deletion) => (missingIn.get(deletion) ?? 0) > (missingIn.get(deletion.file) ?? 0);
    const result = tally('Java', found, added);
    expect(found.length).toBeGreaterThan(150);
    expect(result.flagged).toBeGreaterThan(50);
    expect(result.problems).toEqual([]);
  });
});
