// `npm run bench:chunks`: the token economy of chunk edits (docs/spec/chunk-symbol-editing.md). On real
// structures of 100 to 400 lines, five scattered one-line changes are sent two ways: as an
// applyChunks request (one chunk per change, with the fewest context lines that place it alone) and
// as a full replacement of the structure ({ path, target, content }). Both requests are measured
// as JSON, in characters and in tokens (o200k_base via gpt-tokenizer; characters/4 beside it), and
// the chunks are applied to check they give exactly the text the full replacement gives.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens } from 'gpt-tokenizer';
import { createEditor, memoryFs } from '../dist/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const pythonLib = execFileSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])']).toString().trim();
const zod = dirname(require.resolve('zod/package.json'));

const files = [
  { path: '_pydecimal.py', from: join(pythonLib, '_pydecimal.py'), comment: '  # edited' },
  { path: 'argparse.py', from: join(pythonLib, 'argparse.py'), comment: '  # edited' },
  { path: 'schemas.ts', from: join(zod, 'src', 'v4', 'core', 'schemas.ts'), comment: ' // edited' },
  { path: 'types.ts', from: join(zod, 'src', 'v3', 'types.ts'), comment: ' // edited' },
];
const PER_FILE = 3;
const CHANGES = 5;

const unwrap = (result) => {
  if (result.isErr()) throw new Error(`${result.error.error}: ${result.error.message}`);
  return result.value;
};
const same = (a, b) => a.trimEnd() === b.trimEnd();
const matchesAt = (lines, pattern, at) => at >= 0 && at + pattern.length <= lines.length && pattern.every((line, j) => same(lines[at + j], line));

/** How many places the chunk (contexts around `old`) fits in `lines`. */
function fits(lines, before, old, after) {
  let count = 0;
  for (let q = before.length; q + old.length <= lines.length; q++) {
    if (matchesAt(lines, before, q - before.length) && matchesAt(lines, old, q) && (after.length === 0 ? q + old.length === lines.length : matchesAt(lines, after, q + old.length))) count++;
  }
  return count;
}

/** The chunk for changing line `at`, with one context line each side, more until it fits one place only. */
function chunkFor(lines, at, replacement) {
  let size = 1;
  for (;;) {
    const before = lines.slice(Math.max(0, at - size), at);
    const after = lines.slice(at + 1, at + 1 + size);
    if (fits(lines, before, [lines[at]], after) === 1 || (before.length === at && after.length === lines.length - at - 1)) {
      // One line as a string, but a blank line as a list: the string "" means no context.
      const context = (rows) => (rows.length === 1 && rows[0] !== '' ? rows[0] : rows);
      return { context_before: before.length === 0 ? '' : context(before), old_lines: [lines[at]], new_lines: [replacement], context_after: after.length === 0 ? '' : context(after) };
    }
    size++;
  }
}

/** Five lines spread over the structure, each a non-blank line that is not its first or last. */
function scatteredLines(lines) {
  const picked = [];
  for (let i = 0; i < CHANGES; i++) {
    let at = Math.floor(((i + 0.5) * lines.length) / CHANGES);
    while (at < lines.length - 1 && (lines[at].trim() === '' || picked.includes(at) || at === 0)) at++;
    picked.push(at);
  }
  return picked;
}

const rows = [];
const tokens = (text) => countTokens(text);
for (const file of files) {
  const content = readFileSync(file.from, 'utf8');
  const fs = memoryFs({ [file.path]: content });
  const editor = createEditor({ fs });
  const listed = unwrap(await editor.listStructures({ path: file.path }));
  const candidates = [];
  const visit = (structures) => {
    for (const structure of structures) {
      const [first, last] = structure.line_range_inclusive;
      if (structure.target !== null && last - first + 1 >= 100 && last - first + 1 <= 400) candidates.push(structure);
      else visit(structure.children);
    }
  };
  visit(listed.structures);
  const step = Math.max(1, Math.floor(candidates.length / PER_FILE));
  for (let i = 0; i < candidates.length && rows.filter((row) => row.file === file.path).length < PER_FILE; i += step) {
    const structure = candidates[i];
    const text = unwrap(await editor.readStructure({ path: file.path, target: structure.target })).matches[0].text;
    const lines = text.split('\n');
    const changed = [...lines];
    const chunks = scatteredLines(lines).map((at) => {
      changed[at] = lines[at] + file.comment;
      return chunkFor(lines, at, changed[at]);
    });
    const chunkRequest = JSON.stringify({ path: file.path, target: structure.target, chunks });
    const fullRequest = JSON.stringify({ path: file.path, target: structure.target, content: changed.join('\n') });

    // The chunks give exactly the text the full replacement gives.
    const check = memoryFs({ [file.path]: content });
    const result = unwrap(await createEditor({ fs: check }).applyChunks({ path: file.path, target: structure.target, chunks }));
    const [first, last] = structure.line_range_inclusive;
    const fileLines = content.split('\n');
    const expected = [...fileLines.slice(0, first - 1), ...changed, ...fileLines.slice(last)].join('\n');
    if (check.snapshot()[file.path] !== expected) throw new Error(`${file.path} ${JSON.stringify(structure.target)}: the chunks did not give the full replacement's text`);
    if (result.warnings.some((warning) => warning.type !== 'SYNTAX_ERRORS_ELSEWHERE')) throw new Error(`${file.path}: unexpected warnings ${JSON.stringify(result.warnings)}`);

    rows.push({
      file: file.path,
      structure: structure.target.split('\n').pop().slice(0, 32),
      lines: lines.length,
      full_chars: fullRequest.length,
      chunk_chars: chunkRequest.length,
      full_tokens: tokens(fullRequest),
      chunk_tokens: tokens(chunkRequest),
      chars_ratio: +(chunkRequest.length / fullRequest.length).toFixed(3),
      tokens_ratio: +(tokens(chunkRequest) / tokens(fullRequest)).toFixed(3),
    });
  }
}

const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
const totals = {
  structures: rows.length,
  lines: sum('lines'),
  full_chars: sum('full_chars'),
  chunk_chars: sum('chunk_chars'),
  full_tokens: sum('full_tokens'),
  chunk_tokens: sum('chunk_tokens'),
  full_tokens_chars_div_4: Math.round(sum('full_chars') / 4),
  chunk_tokens_chars_div_4: Math.round(sum('chunk_chars') / 4),
};
totals.chars_ratio = +(totals.chunk_chars / totals.full_chars).toFixed(3);
totals.tokens_ratio = +(totals.chunk_tokens / totals.full_tokens).toFixed(3);
totals.token_reduction = `${((1 - totals.tokens_ratio) * 100).toFixed(1)}%`;

console.log(`Chunk request vs full replacement: ${CHANGES} scattered one-line changes per structure (tokens: o200k_base)`);
console.table(rows);
console.table([totals]);
writeFileSync(join(here, 'chunk-tokens.json'), `${JSON.stringify({ node: process.version, date: new Date().toISOString(), changes_per_structure: CHANGES, tokenizer: 'gpt-tokenizer o200k_base', rows, totals }, null, 2)}\n`);
console.log('wrote bench/chunk-tokens.json');
