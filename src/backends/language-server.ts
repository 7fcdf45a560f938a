import { ResultAsync } from 'neverthrow';
import type { SemanticBackend } from '../core/semantic/backend.js';
import { makeError, type StructeditError } from '../core/errors.js';
import { nodeBuiltin } from '../platform/node-builtins.js';
import { ServerFailure, type LanguageServerOptions } from './language-server-options.js';
import type { LanguageServerSession } from './language-server-session.js';

export type { LanguageServerOptions } from './language-server-options.js';

/**
 * A language server as a semantic backend (Node hosts): the server runs as a child process over
 * stdio, spoken to with `vscode-languageserver-protocol`'s client connection. It sees a copy of the
 * project (the files the editor lists, as the batch has them now, in a temporary folder: so it
 * works over `memoryFs` as well as on disk, and never sees a half-written batch), with every file
 * of its languages open, and answers `textDocument/rename`, `textDocument/references` and the
 * diagnostics of those files (pulled where the server supports it, else as it publishes them).
 *
 * A server that is missing, dies or does not answer in time is `BACKEND_UNAVAILABLE`; the batch
 * writes nothing, and the next call starts the server again.
 */

/** A language server structedit knows how to start, and how it is installed. */
interface KnownServer {
  readonly command: string;
  readonly args: readonly string[];
  readonly install: string;
  /**
   * Arguments that make the command exit 0 when the server is really there: rustup puts a
   * `rust-analyzer` proxy on the `PATH` that only says "Unknown binary" until the component is
   * added, and `auto` must not choose it (every semantic call would be `BACKEND_UNAVAILABLE`).
   */
  readonly probe?: readonly string[];
}

/** The servers `auto` looks for on the `PATH`, best first, per language id. */
const KNOWN_SERVERS: Readonly<Record<string, readonly KnownServer[]>> = {
  python: [
    {
      command: 'pyright-langserver',
      args: ['--stdio'],
      install: 'npm install --save-dev pyright',
    },
    {
      command: 'basedpyright-langserver',
      args: ['--stdio'],
      install: 'pip install basedpyright',
    },
  ],
  go: [
    {
      command: 'gopls',
      args: [],
      install: 'go install golang.org/x/tools/gopls@latest',
    },
  ],
  rust: [
    {
      command: 'rust-analyzer',
      args: [],
      install: 'rustup component add rust-analyzer',
      probe: ['--version'],
    },
  ],
  java: [
    {
      command: 'jdtls',
      args: [],
      install: 'install Eclipse JDT Language Server (jdtls) and put it on the PATH',
    },
  ],
};

/** The languages `auto` looks for a language server for (besides TypeScript's own backend). */
export const AUTO_SERVER_LANGUAGES: readonly string[] = Object.keys(KNOWN_SERVERS);


/** A known server by its command (a path or a name, as `lsp:<command>` gives it): its languages and default arguments. */
export function knownLanguageServer(command: string): { languages: string[]; args: readonly string[]; install: string } | null {
  const name = baseName(command);
  const languages = Object.entries(KNOWN_SERVERS).filter(([, servers]) => servers.some((server) => server.command === name));
  const server = languages[0]?.[1].find((known) => known.command === name);
  return server
    ? {
        languages: languages.map(([language]) => language),
        args: server.args,
        install: server.install,
      }
    : null;
}

/**
 * The language server `auto` starts for a language: the first known one whose command is on the
 * `PATH` (or in `node_modules/.bin` under the working directory), or `null`.
 */
export async function findLanguageServer(language: string): Promise<LanguageServerOptions | null> {
  const known = KNOWN_SERVERS[language];
  const [fs, path] = [nodeBuiltin('fs'), nodeBuiltin('path')];
  if (!known || !fs || !path) return null;
  const { access } = fs.promises;
  const { constants } = fs;
  const folders = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), path.join(process.cwd(), 'node_modules', '.bin')];
  const suffixes = process.platform === 'win32' ? ['.cmd', '.exe', ''] : [''];
  for (const server of known) {
    for (const folder of folders) {
      for (const suffix of suffixes) {
        const candidate = path.join(folder, server.command + suffix);
        const found = await access(candidate, constants.X_OK).then(
          () => true,
          () => false,
        );
        if (found && (await runs(candidate, server.probe)))
          return {
            command: candidate,
            args: server.args,
            languages: [language],
            name: `lsp:${server.command}`,
            install: server.install,
          };
      }
    }
  }
  return null;
}

/** Whether `command` with `probe` exits 0 within 10 s (no probe: taken as running). */
function runs(command: string, probe: readonly string[] | undefined): Promise<boolean> {
  const childProcess = nodeBuiltin('child_process');
  if (!probe || !childProcess) return Promise.resolve(true);
  return new Promise((resolve) => {
    childProcess.execFile(command, [...probe], { timeout: 10_000, windowsHide: true }, (error) => resolve(error === null));
  });
}

/** A {@link SemanticBackend} answered by a language server over stdio. */
export function languageServerBackend(options: LanguageServerOptions): SemanticBackend {
  const name = options.name ?? `lsp:${baseName(options.command)}`;
  const languages = new Set(options.languages);
  let session: Promise<LanguageServerSession> | null = null;
  // One request at a time: a sync and the request after it see the same copy.
  let queue: Promise<unknown> = Promise.resolve();
  const run = <T>(work: (session: LanguageServerSession) => Promise<T>): ResultAsync<T, StructeditError> => {
    const next = queue.then(async () => {
      session ??= import('./language-server-session.js').then(({ LanguageServerSession }) => LanguageServerSession.start(options));
      const started = await session.catch((error: unknown) => {
        session = null;
        throw error;
      });
      try {
        return await work(started);
      } catch (error) {
        // A server that failed is not trusted again: the next call starts a new one.
        if (error instanceof ServerFailure) {
          session = null;
          await started.stop();
        }
        throw error;
      }
    });
    queue = next.catch(() => undefined);
    return ResultAsync.fromPromise(next, (error) => unavailable(name, options, error));
  };
  return {
    name,
    renamesOverrides: options.renamesOverrides ?? false,
    checksTextEdits: options.checksTextEdits ?? false,
    serves: (language) => languages.has(language),
    rename: (current, file, offset, newName) => run(async (server) => server.rename(await server.sync(current), file, offset, newName)),
    references: (current, file, offset) => run(async (server) => server.references(await server.sync(current), file, offset)),
    definition: (current, file, offset) => run(async (server) => server.definition(await server.sync(current), file, offset)),
    diagnostics: (current, files) => run(async (server) => server.diagnostics(await server.sync(current), files)),
    dispose: async () => {
      const stopping = session;
      session = null;
      await queue;
      if (stopping) await (await stopping.catch(() => null))?.stop();
    },
  };
}

function unavailable(name: string, options: LanguageServerOptions, error: unknown): StructeditError {
  if (error instanceof ServerFailure) {
    const advice =
      error.reason === 'not_installed'
        ? `Install it (${options.install ?? `put ${options.command} on the PATH`}), or choose another backend (semantic: { ${options.languages[0] ?? 'language'}: 'syntax' }).`
        : 'Send the call again (the server is started anew), or choose the syntax backend for this language.';
    return makeError('BACKEND_UNAVAILABLE', `The language server ${name} ${error.message}. Nothing was written. ${advice}`, { backend: name, reason: error.reason });
  }
  return makeError('BACKEND_UNAVAILABLE', `The language server ${name} failed: ${error instanceof Error ? error.message : String(error)}. Nothing was written.`, { backend: name, reason: 'crashed' });
}

function baseName(command: string): string {
  return command.split(/[\\/]/).pop() ?? command;
}
