// Child process of bench/file-edit.mjs: runs one tool once and prints its peak RSS over the
// process's baseline (RSS after loading everything, before the file is read), in bytes.
// Usage: node --expose-gc bench/file-edit-memory.mjs <tool> <file> <edits.json>
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { applyFileEdits } from '@modelcontextprotocol/server-filesystem/dist/lib.js';
import { createEditor, nodeFs } from '../dist/index.js';
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
// maxRSS is the process's peak resident set, in kilobytes.
process.stdout.write(JSON.stringify({ baseline, peak: process.resourceUsage().maxRSS * 1024 }));
