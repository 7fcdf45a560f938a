import { FsError, type FsAdapter } from './adapter.js';

/** The adapter calls {@link faultyFs} counts and can fail. */
export type FaultOperation = 'read' | 'write' | 'rename' | 'mkdir' | 'remove' | 'stat';

/** The error codes {@link faultyFs} fails with. */
export type FaultCode = 'EACCES' | 'ENOSPC' | 'EIO';

/** Which calls {@link faultyFs} fails, and how. */
export interface FaultPlan {
  /** Fail the N-th counted call (1-based); omitted or 0: fail nothing, only count. */
  failAt?: number;
  /** How many counted calls fail, from `failAt` on (default 1; `Infinity`: the fault persists). */
  failures?: number;
  /** The operations counted (and so the ones that can fail); default `read`, `write`, `rename`, `mkdir`. */
  operations?: readonly FaultOperation[];
  /** The code of the injected error (default `EIO`). */
  code?: FaultCode;
  /**
   * Write as `nodeFs` does: the data to a temporary file in the same folder, then a rename over the
   * target, so a write can fail after its data landed (default `true`). The temporary file is
   * removed again when the rename fails.
   */
  splitWrites?: boolean;
}

/** An adapter that injects faults, with what it did. */
export interface FaultyFs extends FsAdapter {
  /** Counted calls so far. */
  readonly calls: number;
  /** Faults injected so far. */
  readonly faults: number;
  /** The counted calls in order, as `operation path` (`rename from -> to`), a failed one marked `!`. */
  readonly log: readonly string[];
}

const DEFAULT_OPERATIONS: readonly FaultOperation[] = ['read', 'write', 'rename', 'mkdir'];

/**
 * Wraps an adapter so that chosen calls fail with `EACCES`, `ENOSPC` or `EIO`, for testing that
 * nothing is lost when the disk fails: run an operation once to count its calls, then once per
 * call with `failAt` set to it, and compare the files with what they were.
 *
 * @example
 * ```ts
 * const files = memoryFs({ 'a.py': 'def f():\n    pass\n' });
 * const editor = createEditor({ fs: faultyFs(files, { failAt: 2, code: 'ENOSPC' }) });
 * const result = await editor.replaceStructure({ path: 'a.py', target: 'def f', content: 'def f():\n    return 1' });
 * // result is an IO_ERROR and files.snapshot() is unchanged
 * ```
 */
export function faultyFs(base: FsAdapter, plan: FaultPlan = {}): FaultyFs {
  const counted = new Set(plan.operations ?? DEFAULT_OPERATIONS);
  const failAt = plan.failAt ?? 0;
  const failures = plan.failures ?? 1;
  const code = plan.code ?? 'EIO';
  const log: string[] = [];
  let calls = 0;
  let faults = 0;

  /** Counts a call and throws the injected error when it is one to fail. */
  const step = (operation: FaultOperation, path: string, shown = path) => {
    if (!counted.has(operation)) return;
    calls++;
    const fail = failAt > 0 && calls >= failAt && calls < failAt + failures;
    log.push(`${operation} ${shown}${fail ? ' !' : ''}`);
    if (fail) {
      faults++;
      throw new FsError(code, path, `${code}: injected failure of call ${calls} (${operation} ${shown})`);
    }
  };

  const rename = async (from: string, to: string) => {
    step('rename', to, `${from} -> ${to}`);
    await base.rename(from, to);
  };

  /** A write as `nodeFs` does it (unless `splitWrites` is off): a temporary file, then a rename. */
  const splitWrite = async (path: string, options: { mode?: number } | undefined, write: (target: string, options: { mode?: number } | undefined) => Promise<void>) => {
    if (plan.splitWrites === false) {
      step('write', path);
      return write(path, options);
    }
    const slash = path.lastIndexOf('/');
    const temporary = `${path.slice(0, slash + 1)}.${path.slice(slash + 1)}.structedit-tmp`;
    // The temporary file starts with the target's mode, as nodeFs gives it.
    const mode = options?.mode ?? (await base.stat(path).then((stat) => stat.mode, () => undefined));
    step('write', temporary);
    await write(temporary, mode === undefined ? undefined : { mode });
    try {
      await rename(temporary, path);
    } catch (error) {
      await base.remove(temporary).catch(() => undefined);
      throw error;
    }
  };

  return {
    get calls() {
      return calls;
    },
    get faults() {
      return faults;
    },
    get log() {
      return log;
    },
    async readFile(path) {
      step('read', path);
      return base.readFile(path);
    },
    // Only when the base adapter compares in place: without it, commits read the file instead.
    ...(base.hasContent
      ? {
          hasContent: async (path: string, bytes: Uint8Array) => {
            step('read', path);
            return base.hasContent!(path, bytes);
          },
        }
      : {}),
    writeFile: (path, data, options) => splitWrite(path, options, (target, targetOptions) => base.writeFile(target, data, targetOptions)),
    // Only when the base adapter takes chunks: without it, commits join them and call writeFile.
    ...(base.writeChunks ? { writeChunks: (path: string, chunks: readonly Uint8Array[], options?: { mode?: number }) => splitWrite(path, options, (target, targetOptions) => base.writeChunks!(target, chunks, targetOptions)) } : {}),
    async stat(path) {
      step('stat', path);
      return base.stat(path);
    },
    async mkdir(path) {
      step('mkdir', path);
      return base.mkdir(path);
    },
    rename,
    async remove(path) {
      step('remove', path);
      return base.remove(path);
    },
    realpath: (path) => base.realpath(path),
    exists: (path) => base.exists(path),
    readDirectory: (path) => base.readDirectory(path),
  };
}
