import type * as NodeModule from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import type { GrammarSource, LanguageDefinition } from '../core/languages/definitions.js';
import { profileOf } from '../core/languages/profiles/index.js';
import { compileStructureRules, type CompiledStructureRules } from '../core/structure/compile.js';

/**
 * Loading tree-sitter and its grammars: the one place that touches WASM files. Everything here is
 * cached for the whole process, so each grammar is loaded once and shared by every editor.
 */

/** How web-tree-sitter finds its own `tree-sitter.wasm` (browsers); Node needs nothing. */
export interface TreeSitterInitOptions {
  /** Maps `tree-sitter.wasm` to a URL or path. */
  locateFile?: (fileName: string, scriptDirectory: string) => string;
  /** The bytes of `tree-sitter.wasm`. */
  wasmBinary?: Uint8Array;
}

/** A loaded grammar with what the core needs to use it. */
export interface LoadedGrammar {
  readonly parser: Parser;
  readonly language: Language;
  readonly compiled: CompiledStructureRules;
  /** Where the grammar came from, for diagnostics (a path, `bytes`, or `load()`). */
  readonly origin: string;
}

let initialized: Promise<void> | null = null;
const languagesByKey = new Map<string, Promise<{ language: Language; origin: string }>>();
const languagesByBytes = new WeakMap<Uint8Array, Promise<Language>>();
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

async function resolvePackageFile(packageName: string, file: string): Promise<string | null> {
  // A variable specifier keeps browser bundlers from trying to bundle Node's module system.
  const nodeModule = 'node:module';
  try {
    const { createRequire } = (await import(/* @vite-ignore */ nodeModule)) as typeof NodeModule;
    return createRequire(import.meta.url).resolve(`${packageName}/${file}`);
  } catch {
    return null;
  }
}

async function loadSource(source: GrammarSource): Promise<{ language: Language; origin: string } | null> {
  if ('bytes' in source) {
    let pending = languagesByBytes.get(source.bytes);
    if (!pending) {
      pending = Language.load(source.bytes);
      languagesByBytes.set(source.bytes, pending);
    }
    return { language: await pending, origin: 'bytes' };
  }
  if ('load' in source) return { language: await Language.load(await source.load()), origin: 'load()' };
  const path = 'path' in source ? source.path : await resolvePackageFile(source.package, source.file);
  if (path === null) return null;
  let pending = languagesByKey.get(path);
  if (!pending) {
    pending = Language.load(path).then((language) => ({ language, origin: path }));
    languagesByKey.set(path, pending);
    pending.catch(() => languagesByKey.delete(path));
  }
  return pending;
}

/**
 * Loads the grammar of a tree-sitter language: the first of its sources that can be found.
 * Rejects (with the reason) when none can; the editor turns that into an error value.
 */
export async function loadGrammar(definition: LanguageDefinition, init?: TreeSitterInitOptions): Promise<LoadedGrammar> {
  await initTreeSitter(init);
  const failures: string[] = [];
  for (const source of definition.grammars ?? []) {
    let loaded: { language: Language; origin: string } | null;
    try {
      loaded = await loadSource(source);
    } catch (cause) {
      failures.push(`${describeSource(source)}: ${cause instanceof Error ? cause.message : String(cause)}`);
      continue;
    }
    if (!loaded) {
      failures.push(`${describeSource(source)}: not installed`);
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
      grammar = { parser, language: loaded.language, compiled: compileStructureRules(loaded.language, profileOf(definition.id).structure), origin: loaded.origin };
      byId.set(definition.id, grammar);
    }
    return grammar;
  }
  throw new Error(`no grammar for ${definition.id} could be loaded (${failures.join('; ') || 'no grammar sources'})`);
}

function describeSource(source: GrammarSource): string {
  if ('bytes' in source) return 'bytes';
  if ('load' in source) return 'load()';
  if ('path' in source) return source.path;
  return `${source.package}/${source.file}`;
}
