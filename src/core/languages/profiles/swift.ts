import type { Node } from 'web-tree-sitter';
import { namedChildrenOf } from '../../semantic/syntax.js';
import type { DerivedConstructor, ExhaustiveMatch, LanguageProfile, ParameterShape, TargetTypedConstruction } from '../profile.js';
import { awaitRules, enumCasesOf, reachOfModifiers } from './generic.js';
import { blankNewerSwift } from './swift-syntax-gaps.js';

/**
 * Swift (tree-sitter-wasms' grammar): a function's parameters are its own children between its
 * parentheses, with no node for the list (`func f(_ a: Int, b: Int = 1)` has `(`, `parameter`,
 * `,`, `parameter`, `=`, `default_value`, `)`), so `.params` is found by those parentheses.
 */
export const swift: LanguageProfile = {
  // `import Foundation` names a module, not what the code uses from it; the files of a module share
  // their top-level names (a folder stands for the module).
  moves: { folderShared: true },
  languages: ['swift'],
  members: { reachOf: (declaration) => reachOfModifiers(declaration) },
  calls: {
    // A parameter is passed by its label: the external name, else its name; `_` passes it by position.
    keywordName: (parameter) => {
      const label = parameter.childForFieldName('external_name')?.text ?? parameter.childForFieldName('name')?.text ?? null;
      return label === '_' ? null : label;
    },
    argumentName: (argument) => argument.childForFieldName('name')?.text.replace(/:$/, '') ?? null,
    selfConstruction: /\bself\.init\s*\(|\bSelf\s*\(/g,
    derivedConstructor: memberwiseInitializer,
    targetTypedConstructions: { word: 'init', find: implicitInits },
    // Every call of an `async` function is written `await f()` (`try await f()`).
    awaiting: awaitRules(/^$/, false, false),
  },
  // An enum's cases, which every `switch` on it must cover.
  cases: { casesOf: (declaration) => (declaration.type === 'class_declaration' && declaration.childForFieldName('declaration_kind')?.text === 'enum' ? enumCasesOf(declaration) : null), exhaustiveMatches: swiftSwitches },
  parts: {
    parameterParentheses: (fn) => {
      // The function's own parentheses: those inside an attribute, a generic clause or a
      // parameter's type belong to child nodes, so the first `(` and `)` among the children are the list's.
      let open: Node | null = null;
      for (const child of fn.children) {
        if (!child || child.isNamed) continue;
        if (open === null && child.type === '(') open = child;
        else if (open !== null && child.type === ')') return { open, close: child };
      }
      return null;
    },
  },
  // Swift newer than the grammar (`~Copyable`, `nonisolated(unsafe)`, raw strings), parsed as blanks.
  parsedText: blankNewerSwift,
};

/**
 * A struct's memberwise initializer, which Swift makes when the struct declares no `init` of its
 * own: its stored properties in order, by label, optional where one has a value or is a `var` of an
 * optional type; a `let` with a value, a computed, `static` or `lazy` property takes no part.
 */
function memberwiseInitializer(declaration: Node): DerivedConstructor | null {
  if (declaration.type !== 'class_declaration' || declaration.childForFieldName('declaration_kind')?.text !== 'struct') return null;
  const body = declaration.childForFieldName('body');
  if (!body) return null;
  const fields: ParameterShape[] = [];
  for (const member of namedChildrenOf(body)) {
    if (member.type === 'init_declaration') return null;
    if (member.type !== 'property_declaration' || member.childForFieldName('computed_value')) continue;
    const modifiers = namedChildrenOf(member).find((child) => child.type === 'modifiers')?.text ?? '';
    if (/\b(?:static|class|lazy)\b/.test(modifiers)) continue;
    const binding = namedChildrenOf(member).find((child) => child.type === 'value_binding_pattern')?.text ?? '';
    const hasValue = member.childForFieldName('value') !== null;
    if (binding === 'let' && hasValue) continue;
    const name = member.childForFieldName('name')?.text ?? null;
    const optional = hasValue || (binding === 'var' && /\?\s*$|^Optional</.test(namedChildrenOf(member).find((child) => child.type === 'type_annotation')?.text.replace(/^:\s*/, '') ?? ''));
    fields.push({ name, required: !optional, kind: 'keyword' });
  }
  return { fields, literal: false, inherits: null, omittable: false };
}

/** `.init(a: 1)` where a type is expected: `let p: P = .init(a: 1)`. */
function implicitInits(root: Node): TargetTypedConstruction[] {
  return root.descendantsOfType('call_expression').flatMap((node) => {
    const callee = node?.namedChild(0);
    if (!node || callee?.type !== 'prefix_expression' || callee.childForFieldName('target')?.text !== 'init') return [];
    const holder = node.parent?.type === 'property_declaration' && node.parent.childForFieldName('value')?.equals(node) ? node.parent : null;
    const annotation = holder ? namedChildrenOf(holder).find((child) => child.type === 'type_annotation') : undefined;
    const args = namedChildrenOf(node).find((child) => child.type === 'call_suffix') ?? null;
    return [{ node, args, declaredType: annotation ? annotation.text.replace(/^:\s*/, '') : null }];
  });
}

/** Swift's `switch` statements (all exhaustive), each with the cases its patterns name (`.circle`, `Shape.circle`, `.tri(let a)`). */
function swiftSwitches(root: Node): ExhaustiveMatch[] {
  const matches: ExhaustiveMatch[] = [];
  for (const node of root.descendantsOfType('switch_statement')) {
    if (!node) continue;
    const cases: Array<{ qualifier: string | null; name: string }> = [];
    let catchAll = false;
    for (const entry of namedChildrenOf(node)) {
      if (entry.type !== 'switch_entry') continue;
      if (entry.children.some((child) => child?.type === 'default_keyword')) catchAll = true;
      const guarded = entry.children.some((child) => child?.type === 'where_keyword');
      for (const pattern of namedChildrenOf(entry)) {
        if (pattern.type !== 'switch_pattern') continue;
        // `case _:`, `case let x:`: every value.
        if (!guarded && /^(?:_|(?:let|var)\s+[\p{L}_][\p{L}\p{N}_]*)$/u.test(pattern.text.trim())) catchAll = true;
        for (const each of pattern.descendantsOfType(['pattern', 'navigation_expression'])) {
          if (!each) continue;
          if (each.type === 'pattern' && each.child(0)?.type === '.') {
            const name = each.namedChildren.find((child) => child?.type === 'simple_identifier');
            if (name) cases.push({ qualifier: null, name: name.text });
          } else if (each.type === 'navigation_expression') {
            const target = each.childForFieldName('target');
            const name = each.childForFieldName('suffix')?.childForFieldName('suffix');
            if (target && name) cases.push({ qualifier: target.text.split('.').pop()!.trim(), name: name.text });
          }
        }
      }
    }
    matches.push({ node, cases, catchAll, unread: false });
  }
  return matches;
}
