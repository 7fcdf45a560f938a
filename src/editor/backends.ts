import { findLanguageServer, languageServerBackend } from '../backends/language-server.js';
import { loadTypeScript, typescriptBackend } from '../backends/typescript.js';
import type { SemanticBackend } from '../core/semantic/backend.js';
import { languageFamily } from '../core/languages/profiles/index.js';

/**
 * Which semantic backend answers for a language: `auto` (the default: the best one available on
 * the machine: TypeScript's language service when `typescript` is installed, a known language
 * server such as `pyright-langserver` when it is on the `PATH`, else the syntactic engine),
 * `syntax` (structedit's own engine, which refuses what it cannot prove), or a backend the host
 * built (`typescriptBackend({ typescript })`, `languageServerBackend({ command: 'gopls', languages: ['go'] })`).
 */
export type SemanticBackendChoice = 'auto' | 'syntax' | SemanticBackend;

/**
 * The semantic backend for every language (`'syntax'`, `'auto'`), or per language by language id or
 * family: `typescript` (TypeScript, TSX and JavaScript), `python`, … A language not named gets `auto`.
 */
export type SemanticBackendOptions = 'auto' | 'syntax' | Readonly<Partial<Record<string, SemanticBackendChoice>>>;

/** The backends of an editor: chosen per language on first use, kept for the editor's life. */
export interface SemanticBackends {
  /** The backend for a language (`null`: the syntactic engine). */
  for(language: string): Promise<SemanticBackend | null>;
  /** Stops every backend started (language server processes, programs). */
  dispose(): Promise<void>;
}

/** The key a language's choice is given under: `typescript` for the ECMAScript family, else the language id. */
function keyOf(language: string): string {
  return languageFamily(language) === 'ecmascript' ? 'typescript' : language;
}

/** The backends `options` choose. */
export function semanticBackends(options: SemanticBackendOptions = 'auto'): SemanticBackends {
  const started = new Map<string, Promise<SemanticBackend | null>>();
  const choose = async (key: string): Promise<SemanticBackend | null> => {
    const choice = typeof options === 'string' ? options : (options[key] ?? 'auto');
    if (choice === 'syntax') return null;
    if (choice !== 'auto') return choice;
    // auto: TypeScript's language service when the typescript package is installed; else a known language server on the PATH.
    if (key === 'typescript') return (await loadTypeScript()) ? typescriptBackend() : null;
    const server = await findLanguageServer(key);
    return server ? languageServerBackend(server) : null;
  };
  return {
    for: (language) => {
      const key = keyOf(language);
      let backend = started.get(key);
      if (!backend) {
        backend = choose(key);
        started.set(key, backend);
      }
      return backend.then((chosen) => (chosen && chosen.serves(language) ? chosen : null));
    },
    dispose: async () => {
      const all = await Promise.all(started.values());
      started.clear();
      await Promise.all(all.map((backend) => backend?.dispose()));
    },
  };
}
