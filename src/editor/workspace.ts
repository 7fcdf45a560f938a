import { err, ok, okAsync, ResultAsync, safeTry, type Result } from 'neverthrow';
import type { Node, Tree } from 'web-tree-sitter';
import { applyReplacements, isOverlap, type Replacement } from '../core/edit/replacements.js';
import { makeError, type StructeditError } from '../core/errors.js';
import type { LanguageDefinition } from '../core/languages/definitions.js';
import type { StructurePath } from '../core/locate/targets.js';
import { isConfigFile, type ProjectFiles } from '../core/modules/project.js';
import { configFilesToRead } from '../core/modules/tsconfig.js';
import { isReadFailure, workspacePath, type SemanticWorkspace, type WorkspaceFile } from '../core/semantic/workspace.js';
import type { CurrentTexts } from '../core/semantic/backend.js';
import type { SyntaxPurpose } from '../core/structure/syntax-errors.js';
import type { StructureTree } from '../core/structure/types.js';
import type { IndentationStyle } from '../core/text/indentation.js';
import { encodeUtf8 } from '../core/text/utf8.js';
import type { Warning } from '../core/warnings.js';
import type { FileWrite } from './commit.js';
import type { Progress } from '../core/progress.js';
import type { EditorContext, ParsedFile } from './context.js';
import { listProjectFiles, type ProjectListing } from './project-files.js';

/**
 * The in-memory state of a batch: every file an edit read, at its latest text. Edits apply to it
 * in order; nothing is written until the batch commits. Syntax trees are parsed on demand and
 * freed by {@link Workspace.dispose}.
 */
export class Workspace implements SemanticWorkspace {
  readonly #context: EditorContext;
  #files = new Map<string, WorkspaceFile>();
  readonly #syntax = new Map<StructureTree, Tree | null>();
  #listing: ProjectListing | null = null;
  #project: ProjectFiles | null = null;

  constructor(context: EditorContext) {
    this.#context = context;
  }

  /** The context the workspace reads through. */
  get context(): EditorContext {
    return this.#context;
  }

  get maxContentBytes(): number {
    return this.#context.limits.maxContentBytes;
  }

  languageOf(path: string): Result<LanguageDefinition, StructeditError> {
    return this.#context.registry.resolve(path);
  }

  indentationStyle(file: WorkspaceFile): ResultAsync<IndentationStyle, StructeditError> {
    return this.#context.indentationStyle(file);
  }

  checkLocatedSyntax(file: WorkspaceFile, paths: readonly StructurePath[], purpose: SyntaxPurpose = 'part'): Result<Warning[], StructeditError> {
    // Semantic edits reach into a structure's parts, which errors inside it may have misplaced.
    return this.#context.checkLocatedSyntax({ path: file.path, language: file.language, bytes: file.originalBytes, hash: file.hash, tree: file.tree }, paths, purpose);
  }

  /** A copy of the current state, to go back to when an edit of a non-transactional batch fails. */
  checkpoint(): Map<string, WorkspaceFile> {
    return new Map(this.#files);
  }

  /** Goes back to a checkpoint. */
  restore(checkpoint: Map<string, WorkspaceFile>): void {
    this.#files = new Map(checkpoint);
  }

  /** The file at `path`, read and parsed on first use. */
  file(path: string, language?: string): ResultAsync<WorkspaceFile, StructeditError> {
    const key = workspacePath(path);
    const known = this.#files.get(key);
    if (known) return okAsync(known);
    return this.#context.parseFile(path, language, 'whole').map((parsed) => {
      const file: WorkspaceFile = { path: key, language: parsed.language, originalBytes: parsed.bytes, hash: parsed.hash, original: parsed.tree.source, tree: parsed.tree };
      this.#files.set(key, file);
      return file;
    });
  }

  /**
   * The file at `path` when its text passes `test` (a cheap filter before parsing, such as whether
   * it mentions a name), else `null`. A file not yet in the batch is read once: the read that is
   * tested is the one parsed. Files in the batch are tested as they are now; files that cannot be
   * source (binary, not UTF-8, too large) are `null`; a failed read is an error.
   */
  fileMentioning(path: string, test: (text: string) => boolean): ResultAsync<WorkspaceFile | null, StructeditError> {
    const key = workspacePath(path);
    const known = this.#files.get(key);
    // A file of the batch is tested as it is now (a scan after an edit asks about the edited text).
    if (known) return okAsync(test(known.tree.source.text) ? known : null);
    const context = this.#context;
    const files = this.#files;
    return safeTry(async function* () {
      const language = yield* context.registry.resolve(path).safeUnwrap();
      const read = await context.readSource(path);
      if (read.isErr()) return isReadFailure(read.error) ? err(read.error) : ok(null);
      const { source, bytes, hash } = read.value;
      if (!test(source.text)) return ok(null);
      const tree = yield* context.parseSource(path, source, language, undefined, 'whole').safeUnwrap();
      const file: WorkspaceFile = { path: key, language, originalBytes: bytes, hash, original: source, tree };
      files.set(key, file);
      return ok(file);
    });
  }

  /** Takes a file an operation has already read and parsed into the workspace, as it is before any edit. */
  adopt(parsed: ParsedFile): WorkspaceFile {
    const file: WorkspaceFile = { path: workspacePath(parsed.path), language: parsed.language, originalBytes: parsed.bytes, hash: parsed.hash, original: parsed.tree.source, tree: parsed.tree };
    this.#files.set(file.path, file);
    return file;
  }

  /** The file at `path`, or an empty one to be created when it does not exist. */
  fileOrNew(path: string, language?: string): ResultAsync<WorkspaceFile, StructeditError> {
    return this.file(path, language).orElse((failure) => {
      if (failure.error !== 'FILE_NOT_FOUND') return err(failure);
      return this.#context.newFile(path, language).map((parsed) => {
        const file: WorkspaceFile = { path: workspacePath(path), language: parsed.language, originalBytes: null, hash: null, original: parsed.tree.source, tree: parsed.tree };
        this.#files.set(file.path, file);
        return file;
      });
    });
  }

  /** Whether a file is already part of the batch. */
  has(path: string): boolean {
    return this.#files.has(workspacePath(path));
  }

  /**
   * Takes a copy of a file's syntax tree from the parse cache now, if it is there, for
   * {@link Workspace.syntax} to answer from later (after a parse that may evict it).
   */
  keepCachedSyntax(file: WorkspaceFile): void {
    if (this.#syntax.has(file.tree)) return;
    const cached = this.#context.parseCache.get(file.original, file.language.id)?.tree;
    if (cached) this.#syntax.set(file.tree, cached.copy());
  }

  /** The root of a file's current syntax tree (`null` for Markdown). The tree is owned by the workspace. */
  syntax(file: WorkspaceFile): ResultAsync<Node | null, StructeditError> {
    if (this.#syntax.has(file.tree)) return okAsync(this.#syntax.get(file.tree)?.rootNode ?? null);
    return this.#context.parseSyntax(file.path, file.tree.source, file.language).map((tree) => {
      this.#syntax.set(file.tree, tree);
      return tree?.rootNode ?? null;
    });
  }

  /**
   * Applies replacements to a file's current text, re-parses it (refusing added syntax errors when
   * `syntax` is `reject`) and makes the result the file's current state.
   */
  apply(file: WorkspaceFile, replacements: readonly Replacement[], syntax: 'warn' | 'reject'): ResultAsync<{ file: WorkspaceFile; warnings: Warning[] }, StructeditError> {
    const context = this.#context;
    const files = this.#files;
    return safeTry(async function* () {
      if (replacements.length === 0) return ok({ file, warnings: [] });
      const edited = applyReplacements(file.tree.source, replacements);
      if (isOverlap(edited)) {
        return err(makeError('INTERNAL_ERROR', `structedit planned overlapping changes to ${file.path}; nothing was written. This is a bug in structedit.`, { cause: JSON.stringify(edited) }));
      }
      const parsed: ParsedFile = { path: file.path, language: file.language, bytes: file.originalBytes, hash: file.hash, tree: file.tree };
      const checked = yield* context.checkEdit(parsed, edited, syntax).safeUnwrap();
      const next: WorkspaceFile = { ...file, tree: checked.tree };
      files.set(file.path, next);
      return ok({ file: next, warnings: checked.warnings });
    });
  }

  /** Makes a state {@link Workspace.apply} returned the file's current one again (after a check that read the file as it was). */
  keep(file: WorkspaceFile): void {
    this.#files.set(file.path, file);
  }

  /** Replaces a file's text outright (a formatter's output), re-parsed like {@link Workspace.apply}. */
  replaceText(file: WorkspaceFile, text: string, syntax: 'warn' | 'reject'): ResultAsync<{ file: WorkspaceFile; warnings: Warning[] }, StructeditError> {
    if (text === file.tree.source.text) return okAsync({ file, warnings: [] });
    return this.apply(file, [{ start: 0, end: file.tree.source.text.length, text }], syntax);
  }

  /** Files whose text differs from before the batch. */
  changed(): WorkspaceFile[] {
    return [...this.#files.values()].filter((file) => file.originalBytes === null ? file.tree.source.original !== '' : file.tree.source.original !== file.original.original || file.tree.source.bom !== file.original.bom);
  }

  /** The writes that commit the batch. */
  writes(): FileWrite[] {
    return this.changed().map((file) => ({ path: file.path, before: file.originalBytes, after: encodeUtf8(file.tree.source.original, file.tree.source.bom) }));
  }

  texts(state: 'current' | 'original' = 'current'): CurrentTexts {
    const context = this.#context;
    const files = this.#files;
    return {
      text: async (path) => {
        const file = files.get(path);
        if (file) return state === 'original' ? (file.originalBytes === null ? undefined : file.original.text) : file.tree.source.text;
        const read = await context.readSource(path, { bytes: context.limits.maxTextFileBytes, advice: '' });
        return read.isOk() ? read.value.source.text : undefined;
      },
      files: async () => {
        const listed = await this.listFiles();
        if (listed.isErr()) throw new Error(listed.error.message);
        // Files the batch creates exist for the backend too (and only in the current state).
        const created = state === 'current' ? [...files.values()].filter((file) => file.originalBytes === null && file.tree.source.text !== '').map((file) => file.path) : [];
        return [...new Set([...listed.value, ...created])].sort();
      },
      folder: async (path) => {
        const entries = await context.fs.readDirectory(path).catch(() => null);
        if (entries === null) return null;
        return { files: entries.filter((entry) => entry.kind === 'file').map((entry) => entry.name), folders: entries.filter((entry) => entry.kind === 'directory').map((entry) => entry.name) };
      },
    };
  }

  /**
   * Every file under the root (sorted), skipping dependency, cache and hidden folders and what
   * `.gitignore` / `.structeditignore` files ignore: where renames and moves look for references.
   * A mention in an ignored file (build output, vendored code) is not seen, as git does not see it.
   */
  reportProgress(progress: Progress): void {
    this.#context.reportProgress(progress);
  }

  listFiles(): ResultAsync<string[], StructeditError> {
    return this.#listAll().map((listing) => listing.files);
  }

  /** The project listing with the ignored files apart, read once per batch. */
  #listAll(): ResultAsync<ProjectListing, StructeditError> {
    if (this.#listing) return okAsync(this.#listing);
    return listProjectFiles(this.#context.fs, '', { withIgnored: true }).map((listing) => (this.#listing = listing));
  }

  /**
   * The files under the root (ignored ones included: they exist, so imports of them resolve) and
   * the text of their configuration files (package.json, tsconfig.json, …): what module resolution reads. Read once per batch. A configuration file that
   * cannot be read fails the search (it could change where imports lead); one that is not UTF-8
   * text is left out.
   */
  project(): ResultAsync<ProjectFiles, StructeditError> {
    if (this.#project) return okAsync(this.#project);
    const context = this.#context;
    // Ignored files (generated code, build output) are not searched for mentions, but imports of them still resolve.
    return this.#listAll().andThen(({ files: searched, ignored }) => {
      const listed = [...searched, ...ignored].sort();
      const files = new Set(listed);
      const configs = new Map<string, string>();
      const tried = new Set<string>();
      // Config files first, then the files they extend under other names (`@acme/tsconfig/base.json`), until none is left.
      const read = (paths: readonly string[]): ResultAsync<ProjectFiles, StructeditError> => {
        for (const path of paths) tried.add(path);
        return ResultAsync.combine(
          paths.map((path) => context.readSource(path).map((read): [string, string] | null => [path, read.source.text]).orElse((failure) => (isReadFailure(failure) ? err(failure) : ok(null)))),
        ).andThen((entries) => {
          for (const entry of entries) if (entry !== null) configs.set(entry[0], entry[1]);
          const project = { files, configs };
          const more = configFilesToRead(project).filter((path) => !tried.has(path));
          return more.length > 0 ? read(more) : okAsync(project);
        });
      };
      return read(listed.filter(isConfigFile)).map((project) => (this.#project = project));
    });
  }

  /** Frees the syntax trees. */
  dispose(): void {
    for (const tree of this.#syntax.values()) tree?.delete();
    this.#syntax.clear();
  }
}

/**
 * Runs `body` with a new workspace and disposes of it once the result is settled, whatever it is.
 * (A `try`/`finally` inside a `safeTry` generator does not do this: an `Err` met by `yield*` ends
 * the run without returning from the generator, so its `finally` never runs and the workspace's
 * syntax trees stay in WASM memory.)
 */
export function withWorkspace<T>(context: EditorContext, body: (workspace: Workspace) => ResultAsync<T, StructeditError>): ResultAsync<T, StructeditError> {
  const workspace = new Workspace(context);
  return new ResultAsync(
    (async (): Promise<Result<T, StructeditError>> => {
      try {
        return await body(workspace);
      } finally {
        workspace.dispose();
      }
    })(),
  );
}
