import type { Node } from 'web-tree-sitter';
import type { ExhaustiveMatch, LanguageProfile } from '../profile.js';
import { enumCasesOf, reachOfModifiers } from './generic.js';

/** Java: constructors are their own kind; annotations added to `.decorators` get their `@`. */
export const java: LanguageProfile = {
  languages: ['java'],
  // An enum's constants, which every switch expression on it must cover (a switch statement need not,
  // unless it matches patterns); a sealed type's permitted subtypes, which pattern switches must cover.
  cases: { casesOf: (declaration) => (declaration.type === 'enum_declaration' ? enumCasesOf(declaration) : permittedSubtypes(declaration)), exhaustiveMatches: switchExpressions },
  structure: {
    kinds: { constructor_declaration: 'constructor' },
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
