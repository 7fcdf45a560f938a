import type { Node } from 'web-tree-sitter';
import { namedChildrenOf } from '../../semantic/syntax.js';
import type { BuildConditions, DerivedConstructor, ExhaustiveMatch, FieldLiteral, LanguageProfile, LeftBehind, ModuleDeclaration, MovedAccess, Reach, RefusedNode } from '../profile.js';
import { dirname } from '../../semantic/modules.js';
import type { TextSpan } from '../../structure/types.js';
import { awaitRules, boundNames, enumCasesOf, nodesOverlapping, repeatedKeys, repeatedParameters, usualBlankLinesBetween } from './generic.js';

/** Rust: `,`-separated enum variants and struct fields, item kinds named as Rust names them, `->` return types. */
export const rust: LanguageProfile = {
  // `use a::*` cannot tell what it brings in; `self::`, `super::` and (2018) a path from a name of the
  // file's own start from its module; a file is compiled only where its parent module declares it;
  // privacy is by module, so code moved out of one may lose sight of what it keeps private.
  moves: { opaqueImport: /\*/, relativeTo: rustRelativeTo, declaredBy: rustDeclaredBy, compiledUnder: rustCompiledUnder, lostAccess: rustLostAccess, importsFrom: rustImportsFrom, importedPath: rustImportedPath, importOwn: rustImportOwn, leaveBehind: rustLeaveBehind, unnamed: (kind, text) => (kind !== 'impl' ? null : TRAIT_IMPL.test(text) ? 'nothing' : 'members') },
  languages: ['rust'],
  structure: {
    separators: { enum_variant_list: ',', field_declaration_list: ',' },
    kinds: { impl_item: 'impl', trait_item: 'trait', mod_item: 'module', function_signature_item: 'function' },
  },
  parts: { returnTypeSeparator: ' -> ' },
  // An item without `pub` is its module's; a trait's items and its impls' reach as far as the trait.
  members: { reachOf: rustReach, exposedBy: rustInterfaceOf, moduleOf: rustModuleOf },
  // `self`, `&self`, `&mut self`: passed by the receiver of `value.f()`, written in `Type::f(value)`.
  // A struct is built from its fields: `P { x: 1, y }` must name every one (unless `..base`), and
  // so must a pattern (unless `..`); a tuple struct `T(1, 2)` is called, its pattern `T(a, b)` lists them.
  calls: {
    receiverParameter: (parameter) => parameter.type === 'self_parameter',
    derivedConstructor: (declaration) => (declaration.type === 'struct_item' ? fieldsConstructor(declaration.childForFieldName('body')) : null),
    variantConstructors,
    fieldLiterals: (name) => {
      const literal = structLiteral(name);
      return literal ? [literal] : null;
    },
    implementedType: (node) => {
      for (let at: Node | null = node.parent; at; at = at.parent) if (at.type === 'impl_item') return at.childForFieldName('type')?.text.replace(/<[^]*$/, '').split('::').pop() ?? null;
      return null;
    },
    selfTypeName: 'Self',
    // `f().await`, or a future handed to an executor.
    awaiting: awaitRules(/^(?:block_on|spawn|spawn_local|spawn_blocking|join_all|select_all|try_join_all|timeout|pin)$/, false, true),
  },
  // An enum's variants, which every `match` on it must cover.
  cases: { casesOf: (declaration) => (declaration.type === 'enum_item' ? enumCasesOf(declaration) : null), exhaustiveMatches: rustMatches },
  // A crate's inner attributes (`#![allow(…)]`) stand apart from the code after them.
  layout: { blankLinesBetween: (upper, lower) => (upper === 'inner_attribute_item' && lower !== upper ? 1 : usualBlankLinesBetween(upper, lower)) },
  compiler: {
    unterminatedBodies,
    duplicateDeclarations: (root, within) => [...duplicateDeclarations(root, within), ...repeatedParameters(root, within, ['parameters', 'closure_parameters'], parameterNames, (name) => `identifier \`${name.text}\` is bound more than once in this parameter list`)],
  },
};

/**
 * The bodies of functions with a result (not `()`) that give no value: no tail expression, and no
 * `return`, `panic!`, `process::exit` or endless `loop` to end them (rustc: "implicitly returns
 * `()`"). By syntax: a call of another function that never returns is not seen to diverge, so such a
 * body counts before and after an edit alike.
 */
function unterminatedBodies(root: Node, within: readonly TextSpan[]): Node[] {
  return nodesOverlapping(root, within, ['function_item']).flatMap((function_) => {
    const body = function_.childForFieldName('body');
    const result = function_?.childForFieldName('return_type');
    return body && result && result.type !== 'unit_type' && !givesValue(body) ? [body] : [];
  });
}

/** Whether a block ends in a value: a tail expression, or a statement that leaves the function. */
function givesValue(block: Node): boolean {
  const last = namedChildrenOf(block)
    .filter((child) => !/comment$/.test(child.type))
    .pop();
  // A declaration (`let`, `use`, an item) is no value.
  if (!last || /_item$|_declaration$|^macro_definition$|^empty_statement$|attribute/.test(last.type)) return false;
  if (last.type !== 'expression_statement') return valueOf(last);
  const expression = last.firstNamedChild;
  // `expression;` gives `()` unless it leaves the function; a block-like one without `;` is the tail.
  return expression !== null && (last.lastChild?.type === ';' ? diverges(expression) : valueOf(expression));
}

/** Whether a tail expression gives a value: an `if` only with an `else` whose branches all do; loops over a range never. */
function valueOf(expression: Node): boolean {
  switch (expression.type) {
    case 'if_expression': {
      const consequence = expression.childForFieldName('consequence');
      const otherwise = expression.childForFieldName('alternative')?.firstNamedChild ?? null;
      return consequence !== null && otherwise !== null && givesValue(consequence) && (otherwise.type === 'block' ? givesValue(otherwise) : valueOf(otherwise));
    }
    case 'match_expression': {
      // Every arm gives a value (one whose arms are all `{ …; }` blocks gives `()`); no arm at all never ends.
      const body = expression.childForFieldName('body');
      return (body ? namedChildrenOf(body) : []).every((arm) => {
        const value = arm.type === 'match_arm' ? arm.childForFieldName('value') : null;
        return value === null || (value.type === 'block' ? givesValue(value) : valueOf(value));
      });
    }
    case 'while_expression':
    case 'for_expression':
      return false;
    case 'block':
      return givesValue(expression);
    case 'unsafe_block': {
      const inner = namedChildrenOf(expression).find((child) => child.type === 'block');
      return inner === undefined || givesValue(inner);
    }
    default:
      return true;
  }
}

/** An expression that leaves the function or never ends: `return`, `panic!` and its kin, a `loop` no `break` leaves. */
function diverges(expression: Node): boolean {
  if (expression.type === 'return_expression') return true;
  if (expression.type === 'macro_invocation') return /^(?:(?:std|core)::)?(?:panic|unreachable|todo|unimplemented)$/.test(expression.childForFieldName('macro')?.text ?? '');
  if (expression.type === 'loop_expression') return !expression.descendantsOfType('break_expression').some((jump) => jump !== null && !insideClosureOrLoop(jump, expression));
  // The standard library's functions that never return (`-> !`): `process::exit(1);` ends a function.
  if (expression.type === 'call_expression') return /^(?:(?:std::)?process::)?(?:exit|abort)$/.test(expression.childForFieldName('function')?.text ?? '');
  return false;
}

/** Whether a `break` belongs to a loop or closure inside `loop` rather than to it (a labelled one is taken as leaving it). */
function insideClosureOrLoop(jump: Node, loop: Node): boolean {
  if (namedChildrenOf(jump).some((child) => child.type === 'label')) return false;
  for (let holder = jump.parent; holder && !holder.equals(loop); holder = holder.parent) if (/^(?:loop_expression|while_expression|for_expression|closure_expression)$/.test(holder.type)) return true;
  return false;
}

/** The fields of a struct's or variant's `body` as its literals must give them: all by name, or a tuple struct's by position. */
function fieldsConstructor(body: Node | null): DerivedConstructor | null {
  if (body?.type === 'field_declaration_list') {
    const fields = namedChildrenOf(body).filter((field) => field.type === 'field_declaration');
    return { fields: fields.map((field) => ({ name: field.childForFieldName('name')?.text ?? null, required: true, kind: 'keyword' })), literal: true, inherits: null, omittable: false };
  }
  if (body?.type === 'ordered_field_declaration_list') {
    const types = body.childrenForFieldName('type').filter((type) => type !== null);
    return { fields: types.map(() => ({ name: null, required: true, kind: 'positional' })), literal: false, inherits: null, omittable: false };
  }
  return null;
}

/** An enum's variants, each as its literals, calls and patterns must give its fields (a unit variant: none). */
function variantConstructors(declaration: Node): ReadonlyMap<string, DerivedConstructor> | null {
  if (declaration.type !== 'enum_item') return null;
  const variants = new Map<string, DerivedConstructor>();
  for (const variant of namedChildrenOf(declaration.childForFieldName('body') ?? declaration)) {
    const name = variant.type === 'enum_variant' ? variant.childForFieldName('name')?.text : undefined;
    if (name) variants.set(name, fieldsConstructor(variant.childForFieldName('body')) ?? { fields: [], literal: false, inherits: null, omittable: false });
  }
  return variants;
}

/** What the struct literal or pattern that `name` (a type's name, maybe `path::P`) begins gives. */
function structLiteral(name: Node): FieldLiteral | null {
  let node: Node = name;
  while (node.parent && /^scoped_(?:type_)?identifier$/.test(node.parent.type) && node.parent.childForFieldName('name')?.equals(node)) node = node.parent;
  const holder = node.parent;
  if (!holder) return null;
  const named: string[] = [];
  let rest = false;
  if (holder.type === 'struct_expression' && holder.childForFieldName('name')?.equals(node)) {
    for (const item of namedChildrenOf(holder.childForFieldName('body') ?? holder)) {
      if (item.type === 'field_initializer') named.push(item.childForFieldName('field')?.text ?? '');
      else if (item.type === 'shorthand_field_initializer') named.push(item.text);
      else if (item.type === 'base_field_initializer') rest = true;
    }
    return { positional: 0, named, rest };
  }
  if (holder.type === 'struct_pattern' && holder.childForFieldName('type')?.equals(node)) {
    for (const item of namedChildrenOf(holder)) {
      if (item.type === 'field_pattern') named.push(item.childForFieldName('name')?.text ?? '');
      else if (item.type === 'remaining_field_pattern') rest = true;
    }
    return { positional: 0, named, rest };
  }
  if (holder.type === 'tuple_struct_pattern' && holder.childForFieldName('type')?.equals(node)) {
    const items = namedChildrenOf(holder).filter((item) => !item.equals(node) && item.type !== 'comment');
    rest = items.some((item) => item.type === 'remaining_field_pattern');
    return { positional: items.filter((item) => item.type !== 'remaining_field_pattern').length, named, rest };
  }
  return null;
}

/**
 * Rust's `match` expressions, each with the variants its arms' patterns name (`Shape::Circle`,
 * `Self::Circle`, a `use`d `Circle`), and the `match`es inside macros' arguments, whose patterns
 * are tokens the grammar does not parse.
 */
function rustMatches(root: Node): ExhaustiveMatch[] {
  const matches: ExhaustiveMatch[] = [];
  for (const match of root.descendantsOfType('match_expression')) {
    if (!match) continue;
    const cases: Array<{ qualifier: string | null; name: string }> = [];
    let catchAll = false;
    for (const arm of match.childForFieldName('body')?.namedChildren ?? []) {
      const pattern = arm?.type === 'match_arm' ? arm.childForFieldName('pattern') : null;
      if (!pattern) continue;
      const guard = pattern.childForFieldName('condition');
      const written = namedChildrenOf(pattern).filter((child) => !guard || !child.equals(guard));
      if (!guard && (written.length === 0 ? pattern.text.trim() === '_' : written.length === 1 && irrefutable(written[0]!))) catchAll = true;
      for (const part of written) variantsNamed(part, cases);
    }
    matches.push({ node: match, cases, catchAll, unread: false });
  }
  for (const macro of root.descendantsOfType(['macro_invocation', 'macro_definition'])) {
    if (!macro || !/\bmatch\b/.test(macro.text)) continue;
    // (A macro inside another one is read with it.)
    if (macro.parent && /token_tree|macro_definition|macro_rule/.test(macro.parent.type)) continue;
    const cases = [...macro.text.matchAll(/(?:([\p{L}_][\p{L}\p{N}_]*)\s*::\s*)?\b([\p{L}_][\p{L}\p{N}_]*)/gu)].map((word) => ({ qualifier: word[1] ?? null, name: word[2]! }));
    matches.push({ node: macro, cases, catchAll: false, unread: true });
  }
  return matches;
}

/** A pattern every value matches: `_`, a binding (`x`, `ref x`, `x @ _`), a tuple of those. */
function irrefutable(pattern: Node): boolean {
  const parts = namedChildrenOf(pattern);
  switch (pattern.type) {
    case 'identifier':
      // (`None`, `Circle`, `__Hidden`: a variant or constant in scope, not a binding.)
      return /^_*\p{Ll}/u.test(pattern.text);
    case 'ref_pattern':
    case 'mut_pattern':
    case 'reference_pattern':
    case 'tuple_pattern':
      return parts.every(irrefutable);
    case 'captured_pattern':
      return parts.length > 0 && irrefutable(parts[parts.length - 1]!);
    default:
      return pattern.text === '_';
  }
}

/** The variants a pattern names, with the path before each (`Shape` of `a::Shape::Circle`), into `cases`. */
function variantsNamed(pattern: Node, cases: Array<{ qualifier: string | null; name: string }>): void {
  const pending = [pattern];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'scoped_identifier' || node.type === 'scoped_type_identifier') {
      const path = node.childForFieldName('path');
      const name = node.childForFieldName('name');
      if (name) cases.push({ qualifier: path ? (path.childForFieldName('name') ?? path).text : null, name: name.text });
      continue;
    }
    // (A bare name is a variant brought in by `use`, or a binding, which names no variant.)
    if (node.type === 'identifier' || node.type === 'type_identifier') cases.push({ qualifier: null, name: node.text });
    for (const child of node.namedChildren) if (child) pending.push(child);
  }
}

/** Items whose `pub` structedit reads. */
const RUST_ITEMS = /^(?:function_item|function_signature_item|struct_item|enum_item|union_item|const_item|static_item|type_item|trait_item|mod_item|field_declaration)$/;

/** How far a Rust item reaches: no `pub` (or `pub(self)`), its module; `pub(super)`, its parent's; else everywhere. */
function rustReach(declaration: Node): Reach | 'everywhere' | null {
  if (!RUST_ITEMS.test(declaration.type)) return null;
  for (let at = declaration.parent; at && at.type !== 'mod_item' && at.type !== 'source_file'; at = at.parent) {
    if (at.type === 'trait_item' || (at.type === 'impl_item' && at.childForFieldName('trait'))) return 'everywhere';
  }
  const visibility = declaration.namedChildren.find((child) => child?.type === 'visibility_modifier')?.text.replace(/\s+/g, '') ?? null;
  if (visibility === null || visibility === 'pub(self)') return 'module';
  return visibility === 'pub(super)' ? 'parent-module' : 'everywhere';
}

/**
 * The item whose interface shows the type at `use`: a function's signature (not its body), a
 * field, an enum's variant, a constant's or static's type, a type alias or associated type.
 */
function rustInterfaceOf(use: Node): Node | null {
  let at: Node = use;
  for (let parent = use.parent; parent; at = parent, parent = parent.parent) {
    if (/^(?:block|token_tree|macro_invocation)$/.test(parent.type)) return null;
    if (parent.type === 'function_item' || parent.type === 'function_signature_item') return parent.childForFieldName('body')?.equals(at) ? null : parent;
    if (/^(?:field_declaration|enum_item|const_item|static_item|type_item)$/.test(parent.type)) return parent;
    if (parent.type === 'enum_variant') return parent.parent?.parent ?? null;
    // A tuple struct's field: `pub struct A(pub B)`.
    if (parent.type === 'ordered_field_declaration_list') return at.type === 'visibility_modifier' ? null : parent.parent;
    if (/_item$/.test(parent.type)) return null;
  }
  return null;
}

/**
 * The names a function's or a closure's parameters bind, through their patterns (`mut a`, `(b, c)`,
 * `S { x, y: z }`, `T(e)`, `w @ 1..=2`); `_` binds none, and a capitalized name is taken for the unit
 * struct or constant it names.
 */
function parameterNames(list: Node): Node[] {
  return boundNames(list, (node) => (node.type === 'identifier' && !/^[A-Z]/.test(node.text)) || node.type === 'shorthand_field_identifier', (node) => {
    switch (node.type) {
      case 'parameters':
      case 'closure_parameters':
      case 'ref_pattern':
      case 'reference_pattern':
      case 'mut_pattern':
      case 'tuple_pattern':
      case 'slice_pattern':
      case 'captured_pattern':
      case 'struct_pattern':
        return node.namedChildren;
      case 'tuple_struct_pattern': {
        const type = node.childForFieldName('type');
        return node.namedChildren.filter((child) => child !== null && !child.equals(type!));
      }
      case 'parameter':
        return [node.childForFieldName('pattern')];
      case 'field_pattern':
        return [node.childForFieldName('pattern') ?? node.childForFieldName('name')];
      default:
        return [];
    }
  });
}

/**
 * The items a module (the file, or an inline `mod`), an `impl` block or a trait defines twice: E0428
 * ("the name is defined multiple times"), E0201 (an `impl`'s duplicate definitions). Types and values are
 * two namespaces (a tuple or unit struct is in both); an item under a `#[cfg(…)]` is left out, as one
 * of a pair of `#[cfg(unix)]`/`#[cfg(windows)]` items compiles alone.
 */
function duplicateDeclarations(root: Node, within: readonly TextSpan[]): RefusedNode[] {
  const scopes = [root, ...nodesOverlapping(root, within, ['declaration_list']).filter((list) => /^(?:mod|impl|trait)_item$/.test(list.parent?.type ?? ''))];
  return scopes.flatMap((scope) => {
    const inImpl = scope.parent?.type === 'impl_item' || scope.parent?.type === 'trait_item';
    const declared: Array<{ key: string; node: Node }> = [];
    let configured = false;
    for (const item of namedChildrenOf(scope)) {
      if (item.type === 'attribute_item') {
        configured ||= /^#\[\s*cfg(?:_attr)?\s*\(/.test(item.text);
        continue;
      }
      const name = item.childForFieldName('name');
      if (!configured && name && name.text !== '_') {
        for (const space of namespacesOf(item, inImpl)) declared.push({ key: `${space}:${name.text}`, node: name });
      }
      configured = false;
    }
    return repeatedKeys(declared, (node) => `the name \`${node.text}\` is defined multiple times`);
  });
}

/** The namespaces an item's name takes: values (functions, constants, statics, tuple and unit structs), types (the rest), macros aside. */
function namespacesOf(item: Node, inImpl: boolean): string[] {
  if (inImpl) return /^(?:function_item|function_signature_item|const_item|type_item|associated_type)$/.test(item.type) ? ['associated'] : [];
  switch (item.type) {
    case 'function_item':
    case 'const_item':
    case 'static_item':
      return ['value'];
    case 'struct_item':
      return item.childForFieldName('body')?.type === 'field_declaration_list' ? ['type'] : ['type', 'value'];
    case 'enum_item':
    case 'union_item':
    case 'trait_item':
    case 'type_item':
    case 'mod_item':
      return ['type'];
    default:
      return [];
  }
}

/**
 * The module of a Rust file by its place (`src/a.rs` and `src/a/mod.rs` are `src/a`, `src/lib.rs` is
 * `src`): the folder its child modules live in.
 */
function rustModuleOf(path: string): string {
  const module = path.replace(/\.rs$/, '');
  return /(?:^|\/)(?:mod|lib|main)$/.test(module) ? dirname(module) : module;
}

/** Files that start a crate rather than being declared by a `mod`: `lib.rs`, `main.rs`, `build.rs`, and the files directly in `bin/`, `tests/`, `examples/`, `benches/`. */
function rustCrateRoot(path: string): boolean {
  return /(?:^|\/)(?:lib|main|build)\.rs$/.test(path) || /(?:^|\/)(?:bin|tests|examples|benches)\/[^/]+\.rs$/.test(path);
}

/** Where `path` is declared: `mod name;` in the file of its parent module (`src/a.rs` or `src/a/mod.rs` for `src/a/b.rs`; `src/lib.rs` or `src/main.rs` for `src/b.rs`). */
function rustDeclaredBy(path: string, files: ReadonlySet<string>): ModuleDeclaration | null {
  if (!path.endsWith('.rs') || rustCrateRoot(path)) return null;
  const module = rustModuleOf(path);
  const name = module.slice(module.lastIndexOf('/') + 1);
  const parent = dirname(module);
  const prefix = parent === '' ? '' : `${parent}/`;
  // A crate root in that folder (`src/bin/tool.rs`) declares its modules there too.
  const roots = [...files].filter((file) => dirname(file) === parent && rustCrateRoot(file) && !/\/(?:lib|main)\.rs$|^(?:lib|main)\.rs$/.test(file)).sort();
  const candidates = [`${parent}.rs`, `${prefix}mod.rs`, `${prefix}lib.rs`, `${prefix}main.rs`, ...roots].filter((file) => file !== path && file !== '.rs');
  // `#[path = "…"]` points elsewhere: that declaration is not of this file.
  const declaration = new RegExp(`(?:^|[\\s;}])mod\\s+(?:r#)?${name}\\s*;\\s*$`);
  return { name, files: candidates, declares: (structure, text) => structure.kind === 'module' && structure.name === name && declaration.test(text) && !/#\s*\[\s*path\b/.test(text), conditions: (text) => rustConditions(text).map(cfgCondition), statement: `mod ${name};` };
}

/**
 * What a Rust path in `text` starts from, when relative: a `use` whose paths begin with `self::`,
 * or (edition 2018) with a name the file declares (`use ast::Ast` beside `mod ast;`), starts from the
 * file's module; `super::` from its parent; `crate::`, `::` and crates' names mean the same anywhere.
 * In code (not a `use`), `self::f()` and `super::g()` do too.
 */
function rustRelativeTo(text: string, path: string, declares: (name: string) => boolean): string | null {
  const module = rustModuleOf(path);
  const from = (head: string) => (head === 'super' ? `the module ${dirname(module) || '.'}` : head === 'self' || declares(head) ? `the module ${module}` : null);
  // (In code, a path from a name of the file's own is a use of that name, which the move follows.)
  const code = !/^(?:\s*#\s*\[[^\]]*\])*\s*(?:pub(?:\s*\([^)]*\))?\s+)?use\s/.test(text);
  const heads = rustPaths(text).map((segments) => segments[0]!).filter((head) => !code || head === 'self' || head === 'super');
  const bases = new Set(heads.map(from).filter((base) => base !== null));
  return bases.size > 0 ? [...bases].join(' and ') : null;
}

/**
 * What code moved from `sourcePath` to `destinationPath` would no longer see through the paths in
 * `text`: a module holding the source and not the destination shows the source its items, fields and
 * methods without `pub`, and the destination only its `pub` ones. Every path reaching into such a
 * module (`crate::a::T` moved out of `crate::a::x`) is one the move cannot prove. (A destination
 * inside the source's module sees all the source sees.)
 */
function rustLostAccess(text: string, move: MovedAccess): string | null {
  const source = rustModuleOf(move.sourcePath);
  const destination = rustModuleOf(move.destinationPath);
  const within = (module: string, owner: string) => module === owner || module.startsWith(`${owner}/`);
  if (within(destination, source)) return null;
  const root = rustModuleOf(move.programStart);
  const isModule = (folder: string) => move.files.has(`${folder}.rs`) || move.files.has(`${folder}/mod.rs`);
  for (const segments of rustPaths(text)) {
    const [head, ...rest] = segments;
    // 2015's `use a::b` starts at the crate's root too.
    let owner = head === 'crate' ? root : head === 'super' ? dirname(source) : head === 'self' ? source : isModule(`${root}/${head}`) ? root : null;
    if (owner === null) continue;
    const names = head === 'crate' || head === 'super' || head === 'self' ? rest : segments;
    for (const name of names) {
      if (within(source, owner) && !within(destination, owner)) {
        return `reaches ${segments.join('::')} through the module ${owner}, which shows ${move.sourcePath} what it keeps private (items, fields and methods without pub) and ${move.destinationPath} only what is pub; make sure all it uses there is pub, then send the edit again with force: true`;
      }
      if (!isModule(`${owner}/${name}`)) break;
      owner = `${owner}/${name}`;
    }
  }
  return null;
}

/** `impl<T> Trait for Type {`, attributes and doc comments before it (not an inherent `impl Type`, whose methods without `pub` its module alone calls). */
const TRAIT_IMPL = /^(?:\s*(?:\/\/[^\n]*|#\s*\[[^\n]*\])\n)*\s*(?:unsafe\s+)?impl\b[^{]*?\sfor\s+[^{]*\{/;

/**
 * `use crate::a::T;` for the item `T` of the source's module `crate::a`, into a module inside it,
 * which sees all the source's module sees (its items without `pub` too). Not a macro
 * (`macro_rules!` is not reached by a path) or what no name reaches (an `impl`).
 */
function rustImportOwn(name: string, declaration: { readonly kind: string; readonly text: string }, move: MovedAccess): string | null {
  const source = rustModuleOf(move.sourcePath);
  const destination = rustModuleOf(move.destinationPath);
  const root = rustModuleOf(move.programStart);
  if (!destination.startsWith(`${source}/`) || !(source === root || source.startsWith(`${root}/`))) return null;
  if (!/^(?:function|struct|enum|union|trait|type|const|static|module)$/.test(declaration.kind)) return null;
  // Declared only under a `#[cfg(…)]`, it is imported only under it too.
  return [...rustConditions(declaration.text), `use ${rustCratePath(source, move.programStart)}::${name};`].join('\n');
}

/** An item's attributes and comments, then its visibility (`pub`, `pub(crate)`…) if it has one. */
const VISIBILITY = /^((?:\s*(?:\/\/[^\n]*|\/\*[^]*?\*\/|#\s*\[[^\n]*\])\n)*\s*)(pub(?:\s*\([^)]*\))?\s+)?/;

/**
 * An item moved into a child module of its own stays where every path found it: its module gets
 * `use self::child::name;` with the item's old visibility (`pub use` for a `pub` one, `pub(crate)
 * use` for a `pub(crate)` one; a private import is seen by the module and all inside it, as the
 * item was), and a private item becomes `pub(super)`, so its old module sees it. Not a struct with a
 * field that module would no longer see (a field without `pub`), a macro, or an item reaching
 * further than it says (`pub(super)`, `pub(in …)` name other modules from the child).
 */
function rustLeaveBehind(name: string, declaration: { readonly kind: string; readonly text: string }, move: MovedAccess): LeftBehind | null {
  const source = rustModuleOf(move.sourcePath);
  const destination = rustModuleOf(move.destinationPath);
  if (dirname(destination) !== source || !/^(?:function|struct|enum|union|trait|type|const|static)$/.test(declaration.kind)) return null;
  const [, , written] = VISIBILITY.exec(declaration.text)!;
  const visibility = written?.replace(/\s+/g, '') ?? '';
  if (visibility !== '' && visibility !== 'pub(self)' && visibility !== 'pub(crate)' && visibility !== 'pub') return null;
  if (/^(?:struct|union)$/.test(declaration.kind) && !fieldsAllVisible(declaration.text)) return null;
  const child = destination.slice(destination.lastIndexOf('/') + 1);
  const reexport = visibility === 'pub' || visibility === 'pub(crate)' ? `${visibility} ` : '';
  return {
    rewrite: (text) => (reexport !== '' ? text : text.replace(VISIBILITY, (_, head: string) => `${head}pub(super) `)),
    statement: [...rustConditions(declaration.text), `${reexport}use self::${child}::${name};`].join('\n'),
    always: visibility === 'pub',
  };
}

/** Whether every field of a struct's text is `pub` or `pub(crate)` (a unit struct has none). */
function fieldsAllVisible(text: string): boolean {
  const body = /\{([^]*)\}\s*$/.exec(text)?.[1] ?? /\(([^]*)\)\s*(?:where[^;]*)?;\s*$/.exec(text)?.[1];
  if (body === undefined) return /;\s*$/.test(text);
  // Each field, after the `{`/`(` or a `,` at the top level, its attributes and comments aside.
  const fields = body.split(/,(?![^<([{]*[>)\]}])/).map((field) => field.replace(/^(?:\s*(?:\/\/[^\n]*\n|\/\*[^]*?\*\/|#\s*\[[^\]]*\]))*\s*/, '')).filter((field) => field.trim() !== '');
  return fields.every((field) => /^pub(?:\s*\(\s*crate\s*\))?\s/.test(field));
}

/** The `#[cfg(…)]` attributes on the lines that begin an item's text, spaces folded. */
function rustConditions(text: string): string[] {
  const attributes = /^(?:[ \t]*(?:#\s*\[[^\n]*\]|\/\/[^\n]*)[^\S\n]*(?:\/\/[^\n]*)?\n)*/.exec(text)![0];
  return (attributes.match(/#\s*\[\s*cfg\s*\([^\n]*\)\s*\]/g) ?? []).map((condition) => condition.replace(/\s+/g, ' ').trim());
}

/** `#[cfg(unix)]` or `#![cfg(unix)]` as the condition it sets, `cfg(unix)`, spaces folded. */
function cfgCondition(attribute: string): string {
  return attribute.replace(/^#\s*!?\s*\[\s*|\s*\]$/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The conditions a file compiles its module under by itself: its inner `#![cfg(…)]` attributes,
 * among the comments and inner attributes that open it (`src/unix.rs` with `#![cfg(unix)]`).
 */
function rustCompiledUnder(_path: string, text: string): BuildConditions {
  const head = /^(?:\s*(?:\/\/[^\n]*|\/\*[^]*?\*\/|#!\[[^\n]*\]))*/.exec(text)![0];
  const attributes = head.match(/#!\[\s*cfg\s*\([^\n]*\)\s*\]/g) ?? [];
  return { conditions: [...new Set(attributes.map(cfgCondition))].sort(), lines: attributes.join('\n') };
}

/** Whether a `use` brings `name` (`*`: a glob) from the module of the move's destination (`use crate::a::T` or `use crate::a::*` into `src/a.rs`). */
function rustImportsFrom(statement: string, name: string, move: MovedAccess): boolean {
  return rustImportedPath(statement, name, move.sourcePath, move.programStart) === `${rustCratePath(rustModuleOf(move.destinationPath), move.programStart)}::${name}`;
}

/**
 * The path from the crate's root a `use` in the file at `file` binds `name` to (`use super::x::T`
 * in `src/a/b.rs`: `crate::a::x::T`; `use std::fmt::{self, Write}`: `std::fmt` for `fmt`; a glob
 * `use a::*` for `*`), or `null` where it does not bind it as written (a rename, another name).
 */
function rustImportedPath(statement: string, name: string, file: string, programStart: string): string | null {
  const module = rustModuleOf(file);
  for (const segments of rustPaths(statement)) {
    if (segments.at(-1) !== name) continue;
    const [head, ...rest] = segments;
    const start = head === 'crate' ? 'crate' : head === 'self' ? rustCratePath(module, programStart) : head === 'super' ? rustCratePath(dirname(module), programStart) : head!;
    return [start, ...rest].join('::');
  }
  return null;
}

/** A module's folder (see rustModuleOf) as a path from the crate's root: `src/a/b` → `crate::a::b`. */
function rustCratePath(module: string, programStart: string): string {
  const root = rustModuleOf(programStart);
  return ['crate', ...module.slice(root.length).split('/').filter((segment) => segment !== '')].join('::');
}

/**
 * The paths in Rust text as their segments: a `use` tree's (`use a::{b::C, d}` is `a::b::C` and
 * `a::d`), else every path of the code that starts with a name (`crate::x::f`, `ast::parse`).
 */
function rustPaths(text: string): string[][] {
  const use = /^(?:\s*#\s*\[[^\]]*\])*\s*(?:pub(?:\s*\([^)]*\))?\s+)?use\s+(?!::)([^;]*)/.exec(text);
  if (use) return rustUsePaths(use[1]!.replace(/\s+as\s+[\w#]+/g, '').replace(/\s+/g, ''));
  return [...text.matchAll(/(?<![\w:])(?:r#)?([A-Za-z_]\w*(?:\s*::\s*(?:r#)?[A-Za-z_]\w*)+)/g)].map((match) => match[1]!.split('::').map((segment) => segment.trim().replace(/^r#/, '')));
}

/** A `use` tree's paths (spaces and renames removed): `a::{b::C,d}` → `a::b::C`, `a::d`; `self` in a group names its prefix. */
function rustUsePaths(tree: string): string[][] {
  const group = tree.indexOf('{');
  if (group === -1) {
    const path = tree.split('::').filter((segment) => segment !== '').map((segment) => segment.replace(/^r#/, ''));
    return path.length > 0 ? [path] : [];
  }
  const prefix = tree.slice(0, group).split('::').filter((segment) => segment !== '');
  const inner = tree.slice(group + 1, tree.lastIndexOf('}'));
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at <= inner.length; at++) {
    const char = inner[at];
    if (char === '{') depth++;
    else if (char === '}') depth--;
    else if ((char === ',' && depth === 0) || at === inner.length) {
      items.push(inner.slice(start, at));
      start = at + 1;
    }
  }
  return items.flatMap((item) => (item === 'self' ? (prefix.length > 0 ? [prefix] : []) : rustUsePaths(item).map((path) => [...prefix, ...path])));
}
