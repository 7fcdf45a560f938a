import { knownLanguageServer, languageServerBackend } from '../backends/language-server.js';
import { typescriptBackend } from '../backends/typescript.js';
import type { SemanticBackendChoice, SemanticBackendOptions } from '../editor/backends.js';

/** `--semantic <choice>`, repeatable (see {@link semanticOption}). */
export const SEMANTIC_OPTION = [
  '--semantic <choice>',
  'which backend answers renames and type-checks the edit: auto (default: typescript when installed, a language server such as pyright-langserver on the PATH), syntax, typescript, lsp:<command>, or <language>=<choice>; repeatable',
  (value: string, previous: string[]) => [...previous, value],
  [] as string[],
] as const;

/**
 * `--semantic`, given once or more: `auto` (the default: the best backend installed), `syntax`
 * (structedit's own engine), `typescript` (TypeScript's language service for TS/JS),
 * `lsp:<command> [args]` (a language server; a known one such as `pyright-langserver` says its
 * languages), or `<language>=<choice>` for one language (`python=lsp:pylsp`, `go=syntax`).
 * Returns the editor's option, or the problem in a sentence.
 */
export function semanticOption(values: readonly string[]): { readonly options: SemanticBackendOptions } | { readonly problem: string } {
  if (values.length === 0) return { options: 'auto' };
  if (values.length === 1 && (values[0] === 'auto' || values[0] === 'syntax')) return { options: values[0] };
  const chosen: Record<string, SemanticBackendChoice> = {};
  for (const value of values) {
    const perLanguage = /^([a-z][\w-]*)=(.+)$/.exec(value);
    const languages = perLanguage ? [perLanguage[1]!] : null;
    const choice = perLanguage ? perLanguage[2]! : value;
    if (choice === 'auto' || choice === 'syntax') {
      if (!languages) return { problem: `--semantic ${value}: auto and syntax choose for every language, alone; for one language write <language>=${choice}` };
      chosen[languages[0]!] = choice;
    } else if (choice === 'typescript') {
      chosen[languages?.[0] ?? 'typescript'] = typescriptBackend();
    } else if (choice.startsWith('lsp:')) {
      const [command, ...args] = choice.slice('lsp:'.length).trim().split(/\s+/);
      if (!command) return { problem: `--semantic ${value}: name the server's command after lsp:, e.g. lsp:pyright-langserver` };
      const known = knownLanguageServer(command);
      const served = languages ?? known?.languages;
      if (!served) return { problem: `--semantic ${value}: structedit does not know which languages ${command} serves; write <language>=lsp:${command}, e.g. python=lsp:${command}` };
      const backend = languageServerBackend({
        command,
        args: args.length > 0 ? args : (known?.args ?? []),
        languages: served,
        ...(known ? { install: known.install } : {}),
      });
      for (const language of served) chosen[language] = backend;
    } else {
      return { problem: `--semantic ${value}: choose auto, syntax, typescript, lsp:<command>, or <language>=<one of those>` };
    }
  }
  return { options: chosen };
}
