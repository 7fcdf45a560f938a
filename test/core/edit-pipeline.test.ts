import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { faultyFs, memoryFs } from 'structedit';
import { applyReplacements, isOverlap, type Replacement } from '../../src/core/edit/replacements.js';
import { addedSyntaxErrors } from '../../src/core/edit/syntax-check.js';
import { BUILTIN_LANGUAGES } from '../../src/core/languages/definitions.js';
import { createSourceText, type SourceText } from '../../src/core/text/source-text.js';
import { commitFiles } from '../../src/editor/commit.js';
import { parseStructureTree } from '../../src/parsing/parse-structure.js';

const applied = (source: SourceText, replacements: Replacement[]) => {
  const result = applyReplacements(source, replacements);
  if (isOverlap(result)) throw new Error('overlap');
  return result;
};

describe('applyReplacements', () => {
  it('keeps the bytes of untouched lines and writes new lines with the dominant ending', () => {
    const source = createSourceText('a\r\nb\nc\r\nd\r\n');
    // In the \n form: "a\nb\nc\nd\n"; replace "c" with two lines, insert at the start.
    const result = applied(source, [
      { start: 4, end: 5, text: 'x\ny' },
      { start: 0, end: 0, text: '# top\n' },
    ]);
    expect(result.original).toBe('# top\r\na\r\nb\nx\r\ny\r\nd\r\n');
    expect(result.text).toBe('# top\na\nb\nx\ny\nd\n');
  });

  it('keeps a byte order mark flag and refuses overlapping replacements', () => {
    const source = createSourceText('abc', true);
    expect(applied(source, [{ start: 1, end: 2, text: '' }])).toMatchObject({ original: 'ac', bom: true });
    expect(isOverlap(applyReplacements(source, [{ start: 0, end: 2, text: 'x' }, { start: 1, end: 3, text: 'y' }]))).toBe(true);
  });

  it('equals splicing the \\n text when the file has only \\n endings (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(fc.tuple(fc.nat(40), fc.nat(5), fc.string({ maxLength: 5 })), { maxLength: 5 }), (raw, edits) => {
        const text = raw.replace(/\r/g, '');
        const source = createSourceText(text);
        // Non-overlapping replacements, left to right.
        const replacements: Replacement[] = [];
        let cursor = 0;
        for (const [gap, length, insert] of edits) {
          const start = Math.min(text.length, cursor + gap % 7);
          const end = Math.min(text.length, start + length);
          replacements.push({ start, end, text: insert.replace(/\r/g, '') });
          cursor = end + 1;
          if (cursor > text.length) break;
        }
        let expected = '';
        let at = 0;
        for (const replacement of replacements) {
          expected += text.slice(at, replacement.start) + replacement.text;
          at = replacement.end;
        }
        expected += text.slice(at);
        expect(applied(source, replacements).original).toBe(expected);
      }),
    );
  });
});

describe('addedSyntaxErrors', () => {
  const python = BUILTIN_LANGUAGES.find((language) => language.id === 'python')!;
  const tree = (text: string) => parseStructureTree(createSourceText(text), python);

  it('reports only the errors the edit added, whatever the errors moved to', async () => {
    const before = await tree('def bad(:\n    pass\n\ndef good():\n    pass\n');
    const movedOnly = await tree('\n\ndef bad(:\n    pass\n\ndef good():\n    pass\n');
    expect(addedSyntaxErrors(before, movedOnly)).toEqual([]);
    const broken = await tree('def bad(:\n    pass\n\ndef good(:\n    pass\n');
    expect(addedSyntaxErrors(before, broken).map((error) => error.line)).toEqual([4]);
  });
});

describe('commitFiles', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('writes every file, creating folders', async () => {
    const fs = memoryFs({ 'a.py': 'old' });
    const result = await commitFiles(fs, [
      { path: 'a.py', before: bytes('old'), after: bytes('new') },
      { path: 'pkg/deep/b.py', before: null, after: bytes('created') },
    ]);
    expect(result.isOk()).toBe(true);
    expect(fs.snapshot()).toEqual({ 'a.py': 'new', 'pkg/deep/b.py': 'created' });
  });

  it('restores the files already written when a later write fails', async () => {
    const base = memoryFs({ 'a.py': 'a0', 'b.py': 'b0' });
    const failing = faultyFs(base, { failAt: 3, operations: ['write'], code: 'ENOSPC', splitWrites: false });
    const result = await commitFiles(failing, [
      { path: 'a.py', before: bytes('a0'), after: bytes('a1') },
      { path: 'new.py', before: null, after: bytes('n1') },
      { path: 'b.py', before: bytes('b0'), after: bytes('b1') },
    ]);
    expect(result._unsafeUnwrapErr()).toMatchObject({ error: 'IO_ERROR', details: { path: 'b.py', code: 'ENOSPC', state: 'FILE_UNCHANGED' } });
    expect(base.snapshot()).toEqual({ 'a.py': 'a0', 'b.py': 'b0' });
  });

  it('says so when the restore fails too', async () => {
    const base = memoryFs({ 'a.py': 'a0', 'b.py': 'b0' });
    const failing = faultyFs(base, { failAt: 2, failures: Infinity, operations: ['write'], splitWrites: false });
    const result = await commitFiles(failing, [
      { path: 'a.py', before: bytes('a0'), after: bytes('a1') },
      { path: 'b.py', before: bytes('b0'), after: bytes('b1') },
    ]);
    expect(result._unsafeUnwrapErr()).toMatchObject({ error: 'IO_ERROR', details: { code: 'ROLLBACK_FAILED', path: 'a.py', state: 'FILES_MAY_HAVE_CHANGED' } });
  });
});
