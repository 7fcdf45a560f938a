import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';

/**
 * The real-code check of rename: on a real multi-file TypeScript package from node_modules, rename
 * each exported top-level function with applyEdits (dry run) and compare the changed places with
 * the rename locations of TypeScript's own language service on the same files.
 */

const PACKAGE = join(import.meta.dirname, '..', '..', 'node_modules', '@ai-sdk', 'provider-utils', 'src');

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function languageService(files: ReadonlyMap<string, string>): ts.LanguageService {
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, noLib: true, types: [], allowImportingTsExtensions: true };
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => (files.has(name) ? ts.ScriptSnapshot.fromString(files.get(name)!) : undefined),
    getCurrentDirectory: () => '/',
    getDefaultLibFileName: () => '/lib.d.ts',
    fileExists: (name) => files.has(name),
    readFile: (name) => files.get(name),
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

/** `export function f` at the top level: its file, name and the position of the name. */
function exportedFunctions(files: ReadonlyMap<string, string>): { file: string; name: string; position: number }[] {
  const found: { file: string; name: string; position: number }[] = [];
  for (const [file, text] of files) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name || !statement.body) continue;
      if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
      found.push({ file, name: statement.name.text, position: statement.name.getStart(source) });
    }
  }
  return found;
}

describe('rename agrees with TypeScript findRenameLocations on a real package', () => {
  it('@ai-sdk/provider-utils: identical location sets for at least 95% of its exported functions', async () => {
    const paths = walk(PACKAGE).sort();
    const texts = new Map(paths.map((path) => [`/${relative(PACKAGE, path).replaceAll('\\', '/')}`, readFileSync(path, 'utf8')]));
    expect(texts.size).toBeGreaterThan(50);
    const service = languageService(texts);
    const functions = exportedFunctions(texts);
    expect(functions.length).toBeGreaterThan(50);
    const editor = createEditor({ fs: memoryFs(Object.fromEntries([...texts].map(([path, text]) => [path.slice(1), text]))), semantic: 'syntax' });
    const disagreements: string[] = [];
    const targets = new Map<string, Map<string, string>>();
    const targetOf = async (file: string, name: string): Promise<string> => {
      if (!targets.has(file)) {
        const listed = await editor.listStructures({ path: file, depth: 1 });
        targets.set(file, new Map(listed.isOk() ? listed.value.structures.flatMap((s) => (s.name !== null && s.target !== null ? [[s.name, s.target] as const] : [])) : []));
      }
      return targets.get(file)!.get(name) ?? `function ${name}`;
    };
    for (const fn of functions) {
      const text = texts.get(fn.file)!;
      // The address an agent would send: the function's shortest unique target, as listStructures gives it.
      const address = await targetOf(fn.file.slice(1), fn.name);
      const expected = (service.findRenameLocations(fn.file, fn.position, false, false, { providePrefixAndSuffixTextForRename: false }) ?? [])
        .map((location) => {
          const source = ts.createSourceFile(location.fileName, texts.get(location.fileName)!, ts.ScriptTarget.ES2022);
          const { line, character } = source.getLineAndCharacterOfPosition(location.textSpan.start);
          return `${location.fileName.slice(1)}:${line + 1}:${character + 1}`;
        })
        .sort();
      const result = await editor.applyEdits({ edits: [{ op: 'rename', path: fn.file.slice(1), address, new_name: `${fn.name}Renamed` }], options: { dry_run: true } });
      let actual: string[];
      if (result.isErr()) actual = [`error ${result.error.error}: ${result.error.message.slice(0, 160)}`];
      else {
        const outcome = result.value.results[0]!;
        actual = outcome.op === 'rename' && outcome.status === 'applied' ? outcome.changes.map((change) => `${change.file}:${change.line}:${change.column}`).sort() : ['not applied'];
      }
      if (actual.join() !== expected.join()) {
        const missing = expected.filter((place) => !actual.includes(place));
        const extra = actual.filter((place) => !expected.includes(place));
        disagreements.push(`${fn.file.slice(1)} ${fn.name}: missing [${missing.join(', ')}] extra [${extra.join(', ')}] (${text.length} chars)`);
      }
    }
    const agreeing = functions.length - disagreements.length;
    const share = agreeing / functions.length;
    console.log(`rename vs TypeScript ${ts.version} findRenameLocations on @ai-sdk/provider-utils (${texts.size} files): identical location sets for ${agreeing} of ${functions.length} exported functions (${(share * 100).toFixed(1)}%)${disagreements.length > 0 ? `\n  ${disagreements.join('\n  ')}` : ''}`);
    expect(share).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
