import type { Node } from 'web-tree-sitter';
import { namedChildrenOf } from '../../semantic/syntax.js';
import type { TextSpan } from '../../structure/types.js';
import type { BuildConditions, DerivedConstructor, FieldLiteral, ImportLine, LanguageProfile, RequiredMembers, RefusedNode } from '../profile.js';
import { nodesOverlapping, overlaps, repeatedKeys, repeatedParameters } from './generic.js';

/** The Go specification's predeclared identifiers. */
const GO_PREDECLARED: ReadonlySet<string> = new Set(
  ('any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr ' +
    'true false iota nil append cap clear close complex copy delete imag len make max min new panic print println real recover').split(' '),
);

/**
 * Go: interface method specs are members; a result type follows the parameters after a space.
 * tree-sitter-go 0.25 puts the statements of a block and of a case in a `statement_list`: the
 * statements are the structures, the list is not.
 */
export const go: LanguageProfile = {
  // A grouped `import ( … )` is one import per spec; a package's files share their top-level names;
  // an import nothing uses does not compile. A dot import's names cannot be read from it. Build
  // constraints and file names say where a file is compiled.
  moves: { importsOf: goImports, opaqueImport: /^import\s+\.\s/, folderShared: true, unusedImportFails: true, predeclared: GO_PREDECLARED, compiledUnder: goCompiledUnder },
  // A package's files share its scope: an import cannot shadow what the package declares.
  names: { packageScope: true },
  languages: ['go'],
  structure: {
    bodies: ['interface_type', 'method_spec_list', 'statement_list', 'var_spec_list'],
    // `const ( A = iota; B )` and `type ( … )`: each spec is a structure (`var ( … )` holds a `var_spec_list`).
    groupings: ['const_declaration', 'type_declaration'],
    transparent: ['enum_body_declarations', 'statement_list'],
  },
  parts: { returnTypeSeparator: ' ' },
  // A struct is built by composite literals: `P{1, 2}` gives every field in order, `P{X: 1}` names
  // the ones it sets (the others are zero); `[]P{{X: 1}}` leaves the type out of its elements.
  calls: { derivedConstructor: structConstructor, fieldLiterals: compositeLiterals },
  // A type implements an interface by having its methods, never by naming it.
  members: { requiredMembers: interfaceMethods },
  compiler: { unterminatedBodies, unusedNames, incompleteStatements: constantsWithoutValues, duplicateDeclarations: (root, within) => [...duplicateDeclarations(root), ...repeatedParameters(root, within, ['function_declaration', 'method_declaration', 'func_literal', 'method_elem', 'method_spec', 'function_type'], parameterNames, (name) => `duplicate argument ${name.text}`)] },
};

/** go/build's known operating systems and architectures: a file name's last `_` parts among them constrain it. */
const GO_OS: ReadonlySet<string> = new Set('aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos'.split(' '));
const GO_ARCH: ReadonlySet<string> = new Set(
  '386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm'.split(' '),
);

/**
 * Where go/build compiles a file: never for a name starting with `_` or `.`; only by `go test` for
 * `_test.go`; under the GOOS and GOARCH its name ends with (`_linux`, `_windows_amd64`, after
 * everything up to its first `_`); and under its head's `//go:build` line (else its `// +build`
 * lines), one condition per `&&` where nothing else joins them.
 */
export function goCompiledUnder(path: string, text: string): BuildConditions {
  const file = path.slice(path.lastIndexOf('/') + 1);
  const conditions: string[] = [];
  if (file.startsWith('_') || file.startsWith('.')) conditions.push('a build that reads files whose names start with _ or . (go build never does)');
  const underscore = file.indexOf('_');
  const parts = underscore < 0 ? [] : file.slice(underscore, file.indexOf('.') < 0 ? file.length : file.indexOf('.')).split('_');
  if (parts.at(-1) === 'test') {
    // (`package m_test` is another package, compiled apart: its code reaches m's through an import.)
    conditions.push(/^package\s+\w+_test\b/m.test(text) ? 'go test, as the external test package' : 'go test (a _test.go file)');
    parts.pop();
  }
  const last = parts.at(-1) ?? '';
  const before = parts.at(-2) ?? '';
  if (GO_OS.has(before) && GO_ARCH.has(last)) conditions.push(before, last);
  else if (GO_OS.has(last) || GO_ARCH.has(last)) conditions.push(last);
  // Constraints stand in the comments above the package clause.
  const packageAt = /^package\s/m.exec(text)?.index ?? text.length;
  const head = text.slice(0, packageAt);
  const goBuild = /^\/\/go:build[ \t]+([^\n]*)$/m.exec(head);
  const plusBuild = [...head.matchAll(/^\/\/ ?\+build[ \t]+([^\n]*)$/gm)];
  if (goBuild) conditions.push(...conjuncts(goBuild[1]!, '&&'));
  else for (const line of plusBuild) conditions.push(...(/\s/.test(line[1]!.trim()) ? [line[1]!.trim().replace(/\s+/g, ' || ')] : conjuncts(line[1]!, ',')));
  const lines = [...(goBuild ? [goBuild[0]] : []), ...plusBuild.map((line) => line[0])].sort((a, b) => head.indexOf(a) - head.indexOf(b));
  return { conditions: [...new Set(conditions)].sort(), lines: lines.join('\n') };
}

/** `a && b` as `a`, `b`; an expression with `||` or parentheses as itself, spaces folded. */
function conjuncts(expression: string, and: string): string[] {
  const folded = expression.trim().replace(/\s+/g, ' ');
  return /\|\||[()]/.test(folded) ? [folded] : folded.split(and).map((part) => part.trim()).filter((part) => part !== '');
}

/**
 * The constants of the `const` declarations overlapping a span that get no value: a spec without
 * one repeats the last spec's values, so the group's first spec needs them (deleting `A = iota` from
 * `const ( A = iota; B )` leaves `B` with none), a spec with a type needs its own, and each name
 * needs one value (`go build`: "missing init expr for B", "extra init expr").
 */
function constantsWithoutValues(root: Node, within: readonly TextSpan[]): RefusedNode[] {
  return nodesOverlapping(root, within, ['const_declaration']).flatMap((declaration) => {
    const refused: RefusedNode[] = [];
    // How many values the last spec with values gives.
    let repeated: number | null = null;
    for (const spec of namedChildrenOf(declaration)) {
      if (spec.type !== 'const_spec') continue;
      const names = spec.childrenForFieldName('name').filter((name): name is Node => name !== null && name.isNamed);
      const value = spec.childForFieldName('value');
      const values: number | null = value ? namedChildrenOf(value).filter((child) => child.type !== 'comment').length : spec.childForFieldName('type') ? null : repeated;
      if (value) repeated = values;
      if (values === null) refused.push({ node: names[0] ?? spec, reason: `missing init expr for ${names[0]?.text ?? 'the constant'}` });
      else if (names.length > values) refused.push({ node: names[values]!, reason: `missing init expr for ${names[values]!.text}` });
      else if (names.length < values) refused.push({ node: value ?? spec, reason: 'extra init expr' });
    }
    return refused;
  });
}

/** The bodies of functions with results (named or not) that do not end in a terminating statement. */
function unterminatedBodies(root: Node, within: readonly TextSpan[]): Node[] {
  return functionsWithin(root, within, true).flatMap((function_) => {
    const body = function_.childForFieldName('body');
    return body && function_.childForFieldName('result') && !terminating(body) ? [body] : [];
  });
}

/**
 * The functions and methods that overlap a span, and with `literals` the function literals in them
 * or in the other declarations there: Go's functions are all top-level, so a 10,000-function file
 * is not walked for an edit of one.
 */
function functionsWithin(root: Node, within: readonly TextSpan[], literals: boolean): Node[] {
  return namedChildrenOf(root)
    .filter((declaration) => overlaps(declaration, within))
    .flatMap((declaration) => [
      ...(declaration.type === 'function_declaration' || declaration.type === 'method_declaration' ? [declaration] : []),
      ...(literals ? declaration.descendantsOfType('func_literal').filter((literal): literal is Node => literal !== null && overlaps(literal, within)) : []),
    ]);
}

/** The statements after which no statement of the list runs (the spec's "Terminating statements"). */
function terminating(statement: Node): boolean {
  switch (statement.type) {
    case 'return_statement':
    case 'goto_statement':
      return true;
    case 'expression_statement': {
      // A call of the built-in `panic` (a function of that name declared in the package would be one too: rare enough).
      const call = statement.firstNamedChild;
      const callee = call?.type === 'call_expression' ? call.childForFieldName('function') : null;
      return callee?.type === 'identifier' && callee.text === 'panic';
    }
    case 'block':
      return endsTerminating(statement.namedChildren.find((child) => child?.type === 'statement_list') ?? null, false);
    case 'if_statement': {
      const consequence = statement.childForFieldName('consequence');
      const alternative = statement.childForFieldName('alternative');
      return consequence !== null && alternative !== null && terminating(consequence) && terminating(alternative);
    }
    case 'for_statement': {
      // No condition: `for {}`, `for ;; {}`; no range.
      const clause = statement.namedChildren.find((child) => child !== null && !child.equals(statement.childForFieldName('body')!) && child.type !== 'comment');
      const loops = clause === undefined || (clause?.type === 'for_clause' && clause.childForFieldName('condition') === null);
      return loops && !broken(statement);
    }
    case 'expression_switch_statement':
    case 'type_switch_statement':
    case 'select_statement': {
      const cases = statement.namedChildren.filter((child) => child !== null && /_case$/.test(child.type));
      const defaulted = statement.type === 'select_statement' || cases.some((child) => child!.type === 'default_case');
      return defaulted && cases.every((child) => endsTerminating(child!.namedChildren.find((list) => list?.type === 'statement_list') ?? null, statement.type !== 'select_statement')) && !broken(statement);
    }
    case 'labeled_statement': {
      const labelled = statement.lastNamedChild;
      return labelled !== null && labelled.type !== 'label_name' && terminating(labelled);
    }
    default:
      return false;
  }
}

/** Whether a statement list's last statement (not `;`) is terminating (or, in a switch's case, `fallthrough`). */
function endsTerminating(list: Node | null, fallthrough: boolean): boolean {
  const statements = list ? list.namedChildren.filter((child) => child !== null && child.type !== 'comment' && child.type !== 'empty_statement') : [];
  let last = statements[statements.length - 1];
  if (!last) return false;
  while (fallthrough && last.type === 'labeled_statement' && last.lastNamedChild && last.lastNamedChild.type !== 'label_name') last = last.lastNamedChild;
  return (fallthrough && last.type === 'fallthrough_statement') || terminating(last);
}

/** Whether a `break` in a loop, switch or select refers to it: unlabeled, not in a statement of those inside it; or with its label. */
function broken(statement: Node): boolean {
  const label = statement.parent?.type === 'labeled_statement' ? statement.parent.childForFieldName('label')?.text : undefined;
  for (const jump of statement.descendantsOfType('break_statement')) {
    if (!jump) continue;
    // (A function literal's `break` is its own.)
    let literal = false;
    let inner = false;
    for (let holder = jump.parent; holder && !holder.equals(statement) && !literal; holder = holder.parent) {
      literal = holder.type === 'func_literal';
      inner ||= /^(?:for_statement|expression_switch_statement|type_switch_statement|select_statement)$/.test(holder.type);
    }
    const target = jump.namedChildren.find((child) => child?.type === 'label_name');
    if (!literal && (target ? target.text === label : !inner)) return true;
  }
  return false;
}

/** An interface type's methods: what every type used as it must have (found by no name). */
function interfaceMethods(declaration: Node): RequiredMembers | null {
  const type = declaredType(declaration);
  if (type?.type !== 'interface_type') return null;
  return { names: namedChildrenOf(type).flatMap((member) => (member.type === 'method_elem' || member.type === 'method_spec' ? [member.childForFieldName('name')?.text ?? ''] : [])), found: 'implicit', arity: false };
}

/** A struct type's fields, in order (an embedded field is named by its type). */
function structConstructor(declaration: Node): DerivedConstructor | null {
  const type = declaredType(declaration);
  if (type?.type !== 'struct_type') return null;
  const list = namedChildrenOf(type).find((child) => child.type === 'field_declaration_list');
  const names = (list ? namedChildrenOf(list) : [])
    .filter((field) => field.type === 'field_declaration')
    .flatMap((field) => {
      const declared = field.childrenForFieldName('name').filter((name) => name !== null);
      return declared.length > 0 ? declared.map((name) => name.text) : [field.childForFieldName('type')?.text.replace(/^\*/, '').replace(/\[[^]*$/, '').split('.').pop() ?? ''];
    });
  return { fields: names.map((name) => ({ name, required: true, kind: 'positional' })), literal: true, inherits: null, omittable: true };
}

/** The literals the type named at `name` begins: its own (`P{…}`, `pkg.P{…}`), or its elements' in `[]P{…}`, `map[K]P{…}`. */
function compositeLiterals(name: Node): FieldLiteral[] | null {
  let node: Node = name;
  if (node.parent?.type === 'qualified_type' && node.parent.childForFieldName('name')?.equals(node)) node = node.parent;
  if (node.parent?.type === 'generic_type' && node.parent.childForFieldName('type')?.equals(node)) node = node.parent;
  const literal = (holder: Node | null, type: Node) => (holder?.type === 'composite_literal' && holder.childForFieldName('type')?.equals(type) ? holder.childForFieldName('body') : null);
  const own = literal(node.parent, node);
  if (own) return [fieldsOf(own)];
  // An element type: `[]P`, `[]*P`, `[n]P`, `[...]P`, `map[K]P`.
  let element: Node = node;
  if (element.parent?.type === 'pointer_type') element = element.parent;
  const container = element.parent;
  if (!container || !/^(?:slice_type|array_type|implicit_length_array_type|map_type)$/.test(container.type)) return null;
  if (!(container.childForFieldName(container.type === 'map_type' ? 'value' : 'element')?.equals(element) ?? false)) return null;
  const body = literal(container.parent, container);
  if (!body) return null;
  const elided: FieldLiteral[] = [];
  for (const item of namedChildrenOf(body)) {
    const value = item.type === 'keyed_element' ? item.childForFieldName('value') : item;
    const inner = value ? namedChildrenOf(value)[0] : undefined;
    if (inner?.type === 'literal_value') elided.push(fieldsOf(inner));
  }
  return elided;
}

/** What a `{…}` of a struct gives: values in order, or fields by name. */
function fieldsOf(body: Node): FieldLiteral {
  let positional = 0;
  const named: string[] = [];
  for (const item of namedChildrenOf(body)) {
    if (item.type === 'keyed_element') named.push(item.childForFieldName('key')?.text ?? '');
    else if (item.type === 'literal_element') positional++;
  }
  return { positional, named, rest: false };
}

/** The type a `type X …` declaration (of one spec) declares: `struct {…}`, `interface {…}`, … */
function declaredType(declaration: Node): Node | null {
  const specs = declaration.type === 'type_declaration' ? namedChildrenOf(declaration).filter((child) => child.type === 'type_spec') : [declaration];
  return specs.length === 1 ? specs[0]!.childForFieldName('type') : null;
}

/**
 * Imports the file never names, local variables never read and labels never jumped to: Go does not
 * compile any of them ("imported and not used", "declared and not used", "defined and not used").
 * A variable is read where a mention of its name binds to it through Go's block scopes (not where
 * it is declared again, nor assigned with `=`); an import, where the file names it qualified. Only
 * the functions that overlap `within` are looked at; the imports, in every edit.
 */
function unusedNames(root: Node, within: readonly TextSpan[]): RefusedNode[] {
  const unused: RefusedNode[] = [];
  const imports = namedChildrenOf(root)
    .filter((declaration) => declaration.type === 'import_declaration')
    .flatMap((declaration) => declaration.descendantsOfType('import_spec').filter((spec): spec is Node => spec !== null));
  if (imports.length > 0) {
    // A package is only ever named qualified (`fmt.Println`, `http.Handler`): its name and a dot,
    // anywhere after the imports (a comment's mention too, which only makes this miss one).
    const code = root.text.slice(imports[imports.length - 1]!.endIndex);
    const mentioned = (name: string) => new RegExp(`(?<![\\w.])${name}\\s*\\.`).test(code);
    for (const spec of imports) {
      const alias = spec.childForFieldName('name');
      // (`_` and `.` imports are for their effects or their names; cgo's "C" is no package.)
      if (alias && alias.type !== 'package_identifier') continue;
      const path = spec.childForFieldName('path')?.text.slice(1, -1) ?? '';
      const name = alias?.text ?? packageNameOf(path);
      if (name !== null && path !== 'C' && !mentioned(name)) unused.push({ node: spec, reason: `${JSON.stringify(path)} imported and not used` });
    }
  }
  for (const function_ of functionsWithin(root, within, false)) {
    const body = function_.childForFieldName('body');
    if (!body) continue;
    // A label no `break`, `continue` or `goto` names ("label L defined and not used").
    const labels = body.descendantsOfType('labeled_statement').flatMap((statement) => statement?.childForFieldName('label') ?? []);
    if (labels.length > 0) {
      const named = new Set(body.descendantsOfType(['break_statement', 'continue_statement', 'goto_statement']).flatMap((jump) => jump?.namedChildren.find((child) => child?.type === 'label_name')?.text ?? []));
      for (const label of labels) if (!named.has(label.text)) unused.push({ node: label, reason: `label ${label.text} defined and not used` });
    }
    // The variables the body declares, then the mentions of their names (most identifiers are not).
    const declared = body.descendantsOfType(['short_var_declaration', 'range_clause', 'receive_statement', 'var_spec', 'type_switch_statement']).flatMap((statement) => (statement ? declaredNames(statement) : []));
    if (declared.length === 0) continue;
    const names = new Set(declared.map((name) => name.text));
    const declaring = new Set(declared.map((name) => name.startIndex));
    const reads = body.descendantsOfType('identifier').filter((name): name is Node => name !== null && names.has(name.text) && !declaring.has(name.startIndex) && roleOf(name) === 'reads');
    const read = new Set<number>();
    const lists = new Map<number, Map<string, ListDeclaration>>();
    for (const name of reads) {
      const binding = bindingOf(name, body, lists);
      if (binding) read.add(binding.startIndex);
    }
    // (`a, err := g()` after `x, err := f()` in the same block assigns the same `err`: one variable.)
    for (const name of declared) if (!read.has(name.startIndex) && bindingOf(name, body, lists, true)?.equals(name) !== false) unused.push({ node: name, reason: `${name.text} declared and not used` });
  }
  return unused;
}

/** A block's first declaration of a name: the variable (`null`: a constant or type), and where its statement starts and ends. */
interface ListDeclaration {
  readonly node: Node | null;
  readonly start: number;
  readonly end: number;
}

/**
 * The declaration a name in a function body reads (`null`: none in the body, or one never unused: a
 * parameter, a constant): the nearest scope around it that declares the name before it, the first
 * such declaration of that scope (a `:=` naming it again in the same block reuses the variable).
 * `itself`: the name is a declaration; its own scope counts from its statement. `lists`: each
 * statement list's first declarations, filled as they are asked for.
 */
function bindingOf(name: Node, body: Node, lists: Map<number, Map<string, ListDeclaration>>, itself = false): Node | null {
  const before = (node: Node) => node.endIndex <= name.startIndex || (itself && node.startIndex <= name.startIndex);
  for (let scope: Node | null = name.parent; scope; scope = scope.parent) {
    let found: Node | null | undefined;
    switch (scope.type) {
      case 'statement_list': {
        let first = lists.get(scope.id);
        if (!first) {
          first = new Map();
          for (const statement of namedChildrenOf(scope)) {
            for (const [declared, node] of declarationsOf(statement)) if (!first.has(declared)) first.set(declared, { node, start: statement.startIndex, end: statement.endIndex });
          }
          lists.set(scope.id, first);
        }
        const declaration = first.get(name.text);
        if (declaration && (declaration.end <= name.startIndex || (itself && declaration.start <= name.startIndex))) found = declaration.node;
        break;
      }
      case 'func_literal':
        if (scope.childForFieldName('parameters')?.descendantsOfType('identifier').some((parameter) => parameter?.text === name.text) || scope.childForFieldName('result')?.descendantsOfType('identifier').some((result) => result?.text === name.text)) found = null;
        break;
      case 'if_statement':
      case 'expression_switch_statement':
      case 'type_switch_statement':
      case 'for_statement':
      case 'communication_case':
        // What a header declares is seen after it (`for i := 0; i < n; i++`: from the condition on).
        for (const clause of [scope.childForFieldName('initializer'), scope.childForFieldName('communication'), ...namedChildrenOf(scope).filter((child) => child.type === 'for_clause' || child.type === 'range_clause')]) {
          const header = clause?.type === 'for_clause' ? clause.childForFieldName('initializer') : clause;
          if (!header || !before(header)) continue;
          found = declaredIn(header, name.text);
          if (found !== undefined) break;
        }
        // `switch v := x.(type)`: `v` in the cases.
        if (found === undefined && scope.type === 'type_switch_statement') {
          const alias = scope.childForFieldName('alias');
          if (alias && name.startIndex >= (scope.childForFieldName('value')?.endIndex ?? alias.endIndex)) found = namedChildrenOf(alias).find((declared) => declared.text === name.text);
        }
        break;
    }
    if (found !== undefined) return found;
    if (scope.equals(body)) return null;
  }
  return null;
}

/** The names a statement declares (of a block, or a header: `if x := f();`, `for k := range`, `case v := <-c`): each variable's name node, `null` for a constant or type. */
function declarationsOf(statement: Node): Array<[string, Node | null]> {
  switch (statement.type) {
    case 'short_var_declaration':
    case 'range_clause':
    case 'receive_statement':
      return declaredNames(statement).map((node) => [node.text, node]);
    case 'var_declaration':
      return statement.descendantsOfType('var_spec').flatMap((spec) => (spec ? declaredNames(spec) : [])).map((node) => [node.text, node]);
    case 'const_declaration':
    case 'type_declaration':
      return statement.descendantsOfType(['const_spec', 'type_spec', 'type_alias']).flatMap((spec) => (spec ? spec.childrenForFieldName('name').flatMap((node): Array<[string, null]> => (node?.isNamed ? [[node.text, null]] : [])) : []));
    default:
      return [];
  }
}

/** The declaration of a name in a statement (see {@link declarationsOf}), `undefined` for none. */
function declaredIn(statement: Node, name: string): Node | null | undefined {
  return declarationsOf(statement).find(([declared]) => declared === name)?.[1];
}

/** The variables a statement declares (`a, b := …`, `var x int`, `for k, v := range`, `case v := <-c`, `switch t := x.(type)`). */
function declaredNames(statement: Node): Node[] {
  if (statement.type === 'var_spec') return statement.childrenForFieldName('name').filter((name): name is Node => name !== null && name.text !== '_');
  const list = statement.type === 'type_switch_statement' ? statement.childForFieldName('alias') : statement.children.some((token) => token?.type === ':=') ? statement.childForFieldName('left') : null;
  return list ? namedChildrenOf(list).filter((name) => name.type === 'identifier' && name.text !== '_') : [];
}

/** What an identifier in a function body does to a variable of its name: declares it (`:=`, `var`), assigns it (`=`), or reads it. */
function roleOf(name: Node): 'declares' | 'assigns' | 'reads' | 'other' {
  const parent = name.parent;
  if (!parent) return 'reads';
  // (A function literal's parameters are declared, never unused.)
  if (parent.type === 'parameter_declaration' || parent.type === 'variadic_parameter_declaration') return 'other';
  if (parent.type === 'var_spec') return parent.childrenForFieldName('name').some((declared) => declared?.equals(name)) ? 'declares' : 'reads';
  // (An unused constant is no error.)
  if (parent.type === 'const_spec') return parent.childrenForFieldName('name').some((declared) => declared?.equals(name)) ? 'other' : 'reads';
  if (parent.type !== 'expression_list') return 'reads';
  const holder = parent.parent;
  if (!holder) return 'reads';
  const defines = (field: string) => holder.childForFieldName(field)?.equals(parent) === true && holder.children.some((token) => token?.type === ':=');
  if (holder.type === 'short_var_declaration' || holder.type === 'range_clause' || holder.type === 'receive_statement') {
    if (defines('left')) return 'declares';
  }
  if (holder.type === 'type_switch_statement' && holder.childForFieldName('alias')?.equals(parent)) return 'declares';
  if (holder.type === 'assignment_statement' && holder.childForFieldName('left')?.equals(parent) && holder.childForFieldName('operator')?.text === '=') return 'assigns';
  if (holder.type === 'range_clause' && holder.childForFieldName('left')?.equals(parent)) return 'assigns';
  return 'reads';
}

/** The name a package is imported by when no name is given: the last element of its path (`gopkg.in/yaml.v3`: yaml; `x/v2`: x); `null` when it cannot be told. */
function packageNameOf(path: string): string | null {
  const parts = path.split('/');
  let last = parts.pop() ?? '';
  if (/^v\d+$/.test(last) && parts.length > 0) last = parts.pop()!;
  last = last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[-.]go$/, '');
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(last) ? last : null;
}

/** The names a function's (a method's, an interface method's, a function type's) receiver, parameters and named results bind, one block: `func (a T) f(a int)` repeats `a`; `_` may repeat. */
function parameterNames(function_: Node): Node[] {
  return ['receiver', 'parameters', 'result'].flatMap((field) => {
    const list = function_.childForFieldName(field);
    return list?.type === 'parameter_list' ? namedChildrenOf(list).flatMap((parameter) => parameter.childrenForFieldName('name').filter((name): name is Node => name !== null && name.text !== '_')) : [];
  });
}

/**
 * The package-level names a file declares twice (functions, types, variables, constants share the
 * package block; `init` and `_` may repeat) and the methods declared twice for one type: "f
 * redeclared in this block". Within the file: the rest of the package is another file's to say.
 */
function duplicateDeclarations(root: Node): RefusedNode[] {
  const declared: Array<{ key: string; node: Node }> = [];
  for (const declaration of namedChildrenOf(root)) {
    const name = declaration.childForFieldName('name');
    if (declaration.type === 'function_declaration' && name && name.text !== 'init' && name.text !== '_') declared.push({ key: name.text, node: name });
    else if (declaration.type === 'method_declaration' && name) {
      const receiver = declaration.childForFieldName('receiver')?.descendantsOfType('parameter_declaration')[0]?.childForFieldName('type');
      const type = receiver?.text.replace(/^\*/, '').replace(/\[[^]*$/, '').trim() ?? '';
      if (name.text !== '_') declared.push({ key: `${type}.${name.text}`, node: name });
    } else if (/^(?:type|var|const)_declaration$/.test(declaration.type)) {
      for (const spec of declaration.descendantsOfType(['type_spec', 'type_alias', 'var_spec', 'const_spec'])) {
        // (A `const_spec`'s name field holds its commas too.)
        for (const specName of spec?.childrenForFieldName('name') ?? []) if (specName?.isNamed && specName.text !== '_') declared.push({ key: specName.text, node: specName });
      }
    }
  }
  return repeatedKeys(declared, (node) => `${node.text} redeclared in this block`);
}

/**
 * The imports of a Go import declaration, one per spec: `import ( "fmt"; f "os" )` is `import "fmt"`
 * and `import f "os"`, each spanning its line.
 */
function goImports(text: string): ImportLine[] {
  const spec = /^[ \t]*((?:[\p{L}_][\p{L}\p{N}_]*|\.|_)[ \t]+)?("[^"\n]*"|`[^`\n]*`)[^\n]*(?:\n|$)/gmu;
  const single = /^import[ \t]+((?:[\p{L}_][\p{L}\p{N}_]*|\.|_)[ \t]+)?("[^"\n]*"|`[^`\n]*`)/u.exec(text);
  if (single) return [{ start: 0, end: text.length, statement: text, ...goNames(single[1], single[2]!) }];
  if (!/^import\s*\(/.test(text)) return [{ start: 0, end: text.length, statement: text }];
  const lines: ImportLine[] = [];
  for (const match of text.matchAll(spec)) {
    lines.push({ start: match.index, end: match.index + match[0].length, statement: `import ${match[1] ?? ''}${match[2]}`, ...goNames(match[1], match[2]!) });
  }
  return lines;
}

/**
 * The name a Go import spec binds: its alias, else its path's package name where the path tells it
 * (`unicode/utf8`, `gopkg.in/yaml.v3`, `example.com/mod/v2`); nothing for a path whose last element
 * is no identifier (`go-isatty`: the package clause decides). And the path, unquoted.
 */
function goNames(alias: string | undefined, quoted: string): { names?: string[]; path: string } {
  const path = quoted.slice(1, -1);
  if (alias !== undefined) return { names: [alias.trim()], path };
  const elements = path.split('/');
  let last = elements.pop() ?? '';
  if (/^v\d+$/.test(last) && elements.length > 0) last = elements.pop()!;
  last = last.replace(/\.v\d+$/, '');
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(last) ? { names: [last], path } : { path };
}
