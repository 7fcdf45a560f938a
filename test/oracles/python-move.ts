import type { MoveOutcome } from 'structedit';
import { CorpusEngine, writtenFiles } from './engine.js';
import type { JediOracle, PythonCheck, PythonDeclaration } from './jedi-client.js';
import { moduleOf, type PythonCorpus } from './python-corpus.js';
import { addressOf } from './python-rename.js';
import { evenSample, Tally } from './tally.js';

/**
 * Moves of top-level Python declarations to another file of the package (every other one to a new
 * file beside it, the others to an existing sibling), then checks of the moved-to package: the
 * written files compile, the package and the changed modules import, no written file uses a
 * global name that nothing binds (that it did not already), and every use of the moved name that
 * jedi resolved to the declaration before still reaches it after the move.
 */

/** Where a declaration moves: a new file beside it, or the first other module of its folder. */
export function destinationOf(declaration: PythonDeclaration, files: readonly string[], index: number): string {
  const folder = declaration.file.slice(0, declaration.file.lastIndexOf('/') + 1);
  const siblings = files.filter((file) => file !== declaration.file && file.startsWith(folder) && !file.slice(folder.length).includes('/') && !/__(init|main)__\.py$/.test(file));
  if (index % 2 === 1 && siblings.length > 0) return siblings[0]!;
  return `${folder}moved_by_oracle.py`;
}

function reachCount(uses: PythonCheck['resolved'], reaches: (target: { file: string; line: number }) => boolean): { reaching: number; lost: string[]; timedOut: number } {
  let reaching = 0;
  let timedOut = 0;
  const lost: string[] = [];
  for (const use of uses ?? []) {
    if (use.targets === null) timedOut++;
    else if (use.targets.some((target) => target !== null && reaches(target))) reaching++;
    else lost.push(`${use.file}:${use.line}`);
  }
  return { reaching, lost, timedOut };
}

/** Runs the moves on one corpus (`oracle` declares and resolves, `checker` compiles and imports). */
export async function movesChecked(corpus: PythonCorpus, oracle: JediOracle, checker: JediOracle, options: { sample: number }): Promise<Tally> {
  const tally = new Tally(`move (Python): ${corpus.name} (${corpus.files.size} files)`, 'move');
  const files = [...corpus.files.keys()];
  const { declarations } = await oracle.declarations(corpus.root, files);
  const topLevel = declarations.filter((declaration) => declaration.owner === null);
  tally.total = topLevel.length;
  const sample = evenSample(topLevel, options.sample, (declaration) => `${declaration.file}:${String(declaration.line).padStart(6, '0')}`);
  tally.sampled = sample.length;
  const engine = new CorpusEngine(corpus.files);
  const modules = [...new Set(files.map(moduleOf).filter((module): module is string => module !== null))];
  // The corpus written as it is: which modules import and which names are already undefined (set by `global` in a function, say).
  const baseline = await checker.check(corpus.root, corpus.name, Object.fromEntries(corpus.files), { modules, names: true });
  const importable = new Set(modules.filter((module) => !(module in baseline.import_failures)));
  for (const [index, declaration] of sample.entries()) {
    const to = destinationOf(declaration, files, index);
    const label = `${declaration.kind} ${declaration.name} (${declaration.file}:${declaration.line}) → ${to}`;
    const address = await addressOf(engine, declaration);
    const edit = { op: 'move' as const, path: declaration.file, address, to };
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
    const moved = written.result.results[0] as MoveOutcome;
    const mentioning = files.filter((file) => corpus.files.get(file)!.includes(declaration.name));
    const resolveFiles = [...new Set([...mentioning, ...Object.keys(written.files)])].filter((file) => file.endsWith('.py')).sort();
    const frozen = Object.keys(written.files).filter((file) => corpus.frozen.has(file));
    if (frozen.length > 0) tally.partlyChecked.push(`${label}: not imported (changes ${frozen.join(', ')}, which the interpreter runs frozen)`);
    const changedModules = frozen.length > 0 ? [] : [corpus.name, ...Object.keys(written.files).map(moduleOf)].filter((module): module is string => module !== null && (importable.has(module) || !corpus.files.has(`${module.replaceAll('.', '/')}.py`)));
    const [before, after] = await tally.timed('checks', () => Promise.all([
      oracle.resolve(corpus.root, mentioning, declaration.name),
      checker.check(corpus.root, corpus.name, written.files, { modules: [...new Set(changedModules)], names: true, resolve: { files: resolveFiles, name: declaration.name } }),
    ]));
    tally.checked++;
    const problems: string[] = [];
    for (const error of after.compile_errors) problems.push(`does not compile: ${error.file}:${error.line ?? '?'} ${error.message}`);
    for (const [module, why] of Object.entries(after.import_failures)) problems.push(`import ${module} fails: ${why}`);
    for (const [file, names] of Object.entries(after.undefined_names)) {
      const had = new Set(baseline.undefined_names[file] ?? []);
      const added = names.filter((name) => !had.has(name));
      if (added.length > 0) problems.push(`${file} uses undefined ${added.join(', ')}`);
    }
    const reachedBefore = reachCount(before.uses, (target) => target.file === declaration.file && target.line === declaration.line);
    const reachedAfter = reachCount(after.resolved, (target) => target.file === moved.to);
    if (reachedBefore.timedOut + reachedAfter.timedOut > 0 && problems.length === 0) {
      tally.add(label, { kind: 'oracle_unavailable', reason: `jedi's goto timed out or failed on ${reachedBefore.timedOut + reachedAfter.timedOut} uses` });
      continue;
    }
    if (reachedAfter.reaching < reachedBefore.reaching) problems.push(`${reachedBefore.reaching - reachedAfter.reaching} of ${reachedBefore.reaching} uses no longer reach the definition (jedi; not reaching now: ${reachedAfter.lost.slice(0, 4).join(', ')})`);
    if (problems.length > 0) tally.broke.push(`${label}: ${problems.slice(0, 3).join('; ')}`);
    else tally.add(label, { kind: 'agreed', engineOnly: [] });
  }
  return tally;
}
