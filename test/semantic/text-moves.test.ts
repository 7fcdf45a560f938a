import { describe, expect, it } from 'vitest';
import { editorOver, expectError, expectOk, lines } from '../helpers.js';

/*
 * A move to another file in a language whose imports structedit does not resolve: the declaration
 * takes the imports it uses with it, the source keeps only what it still uses where an unused
 * import does not compile, and a name of the source the destination would not see refuses the move.
 * (The Go compiler checks the same on the standard library: test/oracles/go-moves.corpus.test.ts.)
 */

async function moved(files: Record<string, string>, path: string, address: string, to: string): Promise<Record<string, string>> {
  const { editor, fs } = editorOver(files);
  expectOk(await editor.applyEdits({ edits: [{ op: 'move', path, address, to }] }));
  return fs.snapshot() as Record<string, string>;
}

describe('moves that take their imports along', () => {
  it('Go: the spec it uses goes to the new file, and out of the group where nothing else uses it', async () => {
    const source = lines('package m', '', 'import (', '\t"fmt"', '\t"os"', ')', '', 'func Hello() {', '\tfmt.Println("hi")', '}', '', 'func other() {', '\tos.Exit(1)', '}');
    const after = await moved({ 'a.go': source }, 'a.go', 'func Hello', 'b.go');
    expect(after['a.go']).toBe(lines('package m', '', 'import (', '\t"os"', ')', '', 'func other() {', '\tos.Exit(1)', '}'));
    expect(after['b.go']).toBe(lines('package m', '', 'import "fmt"', '', 'func Hello() {', '\tfmt.Println("hi")', '}'));
  });

  it('Go: a single import only the moved function used leaves with its blank line; the destination\'s imports are kept', async () => {
    const after = await moved(
      { 'a.go': lines('package m', '', 'import "unicode/utf8"', '', 'func Size(s string) int {', '\treturn utf8.RuneCountInString(s)', '}', '', 'func other() {}'), 'b.go': lines('package m', '', 'import "os"', '', 'func x() { os.Exit(2) }') },
      'a.go',
      'func Size',
      'b.go',
    );
    expect(after['a.go']).toBe(lines('package m', '', 'func other() {}'));
    expect(after['b.go']).toBe(lines('package m', '', 'import "os"', 'import "unicode/utf8"', '', 'func x() { os.Exit(2) }', '', 'func Size(s string) int {', '\treturn utf8.RuneCountInString(s)', '}'));
  });

  it('Go: within its package, a function used by other files moves (their plain names still reach it)', async () => {
    const after = await moved({ 'a.go': lines('package m', '', 'func helper() int {', '\treturn 1', '}', '', 'func other() int { return helper() }'), 'c.go': lines('package m', '', 'func use() int { return helper() }') }, 'a.go', 'func helper', 'b.go');
    expect(after['b.go']).toBe(lines('package m', '', 'func helper() int {', '\treturn 1', '}'));
  });

  it('Go: out of its package, a name of the package is refused, listed', async () => {
    const { editor, fs } = editorOver({ 'a.go': lines('package m', '', 'func helper() int { return 1 }', '', 'func Hello() int {', '\treturn helper() + Other()', '}'), 'o.go': lines('package m', '', 'func Other() int { return 2 }') });
    const refused = expectError(await editor.applyEdits({ edits: [{ op: 'move', path: 'a.go', address: 'func Hello', to: 'sub/c.go' }] }), 'UNRESOLVED_REFERENCES');
    expect(refused.details.references.map((reference) => reference.reason.split(',')[0])).toEqual(['uses helper', 'uses Other']);
    expect(fs.snapshot()['sub/c.go']).toBeUndefined();
  });

  it('Go: a file compiled under other build constraints is refused; a new file carries the source\'s //go:build line', async () => {
    const files = {
      'm/a_linux.go': lines('package m', '', 'func A() int { return 1 }'),
      'm/b.go': lines('//go:build !windows', '', 'package m', '', 'func B() int { return 2 }'),
      'm/c_test.go': lines('package m', '', 'import "testing"', '', 'func helper(t *testing.T) { t.Log("x") }'),
      'm/d.go': lines('package m', '', 'func D() int { return 4 }'),
    };
    for (const [path, address, to, reason] of [
      ['m/a_linux.go', 'func A', 'm/d.go', 'm/d.go is compiled without conditions, and m/a_linux.go only under linux'],
      ['m/c_test.go', 'func helper', 'm/d.go', 'm/c_test.go only under go test'],
      ['m/d.go', 'func D', 'm/_old.go', 'm/_old.go is compiled only under a build that reads files whose names start with _'],
      ['m/d.go', 'func D', 'm/e_windows.go', 'm/e_windows.go is compiled only under windows'],
    ] as const) {
      const { editor, fs } = editorOver(files);
      const refused = expectError(await editor.applyEdits({ edits: [{ op: 'move', path, address, to }] }), 'INVALID_ARGUMENT');
      expect(refused.message).toContain(reason);
      expect(fs.snapshot()).toEqual(files);
    }
    // Where both agree (a name's suffix and its //go:build line say the same), and into a new file, it moves.
    const carried = await moved(files, 'm/b.go', 'func B', 'm/z.go');
    expect(carried['m/z.go']).toBe(lines('//go:build !windows', '', 'package m', '', 'func B() int { return 2 }'));
    const agreeing = await moved({ ...files, 'm/f.go': lines('//go:build linux', '', 'package m') }, 'm/a_linux.go', 'func A', 'm/f.go');
    expect(agreeing['m/f.go']).toBe(lines('//go:build linux', '', 'package m', '', 'func A() int { return 1 }'));
    const tests = await moved(files, 'm/c_test.go', 'func helper', 'm/z_test.go');
    expect(tests['m/z_test.go']).toBe(lines('package m', '', 'import "testing"', '', 'func helper(t *testing.T) { t.Log("x") }'));
  });

  it('Java and PHP: the import naming what it uses, after the package clause or <?php; Lua: the require binding it', async () => {
    const java = await moved({ 'A.java': lines('package p;', '', 'import java.util.List;', 'import java.util.Map;', '', 'class A {', '}', '', 'class B {', '    List<String> x;', '}') }, 'A.java', 'class B', 'B.java');
    expect(java['B.java']).toBe(lines('package p;', '', 'import java.util.List;', '', 'class B {', '    List<String> x;', '}'));
    const php = await moved({ 'a.php': lines('<?php', '', 'use Foo\\Bar;', '', 'function hello() {', '    return new Bar();', '}') }, 'a.php', 'function hello', 'b.php');
    expect(php['b.php']).toBe(lines('<?php', '', 'use Foo\\Bar;', '', 'function hello() {', '    return new Bar();', '}'));
    const lua = await moved({ 'a.lua': lines('local json = require("json")', '', 'local function f()', '  return json.encode({})', 'end', '', 'return {}') }, 'a.lua', 'local function f', 'b.lua');
    expect(lua['b.lua']).toBe(lines('local json = require("json")', '', 'local function f()', '  return json.encode({})', 'end'));
  });

  it('a new file starts in the source\'s package or namespace (Kotlin\'s package header, PHP\'s namespace); another namespace is refused', async () => {
    const kotlin = await moved({ 'a.kt': lines('package p.q', '', 'import a.b.C', '', 'fun f(): C = C()', '', 'fun g() {}') }, 'a.kt', 'fun f', 'b.kt');
    expect(kotlin['b.kt']).toBe(lines('package p.q', '', 'import a.b.C', '', 'fun f(): C = C()'));
    const php = await moved({ 'a.php': lines('<?php', 'namespace App;', '', 'use Foo\\Bar;', '', 'function hello() {', '    return new Bar(new Baz());', '}') }, 'a.php', 'function hello', 'b.php');
    expect(php['b.php']).toBe(lines('<?php', 'namespace App;', '', 'use Foo\\Bar;', '', 'function hello() {', '    return new Bar(new Baz());', '}'));
    const { editor } = editorOver({ 'a.php': lines('<?php', 'namespace App;', '', 'function hello() {', '    return new Baz();', '}'), 'b.php': lines('<?php', 'namespace Other;') });
    const refused = expectError(await editor.applyEdits({ edits: [{ op: 'move', path: 'a.php', address: 'function hello', to: 'b.php' }] }), 'UNRESOLVED_REFERENCES');
    expect(refused.details.references[0]!.reason).toContain('uses Baz, which a.php neither declares nor imports');
  });

  it('Ruby: its requires go along, not other top-level calls; a path from the source\'s folder is refused in another folder', async () => {
    const ruby = await moved({ 'a.rb': lines('require "json"', 'require_relative "util"', '', 'def f', '  JSON.dump(Util.x)', 'end', '', 'puts "hi"') }, 'a.rb', 'def f', 'b.rb');
    expect(ruby['b.rb']).toBe(lines('require "json"', 'require_relative "util"', '', 'def f', '  JSON.dump(Util.x)', 'end'));
    const { editor } = editorOver({ 'a.c': lines('#include "util.h"', '', 'int f(void) { return util(); }') });
    const refused = expectError(await editor.applyEdits({ edits: [{ op: 'move', path: 'a.c', address: 'int f', to: 'sub/b.c' }] }), 'UNRESOLVED_REFERENCES');
    expect(refused.details.references[0]!.reason).toContain('needs #include "util.h", whose path is relative to the folder ., and in sub/b.c it would start from the folder sub');
  });

  it('C: the includes go along (they cannot tell what they declare); a static helper or a macro of the source is refused', async () => {
    const c = await moved({ 'a.c': lines('#include <stdio.h>', '', 'void hello(void) {', '    printf("hi");', '}') }, 'a.c', 'void hello', 'b.c');
    expect(c['b.c']).toBe(lines('#include <stdio.h>', '', 'void hello(void) {', '    printf("hi");', '}'));
    const { editor, fs } = editorOver({ 'a.c': lines('#include <stdio.h>', '#define GREETING "hi"', '', 'static int helper(void) { return 1; }', '', 'void hello(void) {', '    printf(GREETING);', '    helper();', '}') });
    const refused = expectError(await editor.applyEdits({ edits: [{ op: 'move', path: 'a.c', address: 'void hello', to: 'b.c' }] }), 'UNRESOLVED_REFERENCES');
    expect(refused.message).toContain('uses 2 names of a.c that b.c would not see');
    expect(refused.details.references.map((reference) => reference.line)).toEqual([7, 8]);
    expect(fs.snapshot()['b.c']).toBeUndefined();
    // Declared in the destination too (a prototype), a name of the source is seen there.
    const declared = await moved({ 'a.c': lines('int helper(void) { return 1; }', '', 'int hello(void) {', '    return helper();', '}'), 'b.c': lines('int helper(void);') }, 'a.c', 'int hello', 'b.c');
    expect(declared['b.c']).toBe(lines('int helper(void);', '', 'int hello(void) {', '    return helper();', '}'));
    // An enumerator of the source is a name of it too.
    const enumerator = editorOver({ 'a.c': lines('enum { RED, GREEN };', '', 'int hello(void) {', '    return RED;', '}') });
    expect(expectError(await enumerator.editor.applyEdits({ edits: [{ op: 'move', path: 'a.c', address: 'int hello', to: 'b.c' }] }), 'UNRESOLVED_REFERENCES').details.references[0]!.reason).toContain('uses RED, declared in a.c (line 1)');
    // Another helper of that name there would change what it calls.
    const other = editorOver({ 'a.c': lines('static int helper(void) { return 1; }', '', 'int hello(void) {', '    return helper();', '}'), 'b.c': lines('static int helper(int x) { return x; }') });
    expectError(await other.editor.applyEdits({ edits: [{ op: 'move', path: 'a.c', address: 'int hello', to: 'b.c' }] }), 'UNRESOLVED_REFERENCES');
  });

  it('Rust: into a module the crate declares, with its uses; an undeclared file, another crate, a relative path or a private reach is refused', async () => {
    const crate = { 'src/lib.rs': lines('mod ast;', 'mod util;', '', 'use crate::ast::Ast;', 'use std::collections::HashMap;', '', 'pub fn make() -> HashMap<u8, Ast> {', '    HashMap::new()', '}'), 'src/ast.rs': lines('pub struct Ast;'), 'src/util.rs': '' };
    const after = await moved(crate, 'src/lib.rs', 'pub fn make', 'src/util.rs');
    expect(after['src/util.rs']).toBe(lines('use crate::ast::Ast;', 'use std::collections::HashMap;', '', 'pub fn make() -> HashMap<u8, Ast> {', '    HashMap::new()', '}'));
    // Into the module that declares what it imports: the import would name it twice.
    const home = await moved(crate, 'src/lib.rs', 'pub fn make', 'src/ast.rs');
    expect(home['src/ast.rs']).toBe(lines('use std::collections::HashMap;', '', 'pub struct Ast;', '', 'pub fn make() -> HashMap<u8, Ast> {', '    HashMap::new()', '}'));
    const refusal = async (files: Record<string, string>, path: string, to: string, code: 'INVALID_ARGUMENT' | 'UNRESOLVED_REFERENCES') => {
      const { editor, fs } = editorOver(files);
      const error = expectError(await editor.applyEdits({ edits: [{ op: 'move', path, address: 'pub fn make', to }] }), code);
      expect(fs.snapshot()).toEqual(files);
      return error.error === 'UNRESOLVED_REFERENCES' ? error.details.references[0]!.reason : error.message;
    };
    // No `mod` declares the file: the crate would lose the function.
    expect(await refusal(crate, 'src/lib.rs', 'src/extra.rs', 'INVALID_ARGUMENT')).toContain('src/extra.rs is not compiled: a file is part of the program only where its parent module declares it, and src/lib.rs has no mod extra; Declare it there first');
    expect(await refusal({ ...crate, 'src/main.rs': lines('fn main() {}') }, 'src/lib.rs', 'src/main.rs', 'INVALID_ARGUMENT')).toContain('src/main.rs belongs to the program that starts at src/main.rs');
    // `super::`, `self::` and a path from a name of the file's own mean another thing elsewhere.
    const nested = { 'src/lib.rs': lines('mod a;', 'pub struct E;'), 'src/a.rs': lines('mod b;', 'use super::E;', '', 'pub fn make() -> E {', '    E', '}'), 'src/a/b.rs': '' };
    expect(await refusal(nested, 'src/a.rs', 'src/a/b.rs', 'UNRESOLVED_REFERENCES')).toBe('needs use super::E; for E, whose path is relative to the module src, and in src/a/b.rs it would start from the module src/a; write the import as src/a/b.rs needs it there first');
    expect(await refusal({ ...crate, 'src/lib.rs': lines('mod ast;', 'mod util;', '', 'pub fn make() -> u8 {', '    self::ast::one()', '}') }, 'src/lib.rs', 'src/util.rs', 'UNRESOLVED_REFERENCES')).toContain('holds a path relative to the module src');
    // Into a module inside the source's, the source's own names are imported: its module sees them all.
    const inside = await moved({ 'src/lib.rs': lines('mod ast;', 'mod util;', '', 'fn helper() -> u8 {', '    1', '}', '', 'pub fn make() -> u8 {', '    ast::one() + helper()', '}'), 'src/ast.rs': lines('pub fn one() -> u8 { 1 }'), 'src/util.rs': '' }, 'src/lib.rs', 'pub fn make', 'src/util.rs');
    expect(inside['src/util.rs']).toBe(lines('use crate::ast;', 'use crate::helper;', '', 'pub fn make() -> u8 {', '    ast::one() + helper()', '}'));
    // A trait's impl is reached through the trait, wherever it is: it moves though its type is used elsewhere.
    const display = { 'src/lib.rs': lines('mod id;'), 'src/id.rs': lines('use std::fmt;', 'mod display;', '', 'pub struct Id {', '    x: u8,', '}', '', 'impl fmt::Display for Id {', '    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {', '        write!(f, "{}", self.x)', '    }', '}', '', 'pub fn show(id: &Id) -> String {', '    id.to_string()', '}'), 'src/id/display.rs': '' };
    const impl = await moved(display, 'src/id.rs', 'impl fmt::Display for Id', 'src/id/display.rs');
    expect(impl['src/id/display.rs']).toBe(lines('use std::fmt;', 'use crate::id::Id;', '', 'impl fmt::Display for Id {', '    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {', '        write!(f, "{}", self.x)', '    }', '}'));
    // Out of a module that shows it what it keeps private (a field without pub).
    const private_ = { 'src/lib.rs': lines('mod a;', 'mod b;'), 'src/a/mod.rs': lines('mod x;', 'pub struct T { f: u8 }'), 'src/a/x.rs': lines('use crate::a::T;', '', 'pub fn make(t: &T) -> u8 {', '    t.f', '}'), 'src/b.rs': '' };
    expect(await refusal(private_, 'src/a/x.rs', 'src/b.rs', 'UNRESOLVED_REFERENCES')).toContain('reaches crate::a::T through the module src/a, which shows src/a/x.rs what it keeps private');
    // Into a child module, every path still reaches it: its old module imports it back, `pub use` for a `pub` one.
    const split = await moved({ 'src/lib.rs': lines('mod util;', 'use std::fmt;', '', 'fn helper() -> u8 {', '    1', '}', '', 'pub fn make() -> u8 {', '    helper()', '}'), 'src/util.rs': '' }, 'src/lib.rs', 'fn helper', 'src/util.rs');
    expect(split['src/lib.rs']).toBe(lines('mod util;', 'use std::fmt;', 'use self::util::helper;', '', 'pub fn make() -> u8 {', '    helper()', '}'));
    expect(split['src/util.rs']).toBe(lines('pub(super) fn helper() -> u8 {', '    1', '}'));
    // Used by nothing, a private item moves as it is (an import nothing uses would warn).
    const unused = await moved({ 'src/lib.rs': lines('mod util;', '', 'fn helper() -> u8 {', '    1', '}'), 'src/util.rs': '' }, 'src/lib.rs', 'fn helper', 'src/util.rs');
    expect(unused).toEqual({ 'src/lib.rs': lines('mod util;'), 'src/util.rs': lines('fn helper() -> u8 {', '    1', '}') });
    const api = await moved({ 'src/lib.rs': lines('mod a;', 'mod util;', '', 'pub fn make() -> u8 {', '    1', '}'), 'src/a.rs': lines('pub fn x() -> u8 {', '    crate::make()', '}'), 'src/util.rs': '' }, 'src/lib.rs', 'pub fn make', 'src/util.rs');
    expect(api['src/lib.rs']).toBe(lines('pub use self::util::make;', '', 'mod a;', 'mod util;'));
    // Not a struct whose fields its old module would no longer see.
    const fields = editorOver({ 'src/lib.rs': lines('mod util;', '', 'pub struct P {', '    x: u8,', '}', '', 'pub fn make() -> P {', '    P { x: 1 }', '}'), 'src/util.rs': '' });
    const kept = expectError(await fields.editor.applyEdits({ edits: [{ op: 'move', path: 'src/lib.rs', address: 'pub struct P', to: 'src/util.rs' }] }), 'UNRESOLVED_REFERENCES');
    expect(kept.details.references.map((reference) => reference.line)).toEqual([7, 8]);
    // The destination importing it already would hold the name twice.
    const twice = { 'src/lib.rs': lines('mod util;', '', 'pub fn make() -> u8 {', '    1', '}'), 'src/util.rs': lines('use super::make;', '', 'pub fn twice() -> u8 {', '    make() * 2', '}') };
    expect(await refusal(twice, 'src/lib.rs', 'src/util.rs', 'UNRESOLVED_REFERENCES')).toBe('is imported by src/util.rs already (crate::make): moved there, the import and the declaration would collide; remove that import first');
    // A file's own `#![cfg(unix)]` compiles what it holds only there; a `#[cfg(unix)] mod` says the same.
    const conditioned = { 'src/lib.rs': lines('mod unix;', 'mod other;', '#[cfg(unix)]', 'mod sys;'), 'src/unix.rs': lines('#![cfg(unix)]', '', 'pub fn make() -> u8 {', '    1', '}'), 'src/other.rs': '', 'src/sys.rs': '' };
    expect(await refusal(conditioned, 'src/unix.rs', 'src/other.rs', 'INVALID_ARGUMENT')).toContain('src/other.rs is compiled without conditions, and src/unix.rs only under cfg(unix)');
    expect((await moved(conditioned, 'src/unix.rs', 'pub fn make', 'src/sys.rs'))['src/sys.rs']).toBe(lines('pub fn make() -> u8 {', '    1', '}'));
    // Between sibling modules, `super::` means the same.
    const siblings = await moved({ 'src/lib.rs': lines('mod a;', 'mod b;', 'pub struct E;'), 'src/a.rs': lines('use super::E;', '', 'pub fn make() -> E {', '    E', '}'), 'src/b.rs': '' }, 'src/a.rs', 'pub fn make', 'src/b.rs');
    expect(siblings['src/b.rs']).toBe(lines('use super::E;', '', 'pub fn make() -> E {', '    E', '}'));
  });
});
