import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';
import ts from 'typescript';
import { languageSample, pythonSample } from '../corpus/corpus.js';
import { sourcesUnder } from './compiler-oracle.js';
import { CRATES, editionOf, featuresOf, REGISTRY, rustcMissing, rustcRun } from './rustc.js';

/**
 * Deleting a statement of a function that returns a value, the last `return` above all: Go, Java and
 * Rust grammars parse a body that runs off its end without an error, so the syntax check passed and
 * the write came back applied while the compiler refused it ("missing return", "implicitly returns
 * `()`"). The edit check now counts each such function an edit leaves (the profiles' completion rules:
 * Go's terminating statements, Java's "can complete normally", Rust's tail expression) as a syntax
 * error. Oracles: Go's own type checker (go/types, each file alone) on the Go standard library; javac
 * (`-XDshould-stop.ifError=FLOW`: flow analysis whatever else the deletion broke) on java.base's
 * sources patched into the module; rustc on two crates Debian ships (`rustc.ts`), every feature on.
 * Every deletion is written anyway (`force`), and structedit's verdict must be the compiler's: a
 * missing return added exactly where the check counted one.
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
  /** What structedit counted: `missing return`, `unused` (an import or variable). */
  readonly kinds: ReadonlySet<string>;
  /** Refused when not forced, with `SYNTAX_ERROR` (checked where flagged). */
  readonly refused: boolean | null;
  /** The deleted statement's first line. */
  readonly line: number;
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

/** What a refusal's reason is about, as the oracles sort the compilers' errors. */
function kindOf(reason: string): string {
  if (reason === 'missing return') return reason;
  if (/not used/.test(reason)) return 'unused';
  if (/init expr/.test(reason)) return 'init';
  if (/^duplicated? (?:argument|parameter)|^Duplicate (?:identifier|parameter name)|bound more than once in this parameter list|^(?:variable|record component) \S+ is already defined|^redefinition of parameter/.test(reason)) return 'parameter';
  return /redeclared|defined multiple times|already (?:been )?(?:defined|declared)/.test(reason) ? 'duplicate' : 'other';
}

/** The structures of some kinds in a listing (not inside one another), with targets. */
function functionsOf(entries: readonly StructureListing[], kinds: readonly string[]): StructureListing[] {
  const found: StructureListing[] = [];
  const visit = (list: readonly StructureListing[]) => {
    for (const entry of list) {
      if (kinds.includes(entry.kind) && entry.target !== null) found.push(entry);
      else visit(entry.children);
    }
  };
  visit(entries);
  return found;
}

/**
 * Up to `count` functions of a file inserted again after themselves (a second declaration of each
 * name, written anyway), and as many under a new name (`…Zz`: no second declaration), each with
 * structedit's verdict.
 */
async function copies(path: string, file: string, text: string, count: number, kinds: readonly string[] = ['function', 'method']): Promise<Deletion[]> {
  const editor = createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' });
  const listing = await editor.listStructures({ path, depth: 4 });
  if (listing.isErr()) return [];
  const functions = functionsOf(listing.value.structures, kinds).filter((entry) => entry.name !== null && entry.line_range_inclusive[1] - entry.line_range_inclusive[0] < 40);
  const chosen = functions.length <= count ? functions : Array.from({ length: count }, (_, index) => functions[Math.floor((index * functions.length) / count)]!);
  const found: Deletion[] = [];
  for (const candidate of chosen) {
    const read = await editor.readStructure({ path, target: candidate.target! });
    if (read.isErr()) continue;
    const own = read.value.matches[0]!.text.replace(/^\s*(?:\/\/[^\n]*|\/\*[^]*?\*\/|#\[[^\n]*\]|@\w+(?:\([^)]*\))?)\s*\n/g, '');
    const renamed = own.replace(new RegExp(`\\b${candidate.name!}\\b`), `${candidate.name!}Zz`);
    for (const content of [own, renamed]) {
      const fs = memoryFs({ [path]: text });
      const written = await createEditor({ fs, semantic: 'syntax' }).insertAfterStructure({ path, target: candidate.target!, content, force: true });
      if (written.isErr()) continue;
      const reasons = written.value.warnings.flatMap((warning) => (warning.type === 'SYNTAX_BROKEN' ? ((warning.details?.['errors'] ?? []) as Array<{ reason?: string }>).flatMap((error) => (error.reason ? [error.reason] : [])) : []));
      const kinds = new Set(reasons.map(kindOf));
      const flagged = kinds.has('duplicate');
      const refused = flagged ? (await createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' }).insertAfterStructure({ path, target: candidate.target!, content })).isErr() : null;
      found.push({ file, where: `${file}:${candidate.line_range_inclusive[0]} ${JSON.stringify(candidate.target!.split('\n').pop())}${content === renamed ? ' renamed' : ''}`, before: text, after: fs.snapshot()[path] as string, flagged, kinds: new Set(flagged ? ['duplicate'] : []), refused, line: candidate.line_range_inclusive[0] });
    }
  }
  return found;
}

/**
 * `let <its first parameter> = 0;` inserted before the first statement of up to `count` functions
 * of a file (a second declaration of the parameter's name), and as many with a new name, each with
 * structedit's verdict.
 */
async function parameterShadows(path: string, file: string, text: string, count: number): Promise<Deletion[]> {
  const listing = await createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' }).listStructures({ path, depth: 4 });
  if (listing.isErr()) return [];
  const lines = text.split('\n');
  const functions = functionsOf(listing.value.structures, ['function', 'method'])
    .map((entry) => ({ entry, parameter: /\(\s*([A-Za-z_$][\w$]*)\s*[,)=]/.exec(lines[entry.line_range_inclusive[0] - 1] ?? '')?.[1] }))
    .filter(({ entry, parameter }) => parameter !== undefined && entry.children.some((child) => child.target !== null));
  const found: Deletion[] = [];
  for (const { entry, parameter } of functions.slice(0, count)) {
    const target = entry.children.find((child) => child.target !== null)!.target!;
    for (const name of [parameter!, `${parameter!}Zz`]) {
      const fs = memoryFs({ [path]: text });
      const written = await createEditor({ fs, semantic: 'syntax' }).insertBeforeStructure({ path, target, content: `let ${name} = 0;`, force: true });
      if (written.isErr()) continue;
      const flagged = written.value.warnings.some((warning) => warning.type === 'SYNTAX_BROKEN' && /already been declared/.test(JSON.stringify(warning.details)));
      const refused = flagged ? (await createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' }).insertBeforeStructure({ path, target, content: `let ${name} = 0;` })).isErr() : null;
      found.push({ file, where: `${file}:${entry.line_range_inclusive[0]} let ${name}`, before: text, after: fs.snapshot()[path] as string, flagged, kinds: new Set(flagged ? ['duplicate'] : []), refused, line: entry.line_range_inclusive[0] });
    }
  }
  return found;
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
    const deletion = await deletionOf(path, file, text, candidate);
    if (deletion) found.push(deletion);
  }
  return found;
}

/** One structure deleted, written anyway (`null` where even that fails), with the compiler's reasons structedit counted and whether it refuses without force. */
async function deletionOf(path: string, file: string, text: string, candidate: StructureListing): Promise<Deletion | null> {
  const fs = memoryFs({ [path]: text });
  const written = await createEditor({ fs, semantic: 'syntax' }).deleteStructure({ path, target: candidate.target!, force: true });
  if (written.isErr()) return null;
  const after = fs.snapshot()[path] as string;
  const reasons = written.value.warnings.flatMap((warning) => (warning.type === 'SYNTAX_BROKEN' ? ((warning.details?.['errors'] ?? []) as Array<{ reason?: string }>).flatMap((error) => (error.reason ? [error.reason] : [])) : []));
  const kinds = new Set(reasons.map(kindOf));
  const flagged = kinds.size > 0;
  let refused: boolean | null = null;
  if (flagged) {
    const checked = await createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' }).deleteStructure({ path, target: candidate.target! });
    // (A statement declaring a name still used, Go's `e := x.(*T)`, is refused for those uses first.)
    refused = checked.isErr() && (checked.error.error === 'SYNTAX_ERROR' || checked.error.error === 'REFERENCES_EXIST');
  }
  return { file, where: `${file}:${candidate.line_range_inclusive.join('-')} ${JSON.stringify(candidate.target!.split('\n').pop())}`, before: text, after, flagged, kinds, refused, line: candidate.line_range_inclusive[0] };
}

/** structedit's verdicts against the compiler's "missing return" errors added (`null`: code the compiler does not compile, not judged). */
function tally(name: string, all: readonly Deletion[], added: (deletion: Deletion) => boolean | null, what = 'deletions of statements in functions') {
  const found = all.filter((deletion) => added(deletion) !== null);
  const applied = found.filter((deletion) => !deletion.flagged && added(deletion)).map((deletion) => `${deletion.where}: applied, the compiler finds an error`);
  const overRefused = found.filter((deletion) => deletion.flagged && !added(deletion)).map((deletion) => `${deletion.where}: refused (${[...deletion.kinds].join(', ')}), the compiler finds none`);
  const notRefused = found.filter((deletion) => deletion.flagged && deletion.refused === false).map((deletion) => `${deletion.where}: counted, but not refused without force`);
  const flagged = found.filter((deletion) => deletion.flagged).length;
  const unjudged = all.length - found.length;
  console.log(`${name}: ${found.length} ${what}${unjudged > 0 ? ` (and ${unjudged} in code the compiler leaves out by a cfg, not judged)` : ''}; the compiler finds an error after ${found.filter((deletion) => added(deletion)).length}, structedit refuses ${flagged}; applied while broken ${applied.length}, refused while valid ${overRefused.length}`);
  for (const line of [...applied, ...overRefused, ...notRefused].slice(0, 10)) console.log(`  ${line}`);
  return { flagged, problems: [...applied, ...overRefused, ...notRefused] };
}

let roundsRun = 0;

/**
 * Compiles the files in rounds, one version of each file per round: first as they are, then one
 * deletion per file and round. `compile` gets the folder the round's files (`files`, and `others`
 * the project needs unchanged) are written in, and returns the file of each "missing return" error.
 * A compiler may stop short for another file's error (rustc), so a deletion the round's verdict
 * disagrees with structedit on is compiled again alone; and where a `probe` is given (the file as it
 * was with an error the compiler must find where the deleted statement stood), a flagged deletion
 * still without an error is judged only if the probe's error is found: code a `cfg` leaves out is
 * not compiled (`null`, not judged).
 */
async function inRounds(byFile: ReadonlyMap<string, readonly Deletion[]>, original: (file: string) => string, compile: (root: string, files: string[]) => string[] | Promise<string[]>, others: readonly string[] = [], probe?: (deletion: Deletion) => string): Promise<(deletion: Deletion) => boolean | null> {
  const missingIn = new Map<Deletion | string, number>();
  const run = async (texts: ReadonlyMap<string, string>): Promise<Map<string, number>> => {
    const root = join(work, `round-${++roundsRun}`);
    for (const file of new Set([...others, ...texts.keys()])) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), texts.get(file) ?? original(file));
    }
    const counts = new Map([...texts.keys()].map((file) => [file, 0]));
    for (const file of await compile(root, [...texts.keys()])) if (counts.has(file)) counts.set(file, counts.get(file)! + 1);
    return counts;
  };
  const rounds = Math.max(0, ...[...byFile.values()].map((list) => list.length));
  for (let round = -1; round < rounds; round++) {
    const versions = new Map<string, Deletion | string>();
    for (const [file, list] of byFile) {
      if (round === -1) versions.set(file, file);
      else if (list[round]) versions.set(file, list[round]!);
    }
    const counts = await run(new Map([...versions].map(([file, version]) => [file, typeof version === 'string' ? original(file) : version.after])));
    for (const [file, version] of versions) missingIn.set(version, counts.get(file)!);
  }
  const added = (deletion: Deletion) => (missingIn.get(deletion) ?? 0) > (missingIn.get(deletion.file) ?? 0);
  const judged = new Map<Deletion, boolean | null>();
  for (const deletion of [...byFile.values()].flat()) {
    if (deletion.flagged === added(deletion)) continue;
    missingIn.set(deletion, (await run(new Map([[deletion.file, deletion.after]]))).get(deletion.file)!);
    if (deletion.flagged && !added(deletion) && probe && (await run(new Map([[deletion.file, probe(deletion)]]))).get(deletion.file)! <= (missingIn.get(deletion.file) ?? 0)) judged.set(deletion, null);
  }
  return (deletion) => (judged.has(deletion) ? judged.get(deletion)! : added(deletion));
}

/**
 * The kinds of error (of `kinds`) go/types finds after each edit and not before: one process checks
 * every version, each file alone; where that verdict and structedit's differ, the file is checked
 * again with the rest of its package (alone, a call of a function declared in another file cannot
 * be typed, and what it initializes is taken as used).
 */
function goAddedKinds(found: readonly Deletion[], root: string, kinds: readonly string[]): (edit: Deletion) => string[] {
  const oracle = join(work, 'go-compiler-rules');
  if (!existsSync(oracle)) execFileSync(GO, ['build', '-o', oracle, join(import.meta.dirname, 'go-compiler-rules', 'main.go')], { env: { ...process.env, GOCACHE: join(work, 'go-cache'), GO111MODULE: 'off', GOTOOLCHAIN: 'local' } });
  const check = (texts: ReadonlyArray<{ name: string; text: string; dir?: string; file?: string }>) => {
    if (texts.length === 0) return new Map<string, Array<{ line: number; kind: string }>>();
    const lines = execFileSync(oracle, { input: texts.map((text) => JSON.stringify(text)).join('\n'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim().split('\n');
    return new Map(lines.map((line) => JSON.parse(line) as { name: string; errors: Array<{ line: number; kind: string }> }).map((result) => [result.name, result.errors]));
  };
  const versions = (edit: Deletion, index: number, inPackage: boolean) => {
    const where = inPackage ? { dir: dirname(join(root, edit.file)), file: edit.file.split('/').pop()! } : {};
    return [{ name: `${index}.before`, text: edit.before, ...where }, { name: `${index}.after`, text: edit.after, ...where }];
  };
  const checked = check(found.flatMap((edit, index) => versions(edit, index, false)));
  const counted = (name: string, kind: string) => checked.get(name)?.filter((error) => error.kind === kind).length ?? 0;
  const addedKinds = (edit: Deletion) => kinds.filter((kind) => counted(`${found.indexOf(edit)}.after`, kind) > counted(`${found.indexOf(edit)}.before`, kind));
  const again = found.flatMap((edit, index) => (addedKinds(edit).join() !== [...edit.kinds].sort().join() ? versions(edit, index, true) : []));
  for (const [name, errors] of check(again)) checked.set(name, errors);
  return addedKinds;
}

describe('deleting the statement a function returns with (compilers as the oracle)', () => {
  it.skipIf(!existsSync(GO))('Go: go/types finds "missing return", "declared but not used" or "imported but not used" exactly where the edit is refused (the Go standard library)', { timeout: 240_000 }, async () => {
    const sample = languageSample('go', FILES);
    if (!('files' in sample)) throw new Error(sample.missing);
    const found: Deletion[] = [];
    for (const file of sample.files) {
      const text = readFileSync(join(sample.root, file), 'utf8');
      // (cgo's `C.f()` cannot be typed without cgo: go/types takes what it initializes as used.)
      if (!/^import "C"$/m.test(text)) found.push(...(await deletions('m.go', file, text)));
    }
    const addedKinds = goAddedKinds(found, sample.root, ['missing return', 'unused']);
    const result = tally('Go', found, (deletion) => addedKinds(deletion).length > 0);
    // Where both find errors, the same kinds.
    const otherKinds = found.filter((deletion) => deletion.flagged && addedKinds(deletion).length > 0 && addedKinds(deletion).join() !== [...deletion.kinds].sort().join()).map((deletion) => `${deletion.where}: structedit counts ${[...deletion.kinds].join(', ')}, the compiler ${addedKinds(deletion).join(', ')}`);
    for (const line of otherKinds.slice(0, 10)) console.log(`  ${line}`);
    console.log(`Go: of the deletions refused, ${found.filter((deletion) => deletion.kinds.has('missing return')).length} for a missing return, ${found.filter((deletion) => deletion.kinds.has('unused')).length} for an import or variable left unused`);
    expect(found.length).toBeGreaterThan(150);
    expect(result.flagged).toBeGreaterThan(50);
    expect([...result.problems, ...otherKinds]).toEqual([]);
  });

  it.skipIf(!existsSync(JAVAC) || !existsSync(join(JDK, 'lib', 'src.zip')))('Java: javac finds "missing return statement" exactly where the edit is refused (java.base)', { timeout: 300_000 }, async () => {
    const { found, verdict } = await javacJudged(FILES * 4, FILES, deletions, /missing return statement$/);
    const result = tally('Java', found, verdict);
    expect(found.length).toBeGreaterThan(150);
    expect(result.flagged).toBeGreaterThan(50);
    expect(result.problems).toEqual([]);
  });

  it.skipIf(rustcMissing !== null)('Rust: rustc finds a body giving `()` exactly where the edit is refused (regex-syntax, semver)', { timeout: 300_000 }, async () => {
    // A body giving no value: E0308 "found `()`" (a body with statements "implicitly returns `()`" too), E0317 an `if` without `else`.
    // The probe, `let _: u8 = ();` where the statement stood, is E0308 wherever the function is compiled.
    const { found, verdict } = await rustcJudged((file, text) => deletions(file, file, text), (code, rendered) => code === 'E0317' || (code === 'E0308' && /found (?:unit type )?`\(\)`/.test(rendered)), ['let _structedit_probe: u8 = ();']);
    const result = tally('Rust', found, verdict);
    expect(found.length).toBeGreaterThan(80);
    expect(result.flagged).toBeGreaterThan(30);
    expect(result.problems).toEqual([]);
  });
});

/** What an oracle made of the edits: each edit, and whether the compiler found an error it added (`null`: code it does not compile, not judged). */
interface Judged {
  readonly found: Deletion[];
  readonly verdict: (edit: Deletion) => boolean | null;
}

/**
 * The edits `edit` makes in `count` files of java.base (taken from a sample of `sampled` Java files),
 * each judged by javac in rounds: whether it adds an error whose message `about` matches.
 */
async function javacJudged(sampled: number, count: number, edit: (path: string, file: string, text: string) => Promise<Deletion[]>, about: RegExp): Promise<Judged> {
  const sample = languageSample('java', sampled, 60_000);
  if (!('files' in sample)) throw new Error(sample.missing);
  const read = (file: string) => readFileSync(join(sample.root, file), 'utf8');
  // Only java.base compiles patched into its module without the others' sources.
  const files = sample.files.filter((file) => file.startsWith('java.base/') && !file.endsWith('module-info.java')).slice(0, count);
  const byFile = new Map<string, Deletion[]>();
  for (const file of files) byFile.set(file, await edit(file.split('/').pop()!, file, read(file)));
  const verdict = await inRounds(byFile, read, (root, files) => javacErrorFiles(root, files, about));
  return { found: [...byFile.values()].flat(), verdict };
}

/**
 * The edits `edit` makes in the two crates' sources, each judged by rustc in rounds: whether it adds an
 * error `wanted` takes. `probe`: lines put where the edit stands that rustc refuses wherever that code is
 * compiled (an edit in code a `cfg` leaves out is not judged).
 */
async function rustcJudged(edit: (file: string, text: string) => Promise<Deletion[]>, wanted: (code: string, rendered: string) => boolean, probe: readonly string[]): Promise<Judged> {
  const found: Deletion[] = [];
  const verdicts = new Map<Deletion, boolean | null>();
  for (const crate of CRATES) {
    const files = sourcesUnder(join(REGISTRY, crate), 'src', (name) => name.endsWith('.rs'));
    const byFile = new Map<string, Deletion[]>();
    for (const [file, text] of Object.entries(files)) byFile.set(file, await edit(file, text));
    found.push(...[...byFile.values()].flat());
    const added = await inRounds(byFile, (file) => files[file]!, (root) => rustcErrorsOf(root, editionOf(crate), featuresOf(crate), wanted), Object.keys(files), (made) => {
      const lines = made.before.split('\n');
      lines.splice(made.line - 1, 0, ...probe);
      return lines.join('\n');
    });
    for (const made of [...byFile.values()].flat()) verdicts.set(made, added(made));
  }
  return { found, verdict: (made) => verdicts.get(made) ?? null };
}

/** Whether go/types can type a file of the standard library alone: no cgo, and not built for another system only (whose imports are not here). */
function typableAlone(file: string, text: string): boolean {
  const otherSystem = /_(?:aix|android|darwin|dragonfly|freebsd|illumos|ios|js|netbsd|openbsd|plan9|solaris|windows|wasm)(?:_\w+)?(?:_test)?\.go$/.test(file) || /^\/\/go:build (?!.*\b(?:linux|unix)\b)(?!!)/m.test(text);
  return !/^import "C"$/m.test(text) && !otherSystem;
}

/**
 * The file of each error javac reports whose message `about` matches, compiling `files` of the tree at
 * `root` patched into java.base (flow analysis runs whatever else is wrong: `should-stop.ifError=FLOW`).
 */
function javacErrorFiles(root: string, files: readonly string[], about: RegExp): string[] {
  const compiled = spawnSync(JAVAC, ['-Xmaxerrs', '100000', '-nowarn', '-Xlint:none', '-XDsuppressNotes', '-XDshould-stop.ifError=FLOW', '-proc:none', '--patch-module', `java.base=${join(root, 'java.base')}`, '-d', `${root}-classes`, ...files.map((file) => join(root, file))], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return [...`${compiled.stdout}${compiled.stderr}`.matchAll(/^(\S+\.java):\d+: error: (.*)$/gm)].filter((match) => about.test(match[2]!)).map((match) => match[1]!.slice(root.length + 1));
}

/** The files of rustc's errors that `wanted` takes, the library and its tests (a function in both counted once per file: the more of the two). */
async function rustcErrorsOf(root: string, edition: string, features: readonly string[], wanted: (code: string, rendered: string) => boolean): Promise<string[]> {
  const files = async (mode: string) => (await rustcRun(root, edition, [mode], features)).filter((error) => wanted(error.code, error.rendered)).map((error) => error.file);
  const [library, tests] = await Promise.all([files('--crate-type=lib'), files('--test')]);
  const count = (found: readonly string[], file: string) => found.filter((each) => each === file).length;
  return [...new Set([...library, ...tests])].flatMap((file) => Array<string>(Math.max(count(library, file), count(tests, file))).fill(file));
}

/** Each clause of a `try` (`except`/`catch`, `finally`) a listing holds, as the structures to delete. */
function tryClauses(entries: readonly StructureListing[], clause: RegExp): StructureListing[] {
  const found: StructureListing[] = [];
  const visit = (list: readonly StructureListing[]) => {
    for (const entry of list) {
      if (entry.target !== null && clause.test(entry.target.split('\n').pop()!)) found.push(entry);
      visit(entry.children);
    }
  };
  visit(entries);
  return found;
}

/** Every `try` clause of the files deleted (written anyway), with whether structedit counted a `try` left without one. */
async function clauseDeletions(files: ReadonlyArray<{ file: string; text: string }>, path: string, clause: RegExp, perFile: number): Promise<Array<{ where: string; before: string; after: string; flagged: boolean; refused: boolean | null }>> {
  const found: Array<{ where: string; before: string; after: string; flagged: boolean; refused: boolean | null }> = [];
  for (const { file, text } of files) {
    const listing = await createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' }).listStructures({ path, depth: 8 });
    if (listing.isErr()) continue;
    for (const candidate of tryClauses(listing.value.structures, clause).slice(0, perFile)) {
      const fs = memoryFs({ [path]: text });
      const written = await createEditor({ fs, semantic: 'syntax' }).deleteStructure({ path, target: candidate.target!, force: true });
      if (written.isErr()) continue;
      const flagged = written.value.warnings.some((warning) => warning.type === 'SYNTAX_BROKEN' && /"reason":"try with/.test(JSON.stringify(warning.details)));
      const refused = flagged ? (await createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' }).deleteStructure({ path, target: candidate.target! })).isErr() : null;
      found.push({ where: `${file}:${candidate.line_range_inclusive.join('-')} ${JSON.stringify(candidate.target!.split('\n').pop())}`, before: text, after: fs.snapshot()[path] as string, flagged, refused });
    }
  }
  return found;
}

describe('deleting the clause a try needs (compilers as the oracle)', () => {
  it("Python: CPython's compile() refuses a try left without except or finally (or with else and no except) exactly where the edit is refused (the standard library)", { timeout: 240_000 }, async () => {
    const { root, files } = pythonSample(120);
    const found = await clauseDeletions(files.map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') })), 'm.py', /^(?:except|finally)\b/, 3);
    // One CPython process compiles each version; it prints, for each deletion, whether the text before and after compile.
    const folder = join(work, 'python-try');
    mkdirSync(folder, { recursive: true });
    found.forEach((deletion, index) => {
      writeFileSync(join(folder, `${index}.before.py`), deletion.before);
      writeFileSync(join(folder, `${index}.after.py`), deletion.after);
    });
    const check = ['import sys, os', 'folder, count = sys.argv[1], int(sys.argv[2])', 'def ok(path):', '    try: compile(open(path, encoding="utf-8").read(), path, "exec"); return 1', '    except SyntaxError as e: return 0 if "try" in (e.msg or "") or "except" in (e.msg or "") else 1', 'for i in range(count): print(ok(os.path.join(folder, f"{i}.before.py")), ok(os.path.join(folder, f"{i}.after.py")))'].join('\n');
    const verdicts = execFileSync('python3', ['-c', check, folder, String(found.length)], { encoding: 'utf8' }).trim().split('\n');
    const broken = (index: number) => verdicts[index] === '1 0';
    const problems = found.flatMap((deletion, index) => (deletion.flagged !== broken(index) ? [`${deletion.where}: ${deletion.flagged ? 'refused, CPython compiles it' : 'applied, CPython refuses the try'}`] : deletion.refused === false ? [`${deletion.where}: counted, not refused`] : []));
    console.log(`Python try clauses: ${found.length} deleted (${found.filter((_, index) => broken(index)).length} leave a try without except, CPython); structedit refuses ${found.filter((deletion) => deletion.flagged).length}; disagreements ${problems.length}`);
    for (const line of problems.slice(0, 10)) console.log(`  ${line}`);
    expect(found.filter((_, index) => broken(index)).length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it("JavaScript: TypeScript's parser refuses a try left without catch or finally exactly where the edit is refused (node_modules)", { timeout: 240_000 }, async () => {
    const sample = languageSample('javascript', 120);
    if (!('files' in sample)) throw new Error(sample.missing);
    const found = await clauseDeletions(sample.files.map((file) => ({ file, text: readFileSync(join(sample.root, file), 'utf8') })), 'm.js', /^(?:catch|finally)\b/, 3);
    // TS1472 "'catch' or 'finally' expected": the parser's own diagnostic.
    const expected = (text: string) => (ts.transpileModule(text, { fileName: 'm.js', reportDiagnostics: true, compilerOptions: { allowJs: true } }).diagnostics ?? []).filter((diagnostic) => diagnostic.code === 1472).length;
    const broken = (deletion: (typeof found)[number]) => expected(deletion.after) > expected(deletion.before);
    const problems = found.flatMap((deletion) => (deletion.flagged !== broken(deletion) ? [`${deletion.where}: ${deletion.flagged ? 'refused, TypeScript parses it' : "applied, TypeScript expects 'catch' or 'finally'"}`] : deletion.refused === false ? [`${deletion.where}: counted, not refused`] : []));
    console.log(`JavaScript try clauses: ${found.length} deleted (${found.filter(broken).length} leave a try without catch or finally, TS1472); structedit refuses ${found.filter((deletion) => deletion.flagged).length}; disagreements ${problems.length}`);
    for (const line of problems.slice(0, 10)) console.log(`  ${line}`);
    expect(found.filter(broken).length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});

describe('deleting a constant of a group (compilers as the oracle)', () => {
  it.skipIf(!existsSync(GO))('Go: go/types finds "missing init expr" exactly where deleting a spec of `const ( … )` is refused (the Go standard library)', { timeout: 240_000 }, async () => {
    const sample = languageSample('go', FILES * 3);
    if (!('files' in sample)) throw new Error(sample.missing);
    const found: Deletion[] = [];
    for (const file of sample.files) {
      const text = readFileSync(join(sample.root, file), 'utf8');
      if (/^import "C"$/m.test(text) || !/^const \($/m.test(text)) continue;
      const listing = await createEditor({ fs: memoryFs({ 'm.go': text }), semantic: 'syntax' }).listStructures({ path: 'm.go', depth: 2 });
      if (listing.isErr()) continue;
      // Of each group of two specs or more: the first (whose values the next may repeat) and the one after it.
      const groups = listing.value.structures.filter((structure) => structure.name === null && structure.target?.startsWith('const') && structure.children.length > 1);
      for (const spec of groups.slice(0, PER_FILE).flatMap((group) => group.children.slice(0, 2))) {
        const deletion = spec.target === null ? null : await deletionOf('m.go', file, text, spec);
        if (deletion) found.push(deletion);
      }
    }
    const addedKinds = goAddedKinds(found, sample.root, ['init']);
    const result = tally('Go', found, (deletion) => addedKinds(deletion).length > 0, 'deletions of a grouped constant');
    expect(found.length).toBeGreaterThan(50);
    expect(result.flagged).toBeGreaterThan(4);
    expect(result.problems).toEqual([]);
  });
});

describe('inserting a second declaration of a name (compilers as the oracle)', () => {
  it.skipIf(!existsSync(GO))('Go: go/types finds "redeclared" exactly where the insertion is refused (the Go standard library)', { timeout: 240_000 }, async () => {
    const sample = languageSample('go', 40);
    if (!('files' in sample)) throw new Error(sample.missing);
    const found: Deletion[] = [];
    for (const file of sample.files) {
      const text = readFileSync(join(sample.root, file), 'utf8');
      if (typableAlone(file, text)) found.push(...(await copies('m.go', file, text, 2)));
    }
    const addedKinds = goAddedKinds(found, sample.root, ['duplicate']);
    const result = tally('Go', found, (edit) => addedKinds(edit).length > 0, 'functions inserted again after themselves (half of them renamed)');
    expect(found.length).toBeGreaterThan(100);
    expect(result.flagged).toBeGreaterThan(40);
    expect(result.problems).toEqual([]);
  });

  it.skipIf(!existsSync(JAVAC) || !existsSync(join(JDK, 'lib', 'src.zip')))('Java: javac finds "is already defined" exactly where the insertion is refused (java.base)', { timeout: 300_000 }, async () => {
    const { found, verdict } = await javacJudged(160, 30, (path, file, text) => copies(path, file, text, 2), / is already defined in /);
    const result = tally('Java', found, verdict, 'methods inserted again after themselves (half of them renamed)');
    expect(result.flagged).toBeGreaterThan(30);
    expect(result.problems).toEqual([]);
  });

  it.skipIf(rustcMissing !== null)('Rust: rustc finds a name defined twice exactly where the insertion is refused (regex-syntax, semver)', { timeout: 300_000 }, async () => {
    // The probe: two functions of one name where the copy went, refused wherever that code is compiled.
    const { found, verdict } = await rustcJudged((file, text) => copies(file, file, text, 2), (code) => code === 'E0428' || code === 'E0201' || code === 'E0592', ['fn structedit_probe() {}', 'fn structedit_probe() {}']);
    const result = tally('Rust', found, verdict, 'functions inserted again after themselves (half of them renamed)');
    expect(result.flagged).toBeGreaterThan(20);
    expect(result.problems).toEqual([]);
  });

  it("JavaScript: V8 finds \"has already been declared\" exactly where the insertion is refused (node_modules)", { timeout: 240_000 }, async () => {
    const sample = languageSample('javascript', 60);
    if (!('files' in sample)) throw new Error(sample.missing);
    const found: Deletion[] = [];
    for (const file of sample.files) {
      const text = readFileSync(join(sample.root, file), 'utf8');
      found.push(...(await copies('m.js', file, text, 2, ['function', 'variable', 'class'])), ...(await parameterShadows('m.js', file, text, 2)));
    }
    // V8 compiles each version as a module where it is one (an .mjs file; TypeScript's parser finds an import or export), else as a script: its early errors.
    const runner = [
      "const vm = require('node:vm');",
      "const texts = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));",
      'const declaredTwice = ({ text, module }) => {',
      '  try { if (module) new vm.SourceTextModule(text); else new vm.Script(text); return 0; } catch (error) { return /has already been declared/.test(String(error && error.message)) ? 1 : 0; }',
      '};',
      'process.stdout.write(JSON.stringify(texts.map(declaredTwice)));',
    ].join('\n');
    const isModule = (file: string, text: string) => file.endsWith('.mjs') || (!file.endsWith('.cjs') && ts.isExternalModule(ts.createSourceFile('m.js', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)));
    const input = found.flatMap((edit) => [edit.before, edit.after].map((text) => ({ text, module: isModule(edit.file, edit.before) })));
    const verdicts = JSON.parse(execFileSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', '-e', runner], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })) as number[];
    const result = tally('JavaScript', found, (edit) => verdicts[2 * found.indexOf(edit) + 1]! > verdicts[2 * found.indexOf(edit)]!, 'functions, variables and classes inserted again after themselves, and `let <parameter>` at the top of functions (half of them renamed)');
    expect(result.flagged).toBeGreaterThan(30);
    expect(result.problems).toEqual([]);
  });
});

/** A function's parameter list as written: where its text starts and ends in the file, and each parameter's name as a regular expression reads it. */
interface WrittenParameters {
  readonly start: number;
  readonly end: number;
  readonly names: ReadonlyArray<{ readonly name: string; readonly at: number }>;
}

/**
 * The parameter list after a function's name in `text` (from `from`), read without a grammar: the
 * parentheses matched, the parameters split at commas outside brackets, each one's name taken by
 * `nameOf` (the test reads lists its own way, so the rule is not checked against itself).
 */
function writtenParameters(text: string, from: number, name: string, nameOf: (parameter: string) => string | null): WrittenParameters | null {
  const head = new RegExp(`\\b${name.replace(/[$]/g, '\\$')}\\s*(?:<[^()]*>)?\\s*\\(`, 'g');
  head.lastIndex = from;
  const found = head.exec(text);
  if (!found || found.index > from + 400) return null;
  const start = found.index + found[0].length;
  let depth = 0;
  let at = start;
  const names: Array<{ name: string; at: number }> = [];
  let segment = start;
  const take = (end: number) => {
    const raw = text.slice(segment, end);
    const parameter = nameOf(raw.trim());
    if (parameter) names.push({ name: parameter, at: segment + raw.search(new RegExp(`(?<![\\w$])${parameter.replace(/[$]/g, '\\$')}(?![\\w$])`)) });
  };
  for (; at < text.length && at < start + 2000; at++) {
    const char = text[at]!;
    if (char === '"' || char === "'" || char === '`') return null;
    if ('([{'.includes(char) || (char === '<' && !/[=-]/.test(text[at + 1]!))) depth++;
    else if (')]}'.includes(char) || (char === '>' && !/[=-]/.test(text[at - 1]!))) {
      if (depth === 0) {
        take(at);
        return names.every((each) => each.at >= segment - 2000) ? { start, end: at, names } : null;
      }
      depth--;
    } else if (char === ',' && depth === 0) {
      take(at);
      segment = at + 1;
    }
  }
  return null;
}

/** How each language's parameter names read (`null`: a parameter without one, or not understood). */
const PARAMETER_NAME: Record<string, (parameter: string) => string | null> = {
  python: (parameter) => /^\*{0,2}([A-Za-z_]\w*)\s*(?:[:=]|$)/.exec(parameter)?.[1] ?? null,
  javascript: (parameter) => /^(?:\.\.\.)?([A-Za-z_$][\w$]*)\s*(?:=|$)/.exec(parameter)?.[1] ?? null,
  typescript: (parameter) => /^(?:(?:public|private|protected|readonly)\s+)*(?:\.\.\.)?([A-Za-z_$][\w$]*)\??\s*(?:[:=]|$)/.exec(parameter)?.[1] ?? null,
  go: (parameter) => /^([A-Za-z_]\w*)(?:\s+\S|$)/.exec(parameter)?.[1] ?? null,
  rust: (parameter) => /^(?:mut\s+)?([a-z_]\w*)\s*:/.exec(parameter)?.[1] ?? null,
  java: (parameter) => /([A-Za-z_$][\w$]*)\s*$/.exec(parameter.replace(/@\w+(?:\([^)]*\))?/g, ''))?.[1] ?? null,
  c: (parameter) => /([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*(?:=[^]*)?$/.exec(parameter)?.[1] ?? null,
  ruby: (parameter) => /^[*&]{0,2}([a-z_]\w*)\s*(?:[:=]|$)/.exec(parameter)?.[1] ?? null,
};
PARAMETER_NAME['cpp'] = PARAMETER_NAME['c']!;

/**
 * Up to `count` functions of a file with two parameters or more, each given a text edit (`editFile`)
 * that names its second parameter as its first (and, as many, one that names it anew: `…Zz`),
 * written anyway, with structedit's verdict.
 */
async function parameterRepeats(path: string, file: string, text: string, count: number, language: string, kinds: readonly string[] = ['function', 'method', 'constructor']): Promise<Deletion[]> {
  const editor = createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' });
  const listing = await editor.listStructures({ path, depth: 4 });
  if (listing.isErr()) return [];
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const lists = functionsOf(listing.value.structures, kinds).flatMap((entry) => {
    const list = entry.name ? writtenParameters(text, lineStarts[entry.line_range_inclusive[0] - 1]!, entry.name, PARAMETER_NAME[language]!) : null;
    return list && list.names.length >= 2 && list.names[0]!.name !== list.names[1]!.name && !/^(?:self|this)$/.test(list.names[0]!.name) ? [{ entry, list }] : [];
  });
  const chosen = lists.length <= count ? lists : Array.from({ length: count }, (_, index) => lists[Math.floor((index * lists.length) / count)]!);
  const found: Deletion[] = [];
  for (const { entry, list } of chosen) {
    const [first, second] = list.names as [{ name: string; at: number }, { name: string; at: number }];
    const old = text.slice(list.start - 1, list.end + 1);
    if (text.indexOf(old) !== text.lastIndexOf(old)) continue;
    for (const name of [first.name, `${second.name}Zz`]) {
      const replaced = text.slice(list.start - 1, second.at) + name + text.slice(second.at + second.name.length, list.end + 1);
      const edits = [{ old_text: old, new_text: replaced }];
      const fs = memoryFs({ [path]: text });
      const written = await createEditor({ fs, semantic: 'syntax' }).editFile({ path, edits, force: true });
      if (written.isErr()) continue;
      const reasons = written.value.warnings.flatMap((warning) => (warning.type === 'SYNTAX_BROKEN' ? ((warning.details?.['errors'] ?? []) as Array<{ reason?: string }>).flatMap((error) => (error.reason ? [error.reason] : [])) : []));
      const flagged = reasons.some((reason) => kindOf(reason) === 'parameter');
      const refused = flagged ? (await createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' }).editFile({ path, edits })).isErr() : null;
      found.push({ file, where: `${file}:${entry.line_range_inclusive[0]} ${JSON.stringify(replaced.slice(0, 80))}`, before: text, after: fs.snapshot()[path] as string, flagged, kinds: new Set(flagged ? ['parameter'] : []), refused, line: entry.line_range_inclusive[0] });
    }
  }
  return found;
}

describe('a text edit naming a parameter as another of its function (compilers as the oracle)', () => {
  it("Python: CPython's compile() finds \"duplicate argument\" exactly where the edit is refused (the standard library)", { timeout: 240_000 }, async () => {
    const { root, files } = pythonSample(100);
    const found: Deletion[] = [];
    for (const file of files) found.push(...(await parameterRepeats('m.py', file, readFileSync(join(root, file), 'utf8'), 3, 'python')));
    const check = ['import sys, json', 'def dup(text):', '    try: compile(text, "m.py", "exec"); return 0', '    except SyntaxError as e: return 1 if "duplicate argument" in (e.msg or "") else 0', 'print(json.dumps([dup(t) for t in json.load(sys.stdin)]))'].join('\n');
    const verdicts = JSON.parse(execFileSync('python3', ['-c', check], { input: JSON.stringify(found.flatMap((edit) => [edit.before, edit.after])), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })) as number[];
    const result = tally('Python', found, (edit) => verdicts[2 * found.indexOf(edit) + 1]! > verdicts[2 * found.indexOf(edit)]!, 'parameters renamed in the text (half as the first parameter)');
    expect(result.flagged).toBeGreaterThan(30);
    expect(result.problems).toEqual([]);
  });

  it('JavaScript and TypeScript: V8 ("Duplicate parameter name") and TypeScript (TS2300) find a repeated parameter exactly where the edit is refused (node_modules)', { timeout: 240_000 }, async () => {
    const found: Deletion[] = [];
    const typescript = new Set<Deletion>();
    for (const language of ['javascript', 'typescript'] as const) {
      const sample = languageSample(language, 60);
      if (!('files' in sample)) throw new Error(sample.missing);
      for (const file of sample.files) {
        const edits = await parameterRepeats(language === 'typescript' ? 'm.ts' : 'm.js', file, readFileSync(join(sample.root, file), 'utf8'), 2, language);
        found.push(...edits);
        if (language === 'typescript') for (const edit of edits) typescript.add(edit);
      }
    }
    // V8 compiles each JavaScript version as a module where it is one, else as a script; TypeScript binds each TypeScript version alone (TS2300 is the binder's).
    const runner = [
      "const vm = require('node:vm');",
      "const texts = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));",
      'const repeated = ({ text, module }) => {',
      '  try { if (module) new vm.SourceTextModule(text); else new vm.Script(text); return 0; } catch (error) { return /Duplicate parameter name/.test(String(error && error.message)) ? 1 : 0; }',
      '};',
      'process.stdout.write(JSON.stringify(texts.map(repeated)));',
    ].join('\n');
    const isModule = (file: string, text: string) => file.endsWith('.mjs') || (!file.endsWith('.cjs') && ts.isExternalModule(ts.createSourceFile('m.js', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)));
    const javascript = found.filter((edit) => !typescript.has(edit));
    const input = javascript.flatMap((edit) => [edit.before, edit.after].map((text) => ({ text, module: isModule(edit.file, edit.before) })));
    const verdicts = JSON.parse(execFileSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', '-e', runner], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })) as number[];
    const duplicates = (text: string) => {
      const program = ts.createProgram({ rootNames: ['m.ts'], options: { noLib: true, noResolve: true, types: [] }, host: { ...ts.createCompilerHost({}), getSourceFile: (name, version) => (name === 'm.ts' ? ts.createSourceFile(name, text, version) : undefined), fileExists: (name) => name === 'm.ts', readFile: () => text, writeFile: () => {} } });
      return program.getSemanticDiagnostics().filter((diagnostic) => diagnostic.code === 2300).length;
    };
    const broken = (edit: Deletion) => (typescript.has(edit) ? duplicates(edit.after) > duplicates(edit.before) : verdicts[2 * javascript.indexOf(edit) + 1]! > verdicts[2 * javascript.indexOf(edit)]!);
    const result = tally('JavaScript and TypeScript', found, broken, `parameters renamed in the text (half as the first parameter; ${typescript.size} of them TypeScript)`);
    console.log(`JavaScript: of ${javascript.filter((edit) => !/Zz/.test(edit.where)).length} lists given a repeated name, V8 refuses ${javascript.filter(broken).length} (a script's plain function takes one)`);
    expect(result.flagged).toBeGreaterThan(30);
    expect(result.problems).toEqual([]);
  });

  it.skipIf(!existsSync(GO))('Go: go/types finds the repeated name exactly where the edit is refused (the Go standard library)', { timeout: 240_000 }, async () => {
    const sample = languageSample('go', 60);
    if (!('files' in sample)) throw new Error(sample.missing);
    const found: Deletion[] = [];
    for (const file of sample.files) {
      const text = readFileSync(join(sample.root, file), 'utf8');
      if (typableAlone(file, text)) found.push(...(await parameterRepeats('m.go', file, text, 3, 'go')));
    }
    // (go/types says "redeclared" of a repeated parameter, as of any name declared twice in a block.)
    const addedKinds = goAddedKinds(found, sample.root, ['duplicate']);
    const result = tally('Go', found, (edit) => addedKinds(edit).length > 0, 'parameters renamed in the text (half as the first parameter)');
    expect(result.flagged).toBeGreaterThan(30);
    expect(result.problems).toEqual([]);
  });

  it.skipIf(!existsSync(JAVAC) || !existsSync(join(JDK, 'lib', 'src.zip')))('Java: javac finds "is already defined" of a parameter exactly where the edit is refused (java.base)', { timeout: 300_000 }, async () => {
    const { found, verdict } = await javacJudged(160, 30, (path, file, text) => parameterRepeats(path, file, text, 2, 'java'), /^(?:variable|record component) \S+ is already defined in /);
    const result = tally('Java', found, verdict, 'parameters renamed in the text (half as the first parameter)');
    expect(result.flagged).toBeGreaterThan(20);
    expect(result.problems).toEqual([]);
  });

  it.skipIf(rustcMissing !== null)('Rust: rustc finds a name bound twice in a parameter list (E0415) exactly where the edit is refused (regex-syntax, semver)', { timeout: 300_000 }, async () => {
    const { found, verdict } = await rustcJudged((file, text) => parameterRepeats(file, file, text, 2, 'rust'), (code) => code === 'E0415' || code === 'E0416', ['fn structedit_probe(a: u8, a: u8) {}']);
    const result = tally('Rust', found, verdict, 'parameters renamed in the text (half as the first parameter)');
    expect(result.flagged).toBeGreaterThan(20);
    expect(result.problems).toEqual([]);
  });

  it.skipIf(!existsSync('/usr/bin/gcc') || !existsSync('/usr/bin/g++'))('C and C++: gcc and g++ find a parameter redefined exactly where the edit is refused (/usr/include, libstdc++)', { timeout: 240_000 }, async () => {
    const found: Deletion[] = [];
    const compilers = new Map<Deletion, { command: string; language: string; dir: string }>();
    for (const [language, count, command, keep] of [['c', 60, 'gcc', (file: string) => file.endsWith('.h')], ['cpp', 24, 'g++', (file: string) => file.startsWith('/usr/include/c++/') || !file.includes('react-native')]] as const) {
      const sample = languageSample(language, 120);
      if (!('files' in sample)) throw new Error(sample.missing);
      for (const file of sample.files.filter((each) => keep(join(sample.root, each))).slice(0, count)) {
        // (A header's functions are prototypes: declarations.)
        for (const edit of await parameterRepeats(`m.${language === 'c' ? 'h' : 'hpp'}`, file, readFileSync(join(sample.root, file), 'utf8'), 2, language, ['function', 'method', 'constructor', 'declaration'])) {
          found.push(edit);
          compilers.set(edit, { command, language: language === 'c' ? 'c' : 'c++', dir: dirname(join(sample.root, file)) });
        }
      }
    }
    // Each version compiled alone where it stood (its quoted includes found there); gcc says "redefinition of parameter", g++ "redefinition of 'int a'".
    const folder = join(work, 'c-parameters');
    mkdirSync(folder, { recursive: true });
    const compile = (text: string, { command, language, dir }: { command: string; language: string; dir: string }) => {
      const path = join(folder, 'm');
      writeFileSync(path, text);
      return spawnSync(command, ['-fsyntax-only', '-x', language, ...(language === 'c++' ? ['-std=gnu++20'] : []), '-iquote', dir, '-I', dir, path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).stderr;
    };
    // Judged only where the header compiles alone without an error (else an unknown type in a parameter hides what follows it),
    // and the compiler reaches the function: a prototype of two parameters of one name put on its line is refused (not code an `#if` leaves out).
    const repeated = /error: (?:redefinition of (?:parameter )?|conflicting types for |conflicting declaration )[‘'][^’']*[’']/;
    const verdicts = new Map(
      found.map((edit) => {
        const compiler = compilers.get(edit)!;
        const lines = edit.before.split('\n');
        lines.splice(edit.line - 1, 0, 'void structedit_probe(int a, int a);');
        if (/error:/.test(compile(edit.before, compiler)) || !repeated.test(compile(lines.join('\n'), compiler))) return [edit, null] as const;
        // (Where the two parameters' types differ, gcc says "conflicting types for ‘a’", g++ "conflicting declaration ‘int a’".)
        return [edit, repeated.test(compile(edit.after, compiler))] as const;
      }),
    );
    const result = tally('C and C++', found, (edit) => verdicts.get(edit)!, 'parameters renamed in the text (half as the first parameter; headers that compile alone)');
    expect(result.flagged).toBeGreaterThan(15);
    expect(result.problems).toEqual([]);
  });

  it.skipIf(!existsSync('/usr/bin/ruby'))('Ruby: `ruby -c` finds "duplicated argument name" exactly where the edit is refused (the standard library)', { timeout: 240_000 }, async () => {
    const sample = languageSample('ruby', 60);
    if (!('files' in sample)) throw new Error(sample.missing);
    const found: Deletion[] = [];
    for (const file of sample.files) found.push(...(await parameterRepeats('m.rb', file, readFileSync(join(sample.root, file), 'utf8'), 2, 'ruby')));
    const duplicated = (text: string) => /duplicated argument name/.test(spawnSync('ruby', ['-c'], { input: text, encoding: 'utf8' }).stderr) ? 1 : 0;
    const result = tally('Ruby', found, (edit) => duplicated(edit.after) > duplicated(edit.before), 'parameters renamed in the text (half as the first parameter)');
    expect(result.flagged).toBeGreaterThan(15);
    expect(result.problems).toEqual([]);
  });
});
