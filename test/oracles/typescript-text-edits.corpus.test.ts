import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { sampled, TIME_LIMIT_MS } from './budget.js';
import { evenSample } from './tally.js';
import { aiSdkWorkspaceCorpus, CorpusLanguageService, isSource, newErrors } from './typescript-corpus.js';

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
 */
const FUNCTIONS = sampled(12);

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
});
