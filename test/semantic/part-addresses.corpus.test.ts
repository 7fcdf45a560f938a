import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';
import { syntaxEditorOver as editorOver, expectOk, lines } from '../helpers.js';

/**
 * Issue 17, case 7: a part after a target line is always a part, however long the line. A listed
 * target is cut at 50 characters; `<that target>.params[0]` once removed the whole function.
 */

describe('a part after a long target line', () => {
  // A sibling sharing 49 characters makes the shortest unique target the 50-character prefix.
  const go = lines('package x', '', 'func TestAVeryLongFunctionNameThatGoesOnAndOnForeverAndEver(t int) int {', '\treturn t', '}', '', 'func TestAVeryLongFunctionNameThatGoesOnAndOnForeX() {}');
  const target = 'func TestAVeryLongFunctionNameThatGoesOnAndOnForev';

  it('listStructures gives the 50-character target, and .params[0] removes only the parameter', async () => {
    const { editor, fs } = editorOver({ 'x.go': go });
    const listed = expectOk(await editor.listStructures({ path: 'x.go' }));
    expect(listed.structures.map((structure) => structure.target)).toContain(target);
    expectOk(await editor.applyEdits({ edits: [{ op: 'remove', path: 'x.go', address: `${target}.params[0]`, force: true }] }));
    expect(fs.snapshot()['x.go']).toBe(go.replace('(t int)', '()'));
  });

  it('.body replaces only the body, keeping the function', async () => {
    const { editor, fs } = editorOver({ 'x.go': go });
    expectOk(await editor.applyEdits({ edits: [{ op: 'set', path: 'x.go', address: `${target}.body`, value: 'panic("x")' }] }));
    expect(fs.snapshot()['x.go']).toBe(go.replace('\treturn t', '\tpanic("x")'));
  });
});

/** Every function-like structure with its target, depth-first. */
function functions(structures: readonly StructureListing[], out: StructureListing[] = []): StructureListing[] {
  for (const structure of structures) {
    if (/function|method/.test(structure.kind) && structure.target !== null && structure.name !== null) out.push(structure);
    functions(structure.children, out);
  }
  return out;
}

const PYTHON = '/root/.pyenv/versions/3.11.7/lib/python3.11';
const CORPUS: Array<[string, string[]]> = [
  [PYTHON, ['argparse.py', 'ast.py', 'inspect.py', 'typing.py', 'dataclasses.py', 'logging/__init__.py']],
  [join(import.meta.dirname, '..', '..', 'node_modules', '@ai-sdk', 'provider-utils', 'src'), readdirSync(join(import.meta.dirname, '..', '..', 'node_modules', '@ai-sdk', 'provider-utils', 'src')).filter((name) => /\.ts$/.test(name) && !name.endsWith('.test.ts')).slice(0, 25)],
];

describe('every listed target of real code, with a part, edits only that part', () => {
  it('`.name` set to itself changes nothing, and `.params[0]` removed leaves the function and every other one in place', async () => {
    let checked = 0;
    let longTargets = 0;
    let parameters = 0;
    for (const [root, names] of CORPUS) {
      for (const name of names) {
        const text = readFileSync(join(root, name), 'utf8');
        const path = name.replace(/.*\//, '');
        const editor = createEditor({ fs: memoryFs({ [path]: text }), semantic: 'syntax' });
        const listed = expectOk(await editor.listStructures({ path }));
        const before = functions(listed.structures).length;
        for (const structure of functions(listed.structures)) {
          checked++;
          const same = await editor.applyEdits({ edits: [{ op: 'set', path, address: `${structure.target}.name`, value: structure.name! }], options: { dry_run: true } });
          expect(same.isOk() ? same.value.would_change?.flatMap((file) => file.changes) : same.error.message, `${path} ${structure.target}.name`).toEqual([]);
          // The whole header line as the last target line (as a model copies it): longer than the 50
          // characters compared, and the part after it is still a part.
          const read = expectOk(await editor.readStructure({ path, target: structure.target! }));
          const header = read.matches[0]!.text.split('\n').find((line) => line.includes(`${structure.name}(`))?.trim();
          if (header && header.length > 50) {
            longTargets++;
            const address = [...structure.target!.split('\n').slice(0, -1), header].join('\n');
            const long = await editor.applyEdits({ edits: [{ op: 'set', path, address: `${address}.name`, value: structure.name! }], options: { dry_run: true } });
            expect(long.isOk() ? long.value.would_change?.flatMap((file) => file.changes) : long.error.error, `${path} ${address}.name`).toEqual([]);
          }
          // Every third function: a write, a re-read and an undo each.
          if (checked % 3 !== 0) continue;
          const removed = await editor.applyEdits({ edits: [{ op: 'remove', path, address: `${structure.target}.params[0]`, force: true }] });
          if (removed.isErr()) continue;
          parameters++;
          // The function is still there with its name, so are the other functions and the top level; then the file goes back.
          const after = expectOk(await editor.listStructures({ path }));
          expect(after.structures.length, `${path} ${structure.target}.params[0]`).toBe(listed.structures.length);
          expect(functions(after.structures).length, `${path} ${structure.target}.params[0]`).toBe(before);
          expect(functions(after.structures).some((other) => other.name === structure.name), `${path} ${structure.target}.params[0]`).toBe(true);
          expectOk(await editor.undo({ undo_token: removed.value.undo_token! }));
        }
      }
    }
    console.log(`part addresses on real code: ${checked} functions (${longTargets} also addressed by their whole header line, longer than the 50 characters compared); .name unchanged for all, .params[0] removed from ${parameters} changing only the parameter lines`);
    expect(checked).toBeGreaterThan(400);
    expect(longTargets).toBeGreaterThan(50);
    expect(parameters).toBeGreaterThan(100);
  });
});
