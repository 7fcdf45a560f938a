import type { Node } from 'web-tree-sitter';
import type { LanguageProfile, RequiredMembers } from '../profile.js';
import { blankUnparsedMacros } from './c-macros.js';
import { boundNames, fromFolder, genericSpacingKind, memberNameOf, repeatedParameters, usualBlankLinesBetween } from './generic.js';

/** `#include "x.h"`: looked up first in the including file's folder. */
const INCLUDE_QUOTED = /^#\s*include\s*"/;

/**
 * C and C++: a function's parameter list sits in its declarator (`int *f(int a)` is a
 * `pointer_declarator` around a `function_declarator` holding the `parameters`), not in a field of
 * the function itself; `(void)` is an empty parameter list (adding a parameter replaces `void`,
 * removing the last one writes it back). A type defined on its own (`struct point {…};`,
 * `enum color {…};`) ends at its `;`, which the grammar leaves to the enclosing body: the `;` is
 * the structure's, so reading it gives the whole declaration and writing it back keeps one `;`.
 * Preprocessor directives written at column 0 stay there when inserted into an indented body.
 * Macro lines the grammar cannot parse are parsed as the blank lines the preprocessor makes of them
 * (c-macros.ts).
 */
export const c: LanguageProfile = {
  moves: { relativeTo: fromFolder(INCLUDE_QUOTED) },
  languages: ['c'],
  structure: {
    separators: {
      enumerator_list: ',', translation_unit: ';', declaration_list: ';', field_declaration_list: ';', compound_statement: ';',
      // A header's types sit inside its include guard (`#ifndef H` … `#endif`) and other conditionals.
      preproc_if: ';', preproc_ifdef: ';', preproc_else: ';', preproc_elif: ';', preproc_elifdef: ';',
    },
  },
  parts: { parametersOf: declaratorParameters, emptyParameters: { text: 'void', byDefault: true } },
  // Directives at column 0 inside a function (`#ifdef X` … `#endif` around indented code).
  layout: {
    flushLeft: /^#/,
    attachedFlushLeft: /^#\s*pragma\b/,
    // A header guard's `#define` (a spacing kind of its own: a file has one), or a `#pragma once`,
    // is set apart from what follows it where the file shows no such pair.
    blankLinesBetween: (upper, lower) => (upper !== lower && (upper === 'preproc_def' || upper === 'preproc_call') ? 1 : usualBlankLinesBetween(upper, lower)),
    spacingKind: (kind, text, headerStart) => (kind === 'preproc_def' && GUARD.test(text.slice(headerStart, text.indexOf('\n', headerStart) >>> 0)) ? 'preproc_def guard' : genericSpacingKind(kind)),
  },
  // `int f(int a, int a)`: gcc's and clang's "redefinition of parameter", which the grammar parses clean.
  compiler: { touches: /[(),]/, duplicateDeclarations: (root, within) => repeatedParameters(root, within, ['parameter_list'], parameterNames, (name) => `redefinition of parameter '${name.text}'`) },
  parsedText: (text) => blankUnparsedMacros(text, false),
};

/** The names a parameter list declares: each parameter's declarator down to its identifier (`*b`, `c[]`, `(*d)(int)`, `&e`); an unnamed parameter declares none. */
function parameterNames(list: Node): Node[] {
  return boundNames(list, (node) => node.type === 'identifier', (node) => {
    switch (node.type) {
      case 'parameter_list':
        return node.namedChildren.filter((parameter) => parameter !== null && /^(?:optional_)?parameter_declaration$/.test(parameter.type));
      case 'parameter_declaration':
      case 'optional_parameter_declaration':
      case 'pointer_declarator':
      case 'array_declarator':
      case 'function_declarator':
      case 'attributed_declarator':
        return [node.childForFieldName('declarator')];
      case 'parenthesized_declarator':
      case 'reference_declarator':
        return node.namedChildren.filter((child) => child !== null && /declarator$|^identifier$/.test(child.type));
      default:
        return [];
    }
  });
}

/** A header guard's `#define`: `_GLIBCXX_ALGORITHM 1`, `FOO_BAR_H`, `LIB_H_INCLUDED`. */
const GUARD = /^#\s*define\s+(?:_[A-Z][A-Z0-9_]*|[A-Z][A-Z0-9_]*_(?:H|HH|HPP|HXX|H_|HPP_|INCLUDED|INCLUDED_))(?:\s+1)?\s*$/;

/** C++: as C, but an empty parameter list is written `()` where the file shows no habit. */
export const cpp: LanguageProfile = {
  // `using namespace std;` and `using std::string;` bring names in as `#include` does.
  moves: { importKinds: ['import', 'using_declaration'], relativeTo: fromFolder(INCLUDE_QUOTED) },
  ...c,
  languages: ['cpp'],
  parts: { ...c.parts, emptyParameters: { text: 'void', byDefault: false } },
  // Conversions, copies, members and arrays call constructors without naming them.
  calls: { constructorsChecked: false },
  members: { requiredMembers: pureVirtuals },
  parsedText: (text) => blankUnparsedMacros(text, true),
};

/**
 * A class's pure virtual functions (`virtual void f() = 0;`), which a derived class must override
 * (by name: overloads aside) before it can be constructed; `null` for a class without one.
 */
function pureVirtuals(declaration: Node): RequiredMembers | null {
  if (!/^(?:class|struct)_specifier$/.test(declaration.type)) return null;
  const names: string[] = [];
  for (const member of declaration.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'field_declaration' || member.childForFieldName('default_value')?.text !== '0' || !member.children.some((child) => child?.type === 'virtual')) continue;
    const name = memberNameOf(member);
    if (name) names.push(name);
  }
  return names.length === 0 ? null : { names: [...new Set(names)], found: 'named', arity: false };
}

/**
 * The `parameters` of the function declarator found by following `declarator` fields down (else the
 * function's own fields say). C++'s `reference_declarator` (`int& f()`, `T&& g()`) holds the next
 * declarator as its only named child, in no field.
 */
function declaratorParameters(fn: Node): Node | null | undefined {
  for (let declarator = fn.childForFieldName('declarator'); declarator; declarator = innerDeclarator(declarator)) {
    if (declarator.type === 'function_declarator') return declarator.childForFieldName('parameters');
  }
  return undefined;
}

/** The declarator a declarator wraps: its `declarator` field, or a reference declarator's named child. */
function innerDeclarator(declarator: Node): Node | null {
  return declarator.childForFieldName('declarator') ?? (declarator.type === 'reference_declarator' ? declarator.lastNamedChild : null);
}
