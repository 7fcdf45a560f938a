import type { Node } from 'web-tree-sitter';

/**
 * Scopes, bindings and name occurrences of one file: what rename, the reference check of remove
 * and move need to tell `helper` the function from `helper` a local of another function.
 *
 * The model is plain data built by one walk over the syntax tree with per-language rules
 * (`scope-rules-*.ts`): each identifier is a declaration (it binds a name in some scope), a
 * reference (resolved afterwards along the scope chain, so a use before its declaration in the
 * same scope still resolves, as hoisting and Python function locals do), an import or export
 * specifier, or a property name (`obj.helper`, never a binding). Strings and comments hold no
 * identifiers, so they are never touched.
 *
 * The official grammar packages ship `locals.scm` queries only for JavaScript and TypeScript, and
 * those leave out what a rename needs (function and class names, imports, parameters in
 * JavaScript, `var` hoisting, catch parameters); Python has none. So the scoping rules are written
 * here, per language family, as code.
 */

/** What kind of region a scope is. */
export type ScopeKind = 'module' | 'function' | 'class' | 'block' | 'comprehension';

/** A region where names are bound. */
export interface Scope {
  readonly id: number;
  readonly kind: ScopeKind;
  readonly start: number;
  readonly end: number;
  readonly parent: Scope | null;
  /** Names bound here. */
  readonly bindings: Map<string, Binding>;
  /** Python: names declared `global` here (they bind in the module). */
  readonly globals: Set<string>;
  /** Python: names declared `nonlocal` here (they bind in an enclosing function). */
  readonly nonlocals: Set<string>;
}

/** What a binding declares. */
export type BindingKind = 'function' | 'class' | 'variable' | 'parameter' | 'import' | 'type';

/** A name bound in a scope, with every place that declares it. */
export interface Binding {
  readonly name: string;
  readonly scope: Scope;
  readonly kind: BindingKind;
  readonly declarations: Occurrence[];
  /**
   * Where the binding starts to be seen, for a local one that is not seen before its declaration
   * ends (Go's `x := x + 1`: the right `x` is the outer one); unset where the whole scope sees it.
   */
  readonly visibleFrom?: number;
}

/**
 * What an occurrence of a name is:
 * - `definition`: it declares the name (a function's name, an assignment target, a parameter);
 * - `reference`: it uses it;
 * - `import`: it is the local name an import binds (`b` in `import { a as b }`, `a` in `import { a }`);
 * - `import_name`: the imported name of an aliased import (`a` in `import { a as b }`): the
 *   exporting module's name, not a local binding;
 * - `export`: it names a local binding in an export list (`a` in `export { a as b }`, a string in `__all__`);
 * - `export_name`: the exported name of an aliased export, or a re-exported name (`export { a } from`);
 * - `property`: a property or attribute name (`x` in `obj.x`, a key), never a binding;
 * - `keyword`: a keyword argument's name (`timeout=` in a Python call);
 * - `text`: a word handed to a program as data (`build` in Bash's `echo build`), never a binding.
 */
export type OccurrenceRole = 'definition' | 'reference' | 'import' | 'import_name' | 'export' | 'export_name' | 'property' | 'keyword' | 'text';

/**
 * How a new name is written at an occurrence: `plain` replaces it; `shorthand_property` (`{ a }`)
 * and `shorthand_pattern` (`const { a } = o`) keep the key (`{ a: b }`); `shorthand_import`
 * (`const { a } = await import(…)`) keeps the key when the local name is renamed, and is replaced
 * when the imported name is; `string` keeps the quotes.
 */
export type OccurrenceForm = 'plain' | 'shorthand_property' | 'shorthand_pattern' | 'shorthand_import' | 'string';

/** One occurrence of a name. */
export interface Occurrence {
  readonly start: number;
  readonly end: number;
  readonly name: string;
  readonly role: OccurrenceRole;
  readonly form: OccurrenceForm;
  /** The scope it sits in. */
  readonly scope: Scope;
  /** The binding it names (filled by resolution; `null` for properties and unbound names). */
  binding: Binding | null;
  /** For a property accessed on something (`x.name`): that receiver. */
  readonly object?: Receiver;
}

/**
 * The receiver of a property access: a name (`formatter.write`), `this`, `super` (`super.m()`,
 * Python `super().m()`), or any other expression (`get_client().send`); `path` spells a chain of
 * names (`pkg.core` in `pkg.core.Context`).
 */
export interface Receiver {
  /** The name, `this`, `super`, or the expression's text. */
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly kind: 'name' | 'this' | 'super' | 'expression';
  /** For a chain of names (`a.b.c`): its names, outermost first. */
  readonly path?: readonly string[];
}

/** The receiver `node` is, for a property accessed on it. */
export function receiverOf(node: Node): Receiver {
  const base = { start: node.startIndex, end: node.endIndex };
  if (node.type === 'identifier') return { ...base, name: node.text, kind: 'name' };
  if (node.type === 'this' || node.type === 'self') return { ...base, name: node.text, kind: 'this' };
  if (node.type === 'super' || /^super\s*\([^()]*\)$/.test(node.text)) return { ...base, name: 'super', kind: 'super' };
  const path = namePath(node);
  return path ? { ...base, name: node.text, kind: 'expression', path } : { ...base, name: node.text, kind: 'expression' };
}

/** The names of a chain of attribute or member accesses on a name (`a.b.c`), or `null`. */
function namePath(node: Node): string[] | null {
  if (node.type === 'identifier') return [node.text];
  // A type's qualifier (`z.core` in `z.core.$ZodNullable`): its names in order.
  if (node.type === 'nested_identifier') {
    const names = node.namedChildren.filter((child): child is Node => child !== null);
    return names.every((child) => child.type === 'identifier' || child.type === 'property_identifier') ? names.map((child) => child.text) : null;
  }
  if (node.type !== 'attribute' && node.type !== 'member_expression') return null;
  const object = node.childForFieldName('object');
  const property = node.childForFieldName(node.type === 'attribute' ? 'attribute' : 'property');
  const head = object ? namePath(object) : null;
  return head && property ? [...head, property.text] : null;
}

/** An import: what name of which module a file binds locally. */
export interface ImportRecord {
  /** The module as written (`./util`, `../a/b.js`, `.models`, `pkg.mod`). */
  readonly module: string;
  /**
   * The imported name: a name, `default`, `*` (a namespace: `import * as ns`, Python `import mod`),
   * or for `from pkg import mod` the name (which may be a submodule).
   */
  readonly imported: string;
  /** The local binding's name (`null` for a star import). */
  readonly local: string | null;
  /** The occurrence of the imported name in the statement (`null` for namespace and default imports). */
  readonly nameOccurrence: Occurrence | null;
  /** The occurrence of the local name, when it differs from the imported one (an alias, a default import). */
  readonly localOccurrence: Occurrence | null;
  /** How it imports: a declaration (`import`, `from … import`), or a call whose result is bound (`await import(…)`, `require(…)`). */
  readonly dynamic?: boolean;
  /** The import statement's span. */
  readonly statement: { readonly start: number; readonly end: number };
  /** Whether the import sits at the top level of the module. */
  readonly topLevel: boolean;
}

/** An export: which name the module exports, bound to which local name or re-exported from where. */
export interface ExportRecord {
  /** The exported name (`default` for a default export, `*` for `export * from`). */
  readonly exported: string;
  /** The local binding exported (`null` for a re-export). */
  readonly local: string | null;
  /** For a re-export: the module (`./util`) and the name it exports there. */
  readonly from?: { readonly module: string; readonly imported: string };
  /** The occurrence of the exported name when it is written separately (an alias, a re-export). */
  readonly nameOccurrence: Occurrence | null;
  /** The export statement's span. */
  readonly statement: { readonly start: number; readonly end: number };
  /** Exports listed by a declaration (`export function f`), as opposed to an export list. */
  readonly declaration: boolean;
}

/** The scope model of one file. */
export interface ScopeModel {
  readonly language: string;
  readonly module: Scope;
  readonly scopes: readonly Scope[];
  /** Every occurrence, in source order. */
  readonly occurrences: readonly Occurrence[];
  readonly imports: readonly ImportRecord[];
  readonly exports: readonly ExportRecord[];
  /**
   * Whether every module-level binding is importable by its name (Python, Go packages), as
   * opposed to only what is exported (TypeScript/JavaScript).
   */
  readonly exportsEverything: boolean;
  /** Whether functions nested in a class body do not see its names (Python). */
  readonly classBodiesHidden: boolean;
}

/** What a language's walk can do to the model it builds. */
export class ScopeBuilder {
  readonly scopes: Scope[] = [];
  readonly occurrences: Occurrence[] = [];
  readonly imports: ImportRecord[] = [];
  readonly exports: ExportRecord[] = [];
  readonly module: Scope;

  constructor(root: Node) {
    this.module = this.scope('module', root.startIndex, root.endIndex, null);
  }

  /** Opens a scope. */
  scope(kind: ScopeKind, start: number, end: number, parent: Scope | null): Scope {
    const scope: Scope = { id: this.scopes.length, kind, start, end, parent, bindings: new Map(), globals: new Set(), nonlocals: new Set() };
    this.scopes.push(scope);
    return scope;
  }

  /** Records an occurrence; a declaration binds its name in `declareIn`. */
  occurrence(
    node: Node,
    role: OccurrenceRole,
    scope: Scope,
    options: { form?: OccurrenceForm; declareIn?: Scope; kind?: BindingKind; object?: Occurrence['object']; name?: string; start?: number; end?: number; visibleFrom?: number } = {},
  ): Occurrence {
    const occurrence: Occurrence = {
      start: options.start ?? node.startIndex,
      end: options.end ?? node.endIndex,
      name: options.name ?? node.text,
      role,
      form: options.form ?? 'plain',
      scope,
      binding: null,
      ...(options.object ? { object: options.object } : {}),
    };
    this.occurrences.push(occurrence);
    if (options.declareIn) {
      let target = options.declareIn;
      // Python `global x` / `nonlocal x` send the binding elsewhere.
      if (target.globals.has(occurrence.name)) target = this.module;
      else if (target.nonlocals.has(occurrence.name)) target = enclosingFunctionBinding(target, occurrence.name) ?? target;
      let binding = target.bindings.get(occurrence.name);
      if (!binding) {
        binding = { name: occurrence.name, scope: target, kind: options.kind ?? 'variable', declarations: [], ...(options.visibleFrom !== undefined ? { visibleFrom: options.visibleFrom } : {}) };
        target.bindings.set(occurrence.name, binding);
      }
      binding.declarations.push(occurrence);
      occurrence.binding = binding;
    }
    return occurrence;
  }

  /**
   * The finished model, with every reference resolved. `exportsEverything`: every module-level name
   * is importable; `classBodiesHidden`: functions nested in a class body do not see its names.
   */
  finish(language: string, exportsEverything: boolean, classBodiesHidden = false): ScopeModel {
    for (const occurrence of this.occurrences) {
      if (occurrence.binding || occurrence.role === 'property' || occurrence.role === 'keyword' || occurrence.role === 'text' || occurrence.role === 'import_name' || occurrence.role === 'export_name') continue;
      occurrence.binding = resolveName(occurrence.scope, occurrence.name, classBodiesHidden, occurrence.start);
    }
    this.occurrences.sort((a, b) => a.start - b.start);
    return { language, module: this.module, scopes: this.scopes, occurrences: this.occurrences, imports: this.imports, exports: this.exports, exportsEverything, classBodiesHidden };
  }
}

function enclosingFunctionBinding(scope: Scope, name: string): Scope | null {
  for (let current = scope.parent; current; current = current.parent) {
    if (current.kind === 'function' && current.bindings.has(name)) return current;
  }
  return null;
}

/** Whether an import brings in every name its module has, unnamed (`from m import *`); a namespace import binds one name. */
export function isStarImport(record: ImportRecord): boolean {
  return record.imported === '*' && record.local === null;
}

/**
 * The binding a name refers to from a scope (at the offset `at`, where given: a binding not seen
 * there yet is passed over): the innermost enclosing scope that binds it. Where
 * `classBodiesHidden` (Python), a class body's names are not visible inside its methods (nor in
 * comprehensions in it).
 */
export function resolveName(scope: Scope, name: string, classBodiesHidden: boolean, at?: number): Binding | null {
  if (scope.globals.has(name)) return scope.parent ? resolveName(rootOf(scope), name, classBodiesHidden) : (scope.bindings.get(name) ?? null);
  let skipClasses = false;
  for (let current: Scope | null = scope; current; current = current.parent) {
    if (!(skipClasses && current.kind === 'class')) {
      const binding = current.bindings.get(name);
      if (binding && !(at !== undefined && binding.visibleFrom !== undefined && at < binding.visibleFrom)) return binding;
    }
    if (classBodiesHidden && current.kind !== 'class' && current.kind !== 'module') skipClasses = true;
  }
  return null;
}

function rootOf(scope: Scope): Scope {
  let current = scope;
  while (current.parent) current = current.parent;
  return current;
}

/** The innermost scope of a model holding an offset. */
export function scopeAt(model: Pick<ScopeModel, 'module' | 'scopes'>, offset: number): Scope {
  let best = model.module;
  for (const scope of model.scopes) {
    if (scope.start <= offset && offset < scope.end && scope.end - scope.start <= best.end - best.start) best = scope;
  }
  return best;
}

/** The occurrence that covers exactly a span (a declaration's name node), if any. */
export function occurrenceAt(model: ScopeModel, start: number, end: number): Occurrence | null {
  return model.occurrences.find((occurrence) => occurrence.start === start && occurrence.end === end) ?? null;
}

/** Every occurrence bound to a binding (its declarations, references, import and export names). */
export function occurrencesOf(model: ScopeModel, binding: Binding): Occurrence[] {
  return model.occurrences.filter((occurrence) => occurrence.binding === binding);
}
