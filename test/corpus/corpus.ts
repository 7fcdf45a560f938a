import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/**
 * Real code already on the machine, sampled deterministically: the Python standard library and
 * the sources inside this project's node_modules (fixed by the lockfile).
 */

function walk(dir: string, accept: (path: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, accept, out);
    else if (entry.isFile() && accept(full)) out.push(full);
  }
  return out;
}

/** Every `count`-th file of a sorted list, so the sample spreads over the whole tree. */
function spread(files: string[], count: number): string[] {
  return spreadInOrder([...files].sort(), count);
}

/** Every `count`-th file of a list in the order given. */
function spreadInOrder(files: readonly string[], count: number): string[] {
  if (files.length <= count) return [...files];
  const step = files.length / count;
  return Array.from({ length: count }, (_, i) => files[Math.floor(i * step)]!);
}

/** The Python standard library folder. */
export function pythonStdlib(): string {
  return execFileSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])']).toString().trim();
}

const MAX_BYTES = 400_000;
const small = (path: string) => statSync(path).size <= MAX_BYTES;

/** A deterministic sample of Python standard library files: `{ root, files }` with root-relative paths. */
export function pythonSample(count: number): { root: string; files: string[] } {
  const root = pythonStdlib();
  const files = walk(root, (path) => path.endsWith('.py') && !path.includes('/site-packages/') && small(path));
  return { root, files: spread(files, count).map((path) => relative(root, path)) };
}

/** A deterministic sample of TypeScript and JavaScript files from node_modules. */
export function nodeModulesSample(count: number): { root: string; files: string[] } {
  const root = join(import.meta.dirname, '..', '..', 'node_modules');
  const files = walk(root, (path) => /\.(ts|mts|cts|tsx|js|mjs|cjs)$/.test(path) && !path.includes('/.bin/') && small(path));
  return { root, files: spread(files, count).map((path) => relative(root, path)) };
}

/** A deterministic sample of Markdown files (READMEs, changelogs, docs) from node_modules. */
export function markdownSample(count: number): { root: string; files: string[] } {
  const root = join(import.meta.dirname, '..', '..', 'node_modules');
  const files = walk(root, (path) => /\.(md|markdown)$/i.test(path) && small(path));
  return { root, files: spread(files, count).map((path) => relative(root, path)) };
}

/** One language's sample of real files: where they are, and the path each gets in an editor. */
export interface LanguageSample {
  readonly language: string;
  /** Where the files come from, for the printed table. */
  readonly corpus: string;
  readonly root: string;
  /** Root-relative paths, spread evenly over each part of the corpus (sorted by path). */
  readonly files: readonly string[];
  /** How many files the corpus holds (within the size limit). */
  readonly available: number;
  /** The path a file gets in a memory file system: its extension must name the language (C++ headers have none). */
  readonly editorPath: (file: string) => string;
}

/** A language without a corpus on this machine, and why. */
export interface MissingCorpus {
  readonly language: string;
  readonly missing: string;
}

const NODE_MODULES = join(import.meta.dirname, '..', '..', 'node_modules');

/** The files under each folder walked (hidden folders included): each is walked once per process. */
const walked = new Map<string, readonly string[]>();

/**
 * The files under `dir` (none if it is absent), without following symbolic links; hidden folders
 * only when asked. A folder inside one already walked is taken from that walk.
 */
function walkIfPresent(dir: string, hidden = false): string[] {
  let all = walked.get(dir);
  if (!all) {
    const ancestor = [...walked.keys()].find((folder) => dir.startsWith(`${folder}/`));
    if (ancestor) all = walked.get(ancestor)!.filter((path) => path.startsWith(`${dir}/`));
    else {
      const out: string[] = [];
      const visit = (folder: string) => {
        let entries;
        try {
          entries = readdirSync(folder, { withFileTypes: true });
        } catch {
          return; // unreadable: not part of the corpus
        }
        for (const entry of entries) {
          const full = join(folder, entry.name);
          if (entry.isDirectory()) visit(full);
          else if (entry.isFile()) out.push(full);
        }
      };
      if (existsSync(dir)) visit(dir);
      all = out;
    }
    walked.set(dir, all);
  }
  return hidden ? [...all] : all.filter((path) => !path.slice(dir.length, path.lastIndexOf('/')).includes('/.'));
}

/** The first entry of `parent` whose name matches, in sorted order (`/usr/src/rustc-1.63.0`). */
function firstDir(parent: string, pattern: RegExp): string | null {
  if (!existsSync(parent)) return null;
  const name = readdirSync(parent)
    .filter((entry) => pattern.test(entry))
    .sort()[0];
  return name === undefined ? null : join(parent, name);
}

const JDK_SOURCES = '/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip';

/**
 * A sample of the JDK's sources: chosen from the zip's listing (names and sizes), then only those
 * files extracted, into a folder of the temporary directory that later runs reuse.
 */
function jdkSample(count: number, maxBytes: number): { root: string; files: string[]; available: number } | string {
  if (!existsSync(JDK_SOURCES)) return `no ${JDK_SOURCES} (Debian openjdk-17-source)`;
  let listing: string;
  try {
    listing = execFileSync('unzip', ['-Z', JDK_SOURCES], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (cause) {
    return `unzip cannot list ${JDK_SOURCES} (${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)})`;
  }
  const entries = listing.split('\n').flatMap((line) => {
    const match = /^\S+\s+\S+\s+\S+\s+(\d+)\s+\S+\s+\S+\s+\S+\s+\S+\s+(.+\.java)$/.exec(line);
    return match && Number(match[1]) <= maxBytes ? [match[2]!] : [];
  });
  const chosen = spread(entries, count);
  const root = join(tmpdir(), 'structedit-corpus-jdk17');
  const absent = chosen.filter((file) => !existsSync(join(root, file)));
  if (absent.length > 0) {
    mkdirSync(root, { recursive: true });
    execFileSync('unzip', ['-o', '-q', JDK_SOURCES, ...absent, '-d', root]);
  }
  return { root, files: chosen, available: entries.length };
}

/** A file name without an extension (C++'s `vector`, `bits/c++config`). */
const noExtension = (path: string) => !/\.[A-Za-z0-9+]+$/.test(path.slice(path.lastIndexOf('/') + 1));

/** C++ in a `.h` file (`/usr/include/llvm-14`): a namespace, a template or a class body. */
const CPLUSPLUS = /^\s*(namespace\s+[\w:]*\s*\{|template\s*<|class\s+\w+[^;(]*\{)/m;

/** A part of a language's corpus: files under some folders that `accept` takes. */
interface CorpusSource {
  readonly roots: readonly (string | null)[];
  /** Whether a path belongs (by its name). */
  readonly accept: (path: string) => boolean;
  /** Whether a file of an accepted name belongs, by its content. */
  readonly content?: (text: string) => boolean;
  /** Hidden folders too (`.github/workflows`). */
  readonly hidden?: boolean;
}

interface CorpusDescription {
  readonly corpus: string;
  /** Each source gets an equal share of the sample (what one lacks goes to the next). */
  readonly sources: readonly CorpusSource[];
  readonly editorPath?: (file: string) => string;
}

/** The npm packages `scripts/fetch-npm-corpora.mjs` unpacks (`--corpora`): sources Debian does not ship. */
const NPM_CORPORA = join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'structedit-corpora');
const RADIX_THEMES = join(NPM_CORPORA, '@radix-ui+themes@3.3.0');
const EXPO_MODULES_CORE = join(NPM_CORPORA, 'expo-modules-core@58.1.0');
const REACT_NATIVE_WINDOWS = join(NPM_CORPORA, 'react-native-windows@0.79.0');
const ZIG_PACKAGES = ['node-zigar-addon@0.14.3', 'tigerbeetle-node@0.17.9', 'zigar-compiler@0.15.2'].map((spec) => join(NPM_CORPORA, spec));
/** Older zigar compilers, for only the modules that later releases split up or renamed (no second version of a file). */
const OLD_ZIGAR = ['zigar-compiler@0.13.2', 'zigar-compiler@0.11.1'].map((spec) => join(NPM_CORPORA, spec));
const OLD_ZIGAR_MODULES = /\/zig\/(host-wasm|host-c|types|variadic|exporter-c|exporter-wasm)\.zig$/;
/** Debian source packages' upstream trees (the same script unpacks them). */
const SCALA_SOURCES = join(NPM_CORPORA, 'scala_2.11.12', 'scala-2.11.12', 'src');
const ELIXIR_SOURCES = join(NPM_CORPORA, 'elixir-lang_1.14.0', 'elixir-1.14.0', 'lib');

const goRoot = () => firstDir('/usr/share', /^go-1\./);
const rustRoot = () => firstDir('/usr/src', /^rustc-/);

/** Per language: where its real code is on this machine (or from Debian: `bash scripts/ensure-oracles.sh --corpora`). */
const CORPORA: Record<string, () => CorpusDescription> = {
  python: () => ({ corpus: 'the Python standard library', sources: [{ roots: [pythonStdlib()], accept: (path) => path.endsWith('.py') && !path.includes('/site-packages/') }] }),
  typescript: () => ({ corpus: 'node_modules (.ts, .mts, .cts; no .d.ts)', sources: [{ roots: [NODE_MODULES], accept: (path) => /\.[mc]?ts$/.test(path) && !/\.d\.[mc]?ts$/.test(path) }] }),
  tsx: () => ({ corpus: '@radix-ui/themes 3.3.0 (src/, .tsx) and node_modules', sources: [{ roots: [RADIX_THEMES, NODE_MODULES], accept: (path) => path.endsWith('.tsx') }] }),
  javascript: () => ({ corpus: 'node_modules (.js, .mjs, .cjs; no .min.js)', sources: [{ roots: [NODE_MODULES], accept: (path) => /\.[mc]?js$/.test(path) && !path.endsWith('.min.js') }] }),
  json: () => ({ corpus: 'node_modules (.json)', sources: [{ roots: [NODE_MODULES], accept: (path) => path.endsWith('.json') }] }),
  go: () => ({
    corpus: 'the Go 1.19 standard library (golang-1.19-src; no testdata)',
    sources: [{ roots: [goRoot() && join(goRoot()!, 'src')], accept: (path) => path.endsWith('.go') && !path.includes('/testdata/') }],
  }),
  rust: () => ({ corpus: 'the Rust standard library (rust-src)', sources: [{ roots: [rustRoot() && join(rustRoot()!, 'library')], accept: (path) => path.endsWith('.rs') }] }),
  c: () => ({
    corpus: "half C sources (.c of Go's cgo, /usr/share/doc examples, the tree-sitter runtime in node_modules), half /usr/include headers (.h without C++)",
    sources: [
      { roots: ['/usr/share', NODE_MODULES], accept: (path) => path.endsWith('.c') && !path.includes('/testdata/') },
      { roots: ['/usr/include'], accept: (path) => path.endsWith('.h') && !path.includes('/c++/'), content: (text) => !CPLUSPLUS.test(text) },
    ],
  }),
  cpp: () => ({
    corpus: 'half /usr/include/c++ (headers without extension, .h, .tcc), half react-native-windows 0.79.0 (.cpp, .h)',
    sources: [
      { roots: [firstDir('/usr/include/c++', /^\d+$/)], accept: (path) => path.endsWith('.h') || path.endsWith('.tcc') || noExtension(path) },
      { roots: [REACT_NATIVE_WINDOWS], accept: (path) => path.endsWith('.cpp') || path.endsWith('.h') },
    ],
    editorPath: (file) => `${file}.hpp`,
  }),
  bash: () => ({ corpus: '/usr (.sh)', sources: [{ roots: ['/usr'], accept: (path) => path.endsWith('.sh') }] }),
  php: () => ({ corpus: '/usr/lib (.php)', sources: [{ roots: ['/usr/lib'], accept: (path) => path.endsWith('.php') }] }),
  css: () => ({ corpus: 'node_modules (.css)', sources: [{ roots: [NODE_MODULES], accept: (path) => path.endsWith('.css') }] }),
  html: () => ({ corpus: '/usr/share/doc (.html)', sources: [{ roots: ['/usr/share/doc'], accept: (path) => path.endsWith('.html') }] }),
  yaml: () => ({ corpus: 'node_modules (.yml, .yaml; CI workflows in hidden folders too)', sources: [{ roots: [NODE_MODULES], accept: (path) => /\.ya?ml$/.test(path), hidden: true }] }),
  toml: () => ({ corpus: '/usr (.toml)', sources: [{ roots: ['/usr'], accept: (path) => path.endsWith('.toml') }] }),
  lua: () => ({ corpus: '/usr/share/lua (luarocks)', sources: [{ roots: ['/usr/share/lua'], accept: (path) => path.endsWith('.lua') }] }),
  ruby: () => ({ corpus: 'the Ruby 3.1 standard library', sources: [{ roots: [firstDir('/usr/lib/ruby', /^\d/)], accept: (path) => path.endsWith('.rb') }] }),
  ocaml: () => ({ corpus: 'the OCaml standard library (/usr/lib/ocaml/*.ml)', sources: [{ roots: ['/usr/lib/ocaml'], accept: (path) => path.endsWith('.ml') }] }),
  csharp: () => ({ corpus: 'react-native-windows 0.79.0 (.cs)', sources: [{ roots: [REACT_NATIVE_WINDOWS], accept: (path) => path.endsWith('.cs') }] }),
  kotlin: () => ({ corpus: 'expo-modules-core 58.1.0 (android/, .kt)', sources: [{ roots: [EXPO_MODULES_CORE], accept: (path) => path.endsWith('.kt') }] }),
  swift: () => ({ corpus: 'expo-modules-core 58.1.0 (ios/, .swift)', sources: [{ roots: [EXPO_MODULES_CORE], accept: (path) => path.endsWith('.swift') }] }),
  scala: () => ({ corpus: "the Scala 2.11 compiler and library (Debian's scala source package, src/)", sources: [{ roots: [SCALA_SOURCES], accept: (path) => path.endsWith('.scala') }] }),
  elixir: () => ({ corpus: "Elixir 1.14's standard library and tools (Debian's elixir-lang source package, lib/)", sources: [{ roots: [ELIXIR_SOURCES], accept: (path) => /\.exs?$/.test(path) }] }),
  zig: () => ({
    corpus: 'zigar-compiler 0.15.2, node-zigar-addon 0.14.3, tigerbeetle-node 0.17.9, and the modules of zigar-compiler 0.13.2 and 0.11.1 that 0.15 no longer has (.zig)',
    // The old modules first: they are fewer than their share, and what they lack goes to the rest.
    sources: [
      { roots: OLD_ZIGAR, accept: (path) => OLD_ZIGAR_MODULES.test(path) },
      { roots: ZIG_PACKAGES, accept: (path) => path.endsWith('.zig') },
    ],
  }),
};

/** The languages {@link languageSample} knows a corpus for (and Java's `src.zip`), in the order tables list them. */
export const CORPUS_LANGUAGES: readonly string[] = [...Object.keys(CORPORA).slice(0, 7), 'java', ...Object.keys(CORPORA).slice(7)];

/** The deepest folder holding every path. */
function commonFolder(paths: readonly string[]): string {
  let common = paths[0]!.slice(0, paths[0]!.lastIndexOf('/'));
  for (const path of paths) while (!path.startsWith(`${common}/`)) common = common.slice(0, common.lastIndexOf('/'));
  return common === '' ? '/' : common;
}

/**
 * A deterministic sample of at most `count` real files of one language (each at most `maxBytes`),
 * spread over its whole corpus; or why there is none on this machine. Java comes from the JDK's
 * `src.zip`, the rest from folders: see {@link CORPORA}.
 */
export function languageSample(language: string, count: number, maxBytes = MAX_BYTES): LanguageSample | MissingCorpus {
  if (language === 'java') {
    const jdk = jdkSample(count, maxBytes);
    if (typeof jdk === 'string') return { language, missing: jdk };
    return { language, corpus: 'the JDK 17 sources (openjdk-17-source, src.zip)', ...jdk, editorPath: (file) => file };
  }
  const described = CORPORA[language]?.();
  if (!described || described.sources.length === 0) return { language, missing: 'no corpus known for it on this machine' };
  // Each root's files sorted, the roots in the order listed: where the checkout is (node_modules
  // under /tmp or /work) does not change which files a source's sample takes.
  const found = described.sources.map(({ roots, accept, content, hidden }) =>
    roots.flatMap((root) =>
      root === null ? [] : walkIfPresent(root, hidden).filter((path) => accept(path) && statSync(path).size <= maxBytes && (!content || content(readFileSync(path, 'latin1')))).sort(),
    ),
  );
  const chosen: string[] = [];
  found.forEach((files, index) => {
    const share = Math.ceil((count - chosen.length) / (found.length - index));
    chosen.push(...spreadInOrder(files, share));
  });
  const available = found.reduce((sum, files) => sum + files.length, 0);
  if (chosen.length === 0) {
    const roots = described.sources.flatMap(({ roots: list }) => list.filter((root): root is string => root !== null));
    return { language, missing: `no files on this machine${roots.length > 0 ? ` under ${roots.join(', ')}` : ''}` };
  }
  const root = commonFolder(chosen);
  return { language, corpus: described.corpus, root, files: chosen.map((path) => relative(root, path)), available, editorPath: described.editorPath ?? ((file) => file) };
}
