import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type Progress } from 'structedit';
import { terminalProgress } from '../../src/cli/progress-line.js';

const files = {
  'a.py': 'def helper():\n    return 1\n',
  'b.py': 'from a import helper\n\nprint(helper())\n',
  'c.py': 'x = 2\n',
  'notes.md': '# Notes\n',
};

describe('onProgress (issue 23)', () => {
  it('findStructures reports each file it goes through, with the count', async () => {
    const seen: Progress[] = [];
    const editor = createEditor({ fs: memoryFs(files), onProgress: (progress) => seen.push(progress) });
    expect((await editor.findStructures({ name: 'helper' })).isOk()).toBe(true);
    expect(seen).toEqual([
      { operation: 'find_structures', done: 1, total: 4, path: 'a.py' },
      { operation: 'find_structures', done: 2, total: 4, path: 'b.py' },
      { operation: 'find_structures', done: 3, total: 4, path: 'c.py' },
      { operation: 'find_structures', done: 4, total: 4, path: 'notes.md' },
    ]);
  });

  it("a rename's search for mentions reports the project's files, and a callback that throws changes nothing", async () => {
    const seen: Progress[] = [];
    const fs = memoryFs(files);
    const editor = createEditor({
      fs,
      semantic: 'syntax',
      onProgress: (progress) => {
        seen.push(progress);
        throw new Error('the display broke');
      },
    });
    const renamed = await editor.applyEdits({ edits: [{ op: 'rename', path: 'a.py', address: 'def helper', new_name: 'assist' }] });
    expect(renamed.isOk(), renamed.isErr() ? renamed.error.message : '').toBe(true);
    expect(fs.snapshot()['b.py']).toBe('from a import assist\n\nprint(assist())\n');
    const references = seen.filter((progress) => progress.operation === 'references');
    expect(references.length).toBeGreaterThan(0);
    expect(references.at(-1)).toMatchObject({ done: references.at(-1)!.total });
    expect(new Set(references.map((progress) => progress.path))).toEqual(new Set(['a.py', 'b.py', 'c.py', 'notes.md']));
  });
});

describe('the CLI progress line', () => {
  const stream = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, stream: { isTTY, columns: 40, write: (chunk: string) => written.push(chunk) } as unknown as NodeJS.WriteStream };
  };

  it('writes one line on a terminal, rewritten in place, and clears it at the end', () => {
    const { written, stream: tty } = stream(true);
    const report = terminalProgress(tty)!;
    report({ operation: 'references', done: 1, total: 3, path: 'src/a-very-long-folder-name/and-a-long-file-name.ts' });
    report({ operation: 'references', done: 2, total: 3, path: 'b.ts' }); // within 100 ms: skipped
    report({ operation: 'references', done: 3, total: 3, path: 'c.ts' });
    expect(written).toEqual(['\r\x1b[2Kchecking references 1/3 src/a-very-long', '\r\x1b[2K']);
  });

  it('writes nothing when stderr is not a terminal', () => {
    expect(terminalProgress(stream(false).stream)).toBeUndefined();
  });
});
