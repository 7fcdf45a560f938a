import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type MoveStructureArgs } from '../../src/index.js';

// A moveStructure that takes a structure out of its scope must leave every name in reach, as a
// semantic move must: moving a function into a class used to be written while its callers went on
// calling it by its bare name, and a method moved to another class kept reaching `self` members
// the new class lacks. Each case: the files, the move, and what comes back: written, or the error
// code with the names it lists, every file byte-identical.

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const files = {
  'a.py': lines(
    'import os',
    '',
    '',
    'def helper(x):',
    '    return os.path.join(x, "a")',
    '',
    '',
    'class A:',
    '    def __init__(self):',
    '        self.x = 1',
    '',
    '    def m(self):',
    '        return helper(self.x) + self.r()',
    '',
    '    def r(self):',
    '        return 2',
    '',
    '',
    'class B:',
    '    def k(self):',
    '        return 1',
    '',
    '',
    'def outer():',
    '    def inner():',
    '        return 2',
    '    return inner()',
    '',
    '',
    'def lonely():',
    '    return 3',
    '',
    '',
    'print(helper("q"), A().m())',
  ),
  'b.py': lines('def other():', '    return 1'),
  'a.lua': lines('local function a()', '  return 1', 'end', '', 'print(a())', '', 'local function z()', '  return 2', 'end'),
  'c.py': lines('def helper(y):', '    return y'),
  'a.ts': lines('export class A {', '  private items: number[] = [];', '  total() {', '    return this.items.length;', '  }', '}', '', 'export class B {', '  sum() {', '    return 0;', '  }', '}'),
  // Languages whose imports structedit does not follow: what a semantic move would carry or refuse.
  'src/lib.rs': lines('#![allow(dead_code)]', 'mod util;', '', 'use std::collections::HashMap;', '', 'pub fn make() -> HashMap<u8, u8> {', '    HashMap::new()', '}', '', 'pub fn one() -> u8 {', '    1', '}'),
  'src/util.rs': '',
  'a.go': lines('package m', '', 'import "fmt"', '', 'func Hello() {', '\tfmt.Println("hi")', '}', '', 'func Other() {', '\tfmt.Println("o")', '}', '', 'func Two() int {', '\treturn 2', '}', '', 'func Three() int {', '\tx := len("abc")', '\treturn x + 1', '}', '', 'func Four() int {', '\treturn Two() + 1', '}'),
  'b.go': lines('// Package m is one package in two files.', 'package m'),
  'w_windows.go': lines('package m'),
  'a.c': lines('#include <stdio.h>', '', 'void hello(void) {', '    printf("hi");', '}'),
  'a.sh': lines('#!/bin/bash', '', 'greet() {', '  echo hi', '}'),
};

type Expected = { written: true } | { refused: string; names: string[] };

const cases: Array<{ name: string; move: MoveStructureArgs; expected: Expected }> = [
  {
    name: 'among its siblings, still above its uses: written unchecked',
    move: { source_path: 'a.py', source_target: 'def helper', dest_path: 'a.py', dest_target: 'def lonely', position: 'after' },
    expected: { written: true },
  },
  {
    name: 'a nested function out to the top level, its only use inside the function it left',
    move: { source_path: 'a.py', source_target: 'def outer\ndef inner', dest_path: 'a.py', dest_target: 'def outer', position: 'before' },
    expected: { written: true },
  },
  {
    name: 'an unused function to a file that has what it uses',
    move: { source_path: 'a.py', source_target: 'def lonely', dest_path: 'b.py', position: 'file_end' },
    expected: { written: true },
  },
  {
    name: 'a function into a class: its callers by name are left',
    move: { source_path: 'a.py', source_target: 'def helper', dest_path: 'a.py', dest_target: 'class B\ndef k', position: 'after' },
    expected: { refused: 'REFERENCES_EXIST', names: ['helper'] },
  },
  {
    name: 'a function to another file: its import is left behind',
    move: { source_path: 'a.py', source_target: 'def helper', dest_path: 'b.py', position: 'file_end' },
    expected: { refused: 'NAMES_OUT_OF_REACH', names: ['os'] },
  },
  {
    name: 'a function to a file that declares its name',
    move: { source_path: 'a.py', source_target: 'def lonely', dest_path: 'c.py', dest_target: 'def helper', position: 'before' },
    expected: { written: true },
  },
  {
    name: 'a function to a file that declares the same name',
    move: { source_path: 'a.py', source_target: 'def helper', dest_path: 'c.py', position: 'file_end' },
    expected: { refused: 'CONFLICT', names: ['helper'] },
  },
  {
    name: 'a method into another class: the members it reaches through self',
    move: { source_path: 'a.py', source_target: 'class A\ndef m', dest_path: 'a.py', dest_target: 'class B\ndef k', position: 'after' },
    expected: { refused: 'NAMES_OUT_OF_REACH', names: ['x', 'r'] },
  },
  {
    name: 'a function below the module-level code that calls it (Python runs it in order)',
    move: { source_path: 'a.py', source_target: 'def helper', dest_path: 'a.py', position: 'file_end' },
    expected: { refused: 'NAMES_OUT_OF_REACH', names: ['helper'] },
  },
  {
    name: 'a function above the import it uses only inside its body: written',
    move: { source_path: 'a.py', source_target: 'def helper', dest_path: 'a.py', position: 'file_start' },
    expected: { written: true },
  },
  {
    name: 'a method among the methods of its class: no conflict with itself',
    move: { source_path: 'a.py', source_target: 'class A\ndef m', dest_path: 'a.py', dest_target: 'class A\ndef r', position: 'after' },
    expected: { written: true },
  },
  {
    name: 'a Lua function below the top-level code that calls it',
    move: { source_path: 'a.lua', source_target: 'local function a', dest_path: 'a.lua', position: 'file_end' },
    expected: { refused: 'NAMES_OUT_OF_REACH', names: ['a'] },
  },
  {
    name: 'a TypeScript method into another class: this.items',
    move: { source_path: 'a.ts', source_target: 'export class A\ntotal()', dest_path: 'a.ts', dest_target: 'export class B\nsum()', position: 'after' },
    expected: { refused: 'NAMES_OUT_OF_REACH', names: ['items'] },
  },
  {
    name: 'a Rust function to a module without the use it needs',
    move: { source_path: 'src/lib.rs', source_target: 'pub fn make', dest_path: 'src/util.rs', position: 'file_end' },
    expected: { refused: 'NAMES_OUT_OF_REACH', names: ['HashMap'] },
  },
  {
    name: 'a Rust function to a file no mod declares: the crate would lose it',
    move: { source_path: 'src/lib.rs', source_target: 'pub fn one', dest_path: 'src/other.rs', position: 'file_end' },
    expected: { refused: 'INVALID_ARGUMENT', names: [] },
  },
  {
    name: 'a Rust function that needs nothing, to a module of the crate',
    move: { source_path: 'src/lib.rs', source_target: 'pub fn one', dest_path: 'src/util.rs', position: 'file_end' },
    expected: { written: true },
  },
  {
    name: 'a Go function to a file of its package without its import',
    move: { source_path: 'a.go', source_target: 'func Hello', dest_path: 'b.go', position: 'file_end' },
    expected: { refused: 'NAMES_OUT_OF_REACH', names: ['fmt'] },
  },
  {
    name: 'a Go function to a new file without the package clause',
    move: { source_path: 'a.go', source_target: 'func Two', dest_path: 'c.go', position: 'file_end' },
    expected: { refused: 'INVALID_ARGUMENT', names: [] },
  },
  {
    name: 'a Go function that needs nothing and that another function uses, to a file of its package',
    move: { source_path: 'a.go', source_target: 'func Two', dest_path: 'b.go', position: 'file_end' },
    expected: { written: true },
  },
  {
    name: 'a Go function whose locals the scopes leave unbound, to a file of its package with a doc comment on its clause',
    move: { source_path: 'a.go', source_target: 'func Three', dest_path: 'b.go', position: 'file_end' },
    expected: { written: true },
  },
  {
    name: 'a Go function using another top-level name of its file, to a file of its package (one scope)',
    move: { source_path: 'a.go', source_target: 'func Four', dest_path: 'b.go', position: 'file_end' },
    expected: { written: true },
  },
  {
    name: 'a Go function to a file compiled only on Windows (its name\'s suffix)',
    move: { source_path: 'a.go', source_target: 'func Two', dest_path: 'w_windows.go', position: 'file_end' },
    expected: { refused: 'INVALID_ARGUMENT', names: [] },
  },
  {
    name: 'a shell function to a file without the script\'s #! line',
    move: { source_path: 'a.sh', source_target: 'greet()', dest_path: 'b.sh', position: 'file_end' },
    expected: { written: true },
  },
  {
    name: 'a C function to a file without its includes',
    move: { source_path: 'a.c', source_target: 'void hello', dest_path: 'b.c', position: 'file_end' },
    expected: { refused: 'NAMES_OUT_OF_REACH', names: ['#include <stdio.h>'] },
  },
  {
    name: 'force: true moves it anyway',
    move: { source_path: 'a.py', source_target: 'def helper', dest_path: 'b.py', position: 'file_end', force: true },
    expected: { written: true },
  },
];

describe('moveStructure keeps every name in reach, or refuses', () => {
  for (const { name, move, expected } of cases) {
    it(name, async () => {
      const fs = memoryFs({ ...files });
      const result = await createEditor({ fs, semantic: 'syntax' }).moveStructure(move);
      if ('written' in expected) {
        expect(result.isOk(), result.isErr() ? result.error.message : '').toBe(true);
        return;
      }
      expect(result.isErr()).toBe(true);
      const error = result._unsafeUnwrapErr();
      expect(error.error).toBe(expected.refused);
      const details = error.details as { names?: string[]; name?: string };
      const names = details.names ?? (details.name !== undefined ? [details.name] : []);
      expect(names).toEqual(expected.names);
      expect(fs.snapshot()).toEqual(files);
    });
  }
});
