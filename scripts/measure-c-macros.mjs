// What parsing C and C++ macro lines as the preprocessor's blanks does on whole header trees
// (src/core/languages/profiles/c-macros.ts): of the files whose own parse has syntax errors, how many
// parse clean, or with fewer errors, once their macro lines are blanked. `node scripts/measure-c-macros.mjs`
// (folders that are missing are skipped, and the output says so).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const load = (path) => tsImport(new URL(path, import.meta.url).href, import.meta.url);
const [{ createLanguageRegistry }, { loadGrammar, parseIsolated, reparsesIncrementally }, { blankUnparsedMacros }] = await Promise.all([
  load('../src/core/languages/registry.ts'),
  load('../src/parsing/tree-sitter-loader.ts'),
  load('../src/core/languages/profiles/c-macros.ts'),
]);

const TREES = [
  { language: 'c', name: "C: Python 3.11's and Linux's headers", folders: ['/usr/include/python3.11', '/usr/include/linux'] },
  { language: 'c', name: 'C: OpenSSL and X11 headers', folders: ['/usr/include/openssl', '/usr/include/X11'] },
  { language: 'cpp', name: 'C++: libstdc++ 12', folders: ['/usr/include/c++/12'] },
];
const MAX_BYTES = 300_000;

function headers(folder, cpp, out = []) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) headers(path, cpp, out);
    else if (/\.[ch]$/.test(entry.name) || (cpp && !entry.name.includes('.'))) out.push(path);
  }
  return out;
}

const registry = createLanguageRegistry();
const rows = [];
for (const { language, name, folders } of TREES) {
  const present = folders.filter((folder) => existsSync(folder));
  if (present.length === 0) {
    rows.push(`| ${name} | not on this machine | | | | |`);
    continue;
  }
  const grammar = await loadGrammar(registry.resolve(language === 'cpp' ? 'a.hpp' : 'a.h')._unsafeUnwrap());
  const tally = { files: 0, errors: 0, clean: 0, fewer: 0, unchanged: 0, mismatched: 0 };
  for (const path of present.flatMap((folder) => headers(folder, language === 'cpp'))) {
    if (statSync(path).size > MAX_BYTES) continue;
    const text = readFileSync(path, 'utf8');
    tally.files++;
    const own = grammar.parser.parse(text);
    const hadErrors = own.rootNode.hasError;
    own.delete();
    if (!hadErrors) continue;
    tally.errors++;
    const blanked = blankUnparsedMacros(text, language === 'cpp');
    if (blanked !== null && (blanked.length !== text.length || blanked.split('\n').length !== text.split('\n').length)) tally.mismatched++;
    const best = parseIsolated(grammar, text);
    // A tree parsed from the blanked text is one an incremental reparse may not start from.
    if (!best.rootNode.hasError) tally.clean++;
    else if (!reparsesIncrementally(best)) tally.fewer++;
    else tally.unchanged++;
    best.delete();
  }
  rows.push(`| ${name} | ${tally.files} | ${tally.errors} | ${tally.clean} | ${tally.fewer} | ${tally.unchanged} |${tally.mismatched > 0 ? ` ${tally.mismatched} BLANKED TEXT OF ANOTHER LENGTH |` : ''}`);
}
console.log(['| header tree | files | with errors in their own parse | clean once blanked | fewer errors | unchanged |', '|---|---|---|---|---|---|', ...rows].join('\n'));
