/**
 * The languages structedit knows out of the box: which file extensions map to them and where their
 * parser comes from. Pure data; loading happens in `src/grammars`.
 */

/** Where a tree-sitter grammar `.wasm` comes from. */
export type GrammarSource =
  /** A file path (Node; elsewhere it is fetched as a URL relative to the page). */
  | { path: string }
  /**
   * A URL: fetched (browsers, workers; what a bundler gives for an imported asset, e.g. Vite's
   * `import url from 'structedit/grammars/python.wasm?url'`), or read from disk for a `file:` URL in Node.
   */
  | { url: string | URL }
  /** The grammar's bytes, e.g. fetched by a browser host. */
  | { bytes: Uint8Array }
  /** A function producing the bytes on first use. */
  | { load: () => Promise<Uint8Array> }
  /** A file inside an installed npm package (Node only), e.g. `tree-sitter-wasms` + `out/tree-sitter-go.wasm`. */
  | { package: string; file: string }
  /**
   * A grammar shipped with structedit: `grammars/<file>` in the package (Node: the file; browsers: a
   * URL next to the module, `grammarBaseUrl` to serve them elsewhere).
   */
  | { bundled: string };

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

/** A grammar of `tree-sitter-wasms` (an optional peer): older builds, for the languages no maintained package ships as WASM. */
const wasms = (name: string): GrammarSource => ({ package: 'tree-sitter-wasms', file: `out/tree-sitter-${name}.wasm` });
/** A grammar in the package's `grammars/` folder. */
const bundled = (language: string): GrammarSource => ({ bundled: `${language}.wasm` });
/** A grammar of the companion package `structedit-grammars` (the large ones, installed on demand). */
const companion = (language: string): GrammarSource => ({ package: 'structedit-grammars', file: `grammars/${language}.wasm` });

/**
 * Built-in languages. Grammars are the official per-language packages' own WASM builds (and
 * `@tree-sitter-grammars/*`), measured best on real code (docs/languages.md) and copied unchanged by
 * `scripts/update-grammars.mjs`: the common ones ship in `grammars/`, the large ones (C++, C#,
 * Ruby, Kotlin, Scala, Elixir, OCaml) in the companion package `structedit-grammars`. Languages no
 * maintained package ships as WASM (Swift, Dart, …) use `tree-sitter-wasms` when it is installed.
 */
export const BUILTIN_LANGUAGES: readonly LanguageDefinition[] = [
  {
    id: 'python',
    extensions: ['.py', '.pyi', '.pyw'],
    backend: 'tree-sitter',
    grammars: [bundled('python')],
  },
  {
    id: 'typescript',
    extensions: ['.ts', '.mts', '.cts'],
    backend: 'tree-sitter',
    grammars: [bundled('typescript')],
  },
  {
    id: 'tsx',
    extensions: ['.tsx'],
    backend: 'tree-sitter',
    grammars: [bundled('tsx')],
  },
  { id: 'javascript', extensions: ['.js', '.mjs', '.cjs', '.jsx'], backend: 'tree-sitter', grammars: [bundled('javascript')] },
  { id: 'markdown', extensions: ['.md', '.markdown', '.mdown', '.mkd'], backend: 'markdown' },
  { id: 'go', extensions: ['.go'], backend: 'tree-sitter', grammars: [bundled('go')] },
  { id: 'rust', extensions: ['.rs'], backend: 'tree-sitter', grammars: [bundled('rust')] },
  { id: 'java', extensions: ['.java'], backend: 'tree-sitter', grammars: [bundled('java')] },
  { id: 'c', extensions: ['.c', '.h'], backend: 'tree-sitter', grammars: [bundled('c')] },
  {
    id: 'cpp',
    extensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h++', '.ipp'],
    backend: 'tree-sitter',
    grammars: [companion('cpp')],
  },
  { id: 'csharp', extensions: ['.cs'], backend: 'tree-sitter', grammars: [companion('csharp')] },
  {
    id: 'ruby',
    extensions: ['.rb', '.rake', '.gemspec', '.ru'],
    fileNames: ['Rakefile', 'Gemfile'],
    backend: 'tree-sitter',
    grammars: [companion('ruby')],
  },
  { id: 'php', extensions: ['.php', '.phtml'], backend: 'tree-sitter', grammars: [bundled('php')] },
  { id: 'kotlin', extensions: ['.kt', '.kts'], backend: 'tree-sitter', grammars: [companion('kotlin')] },
  { id: 'swift', extensions: ['.swift'], backend: 'tree-sitter', grammars: [wasms('swift')] },
  { id: 'bash', extensions: ['.sh', '.bash', '.zsh'], backend: 'tree-sitter', grammars: [bundled('bash')] },
  { id: 'json', extensions: ['.json', '.jsonc', '.json5'], backend: 'tree-sitter', grammars: [bundled('json')] },
  { id: 'toml', extensions: ['.toml'], backend: 'tree-sitter', grammars: [bundled('toml')] },
  { id: 'yaml', extensions: ['.yaml', '.yml'], backend: 'tree-sitter', grammars: [bundled('yaml')] },
  { id: 'css', extensions: ['.css'], backend: 'tree-sitter', grammars: [bundled('css')] },
  { id: 'html', extensions: ['.html', '.htm', '.xhtml'], backend: 'tree-sitter', grammars: [bundled('html')] },
  { id: 'lua', extensions: ['.lua'], backend: 'tree-sitter', grammars: [bundled('lua')] },
  { id: 'scala', extensions: ['.scala', '.sc'], backend: 'tree-sitter', grammars: [companion('scala')] },
  { id: 'dart', extensions: ['.dart'], backend: 'tree-sitter', grammars: [wasms('dart')] },
  { id: 'elixir', extensions: ['.ex', '.exs'], backend: 'tree-sitter', grammars: [companion('elixir')] },
  { id: 'ocaml', extensions: ['.ml'], backend: 'tree-sitter', grammars: [companion('ocaml')] },
  { id: 'objc', extensions: ['.m'], backend: 'tree-sitter', grammars: [wasms('objc')] },
  { id: 'rescript', extensions: ['.res', '.resi'], backend: 'tree-sitter', grammars: [wasms('rescript')] },
  { id: 'solidity', extensions: ['.sol'], backend: 'tree-sitter', grammars: [wasms('solidity')] },
  { id: 'vue', extensions: ['.vue'], backend: 'tree-sitter', grammars: [wasms('vue')] },
  { id: 'zig', extensions: ['.zig'], backend: 'tree-sitter', grammars: [bundled('zig')] },
  { id: 'elisp', extensions: ['.el'], backend: 'tree-sitter', grammars: [wasms('elisp')] },
  { id: 'embedded_template', extensions: ['.erb', '.ejs'], backend: 'tree-sitter', grammars: [wasms('embedded_template')] },
  { id: 'systemrdl', extensions: ['.rdl'], backend: 'tree-sitter', grammars: [wasms('systemrdl')] },
  { id: 'tlaplus', extensions: ['.tla'], backend: 'tree-sitter', grammars: [wasms('tlaplus')] },
];
