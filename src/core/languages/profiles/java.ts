import type { Node } from 'web-tree-sitter';
import { namedChildrenOf } from '../../semantic/syntax.js';
import type { ExhaustiveMatch, LanguageProfile, RefusedNode } from '../profile.js';
import type { TextSpan } from '../../structure/types.js';
import { enumCasesOf, nodesOverlapping, reachOfModifiers, repeatedKeys, repeatedParameters } from './generic.js';

/** Java: constructors are their own kind; annotations added to `.decorators` get their `@`. */
export const java: LanguageProfile = {
  moves: { opaqueImport: /\*\s*;?\s*$/, folderShared: true },
  languages: ['java'],
  // An enum's constants, which every switch expression on it must cover (a switch statement need not,
  // unless it matches patterns); a sealed type's permitted subtypes, which pattern switches must cover.
  cases: { casesOf: (declaration) => (declaration.type === 'enum_declaration' ? enumCasesOf(declaration) : permittedSubtypes(declaration)), exhaustiveMatches: switchExpressions },
  structure: {
    kinds: { constructor_declaration: 'constructor' },
  },
  compiler: {
    unterminatedBodies,
    duplicateDeclarations: (root, within) => [
      ...duplicateDeclarations(root, within),
      ...repeatedParameters(root, within, ['formal_parameters', 'inferred_parameters'], parameterNames, (name, list) => (list.parent?.type === 'record_declaration' ? `record component ${name.text} is already defined` : `variable ${name.text} is already defined`)),
    ],
  },
  // A record's components are its canonical constructor's parameters (`record P(int x, int y)`).
  parts: { decoratorPrefix: '@', primaryParametersOf: (declaration) => (declaration.type === 'record_declaration' ? declaration.childForFieldName('parameters') : null) },
  members: {
    // A functional interface (one abstract method, Object's aside) is implemented by lambdas too.
    // `private` reaches the outermost type of the file; no modifier, the package (its folder), but in an interface, everywhere.
    reachOf: (declaration) => {
      const reach = reachOfModifiers(declaration, (member, type) => ((type && /interface|annotation/.test(type.type)) || member.type === 'enum_constant' ? 'everywhere' : 'package'));
      return reach === 'type' ? 'outermost-type' : reach;
    },
    lambdaTargets: (required) => required.filter((name) => !/^(?:equals|hashCode|toString)$/.test(name)).length === 1,
    // Called by name from outside the program: serialization's hooks (through reflection), the
    // entry point, and Object's methods every class overrides.
    implicit: (name) => /^(writeObject|readObject|readObjectNoData|writeReplace|readResolve|serialVersionUID|serialPersistentFields|main|toString|equals|hashCode|clone|finalize)$/.test(name),
  },
};

/** The subtypes a sealed class or interface permits (`sealed interface Shape permits Circle, Square`), or `null`. */
function permittedSubtypes(declaration: Node): string[] | null {
  const permits = declaration.childForFieldName('permits');
  if (!permits) return null;
  return permits.descendantsOfType('type_list')[0]?.namedChildren.flatMap((type) => (type ? [type.text.replace(/<[^]*$/, '').split('.').pop()!.trim()] : [])) ?? null;
}

/**
 * Java's switches that must cover every value: switch expressions (a switch whose value is used)
 * and switches matching patterns (`case Circle c ->`), each with the constants and types its labels
 * name (`CIRCLE`, `Shape.CIRCLE`, `Circle`).
 */
function switchExpressions(root: Node): ExhaustiveMatch[] {
  const matches: ExhaustiveMatch[] = [];
  for (const node of root.descendantsOfType('switch_expression')) {
    if (!node) continue;
    const cases: Array<{ qualifier: string | null; name: string }> = [];
    let catchAll = false;
    let patterns = false;
    const body = node.childForFieldName('body');
    for (const label of body?.descendantsOfType('switch_label') ?? []) {
      // (Labels of a switch inside this one are that switch's.)
      if (!label || !body || !label.parent?.parent?.equals(body)) continue;
      if (label.children.some((child) => child?.type === 'default')) catchAll = true;
      for (const value of label.namedChildren) {
        if (value?.type === 'identifier') cases.push({ qualifier: null, name: value.text });
        else if (value?.type === 'field_access') cases.push({ qualifier: value.childForFieldName('object')?.text.split('.').pop() ?? null, name: value.childForFieldName('field')?.text ?? '' });
        else if (value?.type === 'pattern') {
          patterns = true;
          // `case Circle c`, `case a.Square q`, `case Tri(int x)`: the type it matches.
          const type = value.namedChild(0)?.namedChild(0);
          if (type) cases.push({ qualifier: null, name: type.text.replace(/<[^]*$/, '').split('.').pop()!.trim() });
        }
      }
    }
    if (patterns || isExpression(node)) matches.push({ node, cases, catchAll, unread: false });
  }
  return matches;
}

/** Whether a switch is an expression: its value used (a statement stands in a block, a case group, or a statement's body). */
function isExpression(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (/^(?:block|constructor_body|switch_block_statement_group|labeled_statement|program)$/.test(parent.type)) return false;
  if (/^(?:if|while|for|enhanced_for|do)_statement$/.test(parent.type)) return false;
  // `case A -> switch (b) {…};`: the value of the switch around it, if that one is an expression.
  if (parent.type === 'expression_statement') {
    const around = parent.parent?.type === 'switch_rule' ? parent.parent.parent?.parent : null;
    return around?.type === 'switch_expression' && isExpression(around);
  }
  return true;
}

/** The bodies of methods with a result (not `void`) that can complete normally: run off their end. */
function unterminatedBodies(root: Node, within: readonly TextSpan[]): Node[] {
  return nodesOverlapping(root, within, ['method_declaration']).flatMap((method) => {
    const body = method.childForFieldName('body');
    const type = method?.childForFieldName('type');
    return body && type && type.type !== 'void_type' && completesNormally(body) ? [body] : [];
  });
}

/**
 * Whether a statement can complete normally (JLS 17 §14.22), judged by syntax: a loop runs forever
 * only on the literal `true`, and a switch without `default` may complete (an exhaustive pattern
 * switch too: a function ending in one is counted before and after an edit alike).
 */
function completesNormally(statement: Node): boolean {
  switch (statement.type) {
    case 'block':
    case 'constructor_body': {
      const last = statementsOf(statement).pop();
      return last === undefined || completesNormally(last);
    }
    case 'return_statement':
    case 'throw_statement':
    case 'break_statement':
    case 'continue_statement':
    case 'yield_statement':
      return false;
    case 'if_statement': {
      const consequence = statement.childForFieldName('consequence');
      const alternative = statement.childForFieldName('alternative');
      return alternative === null || consequence === null || completesNormally(consequence) || completesNormally(alternative);
    }
    case 'while_statement':
      return !alwaysTrue(statement.childForFieldName('condition')) || exited(statement, 'break_statement');
    case 'for_statement': {
      const condition = statement.childForFieldName('condition');
      return (condition !== null && !alwaysTrue(condition)) || exited(statement, 'break_statement');
    }
    case 'do_statement': {
      const body = statement.childForFieldName('body');
      return ((body === null || completesNormally(body) || exited(statement, 'continue_statement')) && !alwaysTrue(statement.childForFieldName('condition'))) || exited(statement, 'break_statement');
    }
    case 'labeled_statement': {
      const labelled = statement.lastNamedChild;
      return labelled === null || labelled.type === 'identifier' || completesNormally(labelled) || exited(labelled, 'break_statement');
    }
    case 'synchronized_statement': {
      const body = statement.childForFieldName('body');
      return body === null || completesNormally(body);
    }
    case 'try_statement':
    case 'try_with_resources_statement': {
      const finallyBlock = statement.namedChildren.find((child) => child?.type === 'finally_clause')?.namedChildren.find((child) => child?.type === 'block');
      if (finallyBlock && !completesNormally(finallyBlock)) return false;
      const body = statement.childForFieldName('body');
      const handlers = statement.namedChildren.filter((child) => child?.type === 'catch_clause').map((clause) => clause!.childForFieldName('body'));
      return body === null || completesNormally(body) || handlers.some((handler) => handler === null || completesNormally(handler));
    }
    case 'switch_expression':
      return switchCompletes(statement);
    default:
      return true;
  }
}

/** A switch statement: it completes without a `default`, through a `break`, or where its last group (any rule) does. */
function switchCompletes(statement: Node): boolean {
  const body = statement.childForFieldName('body');
  if (!body) return true;
  const entries = body.namedChildren.filter((child) => child?.type === 'switch_block_statement_group' || child?.type === 'switch_rule') as Node[];
  const defaulted = entries.some((entry) => entry.namedChildren.some((label) => label?.type === 'switch_label' && label.children.some((token) => token?.type === 'default')));
  if (!defaulted || exited(statement, 'break_statement')) return true;
  const rules = entries.filter((entry) => entry.type === 'switch_rule');
  if (rules.length > 0) {
    // `case A -> expression;` completes; a block as its statements do; a `throw` does not.
    return rules.some((rule) => {
      const result = rule.lastNamedChild;
      return result === null || result.type === 'switch_label' || (result.type === 'throw_statement' ? false : result.type === 'block' ? completesNormally(result) : true);
    });
  }
  const last = entries[entries.length - 1];
  const statements = last ? statementsOf(last).filter((child) => child.type !== 'switch_label') : [];
  return statements.length === 0 || completesNormally(statements[statements.length - 1]!);
}

/** A block's (or a case group's) statements, comments aside. */
function statementsOf(holder: Node): Node[] {
  return holder.namedChildren.filter((child): child is Node => child !== null && !/comment$/.test(child.type));
}

/** `true`, or `(true)`: the only constant condition read as one. */
function alwaysTrue(condition: Node | null): boolean {
  let node = condition;
  while (node?.type === 'parenthesized_expression') node = node.firstNamedChild;
  return node?.type === 'true';
}

/**
 * Whether a `break` (or `continue`) leaves `statement`: with its label, or unlabeled and not inside a
 * loop or switch within it; a lambda's or a class's inside it are their own.
 */
function exited(statement: Node, jump: 'break_statement' | 'continue_statement'): boolean {
  const label = statement.parent?.type === 'labeled_statement' ? statement.parent.firstNamedChild?.text : undefined;
  for (const found of statement.descendantsOfType(jump)) {
    if (!found) continue;
    let own = false;
    let inner = false;
    for (let holder = found.parent; holder && !holder.equals(statement) && !own; holder = holder.parent) {
      own = /^(?:lambda_expression|class_body|enum_body|interface_body)$/.test(holder.type);
      inner ||= /^(?:for_statement|enhanced_for_statement|while_statement|do_statement|switch_expression)$/.test(holder.type) && (jump === 'break_statement' || holder.type !== 'switch_expression');
    }
    const target = found.namedChildren.find((child) => child?.type === 'identifier');
    if (!own && (target ? target.text === label : !inner)) return true;
  }
  return false;
}

/** The names a method's, constructor's, lambda's or record's parameters declare (`T... xs` in a declarator). */
function parameterNames(list: Node): Node[] {
  return namedChildrenOf(list).flatMap((parameter) => {
    const name = parameter.type === 'identifier' ? parameter : parameter.type === 'formal_parameter' ? parameter.childForFieldName('name') : parameter.type === 'spread_parameter' ? namedChildrenOf(parameter).find((child) => child.type === 'variable_declarator')?.childForFieldName('name') : null;
    return name ? [name] : [];
  });
}

/**
 * The members a class, interface or enum body declares twice: a method or constructor with the same
 * name and parameter types as one before it (types compared as written, type arguments aside), a
 * field or a member type of the same name: javac's "is already defined in".
 */
function duplicateDeclarations(root: Node, within: readonly TextSpan[]): RefusedNode[] {
  return nodesOverlapping(root, within, ['class_body', 'interface_body', 'enum_body_declarations', 'annotation_type_body']).flatMap((body) => {
    const declared: Array<{ key: string; node: Node }> = [];
    for (const member of namedChildrenOf(body)) {
      const name = member.childForFieldName('name');
      if (member.type === 'method_declaration' || member.type === 'constructor_declaration' || member.type === 'compact_constructor_declaration') {
        const types = namedChildrenOf(member.childForFieldName('parameters') ?? member)
          .filter((parameter) => parameter.type === 'formal_parameter' || parameter.type === 'spread_parameter')
          .map((parameter) => (parameter.type === 'spread_parameter' ? `${namedChildrenOf(parameter)[0]?.text ?? ''}[]` : (parameter.childForFieldName('type')?.text ?? '')).replace(/<[^]*>/g, '').replace(/\s+/g, ''));
        if (name && member.type !== 'compact_constructor_declaration') declared.push({ key: `method:${member.type === 'constructor_declaration' ? '<init>' : name.text}(${types.join(',')})`, node: name });
      } else if (member.type === 'field_declaration' || member.type === 'constant_declaration') {
        for (const declarator of member.childrenForFieldName('declarator')) {
          const field = declarator?.childForFieldName('name');
          if (field) declared.push({ key: `field:${field.text}`, node: field });
        }
      } else if (name && /^(?:class|interface|enum|record|annotation_type)_declaration$/.test(member.type)) declared.push({ key: `type:${name.text}`, node: name });
    }
    return repeatedKeys(declared, (node) => `${node.text} is already defined`);
  });
}
