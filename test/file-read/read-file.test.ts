import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type ReadFileArgs, type ReadFileResult, type RangeRead, type SkeletonRead, type TargetRead } from 'structedit';
import { fileReadText } from 'structedit/tools';
import { editorFor, expectError, lines } from '../helpers.js';

async function read(path: string, content: string, args: Omit<ReadFileArgs, 'path'>): Promise<ReadFileResult> {
  const result = await editorFor(path, content).readFile({ path, ...args });
  if (result.isErr()) throw new Error(`${result.error.error}: ${result.error.message}`);
  return result.value;
}

async function readRange(path: string, content: string, args: Omit<ReadFileArgs, 'path'>): Promise<RangeRead> {
  const result = await read(path, content, args);
  if (result.mode !== 'range') throw new Error(`expected a range read, got ${result.mode}`);
  return result;
}

async function readSkeleton(path: string, content: string): Promise<SkeletonRead> {
  const result = await read(path, content, { skeleton: true });
  if (result.mode !== 'skeleton') throw new Error(`expected a skeleton, got ${result.mode}`);
  return result;
}

async function readTarget(path: string, content: string, target: string, recursive?: boolean): Promise<TargetRead> {
  const result = await read(path, content, recursive === undefined ? { target } : { target, recursive });
  if (result.mode !== 'target') throw new Error(`expected a target read, got ${result.mode}`);
  return result;
}

/** The body of an answer: its text after the header lines. */
function body(result: ReadFileResult): string {
  return fileReadText(result).split('\n\n').slice(2).join('\n\n');
}

// The example file of docs/spec/structured-reading.md.
const config = lines(
  "import { foo } from 'bar';",
  "import { baz } from 'qux';",
  '',
  'const CONFIG = {',
  '  debug: false,',
  '};',
  '',
  'const logger = createLogger();',
  '',
  'function initializeApp() {',
  '  logger.info(CONFIG);',
  '}',
  '',
  '// Footer comment',
  'export default app;',
);

/** The stubs of the three symbols of `config`, as a range read shows them. */
const configStubs = [
  '--- symbol: CONFIG (variable, lines 4-6) ---',
  'Use { target: "const CONFIG" } to read this symbol',
  '',
  '--- symbol: logger (variable, line 8) ---',
  'Use { target: "const logger" } to read this symbol',
  '',
  '--- symbol: initializeApp (function, lines 10-12) ---',
  'Use { target: "function initializeApp" } to read this symbol',
];

describe('readFile: structured line ranges', () => {
  it('shows non-symbols as they are and each symbol as a stub naming its target (the spec example)', async () => {
    const result = await readRange('src/config.ts', config, { startLine: 1, endLine: 15 });
    expect(fileReadText(result)).toBe(
      [
        '## file_read: src/config.ts',
        '',
        '**Range:** lines 1-15 of 15',
        '',
        "import { foo } from 'bar';",
        "import { baz } from 'qux';",
        '',
        ...configStubs,
        '',
        '// Footer comment',
        'export default app;',
      ].join('\n'),
    );
    expect(result).toMatchObject({ path: 'src/config.ts', language: 'typescript', total_lines: 15, requested_range: [1, 15], line_range_inclusive: [1, 15], collapsed: false, warnings: [] });
    expect(result.segments).toEqual([
      { type: 'source', category: 'import', line_range_inclusive: [1, 2], text: "import { foo } from 'bar';\nimport { baz } from 'qux';" },
      { type: 'source', category: 'gap', line_range_inclusive: [3, 3], text: '' },
      { type: 'stub', category: 'symbol', kind: 'variable', name: 'CONFIG', label: 'CONFIG', line_range_inclusive: [4, 6], target: 'const CONFIG', indent: '' },
      { type: 'source', category: 'gap', line_range_inclusive: [7, 7], text: '' },
      { type: 'stub', category: 'symbol', kind: 'variable', name: 'logger', label: 'logger', line_range_inclusive: [8, 8], target: 'const logger', indent: '' },
      { type: 'source', category: 'gap', line_range_inclusive: [9, 9], text: '' },
      { type: 'stub', category: 'symbol', kind: 'function', name: 'initializeApp', label: 'initializeApp', line_range_inclusive: [10, 12], target: 'function initializeApp', indent: '' },
      { type: 'source', category: 'gap', line_range_inclusive: [13, 13], text: '' },
      { type: 'source', category: 'comment', line_range_inclusive: [14, 14], text: '// Footer comment' },
      { type: 'source', category: 'export', line_range_inclusive: [15, 15], text: 'export default app;' },
    ]);
  });

  it('every stub target reads exactly the stubbed lines', async () => {
    const editor = editorFor('src/config.ts', config);
    const result = await readRange('src/config.ts', config, { startLine: 1 });
    const stubs = result.segments.filter((segment) => segment.type === 'stub');
    expect(stubs.length).toBeGreaterThanOrEqual(3);
    for (const segment of stubs) {
      const structure = (await editor.readStructure({ path: 'src/config.ts', target: segment.target! }))._unsafeUnwrap();
      expect(structure.matches.map((match) => match.line_range_inclusive)).toEqual([segment.line_range_inclusive]);
    }
  });

  it('with skeleton, imports, comments and exports collapse to one line each; gaps stay', async () => {
    const result = await readRange('src/config.ts', config, { startLine: 1, endLine: 15, skeleton: true });
    expect(body(result)).toBe(
      [
        '--- imports (2 items, lines 1-2) ---',
        '',
        ...configStubs,
        '',
        '--- comment (line 14) ---',
        '--- export (line 15) ---',
      ].join('\n'),
    );
    expect(result.collapsed).toBe(true);
    expect(result.segments[0]).toEqual({ type: 'collapsed', category: 'import', line_range_inclusive: [1, 2], items: 2, indent: '' });
  });

  it('snaps to whole non-symbol blocks, but not into neighbouring blocks of another kind (the spec example)', async () => {
    const file = lines('function a() {', '  return 1;', '}', '', '', "import A from 'a';", "import B from 'b';", '', '// comment', '', 'function b() {}');
    const line7 = await readRange('x.js', file, { startLine: 7, endLine: 7 });
    expect(line7.line_range_inclusive).toEqual([6, 7]);
    expect(body(line7)).toBe("import A from 'a';\nimport B from 'b';");
    expect(fileReadText(line7)).toContain('**Range:** lines 6-7 of 11 (asked for 7-7; widened to whole blocks)');
    expect((await readRange('x.js', file, { startLine: 9, endLine: 9 })).line_range_inclusive).toEqual([9, 9]);
    // Blank lines are one gap block: touching one shows both.
    expect((await readRange('x.js', file, { startLine: 5, endLine: 6 })).line_range_inclusive).toEqual([4, 7]);
  });

  it('a range that cuts a symbol shows its whole stub and is not widened for it', async () => {
    const result = await readRange('src/config.ts', config, { startLine: 5, endLine: 11 });
    expect(result.line_range_inclusive).toEqual([5, 11]);
    expect(result.segments.map((segment) => [segment.type, ...segment.line_range_inclusive])).toEqual([
      ['stub', 4, 6],
      ['source', 7, 7],
      ['stub', 8, 8],
      ['source', 9, 9],
      ['stub', 10, 12],
    ]);
    // A range inside one symbol is still its stub.
    const inside = await readRange('src/config.ts', config, { startLine: 11, endLine: 11 });
    expect(body(inside)).toBe('--- symbol: initializeApp (function, lines 10-12) ---\nUse { target: "function initializeApp" } to read this symbol');
  });

  it('edge cases: startLine alone, endLine alone, clamping, one line', async () => {
    expect((await readRange('src/config.ts', config, { startLine: 14 })).requested_range).toEqual([14, 15]);
    expect((await readRange('src/config.ts', config, { endLine: 2 })).requested_range).toEqual([1, 2]);
    const clamped = await readRange('src/config.ts', config, { startLine: 14, endLine: 400 });
    expect(clamped.requested_range).toEqual([14, 15]);
    expect(body(clamped)).toBe('// Footer comment\nexport default app;');
    expect(body(await readRange('src/config.ts', config, { startLine: 15, endLine: 15 }))).toBe('export default app;');
  });

  it('edge cases: errors for startLine past the end, startLine > endLine, line 0, target with a range', async () => {
    const editor = editorFor('src/config.ts', config);
    const past = expectError(await editor.readFile({ path: 'src/config.ts', startLine: 16 }), 'LINE_OUT_OF_RANGE');
    expect(past.details).toEqual({ path: 'src/config.ts', start_line: 16, total_lines: 15, state: 'FILE_UNCHANGED' });
    expect(past.message).toContain('1-15');
    const reversed = expectError(await editor.readFile({ path: 'src/config.ts', startLine: 9, endLine: 3 }), 'INVALID_ARGUMENT');
    expect(reversed.details.issues).toEqual([{ field: 'endLine', message: 'endLine 3 is before startLine 9; give startLine <= endLine' }]);
    expect(expectError(await editor.readFile({ path: 'src/config.ts', startLine: 0 }), 'INVALID_ARGUMENT').details.issues[0]!.field).toBe('startLine');
    const both = expectError(await editor.readFile({ path: 'src/config.ts', target: 'const CONFIG', endLine: 3 }), 'INVALID_ARGUMENT');
    expect(both.details.issues.map((issue) => issue.field)).toEqual(['target']);
    expect(both.message).toContain('not both');
  });

  it('recursive has no effect on a range', async () => {
    const plain = await readRange('src/config.ts', config, { startLine: 1, endLine: 9 });
    const recursive = await readRange('src/config.ts', config, { startLine: 1, endLine: 9, recursive: true });
    expect(recursive).toEqual(plain);
  });

  it('an empty file reads as nothing', async () => {
    const result = await readRange('empty.py', '', { startLine: 1, endLine: 10 });
    expect(result).toMatchObject({ total_lines: 0, requested_range: null, line_range_inclusive: null, segments: [] });
    expect(fileReadText(result)).toContain('(empty file)');
  });

  it('opens classes: their own lines as they are, their members as stubs, comments between them kept', async () => {
    const source = lines(
      'import os',
      '',
      '',
      'class Store(Base):',
      '    """Keeps things."""',
      '',
      '    limit = 10',
      '',
      '    # Reading',
      '',
      '    @property',
      '    def size(self):',
      '        return len(self.items)',
      '',
      '    class Meta:',
      '        ordering = "id"',
    );
    const result = await readRange('store.py', source, { startLine: 1 });
    expect(body(result)).toBe(
      [
        'import os',
        '',
        '',
        'class Store(Base):',
        '    """Keeps things."""',
        '',
        '    --- symbol: limit (variable, line 7) ---',
        '    Use { target: "class Store\\nlimit" } to read this symbol',
        '',
        '    # Reading',
        '',
        '    --- symbol: size (method, lines 11-13) ---',
        '    Use { target: "class Store\\ndef size" } to read this symbol',
        '',
        '    class Meta:',
        '',
        '        --- symbol: ordering (variable, line 16) ---',
        '        Use { target: "class Store\\nclass Meta\\nordering" } to read this symbol',
      ].join('\n'),
    );
    const collapsed = await readRange('store.py', source, { startLine: 4, endLine: 10, skeleton: true });
    expect(body(collapsed).split('\n')).toEqual([
      'class Store(Base):',
      '    --- comment (line 5) ---',
      '',
      '    --- symbol: limit (variable, line 7) ---',
      '    Use { target: "class Store\\nlimit" } to read this symbol',
      '',
      '    --- comment (line 9) ---',
      '',
    ]);
    expect(collapsed.segments.filter((segment) => segment.type !== 'source').map((segment) => [segment.type, segment.line_range_inclusive[0], segment.indent])).toEqual([
      ['collapsed', 5, '    '],
      ['stub', 7, '    '],
      ['collapsed', 9, '    '],
    ]);
    expect(result.segments.filter((segment) => segment.type === 'source').map((segment) => [segment.category, ...segment.line_range_inclusive])).toEqual([
      ['import', 1, 1],
      ['gap', 2, 3],
      ['symbol', 4, 4],
      ['comment', 5, 5],
      ['gap', 6, 6],
      ['gap', 8, 8],
      ['comment', 9, 9],
      ['gap', 10, 10],
      ['gap', 14, 14],
      ['symbol', 15, 15],
    ]);
  });

  it('keeps a class whole when its members share its lines', async () => {
    const result = await readRange('a.ts', lines('export class A { x = 1; y = 2 }', 'enum E { A, B }'), { startLine: 1 });
    expect(result.segments.map((segment) => [segment.type, segment.type === 'stub' ? segment.kind : segment.category])).toEqual([
      ['stub', 'class'],
      ['stub', 'enum'],
    ]);
  });

  it('symbols sharing a line get one stub each', async () => {
    const result = await readRange('a.js', lines('let a = 1; let b = 2;', 'x();'), { startLine: 1, endLine: 1 });
    expect(result.segments).toEqual([
      { type: 'stub', category: 'symbol', kind: 'variable', name: 'a', label: 'a', line_range_inclusive: [1, 1], target: 'let a', indent: '' },
      { type: 'stub', category: 'symbol', kind: 'variable', name: 'b', label: 'b', line_range_inclusive: [1, 1], target: 'let b', indent: '' },
    ]);
  });

  it('a symbol whose text starts like another is named by its line (`@line N`)', async () => {
    const result = await readRange('a.py', lines('setup()', 'setup()'), { startLine: 1 });
    expect(result.segments[0]).toEqual({
      type: 'stub',
      category: 'symbol',
      kind: 'call',
      name: 'setup',
      label: 'setup',
      line_range_inclusive: [1, 1],
      target: 'setup()\n@line 1',
      indent: '',
    });
    expect(body(result)).toContain('{ target: "setup()\\n@line 1" }');
  });

  it('shows a symbol holding a syntax error as its lines, with a warning', async () => {
    const source = lines('def ok():', '    return 1', '', 'def broken(:', '    return 2', '', 'x = 1');
    const result = await readRange('b.py', source, { startLine: 1 });
    expect(result.warnings.map((warning) => warning.type)).toEqual(['SYNTAX_ERRORS_ELSEWHERE']);
    expect(body(result)).toContain('def broken(:\n    return 2');
    expect(result.segments.filter((segment) => segment.type === 'stub').map((segment) => segment.type === 'stub' && segment.name)).toEqual(['ok', 'x']);
    const skeleton = await readSkeleton('b.py', source);
    expect(skeleton.skeleton.symbols.find((symbol) => symbol.name === 'broken')).toMatchObject({ target: null, target_unavailable: expect.stringContaining('syntax error') });
  });

  it('reads CRLF files with \\n line endings and leaves every file untouched', async () => {
    const fs = memoryFs({ 'w.ts': '\uFEFFimport a from "a";\r\n\r\nfunction f() {\r\n  return a;\r\n}\r\n' });
    const before = fs.snapshot();
    const editor = createEditor({ fs });
    const result = (await editor.readFile({ path: 'w.ts', startLine: 1 }))._unsafeUnwrap() as RangeRead;
    expect(body(result)).toBe('import a from "a";\n\n--- symbol: f (function, lines 3-5) ---\nUse { target: "function f" } to read this symbol');
    await editor.readFile({ path: 'w.ts', skeleton: true });
    await editor.readFile({ path: 'w.ts', target: 'function f' });
    await editor.readFile({ path: 'w.ts' });
    expect(fs.snapshot()).toEqual(before);
  });
});

describe('readFile: the skeleton', () => {
  it('maps every line: directives, imports, exports, comments, symbols with targets, gaps', async () => {
    const result = await readSkeleton('src/config.ts', config);
    expect(fileReadText(result)).toBe(
      [
        '## file_read: src/config.ts',
        '',
        '**Skeleton** (15 lines: 3 symbols, 2 imports, 1 export, 1 comment block)',
        '',
        '**Imports (2):**',
        "  [1] import { foo } from 'bar';",
        "  [2] import { baz } from 'qux';",
        '',
        '**Exports (1):**',
        '  [15] export default app;',
        '',
        '**Comments (1):**',
        '  [14] // Footer comment',
        '',
        "**Symbols (3):** → target line (nested: after its parents' lines)",
        '  [4-6] variable: CONFIG → "const CONFIG"',
        '  [8] variable: logger → "const logger"',
        '  [10-12] function: initializeApp → "function initializeApp"',
        '',
        '**Gaps:**',
        '  blank: 3, 7, 9, 13',
      ].join('\n'),
    );
    expect(result.skeleton).toEqual({
      directives: [],
      imports: [
        { kind: 'import', line_range_inclusive: [1, 1], text: "import { foo } from 'bar';" },
        { kind: 'import', line_range_inclusive: [2, 2], text: "import { baz } from 'qux';" },
      ],
      exports: [{ kind: 'export', line_range_inclusive: [15, 15], text: 'export default app;' }],
      comments: [{ kind: 'comment', line_range_inclusive: [14, 14], text: '// Footer comment' }],
      text: [],
      symbols: [
        { kind: 'variable', name: 'CONFIG', label: 'CONFIG', line_range_inclusive: [4, 6], target: 'const CONFIG', children: [] },
        { kind: 'variable', name: 'logger', label: 'logger', line_range_inclusive: [8, 8], target: 'const logger', children: [] },
        { kind: 'function', name: 'initializeApp', label: 'initializeApp', line_range_inclusive: [10, 12], target: 'function initializeApp', children: [] },
      ],
      gaps: [3, 7, 9, 13].map((line) => ({ line_range_inclusive: [line, line], blank: true, text: '' })),
    });
  });

  it('Python: shebang, encoding, __future__ are directives; a license above an import is a comment; __all__ is an export', async () => {
    const source = lines(
      '#!/usr/bin/env python3',
      '# -*- coding: utf-8 -*-',
      '"""Tools."""',
      '# Copyright 2024',
      '# Licensed MIT',
      'from __future__ import annotations',
      'import os',
      '',
      "__all__ = ['Tool']",
      '',
      'class Tool:',
      '    def run(self):',
      '        pass',
      '',
      "if __name__ == '__main__':",
      '    Tool().run()',
    );
    const read = await readSkeleton('tools.py', source);
    const { skeleton } = read;
    const text = fileReadText(read);
    expect(skeleton.directives.map((entry) => [entry.kind, ...entry.line_range_inclusive])).toEqual([
      ['comment', 1, 1],
      ['comment', 2, 2],
      ['import', 6, 6],
    ]);
    expect(skeleton.comments).toEqual([{ kind: 'docstring', line_range_inclusive: [3, 5], text: '"""Tools."""' }]);
    expect(skeleton.imports.map((entry) => entry.text)).toEqual(['import os']);
    expect(skeleton.exports.map((entry) => entry.text)).toEqual(["__all__ = ['Tool']"]);
    expect(skeleton.symbols.map((symbol) => [symbol.kind, symbol.name, symbol.target, symbol.children.map((child) => child.target)])).toEqual([
      ['class', 'Tool', 'class Tool', ['class Tool\ndef run']],
      ['if', null, 'if', []],
    ]);
    // A symbol without a name is labelled by its first line.
    expect(skeleton.symbols.map((symbol) => symbol.label)).toEqual(['Tool', "if __name__ == '__main__':"]);
    expect(text).toContain("  [15-16] if: if __name__ == '__main__': → \"if\"");
    expect(text).toContain('    [12-13] method: run → "def run"');
  });

  it('JavaScript: hash bang and "use strict" are directives, require is an import, CommonJS and ES re-exports are exports', async () => {
    const source = lines(
      '#!/usr/bin/env node',
      "'use strict';",
      "const fs = require('fs');",
      "require('./polyfill');",
      '',
      'function main() {}',
      '',
      'module.exports = main;',
      "export { a, b } from './ab';",
      'export default {',
      '  name: "x",',
      '};',
    );
    const { skeleton } = await readSkeleton('cli.js', source);
    expect(skeleton.directives.map((entry) => [entry.kind, entry.text])).toEqual([
      ['hash_bang_line', '#!/usr/bin/env node'],
      ['prologue', "'use strict';"],
    ]);
    expect(skeleton.imports.map((entry) => entry.text)).toEqual(["const fs = require('fs');", "require('./polyfill');"]);
    expect(skeleton.exports.map((entry) => entry.text)).toEqual(['module.exports = main;', "export { a, b } from './ab';"]);
    // An export that holds members of its own is a symbol.
    expect(skeleton.symbols.map((symbol) => [symbol.kind, ...symbol.line_range_inclusive])).toEqual([
      ['function', 6, 6],
      ['export', 10, 12],
    ]);
  });

  it('TypeScript, Go, Rust and C pragmas, packages and includes', async () => {
    const ts = await readSkeleton('a.ts', lines('/// <reference types="node" />', '// @ts-nocheck', '', 'export const a = 1;', '// a comment', '//# sourceMappingURL=a.js.map'));
    expect(ts.skeleton.directives.map((entry) => entry.line_range_inclusive)).toEqual([[1, 1], [2, 2], [6, 6]]);
    expect(ts.skeleton.comments.map((entry) => entry.line_range_inclusive)).toEqual([[5, 5]]);
    const go = await readSkeleton('a.go', lines('//go:build linux', '', 'package main', '', 'import "fmt"', '', 'func main() { fmt.Println() }'));
    expect(go.skeleton.directives.map((entry) => entry.text)).toEqual(['//go:build linux', 'package main']);
    expect(go.skeleton.imports.map((entry) => entry.text)).toEqual(['import "fmt"']);
    const rust = await readSkeleton('a.rs', lines('#![allow(dead_code)]', 'use std::io;', '', 'fn main() {}'));
    expect([rust.skeleton.directives.length, rust.skeleton.imports.length, rust.skeleton.symbols.length]).toEqual([1, 1, 1]);
    const c = await readSkeleton('a.h', lines('#pragma once', '#include <stdio.h>', '', '#ifndef A_H', '#define A_H', 'int f(void);', '#endif'));
    expect(c.skeleton.directives.map((entry) => entry.text)).toEqual(['#pragma once']);
    expect(c.skeleton.imports.map((entry) => entry.text)).toEqual(['#include <stdio.h>']);
    // The include guard is opened: its members are listed.
    expect(c.skeleton.symbols[0]!.children.map((child) => child.line_range_inclusive)).toEqual([[5, 5], [6, 6]]);
  });

  it('Markdown: front matter is a directive, sections nest by heading path, prose is text, code blocks are symbols', async () => {
    const readme = lines(
      '---',
      'title: Demo',
      '---',
      '<!-- generated -->',
      '',
      'Badges here.',
      '',
      '# Project',
      '',
      'Intro paragraph.',
      '',
      '```sh',
      'npm i demo',
      '```',
      '',
      '## Install',
      '',
      '- Download',
      '- Run',
      '',
      '## Usage',
      '',
      'Call it.',
    );
    const read = await readSkeleton('README.md', readme);
    const { skeleton } = read;
    const text = fileReadText(read);
    expect(skeleton.directives).toEqual([{ kind: 'front_matter', line_range_inclusive: [1, 3], text: '--- title: Demo ---' }]);
    expect(skeleton.comments).toEqual([{ kind: 'html', line_range_inclusive: [4, 4], text: '<!-- generated -->' }]);
    expect(skeleton.text).toEqual([{ kind: 'paragraph', line_range_inclusive: [6, 6], text: 'Badges here.' }]);
    const install = await readTarget('README.md', readme, 'Project\nInstall');
    expect(install.matches[0]!.segments).toEqual([{ type: 'source', category: 'symbol', line_range_inclusive: [16, 19], text: '## Install\n\n- Download\n- Run' }]);
    const lists = await readSkeleton('list.md', lines('- one', '- two', '', 'Done.'));
    expect(lists.skeleton.text.map((entry) => [entry.kind, ...entry.line_range_inclusive])).toEqual([
      ['list', 1, 2],
      ['paragraph', 4, 4],
    ]);
    expect(text).toContain(
      [
        '  [8-23] section: Project → "Project"',
        '    [12-14] code_block: sh → "sh"',
        '    [16-19] section: Install → "Install"',
        '    [21-23] section: Usage → "Usage"',
      ].join('\n'),
    );
    const range = await readRange('README.md', readme, { startLine: 8, endLine: 23 });
    expect(body(range)).toBe(
      [
        '# Project',
        '',
        'Intro paragraph.',
        '',
        '--- symbol: sh (code_block, lines 12-14) ---',
        'Use { target: "Project\\nsh" } to read this symbol',
        '',
        '--- symbol: Install (section, lines 16-19) ---',
        'Use { target: "Project\\nInstall" } to read this symbol',
        '',
        '--- symbol: Usage (section, lines 21-23) ---',
        'Use { target: "Project\\nUsage" } to read this symbol',
      ].join('\n'),
    );
  });

  it('lists stray lines as gaps, in full', async () => {
    const read = await readSkeleton('a.ts', lines('class A {', '  x = 1;', '}', ';', '', 'const b = 2;'));
    const { skeleton } = read;
    const text = fileReadText(read);
    expect(skeleton.gaps).toEqual([
      { line_range_inclusive: [4, 4], blank: false, text: ';' },
      { line_range_inclusive: [5, 5], blank: true, text: '' },
    ]);
    expect(text).toContain('**Gaps:**\n  blank: 5\n  [4] ;');
  });
});

describe('readFile: targets', () => {
  const store = lines(
    'class Store:',
    '    """Keeps things."""',
    '',
    '    limit = 10',
    '',
    '    def size(self):',
    '        def count():',
    '            return 1',
    '        return count()',
    '',
    '    def clear(self): self.items = []',
  );

  it('shows nested definitions as stubs by default, everything else as it is', async () => {
    const result = await readTarget('store.py', store, 'class Store');
    expect(fileReadText(result)).toBe(
      [
        '## file_read: store.py',
        '',
        '**Target:** "class Store"',
        '',
        '**Structure:** Store (class, lines 1-11); nested definitions as stubs, recursive: true shows them in full',
        '',
        'class Store:',
        '    """Keeps things."""',
        '',
        '    limit = 10',
        '',
        '    --- symbol: size (method, lines 6-9) ---',
        '    Use { target: "class Store\\ndef size" } to read this symbol',
        '',
        '    --- symbol: clear (method, line 11) ---',
        '    Use { target: "class Store\\ndef clear" } to read this symbol',
      ].join('\n'),
    );
    expect(result.matches).toEqual([
      {
        kind: 'class',
        name: 'Store',
        label: 'Store',
        line_range_inclusive: [1, 11],
        target: 'class Store',
        segments: [
          { type: 'source', category: 'symbol', line_range_inclusive: [1, 5], text: 'class Store:\n    """Keeps things."""\n\n    limit = 10\n' },
          { type: 'stub', category: 'symbol', kind: 'method', name: 'size', label: 'size', line_range_inclusive: [6, 9], target: 'class Store\ndef size', indent: '    ' },
          { type: 'source', category: 'symbol', line_range_inclusive: [10, 10], text: '' },
          { type: 'stub', category: 'symbol', kind: 'method', name: 'clear', label: 'clear', line_range_inclusive: [11, 11], target: 'class Store\ndef clear', indent: '    ' },
        ],
      },
    ]);
  });

  it('stubs a function nested in a method, shows its statements', async () => {
    const result = await readTarget('store.py', store, 'class Store\ndef size');
    expect(body(result).split('\n\n').slice(1).join('\n\n')).toBe(
      ['    def size(self):', '', '        --- symbol: count (function, lines 7-8) ---', '        Use { target: "class Store\\ndef size\\ndef count" } to read this symbol', '', '        return count()'].join('\n'),
    );
  });

  it('recursive: true returns exactly what readStructure returns', async () => {
    const editor = editorFor('store.py', store);
    const structure = (await editor.readStructure({ path: 'store.py', target: 'class Store\ndef' }))._unsafeUnwrap();
    const result = await readTarget('store.py', store, 'class Store\ndef', true);
    expect(result.matches.map((match) => match.segments)).toEqual(structure.matches.map((match) => [{ type: 'source', category: 'symbol', line_range_inclusive: match.line_range_inclusive, text: match.text }]));
    expect(fileReadText(result)).toContain('**Target:** "class Store\\ndef" names 2 structures');
    expect(fileReadText(result)).toContain('**Match 2 of 2:** clear (method, line 11)');
  });

  it('"" reads the whole file, top-level definitions as stubs', async () => {
    const result = await readTarget('src/config.ts', config, '');
    expect(result.matches[0]!.segments.map((segment) => [segment.type, ...segment.line_range_inclusive])).toEqual([
      ['source', 1, 9],
      ['stub', 10, 12],
      ['source', 13, 15],
    ]);
  });

  it('passes on target errors', async () => {
    const editor = editorFor('store.py', store);
    expectError(await editor.readFile({ path: 'store.py', target: 'class Shop' }), 'TARGET_NOT_FOUND');
  });
});

describe('readFile: whole files and plain text', () => {
  it('reads the whole file when nothing else is asked', async () => {
    const result = await read('src/config.ts', config, {});
    expect(result).toMatchObject({ mode: 'file', language: 'typescript', total_lines: 15, content: config });
    expect(fileReadText(result)).toBe(`## file_read: src/config.ts\n\n**Whole file** (15 lines)\n\n${config}`);
  });

  it('reads a file without a parser as plain text: exact ranges, no stubs, a skeleton of gaps', async () => {
    const notes = lines('alpha', 'beta', 'gamma', '', 'delta');
    const range = await readRange('notes.xyz', notes, { startLine: 2, endLine: 3 });
    expect(range).toMatchObject({ language: null, line_range_inclusive: [2, 3], segments: [{ type: 'source', category: 'gap', line_range_inclusive: [2, 3], text: 'beta\ngamma' }] });
    expect(range.plain_text_reason).toContain('no parser for notes.xyz');
    expect(fileReadText(range)).toBe(`## file_read: notes.xyz\n\n(read as plain text: ${range.plain_text_reason})\n\n**Range:** lines 2-3 of 5\n\nbeta\ngamma`);
    const skeleton = await readSkeleton('notes.xyz', notes);
    expect(skeleton.skeleton.gaps.map((gap) => [gap.blank, ...gap.line_range_inclusive])).toEqual([
      [false, 1, 3],
      [true, 4, 4],
      [false, 5, 5],
    ]);
    expect(await read('notes.xyz', notes, {})).toMatchObject({ mode: 'file', language: null, content: notes });
    const editor = editorFor('notes.xyz', notes);
    expectError(await editor.readFile({ path: 'notes.xyz', target: 'alpha' }), 'LANGUAGE_UNSUPPORTED');
    expectError(await editor.readFile({ path: 'notes.xyz', skeleton: true, language: 'klingon' }), 'LANGUAGE_UNSUPPORTED');
  });

  it('reads a file as the language given', async () => {
    const result = await readRange('Makefile.in', lines('import os', '', 'def f():', '    pass'), { startLine: 1, language: 'python' });
    expect(result.language).toBe('python');
    expect(result.segments.map((segment) => segment.type)).toEqual(['source', 'source', 'stub']);
  });

  it('passes on file errors', async () => {
    expectError(await editorFor('a.py', 'x = 1\n').readFile({ path: 'b.py', skeleton: true }), 'FILE_NOT_FOUND');
    expectError(await editorFor('a.py', new Uint8Array([120, 0, 1])).readFile({ path: 'a.py', startLine: 1 }), 'BINARY_FILE');
  });
});
