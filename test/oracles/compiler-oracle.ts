import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createEditor, memoryFs, type StructeditError, type StructureListing } from 'structedit';

/*
 * What the compiler oracles of added members share (a field added to a Rust or Go struct, a method
 * without a body to a Java interface, a variant to a Rust enum; the project then compiled): the sources read, the
 * declarations picked, each edit checked and written anyway, and the tally of structedit's
 * verdicts against the compiler's errors.
 */

/** The files under `root/dir` whose names pass `keep`, by path relative to `root`. */
export function sourcesUnder(root: string, dir: string, keep: (name: string) => boolean): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (keep(entry.name)) files[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(join(root, dir));
  return files;
}

/** One project: its files, how to compile a copy of it (errors as `file:line`), and which declarations get which member. */
export interface OracleProject {
  readonly name: string;
  readonly files: Record<string, string>;
  /** The compiler's errors for the project written at `dir` (it compiles cleanly as it is). */
  readonly compile: (dir: string) => Promise<CompilerError[]>;
  /** Whether a listed structure, with its text, is one to give the member (a struct with named fields, an interface). */
  readonly picks: (entry: StructureListing, text: string) => boolean;
  /** The member `add` gives each. */
  readonly member: string;
  /** Instead of a member: the structure's text as a replace writes it back (`null`: not this oracle's to change). */
  readonly rewrite?: (text: string) => string | null;
  /** The refusal that lists the places the compiler must agree with. */
  readonly refusal: 'CALLS_BROKEN' | 'IMPLEMENTATIONS_BROKEN' | 'MATCHES_BROKEN' | 'NAMES_OUT_OF_REACH';
}

/** An error the compiler reports (`file:line`), and the places listing which accounts for it (its own, or the literal it is in). */
export interface CompilerError {
  readonly place: string;
  readonly accepted: readonly string[];
}

/** structedit's verdicts against the compiler's, over every project. */
export interface OracleTally {
  declarations: number;
  applied: number;
  refused: number;
  refusedCompilerAgrees: number;
  refusedBeyondCompiler: number;
  /** The refusals the compiler would not make: where, and the first place listed with why. */
  readonly beyond: string[];
  errors: number;
  listed: number;
  readonly disagreed: string[];
}

/** The places a refusal lists, as `file:line`. */
function listedPlaces(error: StructeditError): string[] {
  const places = error.error === 'CALLS_BROKEN' ? error.details.calls : error.error === 'IMPLEMENTATIONS_BROKEN' ? error.details.implementations : error.error === 'MATCHES_BROKEN' ? error.details.matches : error.error === 'NAMES_OUT_OF_REACH' ? error.details.uses : [];
  return places.map((place) => `${place.file}:${place.line}`);
}

function picked(entries: readonly StructureListing[], lines: readonly string[], picks: OracleProject['picks'], found: StructureListing[] = []): StructureListing[] {
  for (const entry of entries) {
    const [first, last] = entry.line_range_inclusive;
    if (entry.target !== null && picks(entry, lines.slice(first - 1, last).join('\n'))) found.push(entry);
    picked(entry.children, lines, picks, found);
  }
  return found;
}

/**
 * Gives up to `perProject` declarations of each project (spread over its files) the member with
 * the syntactic engine: checked (a dry run), then written anyway (`validate: false`) into `work`
 * and compiled. Every place the compiler reports must have refused the edit with the project's
 * refusal, listed; an applied edit must compile.
 */
export async function compilerOracle(projects: readonly OracleProject[], work: string, perProject: number): Promise<OracleTally> {
  const tally: OracleTally = { declarations: 0, applied: 0, refused: 0, refusedCompilerAgrees: 0, refusedBeyondCompiler: 0, beyond: [], errors: 0, listed: 0, disagreed: [] };
  for (const project of projects) {
    const editor = createEditor({ fs: memoryFs(project.files) });
    const found: Array<{ path: string; target: string }> = [];
    for (const path of Object.keys(project.files).sort()) {
      const listed = await editor.listStructures({ path });
      if (listed.isOk()) for (const entry of picked(listed.value.structures, project.files[path]!.split('\n'), project.picks)) found.push({ path, target: entry.target! });
    }
    const step = Math.max(1, found.length / perProject);
    const chosen = Array.from({ length: Math.min(perProject, found.length) }, (_, index) => found[Math.floor(index * step)]!);
    for (const [index, { path, target }] of chosen.entries()) {
      const read = project.rewrite ? await editor.readStructure({ path, target }) : null;
      const content = read?.isOk() ? project.rewrite!(read.value.matches[0]!.text) : null;
      if (project.rewrite && content === null) continue;
      const edits = [{ op: 'add' as const, path, address: target, value: project.member }];
      const edit = (fs: ReturnType<typeof memoryFs>, write: boolean) => {
        const engine = createEditor({ fs, semantic: 'syntax' });
        if (content !== null) return engine.replaceStructure({ path, target, content, ...(write ? { force: true } : { dry_run: true }) });
        return engine.applyEdits({ edits, options: write ? { validate: false } : { dry_run: true } });
      };
      const checked = await edit(memoryFs(project.files), false);
      // A declaration that takes no such member (a tuple struct) is not this oracle's.
      if (checked.isErr() && checked.error.error !== project.refusal) continue;
      const fs = memoryFs(project.files);
      const written = await edit(fs, true);
      if (written.isErr()) continue;
      tally.declarations++;
      const dir = join(work, `${project.name.replace(/\W/g, '-')}-${index}`);
      for (const [file, text] of Object.entries(fs.snapshot())) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), text);
      }
      const errors = await project.compile(dir);
      const listed = checked.isOk() ? [] : listedPlaces(checked.error);
      tally.errors += errors.length;
      const where = `${project.name} ${path} ${target.split('\n').pop()}`;
      if (checked.isOk()) {
        tally.applied++;
        if (errors.length > 0) tally.disagreed.push(`${where}: applied, but the compiler finds ${errors.map((error) => error.place).join(', ')}`);
        continue;
      }
      tally.refused++;
      if (errors.length === 0) {
        tally.refusedBeyondCompiler++;
        tally.beyond.push(`${where}: ${checked.error.message.slice(0, 240)}`);
        continue;
      }
      tally.refusedCompilerAgrees++;
      const unlisted = errors.filter((error) => !error.accepted.some((place) => listed.includes(place)));
      tally.listed += errors.length - unlisted.length;
      if (unlisted.length > 0) tally.disagreed.push(`${where}: refused, but the compiler's ${unlisted.map((error) => error.place).join(', ')} not listed (listed: ${listed.join(', ')})`);
    }
  }
  return tally;
}
