import type { RenameOutcome, SemanticBackendOptions } from 'structedit';
import { CorpusEngine, writtenFiles } from './engine.js';
import type { ClassRef, GotoTarget, JediOracle, Place, PythonDeclaration } from './jedi-client.js';
import { moduleOf, type PythonCorpus } from './python-corpus.js';
import { evenSample, placeKey, Tally, type ShownPlace } from './tally.js';

/**
 * Rename vs jedi on one Python package: for each sampled top-level function and class and each
 * method, structedit's rename (dry run) against jedi's `get_references`, then the renamed package
 * compiled and imported.
 */

/** How a run is bounded. */
export interface PythonRunOptions {
  /** At most this many declarations (an even sample of all). */
  sample: number;
  /** Declarations whose name occurs (as a word) more often than this in the package are left out: jedi infers every occurrence, which takes it seconds to minutes. */
  maxOccurrences: number;
  /** Per jedi query. */
  limitSeconds: number;
  /** The semantic backend measured (default: the syntactic engine). */
  semantic?: SemanticBackendOptions;
}

/** The target an agent would send for a declaration: the one listStructures gives, else the literal start. */
export async function addressOf(engine: CorpusEngine, declaration: PythonDeclaration): Promise<string> {
  const target = await engine.targetAt(declaration.file, declaration.name, declaration.line, declaration.owner);
  if (target !== null) return target;
  const keyword = declaration.kind === 'class' ? 'class' : 'def';
  return declaration.owner === null ? `${keyword} ${declaration.name}` : `class ${declaration.owner}\ndef ${declaration.name}`;
}

/** How often `name` occurs as a word in the corpus. */
function occurrences(files: ReadonlyMap<string, string>, name: string): number {
  const word = new RegExp(`(?<![\\w])${name}(?![\\w])`, 'gu');
  let count = 0;
  for (const text of files.values()) count += text.match(word)?.length ?? 0;
  return count;
}

function shown(files: ReadonlyMap<string, string>, place: Place): ShownPlace {
  return { ...place, text: (files.get(place.file)?.split('\n')[place.line - 1] ?? '') };
}

/**
 * Whether an engine-only place is an identifier string of an `__all__` list in a file where the
 * name is also imported or defined, or that imports names with `import *` without spelling them
 * (jedi does not look into strings; renaming such an entry is right, leaving it would break
 * `from package import *`; a wrong one fails the import check).
 */
function isAllEntryJediCannotSee(place: Place, allStrings: ReadonlySet<string>, filesWithName: ReadonlySet<string>, files: ReadonlyMap<string, string>): boolean {
  return allStrings.has(placeKey(place)) && (filesWithName.has(place.file) || /^\s*from\s+\S+\s+import\s+\*/m.test(files.get(place.file) ?? ''));
}

/** Whether a name is a protocol method (`__eq__`): its uses are implicit, no reference search finds them. */
export function isDunder(name: string): boolean {
  return /^__\w+__$/.test(name);
}

/** The class of a goto target that is the member `name` (`email.generator.Generator._handle_text` → [email.generator, Generator]). */
function classOfMember(target: GotoTarget, name: string): ClassRef | null {
  if (target.full_name === null || target.module === null || target.name !== name) return null;
  const inModule = target.full_name.startsWith(`${target.module}.`) ? target.full_name.slice(target.module.length + 1) : null;
  const qualname = inModule?.endsWith(`.${name}`) ? inModule.slice(0, -name.length - 1) : null;
  return qualname ? [target.module, qualname] : null;
}

/**
 * For a method: whether each place's goto targets are all the member in classes sharing it with
 * the method's class (by the interpreter's MRO), and the classes outside the package declaring it.
 */
async function inHierarchy(oracle: JediOracle, corpus: PythonCorpus, declaration: PythonDeclaration, places: readonly Place[], targets: ReadonlyArray<readonly GotoTarget[] | null>): Promise<{ related: boolean[]; external: string[] } | null> {
  const module = moduleOf(declaration.file);
  if (module === null || declaration.owner === null) return null;
  const classes = places.map((_, at) => (targets[at] ?? []).map((target) => classOfMember(target, declaration.name)));
  const others = classes.flat().filter((ref): ref is ClassRef => ref !== null);
  const [answer] = await oracle.hierarchy(corpus.root, corpus.name, declaration.name, [[[module, declaration.owner], others]]);
  if (!answer) return null;
  let next = 0;
  const related = classes.map((refs) => {
    const verdicts = refs.map((ref) => (ref === null ? false : answer.related[next++] === true));
    return verdicts.length > 0 && verdicts.every(Boolean);
  });
  return { related, external: answer.external };
}

/** Runs the comparison on one corpus. */
export async function renameAgainstJedi(corpus: PythonCorpus, oracle: JediOracle, checker: JediOracle, options: PythonRunOptions): Promise<Tally> {
  const backend = typeof options.semantic === 'object' ? Object.entries(options.semantic).map(([language, choice]) => (typeof choice === 'object' ? choice.name : `${language} ${choice}`)).join(', ') : (options.semantic ?? 'syntax');
  const tally = new Tally(`rename (${backend} backend) vs jedi: ${corpus.name} (${corpus.files.size} files)`);
  const files = [...corpus.files.keys()];
  const { declarations, all_strings: allStrings, annotation_strings: annotationStrings } = await oracle.declarations(corpus.root, files);
  tally.total = declarations.length;
  const eligible = declarations.filter((declaration) => {
    const reason = isDunder(declaration.name) ? 'protocol methods (__x__)' : occurrences(corpus.files, declaration.name) > options.maxOccurrences ? `names occurring > ${options.maxOccurrences} times (jedi too slow)` : null;
    if (reason !== null) tally.excluded.set(reason, (tally.excluded.get(reason) ?? 0) + 1);
    return reason === null;
  });
  const sample = evenSample(eligible, options.sample, (declaration) => `${declaration.file}:${String(declaration.line).padStart(6, '0')}:${declaration.name}`);
  tally.sampled = sample.length;
  const allKeys = new Set(allStrings.map(placeKey));
  const annotationKeys = new Set(annotationStrings.map(placeKey));
  const engine = new CorpusEngine(corpus.files, options.semantic);
  const modules = [...new Set(files.map(moduleOf).filter((module): module is string => module !== null))];
  const baseline = await checker.check(corpus.root, corpus.name, {}, { modules });
  const importable = new Set(modules.filter((module) => !(module in baseline.import_failures)));
  // Ask jedi for everything at once: its process works through the queue while the engine runs.
  const answers = sample.map((declaration) => oracle.references(corpus.root, declaration, options.limitSeconds).catch((error: unknown) => ({ failed: error instanceof Error ? error.message : String(error) })));
  const checks: Promise<void>[] = [];
  for (const [index, declaration] of sample.entries()) {
    const label = `${declaration.kind} ${declaration.owner === null ? '' : `${declaration.owner}.`}${declaration.name} (${declaration.file}:${declaration.line})`;
    const address = await addressOf(engine, declaration);
    const edit = { op: 'rename' as const, path: declaration.file, address, new_name: `${declaration.name}_renamed` };
    const outcome = await tally.timed('engine', () => engine.run(edit, true));
    const answer = await tally.timed('waiting for jedi', () => answers[index]!);
    if (outcome.kind === 'crashed') {
      tally.crashed.push(`${label}: ${outcome.message.split('\n').slice(0, 3).join(' | ')}`);
      continue;
    }
    if ('failed' in answer) {
      tally.add(label, { kind: 'oracle_unavailable', reason: answer.failed });
      continue;
    }
    if ('timeout' in answer) {
      tally.add(label, { kind: 'oracle_unavailable', reason: `jedi took more than ${options.limitSeconds} s` });
      continue;
    }
    const expected = answer.references.filter((place) => place.name === declaration.name);
    if (!expected.some((place) => placeKey(place) === placeKey(declaration))) {
      tally.add(label, { kind: 'oracle_unavailable', reason: `jedi's references do not include the declaration (${expected.length} places)` });
      continue;
    }
    if (outcome.kind === 'refused') {
      tally.add(label, { kind: 'refused', code: outcome.code, message: outcome.message });
      continue;
    }
    const rename = outcome.result.results[0] as RenameOutcome;
    const actual = rename.changes.map((change) => ({ file: change.file, line: change.line, column: change.column }));
    const expectedKeys = new Set(expected.map(placeKey));
    const actualKeys = new Set(actual.map(placeKey));
    const filesWithName = new Set([...expected, ...actual].filter((place) => !allKeys.has(placeKey(place))).map((place) => place.file));
    const missed = expected.filter((place) => !actualKeys.has(placeKey(place)));
    const extra = actual.filter((place) => !expectedKeys.has(placeKey(place)));
    const allEntries = extra.filter((place) => isAllEntryJediCannotSee(place, allKeys, filesWithName, corpus.files));
    const forwardReferences = extra.filter((place) => annotationKeys.has(placeKey(place)));
    // An engine-only place that jedi's own goto takes to the declaration, or to a place jedi lists
    // as one of its references (an import of it), is one its get_references missed (it searches a
    // limited number of files, and gives up on some inferences).
    const others = extra.filter((place) => !allEntries.includes(place) && !forwardReferences.includes(place));
    const targets = others.length === 0 ? [] : await tally.timed('waiting for jedi', () => oracle.goto(corpus.root, others, options.limitSeconds));
    const confirmed = others.filter((_, at) => targets[at]?.some((target) => expectedKeys.has(placeKey(target))) === true);
    const unconfirmed = others.filter((place) => !confirmed.includes(place));
    // A method: the interpreter's MRO says which classes share it (an engine-only place whose goto
    // reaches the member in such a class is one of the overrides renamed together), and whether a
    // class outside the package declares it (then the rename breaks an override: a disagreement).
    const hierarchy = declaration.owner === null ? null : await tally.timed('waiting for jedi', () => inHierarchy(oracle, corpus, declaration, unconfirmed, unconfirmed.map((place) => targets[others.indexOf(place)] ?? null)));
    const overrides = unconfirmed.filter((_, at) => hierarchy?.related[at] === true);
    const wrong = unconfirmed.filter((place) => !overrides.includes(place));
    const sorted = (places: Place[]) => places.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column).map((place) => shown(corpus.files, place));
    const engineOnly = [
      ...sorted(allEntries).map((place) => ({ ...place, note: '__all__ entry: jedi does not read strings' })),
      ...sorted(forwardReferences).map((place) => ({ ...place, note: 'string annotation (a forward reference): jedi does not read strings' })),
      ...sorted(confirmed).map((place) => ({ ...place, note: "not in jedi's get_references, but jedi's goto here reaches the declaration or an import of it" })),
      ...sorted(overrides).map((place) => ({ ...place, note: 'the same member of a class sharing it by inheritance (the interpreter’s MRO): overrides are renamed together' })),
    ];
    const external = hierarchy?.external ?? [];
    if (missed.length === 0 && wrong.length === 0 && external.length === 0) tally.add(label, { kind: 'agreed', engineOnly });
    else tally.add(label, { kind: 'disagreed', missed: sorted(missed), extra: sorted(wrong), ...(external.length > 0 ? { note: `renamed, but ${external.join(', ')} outside the package declares it too (the override no longer overrides)` } : {}) });
    // Every applied rename, agreeing or not: the package must still compile and import.
    const written = await writtenFiles(engine, tally, edit, label);
    if (written === null) continue;
    const frozen = Object.keys(written.files).filter((file) => corpus.frozen.has(file));
    if (frozen.length > 0) tally.partlyChecked.push(`${label}: compiled only, not imported (changes ${frozen.join(', ')}, which the interpreter runs frozen)`);
    const changedModules = frozen.length > 0 ? [] : [corpus.name, ...Object.keys(written.files).map(moduleOf)].filter((module): module is string => module !== null && importable.has(module));
    tally.checked++;
    checks.push(
      checker.check(corpus.root, corpus.name, written.files, { modules: [...new Set(changedModules)] }).then((result) => {
        const failures = [...result.compile_errors.map((error) => `does not compile: ${error.file}:${error.line ?? '?'} ${error.message}`), ...Object.entries(result.import_failures).map(([module, why]) => `import ${module} fails: ${why}`)];
        if (failures.length > 0) tally.broke.push(`${label}: ${failures.slice(0, 3).join('; ')}`);
      }),
    );
  }
  await tally.timed('waiting for checks', () => Promise.all(checks));
  return tally;
}
