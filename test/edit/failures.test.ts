import { describe, expect, it } from 'vitest';
import { faultyFs, memoryFs } from 'structedit';
import { createEditor } from 'structedit';
import { editorOver, expectError, expectOk, lines } from '../helpers.js';

const twins = lines('def handle():', '    return 1', '', '', 'def handle():', '    return 2', '', '', 'def broken(:', '    pass', '', '', 'def fine():', '    pass');

describe('failed structure edits write nothing', () => {
  it('TARGET_AMBIGUOUS for every write, with a target per match', async () => {
    const { editor, fs } = editorOver({ 'a.py': twins });
    const calls = [
      editor.replaceStructure({ path: 'a.py', target: 'def handle', content: 'def handle():\n    pass' }),
      editor.deleteStructure({ path: 'a.py', target: 'def handle' }),
      editor.replaceTextInStructure({ path: 'a.py', target: 'def handle', old_text: 'return', new_text: 'yield' }),
      editor.replaceAllTextInStructure({ path: 'a.py', target: 'def handle', old_text: 'return', new_text: 'yield' }),
      editor.insertBeforeStructure({ path: 'a.py', target: 'def handle', content: 'x = 1' }),
      editor.insertAfterStructure({ path: 'a.py', target: 'def handle', content: 'x = 1' }),
      editor.moveStructure({ source_path: 'a.py', source_target: 'def handle', dest_path: 'a.py', position: 'file_end' }),
      editor.moveStructure({ source_path: 'a.py', source_target: 'def fine', dest_path: 'a.py', dest_target: 'def handle', position: 'after' }),
    ];
    for (const result of await Promise.all(calls)) {
      const error = expectError(result, 'TARGET_AMBIGUOUS');
      expect(error.details.matches.map((match) => match.line_range_inclusive)).toEqual([
        [1, 2],
        [5, 6],
      ]);
    }
    expect(fs.snapshot()['a.py']).toBe(twins);
  });

  it('PARSER_FAILED only for syntax errors inside the structure used; elsewhere they are a warning', async () => {
    const { editor, fs } = editorOver({ 'a.py': twins });
    const failed = expectError(await editor.replaceTextInStructure({ path: 'a.py', target: 'def broken', old_text: 'pass', new_text: 'return' }), 'PARSER_FAILED');
    expect(failed.details.parse_errors[0]).toMatchObject({ line: 9 });
    expect(fs.snapshot()['a.py']).toBe(twins);
    const fine = expectOk(await editor.replaceTextInStructure({ path: 'a.py', target: 'def fine', old_text: 'pass', new_text: 'return 3' }));
    expect(fine.warnings.map((warning) => warning.type)).toEqual(['SYNTAX_ERRORS_ELSEWHERE']);
  });

  it("an error in a parent's header, before the `{` that opens its body, does not block its members; one in the body does", async () => {
    // As Swift's `struct B<T: ~Copyable> {` (expo-modules-core) and C++'s `namespace std _GLIBCXX_VISIBILITY(default)`
    // were before they were parsed as blanks: no member can hide in a header, so the members' boundaries and targets hold.
    const header = 'class A<T = > {\n  m() { return 1; }\n  n() { return 2; }\n}\n';
    const edited = editorOver({ 'a.ts': header });
    const result = expectOk(await edited.editor.replaceTextInStructure({ path: 'a.ts', target: 'class A\nm()', old_text: 'return 1', new_text: 'return 9' }));
    expect(result.warnings.map((warning) => warning.type)).toEqual(['SYNTAX_ERRORS_ELSEWHERE']);
    expect(edited.fs.snapshot()['a.ts']).toBe(header.replace('return 1', 'return 9'));
    const body = 'class A {\n  m() { return 1; }\n  ) n() { return 2; }\n}\n';
    const refused = editorOver({ 'a.ts': body });
    const failed = expectError(await refused.editor.replaceTextInStructure({ path: 'a.ts', target: 'class A\nm()', old_text: 'return 1', new_text: 'return 9' }), 'PARSER_FAILED');
    expect(failed.details.parse_errors[0]).toMatchObject({ line: 3 });
    expect(refused.fs.snapshot()['a.ts']).toBe(body);
  });

  it('an edit that breaks the parse: SYNTAX_ERROR and nothing written by default; written with SYNTAX_BROKEN when the call forces it or the editor only warns', async () => {
    const source = lines('def f():', '    return 1');
    const rejecting = editorOver({ 'a.py': source });
    const refused = expectError(await rejecting.editor.replaceStructure({ path: 'a.py', target: 'def f', content: 'def f(:\n    return 1' }), 'SYNTAX_ERROR');
    expect(refused.message).toContain('send the same call with force: true');
    expectError(await rejecting.editor.insertAfterStructure({ path: 'a.py', target: 'def f', content: 'def g(:' }), 'SYNTAX_ERROR');
    expectError(await rejecting.editor.editFile({ path: 'a.py', edits: [{ old_text: 'def f():', new_text: 'def f(:' }] }), 'SYNTAX_ERROR');
    expect(rejecting.fs.snapshot()['a.py']).toBe(source);
    const forced = expectOk(await rejecting.editor.replaceStructure({ path: 'a.py', target: 'def f', content: 'def f(:\n    return 1', force: true }));
    expect(forced.warnings).toEqual([expect.objectContaining({ type: 'SYNTAX_BROKEN', details: { errors: [expect.objectContaining({ line: 1 })] } })]);
    expect(rejecting.fs.snapshot()['a.py']).toBe('def f(:\n    return 1\n');
    const warned = editorOver({ 'a.py': source }, { syntax: 'warn' });
    const result = expectOk(await warned.editor.replaceStructure({ path: 'a.py', target: 'def f', content: 'def f(:\n    return 1' }));
    expect(result.warnings).toEqual([expect.objectContaining({ type: 'SYNTAX_BROKEN', details: { errors: [expect.objectContaining({ line: 1 })] } })]);
  });

  it('CONTENT_TOO_LARGE over the content limit (UTF-8 bytes)', async () => {
    const { editor, fs } = editorOver({ 'a.py': twins }, { limits: { maxContentBytes: 100 } });
    const error = expectError(await editor.insertAfterStructure({ path: 'a.py', target: 'def fine', content: `x = "${'é'.repeat(50)}"` }), 'CONTENT_TOO_LARGE');
    expect(error.details).toEqual({ field: 'content', content_size: 106, limit: 100, state: 'FILE_UNCHANGED' });
    expectError(await editor.replaceAllTextInStructure({ path: 'a.py', target: 'def fine', old_text: 'pass', new_text: 'y'.repeat(101) }), 'CONTENT_TOO_LARGE');
    // The same check, the same error, for file_edit and chunk_edit.
    const edit = expectError(await editor.editFile({ path: 'a.py', edits: [{ old_text: 'pass', new_text: 'z'.repeat(101) }] }), 'CONTENT_TOO_LARGE');
    expect(edit.details.field).toBe('edits.0.new_text');
    const chunks = await editor.applyChunks({ path: 'a.py', target: 'def fine', chunks: [{ context_before: 'def fine():', old_lines: ['    pass'], new_lines: ['    x = 1', `    y = "${'w'.repeat(100)}"`], context_after: [] }] });
    expect(expectError(chunks, 'CONTENT_TOO_LARGE').details.field).toBe('chunks.new_lines');
    expect(fs.snapshot()['a.py']).toBe(twins);
    const big = await createEditor({ fs: memoryFs({ 'a.py': twins }) }).replaceStructure({ path: 'a.py', target: 'def fine', content: `x = "${'a'.repeat(1024 * 1024)}"` });
    expect(expectError(big, 'CONTENT_TOO_LARGE').details.limit).toBe(1024 * 1024);
  });

  it('INVALID_ARGUMENT names the field', async () => {
    const { editor } = editorOver({ 'a.py': twins });
    const missing = expectError(await editor.replaceAllTextInStructure({ path: 'a.py', target: 'def fine', old_text: '', new_text: 'x', expected_count: 0 } as never), 'INVALID_ARGUMENT');
    expect(missing.details.issues.map((issue) => issue.field).sort()).toEqual(['expected_count', 'old_text']);
    const move = expectError(await editor.moveStructure({ source_path: 'a.py', source_target: 'def fine', dest_path: 'a.py', dest_target: 'def broken', position: 'file_end' }), 'INVALID_ARGUMENT');
    expect(move.details.issues).toEqual([expect.objectContaining({ field: 'dest_target' })]);
  });
});

describe('fault injection: a cross-file move that fails at any write or rename leaves both files as they were', () => {
  const files = { 'auth.py': lines('class UserAuth:', '    def validate(self):', '        return True', '', '    def logout(self):', '        pass'), 'lib/checks.py': lines('def check():', '    pass') };
  const move = { source_path: 'auth.py', source_target: 'class UserAuth\ndef validate', dest_path: 'lib/checks.py', dest_target: 'def check', position: 'after' } as const;

  it('every failure point', async () => {
    const clean = memoryFs(files);
    const counter = faultyFs(clean, { operations: ['write', 'rename'] });
    expectOk(await createEditor({ fs: counter }).moveStructure(move));
    const total = counter.calls;
    expect(total).toBe(4);
    const succeeded = clean.snapshot();
    for (let failAt = 1; failAt <= total; failAt++) {
      const base = memoryFs(files);
      const error = expectError(await createEditor({ fs: faultyFs(base, { failAt, operations: ['write', 'rename'] }) }).moveStructure(move), 'IO_ERROR');
      expect(error.details.state, `failure at operation ${failAt}`).toBe('FILE_UNCHANGED');
      expect(base.snapshot(), `failure at operation ${failAt}`).toEqual(files);
    }
    // Once the failure is past the last operation, the move goes through.
    const late = memoryFs(files);
    expectOk(await createEditor({ fs: faultyFs(late, { failAt: total + 1, operations: ['write', 'rename'] }) }).moveStructure(move));
    expect(late.snapshot()).toEqual(succeeded);
  });

  it('a destination created by the move is removed again when the source cannot be written', async () => {
    const base = memoryFs(files);
    const created = { ...move, dest_path: 'new/place.py', dest_target: undefined, position: 'file_end' } as const;
    expectError(await createEditor({ fs: faultyFs(base, { failAt: 3, operations: ['write', 'rename'] }) }).moveStructure(created), 'IO_ERROR');
    expect(base.snapshot()).toEqual(files);
  });
});
