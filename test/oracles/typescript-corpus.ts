import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Real TypeScript sources as oracle corpora, and TypeScript's language service over them: the
 * same files structedit edits (in memory), the compiler options their repository uses, everything
 * outside the corpus (TypeScript's lib, `vitest`'s types) read from this repository's node_modules.
 */

const NODE_MODULES = join(import.meta.dirname, '..', '..', 'node_modules');

/** A TypeScript corpus: files by path relative to `root`, and how its repository compiles them. */
export interface TypeScriptCorpus {
  name: string;
  /** Absolute folder the files live in (real or virtual): modules outside the corpus resolve from here up. */
  root: string;
  /** Relative path → text: the sources, plus `package.json` / `tsconfig.json` as the repository has them. */
  files: Map<string, string>;
  options: ts.CompilerOptions;
  /** What the corpus is and what was added to it, for the test output. */
  description: string;
}

function walk(dir: string, keep: (path: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep(full)) out.push(full);
  }
  return out;
}

/**
 * zod 4's own sources (`node_modules/zod/src`, a dependency of structedit): its tests import the
 * package by its own name (`zod/v4`, `zod/mini`, `zod/v4/core`), which resolves to `src/` through
 * the `@zod/source` export condition of its package.json, as zod's repository configures it
 * (packages/zod/tsconfig.json and .configs/tsconfig.base.json: NodeNext, `customConditions:
 * ["@zod/source"]`, strict, exactOptionalPropertyTypes). Zod 3 (`src/v3`) and the translations
 * (`src/v4/locales` but `en.ts`) are left out to keep the type checks within the time budget.
 */
export function zodCorpus(): TypeScriptCorpus {
  const root = join(NODE_MODULES, 'zod');
  const keep = (path: string) => /\.ts$/.test(path) && !path.endsWith('.d.ts') && !/\/src\/v3\//.test(path) && !(/\/locales\//.test(path) && !/\/v4\/locales\/(en|index)\.ts$/.test(path));
  const files = new Map<string, string>();
  for (const path of walk(join(root, 'src'), keep).sort()) files.set(relative(root, path).replaceAll('\\', '/'), readFileSync(path, 'utf8'));
  // The locales index re-exports every translation; only English is kept, so it re-exports that one.
  files.set('src/v4/locales/index.ts', 'export { default as en } from "./en.js";\n');
  files.set('package.json', readFileSync(join(root, 'package.json'), 'utf8'));
  const tsconfig = {
    compilerOptions: { target: 'es2020', lib: ['es2020', 'dom'], module: 'NodeNext', moduleResolution: 'NodeNext', customConditions: ['@zod/source'], strict: true, exactOptionalPropertyTypes: true, skipLibCheck: true, noImplicitOverride: true, isolatedModules: true, esModuleInterop: true, noEmit: true },
  };
  files.set('tsconfig.json', `${JSON.stringify(tsconfig, null, 2)}\n`);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2020,
    lib: ['lib.es2020.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['@zod/source'],
    strict: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noImplicitOverride: true,
    isolatedModules: true,
    esModuleInterop: true,
    noEmit: true,
    types: [],
  };
  const version = (JSON.parse(files.get('package.json')!) as { version: string }).version;
  return { name: `zod ${version} (self-imports through package.json exports)`, root, files, options, description: `node_modules/zod/src without v3 and locales other than en; package.json as shipped; tsconfig.json as zod's repository configures it` };
}

/** The workspace packages of the AI SDK that ship their sources, in dependency order. */
const AI_SDK_PACKAGES = ['provider', 'provider-utils', 'gateway'] as const;

/**
 * Three packages of the Vercel AI SDK monorepo as a workspace (`packages/<name>/src` and
 * `package.json` as shipped): `@ai-sdk/provider-utils` and `@ai-sdk/gateway` import
 * `@ai-sdk/provider` (and gateway `@ai-sdk/provider-utils`) by package name. What we added: a root
 * `package.json` with `workspaces`, and a root tsconfig.json whose `paths` map each package name
 * to its `src/index.ts` (the shipped package.json `exports` point at `dist/`, which a source
 * checkout does not have); the compiler options are strict ES2022 with bundler resolution, as the
 * packages' own tsconfig.json files use.
 */
export function aiSdkWorkspaceCorpus(): TypeScriptCorpus {
  const root = join(import.meta.dirname, '.ai-sdk-workspace');
  const files = new Map<string, string>();
  const paths: Record<string, string[]> = {};
  const versions: string[] = [];
  for (const name of AI_SDK_PACKAGES) {
    const source = join(NODE_MODULES, '@ai-sdk', name);
    for (const path of walk(join(source, 'src'), (file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts')).sort()) files.set(`packages/${name}/${relative(source, path).replaceAll('\\', '/')}`, readFileSync(path, 'utf8'));
    const manifest = readFileSync(join(source, 'package.json'), 'utf8');
    files.set(`packages/${name}/package.json`, manifest);
    versions.push(`@ai-sdk/${name} ${(JSON.parse(manifest) as { version: string }).version}`);
    paths[`@ai-sdk/${name}`] = [`./packages/${name}/src/index.ts`];
  }
  files.set('package.json', `${JSON.stringify({ name: 'ai-sdk-workspace', private: true, workspaces: AI_SDK_PACKAGES.map((name) => `packages/${name}`) }, null, 2)}\n`);
  const tsconfig = { compilerOptions: { target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], module: 'ESNext', moduleResolution: 'Bundler', strict: true, skipLibCheck: true, isolatedModules: true, esModuleInterop: true, noEmit: true, types: [], paths } };
  files.set('tsconfig.json', `${JSON.stringify(tsconfig, null, 2)}\n`);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    isolatedModules: true,
    esModuleInterop: true,
    noEmit: true,
    types: [],
    paths,
    baseUrl: root,
  };
  return { name: `AI SDK workspace (${versions.join(', ')}; imports between packages through tsconfig paths)`, root, files, options, description: 'packages/{provider,provider-utils,gateway}/src and package.json from node_modules/@ai-sdk; root package.json (workspaces) and tsconfig.json (paths) added' };
}

/** Whether a corpus path is TypeScript source (not package.json / tsconfig.json). */
export function isSource(path: string): boolean {
  return /\.tsx?$/.test(path);
}

/**
 * A language service over a corpus whose files can be replaced (`set`) and put back (`reset`).
 * Files of the corpus's root that are not in the corpus do not exist for it (so both sides see the
 * same files); files elsewhere are read from disk.
 */
export class CorpusLanguageService {
  readonly service: ts.LanguageService;
  readonly #corpus: TypeScriptCorpus;
  readonly #overlay = new Map<string, string | null>();
  readonly #versions = new Map<string, number>();
  readonly #directories: Set<string>;

  constructor(corpus: TypeScriptCorpus, registry: ts.DocumentRegistry = ts.createDocumentRegistry()) {
    this.#corpus = corpus;
    this.#directories = new Set();
    for (const path of corpus.files.keys()) for (let dir = dirname(this.absolute(path)); dir.length >= corpus.root.length; dir = dirname(dir)) this.#directories.add(dir);
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => corpus.options,
      getScriptFileNames: () => [...this.#names()],
      getScriptVersion: (name) => String(this.#versions.get(name) ?? 0),
      getScriptSnapshot: (name) => {
        const text = this.read(name);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => corpus.root,
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (name) => this.read(name) !== undefined,
      readFile: (name) => this.read(name),
      directoryExists: (name) => this.#directories.has(name) || (!this.#inside(name) && ts.sys.directoryExists(name)),
      getDirectories: (name) => (this.#inside(name) ? [] : ts.sys.getDirectories(name)),
      realpath: (name) => (this.#inside(name) ? name : (ts.sys.realpath?.(name) ?? name)),
    };
    this.service = ts.createLanguageService(host, registry);
  }

  #inside(name: string): boolean {
    return name === this.#corpus.root || name.startsWith(`${this.#corpus.root}/`);
  }

  *#names(): Iterable<string> {
    for (const path of this.#corpus.files.keys()) if (isSource(path) && this.#overlay.get(path) !== null) yield this.absolute(path);
    for (const [path, text] of this.#overlay) if (text !== null && isSource(path) && !this.#corpus.files.has(path)) yield this.absolute(path);
  }

  /** The absolute name of a corpus path. */
  absolute(path: string): string {
    return `${this.#corpus.root}/${path}`;
  }

  /** The corpus path of an absolute name (`null`: outside the corpus). */
  relative(name: string): string | null {
    return this.#inside(name) ? name.slice(this.#corpus.root.length + 1) : null;
  }

  /** A file's current text (`undefined`: no such file). */
  read(name: string): string | undefined {
    const path = this.relative(name);
    if (path === null) return existsSync(name) ? readFileSync(name, 'utf8') : undefined;
    const replaced = this.#overlay.get(path);
    if (replaced !== undefined) return replaced ?? undefined;
    return this.#corpus.files.get(path);
  }

  /** Replaces files (`null`: removes one). */
  set(files: Readonly<Record<string, string | null>>): void {
    for (const [path, text] of Object.entries(files)) {
      this.#overlay.set(path, text);
      const name = this.absolute(path);
      this.#versions.set(name, (this.#versions.get(name) ?? 0) + 1);
    }
  }

  /** Puts every replaced file back. */
  reset(): void {
    for (const path of this.#overlay.keys()) {
      const name = this.absolute(path);
      this.#versions.set(name, (this.#versions.get(name) ?? 0) + 1);
    }
    this.#overlay.clear();
  }

  /** Syntactic and semantic errors of a file, counted by code (`code:count`). */
  errors(path: string): Map<number, { count: number; first: string }> {
    const name = this.absolute(path);
    const counts = new Map<number, { count: number; first: string }>();
    if (this.read(name) === undefined) return counts;
    for (const diagnostic of [...this.service.getSyntacticDiagnostics(name), ...this.service.getSemanticDiagnostics(name)]) {
      if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
      const known = counts.get(diagnostic.code);
      if (known) known.count++;
      else {
        const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0;
        counts.set(diagnostic.code, { count: 1, first: `${path}:${line} TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').slice(0, 160)}` });
      }
    }
    return counts;
  }
}

/** Errors in `after` beyond those in `before` (by code and count), as printable lines. */
export function newErrors(before: ReadonlyMap<number, { count: number; first: string }>, after: ReadonlyMap<number, { count: number; first: string }>): string[] {
  const found: string[] = [];
  for (const [code, entry] of after) {
    const had = before.get(code)?.count ?? 0;
    if (entry.count > had) found.push(`${entry.count - had} new: ${entry.first}`);
  }
  return found;
}

/** An exported function declaration of a corpus file, named alone there by its text. */
export interface ExportedFunction {
  file: string;
  name: string;
  text: string;
  /** The function's text up to its parameters' `)`. */
  head: string;
}

/** The exported function declarations with a body of the source files `imported` accepts. */
export function exportedFunctionsOf(files: ReadonlyMap<string, string>, imported: (file: string) => boolean): ExportedFunction[] {
  const found: ExportedFunction[] = [];
  for (const [file, text] of files) {
    if (!isSource(file) || !imported(file)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const node of source.statements) {
      if (!ts.isFunctionDeclaration(node) || !node.body || !node.name || !node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
      const whole = node.getText(source);
      if (text.indexOf(whole) === text.lastIndexOf(whole)) found.push({ file, name: node.name.text, text: whole, head: whole.slice(0, closeParenEnd(node, source) - node.getStart(source)) });
    }
  }
  return found;
}

/** Where a function's parameter list ends, after its `)`. */
function closeParenEnd(node: ts.FunctionDeclaration, source: ts.SourceFile): number {
  return node.getChildren(source).find((child) => child.kind === ts.SyntaxKind.CloseParenToken)!.getEnd();
}
