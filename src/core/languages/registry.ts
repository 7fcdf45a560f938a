import { err, ok, type Result } from 'neverthrow';
import { makeError, type ErrorOf } from '../errors.js';
import { BUILTIN_LANGUAGES, type GrammarSource, type LanguageDefinition } from './definitions.js';

/** How a host adds or changes languages when it creates an editor. */
export interface LanguageOptions {
  /** Extra languages, or replacements for built-in ones with the same id. */
  definitions?: LanguageDefinition[];
  /**
   * A grammar per language id, replacing the built-in sources, e.g. a newer `.wasm`:
   * `{ typescript: { path: require.resolve('tree-sitter-typescript/tree-sitter-typescript.wasm') } }`.
   */
  grammars?: Record<string, GrammarSource>;
  /** Extra extension mappings, e.g. `{ '.es6': 'javascript' }` (the dot is optional). */
  extensions?: Record<string, string>;
}

/** Resolves files to languages. Immutable once built. */
export interface LanguageRegistry {
  /** Every language, in registration order. */
  readonly languages: readonly LanguageDefinition[];
  /** The language of `path`: the explicit id when given, else by file name or extension. */
  resolve(path: string, explicit?: string): Result<LanguageDefinition, ErrorOf<'LANGUAGE_UNSUPPORTED'>>;
  /** The language with this id. */
  get(id: string): LanguageDefinition | undefined;
  /**
   * The language a file's text shows it to be when its extension is shared: a `.h` header written in
   * C++ (a class, a namespace, a template, `std::`) is C++, not C. Else `resolved` itself.
   */
  refine(resolved: LanguageDefinition, path: string, text: string): LanguageDefinition;
}

/** Constructs only C++ has, as they start a line of a header. */
const CPP_HEADER = /^[ \t]*(?:namespace\b[^;\n]*\{|template\s*<|class\s+\w+[^;\n]*[:{]|(?:public|private|protected)\s*:|using\s+namespace\b|#include\s*<(?:string|vector|memory|map|iostream|utility|functional|algorithm|type_traits|cstddef|cstdint)>)/m;

function normalizeExtension(extension: string): string {
  const lower = extension.toLowerCase();
  return lower.startsWith('.') ? lower : `.${lower}`;
}

function fileNameOf(path: string): string {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return path.slice(slash + 1);
}

/** Builds a registry from the built-in languages plus a host's options. */
export function createLanguageRegistry(options: LanguageOptions = {}): LanguageRegistry {
  const byId = new Map<string, LanguageDefinition>();
  for (const definition of [...BUILTIN_LANGUAGES, ...(options.definitions ?? [])]) {
    byId.set(definition.id, { ...definition, extensions: definition.extensions.map(normalizeExtension) });
  }
  for (const [id, source] of Object.entries(options.grammars ?? {})) {
    const existing = byId.get(id);
    byId.set(id, existing ? { ...existing, backend: 'tree-sitter', grammars: [source] } : { id, extensions: [], backend: 'tree-sitter', grammars: [source] });
  }
  const byExtension = new Map<string, string>();
  const byFileName = new Map<string, string>();
  for (const definition of byId.values()) {
    for (const extension of definition.extensions) if (!byExtension.has(extension)) byExtension.set(extension, definition.id);
    for (const name of definition.fileNames ?? []) byFileName.set(name, definition.id);
  }
  for (const [extension, id] of Object.entries(options.extensions ?? {})) byExtension.set(normalizeExtension(extension), id);

  const languages = [...byId.values()];
  const unsupported = (file: string, reason: string): ErrorOf<'LANGUAGE_UNSUPPORTED'> =>
    makeError('LANGUAGE_UNSUPPORTED', `${reason} Supported languages: ${languages.map((l) => l.id).join(', ')}. Pass \`language\` to choose one explicitly, or use file_edit for plain text edits.`, {
      file,
      supported: languages.map((l) => l.id),
      extensions: [...byExtension.keys()].sort(),
    });

  return {
    languages,
    get: (id) => byId.get(id),
    refine(resolved, path, text) {
      if (resolved.id !== 'c' || !path.toLowerCase().endsWith('.h') || !CPP_HEADER.test(text)) return resolved;
      return byId.get('cpp') ?? resolved;
    },
    resolve(path, explicit) {
      if (explicit !== undefined) {
        const language = byId.get(explicit);
        return language ? ok(language) : err(unsupported(path, `No language with id "${explicit}".`));
      }
      const name = fileNameOf(path);
      const byName = byFileName.get(name);
      if (byName) return ok(byId.get(byName)!);
      const dot = name.lastIndexOf('.');
      const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
      const id = extension ? byExtension.get(extension) : undefined;
      const language = id ? byId.get(id) : undefined;
      if (language) return ok(language);
      return err(unsupported(path, extension ? `No parser for "${extension}" files (${path}).` : `Cannot tell the language of ${path}: it has no extension.`));
    },
  };
}
