import type { Node } from 'web-tree-sitter';
import { ecmascriptResolver } from '../../modules/ecmascript.js';
import { dirname } from '../../semantic/modules.js';
import { ecmascriptScopes } from '../../semantic/scope-rules-ecmascript.js';
import { knownBases, type ImportStyle, type LanguageProfile, type ModuleSystem, type Reach } from '../profile.js';
import type { TextSpan } from '../../structure/types.js';
import { boundNames, genericSpacingKind, nodesOverlapping, reachOfModifiers, repeatedParameters, requiredMembersOf, triesWithoutHandlers } from './generic.js';

/**
 * What TypeScript, TSX and JavaScript share: `@` decorators, their reserved words, their scoping
 * rules, ES module imports between files under the root, and `readFile`'s directive prologues,
 * `require` imports and CommonJS exports. `typescript.ts` and `javascript.ts` build on it.
 */
export const ecmascript = {
  parts: { decoratorPrefix: '@' },
  // `try {…}` with its `catch` deleted and no `finally`, `let x` twice, `(a, a) =>`: SyntaxErrors the grammar accepts.
  // (A parameter list's lines hold a parenthesis or a comma.)
  compiler: {
    touches: /\b(?:try|catch|finally|let|const|class|function|var)\b|[(),]/,
    incompleteStatements: (root: Node, within: readonly TextSpan[]) => triesWithoutHandlers(root, within, ['catch_clause', 'finally_clause'], 'try without catch or finally'),
    duplicateDeclarations: (root: Node, within: readonly TextSpan[]) => [...lexicalRedeclarations(root, within), ...repeatedParameters(root, within, ['formal_parameters'], parameterNames, (name, list) => (typed(list) ? `Duplicate identifier '${name.text}'` : 'Duplicate parameter name not allowed in this context')).filter(({ node }) => repeatsRefused(node))],
  },
  names: {
    identifier: /^[\p{L}_$][\p{L}\p{N}_$]*$/u,
    keywords: new Set('break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static await'.split(' ')),
    receivers: [],
  },
  members: {
    // A value typed as an interface (an object literal) implements it too: TypeScript types are structural.
    requiredMembers: (declaration) => requiredMembersOf(declaration, 'structural'),
    typesNoValue: typeOfNoValue,
    // Object.prototype's members, which the runtime calls (`${x}`, JSON.stringify, await).
    implicit: (name) => /^(?:constructor|toString|toLocaleString|valueOf|toJSON|then|hasOwnProperty|isPrototypeOf|propertyIsEnumerable)$/.test(name),
    // From TypeScript's lib (es2023, dom) and Node's events: the classes code most often extends.
    knownBases: knownBases({
      'Error TypeError RangeError SyntaxError ReferenceError EvalError URIError': 'cause message name stack',
      AggregateError: 'cause errors message name stack',
      Array: 'at concat copyWithin entries every fill filter find findIndex findLast findLastIndex flat flatMap forEach includes indexOf join keys lastIndexOf length map pop push reduce reduceRight reverse shift slice some sort splice toLocaleString toReversed toSorted toSpliced toString unshift values with',
      Map: 'clear delete entries forEach get has keys set size values',
      Set: 'add clear delete entries forEach has keys size values',
      WeakMap: 'delete get has set',
      WeakSet: 'add delete has',
      Promise: 'catch finally then',
      EventTarget: 'addEventListener dispatchEvent removeEventListener',
      Event: 'AT_TARGET BUBBLING_PHASE CAPTURING_PHASE NONE bubbles cancelBubble cancelable composed composedPath currentTarget defaultPrevented eventPhase initEvent isTrusted preventDefault returnValue srcElement stopImmediatePropagation stopPropagation target timeStamp type',
      'events.EventEmitter node:events.EventEmitter events.default node:events.default':
        'addListener emit eventNames getMaxListeners listenerCount listeners off on once prependListener prependOnceListener rawListeners removeAllListeners removeListener setMaxListeners',
    }),
    globalPrefix: '',
    // Members are read from `this` or another value, never by a bare name.
    bareNamesReachMembers: false,
    reachOf: moduleReach,
  },
  scopes: ecmascriptScopes,
  modules: ecmascriptModules(),
  // `import type` lines are a group of their own: files often set them apart from the other imports.
  layout: { spacingKind: (kind, text, at) => (kind === 'import' && /^import\s+type\s/.test(text.slice(at, at + 20)) ? 'import type' : genericSpacingKind(kind)) },
  reading: {
    category: (node, header) => {
      // A string statement: a directive prologue (`'use strict'`), else documentation.
      if (node.kind === 'docstring') return /^(['"])use [\w -]+\1;?\s*$/.test(header) ? 'directive' : null;
      if (/^(?:const|let|var)\s[^=]*=\s*require\s*\(/.test(header) || /^require\s*\(/.test(header)) return 'import';
      if (node.children.length === 0 && (node.kind === 'export' || /^(?:module\.exports|exports\.[\w$]+)\s*=/.test(header))) return 'export';
      return null;
    },
  },
} satisfies Omit<LanguageProfile, 'languages'>;

/** ES module imports (see `ecmascriptResolver`), and how a move writes them. */
function ecmascriptModules(): ModuleSystem {
  return {
    family: 'ecmascript',
    explicitExports: true,
    cyclesFail: false,
    resolver: ecmascriptResolver,
    submodule: () => null,
    reexportsUnnamed: /\bexport\s*\*/,
    anyName: null,
    specifier(from, to, style) {
      const fromParts = dirname(from).split('/').filter(Boolean);
      const toParts = to.split('/');
      let common = 0;
      while (common < fromParts.length && common < toParts.length - 1 && fromParts[common] === toParts[common]) common++;
      const up = fromParts.length - common;
      const rest = toParts.slice(common).join('/');
      let specifier = `${up === 0 ? './' : '../'.repeat(up)}${rest}`;
      specifier = style.extension ? specifier.replace(/\.(m|c)?tsx?$/, (match) => match.replace('t', 'j')) : specifier.replace(/(\.d)?\.(m|c)?[jt]sx?$/, '');
      return specifier.replace(/\/index$/, '') || '.';
    },
    specifierLike(previous, previousTarget, to) {
      if (previous.startsWith('.') || previous.startsWith('/')) return null;
      const extension = /\.[cm]?[jt]sx?$/.exec(previous)?.[0] ?? '';
      const bare = (path: string) => path.replace(/(\.d)?\.[cm]?[jt]sx?$/, '').replace(/\/index$/, '');
      const named = bare(previous).split('/');
      const before = bare(previousTarget).split('/');
      // The path segments the specifier and the file end with alike: what precedes them maps one prefix to the other.
      let common = 0;
      while (common < named.length - 1 && common < before.length && named[named.length - 1 - common] === before[before.length - 1 - common]) common++;
      if (common === 0) return null;
      const prefix = named.slice(0, named.length - common).join('/');
      const folder = before.slice(0, before.length - common).join('/');
      const after = bare(to);
      if (folder !== '' && !after.startsWith(`${folder}/`)) return null;
      const rest = folder === '' ? after : after.slice(folder.length + 1);
      return `${prefix}/${rest}${extension && !/\/index$/.test(to.replace(/\.[cm]?[jt]sx?$/, '')) ? extension.replace(/t(sx?)$/, 'j$1') : ''}`;
    },
    style(text): ImportStyle {
      const sample = /^import[^\n]*?from\s+(['"])([^'"]*)\1(;?)/m.exec(text) ?? /^import\s+(['"])([^'"]*)\1(;?)/m.exec(text);
      const relativeSpecifier = /from\s+['"](\.[^'"]*)['"]/.exec(text)?.[1];
      return {
        quote: sample?.[1] ?? "'",
        semicolon: sample ? sample[3]! : /;\s*$/m.test(text) || text.trim() === '' ? ';' : '',
        extension: relativeSpecifier !== undefined && /\.[cm]?js$/.test(relativeSpecifier),
        relative: false,
      };
    },
    statement(module, imported, local, style) {
      const quoted = `${style.quote}${module}${style.quote}`;
      if (imported === '*') return `import * as ${local} from ${quoted}${style.semicolon}`;
      if (imported === 'default') return `import ${local} from ${quoted}${style.semicolon}`;
      return `import { ${imported}${local !== imported ? ` as ${local}` : ''} } from ${quoted}${style.semicolon}`;
    },
    specifierOffset: (statement, module) => statement.lastIndexOf(module),
  };
}

/** Declarations a module may export. */
const MODULE_DECLARATIONS = /^(?:function_declaration|generator_function_declaration|class_declaration|abstract_class_declaration|lexical_declaration|variable_declaration|interface_declaration|type_alias_declaration|enum_declaration)$/;

/**
 * How far a declaration of an ES module reaches: exported (`export …`, `export { f }`, `export
 * default f`, CommonJS `module.exports`/`exports.f`), everywhere; a top-level one not exported, its
 * file; a class member, as its modifiers say (TypeScript's `private`, `protected`).
 */
function moduleReach(declaration: Node): Reach | 'everywhere' | null {
  if (declaration.type === 'export_statement') return 'everywhere';
  if (declaration.parent?.type !== 'program') return reachOfModifiers(declaration);
  if (!MODULE_DECLARATIONS.test(declaration.type)) return null;
  const names = declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration' ? declaration.namedChildren.flatMap((declarator) => declarator?.childForFieldName('name')?.text ?? []) : [declaration.childForFieldName('name')?.text ?? ''];
  const text = declaration.parent.text;
  const exported = (name: string) => new RegExp(`\\bexport\\s*(?:type\\s*)?\\{[^}]*\\b${name}\\b|\\bexport\\s+default\\s+${name}\\b|\\bmodule\\.exports\\b|\\bexports\\.${name}\\b`).test(text);
  return names.some((name) => name && /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name) && exported(name)) ? 'everywhere' : 'file';
}

/** Type operators whose result asks nothing of a value of their argument: every member optional, or its keys alone. */
const NO_VALUE_TYPES = /^(?:Partial|DeepPartial)$/;

/**
 * Whether a type's name at `use` asks nothing of a value: anywhere inside `keyof …` (up through the
 * type nodes around it), or itself the argument of `Partial<…>` or the object of `X['key']`.
 */
function typeOfNoValue(use: Node): boolean {
  const parent = use.parent;
  if (parent?.type === 'lookup_type' && parent.firstNamedChild?.id === use.id) return true;
  if (parent?.type === 'type_arguments' && parent.parent?.type === 'generic_type' && NO_VALUE_TYPES.test(parent.parent.childForFieldName('name')?.text ?? '')) return true;
  for (let around = parent; around && /type/.test(around.type); around = around.parent) if (around.type === 'index_type_query') return true;
  return false;
}

/** The names a parameter list binds, its patterns' included (`{ a, b: c }`, `[d]`, `e = 1`, `...f`; TypeScript's `this` binds none). */
function parameterNames(list: Node): Node[] {
  return boundNames(list, (node) => node.type === 'identifier' || node.type === 'shorthand_property_identifier_pattern', (node) => {
    switch (node.type) {
      case 'formal_parameters':
      case 'rest_pattern':
      case 'array_pattern':
      case 'object_pattern':
        return node.namedChildren;
      case 'required_parameter':
      case 'optional_parameter':
        return [node.childForFieldName('pattern')];
      case 'assignment_pattern':
      case 'object_assignment_pattern':
        return [node.childForFieldName('left')];
      case 'pair_pattern':
        return [node.childForFieldName('value')];
      default:
        return [];
    }
  });
}

/** A TypeScript parameter list (its parameters are `required_parameter`s and `optional_parameter`s), where a repeated name is always TS2300. */
function typed(list: Node): boolean {
  return list.namedChildren.some((parameter) => parameter?.type === 'required_parameter' || parameter?.type === 'optional_parameter');
}

/**
 * Whether JavaScript refuses a repeated name in the parameter list holding `name`: always in
 * TypeScript, an arrow function, a method, a list with a default, rest or pattern, and in strict code
 * (a module, a class, under `'use strict'`); a script's plain function with plain parameters may
 * repeat one (the later wins).
 */
function repeatsRefused(name: Node): boolean {
  let list = name.parent;
  while (list && list.type !== 'formal_parameters') list = list.parent;
  if (!list) return false;
  if (typed(list) || list.namedChildren.some((parameter) => parameter !== null && parameter.type !== 'identifier' && !/comment/.test(parameter.type))) return true;
  if (list.parent?.type === 'arrow_function' || list.parent?.type === 'method_definition') return true;
  for (let around: Node | null = list.parent; around; around = around.parent) {
    if (around.type === 'class_body') return true;
    const body = around.type === 'program' ? around : /function|method/.test(around.type) ? around.childForFieldName('body') : null;
    if (body && strictDirective(body)) return true;
    if (around.type === 'program') return around.namedChildren.some((child) => child?.type === 'import_statement' || child?.type === 'export_statement');
  }
  return false;
}

/** Whether a program or a function body opens with `'use strict'` among its directives (the strings before its first other statement). */
function strictDirective(body: Node): boolean {
  for (const statement of body.namedChildren) {
    if (!statement || /comment|hash_bang_line/.test(statement.type)) continue;
    const string = statement.type === 'expression_statement' ? statement.firstNamedChild : null;
    if (string?.type !== 'string') return false;
    if (/^(['"])use strict\1$/.test(string.text)) return true;
  }
  return false;
}

/** Statements of one block past which {@link lexicalRedeclarations} does not look (a bundle's). */
const MAX_SCOPE_STATEMENTS = 2000;

/**
 * The names a block (or the file, or a switch's cases) declares twice where one of the two is `let`,
 * `const` or `class`: an early SyntaxError in every engine ("Identifier 'x' has already been
 * declared"); TypeScript's TS2451 too. In a module (strict code with `import`/`export`) a function
 * declared at the top or in a block (not a function's own body) counts as `let` does. Two `var`s, or
 * functions in a script, are left alone, as are TypeScript's mergeable declarations. A block of more
 * than `MAX_SCOPE_STATEMENTS` statements (a bundle's) is not looked at.
 */
function lexicalRedeclarations(root: Node, within: readonly TextSpan[]): Array<{ node: Node; reason: string }> {
  const module = root.namedChildren.some((child) => child?.type === 'import_statement' || child?.type === 'export_statement');
  return [root, ...nodesOverlapping(root, within, ['statement_block', 'switch_body', 'class_static_block'])].flatMap((scope) => {
    const functionsLexical = module && !/^(?:function_declaration|function_expression|function|arrow_function|method_definition|generator_function|generator_function_declaration)$/.test(scope.parent?.type ?? '');
    const declared = new Map<string, Array<{ node: Node; lexical: boolean }>>();
    // (A block of thousands of statements is a bundle's, which no one edits by hand: not looked at.)
    if (scope.namedChildCount > MAX_SCOPE_STATEMENTS) return [];
    // A function's parameters (a catch's, an arrow's one) are declared in its body's scope: `let a` there is a second `a`.
    const owner = scope.parent?.childForFieldName('body')?.equals(scope) ? scope.parent : null;
    for (const parameter of owner ? [...(owner.childForFieldName('parameters')?.namedChildren ?? []), owner.childForFieldName('parameter')] : []) {
      const name = parameter?.type === 'identifier' ? parameter : parameter?.type === 'assignment_pattern' ? parameter.childForFieldName('left') : parameter?.childForFieldName('pattern');
      if (name?.type === 'identifier') declared.set(name.text, [...(declared.get(name.text) ?? []), { node: name, lexical: false }]);
    }
    const statements = scope.type === 'switch_body' ? scope.namedChildren.flatMap((clause) => clause?.namedChildren ?? []) : scope.namedChildren;
    for (const child of statements) {
      const statement = child?.type === 'export_statement' ? child.childForFieldName('declaration') : child;
      if (!statement) continue;
      const lexical = statement.type === 'lexical_declaration' || statement.type === 'class_declaration' || (functionsLexical && /^(?:function|generator_function)_declaration$/.test(statement.type));
      const names =
        statement.type === 'lexical_declaration' || statement.type === 'variable_declaration'
          ? statement.namedChildren.map((declarator) => (declarator?.type === 'variable_declarator' ? declarator.childForFieldName('name') : null))
          : /^(?:class|function|generator_function)_declaration$/.test(statement.type)
            ? [statement.childForFieldName('name')]
            : [];
      for (const name of names) if (name?.type === 'identifier' || name?.type === 'type_identifier') declared.set(name.text, [...(declared.get(name.text) ?? []), { node: name, lexical }]);
    }
    // Each later declaration of a name that a `let`, `const` or `class` declares too.
    return [...declared.values()].flatMap((all) => (all.length > 1 && all.some((entry) => entry.lexical) ? all.slice(1).map(({ node }) => ({ node, reason: `Identifier '${node.text}' has already been declared` })) : []));
  });
}
