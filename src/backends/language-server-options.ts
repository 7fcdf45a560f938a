/** How a language server is started, and how it fails to answer (shared by the backend and its session). */

/** How to start a language server and what it answers for. */
export interface LanguageServerOptions {
  /** The command, found on the `PATH` or an absolute path: `pyright-langserver`. */
  readonly command: string;
  /** Its arguments: `['--stdio']`. */
  readonly args?: readonly string[];
  /** The language ids it answers for (`python`); their files are opened in the server. */
  readonly languages: readonly string[];
  /** What results report as `backend`; by default `lsp:` and the command's file name. */
  readonly name?: string;
  /** How long one request may take before the server is taken as hung and stopped (default 60 s). */
  readonly timeoutMs?: number;
  /** How long the server may take to start (default 60 s). */
  readonly startupTimeoutMs?: number;
  /** The server's settings, answered to `workspace/configuration` per section (`{ 'python.analysis': {…} }`). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Sent as `initializationOptions`. */
  readonly initializationOptions?: unknown;
  /** How to install it, for the error when the command is missing. */
  readonly install?: string;
  /**
   * Whether the server's renames take in every override and overridden declaration of a member,
   * outside the project too (default `false`: pyright's do not; see {@link SemanticBackend.renamesOverrides}).
   */
  readonly renamesOverrides?: boolean;
  /**
   * Whether every text edit of a language whose names structedit cannot check is type-checked through
   * the server (default `false`: only edits that change a function's parameters; see
   * {@link SemanticBackend.checksTextEdits}). Worth it for a server that answers fast on the project.
   */
  readonly checksTextEdits?: boolean;
}


/** Why a server could not answer. */
export class ServerFailure extends Error {
  constructor(
    readonly reason: 'not_installed' | 'crashed' | 'timed_out',
    message: string,
  ) {
    super(message);
  }
}

