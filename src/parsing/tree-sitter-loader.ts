import { Language, Parser, type Tree } from 'web-tree-sitter';
import type { GrammarSource, LanguageDefinition } from '../core/languages/definitions.js';
import { profileOf } from '../core/languages/profiles/index.js';
import { compileStructureRules, type CompiledStructureRules } from '../core/structure/compile.js';
import { NEEDS_NODE, nodeBuiltin, nodeRequire } from '../platform/node-builtins.js';
import { upgradeLegacyDylink } from './legacy-dylink.js';

/**
 * Loading tree-sitter and its grammars: the one place that touches WASM files. Everything here is
 * cached for the whole process, so each grammar is loaded once and shared by every editor.
 *
 * Nothing here imports a Node module: in Node, files are found and read through
 * `process.getBuiltinModule`, elsewhere grammars are fetched by URL, so the root entry bundles for
 * browsers as it is.
 */

/** How web-tree-sitter finds its own `web-tree-sitter.wasm` (browsers), and where the bundled grammars are served. Node needs none of it. */
export interface TreeSitterInitOptions {
  /** Maps `web-tree-sitter.wasm` to a URL or path. */
  locateFile?: (fileName: string, scriptDirectory: string) => string;
  /** The bytes of `web-tree-sitter.wasm`. */
  wasmBinary?: Uint8Array;
  /** Where the grammars of the package's `grammars/` folder are served (browsers); by default next to the module. */
  grammarBaseUrl?: string;
}

/** A loaded grammar with what the core needs to use it. */
export interface LoadedGrammar {
  /** The language id it was loaded for. */
  readonly id: string;
  /** Its parser: parse through {@link parseIsolated}, which replaces a grammar that throws. */
  readonly parser: Parser;
  readonly language: Language;
  readonly compiled: CompiledStructureRules;
  /** Where the grammar came from, for diagnostics (a path, a URL, `bytes`, or `load()`). */
  readonly origin: string;
}

/** One grammar source that was tried, and why it did not load. */
export interface GrammarAttempt {
  /** The source: a path, a URL, `package/file`, `bytes` or `load()`. */
  readonly source: string;
  /** Why it did not load (`not installed`, `not found`, the runtime's message). */
  readonly reason: string;
}

/** No grammar of a language could be loaded: what was tried, and what would provide one. */
export class GrammarUnavailableError extends Error {
  override readonly name = 'GrammarUnavailableError';
  constructor(
    readonly language: string,
    readonly tried: readonly GrammarAttempt[],
    /** npm packages that would provide the grammar. */
    readonly install: readonly string[],
  ) {
    const advice =
      install.length > 0
        ? `: install ${install.map((name) => `\`${name}\``).join(' or ')} (npm install ${install[0]}), or register a grammar with createEditor({ languages: { grammars: { ${language}: { path } } } })`
        : `: register a grammar with createEditor({ languages: { grammars: { ${language}: { bytes } } } })`;
    super(`no grammar for ${language} could be loaded (${tried.map((attempt) => `${attempt.source}: ${attempt.reason}`).join('; ') || 'no grammar sources'})${advice}`);
  }
}

let initialized: Promise<void> | null = null;
const languagesByKey = new Map<string, Promise<{ language: Language; origin: string }>>();
const languagesByBytes = new WeakMap<Uint8Array, Promise<Language>>();
const bytesOfLanguage = new WeakMap<Language, Uint8Array>();
const grammarsByLanguage = new WeakMap<Language, Map<string, LoadedGrammar>>();

function initTreeSitter(options: TreeSitterInitOptions | undefined): Promise<void> {
  if (!initialized) {
    const moduleOptions: Record<string, unknown> = {};
    if (options?.locateFile) moduleOptions['locateFile'] = options.locateFile;
    if (options?.wasmBinary) moduleOptions['wasmBinary'] = options.wasmBinary;
    initialized = Parser.init(moduleOptions).catch((cause: unknown) => {
      initialized = null;
      throw cause;
    });
  }
  return initialized;
}

/** A file inside an installed package, by Node's module resolution; `null` outside Node or when not installed. */
function resolvePackageFile(packageName: string, file: string): string | null {
  const require = nodeRequire();
  if (!require) return null;
  try {
    return require.resolve(`${packageName}/${file}`);
  } catch {
    return null;
  }
}

/**
 * Where a grammar of the package's `grammars/` folder is: in Node the file (next to `dist/`, or to
 * `src/` when run from the sources), elsewhere a URL next to this module (or under `baseUrl`).
 */
function resolveBundledFile(file: string, baseUrl: string | undefined): string | null {
  if (baseUrl !== undefined) return new URL(file, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
  const [fs, url] = [nodeBuiltin('fs'), nodeBuiltin('url')];
  for (const relative of ['../grammars/', '../../grammars/']) {
    const candidate = new URL(`${relative}${file}`, import.meta.url);
    if (candidate.protocol !== 'file:' || !fs || !url) return candidate.href;
    const path = url.fileURLToPath(candidate);
    if (fs.existsSync(path)) return path;
  }
  return null;
}

/** The bytes at a path or URL: read from disk in Node (for paths and `file:` URLs), fetched otherwise. */
async function readLocation(location: string): Promise<Uint8Array> {
  const [fs, url] = [nodeBuiltin('fs'), nodeBuiltin('url')];
  const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(location);
  if (fs && url && (!isUrl || location.startsWith('file:'))) {
    const path = isUrl ? url.fileURLToPath(location) : location;
    return new Uint8Array(await fs.promises.readFile(path));
  }
  const response = await fetch(location);
  if (!response.ok) throw new Error(`fetching ${location} answered ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** A language from a grammar's bytes; grammars of older toolchains are upgraded first ({@link upgradeLegacyDylink}). */
function languageOf(bytes: Uint8Array): Promise<Language> {
  return Language.load(upgradeLegacyDylink(bytes));
}

async function loadSource(source: GrammarSource, init: TreeSitterInitOptions | undefined): Promise<{ language: Language; origin: string } | null> {
  if ('bytes' in source) {
    let pending = languagesByBytes.get(source.bytes);
    if (!pending) {
      pending = languageOf(source.bytes);
      languagesByBytes.set(source.bytes, pending);
      void pending.then((language) => bytesOfLanguage.set(language, source.bytes), () => languagesByBytes.delete(source.bytes));
    }
    return { language: await pending, origin: 'bytes' };
  }
  if ('load' in source) return { language: await languageOf(await source.load()), origin: 'load()' };
  const location = 'url' in source ? String(source.url) : 'path' in source ? source.path : 'bundled' in source ? resolveBundledFile(source.bundled, init?.grammarBaseUrl) : resolvePackageFile(source.package, source.file);
  if (location === null) return null;
  let pending = languagesByKey.get(location);
  if (!pending) {
    pending = readLocation(location).then(async (bytes) => ({ language: await languageOf(bytes), origin: location }));
    languagesByKey.set(location, pending);
    pending.catch(() => languagesByKey.delete(location));
  }
  return pending;
}

/**
 * Loads the grammar of a tree-sitter language: the first of its sources that can be found.
 * Rejects with a {@link GrammarUnavailableError} (what was tried, what to install) when none can;
 * the editor turns that into a `GRAMMAR_UNAVAILABLE` error value.
 */
export async function loadGrammar(definition: LanguageDefinition, init?: TreeSitterInitOptions): Promise<LoadedGrammar> {
  await initTreeSitter(init);
  const failures: GrammarAttempt[] = [];
  for (const source of definition.grammars ?? []) {
    let loaded: { language: Language; origin: string } | null;
    try {
      loaded = await loadSource(source, init);
    } catch (cause) {
      failures.push({ source: describeSource(source), reason: cause instanceof Error ? cause.message || cause.name : String(cause) });
      continue;
    }
    if (!loaded) {
      failures.push({ source: describeSource(source), reason: 'package' in source && !nodeRequire() ? `finding an installed package ${NEEDS_NODE}; give the grammar as bytes or load()` : 'not installed' });
      continue;
    }
    let byId = grammarsByLanguage.get(loaded.language);
    if (!byId) {
      byId = new Map();
      grammarsByLanguage.set(loaded.language, byId);
    }
    let grammar = byId.get(definition.id);
    if (!grammar) {
      const parser = new Parser();
      parser.setLanguage(loaded.language);
      grammar = { id: definition.id, parser, language: loaded.language, compiled: compileStructureRules(loaded.language, profileOf(definition.id).structure), origin: loaded.origin };
      byId.set(definition.id, grammar);
    }
    return grammar;
  }
  const install = (definition.grammars ?? []).flatMap((source) => ('package' in source ? [source.package] : []));
  throw new GrammarUnavailableError(definition.id, failures, install);
}

/**
 * Parses with a grammar so that no parse depends on another: a grammar whose parse throws (a
 * scanner trap, a function its WASM lacks) may have left its state corrupt, so it is dropped, and
 * the next parse of that language loads it afresh (a new instance of the grammar's WASM), in any
 * editor. The error is rethrown for the caller to report. A fresh parse with syntax errors is tried
 * again on the text the language's profile would compile ({@link parseBestOf}); `oldTree`, for an
 * incremental parse, must be one {@link reparsesIncrementally} accepts (the caller decides, as it
 * also decides what to rebuild from the changed ranges).
 */
export function parseIsolated(grammar: LoadedGrammar, text: string, oldTree?: Tree | null): Tree | null {
  try {
    return oldTree ? grammar.parser.parse(text, oldTree) : parseBestOf(grammar.parser, grammar.id, text);
  } catch (cause) {
    forget(grammar);
    throw new Error(`the ${grammar.id} grammar (${grammar.origin}) failed while parsing: ${cause instanceof Error ? cause.message : String(cause)}; it is loaded afresh for the next parse`, { cause });
  }
}

/**
 * A fresh parse of a text parsed before, by a new parser: the grammar's own parser may have been
 * dropped since (a parse of another file threw), and no parse may depend on the ones before it.
 */
export function parseAgain(grammar: LoadedGrammar, text: string): Tree {
  const parser = new Parser();
  try {
    parser.setLanguage(grammar.language);
    const tree = parseBestOf(parser, grammar.id, text);
    if (!tree) throw new Error(`the ${grammar.id} parser returned no tree`);
    return tree;
  } finally {
    parser.delete();
  }
}

/**
 * The parse of `text`, or, when it has syntax errors and the language's profile gives the text its
 * compiler would see instead (C's macro lines blanked: `parsedText`), the parse of that text if its
 * errors spoil less of it. Both are pure functions of `text`, so the choice is too. A tree parsed
 * from the other text still reads the file's own text (`node.text`): its offsets are the same.
 */
function parseBestOf(parser: Parser, languageId: string, text: string): Tree | null {
  const tree = parser.parse(text);
  const alternative = tree?.rootNode.hasError ? profileOf(languageId).parsedText?.(text) : null;
  if (!tree || !alternative) return tree;
  const other = parser.parse(alternative);
  if (!other || syntaxErrorWeight(other) >= syntaxErrorWeight(tree)) {
    other?.delete();
    return tree;
  }
  tree.delete();
  const ownText = (index: number) => text.slice(index);
  PARSED_OTHER_TEXT.add(ownText);
  (other as unknown as TextCallbackHolder).textCallback = ownText;
  return other;
}

/**
 * web-tree-sitter reads a node's text through its tree's `textCallback` (kept by `copy()`), which is
 * not in its typings: the one use of its internals here (test/languages/c-macros.test.ts holds it).
 */
interface TextCallbackHolder {
  textCallback: (index: number) => string;
}

/**
 * Whether a tree (or an edited copy of it) can be the old tree of an incremental parse of its file's
 * next text: not when it was parsed from another text than its file's ({@link parseBestOf}).
 */
export function reparsesIncrementally(tree: Tree): boolean {
  return !PARSED_OTHER_TEXT.has(textCallbackOf(tree));
}

const textCallbackOf = (tree: Tree): object => (tree as unknown as TextCallbackHolder).textCallback;

/** The text callbacks of trees parsed from another text than their file's. */
const PARSED_OTHER_TEXT = new WeakSet<object>();

/**
 * How much of a tree its syntax errors spoil: the characters inside ERROR nodes, plus one for each
 * ERROR and MISSING node (one ERROR swallowing a whole file is worse than ten around single tokens).
 */
function syntaxErrorWeight(tree: Tree): number {
  let weight = 0;
  const cursor = tree.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError) weight += 1 + cursor.endIndex - cursor.startIndex;
      else if (node.isMissing) weight++;
      else if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return weight;
      }
    }
  } finally {
    cursor.delete();
  }
}

function forget(grammar: LoadedGrammar): void {
  grammarsByLanguage.delete(grammar.language);
  const bytes = bytesOfLanguage.get(grammar.language);
  if (bytes) languagesByBytes.delete(bytes);
  for (const [key, pending] of languagesByKey) {
    void pending.then(({ language }) => {
      if (language === grammar.language) languagesByKey.delete(key);
    }, () => undefined);
  }
  try {
    grammar.parser.delete();
  } catch {
    // A parser in a corrupt state may not even be freed; it is unreachable now either way.
  }
}

function describeSource(source: GrammarSource): string {
  if ('bytes' in source) return 'bytes';
  if ('load' in source) return 'load()';
  if ('path' in source) return source.path;
  if ('url' in source) return String(source.url);
  if ('bundled' in source) return `structedit's grammars/${source.bundled}`;
  return `${source.package}/${source.file}`;
}
