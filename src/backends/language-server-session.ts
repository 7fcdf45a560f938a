import type { ChildProcess } from 'node:child_process';
import type * as Protocol from 'vscode-languageserver-protocol/node';
import { uniqueBy } from '../core/unique-by.js';
import type { BackendDefinition, BackendDiagnostic, BackendEdit, BackendRename, BackendSpan, CurrentTexts } from '../core/semantic/backend.js';
import { NEEDS_NODE, nodeBuiltin, nodeRequire } from '../platform/node-builtins.js';
import { BUILTIN_LANGUAGES } from '../core/languages/definitions.js';
import { ServerFailure, type LanguageServerOptions } from './language-server-options.js';

/**
 * A running language server and its copy of the project: loaded by `languageServerBackend` when a
 * backend first answers, so hosts that never start one (browsers above all) do not load it.
 */

/** Bigger files are not copied for the server (generated data, not code it needs). */
const MAX_MIRRORED_BYTES = 4 * 1024 * 1024;
/** After the last diagnostics a server published, how long without more before they are taken as complete. */
const PUBLISH_QUIET_MS = 400;

/** What the copy of a file holds, and whether it is open in the server (with its version). */
interface MirroredFile {
  text: string;
  version: number;
  open: boolean;
}

/** A running server, its copy of the project and what it was told. */
export class LanguageServerSession {
  readonly #options: LanguageServerOptions;
  readonly #child: ChildProcess;
  readonly #connection: Protocol.ProtocolConnection;
  readonly #protocol: typeof Protocol;
  readonly #folder: string;
  /** Removes the copy if the host exits without stopping the server. */
  #removeOnExit: (() => void) | null = null;
  readonly #files = new Map<string, MirroredFile>();
  readonly #extensions: string[];
  readonly #published = new Map<string, { version: number | undefined; diagnostics: Protocol.Diagnostic[] }>();
  #lastPublish = 0;
  #capabilities: Protocol.ServerCapabilities = {};
  #pull: boolean | null = null;
  #dead: ServerFailure | null = null;
  readonly #died: Promise<never>;
  #stderr = '';
  #pending = 0;
  /** Whether the copy was written once (files that appear later are new to the server). */
  #synced = false;

  private constructor(options: LanguageServerOptions, protocol: typeof Protocol, child: ChildProcess, folder: string) {
    this.#options = options;
    this.#protocol = protocol;
    this.#child = child;
    this.#folder = folder;
    this.#extensions = BUILTIN_LANGUAGES.filter((language) => options.languages.includes(language.id)).flatMap((language) => language.extensions);
    this.#died = new Promise<never>((_, reject) => {
      child.on('error', (error: NodeJS.ErrnoException) => {
        this.#dead =
          error.code === 'ENOENT' ? new ServerFailure('not_installed', `is not installed: ${options.command} was not found`) : new ServerFailure('crashed', `could not be started: ${error.message}`);
        reject(this.#dead);
      });
      child.on('exit', (code, signal) => {
        const last = lastWords(this.#stderr);
        this.#dead ??= new ServerFailure('crashed', `stopped (${signal ?? `exit code ${code}`})${last ? `: ${last}` : ''}`);
        reject(this.#dead);
      });
    });
    this.#died.catch(() => undefined);
    // A server that exits early makes writes to its stdin fail: the exit is what is reported.
    child.stdin?.on('error', () => undefined);
    child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-4000);
    });
    this.#connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout!), new protocol.StreamMessageWriter(child.stdin!));
    this.#connection.onNotification(protocol.PublishDiagnosticsNotification.type, (published) => {
      this.#published.set(published.uri, {
        version: published.version,
        diagnostics: published.diagnostics,
      });
      this.#lastPublish = Date.now();
    });
    // Sections the host set nothing for are empty objects: servers wait on null (pyright does not analyse).
    this.#connection.onRequest(protocol.ConfigurationRequest.type, (params) => params.items.map((item) => (item.section ? (options.settings?.[item.section] ?? {}) : (options.settings ?? {}))));
    this.#connection.onRequest(protocol.DiagnosticRefreshRequest.type, () => undefined);
    this.#connection.onRequest(protocol.RegistrationRequest.type, (params) => {
      if (params.registrations.some((registration) => registration.method === protocol.DocumentDiagnosticRequest.method)) this.#pull ??= true;
    });
    this.#connection.onRequest(protocol.UnregistrationRequest.type, () => undefined);
    this.#connection.onRequest(protocol.WorkDoneProgressCreateRequest.type, () => undefined);
    this.#connection.onRequest(protocol.ShowMessageRequest.type, () => null);
    this.#connection.onRequest(protocol.WorkspaceFoldersRequest.type, () => [{ uri: this.#uri(''), name: 'project' }]);
    this.#connection.onRequest(protocol.ApplyWorkspaceEditRequest.type, () => ({
      applied: false,
      failureReason: 'structedit applies edits itself',
    }));
    // What the server logs is kept with its stderr: the last lines explain a crash.
    this.#connection.onNotification(protocol.LogMessageNotification.type, (logged) => {
      if (logged.type === protocol.MessageType.Error) this.#stderr = `${this.#stderr}${logged.message}\n`.slice(-4000);
    });
    this.#connection.onError(() => undefined);
    this.#connection.listen();
    this.#idle();
  }

  /** Starts the server in a new copy folder and completes the `initialize` handshake. */
  static async start(options: LanguageServerOptions): Promise<LanguageServerSession> {
    const [childProcess, fs, os, path, require] = [nodeBuiltin('child_process'), nodeBuiltin('fs'), nodeBuiltin('os'), nodeBuiltin('path'), nodeRequire()];
    if (!childProcess || !fs || !os || !path || !require) throw new ServerFailure('not_installed', `starting a language server ${NEEDS_NODE}`);
    const { spawn } = childProcess;
    const { mkdtemp, realpath } = fs.promises;
    // Loaded through Node's require: the protocol's stream transport exists only in Node, and a
    // browser bundle of this entry must not try to include it.
    const protocol = require('vscode-languageserver-protocol/node') as typeof Protocol;
    await removeAbandonedCopies(os.tmpdir());
    // The process id in the name lets a later start remove the copy of a process that was killed.
    const folder = await realpath(await mkdtemp(path.join(os.tmpdir(), `${COPY_PREFIX}${process.pid}-`)));
    const child = spawn(options.command, [...(options.args ?? [])], {
      cwd: folder,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const session = new LanguageServerSession(options, protocol, child, folder);
    const { rmSync } = fs;
    session.#removeOnExit = () => rmSync(folder, { recursive: true, force: true });
    process.once('exit', session.#removeOnExit);
    const initialized = await session
      .#request(
        protocol.InitializeRequest.type,
        {
          processId: process.pid,
          clientInfo: { name: 'structedit' },
          rootUri: session.#uri(''),
          workspaceFolders: [{ uri: session.#uri(''), name: 'project' }],
          initializationOptions: options.initializationOptions,
          capabilities: {
            general: { positionEncodings: ['utf-16'] },
            textDocument: {
              synchronization: { didSave: false, dynamicRegistration: false },
              rename: { prepareSupport: true },
              references: {},
              diagnostic: {
                dynamicRegistration: true,
                relatedDocumentSupport: false,
              },
              publishDiagnostics: { versionSupport: true },
            },
            workspace: {
              workspaceEdit: { documentChanges: true, resourceOperations: [] },
              configuration: true,
              workspaceFolders: true,
              didChangeWatchedFiles: { dynamicRegistration: true },
            },
            window: { workDoneProgress: false },
          },
        },
        options.startupTimeoutMs ?? 60_000,
      )
      .catch(async (error: unknown) => {
        await session.stop();
        throw error;
      });
    session.#capabilities = initialized.capabilities;
    if (initialized.capabilities.diagnosticProvider) session.#pull = true;
    await session.#connection.sendNotification(protocol.InitializedNotification.type, {});
    return session;
  }

  /** Brings the copy and the open documents up to the current texts. */
  async sync(current: CurrentTexts): Promise<this> {
    const { writeFile, mkdir, rm } = nodeBuiltin('fs')!.promises;
    const path = nodeBuiltin('path')!;
    const protocol = this.#protocol;
    const listed = await current.files();
    const seen = new Set<string>();
    const watched: Protocol.FileEvent[] = [];
    for (const file of listed) {
      const text = await current.text(file);
      if (text === undefined || text.length > MAX_MIRRORED_BYTES) continue;
      seen.add(file);
      const known = this.#files.get(file);
      if (known && known.text === text) continue;
      const target = path.join(this.#folder, ...file.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text);
      const open = this.#serves(file);
      if (!known) {
        this.#files.set(file, { text, version: 1, open });
        if (open)
          await this.#connection.sendNotification(protocol.DidOpenTextDocumentNotification.type, {
            textDocument: {
              uri: this.#uri(file),
              languageId: this.#languageId(file),
              version: 1,
              text,
            },
          });
        // Created after the server started (a move's new module): servers cache imports that did not resolve until told.
        if (!open || this.#synced)
          watched.push({
            uri: this.#uri(file),
            type: protocol.FileChangeType.Created,
          });
      } else {
        known.text = text;
        known.version++;
        if (known.open)
          await this.#connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
            textDocument: { uri: this.#uri(file), version: known.version },
            contentChanges: [{ text }],
          });
        else
          watched.push({
            uri: this.#uri(file),
            type: protocol.FileChangeType.Changed,
          });
      }
    }
    for (const [file, known] of [...this.#files]) {
      if (seen.has(file)) continue;
      this.#files.delete(file);
      this.#published.delete(this.#uri(file));
      await rm(path.join(this.#folder, ...file.split('/')), { force: true });
      if (known.open) await this.#connection.sendNotification(protocol.DidCloseTextDocumentNotification.type, { textDocument: { uri: this.#uri(file) } });
      watched.push({
        uri: this.#uri(file),
        type: protocol.FileChangeType.Deleted,
      });
    }
    if (watched.length > 0) await this.#connection.sendNotification(protocol.DidChangeWatchedFilesNotification.type, { changes: watched });
    this.#synced = true;
    return this;
  }

  async rename(_: this, file: string, offset: number, newName: string): Promise<BackendRename> {
    const protocol = this.#protocol;
    const known = this.#files.get(file);
    if (!known?.open)
      return {
        kind: 'refused',
        reason: `${file} is not a file the language server answers for`,
      };
    const at = {
      textDocument: { uri: this.#uri(file) },
      position: positionAt(known.text, offset),
    };
    const provider = this.#capabilities.renameProvider;
    if (typeof provider === 'object' && provider.prepareProvider) {
      const prepared = await this.#requestOrRefusal(protocol.PrepareRenameRequest.type, at);
      if (prepared === null)
        return {
          kind: 'refused',
          reason: 'the language server cannot rename at this place',
        };
      if ('refused' in prepared) return { kind: 'refused', reason: prepared.refused };
    }
    const renamed = await this.#requestOrRefusal(protocol.RenameRequest.type, { ...at, newName });
    if (renamed === null)
      return {
        kind: 'refused',
        reason: 'the language server found nothing to rename at this place',
      };
    if ('refused' in renamed) return { kind: 'refused', reason: renamed.refused };
    const edits: BackendEdit[] = [];
    const changes: [string, Protocol.TextEdit[]][] = [];
    for (const change of renamed.documentChanges ?? []) {
      if (!('textDocument' in change))
        return {
          kind: 'refused',
          reason: `the language server's rename also ${change.kind === 'create' ? 'creates' : change.kind === 'delete' ? 'deletes' : 'renames'} files, which structedit does not do in a rename`,
        };
      changes.push([change.textDocument.uri, change.edits.filter((edit): edit is Protocol.TextEdit => 'range' in edit)]);
    }
    if (!renamed.documentChanges) changes.push(...Object.entries(renamed.changes ?? {}));
    for (const [uri, textEdits] of changes) {
      const path = this.#pathOf(uri);
      const target = path === null ? undefined : this.#files.get(path);
      if (path === null || target === undefined)
        return {
          kind: 'refused',
          reason: `renaming it would change ${path ?? uri}, which is not a source file of the project (a dependency or the standard library declares the name too)`,
        };
      for (const edit of textEdits)
        edits.push({
          file: path,
          start: offsetAt(target.text, edit.range.start),
          end: offsetAt(target.text, edit.range.end),
          text: edit.newText,
        });
    }
    return { kind: 'edits', edits };
  }

  async references(_: this, file: string, offset: number): Promise<BackendSpan[]> {
    const known = this.#files.get(file);
    if (!known?.open) return [];
    const found =
      (await this.#request(this.#protocol.ReferencesRequest.type, {
        textDocument: { uri: this.#uri(file) },
        position: positionAt(known.text, offset),
        context: { includeDeclaration: false },
      })) ?? [];
    const spans: BackendSpan[] = [];
    for (const location of found) {
      const path = this.#pathOf(location.uri);
      const target = path === null ? undefined : this.#files.get(path);
      if (path === null || target === undefined) continue;
      spans.push({
        file: path,
        start: offsetAt(target.text, location.range.start),
        end: offsetAt(target.text, location.range.end),
      });
    }
    return spans;
  }

  /** Where the server says the name at `offset` is declared; a place outside the project copy (a stub, an installed package) has `file: null`. */
  async definition(_: this, file: string, offset: number): Promise<BackendDefinition[]> {
    const known = this.#files.get(file);
    if (!known?.open) return [];
    const found = await this.#request(this.#protocol.DefinitionRequest.type, { textDocument: { uri: this.#uri(file) }, position: positionAt(known.text, offset) });
    const locations = found === null ? [] : Array.isArray(found) ? found : [found];
    const spans: BackendDefinition[] = [];
    for (const location of locations) {
      // A Location, or a LocationLink (whose targetSelectionRange is the name).
      const uri = 'targetUri' in location ? location.targetUri : location.uri;
      const range = 'targetUri' in location ? location.targetSelectionRange : location.range;
      const path = this.#pathOf(uri);
      const target = path === null ? undefined : this.#files.get(path);
      // Outside the project copy: a stub or an installed package. A project file the copy does not track says nothing.
      if (path === null) spans.push({ file: null, start: 0, end: 0 });
      else if (target !== undefined) spans.push({ file: path, start: offsetAt(target.text, range.start), end: offsetAt(target.text, range.end) });
    }
    return uniqueBy(spans, (span) => `${span.file}:${span.start}`);
  }

  async diagnostics(_: this, files?: readonly string[]): Promise<BackendDiagnostic[]> {
    const protocol = this.#protocol;
    const found: BackendDiagnostic[] = [];
    const only = files ? new Set(files) : null;
    const opened = [...this.#files].filter(([file, known]) => known.open && (!only || only.has(file)));
    if (this.#pull !== false) {
      for (const [file] of opened) {
        const report = await this.#request(protocol.DocumentDiagnosticRequest.type, { textDocument: { uri: this.#uri(file) } }).catch((error: unknown) => {
          if (error instanceof protocol.ResponseError && error.code === protocol.ErrorCodes.MethodNotFound) return null;
          throw error;
        });
        if (report === null) {
          this.#pull = false;
          break;
        }
        this.#pull = true;
        if (report.kind === 'full') found.push(...errorsOf(file, report.items));
      }
      if (this.#pull) return found;
    }
    // Published diagnostics: wait until every open file has them for its current version (servers
    // that do not say which version: until none came for a while).
    const deadline = Date.now() + (this.#options.timeoutMs ?? 60_000);
    for (;;) {
      const complete = opened.every(([file, known]) => {
        const published = this.#published.get(this.#uri(file));
        return published !== undefined && (published.version === undefined || published.version === known.version);
      });
      if (complete && Date.now() - this.#lastPublish >= PUBLISH_QUIET_MS) break;
      if (this.#dead) throw this.#dead;
      if (Date.now() > deadline) {
        await this.stop('timed_out');
        throw new ServerFailure('timed_out', `did not publish diagnostics within ${Math.round((this.#options.timeoutMs ?? 60_000) / 1000)} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const [file] of opened) found.push(...errorsOf(file, this.#published.get(this.#uri(file))?.diagnostics ?? []));
    return found;
  }

  /** Stops the server (asking it to shut down first when it is healthy) and removes the copy. */
  async stop(reason: 'timed_out' | 'stopped' = 'stopped'): Promise<void> {
    const { rm } = nodeBuiltin('fs')!.promises;
    if (!this.#dead && reason === 'stopped') {
      this.#dead = new ServerFailure('crashed', 'was stopped');
      const protocol = this.#protocol;
      await Promise.race([
        this.#connection.sendRequest(protocol.ShutdownRequest.type).then(() => this.#connection.sendNotification(protocol.ExitNotification.type)),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]).catch(() => undefined);
    }
    this.#dead ??= new ServerFailure(reason === 'timed_out' ? 'timed_out' : 'crashed', 'was stopped');
    this.#connection.dispose();
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill('SIGKILL');
    if (this.#removeOnExit) process.off('exit', this.#removeOnExit);
    await rm(this.#folder, { recursive: true, force: true }).catch(() => undefined);
  }

  /** A request whose error answer (the server declining) comes back as its message; a dead or hung server still throws. */
  async #requestOrRefusal<P, R, E>(type: Protocol.ProtocolRequestType<P, R, unknown, E, unknown>, params: P): Promise<R | { refused: string }> {
    return this.#request(type, params).catch((error: unknown) => {
      if (error instanceof ServerFailure) throw error;
      return { refused: error instanceof Error ? error.message : String(error) };
    });
  }

  /** A request with a time limit; a server that dies or exceeds it is a {@link ServerFailure}. */
  async #request<P, R, E>(type: Protocol.ProtocolRequestType<P, R, unknown, E, unknown>, params: P, timeoutMs = this.#options.timeoutMs ?? 60_000): Promise<R> {
    if (this.#dead) throw this.#dead;
    this.#busy();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const failure = new ServerFailure('timed_out', `did not answer ${type.method} within ${Math.round(timeoutMs / 1000)} s`);
        // Rejected before stopping: stopping disposes the connection, which rejects the pending
        // request too, and the race must see the time-out first.
        reject(failure);
        void this.stop('timed_out');
      }, timeoutMs);
    });
    try {
      // The connection's overloads do not take a generic request type; the type still names the answer.
      const send = this.#connection.sendRequest as (method: string, params: unknown) => Promise<R>;
      return await Promise.race([send.call(this.#connection, type.method, params), this.#died, timeout]);
    } catch (error) {
      // A server that exits at once fails the first write (EPIPE) before its exit is seen: why it
      // stopped (its exit code, its own error line) is the failure to report, when it follows.
      if (error instanceof ServerFailure) throw error;
      await Promise.race([this.#died, new Promise((resolve) => setTimeout(resolve, 1000).unref())]).catch(() => undefined);
      throw this.#dead ?? error;
    } finally {
      clearTimeout(timer);
      this.#idle(-1);
    }
  }

  /** While a request waits, the server's pipes keep the host process alive; between requests they do not. */
  #busy(): void {
    this.#pending++;
    this.#child.ref();
    (this.#child.stdout as { ref?: () => void } | null)?.ref?.();
  }

  #idle(delta = 0): void {
    this.#pending += delta;
    if (this.#pending > 0) return;
    this.#child.unref();
    for (const stream of [this.#child.stdout, this.#child.stderr, this.#child.stdin]) (stream as { unref?: () => void } | null)?.unref?.();
  }

  #serves(file: string): boolean {
    const lower = file.toLowerCase();
    return this.#extensions.some((extension) => lower.endsWith(extension));
  }

  #languageId(file: string): string {
    const lower = file.toLowerCase();
    return (
      BUILTIN_LANGUAGES.find((language) => this.#options.languages.includes(language.id) && language.extensions.some((extension) => lower.endsWith(extension)))?.id ??
      this.#options.languages[0] ??
      'plaintext'
    );
  }

  #uri(file: string): string {
    const absolute = file === '' ? this.#folder : `${this.#folder}/${file}`;
    return `file://${absolute.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** The project path of a server URI, or `null` outside the copy. */
  #pathOf(uri: string): string | null {
    if (!uri.startsWith('file://')) return null;
    const absolute = decodeURIComponent(uri.slice('file://'.length));
    return absolute.startsWith(`${this.#folder}/`) ? absolute.slice(this.#folder.length + 1) : null;
  }
}

/** How the temporary copies of projects are named: `structedit-lsp-<pid>-<random>`. */
const COPY_PREFIX = 'structedit-lsp-';

/**
 * Removes the project copies of processes that are gone: a host killed before it could dispose its
 * editor leaves its copy behind, and copies of large projects add up in the temporary folder.
 */
async function removeAbandonedCopies(temporary: string): Promise<void> {
  const { readdir, rm } = nodeBuiltin('fs')!.promises;
  const path = nodeBuiltin('path')!;
  const names = await readdir(temporary).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const owner = new RegExp(`^${COPY_PREFIX}(\\d+)-`).exec(name);
      if (owner === null || isRunning(Number(owner[1]))) return;
      await rm(path.join(temporary, name), { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}

/** Whether a process with this id exists (signal 0 only checks; EPERM means it exists but is someone else's). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The errors among a file's diagnostics, in the core's terms. */
function errorsOf(file: string, diagnostics: readonly Protocol.Diagnostic[]): BackendDiagnostic[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.severity === undefined || diagnostic.severity === 1)
    .map((diagnostic) => ({
      file,
      line: diagnostic.range.start.line + 1,
      code: diagnostic.code === undefined ? (diagnostic.source ?? 'error') : String(diagnostic.code),
      message: typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value,
    }));
}

/** What a server's output says of why it stopped: its first error line (`Error: …`, `error: …`), else its last line. */
function lastWords(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    // (Not a stack trace's frames: Node's `at …`, Rust's `15: <unknown>`.)
    .filter((line) => line !== '' && !/^at |^Node\.js v|^\d+: /.test(line));
  return (lines.find((line) => /^\w*Error\b|^error(\[\w+\])?:/i.test(line)) ?? lines.at(-1) ?? '').slice(0, 300);
}

/** The LSP position (line, UTF-16 character) of a UTF-16 offset. */
function positionAt(text: string, offset: number): Protocol.Position {
  let line = 0;
  let start = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    start = at + 1;
  }
  return { line, character: offset - start };
}

/** The UTF-16 offset of an LSP position (clamped to its line, as the protocol asks). */
function offsetAt(text: string, position: Protocol.Position): number {
  let start = 0;
  for (let line = 0; line < position.line; line++) {
    const next = text.indexOf('\n', start);
    if (next === -1) return text.length;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  const lineEnd = end === -1 ? text.length : end;
  return Math.min(start + position.character, lineEnd);
}
