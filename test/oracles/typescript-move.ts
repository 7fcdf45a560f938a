import ts from 'typescript';
import { CorpusEngine, writtenFiles } from './engine.js';
import { evenSample, Tally } from './tally.js';
import { CorpusLanguageService, isSource, newErrors, type TypeScriptCorpus } from './typescript-corpus.js';
import { filesToCheck, typeScriptAddress, typeScriptDeclarations } from './typescript-rename.js';

/**
 * Moves of exported top-level TypeScript declarations to another file (every other one to a new
 * file beside it, the others to an existing sibling), then the language service's errors of the
 * changed files and of every file that mentions the name: none may be new.
 */

/** Where a declaration moves: a new file beside it, or the first other module of its folder. */
export function typeScriptDestination(file: string, sources: readonly string[], index: number): string {
  const folder = file.slice(0, file.lastIndexOf('/') + 1);
  const siblings = sources.filter((other) => other !== file && other.startsWith(folder) && !other.slice(folder.length).includes('/') && !/(^|\/)index\.ts$|\.test\.ts$/.test(other));
  if (index % 2 === 1 && siblings.length > 0) return siblings[0]!;
  return `${folder}moved-by-oracle.ts`;
}

/** Runs the moves on one corpus. */
export async function typeScriptMovesChecked(corpus: TypeScriptCorpus, options: { sample: number }): Promise<Tally> {
  const sources = [...corpus.files.keys()].filter(isSource).sort();
  const tally = new Tally(`move (TypeScript): ${corpus.name} (${sources.length} files)`, 'move');
  const candidates = typeScriptDeclarations(corpus).filter((declaration) => declaration.owner === null && !/\.test\.ts$/.test(declaration.file));
  tally.total = candidates.length;
  const sample = evenSample(candidates, options.sample, (declaration) => `${declaration.file}:${String(declaration.line).padStart(6, '0')}`);
  tally.sampled = sample.length;
  const registry = ts.createDocumentRegistry();
  const pristine = new CorpusLanguageService(corpus, registry);
  const edited = new CorpusLanguageService(corpus, registry);
  const engine = new CorpusEngine(corpus.files);
  for (const [index, declaration] of sample.entries()) {
    const to = typeScriptDestination(declaration.file, sources, index);
    const label = `${declaration.kind} ${declaration.name} (${declaration.file}:${declaration.line}) → ${to}`;
    const edit = { op: 'move' as const, path: declaration.file, address: await typeScriptAddress(engine, declaration), to };
    const dry = await tally.timed('engine', () => engine.run(edit, true));
    if (dry.kind === 'crashed') {
      tally.crashed.push(`${label}: ${dry.message.split('\n').slice(0, 3).join(' | ')}`);
      continue;
    }
    if (dry.kind === 'refused') {
      tally.add(label, { kind: 'refused', code: dry.code, message: dry.message });
      continue;
    }
    const written = await writtenFiles(engine, tally, edit, label);
    if (written === null) continue;
    const files = filesToCheck(corpus, Object.keys(written.files), [declaration.name]);
    edited.set(written.files);
    const found = await tally.timed('type checks', () => Promise.resolve(files.flatMap((file) => newErrors(pristine.errors(file), edited.errors(file)))));
    edited.reset();
    tally.checked++;
    if (found.length > 0) tally.broke.push(`${label}: ${found.slice(0, 3).join('; ')}`);
    else tally.add(label, { kind: 'agreed', engineOnly: [] });
  }
  return tally;
}
