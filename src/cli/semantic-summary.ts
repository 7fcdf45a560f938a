import { AUTO_SERVER_LANGUAGES, findLanguageServer } from '../backends/language-server.js';
import { loadTypeScript } from '../backends/typescript.js';
import type { SemanticBackendChoice, SemanticBackendOptions } from '../editor/backends.js';

/** What `auto` resolves to for a language key, as `editor/backends.ts` resolves it (the same checks, made now). */
async function autoFor(key: string): Promise<string> {
  if (key === 'typescript') return (await loadTypeScript()) ? 'typescript' : 'syntax (typescript not installed)';
  const server = await findLanguageServer(key);
  return server ? (server.name ?? server.command) : 'syntax (no language server on the PATH)';
}

async function describe(key: string, choice: SemanticBackendChoice): Promise<string> {
  if (choice === 'syntax') return 'syntax';
  if (choice === 'auto') return autoFor(key);
  return choice.name;
}

/**
 * The semantic backend per language, in one line: `typescript=typescript, python=lsp:pyright-langserver,
 * go=syntax (no language server on the PATH), other languages=syntax`. Languages `auto` has no
 * backend for get the syntactic engine.
 */
export async function semanticSummary(options: SemanticBackendOptions): Promise<string> {
  if (options === 'syntax') return 'syntax for every language';
  const chosen: Record<string, SemanticBackendChoice> = options === 'auto' ? {} : { ...(options as Record<string, SemanticBackendChoice>) };
  const keys = [...new Set(['typescript', ...AUTO_SERVER_LANGUAGES, ...Object.keys(chosen)])];
  const parts = await Promise.all(keys.map(async (key) => `${key}=${await describe(key, chosen[key] ?? 'auto')}`));
  return `${parts.join(', ')}, other languages=syntax`;
}
