import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor } from 'structedit';
import { nodeFs } from 'structedit/node';
import { pyrightDiagnostics, STDLIB, stdlibMissing, variantsFolder } from './pyright-check.js';

/**
 * The check of names an edit's new text imports (`from m import x`, m a module under the root)
 * against pyright, on the standard library (the root: its modules are the project's files). In real
 * modules, every top-level `from m import …` is rewritten by file_edit (a dry run) twice: as itself
 * reformatted (`from m import (a, b)`), which must apply, and with its first name imported under a
 * name the module lacks (`a_structedit as a`), written out for pyright. Every refusal of the second
 * must be one pyright confirms (it reports the name unknown on that line); the ones applied that
 * pyright reports are counted: imports of C modules, of modules structedit reads as the
 * interpreter's own (`keyword`, `abc`), and of modules that may bind any name (a module
 * `__getattr__`, a star import, `globals()`), which are taken at their word. Statements inside `try:`
 * (optional imports), relative imports (each variant is written alone) and statements written twice
 * in a module are left out.
 */
const MODULES = ['argparse', 'calendar', 'configparser', 'csv', 'difflib', 'email/utils.py', 'fnmatch', 'gettext', 'glob', 'http/client.py', 'json/decoder.py', 'logging/handlers.py', 'pprint', 'shlex', 'smtplib', 'statistics', 'string', 'tarfile', 'textwrap', 'zipfile.py', 'email/message.py', 'email/generator.py', 'http/server.py', 'logging/config.py', 'unittest/case.py', 'urllib/request.py', 'xml/dom/minidom.py', 'json/__init__.py', 'multiprocessing/pool.py', 'asyncio/base_events.py', 'email/_header_value_parser.py', 'pydoc.py', 'inspect.py', 'dataclasses.py', 'typing.py'];
const FROM_IMPORT = /^from ([\w.]+) import ([\w, ]+)$/gm;

const work = variantsFolder('imports');

describe.skipIf(stdlibMissing !== null)('imports written by an edit agree with pyright on the standard library', () => {
  it('an import of a name the module has applies; every one refused lacks its name, as pyright reports', async () => {
    const editor = createEditor({ fs: nodeFs({ root: STDLIB }), semantic: 'syntax' });
    const wrong: string[] = [];
    const variants: Array<{ file: string; line: number; name: string; statement: string; refused: boolean }> = [];
    for (const module of MODULES) {
      const path = module.endsWith('.py') ? module : `${module}.py`;
      const text = readFileSync(join(STDLIB, path), 'utf8');
      for (const match of text.matchAll(FROM_IMPORT)) {
        const [statement, from, names] = match;
        // (Relative imports are left out: each variant is written alone, where pyright cannot follow them.)
        if (from === '__future__' || from!.startsWith('.') || /^\s*try:\s*$/m.test(text.slice(Math.max(0, text.lastIndexOf('\n', match.index - 2) - 40), match.index))) continue;
        const imported = names!.split(',').map((name) => name.trim());
        if (imported.some((name) => name === '' || name.includes(' ')) || text.indexOf(statement!) !== text.lastIndexOf(statement!)) continue;
        const same = await editor.editFile({ path, edits: [{ old_text: statement!, new_text: `from ${from} import (${imported.join(', ')})` }], dry_run: true });
        if (same.isErr()) wrong.push(`${path}: ${statement} reformatted refused: ${same.error.error}: ${same.error.message.slice(0, 200)}`);
        const missing = `${imported[0]}_structedit`;
        const rewritten = `from ${from} import ${[`${missing} as ${imported[0]}`, ...imported.slice(1)].join(', ')}`;
        const result = await editor.editFile({ path, edits: [{ old_text: statement!, new_text: rewritten }], dry_run: true });
        if (result.isErr() && result.error.error !== 'NAMES_OUT_OF_REACH') wrong.push(`${path}: ${rewritten} refused otherwise: ${result.error.error}`);
        const variant = `v${variants.length}_${path.replace(/\W/g, '_')}.py`;
        writeFileSync(join(work, variant), text.replace(statement!, rewritten));
        variants.push({ file: variant, line: text.slice(0, match.index).split('\n').length, name: missing, statement: `${path}: ${rewritten}`, refused: result.isErr() });
      }
    }
    const diagnostics = pyrightDiagnostics(work);
    const unknown = new Set(variants.filter((variant) => diagnostics.some((diagnostic) => diagnostic.file.endsWith(variant.file) && diagnostic.range.start.line + 1 === variant.line && diagnostic.message.includes(`"${variant.name}"`))));
    for (const variant of variants) if (variant.refused && !unknown.has(variant)) wrong.push(`${variant.statement} refused, but pyright finds the name`);
    const refused = variants.filter((variant) => variant.refused).length;
    console.log(
      `[pyright] ${variants.length} imports of ${MODULES.length} standard-library modules: reformatted, ${variants.length - wrong.filter((line) => line.includes('reformatted')).length} applied; ` +
        `given a name the module lacks, pyright reports ${unknown.size} unknown and the check refuses ${refused} (NAMES_OUT_OF_REACH), every one among pyright's; ` +
        `${unknown.size - refused} applied (C modules, the interpreter's own modules, modules that may bind any name: taken at their word)${wrong.length > 0 ? `\n  ${wrong.join('\n  ')}` : ''}`,
    );
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(15);
  }, 600_000);
});
