import { describe, expect, it } from 'vitest';
import { editorOver, expectOk } from '../helpers.js';

/**
 * Blank lines around inserted and deleted structures follow what the file does between structures
 * of the same kinds (issue 21): deleting a structure and inserting its text back where it was gives
 * the file back, byte for byte, in the cases real code showed going wrong.
 */
async function deleteThenInsertBack(file: string, text: string, target: string, content: string, anchor: { before: string } | { after: string }) {
  // (The layout is measured here: the structure may still be used (force), and the files' imports
  // name modules that are not there, which TypeScript's checker would refuse (syntax).)
  const { editor, fs } = editorOver({ [file]: text }, { semantic: 'syntax' });
  expectOk(await editor.deleteStructure({ path: file, target, force: true }));
  expectOk('before' in anchor ? await editor.insertBeforeStructure({ path: file, target: anchor.before, content }) : await editor.insertAfterStructure({ path: file, target: anchor.after, content }));
  return fs.snapshot()[file];
}

describe('spacing by the kinds of the neighbours', () => {
  it('an import put back among imports sits tight to them, not as far as the code after them', async () => {
    const text = 'import os\nimport sys\nimport unittest\n\nfrom test import support\n\n\ndef f():\n    pass\n';
    expect(await deleteThenInsertBack('a.py', text, 'import os', 'import os', { before: 'import sys' })).toBe(text);
    // Python's standard library, venv/__main__.py: one import left, then code.
    const venv = 'import sys\nfrom . import main\n\nrc = 1\n';
    expect(await deleteThenInsertBack('a.py', venv, 'import sys', 'import sys', { before: 'from . import main' })).toBe(venv);
  });

  it('the last of two imports put back before the code after them', async () => {
    const text = "import { a } from './a';\nimport { b } from './b';\n\nexport const c = a + b;\n";
    expect(await deleteThenInsertBack('a.ts', text, "import { b }", "import { b } from './b';", { after: "import { a }" })).toBe(text);
    expect(await deleteThenInsertBack('a.ts', text, "import { a }", "import { a } from './a';", { before: "import { b }" })).toBe(text);
  });

  it('the second of two imports put back after the first, where no other pair of imports shows how they sit', async () => {
    // @radix-ui/themes, checkbox-group.props.tsx; Kotlin and C# files of expo-modules-core and react-native-windows alike.
    const tsx = "import { asChildPropDef } from '../props/as-child.prop.js';\nimport { base } from './base.props.js';\n\nconst defs = {\n  ...asChildPropDef,\n};\n";
    expect(await deleteThenInsertBack('a.tsx', tsx, 'import { base }', "import { base } from './base.props.js';", { before: 'const defs' })).toBe(tsx);
    const kt = 'package a\n\nimport b.C\nimport b.D\n\nclass E\n';
    expect(await deleteThenInsertBack('a.kt', kt, 'import b.D', 'import b.D', { before: 'class E' })).toBe(kt);
  });

  it('a Java package line goes back a blank line above the imports', async () => {
    const text = '/* Licence. */\n\npackage a.b;\n\nimport java.util.List;\nimport java.util.Map;\n\nclass C {\n}\n';
    expect(await deleteThenInsertBack('C.java', text, 'package', 'package a.b;', { before: 'import java.util.List' })).toBe(text);
  });

  it('where the file shows no pair of the kinds, the language style after a file head: usings, a docstring, an inner attribute, a doctype', async () => {
    // react-native-windows, ReactAssembly.cs: a namespace put back after the usings.
    const cs = 'using Microsoft.CodeAnalysis;\nusing System.Collections.Generic;\n\nnamespace A.B\n{\n  public class C\n  {\n  }\n}\n';
    expect(await deleteThenInsertBack('a.cs', cs, 'namespace A.B', 'namespace A.B\n{\n  public class C\n  {\n  }\n}', { after: 'using System.Collections.Generic' })).toBe(cs);
    // Python's standard library, test/test_html.py: a module docstring before imports, in a file whose definitions are two lines apart.
    const py = '"""Tests."""\n\nimport html\nimport unittest\n\n\nclass T(unittest.TestCase):\n    pass\n';
    expect(await deleteThenInsertBack('a.py', py, '"""Tests."""', '"""Tests."""', { before: 'import html' })).toBe(py);
    // Rust's alloc/src/raw_vec.rs: an inner attribute, then the uses.
    const rs = '#![unstable(feature = "raw_vec_internals")]\n\nuse core::cmp;\nuse core::mem;\n';
    expect(await deleteThenInsertBack('a.rs', rs, '#![unstable', '#![unstable(feature = "raw_vec_internals")]', { before: 'use core::cmp' })).toBe(rs);
    // gcc-12-base/NEWS.html: the doctype sits right above <html>.
    const html = '<!DOCTYPE html>\n<html lang="en">\n\n<head></head>\n\n</html>\n';
    expect(await deleteThenInsertBack('a.html', html, '<!DOCTYPE html>', '<!DOCTYPE html>', { before: '<html lang="en">' })).toBe(html);
  });

  it('compiled code without blank lines gets none', async () => {
    // The diff package's libesm/diff/array.js: an import put back before the class after it.
    const esm = "import Diff from './base.js';\nclass ArrayDiff extends Diff {\n}\nexport const arrayDiff = new ArrayDiff();\nexport function diffArrays(a, b) {\n  return arrayDiff.diff(a, b);\n}\n";
    expect(await deleteThenInsertBack('a.mjs', esm, 'import Diff', "import Diff from './base.js';", { before: 'class ArrayDiff' })).toBe(esm);
    const text = '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nconst a = require("./a");\nfunction f() {\n  return a;\n}\nexports.f = f;\n';
    expect(await deleteThenInsertBack('a.js', text, '"use strict"', '"use strict";', { before: 'Object.defineProperty' })).toBe(text);
    expect(await deleteThenInsertBack('a.js', text, 'function f', 'function f() {\n  return a;\n}', { before: 'exports.f' })).toBe(text);
  });

  it('a method between methods one blank line apart, where the gaps around it differed', async () => {
    const text = ['class A:', '    def a(self):', '        pass', '', '', '    def b(self):', '        pass', '', '    def c(self):', '        pass', '', '    def d(self):', '        pass', ''].join('\n');
    const { editor, fs } = editorOver({ 'a.py': text });
    expectOk(await editor.deleteStructure({ path: 'a.py', target: 'class A\ndef b' }));
    // The gap the class uses between methods (one line) is the one kept.
    expect(fs.snapshot()['a.py']).toBe(['class A:', '    def a(self):', '        pass', '', '    def c(self):', '        pass', '', '    def d(self):', '        pass', ''].join('\n'));
    expectOk(await editor.insertAfterStructure({ path: 'a.py', target: 'class A\ndef c', content: 'def e(self):\n    pass' }));
    expect(fs.snapshot()['a.py']).toContain('    def c(self):\n        pass\n\n    def e(self):\n        pass\n\n    def d(self):');
  });
});

describe('groups of statements', () => {
  it('deleting the first statement of a group leaves the groups apart; put back, it rejoins its group', async () => {
    // Go 1.19, cmd/compile/internal/escape/desugar.go: the commented `var fp` opens a group.
    const text = ['func f(call *ir.CallExpr) {', '\tpos := call.Pos()', '', '\t// FP is the caller\'s SP.', '\tvar fp ir.Node = ir.NewCallExpr(pos)', '\tif off != 0 {', '\t\tfp = ir.NewBinaryExpr(fp)', '\t}', '\tcall.SetOp(ir.ORECOVERFP)', '}', ''].join('\n');
    const { editor, fs } = editorOver({ 'a.go': text });
    expectOk(await editor.deleteStructure({ path: 'a.go', target: 'func f\nvar fp', force: true }));
    expect(fs.snapshot()['a.go']).toBe(['func f(call *ir.CallExpr) {', '\tpos := call.Pos()', '', '\tif off != 0 {', '\t\tfp = ir.NewBinaryExpr(fp)', '\t}', '\tcall.SetOp(ir.ORECOVERFP)', '}', ''].join('\n'));
    expectOk(await editor.insertBeforeStructure({ path: 'a.go', target: 'func f\nif off', content: "// FP is the caller's SP.\nvar fp ir.Node = ir.NewCallExpr(pos)" }));
    expect(fs.snapshot()['a.go']).toBe(text);
  });

  it('the last statement of a group, deleted, leaves the blank line that ended the group', async () => {
    const text = 'def f():\n    a = 1\n    b = 2\n\n    c = 3\n    return c\n';
    const { editor, fs } = editorOver({ 'a.py': text });
    expectOk(await editor.deleteStructure({ path: 'a.py', target: 'def f\nb = 2', force: true }));
    expect(fs.snapshot()['a.py']).toBe('def f():\n    a = 1\n\n    c = 3\n    return c\n');
  });

  it('a multi-line statement put between two tight ones adds no blank line', async () => {
    const text = 'function f() {\n  const a = 1;\n  const b = 2;\n  return a + b;\n}\n';
    const { editor, fs } = editorOver({ 'a.ts': text });
    expectOk(await editor.insertAfterStructure({ path: 'a.ts', target: 'function f\nconst a', content: 'if (a > 1) {\n  throw new Error("a");\n}' }));
    expect(fs.snapshot()['a.ts']).toBe('function f() {\n  const a = 1;\n  if (a > 1) {\n    throw new Error("a");\n  }\n  const b = 2;\n  return a + b;\n}\n');
  });

  it('a function put between two top-level statements of a file spaced as PEP 8 says is still set two lines apart', async () => {
    const text = 'import os\n\n\ndef f():\n    pass\n\n\nx = 1\ny = 2\n';
    const { editor, fs } = editorOver({ 'a.py': text });
    expectOk(await editor.insertAfterStructure({ path: 'a.py', target: 'x = 1', content: 'def g():\n    pass' }));
    expect(fs.snapshot()['a.py']).toBe('import os\n\n\ndef f():\n    pass\n\n\nx = 1\n\n\ndef g():\n    pass\n\n\ny = 2\n');
  });
});

describe('a structure whose last line ends in a comment', () => {
  it("OCaml's (* … *): content inserted after it goes below that line, the comment stays with its code", async () => {
    // OCaml's standard library, camlinternalFormatBasics.ml: the comment went below the inserted type.
    const text = 'type float_kind_conv =\n  | Float_f                        (*  %f | %+f | % f  *)\n  | Float_CF                       (*  %#F| %+#F| % #F *)\ntype float_conv = float_flag_conv * float_kind_conv\n\n(***)\n';
    const result = await deleteThenInsertBack('a.ml', text, 'type float_conv', 'type float_conv = float_flag_conv * float_kind_conv', { after: 'type float_kind_conv' });
    expect(result).toContain('  | Float_CF                       (*  %#F| %+#F| % #F *)\n');
    expect(result).toMatch(/\ntype float_conv = float_flag_conv \* float_kind_conv\n/);
  });
});

describe('a structure under a comment that stands apart', () => {
  it('deleted, leaves the blank line under the comment, which so does not become the next structure\'s doc comment', async () => {
    // /usr/include/asm-generic/mman.h: the comment then came to lead MCL_FUTURE, and MCL_CURRENT put back before that went above the comment.
    const text = '#define MAP_NORESERVE\t0x4000\n\n/*\n * Bits are reserved\n */\n\n#define MCL_CURRENT\t1\n#define MCL_FUTURE\t2\n#define MCL_ONFAULT\t4\n';
    expect(await deleteThenInsertBack('mman.h', text, '#define MCL_CURRENT', '#define MCL_CURRENT\t1', { before: '#define MCL_FUTURE' })).toBe(text);
  });
});

describe('content put before a structure that stands out to the left of its siblings', () => {
  const cases = [
    // libstdc++'s parallel/compatibility.h: a declaration put back before a `#pragma` at column 0 in a function.
    { file: 'a.cpp', text: 'int f(int* p)\n{\n  int64_t r;\n  int x;\n#pragma omp critical\n  {\n    r = *p;\n  }\n  return r;\n}\n', target: 'int f\n#pragma', content: 'int y;', line: '  int y;' },
    // react-native-windows' JsiReader.h: a constructor put back before ` public:`.
    { file: 'a.h', text: 'struct R {\n  R(int a);\n  R(int b);\n\n public:\n  int g() noexcept;\n  int h() noexcept;\n};\n', target: 'struct R\npublic', content: 'R(int c);', line: '  R(int c);' },
    // Content of the same kind goes at that structure's level.
    { file: 'a.h', text: 'struct R {\n  R(int a);\n  R(int b);\n\n public:\n  int g() noexcept;\n  int h() noexcept;\n};\n', target: 'struct R\npublic', content: 'private:', line: ' private:' },
  ];
  for (const { file, text, target, content, line } of cases) {
    it(`${JSON.stringify(content)} before ${JSON.stringify(target.split('\n').pop())} goes at the siblings' level unless it is of that kind`, async () => {
      const { editor, fs } = editorOver({ [file]: text });
      expectOk(await editor.insertBeforeStructure({ path: file, target, content }));
      expect(fs.snapshot()[file]!.split('\n')).toContain(line);
    });
  }
});

describe('C preprocessor directives inserted into a function body stay at column 0', () => {
  it('a block read from the file goes back as it was (react-native-windows\' DevSupportManager.cpp), with no `;` after its #endif', async () => {
    const text = 'int f()\n{\n  int a = 1;\n#ifdef X\n  try {\n    g();\n  } catch (...) {\n  }\n#else\n  h();\n#endif\n  return a;\n}\n';
    const block = '#ifdef X\n  try {\n    g();\n  } catch (...) {\n  }\n#else\n  h();\n#endif';
    expect(await deleteThenInsertBack('a.cpp', text, 'int f\n#ifdef', block, { before: 'int f\nreturn' })).toBe(text);
  });

  it('GNU style (libstdc++\'s parallel/search.h): `#     pragma` before a block', async () => {
    const text = 'void f(int n)\n{\n  int a[n];\n\n#     pragma omp parallel\n  {\n    a[0] = 1;\n  }\n}\n';
    expect(await deleteThenInsertBack('a.cpp', text, 'void f\n#', '#     pragma omp parallel', { before: 'void f\n{' })).toBe(text);
  });

  it('a header guard\'s #define and an #include are directives, not comments attached to what follows (libstdc++\'s tr1/float.h, algorithm)', async () => {
    const guard = '#ifndef _TR1_FLOAT_H\n#define _TR1_FLOAT_H 1\n\n#include <tr1/cfloat>\n\n#endif\n';
    expect(await deleteThenInsertBack('a.hpp', guard, '#ifndef\n#define _TR1_FLOAT_H', '#define _TR1_FLOAT_H 1', { before: '#ifndef\n#include <tr1/cfloat>' })).toBe(guard);
    const pragma = '#ifndef _GLIBCXX_ALGORITHM\n#define _GLIBCXX_ALGORITHM 1\n\n#pragma GCC system_header\n\n#include <bits/stl_algo.h>\n#endif\n';
    expect(await deleteThenInsertBack('a.hpp', pragma, '#ifndef\n#define _GLIBCXX_ALGORITHM', '#define _GLIBCXX_ALGORITHM 1', { before: '#ifndef\n#pragma' })).toBe(pragma);
  });

  it('content written relative to the body: the code lines go to the body\'s level, the directives stay at column 0', async () => {
    const { editor, fs } = editorOver({ 'a.c': 'int f(void)\n{\n  int a = 1;\n  return a;\n}\n' });
    expectOk(await editor.insertBeforeStructure({ path: 'a.c', target: 'int f\nreturn', content: '#ifdef DEBUG\nlog(a);\n#endif' }));
    expect(fs.snapshot()['a.c']).toBe('int f(void)\n{\n  int a = 1;\n#ifdef DEBUG\n  log(a);\n#endif\n  return a;\n}\n');
  });
});

describe('TypeScript `import type` lines as a group of their own', () => {
  it('set apart from the other imports by a blank line where the file does so (@radix-ui/themes)', async () => {
    // callout.tsx: the value imports, a blank line, the type imports.
    const text = "import * as React from 'react';\nimport { extractProps } from '../helpers/extract-props.js';\nimport { marginPropDefs } from '../props/margin.props.js';\n\nimport type { MarginProps } from '../props/margin.props.js';\nimport type { ComponentPropsWithout } from '../helpers/component-props.js';\n\nexport const x = 1;\n";
    expect(await deleteThenInsertBack('a.tsx', text, 'import { marginPropDefs }', "import { marginPropDefs } from '../props/margin.props.js';", { before: 'import type { MarginProps }' })).toBe(text);
  });

  it('tight against the other imports where the file shows nothing else (ajv)', async () => {
    const text = 'import type {CodeKeywordDefinition} from "../../types"\nimport {validateTuple} from "./items"\n\nconst def = 1\n';
    expect(await deleteThenInsertBack('a.ts', text, 'import type', 'import type {CodeKeywordDefinition} from "../../types"', { before: 'import {validateTuple}' })).toBe(text);
  });
});
