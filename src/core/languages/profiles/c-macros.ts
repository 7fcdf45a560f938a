/*
 * What a C or C++ grammar cannot parse because a preprocessor would have rewritten it first: lines
 * that are a macro invocation alone (`_GLIBCXX_BEGIN_NAMESPACE_VERSION`, `G_BEGIN_DECLS`,
 * `DECLARE_ASN1_FUNCTIONS(X509)`, with no `;`), the halves of an `extern "C" {` … `}` block split
 * across two `#ifdef __cplusplus` guards, and macros where only keywords may stand (before a
 * declaration, among a declarator's qualifiers, in a class's or namespace's head). Their characters
 * are blanked (same length, line breaks kept), so the grammar sees the code around them as the
 * compiler does and every offset still points into the real text.
 */

/**
 * A macro's name: upper case (`LLVM_C_EXTERN_C_BEGIN`, `DECLARE_ASN1_FUNCTIONS_name` with a lower-case
 * last word), or a short prefix then upper case (`Py_BEGIN_ALLOW_THREADS`).
 */
const MACRO_NAME = /^(?:_*[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?:_[a-z][a-z0-9]*)?|[A-Za-z][a-z0-9]{0,5}_[A-Z][A-Z0-9_]+)$/;
/** What may follow a statement-like macro on the next line: not a continuation of an expression. */
const CONTINUES = /^(?:[;,.=?)\]:[(]|->|&&|\|\||[-+*/%<>|&^!~]|\belse\b)/;
/** A `#if` whose branch holds only when compiled as C++. */
const CPLUSPLUS_GUARD = /^#\s*(?:ifdef\s+__cplusplus\b|if\s+defined\s*\(?\s*__cplusplus\b)/;

interface Line {
  readonly start: number;
  /**
   * Its code, as long as the line: comments and the insides of literals blanked (`"C"` reads `" "`);
   * all blank when it continues a directive.
   */
  readonly code: string;
  /** A preprocessor directive's first line. */
  readonly directive: boolean;
}

/** A stretch of the text to blank, `[start, end)`, or to write over with a word as long or shorter. */
type Span = readonly [start: number, end: number, word?: string];

/**
 * The text with the macro lines a C or C++ grammar cannot parse blanked, or `null` when it has none.
 * `cpp`: C++ (raw string literals).
 */
export function blankUnparsedMacros(text: string, cpp: boolean): string | null {
  const lines = codeLines(text, cpp);
  const blanked: Span[] = [];
  const blankLines = new Set<number>();
  const wholeLine = (index: number) => {
    const line = lines[index]!;
    blankLines.add(index);
    blanked.push([line.start, line.start + line.code.length]);
  };
  externCGuards(lines, wholeLine);
  const dataDepths = bracesOpenedForData(lines);
  conditionalsInData(text, lines, dataDepths, wholeLine);
  statementMacros(lines, dataDepths, wholeLine);
  const annotated = annotationsBlanked(lines, blanked);
  castMacros(annotated, blanked);
  // (Lines blanked whole are no code to what follows them.)
  declarationMacros(annotated.map((line, index) => (blankLines.has(index) ? { ...line, code: '' } : line)), dataDepths, attributeMacros(lines), blanked);
  if (blanked.length === 0) return null;
  const chars = text.split('');
  for (const [start, end, word = ''] of blanked) {
    for (let at = start; at < end; at++) if (text[at] !== '\r' && text[at] !== '\t') chars[at] = word[at - start] ?? ' ';
  }
  return chars.join('');
}

/** `#ifdef __cplusplus` / `extern "C" {` / `#endif`, and `#ifdef __cplusplus` / `}` / `#endif`: the brace lines. */
function externCGuards(lines: readonly Line[], blank: (line: number) => void): void {
  for (let i = 0; i + 2 < lines.length; i++) {
    if (!lines[i]!.directive || !CPLUSPLUS_GUARD.test(lines[i]!.code.trim())) continue;
    const body: number[] = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j]!.directive; j++) if (lines[j]!.code.trim() !== '') body.push(j);
    if (j >= lines.length || !/^#\s*endif\b/.test(lines[j]!.code.trim()) || body.length !== 1) continue;
    const code = lines[body[0]!]!.code.trim();
    if (/^extern\s*"\s*"\s*\{$/.test(code) || code === '}') blank(body[0]!);
  }
}

/**
 * `#ifdef` … `#endif` between the elements of an initializer (`static PyModuleDef_Slot slots[] = {`
 * with an element only some Python versions define): the grammar takes a directive only where a
 * declaration or statement may stand. Blanked (with their continuation lines), every branch's
 * elements stay, as a list the compiler would take whichever branch it chose from.
 */
function conditionalsInData(text: string, lines: readonly Line[], dataDepths: ReadonlyArray<boolean | null>, blank: (line: number) => void): void {
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.directive || dataDepths[i] !== true || !/^#\s*(?:if|ifdef|ifndef|elif|else|endif)\b/.test(lines[i]!.code.trim())) continue;
    blank(i);
    for (let j = i; j + 1 < lines.length && text.slice(lines[j]!.start, lines[j + 1]!.start).trimEnd().endsWith('\\'); j++) blank(j + 1);
  }
}

/**
 * A line that is a macro name alone, or a macro call alone (`NAME(…)` balanced on the line), after a
 * line that ends a statement or opens or closes a block, and before one that does not continue an
 * expression: no C statement or declaration is a bare name without a `;`, except an enumerator or an
 * initializer's last element (inside braces opened after `enum` or `=`, never blanked).
 */
function statementMacros(lines: readonly Line[], dataDepths: ReadonlyArray<boolean | null>, blank: (line: number) => void): void {
  let previous = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const code = line.code.trim();
    if (line.directive || code === '') continue;
    // (After a line that ends a statement, opens or closes a block, ends a label, or is a template's head.)
    const last = dataDepths[i] === false && (previous === '' || /[;{}]$|[^:]:$|^template\s*<.*>$/.test(previous)) ? macroCallEnd(lines, i) : -1;
    if (last !== -1) {
      const next = nextCode(lines, last);
      if (next === null || !CONTINUES.test(next)) {
        for (let j = i; j <= last; j++) blank(j);
        i = last;
        continue;
      }
    }
    previous = code;
  }
}

/**
 * The last line of a macro call standing alone from line `i` on: `NAME` or `NAME(…)` whose
 * parentheses close at the end of that line or, for a call of a macro name or of a name reserved to
 * the implementation (`__glibcxx_function_requires(…)`), of one of the next few lines; `-1` when
 * there is none.
 */
function macroCallEnd(lines: readonly Line[], i: number): number {
  const code = lines[i]!.code.trim();
  const open = code.indexOf('(');
  const name = open === -1 ? code : code.slice(0, open).trimEnd();
  const macro = MACRO_NAME.test(name);
  if (!macro && !(open !== -1 && /^__[a-z]\w*$/.test(name))) return -1;
  if (open === -1) return i;
  let depth = 0;
  for (let j = i; j < Math.min(lines.length, i + 8); j++) {
    if (lines[j]!.directive) return -1;
    const text = j === i ? code.slice(open) : lines[j]!.code.trim();
    for (let at = 0; at < text.length; at++) {
      const ch = text[at];
      if (ch === '(') depth++;
      else if (ch === ')' && --depth === 0) return at === text.length - 1 ? j : -1;
    }
  }
  return -1;
}

/**
 * Microsoft's source annotations (SAL: `_In_`, `_Out_writes_(n)`, `_Check_return_`, and react-native's
 * `_Callback_`): a word with a leading `_` and a capital and a trailing `_`, maybe with arguments,
 * before a type or a declarator. Blanked; returns the lines with their code blanked the same way.
 */
function annotationsBlanked(lines: readonly Line[], blanked: Span[]): Line[] {
  return lines.map((line) => {
    if (line.directive || !line.code.includes('_')) return line;
    let code = line.code;
    for (const match of line.code.matchAll(/(?<![\w.>])_[A-Z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_(?:\s*\((?:[^()]|\([^()]*\))*\))?(?=\s+[A-Za-z_:])/g)) {
      const start = match.index;
      const end = start + match[0].length;
      blanked.push([line.start + start, line.start + end]);
      code = code.slice(0, start) + ' '.repeat(end - start) + code.slice(end);
    }
    return code === line.code ? line : { ...line, code };
  });
}

/**
 * A cast macro before an argument in a statement's expression (libxml2's `BAD_CAST`:
 * `if(f(ctx, BAD_CAST name) < 0)`, `x = g(BAD_CAST "a");`): in a call's arguments, a name then an
 * operand is no C or C++ but a macro applied to it. Only in lines that are a condition, a `return`,
 * an assignment or a call statement, never a declaration's parameters (`f(FILE *in)`).
 */
function castMacros(lines: readonly Line[], blanked: Span[]): void {
  for (const line of lines) {
    const code = line.code;
    if (line.directive || !/^\s*(?:(?:\}\s*)?(?:else\s+)?if\s*\(|while\s*\(|switch\s*\(|return\b|[\w.>[\]-]+\s*=[^=]|[\w.>-]+\s*\(.*\)\s*;\s*$)/.test(code)) continue;
    for (const match of code.matchAll(/[(,]\s*([A-Z][A-Z0-9]*_[A-Z0-9_]+)\s+(?:[A-Za-z_]\w*|"[^"]*")\s*[,)]/dg)) {
      if (MACRO_NAME.test(match[1]!)) blankGroup(line, match, 1, blanked);
    }
  }
}

/** Keywords that name a type or qualify a declaration (a declaration needs no other type beside one of the first). */
const TYPE_KEYWORDS = new Set(['void', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned', 'bool', '_Bool', '_Complex', 'auto', 'wchar_t', 'size_t']);
const QUALIFIERS = new Set(['static', 'extern', 'inline', '__inline', '__inline__', 'const', 'volatile', 'register', 'restrict', '__restrict', '_Noreturn', '__extension__', 'typedef', 'virtual', 'explicit', 'constexpr', 'friend', 'mutable', 'thread_local', '_Thread_local']);
const TAGS = new Set(['struct', 'union', 'enum', 'class']);

/**
 * Macros written before a declaration (`TCLAPI Tcl_Obj *Tcl_NewObj(void);`, `OSSL_DEPRECATEDIN_3_0
 * void f(void);`, `EGLAPI EGLBoolean EGLAPIENTRY eglInitialize(…)`): a line that starts a
 * declaration whose names before its `(` are more than a type and a name holds macros among them:
 * the upper-case ones (or ones the file defines as nothing or as keywords: zlib's `#define local
 * static`) are blanked, leftmost first, as many as there are names too many (one that starts the
 * line written over with `static` or `const`). A C++ name counts once (`LIBLET_PUBLICAPI void
 * Task<void>::Destroy(…)`); a head with other punctuation, or `operator`, is left alone.
 */
function declarationMacros(lines: readonly Line[], dataDepths: ReadonlyArray<boolean | null>, defined: ReadonlySet<string>, blanked: Span[]): void {
  let previous = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const code = line.code;
    const trimmed = code.trim();
    if (line.directive || trimmed === '') continue;
    // A calling-convention macro before a function pointer's name: `typedef int (EGLAPIENTRYP PFN) (…);`.
    if (/^\s*typedef\b/.test(code)) for (const match of code.matchAll(/\(\s*([A-Z][A-Z0-9_]+)\s+[A-Za-z_]\w*\s*\)\s*\(/dg)) blankGroup(line, match, 1, blanked);
    // An attribute macro after a namespace's name: `namespace std _GLIBCXX_VISIBILITY(default)`.
    const namespaced = /^\s*namespace\s+[A-Za-z_]\w*\s+([A-Z_][A-Z0-9_]*(?:\s*\([^()]*\))?)\s*\{?\s*$/d.exec(code);
    if (namespaced) blankGroup(line, namespaced, 1, blanked);
    // A macro where a declarator's qualifiers go (`begin() const _GLIBCXX_NOEXCEPT`), or between
    // `if` and its condition (`if _GLIBCXX17_CONSTEXPR (x)`): only keywords may stand there.
    const qualifier = /^(\s*(?:[\w:~<>,*&]+\s+)*[\w:~]+\s*\([^()]*\)\s*(?:const\s+)?(?:&&?\s*)?)([A-Z_][A-Z0-9_]*(?:\s*\([^()]*\))?)\s*(?:;|\{.*|=\s*(?:0|default|delete)\s*;)?\s*$/d.exec(code);
    if (qualifier && !/^\s*(?:if|while|for|switch|return|else|do|case)\b/.test(code) && !/=/.test(qualifier[1]!)) blankGroup(line, qualifier, 2, blanked);
    for (const match of code.matchAll(/\bif\s+([A-Z_][A-Z0-9_]+)\s*\(/dg)) blankGroup(line, match, 1, blanked);
    // An export macro in a class's head (`class Q_CORE_EXPORT QObject`).
    const exported = /^\s*(?:class|struct)\s+([A-Z_][A-Z0-9_]*)\s+[A-Za-z_]\w*\s*(?:[:{]|final\b|$)/d.exec(code);
    if (exported && MACRO_NAME.test(exported[1]!)) blankGroup(line, exported, 1, blanked);
    const startsDeclaration = previous === '' || /[;{}]$/.test(previous);
    previous = trimmed;
    if (!startsDeclaration || dataDepths[i] !== false) continue;
    const written = /^[^(;=[{]*/.exec(code)![0];
    const head = namesJoined(written);
    // A return type alone on its line, the declarator on the next (`LIBLET_PUBLICAPI void` / `Catch::Catch(…)`).
    const declaratorNext = code[head.length] === undefined && /^\s*[\w:~<>]+\s*\(/.test(lines[i + 1]?.code ?? '');
    if ((code[head.length] !== '(' && !declaratorNext) || !/^[\s\w*&]*$/.test(head) || /\boperator\b/.test(head)) continue;
    // A constructor or destructor defined outside its class has no type: `Task<void>::Task(`.
    const constructor = /(\w+)\s*(?:<[^<>]*>)?\s*::\s*~?\1\s*$/.test(written);
    const plain: Array<{ name: string; at: number }> = [];
    let keywordType = false;
    let afterTag = false;
    for (const token of head.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
      const word = token[0];
      if (afterTag) {
        afterTag = false;
        keywordType = true;
      } else if (TAGS.has(word)) afterTag = true;
      else if (TYPE_KEYWORDS.has(word)) keywordType = true;
      else if (!QUALIFIERS.has(word)) plain.push({ name: word, at: token.index });
    }
    const extra = plain.length + (declaratorNext ? 1 : 0) - (keywordType || constructor ? 1 : 2);
    if (extra <= 0) continue;
    const macros = plain.slice(0, declaratorNext ? undefined : -1).filter(({ name }) => defined.has(name) || MACRO_NAME.test(name)).slice(0, extra);
    if (macros.length < extra) continue;
    for (const { name, at } of macros) {
      blanked.push([line.start + at, line.start + at + name.length, code.slice(0, at).trim() === '' ? keywordAsLong(name.length) : '']);
    }
  }
}

/** Blanks what group `group` of a match on `line`'s code matched (the regular expression has the `d` flag). */
function blankGroup(line: Line, match: RegExpMatchArray, group: number, blanked: Span[]): void {
  const [start, end] = match.indices![group]!;
  blanked.push([line.start + start, line.start + end]);
}

/**
 * A declaration's head with each C++ name made one word as long as it: template arguments
 * (`Future<void>`) and scopes (`Task<void>::Destroy`) written as `_`, so a type or a name counts once.
 */
function namesJoined(head: string): string {
  let joined = head.replace(/::/g, '__');
  for (let previous = ''; previous !== joined; ) {
    previous = joined;
    joined = joined.replace(/(\w)\s*<[^<>;{}()]*>/g, (match, last: string) => last + '_'.repeat(match.length - 1));
  }
  return joined;
}

/**
 * What a macro that starts a declaration's line is written over with, so the declaration still
 * starts where its text does (what deletes it takes the macro too): a keyword allowed there, as long
 * as the macro or shorter; nothing (blanks) for a macro shorter than any.
 */
function keywordAsLong(length: number): string {
  return length >= 6 ? 'static' : length === 5 ? 'const' : '';
}

/** Names the file defines as nothing, or as keywords only (`#define local static`, `#define EXPORT`). */
function attributeMacros(lines: readonly Line[]): Set<string> {
  const names = new Set<string>();
  for (const line of lines) {
    const definition = line.directive ? /^\s*#\s*define\s+([A-Za-z_]\w*)(?:\s+(.*))?$/.exec(line.code.trimEnd()) : null;
    if (definition && (definition[2] ?? '').trim().split(/\s+/).every((word) => word === '' || QUALIFIERS.has(word))) names.add(definition[1]!);
  }
  return names;
}

function nextCode(lines: readonly Line[], i: number): string | null {
  for (let j = i + 1; j < lines.length; j++) {
    const code = lines[j]!.code.trim();
    if (!lines[j]!.directive && code !== '') return code;
  }
  return null;
}

/**
 * Per line, whether it starts inside braces opened for data (`enum {`, `= {`): there a bare name is
 * an enumerator or an element. `null` past a brace the scan could not match (nothing is blanked).
 */
function bracesOpenedForData(lines: readonly Line[]): Array<boolean | null> {
  const stack: boolean[] = [];
  const result: Array<boolean | null> = [];
  let unbalanced = false;
  let since = '';
  for (const line of lines) {
    result.push(unbalanced ? null : stack.includes(true));
    if (line.directive) continue;
    for (const ch of line.code) {
      if (ch === '{') {
        stack.push(/\benum\b|=\s*$|\[\s*\]\s*$/.test(since) || (stack.at(-1) === true && !/[;)]\s*$/.test(since)));
        since = '';
      } else if (ch === '}') {
        if (stack.pop() === undefined) unbalanced = true;
        since = '';
      } else if (ch === ';') since = '';
      else since += ch;
    }
  }
  return result;
}

/** The text's lines, each with its code as long as the line (comments, literals' insides and directive continuations blanked). */
function codeLines(text: string, cpp: boolean): Line[] {
  const lines: Line[] = [];
  let state: 'code' | 'block' | 'raw' = 'code';
  let rawEnd = '';
  let continuesDirective = false;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const raw = text.slice(start, end);
    const startsInCode: boolean = state === 'code' && !continuesDirective;
    const code = raw.split('');
    const blank = (from: number, to: number) => {
      for (let at = from; at < to; at++) code[at] = ' ';
    };
    let at = 0;
    while (at < raw.length) {
      if (state !== 'code') {
        const closer = state === 'block' ? '*/' : rawEnd;
        const close = raw.indexOf(closer, at);
        const stop = close === -1 ? raw.length : close + closer.length;
        blank(at, stop);
        at = stop;
        if (close !== -1) state = 'code';
        continue;
      }
      const ch = raw[at]!;
      if (ch === '/' && raw[at + 1] === '/') {
        blank(at, raw.length);
        break;
      }
      if (ch === '/' && raw[at + 1] === '*') {
        state = 'block';
        blank(at, at + 2);
        at += 2;
        continue;
      }
      const rawOpen = cpp && ch === '"' && /(?:^|[^A-Za-z0-9_])(?:u8|[uUL])?R$/.test(raw.slice(Math.max(0, at - 3), at)) ? /^"([^()\\\s]{0,16})\(/.exec(raw.slice(at)) : null;
      if (rawOpen) {
        state = 'raw';
        rawEnd = `)${rawOpen[1]}"`;
        blank(at, at + rawOpen[0].length);
        at += rawOpen[0].length;
        continue;
      }
      if (ch === '"' || ch === "'") {
        let close = at + 1;
        while (close < raw.length && raw[close] !== ch) close += raw[close] === '\\' ? 2 : 1;
        blank(at + 1, Math.min(close, raw.length));
        at = close + 1;
        continue;
      }
      at++;
    }
    if (continuesDirective) blank(0, raw.length);
    const codeText = code.join('');
    const directive: boolean = startsInCode && /^\s*#/.test(codeText);
    const continues: boolean = (directive || continuesDirective) && /\\\s*$/.test(raw);
    lines.push({ start, code: codeText, directive });
    continuesDirective = continues;
    start = end + 1;
  }
  return lines;
}
