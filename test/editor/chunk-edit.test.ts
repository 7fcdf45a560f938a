import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type ApplyChunksArgs, type Chunk, type EditorOptions } from 'structedit';
import { expectError, lines } from '../helpers.js';

const processor = lines(
  'import logging', //                                   1
  '',
  '',
  'class Processor:',
  '    def __init__(self, name):', //                     5
  '        self.name = name',
  '        self.count = 0',
  '',
  '    def process(self, batch):', //                     9  <- the structure edited below: lines 9-19
  '        # Process each item in the batch', //         10
  '        for item in batch:',
  '            if item.needs_processing:',
  '                result = transform(item)',
  '                self.count += 1',
  '        for item in batch:', //                        15
  '            if item.needs_processing:',
  '                result = transform(item)',
  '                self.log(item)',
  '        return self.count', //                         19
  '',
  '    def log(self, item):',
  '        logging.info("%s: %s", self.name, item)',
);
const TARGET = 'class Processor\ndef process';

/** The fixture's lines (1-based in the comments above) with some replaced: `{ 13: ['x'], 14: [] }`. */
function edited(changes: Record<number, string[]>, base = processor): string {
  const rows = base.slice(0, -1).split('\n');
  const out: string[] = [];
  rows.forEach((row, index) => out.push(...(changes[index + 1] ?? [row])));
  return `${out.join('\n')}\n`;
}

async function run(args: Omit<ApplyChunksArgs, 'path'> & { path?: string }, content: string | Uint8Array = processor, options: Partial<EditorOptions> = {}) {
  const path = args.path ?? 'proc.py';
  const fs = memoryFs({ [path]: content });
  const result = await createEditor({ fs, ...options }).applyChunks({ ...args, path });
  return { result, after: fs.snapshot()[path]!, fs };
}

const chunk = (context_before: Chunk['context_before'], old_lines: string[], new_lines: string[], context_after: Chunk['context_after']): Chunk => ({ context_before, old_lines, new_lines, context_after });

describe('applyChunks: applying', () => {
  it('replaces lines found by their context, trying every candidate position', async () => {
    // context_before matches above line 13 and above line 17; only at 17 does context_after fit.
    const { result, after } = await run({
      target: TARGET,
      chunks: [chunk('            if item.needs_processing:', ['                result = transform(item)'], ['                result = transform(item, strict=True)'], '                self.log(item)')],
    });
    expect(result._unsafeUnwrap()).toEqual({
      path: 'proc.py',
      target: TARGET,
      kind: 'method',
      line_range_inclusive: [9, 19],
      chunks: [{ chunk_index: 0, old_line_range_inclusive: [17, 17], new_line_range_inclusive: [17, 17] }],
      lines_removed: 1,
      lines_added: 1,
      hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      undo_token: expect.any(String),
      dry_run: false,
      warnings: [],
    });
    expect(after).toBe(edited({ 17: ['                result = transform(item, strict=True)'] }));
  });

  it('applies several chunks at their original positions, with string and list contexts mixed', async () => {
    const { result, after } = await run({
      target: TARGET,
      chunks: [
        // Later in the structure first: chunks are placed on the original, whatever their order.
        chunk(['                self.log(item)'], ['        return self.count'], ['        self.flush()', '        return self.count'], ''),
        chunk('        # Process each item in the batch', [], ['        seen = set()'], ['        for item in batch:', '            if item.needs_processing:']),
        chunk(['            if item.needs_processing:', '                result = transform(item)'], ['                self.count += 1'], ['                self.count += 2', '                seen.add(item)'], '        for item in batch:'),
      ],
    });
    expect(after).toBe(
      edited({
        10: ['        # Process each item in the batch', '        seen = set()'],
        14: ['                self.count += 2', '                seen.add(item)'],
        19: ['        self.flush()', '        return self.count'],
      }),
    );
    const value = result._unsafeUnwrap();
    expect(value.line_range_inclusive).toEqual([9, 22]);
    expect(value.chunks).toEqual([
      { chunk_index: 0, old_line_range_inclusive: [19, 19], new_line_range_inclusive: [21, 22] },
      { chunk_index: 1, old_line_range_inclusive: null, new_line_range_inclusive: [11, 11] },
      { chunk_index: 2, old_line_range_inclusive: [14, 14], new_line_range_inclusive: [15, 16] },
    ]);
    expect([value.lines_removed, value.lines_added]).toEqual([2, 5]);
  });

  it('a pure insertion goes between its adjacent context lines', async () => {
    const { result, after } = await run({
      target: TARGET,
      chunks: [chunk(['    def process(self, batch):', '        # Process each item in the batch'], [], ['        total = 0', '        # then count'], '        for item in batch:')],
    });
    expect(after).toBe(edited({ 10: ['        # Process each item in the batch', '        total = 0', '        # then count'] }));
    expect(result._unsafeUnwrap().chunks).toEqual([{ chunk_index: 0, old_line_range_inclusive: null, new_line_range_inclusive: [11, 12] }]);
  });

  it('a pure deletion removes the lines with their line breaks', async () => {
    const { result, after } = await run({
      target: TARGET,
      chunks: [chunk('                result = transform(item)', ['                self.count += 1'], [], '        for item in batch:')],
    });
    expect(after).toBe(edited({ 14: [] }));
    expect(result._unsafeUnwrap()).toMatchObject({ line_range_inclusive: [9, 18], chunks: [{ chunk_index: 0, old_line_range_inclusive: [14, 14], new_line_range_inclusive: null }] });
  });

  it("edits the structure's first line (empty context_before) and last line (empty context_after)", async () => {
    const { result, after } = await run({
      target: TARGET,
      chunks: [
        chunk('', ['    def process(self, batch):'], ['    def process(self, batch, verbose=False):'], '        # Process each item in the batch'),
        chunk('                self.log(item)', ['        return self.count'], ['        return self.count if verbose else None'], ''),
      ],
    });
    expect(after).toBe(edited({ 9: ['    def process(self, batch, verbose=False):'], 19: ['        return self.count if verbose else None'] }));
    expect(result._unsafeUnwrap()).toMatchObject({ target: TARGET, line_range_inclusive: [9, 19] });
  });

  it('deletes and inserts at the very end of the structure', async () => {
    const deleted = await run({ target: TARGET, chunks: [chunk(['                self.log(item)'], ['        return self.count'], [], [])] });
    expect(deleted.after).toBe(edited({ 19: [] }));
    expect(deleted.result._unsafeUnwrap().line_range_inclusive).toEqual([9, 18]);
    const inserted = await run({ target: TARGET, chunks: [chunk(['        return self.count'], [], ['        # done'], [])] });
    expect(inserted.after).toBe(edited({ 19: ['        return self.count', '        # done'] }));
  });

  it('compares ignoring trailing whitespace, and keeps the lines it does not change', async () => {
    const base = processor.replace('        for item in batch:\n            if item.needs_processing:\n                result = transform(item)\n                self.count', '        for item in batch:   \n            if item.needs_processing:\n                result = transform(item)\n                self.count');
    const { after } = await run(
      {
        target: TARGET,
        chunks: [chunk('        # Process each item in the batch  ', ['        for item in batch:'], ['        for item in reversed(batch):'], '            if item.needs_processing:\t')],
      },
      base,
    );
    expect(after).toBe(edited({ 11: ['        for item in reversed(batch):'] }, base));
  });

  it('refuses a chunk that fits at several places (CHUNK_AMBIGUOUS), listing each place; nothing is written', async () => {
    const { result, after } = await run({
      target: TARGET,
      chunks: [chunk('        for item in batch:', ['            if item.needs_processing:'], ['            if item.ready:'], '                result = transform(item)')],
    });
    expect(after).toBe(processor);
    const error = expectError(result, 'CHUNK_AMBIGUOUS');
    expect(error.details.chunk_index).toBe(0);
    expect(error.details.places.map((place) => place.line)).toEqual([12, 16]);
    expect(error.details.places[1]!.lines.map((line) => line.line)).toEqual([15, 16, 17]);
    expect(error.message).toContain('lines 12, 16');
  });

  it("with ambiguous: 'first', applies such a chunk at the first place and warns", async () => {
    const { result, after } = await run({
      target: TARGET,
      ambiguous: 'first',
      chunks: [chunk('        for item in batch:', ['            if item.needs_processing:'], ['            if item.ready:'], '                result = transform(item)')],
    });
    expect(after).toBe(edited({ 12: ['            if item.ready:'] }));
    const [warning] = result._unsafeUnwrap().warnings;
    expect(warning).toMatchObject({ type: 'CHUNK_AMBIGUOUS', details: { chunk_index: 0, line: 12, other_lines: [16] } });
    expect(warning!.message).toContain('line 12');
  });

  it('a dry run validates and reports without writing', async () => {
    const { result, after } = await run({ target: TARGET, dry_run: true, chunks: [chunk('                self.log(item)', ['        return self.count'], ['        return 0'], '')] });
    expect(result._unsafeUnwrap()).toMatchObject({ dry_run: true, chunks: [{ old_line_range_inclusive: [19, 19] }] });
    expect(after).toBe(processor);
  });
});

describe('applyChunks: the seven checks, each with its own diagnostic', () => {
  const failing = async (...chunks: Chunk[]) => {
    const { result, after } = await run({ target: TARGET, chunks });
    expect(after).toBe(processor);
    const error = expectError(result, 'CHUNK_MISMATCH');
    expect(error.details).toMatchObject({ path: 'proc.py', target: TARGET, line_range_inclusive: [9, 19], state: 'FILE_UNCHANGED' });
    return error;
  };

  it('context_before found nowhere: the closest line and the lines around it', async () => {
    const error = await failing(chunk('        for item in batches:', ['            if item.needs_processing:'], ['            if item:'], '                result = transform(item)'));
    expect(error.details).toMatchObject({ chunk_index: 0, check: 'context_before', check_number: 0, mismatch: { field: 'context_before', index: 0, expected: '        for item in batches:', actual: '        for item in batch:', line: 11 } });
    expect(error.details.actual_lines[0]).toEqual({ line: 9, text: '    def process(self, batch):' });
    expect(error.message).toContain('chunks[0] (chunk 1 of 1) does not fit the method process (lines 9-19 of proc.py, target "class Processor\\ndef process"): check 0 (context_before) failed');
    expect(error.message).toContain('\n> 11 |         for item in batch:\n');
  });

  it('context_before with the wrong indentation says so', async () => {
    const error = await failing(chunk('    # Process each item in the batch', ['        for item in batch:'], ['        for x in batch:'], '            if item.needs_processing:'));
    expect(error.message).toContain('only the indentation differs: the file has 8 spaces, the chunk 4');
  });

  it('check 1: context_after differs from the lines after old_lines', async () => {
    const error = await failing(chunk('        # Process each item in the batch', ['        for item in batch:'], ['        for x in batch:'], '            if item.ready:'));
    expect(error.details).toMatchObject({ check: 'context_after', check_number: 1, mismatch: { field: 'context_after', index: 0, actual: '            if item.needs_processing:', line: 12 } });
    expect(error.message).toContain('check 1 (context_after) failed: old_lines match at line 11, but context_after[0] "            if item.ready:" differs from line 12');
  });

  it('check 2: old_lines differ from the lines after context_before', async () => {
    const error = await failing(chunk('        # Process each item in the batch', ['        for entry in batch:'], ['        for x in batch:'], '            if item.needs_processing:'));
    expect(error.details).toMatchObject({ check: 'old_lines', check_number: 2, mismatch: { field: 'old_lines', index: 0, expected: '        for entry in batch:', actual: '        for item in batch:', line: 11 } });
    expect(error.details.actual_lines.map((line) => line.line)).toEqual([9, 10, 11, 12, 13, 14]);
  });

  it('check 3: a pure insertion needs context_after directly after context_before', async () => {
    const error = await failing(chunk('        # Process each item in the batch', [], ['        total = 0'], '            if item.needs_processing:'));
    expect(error.details).toMatchObject({ check: 'insertion', check_number: 3, mismatch: { field: 'context_after', line: 11 } });
    expect(error.message).toContain('a pure insertion (empty old_lines) needs context_after directly after context_before');
  });

  it('check 4: a pure deletion must quote its lines exactly', async () => {
    const error = await failing(chunk('                result = transform(item)', ['                self.count += 1   '], [], '        for item in batch:'));
    expect(error.details).toMatchObject({ check: 'deletion', check_number: 4, mismatch: { field: 'old_lines', index: 0, expected: '                self.count += 1   ', actual: '                self.count += 1', line: 14 } });
  });

  it('check 5: old_lines or context_after running past the structure, context outside it', async () => {
    const past = await failing(chunk('                self.log(item)', ['        return self.count', '', '    def log(self, item):'], ['        return 0'], ''));
    expect(past.details).toMatchObject({ check: 'boundary', check_number: 5, mismatch: { field: 'old_lines', index: 1, actual: null, line: null } });
    expect(past.message).toContain('would be line 20, past the structure\'s last line (19)');
    const afterPast = await failing(chunk('                self.log(item)', ['        return self.count'], ['        return 0'], ['', '    def log(self, item):']));
    expect(afterPast.details).toMatchObject({ check: 'boundary', mismatch: { field: 'context_after', index: 0 } });
    const outside = await failing(chunk(['        self.count = 0', '', '    def process(self, batch):'], ['        # Process each item in the batch'], ['        # Go'], '        for item in batch:'));
    expect(outside.details).toMatchObject({ check: 'boundary', check_number: 5 });
    expect(outside.message).toContain('context_before matches lines 7-9 of the file, which are not all inside the structure (lines 9-19)');
  });

  it('check 6: an empty context_after means the end of the structure; an empty context_before its start', async () => {
    const end = await failing(chunk('    def process(self, batch):', ['        # Process each item in the batch'], ['        # Go'], ''));
    expect(end.details).toMatchObject({ check: 'structure_end', check_number: 6, mismatch: { field: 'context_after', actual: '        for item in batch:', line: 11 } });
    expect(end.message).toContain('context_after is empty, which means the chunk ends at the structure\'s last line (19), but 9 more lines follow old_lines');
    const start = await failing(chunk([], ['        return self.count'], ['        return 0'], []));
    expect(start.details).toMatchObject({ check: 'structure_end', check_number: 6 });
    expect(start.message).toContain('context_before is empty, which anchors the chunk at the structure\'s first line (9), but old_lines match at line 19');
  });

  it('check 7: a carriage return that is not the file\'s line ending', async () => {
    const error = await failing(chunk('                self.log(item)', ['        return self.count'], ['        return 0\r        # old mac'], ''));
    expect(error.details).toMatchObject({ check: 'line_endings', check_number: 7, mismatch: { field: 'new_lines', index: 0, actual: null }, actual_lines: [] });
    expect(error.message).toContain('new_lines[0] holds a carriage return (\\r) at character 17, but the file\'s lines end in \\n (LF)');
  });

  it('with several candidates, reports each and shows the closest', async () => {
    const error = await failing(chunk('            if item.needs_processing:', ['                result = transform(item)'], ['                x'], '                self.flush()'));
    expect(error.details.check).toBe('context_after');
    expect(error.details.candidates.map((candidate) => [candidate.line, candidate.check])).toEqual([
      [13, 'context_after'],
      [17, 'context_after'],
    ]);
    expect(error.message).toContain('context_before matches at 2 places (old_lines would start at lines 13, 17)');
  });

  it('is atomic: chunk 3 of 3 failing leaves the file unchanged and names chunk 3', async () => {
    const error = await failing(
      chunk('', ['    def process(self, batch):'], ['    def process(self, items):'], '        # Process each item in the batch'),
      chunk('                result = transform(item)', ['                self.count += 1'], [], '        for item in batch:'),
      chunk('                self.log(item)', ['        return self.counter'], ['        return 0'], ''),
    );
    expect(error.details).toMatchObject({ chunk_index: 2, check: 'old_lines' });
    expect(error.message).toMatch(/^chunks\[2\] \(chunk 3 of 3\)/);
  });

  it('overlapping chunks are refused with both placements', async () => {
    const { result, after } = await run({
      target: TARGET,
      ambiguous: 'first',
      chunks: [
        chunk('        # Process each item in the batch', ['        for item in batch:', '            if item.needs_processing:'], ['        for item in batch:'], '                result = transform(item)'),
        chunk('        for item in batch:', ['            if item.needs_processing:'], ['            if item.ready:'], '                result = transform(item)'),
      ],
    });
    expect(after).toBe(processor);
    const error = expectError(result, 'CHUNKS_OVERLAP');
    expect(error.details.chunks).toEqual([
      { chunk_index: 0, first_line: 11, line_count: 2 },
      { chunk_index: 1, first_line: 12, line_count: 1 },
    ]);
    expect(error.message).toContain('chunks[0] (chunk 1) replaces lines 11-12 and chunks[1] (chunk 2) replaces line 12');
    expect(error.message).toContain('chunks[1] also fits at line 16');
  });

  it('an insertion inside lines another chunk replaces overlaps; one at their edge does not', async () => {
    const replace = chunk('        # Process each item in the batch', ['        for item in batch:', '            if item.needs_processing:'], ['        for item in batch:'], '                result = transform(item)');
    const inside = await run({ target: TARGET, ambiguous: 'first', chunks: [replace, chunk('        for item in batch:', [], ['            # inside'], '            if item.needs_processing:')] });
    expect(expectError(inside.result, 'CHUNKS_OVERLAP').details.chunks[1]).toEqual({ chunk_index: 1, first_line: 12, line_count: 0 });
    const edge = await run({ target: TARGET, chunks: [replace, chunk('    def process(self, batch):', [], ['        # first'], '        # Process each item in the batch')] });
    expect(edge.after).toBe(edited({ 9: ['    def process(self, batch):', '        # first'], 11: ['        for item in batch:'], 12: [] }));
  });
});

describe('applyChunks: line endings', () => {
  const crlf = processor.replace(/\n/g, '\r\n');
  const cr = processor.replace(/\n/g, '\r');
  const chunks = [
    chunk('        # Process each item in the batch', [], ['        seen = set()'], '        for item in batch:'),
    chunk('            if item.needs_processing:', ['                result = transform(item)'], ['                result = transform(item)', '                seen.add(item)'], '                self.log(item)'),
    chunk(['                self.log(item)'], ['        return self.count'], [], ''),
  ];
  const expected = edited({ 10: ['        # Process each item in the batch', '        seen = set()'], 17: ['                result = transform(item)', '                seen.add(item)'], 19: [] });

  it('LF files', async () => {
    expect((await run({ target: TARGET, chunks })).after).toBe(expected);
  });

  it('CRLF files keep CRLF, including for lines sent with \\n inside one string', async () => {
    expect((await run({ target: TARGET, chunks }, crlf)).after).toBe(expected.replace(/\n/g, '\r\n'));
    const joined = chunk('    def process(self, batch):\n        # Process each item in the batch', [], ['        a = 1\n        b = 2'], '        for item in batch:');
    expect((await run({ target: TARGET, chunks: [joined] }, crlf)).after).toBe(edited({ 10: ['        # Process each item in the batch', '        a = 1', '        b = 2'] }).replace(/\n/g, '\r\n'));
    // A chunk copied from the raw CRLF file with \r\n inside its strings is split the same way.
    expect((await run({ target: TARGET, chunks: [chunk('        # Process each item in the batch\r\n', [], ['        a = 1\r\n        b = 2'], '        for item in batch:')] }, crlf)).after).toBe(
      edited({ 10: ['        # Process each item in the batch', '        a = 1', '        b = 2'] }).replace(/\n/g, '\r\n'),
    );
    // A line ending in a lone \r (a CRLF file split on \n) is refused, with a way out.
    const stray = await run({ target: TARGET, chunks: [chunk('        # Process each item in the batch', [], ['        a = 1\r'], '        for item in batch:')] }, crlf);
    expect(expectError(stray.result, 'CHUNK_MISMATCH').message).toContain('a \\r not followed by \\n is no line ending there');
    expect(stray.after).toBe(crlf);
  });

  it('CR files keep CR, and \\r inside chunk strings is a line break there', async () => {
    expect((await run({ target: TARGET, chunks }, cr)).after).toBe(expected.replace(/\n/g, '\r'));
    const split = await run({ target: TARGET, chunks: [chunk('        # Process each item in the batch', [], ['        a = 1\r        b = 2'], '        for item in batch:')] }, cr);
    expect(split.after).toBe(edited({ 10: ['        # Process each item in the batch', '        a = 1', '        b = 2'] }).replace(/\n/g, '\r'));
  });

  it('a file with mixed endings keeps the bytes of every line no chunk touches', async () => {
    const mixed = processor.replace('import logging\n', 'import logging\r\n').replace('self.count += 1\n', 'self.count += 1\r\n');
    const { after } = await run({ target: TARGET, chunks: [chunk('        # Process each item in the batch', [], ['        seen = set()'], '        for item in batch:')] }, mixed);
    expect(after).toBe(mixed.replace('        # Process each item in the batch\n', '        # Process each item in the batch\n        seen = set()\n'));
  });

  it('a byte order mark is kept', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(processor)]);
    const fs = memoryFs({ 'proc.py': bom });
    const result = await createEditor({ fs }).applyChunks({ path: 'proc.py', target: TARGET, chunks: [chunk('                self.log(item)', ['        return self.count'], ['        return 0'], '')] });
    expect(result.isOk()).toBe(true);
    const bytes = await fs.readFile('proc.py');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('applyChunks: naming the structure by line and column', () => {
  const last = chunk('                self.log(item)', ['        return self.count'], ['        return 0'], '');

  it('the structure that starts there: line alone, a column in the indentation, or its first character', async () => {
    for (const position of [{ line: 9 }, { line: 9, column: 1 }, { line: 9, column: 5 }]) {
      const { result, after } = await run({ ...position, chunks: [last] });
      expect(result._unsafeUnwrap()).toMatchObject({ target: TARGET, kind: 'method', line_range_inclusive: [9, 19] });
      expect(after).toBe(edited({ 19: ['        return 0'] }));
    }
  });

  it('else the innermost structure holding the position', async () => {
    // Line 12, column 30 is inside the first `if` (lines 12-14), after its start.
    const { result, after } = await run({ line: 12, column: 30, chunks: [chunk('                result = transform(item)', ['                self.count += 1'], ['                self.count += 3'], '')] });
    expect(result._unsafeUnwrap()).toMatchObject({ kind: 'if', line_range_inclusive: [12, 14] });
    expect(after).toBe(edited({ 14: ['                self.count += 3'] }));
  });

  it('NO_STRUCTURE_AT_POSITION for a position outside every structure, naming the nearest', async () => {
    const { result } = await run({ line: 3, chunks: [last] });
    const error = expectError(result, 'NO_STRUCTURE_AT_POSITION');
    expect(error.details).toMatchObject({ path: 'proc.py', line: 3, column: 1, line_text: '', state: 'FILE_UNCHANGED' });
    expect(error.details.nearby.map((node) => [node.kind, node.line_range_inclusive, node.target])).toEqual([
      ['class', [4, 22], 'class Processor'],
      ['import', [1, 1], 'import logging'],
    ]);
    expect(error.message).toContain('Line 3, column 1 of proc.py is blank and lies outside every structure');
  });

  it('INVALID_ARGUMENT for a line or column past the end', async () => {
    expect(expectError((await run({ line: 40, chunks: [last] })).result, 'INVALID_ARGUMENT').message).toContain('proc.py has 22 lines; line must be between 1 and 22');
    expect(expectError((await run({ line: 9, column: 40, chunks: [last] })).result, 'INVALID_ARGUMENT').message).toContain('line 9 of proc.py has 29 characters');
  });
});

describe('applyChunks: arguments, syntax, languages', () => {
  it('INVALID_ARGUMENT names each problem', async () => {
    const both = await run({ target: TARGET, line: 9, chunks: [chunk('', ['x'], ['y'], '')] });
    expect(expectError(both.result, 'INVALID_ARGUMENT').details.issues).toEqual([{ field: 'line', message: 'give either target or line, not both' }]);
    const neither = await run({ chunks: [chunk('', ['x'], ['y'], '')] });
    expect(expectError(neither.result, 'INVALID_ARGUMENT').details.issues[0]!.field).toBe('target');
    const missing = await run({ target: TARGET, chunks: [{ context_before: '', old_lines: ['x'], new_lines: ['y'] } as unknown as Chunk] });
    expect(expectError(missing.result, 'INVALID_ARGUMENT').details.issues).toEqual([{ field: 'chunks.0.context_after', message: 'required: the line(s) directly below old_lines, or "" when the chunk ends at the structure\'s last line' }]);
    const empty = await run({ target: TARGET, chunks: [chunk('x', [], [], 'y')] });
    expect(expectError(empty.result, 'INVALID_ARGUMENT').details.issues[0]!.field).toBe('chunks.0');
    expect(expectError((await run({ target: TARGET, chunks: [] })).result, 'INVALID_ARGUMENT').details.issues[0]!.field).toBe('chunks');
  });

  it('TARGET_NOT_FOUND and TARGET_AMBIGUOUS as for every write', async () => {
    expectError((await run({ target: 'class Processor\ndef proces(x)', chunks: [chunk('', ['x'], ['y'], '')] })).result, 'TARGET_NOT_FOUND');
    expectError((await run({ target: 'class Processor\ndef', chunks: [chunk('', ['x'], ['y'], '')] })).result, 'TARGET_AMBIGUOUS');
  });

  it('SYNTAX_ERROR and nothing written; a SYNTAX_BROKEN warning with force: true or under syntax: warn', async () => {
    const broken = [chunk('    def process(self, batch):', ['        # Process each item in the batch'], ['        if (:'], '        for item in batch:')];
    const rejected = await run({ target: TARGET, chunks: broken });
    expect(expectError(rejected.result, 'SYNTAX_ERROR').details.state).toBe('FILE_UNCHANGED');
    expect(rejected.after).toBe(processor);
    const forced = await run({ target: TARGET, chunks: broken, force: true });
    expect(forced.result._unsafeUnwrap().warnings.map((warning) => warning.type)).toEqual(['SYNTAX_BROKEN']);
    expect(forced.after).toBe(edited({ 10: ['        if (:'] }));
    const warned = await run({ target: TARGET, chunks: broken }, processor, { syntax: 'warn' });
    expect(warned.result._unsafeUnwrap().warnings.map((warning) => warning.type)).toEqual(['SYNTAX_BROKEN']);
    expect(warned.after).toBe(edited({ 10: ['        if (:'] }));
  });

  it('TypeScript: a method of a class', async () => {
    const source = lines('export class Cart {', '  total(items: Item[]): number {', '    let sum = 0;', '    for (const item of items) sum += item.price;', '    return sum;', '  }', '}');
    const { result, after } = await run({
      path: 'cart.ts',
      target: 'export class Cart\ntotal',
      chunks: [chunk('    let sum = 0;', ['    for (const item of items) sum += item.price;'], ['    for (const item of items) sum += item.price * item.quantity;'], '    return sum;')],
    }, source);
    expect(after).toBe(source.replace('item.price;', 'item.price * item.quantity;'));
    expect(result._unsafeUnwrap()).toMatchObject({ kind: 'method', line_range_inclusive: [2, 6] });
  });

  it('Markdown: a section', async () => {
    const source = lines('# Shop', '', '## Install', '', 'npm install shop', '', '## Use', '', 'Call `shop()`.');
    const { after } = await run({ path: 'README.md', target: 'Shop\nInstall', chunks: [chunk('', ['## Install'], ['## Installation'], ['', 'npm install shop'])] }, source);
    expect(after).toBe(source.replace('## Install\n', '## Installation\n'));
  });

  it('a structure starting mid-line (`} else {`) shows and takes its line with the indentation', async () => {
    const source = lines('function f(a) {', '  if (a) {', '    x();', '  } else {', '    y();', '  }', '}');
    const { result, after } = await run({ path: 'f.js', target: 'function f\nif (a)\nelse', chunks: [chunk('', ['  else {', '    y();'], ['  else {', '    z();', '    y();'], '  }')] }, source);
    expect(after).toBe(source.replace('    y();\n', '    z();\n    y();\n'));
    expect(result._unsafeUnwrap()).toMatchObject({ kind: 'else', line_range_inclusive: [4, 7] });
    const first = await run({ path: 'f.js', target: 'function f\nif (a)\nelse', chunks: [chunk('', ['  else {'], ['  else if (b) {'], '    y();')] }, source);
    expect(first.after).toBe(source.replace('} else {', '} else if (b) {'));
  });

  it('the whole file by target ""', async () => {
    const { result, after } = await run({ target: '', chunks: [chunk('', ['import logging'], ['import logging', 'import os'], ['', ''])] });
    expect(after).toBe(edited({ 1: ['import logging', 'import os'] }));
    expect(result._unsafeUnwrap()).toMatchObject({ target: '', kind: 'file', line_range_inclusive: [1, 23] });
  });
});
