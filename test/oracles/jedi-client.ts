import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The TypeScript side of test/oracles/jedi_oracle.py: one long-lived Python process answering
 * JSON-line requests (jedi's references, Python's compiler and importer).
 */

/** A place in a file: 1-based line, 1-based UTF-16 column (as structedit reports changes). */
export interface Place {
  file: string;
  line: number;
  column: number;
}

/** A declaration Python's `ast` found: a top-level function or class, or a method of such a class. */
export interface PythonDeclaration extends Place {
  name: string;
  kind: 'function' | 'class' | 'method';
  /** The class of a method. */
  owner: string | null;
}

/** A place jedi's goto reached, with its qualified name (`email.generator.Generator._handle_text`) and module. */
export interface GotoTarget extends Place {
  name: string;
  full_name: string | null;
  module: string | null;
}

/** A class: its module and qualified name in it. */
export type ClassRef = readonly [module: string, qualname: string];

/** What `hierarchy` answers for one class. */
export interface HierarchyAnswer {
  /** Classes outside the package whose own namespace declares the member (in the class's MRO). */
  external: string[];
  /** For each other class: whether it shares the member with this one through inheritance. */
  related: boolean[];
}

/** What `declarations` answers. */
export interface PythonDeclarations {
  declarations: PythonDeclaration[];
  /** The identifier strings of `__all__` lists (where the name starts, after the quote). */
  all_strings: (Place & { text: string })[];
  /** Names inside string annotations (forward references): typing reads them, jedi's references do not. */
  annotation_strings: (Place & { text: string })[];
}

/** What `references` answers: jedi's places under the root, or a timeout. */
export type JediReferences = { references: (Place & { name: string })[]; outside: number } | { timeout: true };

/** What `check` answers. */
export interface PythonCheck {
  compile_errors: { file: string; line: number | null; message: string }[];
  /** Module → why it did not import. */
  import_failures: Record<string, string>;
  /** File → global names it uses that nothing binds (only when asked with `names`). */
  undefined_names: Record<string, string[]>;
  /** With `resolve`: each use of the name in the copy and where jedi's goto takes it. */
  resolved: PythonResolved['uses'] | null;
}

/** What `resolve` answers: each use of a name and where jedi's goto takes it (`null`: timed out). */
export interface PythonResolved {
  uses: (Place & { targets: (Place | null)[] | null })[];
}

/** The interpreter that runs the oracle and which jedi it has. */
export interface JediRuntime {
  python: string;
  jedi: string;
  executable: string;
}

const SCRIPT = join(import.meta.dirname, 'jedi_oracle.py');

/**
 * The first interpreter that can import jedi: Debian's `/usr/bin/python3` first (its jedi and
 * standard library come from pinned Debian packages, so the counts are the same on every machine
 * that ran scripts/ensure-oracles.sh), then `python3` on the PATH. `null` when none can.
 */
export function pythonWithJedi(): string | null {
  for (const candidate of ['/usr/bin/python3', 'python3']) {
    const probe = spawnSync(candidate, ['-c', 'import jedi'], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/** A running oracle process. */
export class JediOracle {
  readonly #process: ChildProcessWithoutNullStreams;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #next = 0;
  #stderr = '';
  readonly ready: Promise<JediRuntime>;

  constructor(python: string) {
    this.#process = spawn(python, [SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.#process.stderr.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString()).slice(-4000);
    });
    const lines = createInterface({ input: this.#process.stdout });
    let announce: ((runtime: JediRuntime) => void) | null = null;
    this.ready = new Promise((resolve) => (announce = resolve));
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { ready?: true; id?: number; ok?: unknown; error?: string } & Partial<JediRuntime>;
      if (message.ready) {
        announce?.({ python: message.python!, jedi: message.jedi!, executable: message.executable! });
        return;
      }
      const waiting = this.#pending.get(message.id!);
      this.#pending.delete(message.id!);
      if (message.error !== undefined) waiting?.reject(new Error(`jedi oracle: ${message.error}`));
      else waiting?.resolve(message.ok);
    });
    this.#process.on('exit', (code) => {
      for (const waiting of this.#pending.values()) waiting.reject(new Error(`the jedi oracle exited (${code}): ${this.#stderr}`));
      this.#pending.clear();
    });
  }

  #ask<T>(op: string, request: Record<string, unknown>): Promise<T> {
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#process.stdin.write(`${JSON.stringify({ id, op, ...request })}\n`);
    });
  }

  /** Top-level functions and classes and their methods in `files` (relative to `root`). */
  declarations(root: string, files: readonly string[]): Promise<PythonDeclarations> {
    return this.#ask('declarations', { root, files });
  }

  /** jedi's references (scope `project`) of the name at a place, within `limitSeconds`. */
  references(root: string, place: Place, limitSeconds: number): Promise<JediReferences> {
    return this.#ask('references', { root, ...place, limit_seconds: limitSeconds });
  }

  /**
   * Compiles and imports (`modules`) a copy of `root/package` with `files` replaced (`null`:
   * deleted); with `names`, lists the undefined global names of the written files; with
   * `resolve`, where jedi takes each use of a name in the copy.
   */
  check(root: string, packageName: string, files: Readonly<Record<string, string | null>>, options: { modules: readonly string[]; names?: boolean; resolve?: { files: readonly string[]; name: string } }): Promise<PythonCheck> {
    return this.#ask('check', { root, package: packageName, files, ...options });
  }

  /** Where jedi's goto takes the name at each place (`null`: timed out), with each target's qualified name. */
  async goto(root: string, places: readonly Place[], limitSeconds: number): Promise<(GotoTarget[] | null)[]> {
    const answer = await this.#ask<{ targets: (GotoTarget[] | null)[] }>('goto', { root, places: places.map(({ file, line, column }) => ({ file, line, column })), limit_seconds: limitSeconds });
    return answer.targets;
  }

  /**
   * For each class (module, qualified name) and other classes: which of the others share the member
   * `name` with it through inheritance, by the interpreter's own MRO of the imported package
   * (`null`: a class could not be imported), and the classes outside the package declaring `name`
   * in the first class's MRO.
   */
  async hierarchy(root: string, packageName: string, name: string, pairs: ReadonlyArray<readonly [ClassRef, readonly ClassRef[]]>): Promise<(HierarchyAnswer | null)[]> {
    const answer = await this.#ask<{ answers: (HierarchyAnswer | null)[] }>('hierarchy', { root, package: packageName, name, pairs });
    return answer.answers;
  }

  /** Where jedi's goto takes each use of `name` in `files`. */
  resolve(root: string, files: readonly string[], name: string): Promise<PythonResolved> {
    return this.#ask('resolve', { root, files, name });
  }

  /** Ends the process: it stops at the end of its input (and removes its cache); killed if it has not after 5 s. */
  close(): void {
    this.#process.stdin.end();
    setTimeout(() => this.#process.kill(), 5000).unref();
  }
}
