// Child process of bench/file-edit.mjs: runs one tool once and prints its peak RSS over the
// process's baseline (RSS after loading everything, before the file is read), in bytes.
// Usage: node --expose-gc bench/file-edit-memory.mjs <tool> <file> <edits.json>
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { applyFileEdits } from '@modelcontextprotocol/server-filesystem/dist/lib.js';
import { createEditor } from '../dist/index.js';
import { nodeFs } from '../dist/node.js';
import { splitJoinEdit } from './split-join.mjs';

const [tool, file, editsFile] = process.argv.slice(2);
const edits = JSON.parse(readFileSync(editsFile, 'utf8'));
const editor = createEditor({ fs: nodeFs({ root: dirname(file) }) });
globalThis.gc?.();
const baseline = process.memoryUsage().rss;
if (tool === 'structedit') {
  const result = await editor.editFile({ path: basename(file), edits });
  if (result.isErr()) throw new Error(result.error.message);
} else if (tool === 'server-filesystem applyFileEdits') {
  await applyFileEdits(file, edits.map((edit) => ({ oldText: edit.old_text, newText: edit.new_text })), false);
} else {
  await splitJoinEdit(file, edits);
}
// The peak resident set of this process image: VmHWM on Linux. (maxRSS is kept across fork + exec,
// so it reports the parent's size when the parent is larger.)
const status = (() => {
  try {
    return readFileSync('/proc/self/status', 'utf8');
  } catch {
    return '';
  }
})();
const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
process.stdout.write(JSON.stringify({ baseline, peak: (hwm ? Number(hwm[1]) : process.resourceUsage().maxRSS) * 1024 }));
