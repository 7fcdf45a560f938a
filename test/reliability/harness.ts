/**
 * The fault-injection harness shared by the property tests (test/reliability) and `npm run soak`:
 * a table with one row per writing operation, and a runner that performs a row's call over
 * `faultyFs` and reports whether anything was lost.
 *
 * To cover a new writing operation, add one row to {@link WRITE_OPERATIONS}.
 */
import type { Result, ResultAsync } from 'neverthrow';
import { createEditor, faultyFs, memoryFs, type Editor, type FaultCode, type FaultPlan, type FsAdapter, type StructeditError } from 'structedit';

/** The files every row starts from: several languages, a CRLF file with a BOM, a nested folder. */
export const FILES: Readonly<Record<string, string | Uint8Array>> = {
  'auth.py': 'import os\n\n\nclass UserAuth:\n    """Checks users."""\n\n    @staticmethod\n    def validate(token):\n        return token in os.environ\n\n    def logout(self):\n        self.user = None\n        self.user = None\n\n\ndef helper():\n    return 1\n',
  'lib/checks.py': 'def check():\n    pass\n',
  'web/app.ts': '\uFEFFexport class App {\r\n  start(): void {\r\n    console.log("start");\r\n  }\r\n\r\n  stop(): void {}\r\n}\r\n',
  'README.md': '# Project\n\n## Install\n\nRun it.\n\n## Usage\n\nCall it.\n',
  'notes.txt': 'alpha\nbeta\ngamma\n',
};

/** One writing call to put under faults. */
export interface WriteOperation {
  /** What the row exercises. */
  name: string;
  /** Calls made first without faults (e.g. the write an undo row undoes); returns what `run` needs. */
  setup?: (editor: Editor) => Promise<string>;
  /** The call under test. */
  run: (editor: Editor, setup: string) => ResultAsync<unknown, StructeditError>;
}

const tokenOf = async (result: ResultAsync<{ undo_token: string | null }, StructeditError>): Promise<string> => {
  const settled = await result;
  if (settled.isErr() || settled.value.undo_token === null) throw new Error(`setup failed: ${JSON.stringify(settled)}`);
  return settled.value.undo_token;
};

/** Every writing operation, each a call that succeeds on {@link FILES} without faults. */
export const WRITE_OPERATIONS: readonly WriteOperation[] = [
  { name: 'replaceStructure', run: (e) => e.replaceStructure({ path: 'auth.py', target: 'class UserAuth\ndef logout', content: 'def logout(self):\n    return None' }) },
  { name: 'replaceStructure (whole file, CRLF + BOM)', run: (e) => e.replaceStructure({ path: 'web/app.ts', target: '', content: 'export const x = 1;\n' }) },
  { name: 'deleteStructure', run: (e) => e.deleteStructure({ path: 'auth.py', target: 'def helper' }) },
  { name: 'replaceTextInStructure', run: (e) => e.replaceTextInStructure({ path: 'web/app.ts', target: 'export class App\nstart', old_text: '"start"', new_text: '"go"' }) },
  { name: 'replaceAllTextInStructure', run: (e) => e.replaceAllTextInStructure({ path: 'auth.py', target: 'class UserAuth\ndef logout', old_text: 'None', new_text: '0', expected_count: 2 }) },
  { name: 'insertBeforeStructure', run: (e) => e.insertBeforeStructure({ path: 'README.md', target: '# Project\n## Usage', content: '## Build\n\nBuild it.' }) },
  { name: 'insertAfterStructure', run: (e) => e.insertAfterStructure({ path: 'auth.py', target: 'def helper', content: 'def other():\n    return 2' }) },
  { name: 'moveStructure (within a file)', run: (e) => e.moveStructure({ source_path: 'auth.py', source_target: 'def helper', dest_path: 'auth.py', dest_target: 'class UserAuth', position: 'before' }) },
  { name: 'moveStructure (across files)', run: (e) => e.moveStructure({ source_path: 'auth.py', source_target: 'class UserAuth\ndef logout', dest_path: 'lib/checks.py', dest_target: 'def check', position: 'after', force: true }) },
  { name: 'moveStructure (to a new file in a new folder)', run: (e) => e.moveStructure({ source_path: 'auth.py', source_target: 'def helper', dest_path: 'new/deep/helpers.py', position: 'file_end' }) },
  { name: 'editFile', run: (e) => e.editFile({ path: 'notes.txt', edits: [{ old_text: 'beta', new_text: 'BETA' }, { old_text: 'gamma\n', new_text: 'gamma\ndelta\n' }] }) },
  { name: 'editFile (CRLF + BOM)', run: (e) => e.editFile({ path: 'web/app.ts', edits: [{ old_text: 'stop(): void {}', new_text: 'stop(): void {\n    return;\n  }' }] }) },
  {
    name: 'applyChunks',
    run: (e) => e.applyChunks({ path: 'auth.py', target: 'class UserAuth\ndef logout', chunks: [{ context_before: '    def logout(self):', old_lines: ['        self.user = None'], new_lines: ['        self.user = 0'], context_after: '        self.user = None' }] }),
  },
  {
    name: 'applyEdits (add a parameter, then move a function to another file)',
    run: (e) =>
      e.applyEdits({
        edits: [
          { op: 'add', path: 'auth.py', address: 'class UserAuth\ndef logout.params', value: 'reason=None' },
          { op: 'move', path: 'auth.py', address: 'def helper', to: 'lib/checks.py' },
        ],
      }),
  },
  { name: 'applyEdits (rename, reading every file under the root)', run: (e) => e.applyEdits({ edits: [{ op: 'rename', path: 'lib/checks.py', address: 'def check', new_name: 'verify' }] }) },
  {
    name: 'undo (of a semantic batch over two files)',
    setup: (e) => tokenOf(e.applyEdits({ edits: [{ op: 'move', path: 'auth.py', address: 'def helper', to: 'new/helpers.py' }] })),
    run: (e, token) => e.undo({ undo_token: token }),
  },
  {
    name: 'undo (of a cross-file move)',
    setup: (e) => tokenOf(e.moveStructure({ source_path: 'auth.py', source_target: 'def helper', dest_path: 'lib/checks.py', dest_target: 'def check', position: 'before' })),
    run: (e, token) => e.undo({ undo_token: token }),
  },
  {
    name: 'undo (of a move that created a file)',
    setup: (e) => tokenOf(e.moveStructure({ source_path: 'auth.py', source_target: 'def helper', dest_path: 'made/here.py', position: 'file_start' })),
    run: (e, token) => e.undo({ undo_token: token }),
  },
];

/** Every file under the adapter's root with its bytes, by path. */
export async function filesOf(fs: FsAdapter, folder = ''): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const entry of await fs.readDirectory(folder)) {
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.kind === 'directory') for (const [inner, bytes] of await filesOf(fs, path)) out.set(inner, bytes);
    else out.set(path, await fs.readFile(path));
  }
  return out;
}

/** Whether two file sets hold the same paths with the same bytes. */
export function sameFiles(a: ReadonlyMap<string, Uint8Array>, b: ReadonlyMap<string, Uint8Array>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, bytes] of a) {
    const other = b.get(path);
    if (other === undefined || other.length !== bytes.length || other.some((byte, index) => byte !== bytes[index])) return false;
  }
  return true;
}

/** What happened when a row ran under one fault plan. */
export interface FaultRun {
  /** The call's result (`null` when it threw). */
  result: Result<unknown, StructeditError> | null;
  /** The exception, when the call threw (a bug). */
  thrown: unknown;
  /** Faults the adapter injected. */
  faults: number;
  /** Counted adapter calls during the call under test. */
  calls: number;
  /** The files before the call under test (after `setup`). */
  before: Map<string, Uint8Array>;
  /** The files after it. */
  after: Map<string, Uint8Array>;
}

/**
 * Runs a row on fresh files. `plan.failAt` counts from the call under test's first adapter call
 * (setup calls are made without faults).
 */
export async function runWithFault(row: WriteOperation, plan: Omit<FaultPlan, 'failAt'> & { failAt?: number }): Promise<FaultRun> {
  // Setup and the call share one editor (an undo token belongs to its editor); setup runs without
  // faults, so count its calls on a copy first (it is deterministic) and shift failAt past them.
  let offset = 0;
  if (row.setup) {
    const probe = faultyFs(memoryFs(FILES), { ...plan, failAt: 0 });
    await row.setup(createEditor({ fs: probe, semantic: 'syntax' }));
    offset = probe.calls;
  }
  const base = memoryFs(FILES);
  const fs = faultyFs(base, { ...plan, failAt: plan.failAt === undefined || plan.failAt === 0 ? 0 : plan.failAt + offset });
  const editor = createEditor({ fs, semantic: 'syntax' });
  const setup = row.setup ? await row.setup(editor) : '';
  const before = await filesOf(base);
  const callsBefore = fs.calls;
  let result: Result<unknown, StructeditError> | null = null;
  let thrown: unknown = undefined;
  try {
    result = await row.run(editor, setup);
  } catch (error) {
    thrown = error;
  }
  return { result, thrown, faults: fs.faults, calls: fs.calls - callsBefore, before, after: await filesOf(base) };
}

/** The fault codes injected. */
export const FAULT_CODES: readonly FaultCode[] = ['EACCES', 'ENOSPC', 'EIO'];
