/**
 * `npm run soak`: random writing operations on in-memory files, most of them with an injected
 * file-system fault (EACCES, ENOSPC or EIO on a random read, write, rename, mkdir, remove or stat),
 * checking after each that a failed operation left every file byte-identical and that nothing
 * threw. Prints the tally; exits 1 when a failure changed a file or something threw.
 *
 *   npm run soak -- [--operations 100000] [--seed 1]
 */
import { createEditor, faultyFs, memoryFs, type Editor, type FaultOperation, type FaultyFs, type FsAdapter } from 'structedit';
import { FAULT_CODES, FILES, filesOf, sameFiles, WRITE_OPERATIONS } from '../test/reliability/harness.js';

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const total = option('operations', 100_000);
const seed = option('seed', 1);

/** mulberry32: a small seeded generator, so a run can be repeated exactly. */
function generator(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(seed);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const OPERATIONS: readonly FaultOperation[] = ['read', 'write', 'rename', 'mkdir', 'remove', 'stat'];

/** An adapter whose fault plan changes per operation, so one editor (and its undo tokens) lives through a session. */
function switchable(base: FsAdapter): { fs: FsAdapter; arm: (fault: FaultyFs) => void } {
  let current: FsAdapter = base;
  const fs: FsAdapter = {
    readFile: (path) => current.readFile(path),
    writeFile: (path, data, options) => current.writeFile(path, data, options),
    stat: (path) => current.stat(path),
    mkdir: (path) => current.mkdir(path),
    rename: (from, to) => current.rename(from, to),
    remove: (path) => current.remove(path),
    realpath: (path) => current.realpath(path),
    exists: (path) => current.exists(path),
    readDirectory: (path) => current.readDirectory(path),
  };
  return { fs, arm: (fault) => (current = fault) };
}

/** A random call on the files as they are now: a table row, a text edit cut from a file, or an undo. */
async function randomCall(editor: Editor, files: Map<string, Uint8Array>, tokens: string[]) {
  const choice = random();
  if (choice < 0.5) return pick(WRITE_OPERATIONS.filter((row) => row.setup === undefined)).run(editor, '');
  if (choice < 0.85 || tokens.length === 0) {
    const path = pick([...files.keys()]);
    const text = new TextDecoder().decode(files.get(path)!);
    const start = Math.floor(random() * text.length);
    const old_text = text.slice(start, start + 1 + Math.floor(random() * 12));
    const new_text = pick(['', 'x', '\n', '    pass\n', old_text.toUpperCase(), `${old_text}${old_text}`]);
    return random() < 0.5
      ? editor.editFile({ path, edits: [{ old_text: old_text || 'a', new_text, occurrences: 1 }] })
      : editor.replaceTextInStructure({ path, target: '', old_text: old_text || 'a', new_text });
  }
  return editor.undo({ undo_token: tokens.splice(Math.floor(random() * tokens.length), 1)[0]! });
}

const tally = { tried: 0, succeeded: 0, failed: 0, faultsInjected: 0, changedAfterFailure: 0, mayHaveChanged: 0, throws: 0 };
const errorCodes: Record<string, number> = {};
const started = Date.now();
while (tally.tried < total) {
  // A session: fresh files, one editor, up to 50 operations.
  const base = memoryFs(FILES);
  const { fs, arm } = switchable(base);
  const editor = createEditor({ fs });
  const tokens: string[] = [];
  for (let step = 0; step < 50 && tally.tried < total; step++) {
    const before = await filesOf(base);
    const fault = faultyFs(base, random() < 0.8 ? { failAt: 1 + Math.floor(random() * 5), code: pick(FAULT_CODES), operations: OPERATIONS.filter(() => random() < 0.6) } : {});
    arm(fault);
    tally.tried++;
    try {
      const result = await randomCall(editor, before, tokens);
      tally.faultsInjected += fault.faults;
      if (result.isOk()) {
        tally.succeeded++;
        const token = (result.value as { undo_token?: unknown; metadata?: { undo_token?: unknown } }).undo_token ?? (result.value as { metadata?: { undo_token?: unknown } }).metadata?.undo_token;
        if (typeof token === 'string') tokens.push(token);
      } else {
        tally.failed++;
        // A CONFLICT is expected only from undoing a write whose file changed since; say which.
        const code = result.error.error === 'CONFLICT' && result.error.message.includes('this token undoes') ? 'CONFLICT (stale undo)' : result.error.error;
        errorCodes[code] = (errorCodes[code] ?? 0) + 1;
        const after = await filesOf(base);
        if (result.error.details.state !== 'FILE_UNCHANGED') tally.mayHaveChanged++;
        else if (!sameFiles(before, after)) {
          tally.changedAfterFailure++;
          console.error(`changed after ${result.error.error}: ${result.error.message}`);
        }
      }
    } catch (error) {
      tally.throws++;
      console.error('threw:', error);
    }
  }
}

const seconds = (Date.now() - started) / 1000;
console.log(`soak (seed ${seed}, ${seconds.toFixed(1)} s)`);
console.log(`operations tried:                   ${tally.tried}`);
console.log(`  succeeded:                        ${tally.succeeded}`);
console.log(`  failed with an error value:       ${tally.failed}  (${Object.entries(errorCodes).sort((a, b) => b[1] - a[1]).map(([code, count]) => `${code} ${count}`).join(', ')})`);
console.log(`faults injected:                    ${tally.faultsInjected}`);
console.log(`files changed after a failed op:    ${tally.changedAfterFailure}`);
console.log(`failures reporting FILES_MAY_HAVE_CHANGED: ${tally.mayHaveChanged}`);
console.log(`throws:                             ${tally.throws}`);
if (tally.changedAfterFailure > 0 || tally.throws > 0) process.exitCode = 1;
