import type * as TS from 'typescript';
import { uniqueBy } from '../core/unique-by.js';
import type { BackendDefinition, BackendDiagnostic, BackendEdit, BackendRename, BackendSpan, CurrentTexts } from '../core/semantic/backend.js';
import { globRegExp } from '../core/glob.js';
import { changedExports, grows, isModuleFile, merged, reach, type ChangedExports, type ImportSite } from './typescript-reach.js';
import { dirname, joinPath } from '../core/semantic/modules.js';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

/**
 * One project's TypeScript language service and the host that feeds it: loaded by
 * `typescriptBackend` when the backend first answers, so hosts that never use it do not load it.
 */

/** The virtual folder the project's files appear under, for the language service's absolute paths. */
const ROOT = '/structedit-project';
/** Rounds of reading what the language service asked for before a program is taken as complete. */
const MAX_ROUNDS = 12;
const SOURCE = /\.(?:[cm]?tsx?|[cm]?jsx?)$/;
const CONFIGS = ['tsconfig.json', 'jsconfig.json'];

/** A file as the host knows it: its text and version (`null` text: it does not exist). */
interface KnownFile {
  text: string | null;
  version: string;
}

/**
 * What a file shows the other files of a program: `declarations` is its `.d.ts` text (`null` when it
 * does not exist, `undefined` when not emitted: it reaches no other file, or was not asked for).
 */
interface Exposure {
  readonly exists: boolean;
  readonly global: boolean;
  readonly importers: readonly string[];
  readonly declarations: string | null | undefined;
}

/** One project's language service, its host and what the host has read. */
export class TypeScriptProject {
  readonly #ts: typeof TS;
  readonly #files = new Map<string, KnownFile>();
  readonly #folders = new Map<string, { files: string[]; folders: string[] } | null>();
  readonly #missedFiles = new Set<string>();
  readonly #missedFolders = new Set<string>();
  /** Files under the root from the last listing (dependency folders left out). */
  #listed: readonly string[] = [];
  #listedFiles: ReadonlySet<string> = new Set();
  #rootNames: string[] = [];
  #options: TS.CompilerOptions = {};
  #version = 0;
  /**
   * Whether files or folders were read since the program was last built: imports and type
   * references that did not resolve then may resolve now, so none of its resolutions is reused.
   */
  #resolutionsStale = false;
  #builder: TS.SemanticDiagnosticsBuilderProgram | undefined;
  /**
   * Files' diagnostics by the state of the project they were computed in (a hash of every file's
   * version and the options): the check before an edit is the check after the one before it, and
   * dry runs share the state before them. The last few states are kept.
   */
  readonly #diagnosticsByState = new Map<string, Map<string, BackendDiagnostic[]>>();
  readonly #service: TS.LanguageService;
  readonly #host: TS.ModuleResolutionHost;

  constructor(ts: typeof TS) {
    this.#ts = ts;
    // (`hasInvalidatedResolutions` and `hasChangedAutomaticTypeDirectiveNames` are in TypeScript's host
    // interface but not in its published typings: tsserver's own way to have resolutions made again;
    // test/semantic/typescript-text-edits.test.ts holds them: types from node_modules.)
    const host: TS.LanguageServiceHost & { hasInvalidatedResolutions(): boolean; hasChangedAutomaticTypeDirectiveNames(): boolean } = {
      getCompilationSettings: () => this.#options,
      getScriptFileNames: () => this.#rootNames,
      getScriptVersion: (fileName) => this.#files.get(projectPath(fileName) ?? '')?.version ?? 'none',
      getScriptSnapshot: (fileName) => {
        const text = this.#readFile(fileName);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getProjectVersion: () => String(this.#version),
      getCurrentDirectory: () => ROOT,
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (fileName) => this.#readFile(fileName) !== undefined,
      readFile: (fileName) => this.#readFile(fileName),
      directoryExists: (folder) => this.#folder(folder) !== null,
      getDirectories: (folder) => this.#folder(folder)?.folders ?? [],
      readDirectory: (folder, extensions, excludes, includes, depth) => this.#readDirectory(folder, extensions, excludes, includes, depth),
      useCaseSensitiveFileNames: () => true,
      hasInvalidatedResolutions: () => this.#resolutionsStale,
      hasChangedAutomaticTypeDirectiveNames: () => this.#resolutionsStale,
    };
    this.#service = ts.createLanguageService(host, documentRegistry(ts));
    this.#host = host;
  }

  /** Brings the program up to the current texts; returns it, complete (every file it asked for read). */
  async sync(current: CurrentTexts): Promise<TS.Program> {
    await this.#list(current);
    // Files read before may have changed (edits earlier in the batch, or on disk since the last call).
    await Promise.all([...this.#files.keys()].filter((path) => !path.includes('node_modules/')).map((path) => this.#read(current, path)));
    for (let round = 0; round < MAX_ROUNDS; round++) {
      this.#configureNotingMisses();
      const program = this.#service.getProgram();
      this.#resolutionsStale = false;
      if (!this.#missed() && program) return program;
      this.#resolutionsStale = true;
      await Promise.all([
        ...[...this.#missedFiles].map((path) => this.#read(current, path)),
        ...[...this.#missedFolders].map(async (path) => {
          this.#folders.set(path, await current.folder(path));
          this.#version++;
        }),
      ]);
    }
    const program = this.#service.getProgram();
    if (!program) throw new Error('the language service built no program');
    return program;
  }

  /**
   * Whether the checker reports type errors in any of `files` as the project is configured: not in a
   * declaration file under `skipLibCheck`, nor in JavaScript without `checkJs` or a `// @ts-check`.
   * Read from the configuration alone where it can be (no program built), so an edit of a 9 MB
   * JavaScript file the checker would not check costs nothing here.
   */
  async checksAny(current: CurrentTexts, files: readonly string[]): Promise<boolean> {
    await this.#list(current);
    await Promise.all(CONFIGS.map((name) => this.#read(current, name)));
    this.#configureNotingMisses();
    // A configuration that extends another not read yet: read everything, as a build does.
    if (this.#missed()) await this.sync(current);
    const options = this.#options;
    for (const path of files) {
      if (/\.d\.[cm]?ts$|\.d\.[^/]*\.ts$/.test(path)) {
        if (!options.skipLibCheck) return true;
      } else if (/\.[cm]?jsx?$/.test(path)) {
        if (options.checkJs || /@ts-check\b/.test(((await current.text(path)) ?? '').slice(0, 4096))) return true;
      } else return true;
    }
    return false;
  }

  /**
   * The files whose errors an edit of `files` can change (`null`: any file's): where the edit changed
   * what a file declares to others (its `.d.ts`, emitted on either side of the edit), the files
   * importing it that use a changed export, by name, and on through what those export from the
   * statements using it (`typescript-reach.ts`): a re-export (`export * from './api.js'`) or a
   * declaration naming a type (`export declare const s: ZodString`) passes a change on in text that
   * did not change. A script, or a module declaring something global, affects every file.
   * Declarations are emitted only for files something imports (or global ones), and nothing is built
   * when no file of the project is checked (a JavaScript project without `checkJs`).
   */
  async affectedFiles(before: CurrentTexts, after: CurrentTexts, files: readonly string[]): Promise<string[] | null> {
    await this.#list(after);
    if (!(await this.checksAny(after, this.#listed.filter((path) => SOURCE.test(path))))) return [...files];
    const edited = await this.sync(after);
    const { importers: importersNow, imports } = this.#imports(edited);
    const now = this.#exposures(edited, files, importersNow, () => true);
    const was = this.#exposures(await this.sync(before), files, null, (path) => now.get(path)!.declarations !== undefined || !now.get(path)!.exists);
    const changedFiles = files.filter((path) => was.get(path)!.declarations !== now.get(path)!.declarations);
    if (changedFiles.some((path) => was.get(path)!.global || now.get(path)!.global)) return null;
    const ts = this.#ts;
    const affected = new Set(files);
    // What each file's exports pass on, from the edited files' declarations on through the files
    // importing them, as far as a file uses what changed (typescript-reach.ts).
    const changes = new Map<string, ChangedExports>();
    const queue: string[] = [];
    const passOn = (path: string, changed: ChangedExports) => {
      if (changed !== true && changed.size === 0) return;
      const known = changes.get(path);
      if (known !== undefined && !grows(known, changed)) return;
      changes.set(path, known === undefined ? changed : merged(known, changed));
      queue.push(path);
    };
    for (const path of changedFiles) {
      const [from, to] = [was.get(path)!.declarations, now.get(path)!.declarations];
      passOn(path, typeof from === 'string' && typeof to === 'string' ? changedExports(ts, from, to) : true);
    }
    while (queue.length > 0) {
      const path = queue.shift()!;
      // (A file importing it before the edit and not after, as the edit leaves the project: an import that no longer resolves.)
      const lost = (was.get(path)?.importers ?? []).filter((importer) => !(importersNow.get(path) ?? []).includes(importer));
      for (const importer of lost) {
        affected.add(importer);
        passOn(importer, true);
      }
      for (const importer of importersNow.get(path) ?? []) {
        const source = edited.getSourceFile(absolute(importer));
        if (!source) continue;
        const reached = reach(ts, source, imports.get(importer) ?? [], (target) => changes.get(target));
        if (reached.global) return null;
        if (reached.affected) affected.add(importer);
        passOn(importer, reached.changed);
      }
    }
    return [...affected];
  }

  /**
   * Whether each file exists, declares something global, and which project files import it, in
   * `program`; and its declarations (`.d.ts` text) where they can reach another file and `wanted`
   * says so (else `undefined`).
   */
  #exposures(program: TS.Program, paths: readonly string[], importersOf: ReadonlyMap<string, readonly string[]> | null, wanted: (path: string) => boolean): Map<string, Exposure> {
    const ts = this.#ts;
    const exposures = new Map<string, Exposure>();
    const importersIn = importersOf ?? this.#imports(program).importers;
    for (const path of paths) {
      const source = program.getSourceFile(absolute(path));
      if (!source) {
        exposures.set(path, { exists: false, global: false, importers: [], declarations: null });
        continue;
      }
      const global = !isModuleFile(ts, source) || /\bdeclare\s+(?:global\b|module\s*['"])/.test(source.text);
      const importers = importersIn.get(path) ?? [];
      const reaches = global || importers.length > 0;
      // (A declaration file emits nothing: it is its declarations.)
      const declarations = !reaches || !wanted(path) ? undefined : source.isDeclarationFile ? source.text : this.#service.getEmitOutput(absolute(path), true, true).outputFiles.map((output) => output.text).join('\n');
      exposures.set(path, { exists: true, global, importers, declarations });
    }
    return exposures;
  }

  /**
   * For each project file of `program`, the project files importing it (`import`, `export … from`,
   * `import()`, `require`, `/// <reference path>`), as TypeScript resolves their specifiers, in
   * either module mode (dependencies left out); and for each, where it imports what. Not the
   * service's `getFileReferences`, which finds no importer of a module whose every export is
   * re-exported (zod's `core/index.ts`).
   */
  #imports(program: TS.Program): { importers: Map<string, string[]>; imports: Map<string, ImportSite[]> } {
    const ts = this.#ts;
    const options = program.getCompilerOptions();
    const cache = ts.createModuleResolutionCache(ROOT, (name) => name, options);
    const importers = new Map<string, Set<string>>();
    const imports = new Map<string, ImportSite[]>();
    const add = (target: string | null, importer: string, position: number) => {
      const sites = imports.get(importer) ?? imports.set(importer, []).get(importer)!;
      const known = target !== null && target !== importer && !unlisted(target);
      sites.push({ position, target: known ? target : null });
      if (!known) return;
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target)!.add(importer);
    };
    for (const source of program.getSourceFiles()) {
      const importer = projectPath(source.fileName);
      if (importer === null || unlisted(importer)) continue;
      // (The program's own list of the file's module names where it has one: `preProcessFile`, which
      // scans the text again, misses `export * as ns from`. Synthesized ones, a helper library's, have
      // no place in the text.)
      const named = (source as { imports?: readonly TS.StringLiteralLike[] }).imports;
      const specifiers = named ? named.filter((name) => name.pos >= 0).map((name) => ({ fileName: name.text, pos: name.getStart(source) })) : ts.preProcessFile(source.text, true, true).importedFiles;
      for (const { fileName, pos } of specifiers) {
        for (const mode of [ts.ModuleKind.ESNext, ts.ModuleKind.CommonJS] as const) {
          const resolved = ts.resolveModuleName(fileName, source.fileName, options, this.#host, cache, undefined, mode).resolvedModule;
          add(resolved ? projectPath(resolved.resolvedFileName) : null, importer, pos);
        }
      }
      for (const { fileName, pos } of source.referencedFiles) add(joinPath(dirname(importer), fileName), importer, pos);
    }
    return { importers: new Map([...importers].map(([target, from]) => [target, [...from].sort()])), imports };
  }

  rename(program: TS.Program, file: string, offset: number, newName: string): BackendRename {
    const fileName = absolute(file);
    if (!program.getSourceFile(fileName)) return { kind: 'refused', reason: `${file} is not part of the TypeScript program (check the tsconfig.json include, or allowJs for JavaScript)` };
    const info = this.#service.getRenameInfo(fileName, offset, { allowRenameOfImportPath: false });
    if (!info.canRename) return { kind: 'refused', reason: info.localizedErrorMessage };
    const locations = this.#service.findRenameLocations(fileName, offset, false, false, { providePrefixAndSuffixTextForRename: false }) ?? [];
    const edits: BackendEdit[] = [];
    for (const location of locations) {
      const path = projectPath(location.fileName);
      if (path === null || path.split('/').includes('node_modules')) return { kind: 'refused', reason: `renaming it would change ${path ?? location.fileName}, which is not a source file of the project (a dependency or the standard library declares the name too)` };
      edits.push({ file: path, start: location.textSpan.start, end: location.textSpan.start + location.textSpan.length, text: `${location.prefixText ?? ''}${newName}${location.suffixText ?? ''}` });
    }
    // The same place can come back twice (a name both exported and used in one specifier, across project references): once is enough.
    return { kind: 'edits', edits: uniqueBy(edits, (edit) => `${edit.file}:${edit.start}:${edit.end}`) };
  }

  references(program: TS.Program, file: string, offset: number): BackendSpan[] {
    const fileName = absolute(file);
    if (!program.getSourceFile(fileName)) return [];
    const spans: BackendSpan[] = [];
    for (const entry of this.#service.findReferences(fileName, offset) ?? []) {
      for (const reference of entry.references) {
        const path = projectPath(reference.fileName);
        if (path === null || reference.isDefinition) continue;
        spans.push({ file: path, start: reference.textSpan.start, end: reference.textSpan.start + reference.textSpan.length });
      }
    }
    return spans;
  }

  definition(program: TS.Program, file: string, offset: number): BackendDefinition[] {
    const fileName = absolute(file);
    if (!program.getSourceFile(fileName)) return [];
    const found = (this.#service.getDefinitionAtPosition(fileName, offset) ?? []).map((definition): BackendDefinition => {
      const path = projectPath(definition.fileName);
      // The standard library (lib.*.d.ts) and installed packages are outside the project.
      return path === null || path.split('/').includes('node_modules') ? { file: null, start: 0, end: 0 } : { file: path, start: definition.textSpan.start, end: definition.textSpan.start + definition.textSpan.length };
    });
    return uniqueBy(found, (definition) => `${definition.file}:${definition.start}`);
  }

  diagnostics(program: TS.Program, files?: readonly string[]): BackendDiagnostic[] {
    const only = files ? new Set(files) : null;
    const ts = this.#ts;
    const found: BackendDiagnostic[] = [];
    const add = (diagnostic: TS.Diagnostic) => {
      const path = diagnostic.file ? projectPath(diagnostic.file.fileName) : null;
      const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : null;
      found.push({ file: path, line, code: `TS${diagnostic.code}`, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n') });
    };
    for (const diagnostic of program.getOptionsDiagnostics()) add(diagnostic);
    if (only) {
      // Only these files: checked from the program directly, which types what they use and no more
      // (a whole project's first check takes seconds; one file's, milliseconds). The builder's state,
      // for whole-project checks, is left as it was.
      const state = this.#stateKey();
      const known = this.#diagnosticsByState.get(state) ?? new Map<string, BackendDiagnostic[]>();
      this.#diagnosticsByState.delete(state);
      this.#diagnosticsByState.set(state, known);
      while (this.#diagnosticsByState.size > 4) this.#diagnosticsByState.delete(this.#diagnosticsByState.keys().next().value!);
      for (const path of only) {
        let diagnostics = known.get(path);
        if (!diagnostics) {
          const source = program.getSourceFile(absolute(path));
          const start = found.length;
          if (source) for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) add(diagnostic);
          diagnostics = found.splice(start);
          known.set(path, diagnostics);
        }
        found.push(...diagnostics);
      }
      return found;
    }
    // A builder program keeps each file's diagnostics and re-checks only the files a change can affect
    // (as tsc --watch does): the check before a batch and the one after share the work.
    const builder = ts.createSemanticDiagnosticsBuilderProgram(program, { createHash: (text) => bytesToHex(sha256(new TextEncoder().encode(text))) }, this.#builder);
    this.#builder = builder;
    const outside = (source: TS.SourceFile) => {
      const path = projectPath(source.fileName);
      return path === null || path.split('/').includes('node_modules');
    };
    // The files a change affects (those importing a file whose exports changed shape) are known only
    // once the builder has gone through them: asked file by file before that, it answers from the
    // diagnostics it kept, so an error a change causes in another file went unseen.
    while (builder.getSemanticDiagnosticsOfNextAffectedFile(undefined, outside)) {
      // (Each affected file's diagnostics are computed and kept; they are read below.)
    }
    for (const source of program.getSourceFiles()) {
      if (outside(source)) continue;
      for (const diagnostic of program.getSyntacticDiagnostics(source)) add(diagnostic);
      for (const diagnostic of builder.getSemanticDiagnostics(source)) add(diagnostic);
    }
    return found;
  }

  /** The state of the project as the service has it: every file's version, the root names and the options. */
  #stateKey(): string {
    const versions = [...this.#files].map(([path, file]) => `${path}\u0000${file.version}`).sort();
    return bytesToHex(sha256(new TextEncoder().encode(`${JSON.stringify(this.#options)}\n${this.#rootNames.join('\n')}\n${versions.join('\n')}`)));
  }

  dispose(): void {
    this.#builder = undefined;
    this.#diagnosticsByState.clear();
    this.#service.dispose();
  }

  /** Reads the root's tsconfig.json (or jsconfig.json): the program's files and options. */
  #configure(): void {
    const ts = this.#ts;
    const configName = CONFIGS.find((name) => this.#readFile(absolute(name)) !== undefined);
    let rootNames: string[];
    let options: TS.CompilerOptions;
    if (configName) {
      const host: TS.ParseConfigHost = {
        useCaseSensitiveFileNames: true,
        fileExists: (fileName) => this.#readFile(fileName) !== undefined,
        readFile: (fileName) => this.#readFile(fileName),
        readDirectory: (folder, extensions, excludes, includes, depth) => this.#readDirectory(folder, extensions, excludes, includes, depth),
      };
      const parse = (fileName: string) => {
        const read = ts.readConfigFile(fileName, (name) => this.#readFile(name));
        return ts.parseJsonConfigFileContent(read.config ?? {}, host, fileName.slice(0, fileName.lastIndexOf('/')), undefined, fileName);
      };
      const parsed = parse(absolute(configName));
      rootNames = parsed.fileNames;
      options = parsed.options;
      // A solution-style config (Vite's: `files: []` and `references`): the referenced projects' files,
      // as one program with the first project's options over the root's.
      if (rootNames.length === 0 && parsed.projectReferences && parsed.projectReferences.length > 0) {
        const referenced = parsed.projectReferences.map((reference) => parse(reference.path.endsWith('.json') ? reference.path : `${reference.path}/tsconfig.json`));
        rootNames = [...new Set(referenced.flatMap((project) => project.fileNames))];
        options = { ...options, ...(referenced[0]?.options ?? {}) };
      }
      options = { ...options, noEmit: true, composite: false, declaration: false, incremental: false, tsBuildInfoFile: undefined };
      if (configName === 'jsconfig.json') options = { allowJs: true, ...options };
    } else {
      // No configuration: every source file, JavaScript included, checked as a bundler would load it.
      rootNames = this.#listed.filter((path) => SOURCE.test(path)).map(absolute);
      options = { allowJs: true, checkJs: false, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, jsx: ts.JsxEmit.Preserve, skipLibCheck: true, resolveJsonModule: true };
    }
    const same = rootNames.length === this.#rootNames.length && rootNames.every((name, index) => name === this.#rootNames[index]) && JSON.stringify(options) === JSON.stringify(this.#options);
    if (!same) {
      this.#rootNames = rootNames;
      this.#options = options;
      this.#version++;
    }
  }

  /** The files under the root as `current` lists them. */
  async #list(current: CurrentTexts): Promise<void> {
    this.#listed = await current.files();
    this.#listedFiles = new Set(this.#listed);
  }

  /** A file's text as `current` has it (`null`: it does not exist), stored. */
  async #read(current: CurrentTexts, path: string): Promise<void> {
    this.#store(path, (await current.text(path)) ?? null);
  }

  /** Reads the configuration again, noting the files and folders it asked for that were not read yet. */
  #configureNotingMisses(): void {
    this.#missedFiles.clear();
    this.#missedFolders.clear();
    this.#configure();
  }

  /** Whether the last configuration or program asked for a file or folder not read yet. */
  #missed(): boolean {
    return this.#missedFiles.size > 0 || this.#missedFolders.size > 0;
  }

  #store(path: string, text: string | null): void {
    const known = this.#files.get(path);
    if (known && known.text === text) return;
    // A text's version is its hash: the shared document registry keeps parsed files by name and version
    // (another editor's project must never be handed this text's tree for another text), and the
    // builder re-checks only files whose text, or whose dependencies' shape, changed.
    this.#files.set(path, { text, version: text === null ? 'none' : bytesToHex(sha256(new TextEncoder().encode(text))) });
    this.#version++;
  }

  /** A file's text: under the root from what was read (a miss is noted), elsewhere (the standard library) from the runtime. */
  #readFile(fileName: string): string | undefined {
    const path = projectPath(fileName);
    if (path === null) return this.#ts.sys?.readFile(fileName);
    const known = this.#files.get(path);
    if (known) return known.text ?? undefined;
    // The listing has every file outside dependency and hidden folders: a file it lacks there does not exist.
    if (this.#listedFiles.has(path) || unlisted(path)) this.#missedFiles.add(path);
    return undefined;
  }

  #folder(folder: string): { files: string[]; folders: string[] } | null {
    const path = projectPath(folder);
    if (path === null) return this.#ts.sys?.directoryExists(folder) ? { files: [], folders: this.#ts.sys.getDirectories(folder) } : null;
    if (path === '') return { files: [], folders: [] };
    if (this.#folders.has(path)) return this.#folders.get(path)!;
    if (!unlisted(path)) return this.#listed.some((file) => file.startsWith(`${path}/`)) ? { files: [], folders: [] } : null;
    this.#missedFolders.add(path);
    return null;
  }

  /** The listed files under `folder` with one of `extensions`, taken in by `includes` and not by `excludes` (tsconfig globs). */
  #readDirectory(folder: string, extensions?: readonly string[], excludes?: readonly string[], includes?: readonly string[], _depth?: number): string[] {
    const base = projectPath(folder);
    if (base === null) return [];
    const relative = (pattern: string) => {
      const inProject = projectPath(pattern.startsWith('/') ? pattern : `${folder}/${pattern}`) ?? pattern;
      return inProject.replace(/^\.\//, '');
    };
    const include = (includes && includes.length > 0 ? includes : ['**/*']).map((pattern) => globRegExp(relative(pattern), true));
    const exclude = (excludes ?? []).map((pattern) => globRegExp(relative(pattern), true));
    return this.#listed
      .filter((path) => (base === '' || path.startsWith(`${base}/`)) && (!extensions || extensions.some((extension) => path.endsWith(extension))))
      .filter((path) => include.some((pattern) => pattern.test(path)) && !exclude.some((pattern) => pattern.test(path)))
      .map(absolute);
  }
}

/** Whether a path lies in a folder the editor's listing skips (dependencies, caches, hidden folders): only reading tells whether it exists. */
function unlisted(path: string): boolean {
  return path.split('/').some((segment) => /^(node_modules|__pycache__|site-packages|venv)$|^\./.test(segment));
}

/** The language service's absolute name of a file under the root. */
function absolute(path: string): string {
  return path === '' ? ROOT : `${ROOT}/${path}`;
}

/** The root-relative path of a language service file name, or `null` outside the root. */
function projectPath(fileName: string): string | null {
  if (fileName === ROOT) return '';
  return fileName.startsWith(`${ROOT}/`) ? fileName.slice(ROOT.length + 1) : null;
}

const registries = new WeakMap<object, TS.DocumentRegistry>();

/** One document registry per `typescript` module: editors share the parsed standard library. */
function documentRegistry(ts: typeof TS): TS.DocumentRegistry {
  let registry = registries.get(ts);
  if (!registry) {
    registry = ts.createDocumentRegistry(true, ROOT);
    registries.set(ts, registry);
  }
  return registry;
}
