// Scenario 2's builder figure: the structure tree of a file built from an existing parse, against
// that parse, CPU-free of everything else (no read, decode or locate). The builder is internal,
// so it is loaded from the sources through tsx.
import { tsImport } from 'tsx/esm/api';

const load = (path) => tsImport(new URL(path, import.meta.url).href, import.meta.url);
const [{ createLanguageRegistry }, { loadGrammar }, { buildTreeSitterStructure }, { createSourceText }] = await Promise.all([
  load('../src/core/languages/registry.ts'),
  load('../src/parsing/tree-sitter-loader.ts'),
  load('../src/core/structure/build.ts'),
  load('../src/core/text/source-text.ts'),
]);

/** Median parse and build times (ms) of `text` parsed as the language of `path`, over `runs`. */
export async function structureBuildTimes(path, text, runs = 5) {
  const language = createLanguageRegistry().resolve(path)._unsafeUnwrap();
  const grammar = await loadGrammar(language);
  const source = createSourceText(text);
  const parse = [];
  const build = [];
  let structures = 0;
  for (let i = 0; i <= runs; i++) {
    let start = performance.now();
    const tree = grammar.parser.parse(source.text);
    const parsed = performance.now() - start;
    start = performance.now();
    const structure = buildTreeSitterStructure(tree, source, language.id, grammar.compiled);
    const built = performance.now() - start;
    tree.delete();
    // The first run warms the JIT.
    if (i === 0) continue;
    parse.push(parsed);
    build.push(built);
    structures = count(structure.root) - 1;
  }
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  return { parse_ms: median(parse), build_ms: median(build), structures };
}

function count(node) {
  let total = 1;
  for (const child of node.children) total += count(child);
  return total;
}
