import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedSpans, languageErrors } from '../../src/core/edit/language-errors.js';
import { addedErrors } from '../../src/core/edit/syntax-check.js';
import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import { profileOf } from '../../src/core/languages/profiles/index.js';
import { createSourceText } from '../../src/core/text/source-text.js';
import { loadGrammar } from '../../src/parsing/tree-sitter-loader.js';
import { languageSample } from '../corpus/corpus.js';
import { editorOver, expectFigures } from '../helpers.js';

/**
 * The compiler rules look only at what an edit changed. Edits spread over a large file are looked at
 * span by span (each edit apart, `changedSpans` cutting the middle at the lines both versions share):
 * on real files with edits that break them, the errors found added must be those found looking at the
 * whole middle at once.
 */
describe('compiler rules over the spans an edit changed, each apart', () => {
  it("an edit at a file's start that leaves it starting with blank lines is checked (the span's widening looped forever)", async () => {
    for (const [path, text] of [['a.py', 'import os\n\n\nx = 1\n'], ['a.go', '// Package a.\n\n\npackage a\n']] as const) {
      const { editor, fs } = editorOver({ [path]: text });
      expectFigures(await editor.editFile({ path, edits: [{ old_text: text.slice(0, text.indexOf('\n') + 1), new_text: '' }] }));
      expect(fs.snapshot()[path]).toBe(text.slice(text.indexOf('\n') + 1));
    }
  });

  it("a function's last statement deleted below a comment is refused: the span reaches the header above the comment", async () => {
    const text = 'def f():\n    # the answer\n    return 1\n\n\ndef g():\n    pass\n';
    const { editor, fs } = editorOver({ 'a.py': text });
    const refused = await editor.editFile({ path: 'a.py', edits: [{ old_text: '    return 1\n', new_text: '' }] });
    expect(refused._unsafeUnwrapErr()).toMatchObject({ error: 'SYNTAX_ERROR', details: { errors: [{ kind: 'MISSING', missing: 'pass' }] } });
    expect(fs.snapshot()['a.py']).toBe(text);
  });

  it("a block's only statement deleted above `elif`/`except` is refused: the empty block left has no width, and is still looked at", async () => {
    for (const [text, line] of [
      ['import os\nif os.name == "nt":\n    x = 1\nelif os.name == "posix":\n    x = 2\n', '    x = 1\n'],
      ['try:\n    import fcntl\nexcept ImportError:\n    fcntl = None\n', '    import fcntl\n'],
    ] as const) {
      const { editor, fs } = editorOver({ 'a.py': text });
      const refused = await editor.editFile({ path: 'a.py', edits: [{ old_text: line, new_text: '' }] });
      expect(refused._unsafeUnwrapErr()).toMatchObject({ error: 'SYNTAX_ERROR', details: { errors: [{ kind: 'MISSING', missing: 'pass' }] } });
      expect(fs.snapshot()['a.py']).toBe(text);
    }
  });

  it('find the same errors added as over one span from the first change to the last (real files, six languages)', { timeout: 120_000 }, async () => {
    const registry = createLanguageRegistry();
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const counts: string[] = [];
    for (const [language, extension] of [['python', 'py'], ['go', 'go'], ['java', 'java'], ['rust', 'rs'], ['javascript', 'js'], ['typescript', 'ts']] as const) {
      const sample = languageSample(language, 30);
      if (!('files' in sample)) throw new Error(sample.missing);
      const definition = registry.resolve(`m.${extension}`)._unsafeUnwrap();
      const grammar = await loadGrammar(definition);
      const profile = profileOf(definition.id);
      let edits = 0;
      let found = 0;
      let regions = 0;
      for (const file of sample.files) {
        const text = readFileSync(join(sample.root, file), 'utf8');
        const lines = text.split('\n');
        if (lines.length < 60) continue;
        // Up to 5 edits that break code the grammar still parses: a line deleted (a return, a use, a handler), a declaration's line
        // doubled. Only edits after which the file parses as cleanly as before count: any other is refused for its syntax errors.
        const before = grammar.parser.parse(text)!;
        const clean = !before.rootNode.hasError;
        before.delete();
        if (!clean) continue;
        let after = '';
        for (let attempt = 0; attempt < 12 && after === ''; attempt++) {
          const edited = [...lines];
          for (let count = 1 + random(5); count > 0; count--) {
            // Half of them at lines the rules read: a `return` or a block's only line above a clause (`else:`, `} catch`)
            // deleted, a `let`/`const`/`var` or a `use`/`import` doubled.
            const aboveClause = (index: number) => /[:{]\s*$/.test(edited[index - 1] ?? '') && /^\s*(?:\}\s*)?(?:else|elif|except|catch|finally)\b/.test(edited[index + 1] ?? '');
            const telling = edited.flatMap((line, index) => (/^\s*(?:return\b|(?:let|const|var|use|import)\s)/.test(line) || aboveClause(index) ? [index] : []));
            const at = random(2) === 0 && telling.length > 0 ? telling[random(telling.length)]! : random(edited.length);
            const line = edited[at] ?? '';
            if (/^\s*return\b/.test(line) || aboveClause(at)) edited.splice(at, 1);
            else if (/^\s*(?:let|const|var|use|import)\s/.test(line) || random(2) === 0) edited.splice(at, 0, line);
            else edited.splice(at, 1);
          }
          const tree = grammar.parser.parse(edited.join('\n'))!;
          if (!tree.rootNode.hasError) after = edited.join('\n');
          tree.delete();
        }
        if (after === '') continue;
        const [treeBefore, treeAfter] = [grammar.parser.parse(text)!, grammar.parser.parse(after)!];
        try {
          const [sourceBefore, sourceAfter] = [createSourceText(text), createSourceText(after)];
          const added = (oneSpanUpTo: number) => {
            const spans = oneSpanUpTo === -1 ? [{ before: { start: 0, end: text.length }, after: { start: 0, end: after.length } }] : changedSpans(text, after, oneSpanUpTo);
            return addedErrors(
              languageErrors(profile, sourceBefore, treeBefore.rootNode, spans.map((span) => span.before)),
              languageErrors(profile, sourceAfter, treeAfter.rootNode, spans.map((span) => span.after)),
            );
          };
          // (In the order found: by span, then by rule.)
          const sorted = (errors: ReturnType<typeof added>) => [...errors].sort((a, b) => a.line - b.line || a.column - b.column || String(a.reason).localeCompare(String(b.reason)));
          const whole = sorted(added(Infinity));
          const apart = sorted(added(0));
          expect(apart, `${file}\n${JSON.stringify(changedSpans(text, after, 0))}\n${JSON.stringify(whole)}\n${JSON.stringify(apart)}`).toEqual(whole);
          const everywhere = sorted(added(-1));
          expect(whole, `${file} whole file\n${JSON.stringify(changedSpans(text, after, 0))}\n${JSON.stringify(everywhere)}\n${JSON.stringify(whole)}`).toEqual(everywhere);
          edits++;
          found += whole.length;
          regions += changedSpans(text, after, 0).length;
        } finally {
          treeBefore.delete();
          treeAfter.delete();
        }
      }
      counts.push(`${language} ${edits} files (${regions} spans), ${found} errors added`);
      expect(edits).toBeGreaterThan(8);
    }
    console.log(`compiler rules, spans apart against one span: ${counts.join('; ')}: the same errors each time`);
  });
});
