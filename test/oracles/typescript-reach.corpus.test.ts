import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TypeScriptProject } from '../../src/backends/typescript-project.js';
import { addedDiagnostics, type CurrentTexts } from '../../src/core/semantic/backend.js';
import { sampled, TIME_LIMIT_MS } from './budget.js';
import { evenSample } from './tally.js';
import { aiSdkWorkspaceCorpus, exportedFunctionsOf, isSource } from './typescript-corpus.js';

/**
 * A TypeScript edit is judged only in the files that use, by name, what it changed in a module's
 * declarations (`typescript-reach.ts`), not in every file importing the module. Oracle: TypeScript's
 * checker over the whole project, before and after. On real trees, exported functions are edited as
 * an agent would break them (the body made to throw, the result then `void`; a required parameter
 * added): the errors added in the files chosen must be the errors added anywhere in the project.
 * (zod is left to `typescript-text-edits.corpus.test.ts`, whose oracle checks every file importing the
 * edited one: checking all of zod once costs some 40 s on 2 cores.)
 */
const EDITS = sampled(8);

/** The texts of a project held in a map, as the backend reads them. */
function textsOf(files: ReadonlyMap<string, string>): CurrentTexts {
  const listed = [...files.keys()].sort();
  return {
    text: async (path) => files.get(path),
    files: async () => listed,
    folder: async (path) => {
      const prefix = path === '' ? '' : `${path}/`;
      const under = listed.filter((file) => file.startsWith(prefix)).map((file) => file.slice(prefix.length));
      if (under.length === 0) return null;
      return { files: under.filter((file) => !file.includes('/')), folders: [...new Set(under.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!))] };
    },
  };
}

describe('a TypeScript edit is judged in the files using what it changed (the whole project as the oracle)', () => {
  it(
    'the errors added in the files chosen are those added anywhere (a workspace of three AI SDK packages)',
    async () => {
      const corpus = aiSdkWorkspaceCorpus();
      const sources = [...corpus.files.keys()].filter(isSource);
      const all = exportedFunctionsOf(corpus.files, () => true);
      const sample = evenSample(all, EDITS, (entry) => `${entry.file}:${entry.name}`);
      const project = new TypeScriptProject(ts);
      const before = textsOf(corpus.files);
      const whole = (texts: CurrentTexts) => project.sync(texts).then((program) => project.diagnostics(program, sources));
      const disagreed: string[] = [];
      let edits = 0;
      let chosen = 0;
      let found = 0;
      for (const entry of sample) {
        const throwing = `${entry.head} {\n  throw new Error('zz');\n}`;
        const withParameter = entry.text.replace(/\(\s*\)|\(/, (open) => (open === '(' ? '(zz: number, ' : '(zz: number)'));
        for (const [kind, edited] of [['made to throw', throwing], ['a required parameter added', withParameter]] as const) {
          const after = textsOf(new Map([...corpus.files, [entry.file, corpus.files.get(entry.file)!.replace(entry.text, edited)]]));
          const files = await project.affectedFiles(before, after, [entry.file]);
          const everywhere = addedDiagnostics(await whole(before), await whole(after));
          const narrowed = files === null ? everywhere : addedDiagnostics(project.diagnostics(await project.sync(before), files), project.diagnostics(await project.sync(after), files));
          const key = (diagnostic: { file: string | null; line: number | null; code: string }) => `${diagnostic.file}:${diagnostic.line} ${diagnostic.code}`;
          const [expected, actual] = [everywhere.map(key).sort(), narrowed.map(key).sort()];
          if (expected.join('\n') !== actual.join('\n')) disagreed.push(`${entry.file} ${entry.name} (${kind}): ${files?.length ?? 'all'} files chosen; added anywhere ${expected.length}, there ${actual.length}; missed ${expected.filter((line) => !actual.includes(line)).slice(0, 3).join('; ')}`);
          edits++;
          chosen += files?.length ?? sources.length;
          found += everywhere.length;
        }
      }
      console.log(
        `[typescript reach] ${corpus.name}: ${edits} edits of ${sample.length} exported functions (made to throw, a required parameter added); ${(chosen / edits).toFixed(1)} of ${sources.length} files checked per edit on average; errors added anywhere ${found}, all found in the files chosen: ${disagreed.length === 0 ? 'yes' : `no (${disagreed.length})`}`,
      );
      expect(disagreed).toEqual([]);
      expect(found).toBeGreaterThan(0);
    },
    TIME_LIMIT_MS,
  );
});
