import type { Node } from 'web-tree-sitter';
import { receiverOf, ScopeBuilder, type BindingKind, type Occurrence, type Scope, type ScopeModel } from './scopes.js';
import { fieldChildren, namedChildrenOf, unquoted } from './syntax.js';

/**
 * Python's scoping: modules, functions (and lambdas), classes (whose names methods do not see) and
 * comprehensions; assignments, `for`/`with`/`except` targets, parameters, imports and walrus
 * targets and `match` captures bind; `global` / `nonlocal` move a binding. Parameter defaults, annotations and
 * decorators are evaluated in the enclosing scope. `__all__` strings are export names.
 */
export function pythonScopes(root: Node): ScopeModel {
  const builder = new ScopeBuilder(root);

  const declare = (node: Node, scope: Scope, kind: BindingKind = 'variable') => {
    builder.occurrence(node, 'definition', scope, { declareIn: scope, kind });
  };

  /** Assignment-like targets: names bind, attributes and subscripts are uses. */
  const target = (node: Node, scope: Scope) => {
    switch (node.type) {
      case 'identifier':
        declare(node, scope);
        return;
      case 'pattern_list':
      case 'tuple_pattern':
      case 'list_pattern':
      case 'expression_list':
      case 'tuple':
      case 'list':
      case 'parenthesized_expression':
      case 'list_splat_pattern':
      case 'list_splat':
        for (const child of namedChildrenOf(node)) target(child, scope);
        return;
      case 'as_pattern_target':
        for (const child of namedChildrenOf(node)) target(child, scope);
        return;
      default:
        visit(node, scope);
    }
  };

  const parameters = (node: Node, functionScope: Scope, outer: Scope) => {
    for (const parameter of namedChildrenOf(node)) {
      switch (parameter.type) {
        case 'identifier':
          declare(parameter, functionScope, 'parameter');
          break;
        case 'default_parameter':
        case 'typed_default_parameter':
        case 'typed_parameter': {
          const name = parameter.childForFieldName('name') ?? namedChildrenOf(parameter)[0];
          if (name?.type === 'identifier') declare(name, functionScope, 'parameter');
          else if (name) parameters(name, functionScope, outer);
          const type = parameter.childForFieldName('type');
          if (type) visit(type, outer);
          const value = parameter.childForFieldName('value');
          if (value) visit(value, outer);
          break;
        }
        case 'list_splat_pattern':
        case 'dictionary_splat_pattern': {
          const name = namedChildrenOf(parameter)[0];
          if (name?.type === 'identifier') declare(name, functionScope, 'parameter');
          break;
        }
        default:
          break;
      }
    }
  };

  const importStatement = (node: Node, scope: Scope) => {
    const statement = { start: node.startIndex, end: node.endIndex };
    const topLevel = scope === builder.module;
    if (node.type === 'import_statement') {
      for (const name of fieldChildren(node, 'name')) {
        if (name.type === 'aliased_import') {
          const dotted = name.childForFieldName('name')!;
          const alias = name.childForFieldName('alias')!;
          // (`json` of `import json as _json` names the module, no binding.)
          for (const part of dotted.descendantsOfType('identifier')) if (part) builder.occurrence(part, 'text', scope);
          const local = builder.occurrence(alias, 'import', scope, { declareIn: scope, kind: 'import' });
          builder.imports.push({ module: dotted.text, imported: '*', local: alias.text, nameOccurrence: null, localOccurrence: local, statement, topLevel });
        } else {
          // `import a.b.c` binds `a`, the top package; `a.b.c.X` reaches into its submodules.
          const [first = name, ...submodules] = namedChildrenOf(name);
          const local = builder.occurrence(first, 'import', scope, { declareIn: scope, kind: 'import' });
          for (const part of submodules) builder.occurrence(part, 'text', scope);
          builder.imports.push({ module: first.text, imported: '*', local: first.text, nameOccurrence: null, localOccurrence: local, statement, topLevel });
        }
      }
      return;
    }
    const moduleNode = node.childForFieldName('module_name');
    const module = moduleNode ? moduleNode.text.replace(/\s+/g, '') : '';
    // The module's path names modules, never a binding (`datetime` in `from datetime import datetime`).
    for (const part of moduleNode?.descendantsOfType('identifier') ?? []) if (part) builder.occurrence(part, 'text', scope);
    if (namedChildrenOf(node).some((child) => child.type === 'wildcard_import')) {
      builder.imports.push({ module, imported: '*', local: null, nameOccurrence: null, localOccurrence: null, statement, topLevel });
    }
    for (const name of fieldChildren(node, 'name')) {
      if (name.type === 'aliased_import') {
        const imported = name.childForFieldName('name')!;
        const alias = name.childForFieldName('alias')!;
        const nameOccurrence = builder.occurrence(imported, 'import_name', scope);
        const local = builder.occurrence(alias, 'import', scope, { declareIn: scope, kind: 'import' });
        builder.imports.push({ module, imported: imported.text, local: alias.text, nameOccurrence, localOccurrence: local, statement, topLevel });
      } else {
        const occurrence = builder.occurrence(name, 'import', scope, { declareIn: scope, kind: 'import' });
        builder.imports.push({ module, imported: name.text, local: name.text, nameOccurrence: occurrence, localOccurrence: null, statement, topLevel });
      }
    }
  };

  const dunderAll = (node: Node, scope: Scope) => {
    const right = node.childForFieldName('right');
    if (!right || (right.type !== 'list' && right.type !== 'tuple' && right.type !== 'expression_list' && right.type !== 'parenthesized_expression')) return;
    for (const item of namedChildrenOf(right)) {
      if (item.type !== 'string') continue;
      const name = unquoted(item);
      const quote = item.text.indexOf(name);
      const occurrence = builder.occurrence(item, 'export', scope, { form: 'string', name, start: item.startIndex + quote, end: item.startIndex + quote + name.length });
      builder.exports.push({ exported: name, local: name, nameOccurrence: occurrence, statement: { start: node.startIndex, end: node.endIndex }, declaration: false });
    }
  };

  const visitChildren = (node: Node, scope: Scope) => {
    for (const child of namedChildrenOf(node)) visit(child, scope);
  };

  /**
   * A `match` statement's pattern: a bare name captures (binds; `_` binds nothing), a dotted
   * name is a value (`Color.RED`, `ast.Expr`: its first name a use, the rest attributes), a
   * keyword of a class pattern names an attribute, and `*rest`, `**rest` and `as n` bind.
   */
  const pattern = (node: Node, scope: Scope): void => {
    switch (node.type) {
      case 'case_pattern':
      case 'dotted_name': {
        const children = namedChildrenOf(node);
        const only = children.length === 1 ? children[0]! : null;
        if (node.type === 'case_pattern' && only?.type !== 'dotted_name') {
          for (const child of children) pattern(child, scope);
          return;
        }
        const names = node.type === 'dotted_name' ? children : namedChildrenOf(only!);
        if (names.length === 1) {
          if (names[0]!.text !== '_') declare(names[0]!, scope);
          return;
        }
        valueName(node.type === 'dotted_name' ? node : only!, scope);
        return;
      }
      case 'class_pattern':
        for (const [index, child] of namedChildrenOf(node).entries()) {
          if (index === 0 && child.type === 'dotted_name') valueName(child, scope);
          else pattern(child, scope);
        }
        return;
      case 'keyword_pattern':
        for (const [index, child] of namedChildrenOf(node).entries()) {
          if (index === 0 && child.type === 'identifier') builder.occurrence(child, 'keyword', scope);
          else pattern(child, scope);
        }
        return;
      case 'splat_pattern':
        for (const child of namedChildrenOf(node)) if (child.type === 'identifier' && child.text !== '_') declare(child, scope);
        return;
      case 'as_pattern':
        for (const child of namedChildrenOf(node)) {
          if (child.type === 'identifier') declare(child, scope);
          else pattern(child, scope);
        }
        return;
      case 'dict_pattern': {
        const key = node.childForFieldName('key');
        for (const child of namedChildrenOf(node)) {
          if (key && child.id === key.id) {
            if (child.type === 'dotted_name') valueName(child, scope);
            else visit(child, scope);
          } else pattern(child, scope);
        }
        return;
      }
      case 'list_pattern':
      case 'tuple_pattern':
      case 'union_pattern':
        for (const child of namedChildrenOf(node)) pattern(child, scope);
        return;
      default:
        // Literals (numbers, strings, None), and a value's expression.
        visit(node, scope);
    }
  };

  /** A dotted value in a pattern (`Color.RED`): its first name a use, each further one an attribute of the one before. */
  const valueName = (dotted: Node, scope: Scope) => {
    const names = namedChildrenOf(dotted);
    for (const [index, name] of names.entries()) {
      if (index === 0) visit(name, scope);
      else builder.occurrence(name, 'property', scope, { object: receiverOf(names[index - 1]!) });
    }
  };

  const visit = (node: Node, scope: Scope): void => {
    switch (node.type) {
      case 'identifier':
        builder.occurrence(node, 'reference', scope);
        return;
      case 'string':
      case 'comment':
        // f-strings hold expressions.
        for (const child of namedChildrenOf(node)) if (child.type === 'interpolation') visitChildren(child, scope);
        return;
      case 'decorated_definition':
        visitChildren(node, scope);
        return;
      case 'function_definition': {
        const name = node.childForFieldName('name');
        if (name) declare(name, scope, 'function');
        const inner = builder.scope('function', node.startIndex, node.endIndex, scope);
        const params = node.childForFieldName('parameters');
        if (params) parameters(params, inner, scope);
        const returns = node.childForFieldName('return_type');
        if (returns) visit(returns, scope);
        const typeParameters = node.childForFieldName('type_parameters');
        if (typeParameters) visitChildren(typeParameters, inner);
        const body = node.childForFieldName('body');
        if (body) visitChildren(body, inner);
        return;
      }
      case 'lambda': {
        const inner = builder.scope('function', node.startIndex, node.endIndex, scope);
        const params = node.childForFieldName('parameters');
        if (params) parameters(params, inner, scope);
        const body = node.childForFieldName('body');
        if (body) visit(body, inner);
        return;
      }
      case 'class_definition': {
        const name = node.childForFieldName('name');
        if (name) declare(name, scope, 'class');
        const superclasses = node.childForFieldName('superclasses');
        if (superclasses) visit(superclasses, scope);
        const inner = builder.scope('class', node.startIndex, node.endIndex, scope);
        const body = node.childForFieldName('body');
        if (body) visitChildren(body, inner);
        return;
      }
      case 'list_comprehension':
      case 'set_comprehension':
      case 'dictionary_comprehension':
      case 'generator_expression': {
        const inner = builder.scope('comprehension', node.startIndex, node.endIndex, scope);
        const clauses = namedChildrenOf(node);
        let first = true;
        for (const clause of clauses) {
          if (clause.type === 'for_in_clause') {
            const right = clause.childForFieldName('right');
            if (right) visit(right, first ? scope : inner);
            first = false;
            const left = clause.childForFieldName('left');
            if (left) target(left, inner);
          }
        }
        for (const clause of clauses) if (clause.type !== 'for_in_clause') visit(clause, inner);
        return;
      }
      case 'assignment':
      case 'augmented_assignment': {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        const type = node.childForFieldName('type');
        if (right) visit(right, scope);
        if (type) visit(type, scope);
        if (left) target(left, scope);
        if (left?.text === '__all__' && scope === builder.module) dunderAll(node, scope);
        return;
      }
      case 'named_expression': {
        let home = scope;
        while (home.kind === 'comprehension' && home.parent) home = home.parent;
        const name = node.childForFieldName('name');
        if (name) declare(name, home);
        const value = node.childForFieldName('value');
        if (value) visit(value, scope);
        return;
      }
      case 'for_statement': {
        const right = node.childForFieldName('right');
        if (right) visit(right, scope);
        const left = node.childForFieldName('left');
        if (left) target(left, scope);
        for (const child of namedChildrenOf(node)) if (child !== left && child !== right && child.id !== left?.id && child.id !== right?.id) visit(child, scope);
        return;
      }
      case 'case_pattern':
        pattern(node, scope);
        return;
      case 'except_clause': {
        // Python 2's `except ValueError, err:` binds `err` (the grammar gives two values, no comma node between).
        const values = node.childrenForFieldName('value').filter((child): child is Node => child !== null);
        const bound = values.length === 2 && values[1]!.type === 'identifier' ? values[1]! : null;
        for (const child of namedChildrenOf(node)) {
          if (bound && child.id === bound.id) target(child, scope);
          else visit(child, scope);
        }
        return;
      }
      case 'as_pattern': {
        const alias = node.childForFieldName('alias');
        for (const child of namedChildrenOf(node)) {
          if (alias && child.id === alias.id) target(child, scope);
          else visit(child, scope);
        }
        return;
      }
      case 'import_statement':
      case 'import_from_statement':
        importStatement(node, scope);
        return;
      case 'future_import_statement':
        // Compiler switches, not names: `annotations` here is no binding anything can use.
        for (const name of node.descendantsOfType('identifier')) if (name) builder.occurrence(name, 'text', scope);
        return;
      case 'global_statement':
      case 'nonlocal_statement':
        for (const name of namedChildrenOf(node)) {
          (node.type === 'global_statement' ? scope.globals : scope.nonlocals).add(name.text);
          builder.occurrence(name, 'reference', scope);
        }
        return;
      case 'keyword_argument': {
        const name = node.childForFieldName('name');
        if (name) builder.occurrence(name, 'keyword', scope);
        const value = node.childForFieldName('value');
        if (value) visit(value, scope);
        return;
      }
      case 'attribute': {
        const object = node.childForFieldName('object');
        const attribute = node.childForFieldName('attribute');
        let objectInfo: Occurrence['object'];
        if (object) {
          visit(object, scope);
          objectInfo = receiverOf(object);
        }
        if (attribute) builder.occurrence(attribute, 'property', scope, objectInfo ? { object: objectInfo } : {});
        return;
      }
      default:
        visitChildren(node, scope);
    }
  };

  for (const child of namedChildrenOf(root)) visit(child, builder.module);
  return builder.finish('python', true, true);
}
