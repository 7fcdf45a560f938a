/**
 * The languages structedit knows out of the box: which file extensions map to them and where their
 * parser comes from. Pure data; loading happens in `src/grammars`.
 */

/** Where a tree-sitter grammar `.wasm` comes from. */
export type GrammarSource =
  /** A file path (Node only). */
  | { path: string }
  /** The grammar's bytes, e.g. fetched by a browser host. */
  | { bytes: Uint8Array }
  /** A function producing the bytes on first use. */
  | { load: () => Promise<Uint8Array> }
  /** A file inside an installed npm package (Node only), e.g. `tree-sitter-wasms` + `out/tree-sitter-go.wasm`. */
  | { package: string; file: string };

/** How a language is parsed. */
export type ParserBackend = 'tree-sitter' | 'markdown';

/** A language: its id, extensions and parser. */
export interface LanguageDefinition {
  /** Stable id, e.g. `python`, `typescript`, `markdown`. */
  id: string;
  /** File extensions with the dot, lower case, e.g. `.py`. */
  extensions: string[];
  /** Exact file names (no extension) that are this language, e.g. `Makefile`. */
  fileNames?: string[];
  /** The parser backend. */
  backend: ParserBackend;
  /**
   * Grammar sources to try in order (tree-sitter only); the first that can be found is used.
   * A host-registered grammar replaces this list.
   */
  grammars?: GrammarSource[];
}

const wasms = (name: string): GrammarSource => ({ package: 'tree-sitter-wasms', file: `out/tree-sitter-${name}.wasm` });

/**
 * Built-in languages. Every grammar of `tree-sitter-wasms@0.1.13` that loads in web-tree-sitter
 * 0.25 is here (its YAML, Elm and QL grammars fail to load: "memory access out of bounds"). For TypeScript, TSX and Python the official grammar
 * packages are tried first when installed (optional peer dependencies): measured on the Python
 * standard library and the `.d.ts` files in node_modules, they parse a superset of the files the
 * tree-sitter-wasms grammars parse without errors (`node scripts/measure-grammars.mjs`).
 */
export const BUILTIN_LANGUAGES: readonly LanguageDefinition[] = [
  {
    id: 'python',
    extensions: ['.py', '.pyi', '.pyw'],
    backend: 'tree-sitter',
    grammars: [{ package: 'tree-sitter-python', file: 'tree-sitter-python.wasm' }, wasms('python')],
  },
  {
    id: 'typescript',
    extensions: ['.ts', '.mts', '.cts'],
    backend: 'tree-sitter',
    grammars: [{ package: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' }, wasms('typescript')],
  },
  {
    id: 'tsx',
    extensions: ['.tsx'],
    backend: 'tree-sitter',
    grammars: [{ package: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' }, wasms('tsx')],
  },
  { id: 'javascript', extensions: ['.js', '.mjs', '.cjs', '.jsx'], backend: 'tree-sitter', grammars: [wasms('javascript')] },
  { id: 'markdown', extensions: ['.md', '.markdown', '.mdown', '.mkd'], backend: 'markdown' },
  { id: 'go', extensions: ['.go'], backend: 'tree-sitter', grammars: [wasms('go')] },
  { id: 'rust', extensions: ['.rs'], backend: 'tree-sitter', grammars: [wasms('rust')] },
  { id: 'java', extensions: ['.java'], backend: 'tree-sitter', grammars: [wasms('java')] },
  { id: 'c', extensions: ['.c', '.h'], backend: 'tree-sitter', grammars: [wasms('c')] },
  {
    id: 'cpp',
    extensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h++', '.ipp'],
    backend: 'tree-sitter',
    grammars: [wasms('cpp')],
  },
  { id: 'csharp', extensions: ['.cs'], backend: 'tree-sitter', grammars: [wasms('c_sharp')] },
  {
    id: 'ruby',
    extensions: ['.rb', '.rake', '.gemspec', '.ru'],
    fileNames: ['Rakefile', 'Gemfile'],
    backend: 'tree-sitter',
    grammars: [wasms('ruby')],
  },
  { id: 'php', extensions: ['.php', '.phtml'], backend: 'tree-sitter', grammars: [wasms('php')] },
  { id: 'kotlin', extensions: ['.kt', '.kts'], backend: 'tree-sitter', grammars: [wasms('kotlin')] },
  { id: 'swift', extensions: ['.swift'], backend: 'tree-sitter', grammars: [wasms('swift')] },
  { id: 'bash', extensions: ['.sh', '.bash', '.zsh'], backend: 'tree-sitter', grammars: [wasms('bash')] },
  { id: 'json', extensions: ['.json', '.jsonc', '.json5'], backend: 'tree-sitter', grammars: [wasms('json')] },
  { id: 'toml', extensions: ['.toml'], backend: 'tree-sitter', grammars: [wasms('toml')] },
  { id: 'css', extensions: ['.css'], backend: 'tree-sitter', grammars: [wasms('css')] },
  { id: 'html', extensions: ['.html', '.htm', '.xhtml'], backend: 'tree-sitter', grammars: [wasms('html')] },
  { id: 'lua', extensions: ['.lua'], backend: 'tree-sitter', grammars: [wasms('lua')] },
  { id: 'scala', extensions: ['.scala', '.sc'], backend: 'tree-sitter', grammars: [wasms('scala')] },
  { id: 'dart', extensions: ['.dart'], backend: 'tree-sitter', grammars: [wasms('dart')] },
  { id: 'elixir', extensions: ['.ex', '.exs'], backend: 'tree-sitter', grammars: [wasms('elixir')] },
  { id: 'ocaml', extensions: ['.ml'], backend: 'tree-sitter', grammars: [wasms('ocaml')] },
  { id: 'objc', extensions: ['.m'], backend: 'tree-sitter', grammars: [wasms('objc')] },
  { id: 'rescript', extensions: ['.res', '.resi'], backend: 'tree-sitter', grammars: [wasms('rescript')] },
  { id: 'solidity', extensions: ['.sol'], backend: 'tree-sitter', grammars: [wasms('solidity')] },
  { id: 'vue', extensions: ['.vue'], backend: 'tree-sitter', grammars: [wasms('vue')] },
  { id: 'zig', extensions: ['.zig'], backend: 'tree-sitter', grammars: [wasms('zig')] },
  { id: 'elisp', extensions: ['.el'], backend: 'tree-sitter', grammars: [wasms('elisp')] },
  { id: 'embedded_template', extensions: ['.erb', '.ejs'], backend: 'tree-sitter', grammars: [wasms('embedded_template')] },
  { id: 'systemrdl', extensions: ['.rdl'], backend: 'tree-sitter', grammars: [wasms('systemrdl')] },
  { id: 'tlaplus', extensions: ['.tla'], backend: 'tree-sitter', grammars: [wasms('tlaplus')] },
];
