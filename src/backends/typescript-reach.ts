import type * as TS from 'typescript';

/**
 * How far a change of a module's declarations reaches, by name: which exports of the edited module
 * changed (its `.d.ts` before and after, compared statement by statement), and, in each file
 * importing it, which statements use one of them: those files are the ones whose errors the change
 * can alter, and what they export from such statements changes in turn for the files importing
 * them. Before this, every file importing the module, directly or through others, was checked: an
 * edit of one function of zod's `util.ts` type-checked 160 files.
 *
 * A use is found by name. The statements whose text mentions a changed binding (a sieve: comments
 * and strings count) are read as trees: a reference to it, not a property or a declaration of the
 * same name, makes the statement affected, and the names it declares change in turn. A type can
 * reach a file only through a name written somewhere on the way (an inferred type is the type of a
 * declaration the file names), so a statement that names none of them sees nothing change. A
 * namespace binding (`import * as util`) is followed member by member (`util.parse` is another
 * member than `util.assertNever`); used whole, it is affected. In JavaScript a mention is a use
 * (JSDoc types are comments to the tree). What cannot be followed by name is taken whole: `export =`
 * and CommonJS exports (every export changed), a file that is not a module, a global declaration or
 * a module augmentation using what changed (every file of the project: the caller checks them all).
 */

/** What changed in a module's exports: every one (`true`), or those named, each wholly (`true`) or, a namespace, member by member. */
export type ChangedExports = true | ReadonlyMap<string, ChangedExports>;

/** A namespace re-exported through namespaces this deep is taken as changed whole (two modules re-exporting each other as namespaces). */
const MAX_DEPTH = 4;

/** A top-level statement: the names it declares and where it names others. */
interface Outlined {
  readonly node: TS.Statement;
  readonly declares: readonly string[];
  /** Each word of its text that may name a binding (not a property: `x.name`), comments and strings included. */
  readonly mentions: ReadonlySet<string>;
  readonly text: string;
}

/** What a module exports: each exported name from a local name (`local`) or a re-export statement (`via`, its text). */
interface ModuleOutline {
  readonly statements: readonly Outlined[];
  readonly exports: ReadonlyMap<string, { readonly local?: string; readonly via?: string }>;
  /** The text of each `export * from` statement. */
  readonly stars: readonly string[];
  readonly exportEquals: boolean;
}

/**
 * The exports of a module whose declarations changed from `before` to `after` (each a `.d.ts` text;
 * `null`: the module does not exist on that side): names whose declaring statements differ, or that
 * name a declaration that does (a type of the file that is not exported, as `.d.ts` files keep it).
 * `true` when the module exports by `export =`, or its `export *` statements differ.
 */
export function changedExports(ts: typeof TS, before: string | null, after: string | null): ChangedExports {
  if (before === null || after === null) return true;
  const [was, now] = [before, after].map((text) => outline(ts, ts.createSourceFile('declarations.d.ts', text, ts.ScriptTarget.Latest, true)));
  if (was!.exportEquals || now!.exportEquals) return before === after ? new Map() : true;
  if (was!.stars.join('\n') !== now!.stars.join('\n')) return true;
  const textsOf = (module: ModuleOutline) => {
    const texts = new Map<string, string>();
    for (const statement of module.statements) for (const name of statement.declares) texts.set(name, `${texts.get(name) ?? ''}\n${statement.text}`);
    return texts;
  };
  const [wasTexts, nowTexts] = [textsOf(was!), textsOf(now!)];
  const changedLocal = new Set([...wasTexts.keys(), ...nowTexts.keys()].filter((name) => wasTexts.get(name) !== nowTexts.get(name)));
  for (const module of [was!, now!]) spread(module.statements, changedLocal);
  const changed = new Map<string, ChangedExports>();
  for (const name of new Set([...was!.exports.keys(), ...now!.exports.keys()])) {
    const [from, to] = [was!.exports.get(name), now!.exports.get(name)];
    if (from?.local !== to?.local || from?.via !== to?.via || (to?.local !== undefined && changedLocal.has(to.local))) changed.set(name, true);
  }
  return changed;
}

/** A file importing changed modules, as {@link reach} finds it. */
export interface Reached {
  /** Whether one of its statements (or imports) uses what changed: its errors may change. */
  readonly affected: boolean;
  /** What its exports pass on. */
  readonly changed: ChangedExports;
  /** A global declaration, a module augmentation or a script is affected: every file of the project may be. */
  readonly global: boolean;
}

/** Where a file imports another (`position`: the offset of the specifier), and what it resolves to (`null`: nothing in the project). */
export interface ImportSite {
  readonly position: number;
  readonly target: string | null;
}

/**
 * What changes in `source`, which imports modules whose exports changed (`changedOf` each import's
 * target: `undefined` for none): the statements that use a changed binding, a binding declared by
 * such a statement, or a changed module otherwise (`import()`, `require`), and so what it exports.
 */
export function reach(ts: typeof TS, source: TS.SourceFile, imports: readonly ImportSite[], changedOf: (target: string) => ChangedExports | undefined): Reached {
  const module = outline(ts, source);
  const changedAt = (statement: TS.Statement): ChangedExports | null => {
    let found: ChangedExports | null = null;
    for (const site of imports) {
      if (site.target === null || site.position < statement.pos || site.position >= statement.end) continue;
      const changed = changedOf(site.target);
      if (changed !== undefined && !isEmpty(changed)) found = found === null ? changed : merged(found, changed);
    }
    return found;
  };
  // Bindings whose meaning changed: wholly (`true`) or, namespaces, by member.
  const tainted = new Map<string, ChangedExports>();
  const exported = new Map<string, ChangedExports>();
  const taint = (name: string, changed: ChangedExports) => tainted.set(name, tainted.has(name) ? merged(tainted.get(name)!, changed) : changed);
  const pass = (name: string, changed: ChangedExports) => exported.set(name, exported.has(name) ? merged(exported.get(name)!, changed) : changed);
  let affected = imports.some((site) => site.target !== null && site.position < (source.statements[0]?.getStart(source) ?? source.end) && changedOf(site.target) !== undefined);
  const plain: Outlined[] = [];
  const initially: Outlined[] = [];
  const marked = new Set<Outlined>();
  let everything = false;
  for (const statement of module.statements) {
    const node = statement.node;
    if (ts.isImportDeclaration(node) || (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))) {
      const changed = changedAt(node);
      if (changed === null) continue;
      for (const [name, imported] of importedBindings(ts, node)) {
        const meaning = imported === '*' ? changed : changed === true ? true : changed.get(imported);
        if (meaning === undefined) continue;
        // (`import { x }` … `export { x }`: passed on as the binding's change, below.)
        taint(name, meaning);
        // (A name imported can be one the module no longer exports: the import itself is then in error. A namespace, or one
        // whose members changed, is there still.)
        if (meaning === true) affected = true;
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined) {
      const changed = changedAt(node);
      if (changed === null) continue;
      affected = true;
      const clause = node.exportClause;
      if (clause === undefined) {
        if (changed === true) everything = true;
        else for (const [name, meaning] of changed) if (name !== 'default') pass(name, meaning);
      } else if (ts.isNamespaceExport(clause)) pass(clause.name.text, nested(changed));
      else
        for (const element of clause.elements) {
          const meaning = changed === true ? true : changed.get((element.propertyName ?? element.name).text);
          if (meaning !== undefined) pass(element.name.text, meaning);
        }
    } else {
      plain.push(statement);
      // (`import()`, `require`, an import type of a changed module: the statement holding it.)
      if (changedAt(node) !== null) initially.push(statement);
      // (A module augmentation merges with declarations that may be those changed, by the names it declares itself: its
      // file is checked. It changes what other files see only where it uses what changed, below.)
      else if (augments(ts, node)) affected = true;
    }
  }
  // Statements naming a changed binding are affected, and so are the names they declare: on until none is added.
  const byName = new Map<string, Outlined[]>();
  for (const statement of plain) {
    for (const name of statement.mentions) {
      const holding = byName.get(name);
      if (holding) holding.push(statement);
      else byName.set(name, [statement]);
    }
  }
  let frontier = [...tainted.keys()];
  const mark = (statement: Outlined) => {
    marked.add(statement);
    for (const name of statement.declares) {
      if (tainted.get(name) === true) continue;
      tainted.set(name, true);
      frontier.push(name);
    }
  };
  for (const statement of initially) mark(statement);
  while (frontier.length > 0) {
    const names = frontier;
    frontier = [];
    for (const name of names) {
      const meaning = tainted.get(name)!;
      for (const statement of byName.get(name) ?? []) if (!marked.has(statement) && usesChanged(ts, source, statement, name, meaning)) mark(statement);
    }
  }
  if (marked.size > 0) affected = true;
  if (affected && (!isModuleFile(ts, source) || [...marked].some((statement) => augments(ts, statement.node)))) return { affected, changed: true, global: true };
  if (everything || (affected && (module.exportEquals || isCommonJs(source)))) return { affected, changed: true, global: false };
  for (const [name, from] of module.exports) {
    if (from.local === undefined) continue;
    const meaning = tainted.get(from.local);
    if (meaning !== undefined) pass(name, meaning);
  }
  return { affected, changed: exported, global: false };
}

/** Whether a file is a module (ES or CommonJS), not a script whose declarations are global. */
export function isModuleFile(ts: typeof TS, source: TS.SourceFile): boolean {
  return ts.isExternalModule(source) || isCommonJs(source);
}

/** Whether a file exports through `module.exports`/`exports` (TypeScript's own flag; `isExternalOrCommonJsModule` is not in the typings). */
function isCommonJs(source: TS.SourceFile): boolean {
  return (source as { commonJsModuleIndicator?: unknown }).commonJsModuleIndicator !== undefined;
}

/** The union of two changes. */
export function merged(a: ChangedExports, b: ChangedExports, depth = 0): ChangedExports {
  if (a === true || b === true || depth > MAX_DEPTH) return true;
  const union = new Map(a);
  for (const [name, meaning] of b) union.set(name, union.has(name) ? merged(union.get(name)!, meaning, depth + 1) : meaning);
  return union;
}

/** Whether `b` holds a change `a` does not (what was known grew). */
export function grows(a: ChangedExports, b: ChangedExports): boolean {
  if (a === true) return false;
  if (b === true) return true;
  for (const [name, meaning] of b) if (!a.has(name) || grows(a.get(name)!, meaning)) return true;
  return false;
}

function isEmpty(changed: ChangedExports): boolean {
  return changed !== true && changed.size === 0;
}

/**
 * A change passed on as a namespace's members (`export * as ns`): the same, but whole below
 * {@link MAX_DEPTH} levels (two modules re-exporting each other as namespaces would nest it without end).
 */
function nested(changed: ChangedExports, depth = 0): ChangedExports {
  if (changed === true) return true;
  if (depth > MAX_DEPTH) return true;
  return new Map([...changed].map(([name, meaning]) => [name, nested(meaning, depth + 1)]));
}

/**
 * Whether a statement mentioning `name` uses what changed of it, read from its syntax tree: a
 * reference to a binding changed whole; to a namespace, a member path reaching a changed member, or
 * the namespace itself (passed, spread, indexed by a variable, `typeof`). A property's name, a
 * member's, a declaration's own are not references to the binding. In JavaScript every mention is a
 * use: JSDoc types are comments to the tree walked here, and types to the checker.
 */
function usesChanged(ts: typeof TS, source: TS.SourceFile, statement: Outlined, name: string, meaning: ChangedExports): boolean {
  if (isJavaScript(source)) return true;
  let used = false;
  const visit = (node: TS.Node): void => {
    if (used) return;
    if (ts.isIdentifier(node) && node.text === name && !namesItself(ts, node)) {
      used = reachesChange(ts, node, meaning);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(statement.node);
  return used;
}

function isJavaScript(source: TS.SourceFile): boolean {
  return /\.[cm]?jsx?$/.test(source.fileName);
}

/** Whether an identifier is a name a node gives itself or its member (`x.name`, `{ name: 1 }`, `const name`), not a reference. */
function namesItself(ts: typeof TS, node: TS.Identifier): boolean {
  const parent = node.parent;
  if (ts.isQualifiedName(parent)) return parent.right === node;
  if (ts.isShorthandPropertyAssignment(parent) || ts.isExportSpecifier(parent)) return false;
  return 'name' in parent && (parent as { name?: TS.Node }).name === node;
}

/** Whether a reference to a binding that changed as `meaning` reaches what changed: whole, or along its member path (`ns.a.b`, `ns['a']`). */
function reachesChange(ts: typeof TS, node: TS.Identifier, meaning: ChangedExports): boolean {
  let members = meaning;
  let at: TS.Node = node;
  while (members !== true) {
    const parent: TS.Node = at.parent;
    let member: string | null = null;
    if ((ts.isPropertyAccessExpression(parent) && parent.expression === at) || (ts.isQualifiedName(parent) && parent.left === at)) member = ts.isPropertyAccessExpression(parent) ? parent.name.text : parent.right.text;
    else if (ts.isElementAccessExpression(parent) && parent.expression === at && ts.isStringLiteralLike(parent.argumentExpression)) member = parent.argumentExpression.text;
    // (The namespace itself, used whole.)
    if (member === null) return true;
    const next = members.get(member);
    if (next === undefined) return false;
    members = next;
    at = parent;
  }
  return true;
}

/** The bindings an import declares: local name → the name imported (`'*'`: the module itself, `'default'`). */
function importedBindings(ts: typeof TS, node: TS.ImportDeclaration | TS.ImportEqualsDeclaration): Array<[string, string]> {
  if (ts.isImportEqualsDeclaration(node)) return [[node.name.text, '*']];
  const clause = node.importClause;
  if (!clause) return [];
  const bindings: Array<[string, string]> = clause.name ? [[clause.name.text, 'default']] : [];
  const named = clause.namedBindings;
  if (named && ts.isNamespaceImport(named)) bindings.push([named.name.text, '*']);
  else if (named) for (const element of named.elements) bindings.push([element.name.text, (element.propertyName ?? element.name).text]);
  return bindings;
}

/** A module's top-level statements with what each declares and names, and what it exports. */
function outline(ts: typeof TS, source: TS.SourceFile): ModuleOutline {
  const statements: Outlined[] = [];
  const exports = new Map<string, { local?: string; via?: string }>();
  const stars: string[] = [];
  let exportEquals = false;
  for (const node of source.statements) {
    const text = node.getFullText(source);
    const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
    const exported = modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    const asDefault = exported && modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
    // (What `export default` gives with no name of its own, `export default function () {}` or `export default {…}`, is named for the statement.)
    let declares = declaredNames(ts, node);
    if ((asDefault && declares.length === 0) || (ts.isExportAssignment(node) && !node.isExportEquals && !ts.isIdentifier(node.expression))) declares = [UNNAMED_DEFAULT];
    statements.push({ node, declares, mentions: mentionsIn(text), text });
    if (asDefault) exports.set('default', { local: declares[0]! });
    else if (exported) for (const name of declares) exports.set(name, { local: name });
    else if (ts.isExportAssignment(node)) {
      if (node.isExportEquals) exportEquals = true;
      else exports.set('default', { local: ts.isIdentifier(node.expression) ? node.expression.text : UNNAMED_DEFAULT });
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      if (node.moduleSpecifier !== undefined && clause === undefined) stars.push(text.trim());
      else if (clause && ts.isNamespaceExport(clause)) exports.set(clause.name.text, { via: text.trim() });
      else if (clause) for (const element of clause.elements) exports.set(element.name.text, node.moduleSpecifier ? { via: `${(element.propertyName ?? element.name).text} ${text.trim()}` } : { local: (element.propertyName ?? element.name).text });
    }
  }
  return { statements, exports, stars, exportEquals };
}

/** The name given to what `export default` exports with no name of its own (no binding can be named so). */
const UNNAMED_DEFAULT = '(default)';

/** The names a top-level statement declares (its bindings: a variable statement's, destructured too). */
function declaredNames(ts: typeof TS, node: TS.Statement): string[] {
  if (ts.isVariableStatement(node)) return node.declarationList.declarations.flatMap((declaration) => bindingNames(ts, declaration.name));
  if (ts.isImportEqualsDeclaration(node)) return [node.name.text];
  if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node)) && node.name) return [node.name.text];
  if (ts.isModuleDeclaration(node) && ts.isIdentifier(node.name)) return [node.name.text];
  return [];
}

function bindingNames(ts: typeof TS, name: TS.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(ts, element.name)));
}

/** Whether a statement declares something global or augments a module (`declare global`, `declare module 'x'`). */
function augments(ts: typeof TS, node: TS.Statement): boolean {
  return ts.isModuleDeclaration(node) && (ts.isStringLiteral(node.name) || (node.flags & ts.NodeFlags.GlobalAugmentation) !== 0);
}

/**
 * Each word of a text that can name a binding: not a property (`x.name`, `x?.name`), but a spread
 * (`...name`) is one. (A first sieve: the statements holding one are then read as trees.)
 */
function mentionsIn(text: string): Set<string> {
  const mentions = new Set<string>();
  for (const match of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
    let before = match.index - 1;
    while (before >= 0 && /\s/.test(text[before]!)) before--;
    if (text[before] !== '.' || text[before - 1] === '.') mentions.add(match[0]);
  }
  return mentions;
}

/** Names a statement-level change (`changed`) spreads to within one module's statements: whatever a statement mentioning one declares. */
function spread(statements: readonly Outlined[], changed: Set<string>): void {
  let grew = true;
  while (grew) {
    grew = false;
    for (const statement of statements) {
      if (statement.declares.every((name) => changed.has(name))) continue;
      if (![...changed].some((name) => statement.mentions.has(name))) continue;
      for (const name of statement.declares) changed.add(name);
      grew = true;
    }
  }
}
