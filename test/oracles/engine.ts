import type { Tally } from './tally.js';
import { createEditor, memoryFs, type ApplyEditsResult, type Editor, type MemoryFs, type SemanticBackendOptions, type SemanticEdit, type StructureListing } from 'structedit';

/**
 * structedit as the oracle runs see it: one editor over an in-memory copy of a corpus, a dry run
 * for what an agent is told, and the real edit (then undone) for the bytes that would be written.
 */

/** An edit's outcome as the runs classify it. */
export type EngineOutcome =
  | { kind: 'applied'; result: ApplyEditsResult }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'crashed'; message: string };

/** A named structure with its line range and the target an agent would send (`null`: it has no unique one, as overloads may not). */
export interface ListedStructure {
  name: string;
  kind: string;
  target: string | null;
  first: number;
  last: number;
  parent: ListedStructure | null;
}

/** One corpus in memory, edited through one editor (its parse cache kept across edits). */
export class CorpusEngine {
  readonly #files: ReadonlyMap<string, string>;
  #fs: MemoryFs;
  #editor: Editor;
  readonly #listed = new Map<string, ListedStructure[]>();

  readonly #semantic: SemanticBackendOptions;

  /** `semantic`: the backend measured (by default the syntactic engine). */
  constructor(files: ReadonlyMap<string, string>, semantic: SemanticBackendOptions = 'syntax') {
    this.#files = files;
    this.#semantic = semantic;
    this.#fs = memoryFs(Object.fromEntries(files));
    this.#editor = createEditor({ fs: this.#fs, semantic });
  }

  /** The named structures of a file, two levels deep (a class and its members). */
  async structures(file: string): Promise<ListedStructure[]> {
    const known = this.#listed.get(file);
    if (known) return known;
    const listed = await this.#editor.listStructures({ path: file, depth: 2 });
    const out: ListedStructure[] = [];
    const walk = (structures: readonly StructureListing[], parent: ListedStructure | null) => {
      for (const structure of structures) {
        const entry = structure.name !== null ? { name: structure.name, kind: structure.kind, target: structure.target, first: structure.line_range_inclusive[0], last: structure.line_range_inclusive[1], parent } : null;
        if (entry) out.push(entry);
        walk(structure.children, entry ?? parent);
      }
    };
    if (listed.isOk()) walk(listed.value.structures, null);
    this.#listed.set(file, out);
    return out;
  }

  /**
   * The target of the named structure around `line` (innermost; of the class `owner` for a
   * member), or, when that one has no unique target (an overload), the target of a structure of
   * the same name and owner that has one; `null` when none does.
   */
  async targetAt(file: string, name: string, line: number, owner: string | null): Promise<string | null> {
    const sameName = (await this.structures(file)).filter((structure) => structure.name === name && (owner === null ? structure.parent === null : structure.parent?.name === owner));
    const around = sameName.filter((structure) => structure.first <= line && line <= structure.last).sort((a, b) => b.first - a.first)[0];
    return around?.target ?? sameName.find((structure) => structure.target !== null)?.target ?? null;
  }

  /** Runs one edit, as a dry run or for real. Thrown exceptions come back as `crashed`. */
  async run(edit: SemanticEdit, dryRun: boolean): Promise<EngineOutcome> {
    try {
      const result = await this.#editor.applyEdits({ edits: [edit], options: { dry_run: dryRun } });
      if (result.isErr()) return { kind: 'refused', code: result.error.error, message: result.error.message };
      const outcome = result.value.results[0];
      if (outcome?.status === 'failed') return { kind: 'refused', code: outcome.error.error, message: outcome.error.message };
      if (!outcome || outcome.status !== 'applied') return { kind: 'crashed', message: `no outcome for the edit: ${JSON.stringify(result.value).slice(0, 300)}` };
      return { kind: 'applied', result: result.value };
    } catch (error) {
      return { kind: 'crashed', message: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) };
    }
  }

  /**
   * The files an edit writes (path → new text, `null`: removed), by applying it for real and
   * reading the in-memory files back; then undone. Throws when the undo does not give back the
   * corpus's bytes (then the rest of a run could not be trusted).
   */
  async written(edit: SemanticEdit): Promise<{ outcome: EngineOutcome; files: Record<string, string | null> }> {
    const outcome = await this.run(edit, false);
    if (outcome.kind !== 'applied') return { outcome, files: {} };
    const snapshot = this.#fs.snapshot();
    const files: Record<string, string | null> = {};
    for (const change of outcome.result.changed ?? []) files[change.file] = snapshot[change.file] ?? null;
    const token = outcome.result.undo_token;
    const undone = token === null ? null : await this.#editor.undo({ undo_token: token });
    const after = this.#fs.snapshot();
    const restored = undone?.isOk() === true && Object.keys(files).every((file) => after[file] === this.#files.get(file));
    if (!restored) {
      // Start over from the corpus rather than trust a copy that differs from it.
      this.#fs = memoryFs(Object.fromEntries(this.#files));
      this.#editor = createEditor({ fs: this.#fs, semantic: this.#semantic });
      this.#listed.clear();
      throw new Error(`undo did not restore the corpus after ${JSON.stringify(edit)}: ${undone?.isErr() ? undone.error.message : 'no undo token'}`);
    }
    return { outcome, files };
  }
}

/**
 * The files an edit whose dry run applied writes for real, or `null` after listing in the tally's
 * crashes why they could not be had (an exception, or a real edit that did not apply as its dry
 * run did: both are bugs whatever the edit).
 */
export async function writtenFiles(engine: CorpusEngine, tally: Tally, edit: SemanticEdit, label: string): Promise<{ files: Record<string, string | null>; result: ApplyEditsResult } | null> {
  let written: Awaited<ReturnType<CorpusEngine['written']>>;
  try {
    written = await tally.timed('engine', () => engine.written(edit));
  } catch (error) {
    tally.crashed.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  if (written.outcome.kind !== 'applied') {
    tally.crashed.push(`${label}: the dry run applied but the real edit did not (${written.outcome.kind === 'refused' ? written.outcome.code : written.outcome.message})`);
    return null;
  }
  return { files: written.files, result: written.outcome.result };
}
