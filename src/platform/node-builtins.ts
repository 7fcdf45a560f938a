import type * as ChildProcess from 'node:child_process';
import type * as Crypto from 'node:crypto';
import type * as Fs from 'node:fs';
import type * as Module from 'node:module';
import type * as Os from 'node:os';
import type * as Path from 'node:path';
import type * as Url from 'node:url';
import type * as WorkerThreads from 'node:worker_threads';

/**
 * Node's built-in modules for the code of the root entry that does something only in Node (finding
 * an installed grammar, starting a language server): taken from `process.getBuiltinModule` when
 * it is there, never imported, so that entry bundles for browsers with no Node module in it and no
 * stub. Elsewhere (browsers, workers) they are `null` and the caller says what it needs instead.
 */
interface NodeBuiltins {
  child_process: typeof ChildProcess;
  crypto: typeof Crypto;
  fs: typeof Fs;
  module: typeof Module;
  os: typeof Os;
  path: typeof Path;
  url: typeof Url;
  worker_threads: typeof WorkerThreads;
}

type GetBuiltinModule = (id: string) => unknown;

function getBuiltinModule(): GetBuiltinModule | null {
  const process = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process;
  return typeof process?.getBuiltinModule === 'function' ? process.getBuiltinModule.bind(process) : null;
}

/** A Node built-in module, or `null` outside Node (or in a Node older than 20.16). */
export function nodeBuiltin<Id extends keyof NodeBuiltins>(id: Id): NodeBuiltins[Id] | null {
  const get = getBuiltinModule();
  return get ? (get(id) as NodeBuiltins[Id]) : null;
}

/**
 * Node's `require` relative to this module, for packages that only exist in Node (the language
 * server protocol's stream transport); `null` outside Node.
 */
export function nodeRequire(): NodeJS.Require | null {
  const module = nodeBuiltin('module');
  return module ? module.createRequire(import.meta.url) : null;
}

/** What an operation that needs Node says when it runs elsewhere. */
export const NEEDS_NODE = 'needs Node.js 20.16 or later (process.getBuiltinModule)';
