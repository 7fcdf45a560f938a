import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';
import { pythonSample } from '../corpus/corpus.js';

/**
 * Deleting the only statement of a Python block (a method's only statement, an `if`'s before its
 * `else`, a class's only method): tree-sitter parses the empty block left without an error, so the
 * syntax check passed and the write came back applied while Python refused to compile the file.
 * The deletion writes `pass` in its place now, and a text edit taking out the same lines is refused
 * (`SYNTAX_ERROR`: the check counts a block left empty as a syntax error). Oracle: CPython's own
 * `compile()`, on real code (the standard library), for every such structure of the sampled files that
 * compile before.
 */

const FILES = 60;
const PER_FILE = 4;
const CLAUSE = /^(?:else|elif|except|finally|case|catch)\b/;

/** Each structure whose siblings are all clauses (`else:`, `except:`): the only statement of its block. */
function onlyStatements(listings: readonly StructureListing[], depth = 0): StructureListing[] {
  const found: StructureListing[] = [];
  for (const listing of listings) {
    const children = listing.children ?? [];
    const statements = children.filter((child) => !CLAUSE.test(child.target?.split('\n').pop() ?? child.kind) && !['else', 'elif', 'catch', 'finally'].includes(child.kind));
    if (depth >= 0 && statements.length === 1 && statements[0]!.target !== null) found.push(statements[0]!);
    found.push(...onlyStatements(children, depth + 1));
  }
  return found;
}

describe('a deletion that empties a Python block (CPython compile() as the oracle)', () => {
  it('leaves every sampled standard library file compiling', { timeout: 120_000 }, async () => {
    const { root, files } = pythonSample(FILES);
    const folder = mkdtempSync(join(tmpdir(), 'structedit-emptied-'));
    const written: string[] = [];
    let deleted = 0;
    let filled = 0;
    let textEditsRefused = 0;
    const textEditsNotRefused: string[] = [];
    try {
      for (const file of files) {
        const text = readFileSync(join(root, file), 'utf8');
        const editor = createEditor({ fs: memoryFs({ 'm.py': text }), semantic: 'syntax' });
        const listing = await editor.listStructures({ path: 'm.py' });
        if (listing.isErr()) continue;
        const candidates = onlyStatements(listing.value.structures);
        const step = Math.max(1, Math.floor(candidates.length / PER_FILE));
        for (const candidate of candidates.filter((_, index) => index % step === 0).slice(0, PER_FILE)) {
          const fs = memoryFs({ 'm.py': text });
          const one = createEditor({ fs, semantic: 'syntax' });
          // (force: what is measured is that the file compiles; the uses of what is deleted are another check's.)
          const result = await one.deleteStructure({ path: 'm.py', target: candidate.target!, force: true });
          if (result.isErr()) continue;
          deleted++;
          if (result.value.warnings.some((warning) => warning.type === 'STRUCTURE_EMPTY' && warning.message.includes('was written in place'))) filled++;
          // The same lines taken out by a text edit: refused (the check counts the block left empty as a syntax error).
          const [first, last] = candidate.line_range_inclusive;
          const lines = text.split('\n');
          const oldText = `${lines.slice(first - 1, last).join('\n')}\n`;
          // (Not a one-line compound statement, `if x: return 1`: its line is the whole statement, not its body.)
          const oneLiner = /^\s*(?:if|elif|else|for|while|with|try|except|finally|def|class|async)\b[^#]*:\s*\S/.test(lines[first - 1]!);
          if (!oneLiner && text.indexOf(oldText) === text.lastIndexOf(oldText)) {
            const textEdit = await createEditor({ fs: memoryFs({ 'm.py': text }), semantic: 'syntax' }).editFile({ path: 'm.py', edits: [{ old_text: oldText, new_text: '' }], force: false });
            if (textEdit.isOk() || textEdit.error.error !== 'SYNTAX_ERROR') textEditsNotRefused.push(`${file}:${first}-${last}: ${textEdit.isOk() ? 'applied' : textEdit.error.error}`);
            else textEditsRefused++;
          }
          const out = join(folder, `${written.length}.py`);
          writeFileSync(out, fs.snapshot()['m.py'] as string);
          writeFileSync(`${out}.orig`, text);
          written.push(`${file}:${candidate.line_range_inclusive.join('-')} ${candidate.kind} ${JSON.stringify(candidate.target)}`);
        }
      }
      // One CPython process compiles every edited file whose original compiles; it prints the index of each that does not.
      const check = [
        'import sys, os',
        'folder, count = sys.argv[1], int(sys.argv[2])',
        'for i in range(count):',
        '    path = os.path.join(folder, f"{i}.py")',
        '    try: compile(open(path + ".orig", encoding="utf-8").read(), path, "exec")',
        '    except SyntaxError: continue',
        '    try: compile(open(path, encoding="utf-8").read(), path, "exec")',
        '    except SyntaxError as e: print(i, e.msg)',
      ].join('\n');
      const failures = execFileSync('python3', ['-c', check, folder, String(written.length)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((line) => `${written[Number(line.split(' ')[0])]}: ${line.slice(line.indexOf(' ') + 1)}`);
      console.log(
        `[emptied blocks] ${files.length} standard library files: ${deleted} only statements of their block deleted, ${filled} with pass written in place; ${deleted - failures.length} compile (CPython compile()); the same lines taken out by file_edit: ${textEditsRefused} refused (SYNTAX_ERROR), ${textEditsNotRefused.length} not`,
      );
      expect(failures).toEqual([]);
      expect(textEditsNotRefused).toEqual([]);
      expect(textEditsRefused).toBeGreaterThan(20);
      expect(filled).toBeGreaterThan(20);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
