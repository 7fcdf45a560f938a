import { ResultAsync } from 'neverthrow';
import type * as TS from 'typescript';
import type { SemanticBackend } from '../core/semantic/backend.js';
import { makeError, type StructeditError } from '../core/errors.js';
import type { TypeScriptProject } from './typescript-project.js';

/**
 * The TypeScript backend: TypeScript's own language service, in process, over the files of the
 * batch as they are now (read through the editor's file system adapter, so it works on `memoryFs`
 * and in browsers as well as on disk). It honours the root's `tsconfig.json` (or `jsconfig.json`):
 * `paths`, `baseUrl`, `extends`, `allowJs`/`checkJs`, project files by `include`/`exclude`.
 *
 * The language service asks for files synchronously while the adapter answers asynchronously, so
 * the host serves what it has read and notes what it was asked for and lacked; those files are read
 * and the program built again, until it asks for nothing new (module resolution probes a few rounds
 * of `package.json` and `node_modules` paths).
 */

/** Options of {@link typescriptBackend}. */
export interface TypeScriptBackendOptions {
  /** The `typescript` module (`import * as ts from 'typescript'`); by default it is imported when first needed. */
  readonly typescript?: unknown;
}

/** Languages this backend answers for. */
const LANGUAGES = new Set(['typescript', 'tsx', 'javascript']);

let shared: Promise<typeof TS | null> | null = null;

/** The installed `typescript` module, or `null` (an optional peer dependency). */
export function loadTypeScript(): Promise<typeof TS | null> {
  // A computed specifier: bundlers leave an optional peer alone instead of failing to resolve it.
  const specifier = 'typescript';
  shared ??= import(/* @vite-ignore */ specifier).then(
    (module: { default?: typeof TS } & typeof TS) => (typeof module.createLanguageService === 'function' ? module : (module.default ?? null)),
    () => null,
  );
  return shared;
}

/**
 * A {@link SemanticBackend} answering with TypeScript's language service: rename locations as
 * `findRenameLocations` gives them, references, and the program's diagnostics.
 */
export function typescriptBackend(options: TypeScriptBackendOptions = {}): SemanticBackend {
  let project: Promise<TypeScriptProject | StructeditError> | null = null;
  const open = (): Promise<TypeScriptProject | StructeditError> => {
    project ??= (options.typescript ? Promise.resolve(options.typescript as typeof TS) : loadTypeScript()).then(async (ts) =>
      ts ? new (await import('./typescript-project.js')).TypeScriptProject(ts) : makeError('BACKEND_UNAVAILABLE', 'The TypeScript backend needs the `typescript` package: install it (npm install --save-dev typescript), or choose the syntax backend (semantic: { typescript: "syntax" }).', { backend: 'typescript', reason: 'not_installed' }),
    );
    return project;
  };
  const run = <T>(work: (project: TypeScriptProject) => Promise<T>): ResultAsync<T, StructeditError> =>
    ResultAsync.fromPromise(
      open().then(async (opened) => {
        if (isStructeditError(opened)) throw opened;
        return work(opened);
      }),
      (error) => (isStructeditError(error) ? error : makeError('BACKEND_UNAVAILABLE', `TypeScript's language service failed: ${error instanceof Error ? error.message : String(error)}. Nothing was written.`, { backend: 'typescript', reason: 'crashed' })),
    );
  return {
    name: 'typescript',
    renamesOverrides: true,
    checksTextEdits: true,
    serves: (language) => LANGUAGES.has(language),
    rename: (current, file, offset, newName) => run(async (opened) => opened.rename(await opened.sync(current), file, offset, newName)),
    references: (current, file, offset) => run(async (opened) => opened.references(await opened.sync(current), file, offset)),
    definition: (current, file, offset) => run(async (opened) => opened.definition(await opened.sync(current), file, offset)),
    // (Files the checker would not check, as the project is configured, need no program.)
    diagnostics: (current, files) => run(async (opened) => (files && !(await opened.checksAny(current, files)) ? [] : opened.diagnostics(await opened.sync(current), files))),
    affectedFiles: (before, after, files) => run((opened) => opened.affectedFiles(before, after, files)),
    dispose: async () => {
      const opened = await project;
      if (opened && !isStructeditError(opened)) opened.dispose();
      project = null;
    },
  };
}

function isStructeditError(value: unknown): value is StructeditError {
  return typeof value === 'object' && value !== null && 'error' in value && 'message' in value && 'details' in value;
}

