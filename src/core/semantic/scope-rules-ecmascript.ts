import type { Node } from 'web-tree-sitter';
import { receiverOf, ScopeBuilder, scopeAt, type BindingKind, type Occurrence, type Scope, type ScopeModel } from './scopes.js';
import { namedChildrenOf, unquoted } from './syntax.js';

const FUNCTIONS = new Set(['function_declaration', 'generator_function_declaration', 'function_expression', 'function', 'generator_function', 'arrow_function', 'method_definition', 'function_signature']);
const DECLARED_TYPES = new Set(['type_alias_declaration', 'interface_declaration', 'enum_declaration', 'class_declaration', 'abstract_class_declaration', 'internal_module', 'module']);
const BLOCKS = new Set(['statement_block', 'for_statement', 'for_in_statement', 'switch_body', 'class_body']);

/**
 * TypeScript / JavaScript scoping: the module, functions (parameters and body), blocks (`let`,
 * `const`, `class`, function declarations), `var` hoisted to its function, catch clauses, type
 * parameters; imports and exports recorded for cross-file renames. Property names (`obj.x`, keys,
 * members) are never bindings; `{ a }` shorthands are references that keep their key when renamed.
 */
export function ecmascriptScopes(root: Node, language: string): ScopeModel {
  const builder = new ScopeBuilder(root);

  const functionScopeOf = (scope: Scope): Scope => {
    let current = scope;
    while (current.kind === 'block' && current.parent) current = current.parent;
    return current;
  };

  /** A binding pattern: names declare in `home`, defaults and computed keys are uses in `scope`. */
  const pattern = (node: Node, scope: Scope, home: Scope, kind: BindingKind) => {
    switch (node.type) {
      case 'identifier':
        builder.occurrence(node, 'definition', scope, { declareIn: home, kind });
        return;
      case 'shorthand_property_identifier_pattern':
        builder.occurrence(node, 'definition', scope, { declareIn: home, kind, form: 'shorthand_pattern' });
        return;
      case 'object_pattern':
      case 'array_pattern':
      case 'rest_pattern':
        for (const child of namedChildrenOf(node)) pattern(child, scope, home, kind);
        return;
      case 'pair_pattern': {
        const key = node.childForFieldName('key');
        if (key?.type === 'computed_property_name') visit(key, scope);
        const value = node.childForFieldName('value');
        if (value) pattern(value, scope, home, kind);
        return;
      }
      case 'assignment_pattern':
      case 'object_assignment_pattern': {
        const left = node.childForFieldName('left');
        if (left) pattern(left, scope, home, kind);
        const right = node.childForFieldName('right');
        if (right) visit(right, scope);
        return;
      }
      case 'required_parameter':
      case 'optional_parameter': {
        for (const child of namedChildrenOf(node)) {
          const field = fieldOf(node, child);
          if (field === 'pattern') pattern(child, scope, home, kind);
          else visit(child, scope);
        }
        return;
      }
      default:
        visit(node, scope);
    }
  };

  // A JSDoc `{@link name}` resolves like a reference where the comment stands (TypeScript's rename
  // follows it too); every other comment text is left alone.
  /** `{@link name}` in a doc comment, resolved from the innermost scope around it (once the walk has built them all). */
  const docLinks = (comment: Node) => {
    const text = comment.text;
    if (!text.startsWith('/**')) return;
    const scope = scopeAt(builder, comment.startIndex);
    for (const link of text.matchAll(/\{@link(?:code|plain)?\s+([\p{L}_$][\p{L}\p{N}_$]*)/gu)) {
      const name = link[1]!;
      const start = comment.startIndex + link.index + link[0].length - name.length;
      builder.occurrence(comment, 'reference', scope, { name, start, end: start + name.length });
    }
    // JSDoc types (`@returns {JSONValue}`, `@param {Foo<Bar>} x`): each name in the braces, as TypeScript reads them.
    for (const tag of text.matchAll(/@(?:param|arg|argument|returns?|type|typedef|throws|exception|yields?|template|satisfies|this|enum)\s*\{([^{}\n]*)\}/gu)) {
      const braces = comment.startIndex + tag.index + tag[0].indexOf('{') + 1;
      for (const name of tag[1]!.matchAll(/(?<![\p{L}\p{N}_$.'"])[\p{L}_$][\p{L}\p{N}_$]*/gu)) {
        const start = braces + name.index;
        builder.occurrence(comment, 'reference', scope, { name: name[0], start, end: start + name[0].length });
      }
    }
  };
  const fieldOf = (parent: Node, child: Node): string | null => {
    for (let i = 0; i < parent.childCount; i++) if (parent.child(i)?.id === child.id) return parent.fieldNameForChild(i);
    return null;
  };

  const functionLike = (node: Node, scope: Scope) => {
    const inner = builder.scope('function', node.startIndex, node.endIndex, scope);
    const name = node.childForFieldName('name');
    if (name) {
      if (node.type === 'function_declaration' || node.type === 'generator_function_declaration' || node.type === 'function_signature') builder.occurrence(name, 'definition', scope, { declareIn: scope, kind: 'function' });
      else if (node.type === 'method_definition') builder.occurrence(name, 'property', scope);
      else builder.occurrence(name, 'definition', inner, { declareIn: inner, kind: 'function' });
    }
    for (const child of namedChildrenOf(node)) {
      if (name && child.id === name.id) continue;
      if (child.type === 'formal_parameters') for (const parameter of namedChildrenOf(child)) pattern(parameter, inner, inner, 'parameter');
      else if (node.type === 'arrow_function' && child.type === 'identifier' && fieldOf(node, child) === 'parameter') builder.occurrence(child, 'definition', inner, { declareIn: inner, kind: 'parameter' });
      else if (child.type === 'statement_block') visitChildren(child, inner);
      else visit(child, inner);
    }
  };

  const exportStatement = (node: Node, scope: Scope) => {
    const statement = { start: node.startIndex, end: node.endIndex };
    const source = node.childForFieldName('source');
    const isDefault = node.children.some((child) => child?.type === 'default');
    const declaration = node.childForFieldName('declaration');
    if (declaration) {
      visit(declaration, scope);
      for (const name of declaredNames(declaration)) builder.exports.push({ exported: isDefault ? 'default' : name, local: name, nameOccurrence: null, statement, declaration: true });
      return;
    }
    const clause = namedChildrenOf(node).find((child) => child.type === 'export_clause');
    if (clause) {
      for (const specifier of namedChildrenOf(clause)) {
        const name = specifier.childForFieldName('name');
        const alias = specifier.childForFieldName('alias');
        if (!name) continue;
        if (source) {
          const module = unquoted(source);
          const nameOccurrence = builder.occurrence(name, 'export_name', scope);
          if (alias) builder.occurrence(alias, 'export_name', scope);
          builder.exports.push({ exported: (alias ?? name).text, local: null, from: { module, imported: name.text }, nameOccurrence, statement, declaration: false });
        } else {
          builder.occurrence(name, 'export', scope);
          const aliasOccurrence = alias ? builder.occurrence(alias, 'export_name', scope) : null;
          builder.exports.push({ exported: (alias ?? name).text, local: name.text, nameOccurrence: aliasOccurrence, statement, declaration: false });
        }
      }
      return;
    }
    if (source) {
      const namespace = namedChildrenOf(node).find((child) => child.type === 'namespace_export');
      builder.exports.push({ exported: namespace ? (namedChildrenOf(namespace)[0]?.text ?? '*') : '*', local: null, from: { module: unquoted(source), imported: '*' }, nameOccurrence: null, statement, declaration: false });
      return;
    }
    for (const child of namedChildrenOf(node)) {
      visit(child, scope);
      if (isDefault && child.type === 'identifier') builder.exports.push({ exported: 'default', local: child.text, nameOccurrence: null, statement, declaration: false });
    }
  };

  /** Names a declaration binds (for `export <declaration>`). */
  const declaredNames = (declaration: Node): string[] => {
    if (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration') {
      const names: string[] = [];
      const collect = (node: Node) => {
        if (node.type === 'identifier' || node.type === 'shorthand_property_identifier_pattern') names.push(node.text);
        else if (/pattern$/.test(node.type)) for (const child of namedChildrenOf(node)) if (fieldOf(node, child) !== 'key' && fieldOf(node, child) !== 'right') collect(child);
      };
      for (const declarator of namedChildrenOf(declaration)) {
        const name = declarator.childForFieldName('name');
        if (name) collect(name);
      }
      return names;
    }
    const name = declaration.childForFieldName('name');
    return name ? [name.text] : [];
  };

  const importStatement = (node: Node, scope: Scope) => {
    const source = node.childForFieldName('source');
    if (!source) return;
    const module = unquoted(source);
    const statement = { start: node.startIndex, end: node.endIndex };
    const topLevel = scope === builder.module;
    const clause = namedChildrenOf(node).find((child) => child.type === 'import_clause');
    if (!clause) return;
    for (const part of namedChildrenOf(clause)) {
      if (part.type === 'identifier') {
        const local = builder.occurrence(part, 'import', scope, { declareIn: scope, kind: 'import' });
        builder.imports.push({ module, imported: 'default', local: part.text, nameOccurrence: null, localOccurrence: local, statement, topLevel });
      } else if (part.type === 'namespace_import') {
        const name = namedChildrenOf(part)[0];
        if (!name) continue;
        const local = builder.occurrence(name, 'import', scope, { declareIn: scope, kind: 'import' });
        builder.imports.push({ module, imported: '*', local: name.text, nameOccurrence: null, localOccurrence: local, statement, topLevel });
      } else if (part.type === 'named_imports') {
        for (const specifier of namedChildrenOf(part)) {
          const name = specifier.childForFieldName('name');
          const alias = specifier.childForFieldName('alias');
          if (!name) continue;
          const importedName = name.type === 'string' ? unquoted(name) : name.text;
          if (alias) {
            const nameOccurrence = builder.occurrence(name, 'import_name', scope);
            const local = builder.occurrence(alias, 'import', scope, { declareIn: scope, kind: 'import' });
            builder.imports.push({ module, imported: importedName, local: alias.text, nameOccurrence, localOccurrence: local, statement, topLevel });
          } else {
            const occurrence = builder.occurrence(name, 'import', scope, { declareIn: scope, kind: 'import' });
            builder.imports.push({ module, imported: importedName, local: name.text, nameOccurrence: occurrence, localOccurrence: null, statement, topLevel });
          }
        }
      }
    }
  };

  /**
   * A module bound by a declaration: `const m = await import('./m')` or `require('./m')` (a
   * namespace), `const { a, b: c } = …` (names, as an import statement would bind them).
   */
  const dynamicImport = (statementNode: Node, name: Node, module: string, scope: Scope, home: Scope) => {
    const statement = { start: statementNode.startIndex, end: statementNode.endIndex };
    const topLevel = scope === builder.module;
    const record = (imported: string, local: Occurrence, nameOccurrence: Occurrence | null, aliased: boolean) =>
      builder.imports.push({ module, imported, local: local.name, nameOccurrence: aliased ? nameOccurrence : local, localOccurrence: aliased ? local : null, statement, topLevel, dynamic: true });
    if (name.type === 'identifier') {
      const local = builder.occurrence(name, 'definition', scope, { declareIn: home, kind: 'import' });
      builder.imports.push({ module, imported: '*', local: local.name, nameOccurrence: null, localOccurrence: local, statement, topLevel, dynamic: true });
      return;
    }
    if (name.type !== 'object_pattern') {
      pattern(name, scope, home, 'variable');
      return;
    }
    for (const element of namedChildrenOf(name)) {
      const shorthand = element.type === 'shorthand_property_identifier_pattern' ? element : element.type === 'object_assignment_pattern' ? element.childForFieldName('left') : null;
      if (shorthand?.type === 'shorthand_property_identifier_pattern') {
        record(shorthand.text, builder.occurrence(shorthand, 'definition', scope, { declareIn: home, kind: 'import', form: 'shorthand_import' }), null, false);
        const right = element.type === 'object_assignment_pattern' ? element.childForFieldName('right') : null;
        if (right) visit(right, scope);
        continue;
      }
      const key = element.type === 'pair_pattern' ? element.childForFieldName('key') : null;
      const value = element.type === 'pair_pattern' ? element.childForFieldName('value') : null;
      if (key && value?.type === 'identifier' && (key.type === 'property_identifier' || key.type === 'string')) {
        const imported = key.type === 'string' ? unquoted(key) : key.text;
        record(imported, builder.occurrence(value, 'definition', scope, { declareIn: home, kind: 'import' }), builder.occurrence(key, 'import_name', scope, { name: imported }), true);
        continue;
      }
      if (element.type === 'rest_pattern') {
        const rest = namedChildrenOf(element)[0];
        if (rest?.type === 'identifier') {
          const local = builder.occurrence(rest, 'definition', scope, { declareIn: home, kind: 'import' });
          builder.imports.push({ module, imported: '*', local: local.name, nameOccurrence: null, localOccurrence: local, statement, topLevel, dynamic: true });
          continue;
        }
      }
      pattern(element, scope, home, 'variable');
    }
  };

  const visitChildren = (node: Node, scope: Scope) => {
    for (const child of namedChildrenOf(node)) visit(child, scope);
  };

  const visit = (node: Node, scope: Scope): void => {
    const type = node.type;
    if (FUNCTIONS.has(type)) return functionLike(node, scope);
    switch (type) {
      case 'identifier':
      case 'type_identifier':
        builder.occurrence(node, 'reference', scope);
        return;
      case 'shorthand_property_identifier':
        builder.occurrence(node, 'reference', scope, { form: 'shorthand_property' });
        return;
      case 'property_identifier':
      case 'private_property_identifier':
      case 'statement_identifier':
      case 'string':
      case 'template_string':
        if (type === 'template_string') for (const child of namedChildrenOf(node)) if (child.type === 'template_substitution') visitChildren(child, scope);
        return;
      case 'comment':
        return;
      case 'import_statement':
        importStatement(node, scope);
        return;
      case 'export_statement':
        exportStatement(node, scope);
        return;
      case 'lexical_declaration':
      case 'variable_declaration': {
        const home = type === 'variable_declaration' ? functionScopeOf(scope) : scope;
        for (const declarator of namedChildrenOf(node)) {
          if (declarator.type !== 'variable_declarator') {
            visit(declarator, scope);
            continue;
          }
          const module = importedModule(declarator.childForFieldName('value'));
          for (const child of namedChildrenOf(declarator)) {
            if (fieldOf(declarator, child) !== 'name') visit(child, scope);
            else if (module !== null) dynamicImport(node, child, module, scope, home);
            else pattern(child, scope, home, 'variable');
          }
        }
        return;
      }
      case 'for_in_statement': {
        const inner = builder.scope('block', node.startIndex, node.endIndex, scope);
        const kind = node.childForFieldName('kind');
        for (const child of namedChildrenOf(node)) {
          if (fieldOf(node, child) === 'left' && kind) pattern(child, inner, kind.text === 'var' ? functionScopeOf(scope) : inner, 'variable');
          else if (child.type === 'statement_block') visitChildren(child, inner);
          else visit(child, inner);
        }
        return;
      }
      case 'catch_clause': {
        const inner = builder.scope('block', node.startIndex, node.endIndex, scope);
        for (const child of namedChildrenOf(node)) {
          if (fieldOf(node, child) === 'parameter') pattern(child, inner, inner, 'variable');
          else if (child.type === 'statement_block') visitChildren(child, inner);
          else visit(child, inner);
        }
        return;
      }
      case 'class':
      case 'class_declaration':
      case 'abstract_class_declaration':
      case 'interface_declaration':
      case 'type_alias_declaration':
      case 'enum_declaration':
      case 'internal_module':
      case 'module': {
        const name = node.childForFieldName('name');
        const declared = DECLARED_TYPES.has(type) && type !== 'class';
        const inner = builder.scope(type.includes('class') || type === 'class' ? 'class' : 'block', node.startIndex, node.endIndex, scope);
        if (name && name.type !== 'string') {
          if (declared) builder.occurrence(name, 'definition', scope, { declareIn: scope, kind: type.includes('class') ? 'class' : 'type' });
          else builder.occurrence(name, 'definition', inner, { declareIn: inner, kind: 'class' });
        }
        for (const child of namedChildrenOf(node)) {
          if (name && child.id === name.id) continue;
          if (type === 'enum_declaration' && child.type === 'enum_body') {
            for (const member of namedChildrenOf(child)) {
              const value = member.childForFieldName('value');
              if (value) visit(value, inner);
            }
          } else visit(child, inner);
        }
        return;
      }
      case 'type_parameter': {
        const name = node.childForFieldName('name');
        if (name) builder.occurrence(name, 'definition', scope, { declareIn: scope, kind: 'type' });
        for (const child of namedChildrenOf(node)) if (!name || child.id !== name.id) visit(child, scope);
        return;
      }
      case 'member_expression': {
        const object = node.childForFieldName('object');
        const property = node.childForFieldName('property');
        let info: Occurrence['object'];
        if (object) {
          visit(object, scope);
          info = receiverOf(object);
        }
        if (property) builder.occurrence(property, 'property', scope, info ? { object: info } : {});
        return;
      }
      case 'nested_type_identifier':
      case 'nested_identifier': {
        const children = namedChildrenOf(node);
        const first = children[0];
        const last = children[children.length - 1];
        if (first) visit(first, scope);
        if (last && last !== first) builder.occurrence(last, 'property', scope, first ? { object: receiverOf(first) } : {});
        return;
      }
      case 'pair':
      case 'public_field_definition':
      case 'field_definition':
      case 'property_signature':
      case 'method_signature':
      case 'abstract_method_signature': {
        for (const child of namedChildrenOf(node)) {
          const field = fieldOf(node, child);
          if ((field === 'key' || field === 'name' || field === 'property') && child.type !== 'computed_property_name') continue;
          if (child.type === 'formal_parameters') {
            const inner = builder.scope('function', child.startIndex, node.endIndex, scope);
            for (const parameter of namedChildrenOf(child)) pattern(parameter, inner, inner, 'parameter');
          } else visit(child, scope);
        }
        return;
      }
      case 'jsx_opening_element':
      case 'jsx_self_closing_element':
      case 'jsx_closing_element': {
        for (const child of namedChildrenOf(node)) {
          if (fieldOf(node, child) === 'name') {
            if (child.type === 'identifier' && /^[A-Z]/.test(child.text)) builder.occurrence(child, 'reference', scope);
            else if (child.type !== 'identifier') visit(child, scope);
          } else if (child.type !== 'jsx_attribute') visit(child, scope);
          else for (const attribute of namedChildrenOf(child)) if (attribute.type !== 'property_identifier') visit(attribute, scope);
        }
        return;
      }
      default:
        if (BLOCKS.has(type) && type !== 'class_body') {
          const inner = builder.scope('block', node.startIndex, node.endIndex, scope);
          visitChildren(node, inner);
          return;
        }
        visitChildren(node, scope);
    }
  };

  for (const child of namedChildrenOf(root)) visit(child, builder.module);
  // Comments are no part of the walk (namedChildrenOf leaves them out): their doc links resolve
  // from the innermost scope around them.
  for (const comment of root.descendantsOfType('comment')) {
    if (comment) docLinks(comment);
  }
  return builder.finish(language, false);
}

/** The module a declarator's value imports (`await import('m')`, `import('m')`, `require('m')`), or `null`. */
function importedModule(value: Node | null): string | null {
  let node = value;
  while (node && (node.type === 'await_expression' || node.type === 'parenthesized_expression')) node = namedChildrenOf(node)[0] ?? null;
  if (!node || node.type !== 'call_expression') return null;
  const callee = node.childForFieldName('function');
  if (!callee || !(callee.type === 'import' || (callee.type === 'identifier' && callee.text === 'require'))) return null;
  const args = namedChildrenOf(node.childForFieldName('arguments') ?? node);
  return args.length === 1 && args[0]!.type === 'string' ? unquoted(args[0]!) : null;
}
