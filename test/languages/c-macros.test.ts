import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { blankUnparsedMacros } from '../../src/core/languages/profiles/c-macros.js';
import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import { loadGrammar, parseAgain, parseIsolated } from '../../src/parsing/tree-sitter-loader.js';

/**
 * C and C++ macro lines the grammar cannot parse (src/core/languages/profiles/c-macros.ts): parsed
 * as the blank text a preprocessor would make of them, the file's own text kept for everything read.
 * Input → output: the text the grammar is given (`·` marks a blanked character).
 */

const shown = (text: string, cpp = false) => {
  const blanked = blankUnparsedMacros(text, cpp);
  if (blanked === null) return null;
  return [...blanked].map((ch, at) => (ch === ' ' && text[at] !== ' ' ? '·' : ch)).join('');
};
/** `code` as blanked: every character but spaces a `·`. */
const dots = (code: string) => code.replace(/[^ ]/g, '·');

describe('macro lines blanked for the grammar', () => {
  it('a macro name or call alone on a line, after a statement or a block edge', () => {
    expect(shown('G_BEGIN_DECLS\nint f(void);\nDECLARE_THING(a, b)\nG_END_DECLS\n')).toBe(`${dots('G_BEGIN_DECLS')}\nint f(void);\n${dots('DECLARE_THING(a, b)')}\n${dots('G_END_DECLS')}\n`);
    expect(shown('void f(void) {\n  Py_BEGIN_ALLOW_THREADS\n  g();\n  Py_END_ALLOW_THREADS\n}\n')).toBe('void f(void) {\n  ······················\n  g();\n  ····················\n}\n');
  });

  it('not an enumerator, an element, a continued expression, a directive or a comment', () => {
    expect(shown('enum e {\n  FIRST,\n  LAST\n};\n')).toBeNull();
    expect(shown('static const int t[] = {\n  1,\n  MAX_VALUE\n};\n')).toBeNull();
    expect(shown('int x = a +\n  OFFSET\n  ;\n')).toBeNull();
    expect(shown('int f(void) {\n  return g();\n}\nSOME_MACRO\n  + 1;\n')).toBeNull();
    expect(shown('#define BEGIN \\\n  MACRO_LINE\n/*\nCOMMENTED_OUT\n*/\n')).toBeNull();
    expect(shown('if (x)\n  DO_THING(x)\n')).toBeNull();
  });

  it('#if, #ifdef, #else and #endif between the elements of an initializer (with continuation lines); not in a function', () => {
    // markupsafe's _speedups.c (643a70a4): a slot only some Python versions define.
    const slots = 'static PyModuleDef_Slot slots[] = {\n#ifdef Py_mod_gil  // 3.13+\n  {Py_mod_gil, Py_MOD_GIL_NOT_USED},\n#endif\n#if defined(A) && \\\n    defined(B)\n  {1, 2},\n#else\n  {3, 4},\n#endif\n  {0, NULL}\n};\n';
    expect(shown(slots)).toBe(
      `static PyModuleDef_Slot slots[] = {\n${dots('#ifdef Py_mod_gil  // 3.13+')}\n  {Py_mod_gil, Py_MOD_GIL_NOT_USED},\n${dots('#endif')}\n${dots('#if defined(A) && \\')}\n    ${dots('defined(B)')}\n  {1, 2},\n${dots('#else')}\n  {3, 4},\n${dots('#endif')}\n  {0, NULL}\n};\n`,
    );
    expect(shown('int f(void) {\n#ifdef X\n  return 1;\n#endif\n  return 0;\n}\n')).toBeNull();
  });

  it('the halves of extern "C" split across #ifdef __cplusplus guards', () => {
    const header = '#ifdef __cplusplus\nextern "C" {\n#endif\nint f(void);\n#ifdef __cplusplus\n}\n#endif\n';
    expect(shown(header)).toBe(`#ifdef __cplusplus\n${dots('extern "C" {')}\n#endif\nint f(void);\n#ifdef __cplusplus\n·\n#endif\n`);
  });

  it('macros before a declaration: the one starting the line becomes a keyword as long, the others blank', () => {
    expect(shown('TCLAPI Tcl_Obj *\tTcl_NewObj(void);\n')).toBe('static Tcl_Obj *\tTcl_NewObj(void);\n');
    expect(shown('EGLAPI EGLBoolean EGLAPIENTRY eglInitialize (EGLDisplay dpy);\n')).toBe('static EGLBoolean ··········· eglInitialize (EGLDisplay dpy);\n');
    expect(shown('OSSL_DEPRECATEDIN_3_0 void f(void);\n')).toBe('static··············· void f(void);\n');
    // zlib's `#define local static`: a name the file defines as keywords only.
    expect(shown('#define local static\nlocal void g(int a) {\n}\n')).toBe('#define local static\nconst void g(int a) {\n}\n');
    // A type and a name are no macro: nothing to blank.
    expect(shown('FILE *open_it(const char *p);\nMYTYPE make(void);\nstruct node *next(struct node *n);\n')).toBeNull();
    // react-native-windows: an out-of-class constructor (no type), a return type alone on its line.
    expect(shown('LIBLET_PUBLICAPI Task<void>::Task(int a) noexcept\n    : count{0} {\n}\n', true)).toBe('static·········· Task<void>::Task(int a) noexcept\n    : count{0} {\n}\n');
    expect(shown('LIBLET_PUBLICAPI void\nTaskCatch::Catch(int a) noexcept {\n}\n', true)).toBe('static·········· void\nTaskCatch::Catch(int a) noexcept {\n}\n');
  });

  it("a cast macro before an argument in a condition, an assignment or a call statement (libxml2's BAD_CAST); not in a declaration", () => {
    expect(shown('int main(void) {\n  if(encrypt(argv[1], BAD_CAST secret, n) < 0) {\n    return -1;\n  }\n  x = g(ctx, BAD_CAST "a");\n  add(&(d->e), BAD_CAST KeyId);\n}\n')).toBe(
      `int main(void) {\n  if(encrypt(argv[1], ${dots('BAD_CAST')} secret, n) < 0) {\n    return -1;\n  }\n  x = g(ctx, ${dots('BAD_CAST')} "a");\n  add(&(d->e), ${dots('BAD_CAST')} KeyId);\n}\n`,
    );
    expect(shown('int f(FILE_T in, MY_TYPE out);\nstatic void g(MY_TYPE out) {\n}\n')).toBeNull();
  });

  it("Microsoft's source annotations before a parameter or a declaration: _In_, _Out_writes_(n), _Callback_", () => {
    expect(shown('int length(_In_ JsValueRef s, _Out_writes_bytes_(n * 2) char *buf) {\n  return 0;\n}\n', true)).toBe(
      `int length(${dots('_In_')} JsValueRef s, ${dots('_Out_writes_bytes_(n * 2)')} char *buf) {\n  return 0;\n}\n`,
    );
    expect(shown('LIBLET_PUBLICAPI _Callback_ void Invoke<void>::Run(_In_ IFuture *future);\n', true)).toBe(`static·········· ${dots('_Callback_')} void Invoke<void>::Run(${dots('_In_')} IFuture *future);\n`);
    // Not a name that only looks like one (`_M_data`), nor one used as a value.
    expect(shown('int x = _Foo_ + _M_data;\nvoid f(_Tp __a);\n', true)).toBeNull();
  });

  it('C++: after a namespace name, a template head, a declarator, and between if and its condition', () => {
    expect(shown('namespace std _GLIBCXX_VISIBILITY(default)\n{\n}\n', true)).toBe(`namespace std ${dots('_GLIBCXX_VISIBILITY(default)')}\n{\n}\n`);
    expect(shown('template<typename T>\n  _GLIBCXX20_CONSTEXPR\n  void f(T t);\n', true)).toBe('template<typename T>\n  ····················\n  void f(T t);\n');
    expect(shown('struct A {\n  int begin() const _GLIBCXX_NOEXCEPT\n  { return 0; }\n};\n', true)).toBe('struct A {\n  int begin() const ·················\n  { return 0; }\n};\n');
    expect(shown('void f() {\n  if _GLIBCXX17_CONSTEXPR (x)\n    g();\n}\n', true)).toBe('void f() {\n  if ···················· (x)\n    g();\n}\n');
    expect(shown('void f() {\n  __glibcxx_requires(_Concept<\n    _Tp>)\n  g();\n}\n', true)).toBe(`void f() {\n  ${dots('__glibcxx_requires(_Concept<')}\n    ${dots('_Tp>)')}\n  g();\n}\n`);
    expect(shown('class Q_CORE_EXPORT QObject {\n};\n', true)).toBe(`class ${dots('Q_CORE_EXPORT')} QObject {\n};\n`);
    expect(shown('LIBLET_PUBLICAPI void Task<void>::Destroy(int n) noexcept {\n}\n', true)).toBe(`static${dots('PUBLICAPI_')} void Task<void>::Destroy(int n) noexcept {\n}\n`);
    // A macro-like name inside a raw string is text.
    expect(shown('const char* s = R"(\nNOT_A_MACRO\n)";\n', true)).toBeNull();
  });
});

describe('parsing C with macro lines', () => {
  const registry = createLanguageRegistry();
  const grammarOf = async (path: string) => loadGrammar(registry.resolve(path)._unsafeUnwrap());
  const header = [
    '#ifdef __cplusplus',
    'extern "C" {',
    '#endif',
    '',
    'typedef struct point { int x; } point_t;',
    '',
    'DECLARE_STACK_OF(point_t)',
    '',
    'EXPORTAPI point_t make_point(int x);',
    '',
    '#ifdef __cplusplus',
    '}',
    '#endif',
    '',
  ].join('\n');

  it('a file whose own parse has errors is parsed from the blanked text, and reads its own text', async () => {
    const grammar = await grammarOf('a.h');
    const own = grammar.parser.parse(header)!;
    expect(own.rootNode.hasError).toBe(true);
    own.delete();
    for (const tree of [parseIsolated(grammar, header)!, parseAgain(grammar, header)]) {
      expect(tree.rootNode.hasError).toBe(false);
      // The tree reads the file's text, not the text it was parsed from, and so do its copies.
      expect(tree.rootNode.text).toBe(header);
      const copy = tree.copy();
      expect(copy.rootNode.descendantsOfType('declaration')[0]!.text).toBe('EXPORTAPI point_t make_point(int x);');
      copy.delete();
      tree.delete();
    }
  });

  it('a file its own parse reads without errors is parsed as it is', async () => {
    const grammar = await grammarOf('a.c');
    const text = 'enum e {\n  FIRST,\n  LAST\n};\nint f(void) {\n  return LAST;\n}\n';
    const tree = parseIsolated(grammar, text)!;
    expect(tree.rootNode.hasError).toBe(false);
    expect(tree.rootNode.descendantsOfType('enumerator').map((node) => node!.text)).toEqual(['FIRST', 'LAST']);
    tree.delete();
  });

  it('structures around macro lines: listed, read, deleted and edited with the macros kept', async () => {
    const fs = memoryFs({ 'p.h': header });
    const editor = createEditor({ fs });
    const listed = (await editor.listStructures({ path: 'p.h' }))._unsafeUnwrap().structures.map((structure) => structure.target);
    expect(listed).toEqual(['#ifdef __cplusplus\n@line 1', 'typedef struct point { int x; } point_t', 'EXPORTAPI point_t make_point', '#ifdef __cplusplus\n@line 11']);
    const read = (await editor.readStructure({ path: 'p.h', target: 'EXPORTAPI point_t make_point' }))._unsafeUnwrap();
    expect(read.matches[0]!.text).toBe('EXPORTAPI point_t make_point(int x);');
    (await editor.deleteStructure({ path: 'p.h', target: 'EXPORTAPI point_t make_point', force: true }))._unsafeUnwrap();
    const text = new TextDecoder().decode(await fs.readFile('p.h'));
    expect(text).toBe(header.replace('EXPORTAPI point_t make_point(int x);\n\n', ''));
  });

  it('an edit of a file parsed from its blanked text: the structures after it are those of a fresh parse', async () => {
    const fs = memoryFs({ 'p.h': header });
    const editor = createEditor({ fs });
    await editor.listStructures({ path: 'p.h' });
    const replaced = await editor.replaceStructure({ path: 'p.h', target: 'typedef struct point', content: 'typedef struct point { int x; int y; } point_t;\nG_DECLARE_THING(point)' });
    expect(replaced.isOk()).toBe(true);
    const after = (await editor.listStructures({ path: 'p.h' }))._unsafeUnwrap();
    const fresh = (await createEditor({ fs }).listStructures({ path: 'p.h' }))._unsafeUnwrap();
    expect(after.structures).toEqual(fresh.structures);
    expect(after.structures.map((structure) => structure.target)).toContain('typedef struct point { int x; int y; } point_t');
  });

  it('a name used only in a macro line the grammar was not shown is not taken as unused', async () => {
    const source = 'static int helper(int x) {\n  return x + 1;\n}\n\nint run(int y) {\n  int z = y;\n  REGISTER_HOOK(helper)\n  return z;\n}\n';
    const fs = memoryFs({ 'a.c': source });
    const editor = createEditor({ fs });
    const deleted = await editor.deleteStructure({ path: 'a.c', target: 'static int helper' });
    expect(deleted.isErr() && deleted.error.error).toBe('UNRESOLVED_REFERENCES');
    expect(deleted.isErr() && deleted.error.message).toContain('a.c:7');
    expect(new TextDecoder().decode(await fs.readFile('a.c'))).toBe(source);
  });

  it('real headers: the C++ guards of Python\'s headers and libstdc++\'s namespace macros', async () => {
    const cases = [
      { path: '/usr/include/python3.11/internal/pycore_bytesobject.h', as: 'a.h' },
      { path: '/usr/include/c++/12/bits/gslice.h', as: 'a.hpp' },
    ];
    let checked = 0;
    for (const { path, as } of cases) {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue;
      }
      const grammar = await grammarOf(as);
      const own = grammar.parser.parse(text)!;
      const tree = parseIsolated(grammar, text)!;
      expect(own.rootNode.hasError).toBe(true);
      expect(tree.rootNode.hasError).toBe(false);
      own.delete();
      tree.delete();
      checked++;
    }
    console.log(`[c-macros] real headers parsed clean once their macro lines are blanked: ${checked} of ${cases.length} on this machine`);
  });
});
