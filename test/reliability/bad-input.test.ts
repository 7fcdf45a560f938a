import fc from 'fast-check';
import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { createEditor, isStructeditError, memoryFs, type Editor, type StructeditError } from 'structedit';
import { createTools } from 'structedit/tools';
import { expectError, expectOk } from '../helpers.js';
import { filesOf, sameFiles } from './harness.js';

type Outcome = { isOk(): boolean; isErr(): boolean; error?: unknown; value?: unknown };

/** An outcome is a result value, never a thrown exception nor a caught bug. */
function expectSettled(outcome: Outcome, label: string): void {
  if (outcome.isErr()) {
    const error = outcome.error as StructeditError;
    expect(isStructeditError(error), label).toBe(true);
    expect(error.error, `${label}: ${error.message}`).not.toBe('INTERNAL_ERROR');
  }
}

/** Every operation once, on a path, with arguments that would be valid for a parseable file. */
const everyOperation = (editor: Editor, path: string): Array<[string, ResultAsync<unknown, StructeditError>]> => [
  ['readStructure', editor.readStructure({ path, target: '' })],
  ['listStructures', editor.listStructures({ path })],
  ['readFile', editor.readFile({ path })],
  ['readFile skeleton', editor.readFile({ path, skeleton: true })],
  ['readFile range', editor.readFile({ path, startLine: 1, endLine: 3 })],
  ['replaceStructure', editor.replaceStructure({ path, target: '', content: 'x = 1\n' })],
  ['insertAfterStructure', editor.insertAfterStructure({ path, target: '', content: 'y = 2' })],
  ['replaceTextInStructure', editor.replaceTextInStructure({ path, target: '', old_text: 'a', new_text: 'b' })],
  ['replaceAllTextInStructure', editor.replaceAllTextInStructure({ path, target: '', old_text: 'a', new_text: 'b' })],
  ['deleteStructure', editor.deleteStructure({ path, target: 'a' })],
  ['moveStructure', editor.moveStructure({ source_path: path, source_target: 'a', dest_path: 'other.py', position: 'file_end' })],
  ['editFile', editor.editFile({ path, edits: [{ old_text: 'a', new_text: 'b', occurrences: 1 }] })],
  ['applyChunks', editor.applyChunks({ path, line: 1, chunks: [{ context_before: '', old_lines: [], new_lines: ['z = 3'], context_after: [] }] })],
];

describe('arbitrary bytes as file contents', () => {
  it('every operation returns a result or an error value; a failed write changes nothing (property)', async () => {
    const outcomes = { failed: 0, replaced: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 200 }).map((text) => new TextEncoder().encode(text))),
        fc.constantFrom('f.py', 'f.ts', 'f.md', 'f.go', 'f.txt'),
        async (bytes, path) => {
          const fs = memoryFs({ [path]: bytes });
          const editor = createEditor({ fs });
          for (const [name, call] of everyOperation(editor, path)) {
            const before = await filesOf(fs);
            const outcome = await call;
            expectSettled(outcome, name);
            if (outcome.isErr()) {
              outcomes.failed++;
              expect(sameFiles(await filesOf(fs), before), `${name} failed but changed files`).toBe(true);
            } else if (name === 'replaceStructure') {
              // A correct result: the whole file is now the content (its BOM and line ending kept).
              outcomes.replaced++;
              const text = new TextDecoder().decode(await fs.readFile(path));
              expect(['x = 1\n', 'x = 1\r\n', 'x = 1\r']).toContain(text);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
    // Both checks ran: arbitrary bytes make some calls fail and let some replacements through.
    expect(outcomes.failed, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.replaced, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });
});

describe('arbitrary JSON as every tool\'s input', () => {
  const tools = createTools(createEditor({ fs: memoryFs({ 'a.py': 'def f():\n    return 1\n', 'n.txt': 'one\n' }) }));

  it('field names the tool knows, values of any JSON type: never a throw, never a bug (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...tools).chain((tool) => {
          const fields = Object.keys((tool.inputSchema as { properties?: object }).properties ?? {});
          const value = fc.oneof(fc.jsonValue(), fc.constantFrom('a.py', 'n.txt', '', 'def f', '../x', '\uD800', 'a\u0000b'));
          return fc.tuple(fc.constant(tool), fc.dictionary(fc.constantFrom(...fields, 'extra'), value, { maxKeys: fields.length + 1 }));
        }),
        async ([tool, input]) => {
          const result = await tool.execute(input);
          expect(typeof result.isError).toBe('boolean');
          expect(result.content[0]!.text.length).toBeGreaterThan(0);
          if (result.isError) expect((result.structuredContent as { error: string }).error).not.toBe('INTERNAL_ERROR');
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('named hard inputs: a clear error or a correct result', () => {
  it('invalid UTF-8: ENCODING_ERROR from every operation that reads the file as text', async () => {
    const bytes = new Uint8Array([0x64, 0x65, 0x66, 0x20, 0xff, 0xfe, 0x28, 0x29, 0x3a, 0x0a]);
    const fs = memoryFs({ 'bad.py': bytes });
    const editor = createEditor({ fs });
    for (const [name, call] of everyOperation(editor, 'bad.py')) {
      const error = expectError(await call, 'ENCODING_ERROR');
      expect(error.details, name).toMatchObject({ path: 'bad.py', byte_offset: 4 });
    }
    expect(await fs.readFile('bad.py')).toEqual(bytes);
  });

  it('lone surrogates in content arguments: INVALID_ARGUMENT naming the field, nothing written', async () => {
    const fs = memoryFs({ 'a.py': 'def f():\n    return 1\n' });
    const editor = createEditor({ fs });
    const half = 'x = "\uD83D"';
    const calls: Array<[string, ResultAsync<unknown, StructeditError>]> = [
      ['content', editor.replaceStructure({ path: 'a.py', target: 'def f', content: half })],
      ['content', editor.insertBeforeStructure({ path: 'a.py', target: 'def f', content: half })],
      ['new_text', editor.replaceTextInStructure({ path: 'a.py', target: 'def f', old_text: '1', new_text: half })],
      ['old_text', editor.replaceAllTextInStructure({ path: 'a.py', target: 'def f', old_text: '\uDC00', new_text: 'x' })],
      ['edits.0.new_text', editor.editFile({ path: 'a.py', edits: [{ old_text: '1', new_text: half }] })],
      ['chunks.0.new_lines.0', editor.applyChunks({ path: 'a.py', target: 'def f', chunks: [{ context_before: 'def f():', old_lines: ['    return 1'], new_lines: [half], context_after: '' }] })],
    ];
    for (const [field, call] of calls) {
      const error = expectError(await call, 'INVALID_ARGUMENT');
      expect(error.details.issues).toEqual([{ field, message: 'contains half of a character (a lone UTF-16 surrogate)' }]);
    }
    expect(fs.snapshot()['a.py']).toBe('def f():\n    return 1\n');
  });

  it('an empty file and a file holding only a BOM: read as empty, written as asked (the BOM kept)', async () => {
    for (const [content, bom] of [['', ''], ['\uFEFF', '\uFEFF']] as const) {
      const fs = memoryFs({ 'e.py': content, 'e.txt': content });
      const editor = createEditor({ fs });
      expect(expectOk(await editor.listStructures({ path: 'e.py' })).structures).toEqual([]);
      expect(expectOk(await editor.readStructure({ path: 'e.py', target: '' })).matches.map((match) => match.text)).toEqual(['']);
      expect(expectOk(await editor.readFile({ path: 'e.py', skeleton: true })).total_lines).toBe(0);
      expectOk(await editor.insertAfterStructure({ path: 'e.py', target: '', content: 'x = 1' }));
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await fs.readFile('e.py'))).toBe(`${bom}x = 1\n`);
      expectOk(await editor.editFile({ path: 'e.txt', edits: [{ old_text: '', new_text: 'hello\n' }] }));
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await fs.readFile('e.txt'))).toBe(`${bom}hello\n`);
    }
  });

  it('a 10 MB single line: file_edit edits it; structure operations read it up to the limit and refuse it past', async () => {
    const line = `x = "${'a'.repeat(10 * 1024 * 1024 - 8)}"`;
    const fs = memoryFs({ 'one.txt': `${line}\n`, 'one.py': `${line}\n`, 'over.py': `${line}aaaaaaaaaaaa\n` });
    const editor = createEditor({ fs });
    expectOk(await editor.editFile({ path: 'one.txt', edits: [{ old_text: 'x = "a', new_text: 'y = "a' }] }));
    expect(fs.snapshot()['one.txt']).toBe(`y${line.slice(1)}\n`);
    expect(expectOk(await editor.listStructures({ path: 'one.py' })).structures.map((structure) => structure.line_range_inclusive)).toEqual([[1, 1]]);
    expectOk(await editor.replaceTextInStructure({ path: 'one.py', target: '', old_text: 'x = "a', new_text: 'z = "a' }));
    expect(fs.snapshot()['one.py']!.slice(0, 8)).toBe('z = "aaa');
    expect(expectError(await editor.listStructures({ path: 'over.py' }), 'FILE_TOO_LARGE').message).toContain('Use file_edit');
  });

  it('code nested 10,000 levels deep: a correct result, or PARSER_FAILED saying the nesting is too deep; no stack overflow escapes', async () => {
    const js = `${'function f() {\n'.repeat(10_000)}${'}\n'.repeat(10_000)}`;
    const py = `x = ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    const md = `${'>'.repeat(10_000)} deep\n`;
    const fs = memoryFs({ 'deep.js': js, 'deep.py': py, 'deep.md': md });
    const editor = createEditor({ fs });
    const listed = expectOk(await editor.listStructures({ path: 'deep.js', depth: 2 }));
    expect(listed.structures.map((structure) => [structure.kind, structure.line_range_inclusive, structure.children.length])).toEqual([['function', [1, 20_000], 1]]);
    // Renaming x: whether x is used elsewhere needs the names of code nested deeper than the scope model follows.
    expect(expectError(await editor.replaceTextInStructure({ path: 'deep.py', target: '', old_text: 'x =', new_text: 'y =' }), 'PARSER_FAILED').message).toContain('nested too deeply');
    expect(fs.snapshot()['deep.py']).toBe(py);
    expectOk(await editor.replaceTextInStructure({ path: 'deep.py', target: '', old_text: 'x =', new_text: 'y =', force: true }));
    expect(fs.snapshot()['deep.py']).toBe(`y${py.slice(1)}`);
    // 10,000 nested blockquotes exhaust the Markdown parser's stack: an error value saying so.
    expect(expectError(await editor.listStructures({ path: 'deep.md' }), 'PARSER_FAILED').message).toContain('nested too deeply');
    // Reading the file does not need its structure: it falls back to plain text.
    expect(expectOk(await editor.readFile({ path: 'deep.md', startLine: 1, endLine: 1 })).total_lines).toBe(1);
  });

  it('a target of 10,000 levels, and a structure of 10,000 lines: answered, and edited exactly', async () => {
    const body = Array.from({ length: 10_000 }, (_, index) => `    v${index} = ${index}`);
    const source = `def big():\n${body.join('\n')}\n\n\ndef after():\n    pass\n`;
    const fs = memoryFs({ 'big.py': source });
    const editor = createEditor({ fs });
    const deepTarget = Array.from({ length: 10_000 }, () => 'def big').join('\n');
    expect(expectError(await editor.readStructure({ path: 'big.py', target: deepTarget }), 'TARGET_NOT_FOUND').details.failed_level).toBe(2);
    const read = expectOk(await editor.readStructure({ path: 'big.py', target: 'def big' }));
    expect(read.matches[0]!.line_range_inclusive).toEqual([1, 10_001]);
    expectOk(await editor.replaceAllTextInStructure({ path: 'big.py', target: 'def big', old_text: ' = ', new_text: ' := ', expected_count: 10_000 }));
    expect(fs.snapshot()['big.py']).toBe(source.replace(/^( {4}v\d+) = /gm, '$1 := '));
    expectOk(await editor.deleteStructure({ path: 'big.py', target: 'def big' }));
    expect(fs.snapshot()['big.py']).toBe('def after():\n    pass\n');
  });
});
