import { describe, expect, it } from 'vitest';
import { editorOver, expectFigures, lines, spliceLines } from '../helpers.js';

const cart = lines(
  "import { Injectable } from '@angular/core';",
  '',
  '/** A cart. */',
  "@Injectable({ providedIn: 'root' })",
  'export class Cart {',
  '  private items: Item[] = [];',
  '',
  '  /** Adds an item. */',
  '  @Log()',
  '  add(item: Item): void {',
  '    if (item.quantity <= 0) {',
  "      throw new Error('bad');",
  '    } else {',
  '      this.items.push(item);',
  '    }',
  '  }',
  '',
  '  total(): number {',
  '    return this.items.length;',
  '  }',
  '}',
  '',
  'export const config = {',
  '  retries: 3,',
  '  timeout: 10',
  '};',
);

describe('structure edits in TypeScript', () => {
  it('replaces a decorated method with its JSDoc, re-basing zero-indent content', async () => {
    const { editor, fs } = editorOver({ 'cart.ts': cart });
    const result = expectFigures(await editor.replaceStructure({ path: 'cart.ts', target: 'export class Cart\nadd', content: '/** Adds items. */\nadd(...items: Item[]): void {\n  this.items.push(...items);\n}' }));
    expect(result).toEqual({ lines: [8, 11], kept_leading_lines: 0, dry_run: false, warnings: [] });
    expect(fs.snapshot()['cart.ts']).toBe(spliceLines(cart, 8, 16, '  /** Adds items. */', '  add(...items: Item[]): void {', '    this.items.push(...items);', '  }'));
  });

  it('inserts a method between methods with the blank line the class uses', async () => {
    const { editor, fs } = editorOver({ 'cart.ts': cart });
    expect(expectFigures(await editor.insertAfterStructure({ path: 'cart.ts', target: 'class Cart\nadd', content: 'clear(): void {\n  this.items = [];\n}' }))).toEqual({ inserted_at_line: 18, dry_run: false, warnings: [] });
    expect(fs.snapshot()['cart.ts']).toBe(spliceLines(cart, 17, 17, '', '  clear(): void {', '    this.items = [];', '  }', ''));
  });

  it('edits text inside a nested else clause only', async () => {
    const { editor, fs } = editorOver({ 'cart.ts': cart });
    expect(expectFigures(await editor.replaceTextInStructure({ path: 'cart.ts', target: 'class Cart\nadd\nif\nelse', old_text: 'push(item)', new_text: 'push({ ...item })' }))).toEqual({ affected_lines: [14, 14], dry_run: false, warnings: [] });
    expect(fs.snapshot()['cart.ts']).toBe(spliceLines(cart, 14, 14, '      this.items.push({ ...item });'));
  });

  it('deletes a clause that shares its line with the closing brace', async () => {
    const { editor, fs } = editorOver({ 'cart.ts': cart });
    expect(expectFigures(await editor.deleteStructure({ path: 'cart.ts', target: 'class Cart\nadd\nif\nelse' })).deleted_line_range_inclusive).toEqual([13, 15]);
    expect(fs.snapshot()['cart.ts']).toBe(spliceLines(cart, 13, 15, '    }'));
  });

  it('deletes the first member with the blank line after it, and the last property with the comma before it', async () => {
    const { editor, fs } = editorOver({ 'cart.ts': cart });
    expectFigures(await editor.deleteStructure({ path: 'cart.ts', target: 'class Cart\nprivate items', force: true }));
    expectFigures(await editor.deleteStructure({ path: 'cart.ts', target: 'export const config\ntimeout' }));
    expect(fs.snapshot()['cart.ts']).toBe(spliceLines(cart, 6, 26, ...cart.split('\n').slice(7, 23), '  retries: 3', '};'));
  });

  it('warns STRUCTURE_EMPTY when a method loses its only statement', async () => {
    const { editor, fs } = editorOver({ 'cart.ts': cart });
    const result = expectFigures(await editor.deleteStructure({ path: 'cart.ts', target: 'class Cart\nadd\nif' }));
    expect(result.warnings).toEqual([expect.objectContaining({ type: 'STRUCTURE_EMPTY', details: { structure: 'class Cart\nadd', kind: 'method', lines: [8, 11] } })]);
    expect(fs.snapshot()['cart.ts']).toBe(spliceLines(cart, 11, 15));
  });

  it("refuses to delete the return of a method declared to return a value (the type checker's TS2355)", async () => {
    const { editor, fs } = editorOver({ 'cart.ts': cart });
    const result = await editor.deleteStructure({ path: 'cart.ts', target: 'class Cart\ntotal\nreturn' });
    expect(result._unsafeUnwrapErr()).toMatchObject({ error: 'TYPE_ERRORS_ADDED', details: { errors: [expect.objectContaining({ file: 'cart.ts', line: 18, code: 'TS2355' })] } });
    expect(fs.snapshot()['cart.ts']).toBe(cart);
  });

  it('moves a method into a class of another file', async () => {
    const { editor, fs } = editorOver({ 'cart.ts': cart, 'totals.ts': lines('export class Totals {', '  sum = 0;', '}') });
    // (The layout is what is tested: the method's uses of its class, which the move's check refuses, are left to force.)
    const result = expectFigures(await editor.moveStructure({ source_path: 'cart.ts', source_target: 'class Cart\ntotal', dest_path: 'totals.ts', dest_target: 'export class Totals\nsum', position: 'after', force: true }));
    expect(result).toEqual({ source_original_line_range: [18, 20], destination_final_line_range: [4, 6], dry_run: false, warnings: [] });
    expect(fs.snapshot()).toEqual({
      'cart.ts': spliceLines(cart, 17, 20),
      'totals.ts': lines('export class Totals {', '  sum = 0;', '', '  total(): number {', '    return this.items.length;', '  }', '}'),
    });
  });
});

describe('items of separated bodies (TypeScript)', () => {
  it('one-line lists get items on the same line, with commas', async () => {
    // (The list's layout is measured: `a`…`d` are declared nowhere, which TypeScript's checker would refuse.)
    const { editor, fs } = editorOver({ 'o.ts': lines('const o = { a, b };', 'const p = {x: 1};') }, { semantic: 'syntax' });
    expectFigures(await editor.insertBeforeStructure({ path: 'o.ts', target: 'const o\nb', content: 'c' }));
    expect(expectFigures(await editor.insertAfterStructure({ path: 'o.ts', target: 'const o\nb', content: 'd' }))).toEqual({ inserted_at_line: 1, dry_run: false, warnings: [] });
    expectFigures(await editor.insertBeforeStructure({ path: 'o.ts', target: 'const p\nx', content: 'w: 0' }));
    expect(fs.snapshot()['o.ts']).toBe(lines('const o = { a, c, b, d };', 'const p = {w: 0, x: 1};'));
    expectFigures(await editor.deleteStructure({ path: 'o.ts', target: 'const o\na' }));
    expectFigures(await editor.deleteStructure({ path: 'o.ts', target: 'const o\nd' }));
    expectFigures(await editor.deleteStructure({ path: 'o.ts', target: 'const p\nx' }));
    expect(fs.snapshot()['o.ts']).toBe(lines('const o = { c, b };', 'const p = {w: 0};'));
  });

  it('a field among fields ending in ";" gets one; a method among them does not', async () => {
    const { editor, fs } = editorOver({ 'f.ts': lines('class F {', '  x: number;', '  y: number;', '}') });
    expectFigures(await editor.insertAfterStructure({ path: 'f.ts', target: 'class F\nx', content: 'z: string' }));
    expectFigures(await editor.insertAfterStructure({ path: 'f.ts', target: 'class F\ny', content: 'sum(): number {\n  return this.x + this.y;\n}' }));
    // The spacing is the one the target has with its neighbour: none here.
    expect(fs.snapshot()['f.ts']).toBe(lines('class F {', '  x: number;', '  z: string;', '  y: number;', '  sum(): number {', '    return this.x + this.y;', '  }', '}'));
  });
});

const tabbed = lines('export function run(tasks) {', '\tfor (const task of tasks) {', '\t\ttask();', '\t}', '}', '', 'export function stop() {', '\treturn false;', '}');

describe('structure edits in JavaScript', () => {
  it('re-indents space-indented content with tabs in a tab-indented file', async () => {
    const { editor, fs } = editorOver({ 'run.js': tabbed });
    const result = expectFigures(await editor.insertAfterStructure({ path: 'run.js', target: 'export function run\nfor', content: 'if (tasks.length === 0) {\n    log("nothing to do");\n}' }));
    // The loop was the function's only statement: a multi-line insertion gets one blank line.
    expect(result).toEqual({ inserted_at_line: 6, dry_run: false, warnings: [] });
    expect(fs.snapshot()['run.js']).toBe(lines('export function run(tasks) {', '\tfor (const task of tasks) {', '\t\ttask();', '\t}', '', '\tif (tasks.length === 0) {', '\t\tlog("nothing to do");', '\t}', '}', '', 'export function stop() {', '\treturn false;', '}'));
  });

  it('moves a function to the file start and keeps a CRLF file CRLF', async () => {
    const { editor, fs } = editorOver({ 'run.js': tabbed.replace(/\n/g, '\r\n') });
    const result = expectFigures(await editor.moveStructure({ source_path: 'run.js', source_target: 'export function stop', dest_path: 'run.js', position: 'file_start' }));
    expect(result).toEqual({ source_original_line_range: [7, 9], destination_final_line_range: [1, 3], dry_run: false, warnings: [] });
    expect(fs.snapshot()['run.js']).toBe(lines('export function stop() {', '\treturn false;', '}', '', 'export function run(tasks) {', '\tfor (const task of tasks) {', '\t\ttask();', '\t}', '}').replace(/\n/g, '\r\n'));
  });

  it('a move to where the structure already is changes nothing (also on a last line without a final newline)', async () => {
    const text = 'import { A } from "./a.js";\nexport type { A };';
    for (const [target, anchor, position] of [['export type', 'import', 'after'], ['import', 'export type', 'before']] as const) {
      const { editor, fs } = editorOver({ 'a.ts': text });
      const result = expectFigures(await editor.moveStructure({ source_path: 'a.ts', source_target: target, dest_path: 'a.ts', dest_target: anchor, position }));
      const line = target === 'import' ? 1 : 2;
      expect(result).toEqual({ source_original_line_range: [line, line], destination_final_line_range: [line, line], dry_run: false, warnings: [] });
      expect(fs.snapshot()['a.ts']).toBe(text);
    }
  });

  it('replaces all occurrences in one function only', async () => {
    const { editor, fs } = editorOver({ 'run.js': tabbed });
    expect(expectFigures(await editor.replaceAllTextInStructure({ path: 'run.js', target: 'export function run', old_text: 'task', new_text: 'job' }))).toEqual({ total_replacements: 4, affected_lines: [1, 3], dry_run: false, warnings: [] });
    expect(fs.snapshot()['run.js']).toBe(tabbed.replace('run(tasks)', 'run(jobs)').replace('const task of tasks', 'const job of jobs').replace('\t\ttask();', '\t\tjob();'));
  });
});

describe('replace, delete, text edits and insert-before in JavaScript; replace-all in TypeScript', () => {
  it('JavaScript', async () => {
    const { editor, fs } = editorOver({ 'run.js': tabbed });
    expect(expectFigures(await editor.replaceStructure({ path: 'run.js', target: 'export function stop', content: 'export function stop(code) {\n  return code === 0;\n}' }))).toEqual({ lines: [7, 9], kept_leading_lines: 0, dry_run: false, warnings: [] });
    expect(expectFigures(await editor.replaceTextInStructure({ path: 'run.js', target: 'export function run\nfor', old_text: 'task();', new_text: 'await task();' }))).toEqual({ affected_lines: [3, 3], dry_run: false, warnings: [] });
    expect(expectFigures(await editor.insertBeforeStructure({ path: 'run.js', target: 'export function stop', content: '/** Stops. */' }))).toEqual({ inserted_at_line: 7, target_now_at_line: 8, dry_run: false, warnings: [] });
    expect(fs.snapshot()['run.js']).toBe(lines('export function run(tasks) {', '\tfor (const task of tasks) {', '\t\tawait task();', '\t}', '}', '', '/** Stops. */', 'export function stop(code) {', '\treturn code === 0;', '}'));
    expect(expectFigures(await editor.deleteStructure({ path: 'run.js', target: 'export function run\nfor' }))).toEqual({ deleted_line_range_inclusive: [2, 4], dry_run: false, warnings: [expect.objectContaining({ type: 'STRUCTURE_EMPTY' })] });
  });

  it('TypeScript replaceAllTextInStructure inside a method', async () => {
    // Checked by TypeScript (the default backend), the edit is refused: `this.entrys` is no member.
    const checked = await editorOver({ 'cart.ts': cart }).editor.replaceAllTextInStructure({ path: 'cart.ts', target: 'class Cart\nadd', old_text: 'item', new_text: 'entry', expected_count: 5 });
    expect(checked.isErr() && `${checked.error.error}: ${checked.error.message}`).toContain("TYPE_ERRORS_ADDED: The edit would add 1 type error (typescript): cart.ts:14 TS2339 Property 'entrys' does not exist on type 'Cart'");
    const { editor, fs } = editorOver({ 'cart.ts': cart }, { semantic: 'syntax' });
    expect(expectFigures(await editor.replaceAllTextInStructure({ path: 'cart.ts', target: 'class Cart\nadd', old_text: 'item', new_text: 'entry', expected_count: 5 }))).toEqual({ total_replacements: 5, affected_lines: [8, 14], dry_run: false, warnings: [] });
    // The doc comment is part of the method, so its "item" is replaced too (and "items" became "entrys").
    expect(fs.snapshot()['cart.ts']).toBe(spliceLines(cart, 8, 14, '  /** Adds an entry. */', '  @Log()', '  add(entry: Item): void {', '    if (entry.quantity <= 0) {', "      throw new Error('bad');", '    } else {', '      this.entrys.push(entry);'));
  });
});

describe('separated members (found on real code: typescript-eslint, highlight.js, gpt-tokenizer)', () => {
  it('a class field owns its ending `;`: read, delete and insert back restore the class', async () => {
    const source = lines('class Variable {', '  references = [];', '  /** The scope. */', '  scope;', '  constructor(name) {', '    this.name = name;', '  }', '}');
    const { editor, fs } = editorOver({ 'v.js': source });
    const [match] = expectFigures(await editor.readStructure({ path: 'v.js', target: 'class Variable\nscope' })).matches;
    expect(match!.text).toBe('  /** The scope. */\n  scope;');
    expectFigures(await editor.deleteStructure({ path: 'v.js', target: 'class Variable\nscope' }));
    expect(fs.snapshot()['v.js']).toBe(spliceLines(source, 3, 4));
    expectFigures(await editor.insertBeforeStructure({ path: 'v.js', target: 'class Variable\nconstructor', content: match!.text }));
    expect(fs.snapshot()['v.js']).toBe(source);
  });

  it('an entry inserted next to the only entry of a multi-line object gets its comma', async () => {
    const source = lines('const model = {', '\tmodalities: {', '\t\toutput: ["text"]', '\t},', '};');
    const { editor, fs } = editorOver({ 'm.js': source });
    expectFigures(await editor.insertBeforeStructure({ path: 'm.js', target: 'const model\nmodalities\noutput', content: 'input: ["text", "image"]' }));
    expect(fs.snapshot()['m.js']).toBe(lines('const model = {', '\tmodalities: {', '\t\tinput: ["text", "image"],', '\t\toutput: ["text"]', '\t},', '};'));
  });

  it('entries of different objects in an array are not neighbours: a deleted last entry takes its own comma only', async () => {
    const source = lines('const language = {', '  contains: [', '    {', "      className: 'keyword',", "      begin: '#+'", '    },', '    {', "      className: 'title',", "      begin: '[A-Za-z_]+'", '    },', '  ],', '};');
    const { editor, fs } = editorOver({ 'l.js': source });
    const target = "const language\ncontains\nbegin: '[A-Za-z_]+'";
    const [match] = expectFigures(await editor.readStructure({ path: 'l.js', target })).matches;
    expectFigures(await editor.deleteStructure({ path: 'l.js', target }));
    expect(fs.snapshot()['l.js']).toBe(lines('const language = {', '  contains: [', '    {', "      className: 'keyword',", "      begin: '#+'", '    },', '    {', "      className: 'title'", '    },', '  ],', '};'));
    expectFigures(await editor.insertAfterStructure({ path: 'l.js', target: "const language\ncontains\nclassName: 'title'", content: match!.text }));
    expect(fs.snapshot()['l.js']).toBe(source);
  });
});
