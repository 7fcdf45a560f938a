import ts from 'typescript';
import type { RenameOutcome, SemanticBackendOptions } from 'structedit';
import { CorpusEngine, writtenFiles } from './engine.js';
import { evenSample, placeKey, Tally, type ShownPlace } from './tally.js';
import { CorpusLanguageService, isSource, newErrors, type TypeScriptCorpus } from './typescript-corpus.js';

/**
 * Rename vs TypeScript on one corpus: for each sampled exported declaration and each member of an
 * exported class, structedit's rename (dry run) against the language service's
 * `findRenameLocations`; then the renamed files in the language service, whose errors must not grow.
 */

/** A declaration TypeScript's parser found (independent of structedit). */
export interface TypeScriptDeclaration {
  file: string;
  name: string;
  kind: string;
  /** The class of a member. */
  owner: string | null;
  /** 1-based line and UTF-16 column of the name. */
  line: number;
  column: number;
  /** Offset of the name, for the language service. */
  position: number;
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false);
}

/** Exported top-level declarations and members of exported classes, one per name and owner in a file. */
export function typeScriptDeclarations(corpus: TypeScriptCorpus): TypeScriptDeclaration[] {
  const found = new Map<string, TypeScriptDeclaration>();
  for (const [file, text] of corpus.files) {
    if (!isSource(file)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const add = (name: ts.Node, kind: string, owner: string | null) => {
      if (!ts.isIdentifier(name)) return;
      const key = `${file}\0${owner ?? ''}\0${name.text}`;
      if (found.has(key)) return;
      const position = name.getStart(source);
      const { line, character } = source.getLineAndCharacterOfPosition(position);
      found.set(key, { file, name: name.text, kind, owner, line: line + 1, column: character + 1, position });
    };
    for (const statement of source.statements) {
      if (!isExported(statement)) continue;
      if (ts.isFunctionDeclaration(statement) && statement.name) add(statement.name, 'function', null);
      else if (ts.isInterfaceDeclaration(statement)) add(statement.name, 'interface', null);
      else if (ts.isTypeAliasDeclaration(statement)) add(statement.name, 'type', null);
      else if (ts.isEnumDeclaration(statement)) add(statement.name, 'enum', null);
      else if (ts.isVariableStatement(statement)) for (const declaration of statement.declarationList.declarations) add(declaration.name, 'variable', null);
      else if (ts.isClassDeclaration(statement) && statement.name) {
        add(statement.name, 'class', null);
        for (const member of statement.members) {
          if (ts.isConstructorDeclaration(member) || !member.name) continue;
          const kind = ts.isMethodDeclaration(member) ? 'method' : ts.isPropertyDeclaration(member) ? 'property' : ts.isGetAccessor(member) || ts.isSetAccessor(member) ? 'accessor' : null;
          if (kind) add(member.name, kind, statement.name.text);
        }
      }
    }
  }
  return [...found.values()];
}

/** The target listStructures gives for a declaration, else its name (an address the engine reads as a target). */
export async function typeScriptAddress(engine: CorpusEngine, declaration: TypeScriptDeclaration): Promise<string> {
  const target = await engine.targetAt(declaration.file, declaration.name, declaration.line, declaration.owner);
  if (target !== null) return target;
  return declaration.owner === null ? declaration.name : `class ${declaration.owner}\n${declaration.name}`;
}

/** How a run is bounded. */
export interface TypeScriptRunOptions {
  /** At most this many declarations have their locations compared (an even sample). */
  sample: number;
  /** At most this many applied renames are type-checked (an even sample of the applied ones). */
  typeChecks: number;
  /** The semantic backend measured (default: the syntactic engine). */
  semantic?: SemanticBackendOptions;
}

function shownPlace(service: CorpusLanguageService, place: { file: string; line: number; column: number }): ShownPlace {
  return { ...place, text: (service.read(service.absolute(place.file))?.split('\n')[place.line - 1] ?? '') };
}

/**
 * The files whose errors a change can alter: the changed ones and every source file that mentions
 * one of `names` (a file that never spells a name cannot refer to it; TypeScript errors come from
 * references).
 */
export function filesToCheck(corpus: TypeScriptCorpus, changed: Iterable<string>, names: readonly string[]): string[] {
  const files = new Set([...changed].filter(isSource));
  for (const [file, text] of corpus.files) if (isSource(file) && names.some((name) => text.includes(name))) files.add(file);
  return [...files].sort();
}

/** Runs the comparison on one corpus. */
export async function renameAgainstTypeScript(corpus: TypeScriptCorpus, options: TypeScriptRunOptions): Promise<Tally> {
  const sources = [...corpus.files.keys()].filter(isSource);
  const backend = typeof options.semantic === 'object' ? Object.entries(options.semantic).map(([language, choice]) => (typeof choice === 'object' ? choice.name : `${language} ${choice}`)).join(', ') : (options.semantic ?? 'syntax');
  const tally = new Tally(`rename (${backend} backend) vs TypeScript ${ts.version}: ${corpus.name} (${sources.length} files)`);
  const declarations = typeScriptDeclarations(corpus);
  tally.total = declarations.length;
  const sample = evenSample(declarations, options.sample, (declaration) => `${declaration.file}:${String(declaration.line).padStart(6, '0')}:${declaration.name}`);
  tally.sampled = sample.length;
  const registry = ts.createDocumentRegistry();
  const pristine = new CorpusLanguageService(corpus, registry);
  const edited = new CorpusLanguageService(corpus, registry);
  const engine = new CorpusEngine(corpus.files, options.semantic);
  const applied: { label: string; declaration: TypeScriptDeclaration; edit: { op: 'rename'; path: string; address: string; new_name: string } }[] = [];
  for (const declaration of sample) {
    const label = `${declaration.kind} ${declaration.owner === null ? '' : `${declaration.owner}.`}${declaration.name} (${declaration.file}:${declaration.line})`;
    const address = await typeScriptAddress(engine, declaration);
    const edit = { op: 'rename' as const, path: declaration.file, address, new_name: `${declaration.name}Renamed` };
    const outcome = await tally.timed('engine', () => engine.run(edit, true));
    if (outcome.kind === 'crashed') {
      tally.crashed.push(`${label}: ${outcome.message.split('\n').slice(0, 3).join(' | ')}`);
      continue;
    }
    const locationsStart = performance.now();
    const locations = pristine.service.findRenameLocations(pristine.absolute(declaration.file), declaration.position, false, false, { providePrefixAndSuffixTextForRename: false });
    tally.milliseconds.set('findRenameLocations', (tally.milliseconds.get('findRenameLocations') ?? 0) + performance.now() - locationsStart);
    if (!locations || locations.length === 0) {
      tally.add(label, { kind: 'oracle_unavailable', reason: 'findRenameLocations found nothing' });
      continue;
    }
    const outside = locations.filter((location) => pristine.relative(location.fileName) === null);
    const expected = locations.flatMap((location) => {
      const file = pristine.relative(location.fileName);
      if (file === null) return [];
      const { line, character } = ts.getLineAndCharacterOfPosition(pristine.service.getProgram()!.getSourceFile(location.fileName)!, location.textSpan.start);
      return [{ file, line: line + 1, column: character + 1 }];
    });
    if (outcome.kind === 'refused') {
      tally.add(label, { kind: 'refused', code: outcome.code, message: outcome.message });
      continue;
    }
    const rename = outcome.result.results[0] as RenameOutcome;
    const actual = rename.changes.map((change) => ({ file: change.file, line: change.line, column: change.column }));
    const expectedKeys = new Set(expected.map(placeKey));
    const actualKeys = new Set(actual.map(placeKey));
    const order = (places: { file: string; line: number; column: number }[]) => places.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column).map((place) => shownPlace(pristine, place));
    const missed = order(expected.filter((place) => !actualKeys.has(placeKey(place))));
    const extra = order(actual.filter((place) => !expectedKeys.has(placeKey(place))));
    if (outside.length > 0) missed.push({ file: '(outside the corpus)', line: 0, column: 0, text: outside.map((location) => location.fileName).join(', ') });
    if (missed.length === 0 && extra.length === 0) tally.add(label, { kind: 'agreed', engineOnly: [] });
    else tally.add(label, { kind: 'disagreed', missed, extra });
    applied.push({ label, declaration, edit });
  }
  // The applied renames, agreeing or not: no new errors in any file they could affect.
  for (const { label, declaration, edit } of evenSample(applied, options.typeChecks, (entry) => `${entry.declaration.file}:${String(entry.declaration.line).padStart(6, '0')}:${entry.declaration.name}`)) {
    const written = await writtenFiles(engine, tally, edit, label);
    if (written === null) continue;
    const files = filesToCheck(corpus, Object.keys(written.files), [declaration.name]);
    edited.set(written.files);
    const found = await tally.timed('type checks', () => Promise.resolve(files.flatMap((file) => newErrors(pristine.errors(file), edited.errors(file)))));
    edited.reset();
    tally.checked++;
    if (found.length > 0) tally.broke.push(`${label}: ${found.slice(0, 3).join('; ')}`);
  }
  return tally;
}
