import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { sampled, TIME_LIMIT_MS } from './budget.js';
import { evenSample } from './tally.js';
import { aiSdkWorkspaceCorpus, CorpusLanguageService, exportedFunctionsOf, isSource, newErrors, zodCorpus, type TypeScriptCorpus } from './typescript-corpus.js';

/**
 * Text edits of TypeScript judged by its checker, against an independent language service over the
 * same files (its own host and program, the repository's compiler options): on real sources (three
 * packages of the AI SDK as a workspace), each sampled function is edited twice through `editFile`,
 * as an agent's exact-text edit (a dry run, checked as a write is), with the default backend:
 *
 * - a comment put at the start of its body (changes nothing the checker sees): must be applied, and
 *   the oracle must find no new error in the file;
 * - a call of a name declared nowhere put there: must be refused (`TYPE_ERRORS_ADDED`), and the
 *   oracle must find the new error too.
 *
 * Every disagreement is printed and fails the test.
 *
 * Then what an edit changes for other files, on the AI SDK workspace and on zod's sources: exported
 * functions of files other files import lose their return type and get a body that only throws
 * (what they return becomes `void`: callers that use it break, callers that do not are fine, and
 * the file itself still type-checks). The oracle checks every file that imports the edited one,
 * directly or through others (by its own module resolution, not by what changed shape); an edit
 * must be refused exactly where it finds a new error.
 */
const FUNCTIONS = sampled(12);
/** Per corpus (zod's core modules reach ~160 files each: seconds an edit, checked before and after). */
const THROWING = { 'AI SDK': sampled(10), zod: sampled(4) };

interface SampledFunction {
  file: string;
  name: string;
  /** The function's text, and the offset of its body's `{` in it. */
  text: string;
  open: number;
}

function functionsOf(files: ReadonlyMap<string, string>): SampledFunction[] {
  const found: SampledFunction[] = [];
  for (const [file, text] of files) {
    if (!isSource(file)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.body && node.name && ts.isIdentifier(node.name)) {
        const whole = node.getText(source);
        // Its text must name it alone in the file (overloads share their heads).
        if (text.indexOf(whole) === text.lastIndexOf(whole)) found.push({ file, name: node.name.text, text: whole, open: node.body.getStart(source) - node.getStart(source) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** For each corpus file, the corpus files importing it (by the oracle's module resolution), transitively. */
function dependentsOf(corpus: TypeScriptCorpus, oracle: CorpusLanguageService): (file: string) => string[] {
  const importers = new Map<string, Set<string>>();
  const host = { fileExists: (name: string) => oracle.read(name) !== undefined, readFile: (name: string) => oracle.read(name) };
  for (const [file, text] of corpus.files) {
    if (!isSource(file)) continue;
    for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
      const resolved = ts.resolveModuleName(imported.fileName, oracle.absolute(file), corpus.options, host).resolvedModule;
      const target = resolved ? oracle.relative(resolved.resolvedFileName) : null;
      if (target === null || target === file) continue;
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target)!.add(file);
    }
  }
  return (file) => {
    const reached = new Set<string>();
    const visit = (path: string) => {
      for (const importer of importers.get(path) ?? []) {
        if (reached.has(importer) || importer === file) continue;
        reached.add(importer);
        visit(importer);
      }
    };
    visit(file);
    return [...reached].sort();
  };
}

describe('text edits of TypeScript are judged by its checker, as an independent language service judges them', () => {
  it(
    'a neutral edit of a real function is applied, one calling an undeclared name refused; the oracle agrees on each',
    async () => {
      const corpus = aiSdkWorkspaceCorpus();
      const all = functionsOf(corpus.files);
      const sample = evenSample(all, FUNCTIONS, (entry) => `${entry.file}:${entry.name}`);
      const oracle = new CorpusLanguageService(corpus);
      const disagreed: string[] = [];
      let applied = 0;
      let refused = 0;
      let checkMs = 0;
      // One editor, as an agent's session has it: dry runs (checked as writes are), nothing written.
      const editor = createEditor({ fs: memoryFs(Object.fromEntries(corpus.files)) });
      for (const entry of sample) {
        const original = corpus.files.get(entry.file)!;
        const before = oracle.errors(entry.file);
        for (const [kind, inserted] of [['neutral', ' /* checked */'], ['undeclared', ' zzUndeclared();']] as const) {
          const edited = `${entry.text.slice(0, entry.open + 1)}${inserted}${entry.text.slice(entry.open + 1)}`;
          const started = performance.now();
          const result = await editor.editFile({ path: entry.file, edits: [{ old_text: entry.text, new_text: edited }], dry_run: true });
          checkMs += performance.now() - started;
          oracle.set({ [entry.file]: original.replace(entry.text, edited) });
          const added = newErrors(before, oracle.errors(entry.file));
          oracle.reset();
          const label = `${entry.file} ${entry.name} (${kind})`;
          if (kind === 'neutral') {
            if (result.isOk() && added.length === 0) applied++;
            else disagreed.push(`${label}: ${result.isOk() ? 'applied' : `${result.error.error} ${result.error.message.slice(0, 200)}`}; oracle: ${added.join('; ') || 'no new error'}`);
          } else if (result.isErr() && result.error.error === 'TYPE_ERRORS_ADDED' && result.error.message.includes("'zzUndeclared'") && added.some((line) => line.includes('TS2304'))) refused++;
          else disagreed.push(`${label}: ${result.isOk() ? 'applied' : `${result.error.error} ${result.error.message.slice(0, 200)}`}; oracle: ${added.join('; ') || 'no new error'}`);
        }
      }
      console.log(
        [
          `[typescript text edits] ${corpus.name}: ${sample.length} of ${all.length} functions sampled`,
          `  neutral edit applied, oracle finds no new error: ${applied}/${sample.length}`,
          `  call of an undeclared name refused (TYPE_ERRORS_ADDED), oracle finds TS2304: ${refused}/${sample.length}`,
          `  editFile with the check (dry run), one editor: ${(checkMs / (2 * sample.length)).toFixed(0)} ms per edit on average, the first one's program included`,
          ...disagreed.map((line) => `  disagreed: ${line}`),
        ].join('\n'),
      );
      expect(sample.length).toBe(Math.min(FUNCTIONS, all.length));
      expect(disagreed).toEqual([]);
    },
    TIME_LIMIT_MS,
  );

  // Two real trees: a workspace of three packages importing each other through tsconfig paths, and zod's sources.
  it.each([['AI SDK', aiSdkWorkspaceCorpus], ['zod', zodCorpus]] as const)(
    'a body that changes what other files see is refused exactly where the oracle finds an error in a file importing it (%s)',
    async (name, load) => {
      const corpus = load();
      const oracle = new CorpusLanguageService(corpus);
      const dependents = dependentsOf(corpus, oracle);
      const all = exportedFunctionsOf(corpus.files, (file) => dependents(file).length > 0);
      const sample = evenSample(all, THROWING[name], (entry) => `${entry.file}:${entry.name}`);
      const errorsBefore = new Map<string, ReturnType<CorpusLanguageService['errors']>>();
      const before = (file: string) => errorsBefore.get(file) ?? errorsBefore.set(file, oracle.errors(file)).get(file)!;
      const disagreed: string[] = [];
      let refused = 0;
      let applied = 0;
      let checkMs = 0;
      let checkedFiles = 0;
      let filesAgreed = 0;
      let filesOracle = 0;
      const editor = createEditor({ fs: memoryFs(Object.fromEntries(corpus.files)) });
      for (const entry of sample) {
        const reached = [entry.file, ...dependents(entry.file)];
        for (const file of reached) before(file);
        const edited = `${entry.head} {\n  throw new Error('zz');\n}`;
        const started = performance.now();
        const result = await editor.editFile({ path: entry.file, edits: [{ old_text: entry.text, new_text: edited }], dry_run: true });
        checkMs += performance.now() - started;
        oracle.set({ [entry.file]: corpus.files.get(entry.file)!.replace(entry.text, edited) });
        const addedByFile = reached.map((file) => [file, newErrors(before(file), oracle.errors(file))] as const);
        const added = addedByFile.flatMap(([, errors]) => errors);
        oracle.reset();
        checkedFiles += reached.length;
        const verdict = result.isOk() ? 'applied' : `${result.error.error} ${result.error.message.slice(0, 240)}`;
        // (Refused for errors in files where the oracle finds new ones too. Not always in each of them: the editor's program
        // has no node_modules here, so a file the oracle finds broken may be in error for it before the edit already.)
        const filesBroken = new Set(addedByFile.flatMap(([file, errors]) => (errors.length > 0 ? [file] : [])));
        const filesRefusedFor = result.isErr() && result.error.error === 'TYPE_ERRORS_ADDED' ? [...new Set(result.error.details.errors.map((error) => error.file ?? '(project)'))] : [];
        const unfounded = filesRefusedFor.filter((file) => !filesBroken.has(file));
        if (added.length === 0 && result.isOk()) applied++;
        else if (added.length > 0 && result.isErr() && result.error.error === 'TYPE_ERRORS_ADDED' && unfounded.length === 0) {
          refused++;
          filesAgreed += filesRefusedFor.length;
          filesOracle += filesBroken.size;
        } else if (added.length > 0 && result.isErr() && result.error.error === 'TYPE_ERRORS_ADDED') disagreed.push(`${entry.file} ${entry.name}: refused for errors in ${unfounded.join(', ')}, where the oracle finds none new`);
        else disagreed.push(`${entry.file} ${entry.name}: ${verdict}; oracle over ${reached.length} files: ${added.join('; ') || 'no new error'}`);
      }
      console.log(
        [
          `[typescript text edits] ${corpus.name}: ${sample.length} of ${all.length} exported functions of imported files sampled, made to return nothing`,
          `  refused (TYPE_ERRORS_ADDED), oracle finds a new error in the file or a file importing it: ${refused}/${sample.length} (for errors in ${filesAgreed} files, each one where the oracle finds new errors; it finds them in ${filesOracle})`,
          `  applied, oracle finds none in ${checkedFiles} files checked in all: ${applied}/${sample.length}`,
          `  editFile with the check (dry run), one editor: ${(checkMs / sample.length).toFixed(0)} ms per edit on average, the first one's program included`,
          ...disagreed.map((line) => `  disagreed: ${line}`),
        ].join('\n'),
      );
      expect(sample.length).toBe(Math.min(THROWING[name], all.length));
      expect(disagreed).toEqual([]);
    },
    // (Twice the limit: the oracle checks each of zod's ~160 files importing the edited one after every edit, ~30 s each time on 2 cores.)
    2 * TIME_LIMIT_MS,
  );
});
