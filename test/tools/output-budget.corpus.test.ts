import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';
import { createTools, DEFAULT_MAX_OUTPUT_CHARS, TOOL_NAMES } from 'structedit/tools';
import { pythonStdlib } from '../corpus/corpus.js';

/**
 * Issue 19: every tool's answer fits the output budget on real large files, and every cut says how
 * to get the rest, while the library's results stay complete. Files: a ~150 KB module of the Python
 * standard library (turtle.py) and a generated 10 MB file of 10,000-character lines.
 */
const python = readFileSync(join(pythonStdlib(), 'turtle.py'), 'utf8');
const longLine = (index: number) => `const v${index} = "${`${index}:`.padEnd(10_000 - `const v${index} = "";`.length, 'x')}";`;
const long = Array.from({ length: 1000 }, (_, index) => longLine(index)).join('\n') + '\n';

describe('the output budget on real large files', () => {
  it('every tool answers within the budget, and a cut answer says how to get the rest', async () => {
    const fs = memoryFs({ 'turtle.py': python, 'long.js': long, 'other.py': 'x = 1\n' });
    const editor = createEditor({ fs, semantic: 'syntax' });
    const tools = new Map(createTools(editor).map((tool) => [tool.name, tool]));
    const listing = (await editor.listStructures({ path: 'turtle.py', depth: 1 }))._unsafeUnwrap();
    const classes = listing.structures.filter((structure: StructureListing) => structure.kind === 'class' && structure.target !== null);
    const size = (structure: StructureListing) => structure.line_range_inclusive[1] - structure.line_range_inclusive[0];
    const big = classes.sort((a, b) => size(b) - size(a))[0]!;
    const target = big.target!;
    const bigText = (await editor.readStructure({ path: 'turtle.py', target }))._unsafeUnwrap().matches[0]!.text;
    const bigLines = bigText.split('\n');
    const topLevel = listing.structures.filter((structure: StructureListing) => structure.target !== null && structure.target !== target);
    const edits = Array.from({ length: 1000 }, (_, index) => ({ old_text: `const v${index} = "${index}:`, new_text: `const w${index} = "${index}:` }));

    // (The writes go with `force`: this measures what each tool answers, not the checks of what it changes.)
    const calls: Array<[string, unknown]> = [
      ['read_structure', { path: 'turtle.py', target: '' }],
      ['list_structures', { path: 'turtle.py' }],
      ['find_structures', { max_results: 100_000 }],
      ['file_read', { path: 'turtle.py' }],
      ['file_read', { path: 'long.js' }],
      ['file_read', { path: 'turtle.py', skeleton: true }],
      ['file_read', { path: 'turtle.py', startLine: 1, endLine: 4000 }],
      ['replace_structure', { path: 'turtle.py', target, content: bigText.replace(/self/g, 'me'), dry_run: true }],
      ['delete_structure', { path: 'turtle.py', target, dry_run: true, force: true }],
      ['replace_text_in_structure', { path: 'turtle.py', target, old_text: bigLines.slice(1).join('\n'), new_text: bigLines.slice(1).join('\n').replace(/self/g, 'me'), dry_run: true }],
      ['replace_all_text_in_structure', { path: 'turtle.py', target, old_text: 'self', new_text: 'me', dry_run: true }],
      ['insert_before_structure', { path: 'turtle.py', target, content: bigText.replace(/^class \w+/, 'class Copy'), dry_run: true }],
      ['insert_after_structure', { path: 'turtle.py', target, content: bigText.replace(/^class \w+/, 'class Copy'), dry_run: true }],
      ['move_structure_to_before', { source_path: 'turtle.py', source_target: target, dest_path: 'turtle.py', dest_target: topLevel[0]!.target, dry_run: true, force: true }],
      ['move_structure_to_after', { source_path: 'turtle.py', source_target: target, dest_path: 'turtle.py', dest_target: topLevel[topLevel.length - 1]!.target, dry_run: true, force: true }],
      ['move_structure_to_file_start', { source_path: 'turtle.py', source_target: target, dest_path: 'other.py', dry_run: true, force: true }],
      ['move_structure_to_file_end', { source_path: 'turtle.py', source_target: target, dest_path: 'other.py', dry_run: true, force: true }],
      ['chunk_edit', { path: 'turtle.py', target, chunks: [{ context_before: [bigLines[0]!], old_lines: bigLines.slice(1), new_lines: bigLines.slice(1).map((line) => line.replace(/self/g, 'me')), context_after: [] }], dry_run: true }],
      ['semantic_edit', { edits: [{ op: 'set', path: 'turtle.py', address: `${target}.body`, value: bigLines.slice(1).join('\n').replace(/self/g, 'me') }], options: { dry_run: true, validate: false } }],
      ['apply_patch', { patch: `*** Begin Patch\n*** Update File: turtle.py\n${bigLines.map((line) => `-${line}`).join('\n')}\n${bigLines.map((line) => `+${line.replace(/self/g, 'me')}`).join('\n')}\n*** End Patch`, dry_run: true, force: true }],
      ['create_file', { path: 'copy.py', content: python, dry_run: true, force: true }],
      ['move_file', { from: 'turtle.py', to: 'graphics/turtle.py', dry_run: true, force: true }],
      ['delete_file', { path: 'long.js', dry_run: true, force: true }],
      ['file_edit', { path: 'long.js', edits, force: true }],
    ];
    const covered = new Set(calls.map(([name]) => name));
    expect([...TOOL_NAMES].filter((name) => name !== 'undo' && !covered.has(name))).toEqual([]);

    const rows: string[] = [];
    let cut = 0;
    let undoToken: string | null = null;
    for (const [name, input] of calls) {
      const result = await tools.get(name)!.execute(input);
      const text = result.content[0]!.text;
      const data = JSON.stringify(result.structuredContent);
      expect(result.isError, `${name}: ${text.slice(0, 400)}`).toBe(false);
      expect(text.length, `${name} text`).toBeLessThanOrEqual(DEFAULT_MAX_OUTPUT_CHARS);
      expect(data.length, `${name} data`).toBeLessThanOrEqual(DEFAULT_MAX_OUTPUT_CHARS);
      const textCut = text.includes('[Output cut to fit');
      const dataCut = 'truncated' in result.structuredContent && typeof result.structuredContent['truncated'] === 'object';
      if (textCut) expect(text, `${name} ends with how to continue`).toMatch(/\[Output cut to fit [\d,]+ characters \(max_output_chars\): [^\]]+\. [^\]]+\]$/);
      if (dataCut) expect((result.structuredContent['truncated'] as { how_to_continue: string }).how_to_continue.length).toBeGreaterThan(20);
      if (textCut || dataCut) cut++;
      if (name === 'file_edit') undoToken = (result.structuredContent as { undo_token?: string }).undo_token ?? null;
      rows.push(`  ${name.padEnd(30)} text ${String(text.length).padStart(6)}  data ${String(data.length).padStart(6)}${textCut ? '  text cut' : ''}${dataCut ? '  data cut' : ''}`);
    }
    // Undo of the 1000 edits: its answer too.
    expect(undoToken).not.toBeNull();
    const undone = await tools.get('undo')!.execute({ undo_token: undoToken });
    expect(undone.isError).toBe(false);
    expect(undone.content[0]!.text.length).toBeLessThanOrEqual(DEFAULT_MAX_OUTPUT_CHARS);
    console.log(`output budget ${DEFAULT_MAX_OUTPUT_CHARS}: ${calls.length + 1} calls on turtle.py (${python.length} chars) and a 10 MB file of 10,000-character lines; ${cut} cut\n${rows.join('\n')}`);
    // Reads of the whole module, the search of every structure, a set of a whole class body, a patch
    // of it and 1000 edits of the 10 MB file answer more than the budget; the structure edits report a few lines.
    expect(cut).toBe(10);

    // The library's results stay complete (file_edit's diff on request: by default its long lines
    // are cut to the changes, issue 23).
    const whole = (await editor.readFile({ path: 'turtle.py' }))._unsafeUnwrap();
    expect(whole.mode === 'file' && whole.content).toBe(python);
    const edited = (await editor.editFile({ path: 'long.js', edits, dry_run: true, full_diff: true, force: true }))._unsafeUnwrap();
    expect(edited.diff.unified.length).toBeGreaterThan(1_000_000);
    expect(edited.diff.cut_lines).toBeUndefined();
    const cutDiff = (await editor.editFile({ path: 'long.js', edits, dry_run: true, force: true }))._unsafeUnwrap();
    expect(cutDiff.diff.cut_lines).toBeGreaterThan(0);
    expect(cutDiff.diff.unified.length).toBeLessThan(edited.diff.unified.length / 4);
  });

  it('a call may ask for a smaller or larger budget; a bad one is INVALID_ARGUMENT', async () => {
    const tools = new Map(createTools(createEditor({ fs: memoryFs({ 'turtle.py': python }), semantic: 'syntax' })).map((tool) => [tool.name, tool]));
    const small = await tools.get('file_read')!.execute({ path: 'turtle.py', max_output_chars: 3000 });
    expect(small.content[0]!.text.length).toBeLessThanOrEqual(3000);
    expect(small.content[0]!.text).toMatch(/Continue with file_read \{"path": "turtle.py", "startLine": \d+, "endLine": \d+\}/);
    const large = await tools.get('file_read')!.execute({ path: 'turtle.py', max_output_chars: 200_000 });
    expect(large.content[0]!.text).toContain(python.trimEnd().split('\n').slice(-1)[0]);
    const bad = await tools.get('file_read')!.execute({ path: 'turtle.py', max_output_chars: 5 });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toContain('max_output_chars: must be a whole number from 1000 to 1000000');
  });
});
