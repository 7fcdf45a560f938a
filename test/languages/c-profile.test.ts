import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { nodeFs } from 'structedit/node';

/**
 * The C profile (src/core/languages/profiles/c.ts): parameters live in a function's declarator, and
 * `(void)` is an empty parameter list. Measured on real C: the tree-sitter runtime sources as
 * web-tree-sitter 0.25 shipped them (the devDependency tree-sitter-runtime-sources).
 */

async function dryRun(files: Record<string, string>, edit: Record<string, unknown>) {
  const editor = createEditor({ fs: memoryFs(files) });
  const result = await editor.applyEdits({ edits: [edit as never], options: { dry_run: true } });
  if (result.isErr()) throw new Error(result.error.message);
  return result.value.would_change!.flatMap((file) => file.changes.map((change) => change.after));
}

describe('C parameters', () => {
  const source = 'static int f(void) {\n  return 0;\n}\n\nint *g(int a, char *b) {\n  return b[a];\n}\n';

  it('adds a parameter to a function returning a pointer (the list sits in the declarator)', async () => {
    expect(await dryRun({ 'a.c': source }, { op: 'add', path: 'a.c', address: 'int *g(int a, char *b).params', value: 'int c' })).toEqual(['int *g(int a, char *b, int c) {']);
  });

  it('adds the first parameter in place of void', async () => {
    expect(await dryRun({ 'a.c': source }, { op: 'add', path: 'a.c', address: 'static int f(void).params', value: 'int x' })).toEqual(['static int f(int x) {']);
  });

  it('selects a parameter by the name inside its declarator: pointer, array, function pointer, C++ reference', async () => {
    const c = { 'p.c': 'void p(char *name, int counts[4], void (*done)(int), const char **argv) {\n}\n' };
    expect(await dryRun(c, { op: 'remove', path: 'p.c', address: 'void p\n.params.name' })).toEqual(['void p(int counts[4], void (*done)(int), const char **argv) {']);
    expect(await dryRun(c, { op: 'remove', path: 'p.c', address: 'void p\n.params.counts' })).toEqual(['void p(char *name, void (*done)(int), const char **argv) {']);
    expect(await dryRun(c, { op: 'remove', path: 'p.c', address: 'void p\n.params.done' })).toEqual(['void p(char *name, int counts[4], const char **argv) {']);
    expect(await dryRun(c, { op: 'remove', path: 'p.c', address: 'void p\n.params.argv' })).toEqual(['void p(char *name, int counts[4], void (*done)(int)) {']);
    const cpp = { 'r.cpp': 'void r(const std::string &text, int n) {\n}\n' };
    expect(await dryRun(cpp, { op: 'remove', path: 'r.cpp', address: 'void r\n.params.text' })).toEqual(['void r(int n) {']);
  });

  it('finds the parameters and name of a C++ function returning a reference (int&, T&&, operator*), so its uses are checked', async () => {
    // libstdc++'s node_handle.h (`_NodeAlloc& operator*() noexcept`): PART_NOT_FOUND, and a used function so declared
    // was deleted, or given a parameter its calls lack, without a word (its name was not found, so no use was looked for).
    const source = 'int g_x;\nint& pick(int a) { return g_x; }\nint&& take(int b) { return static_cast<int&&>(g_x); }\nstruct S {\n  int& operator*() noexcept { return x; }\n  int x;\n};\n';
    const uses = `${source}int use() { return pick(1) + take(2); }\n`;
    expect(await dryRun({ 'a.cpp': source }, { op: 'add', path: 'a.cpp', address: 'int& pick\n.params', value: 'int c' })).toEqual(['int& pick(int a, int c) { return g_x; }']);
    expect(await dryRun({ 'a.cpp': source }, { op: 'remove', path: 'a.cpp', address: 'int&& take\n.params.b' })).toEqual(['int&& take() { return static_cast<int&&>(g_x); }']);
    expect(await dryRun({ 'a.cpp': source }, { op: 'add', path: 'a.cpp', address: 'struct S\nint& operator*\n.params', value: 'int n' })).toEqual(['  int& operator*(int n) noexcept { return x; }']);
    const editor = createEditor({ fs: memoryFs({ 'a.cpp': uses }), semantic: 'syntax' });
    const added = await editor.applyEdits({ edits: [{ op: 'add', path: 'a.cpp', address: 'int& pick\n.params', value: 'int c' }] });
    expect(added.isErr() && added.error.error).toBe('CALLS_BROKEN');
    const removed = await editor.applyEdits({ edits: [{ op: 'remove', path: 'a.cpp', address: 'int&& take' }] });
    expect(removed.isErr() && removed.error.error).toBe('UNRESOLVED_REFERENCES');
    const deleted = await editor.deleteStructure({ path: 'a.cpp', target: 'int& pick' });
    expect(deleted.isErr() && deleted.error.error).toBe('UNRESOLVED_REFERENCES');
  });

  it('writes void back when the last parameter goes', async () => {
    expect(await dryRun({ 'a.c': 'int h(int unused) {\n  return 0;\n}\n' }, { op: 'remove', path: 'a.c', address: 'int h(int unused).params[0]' })).toEqual(['int h(void) {']);
  });

  it('writes () back instead where the file writes its empty lists so', async () => {
    // rake's doc/example/main.c and Go's runtime/cgo sources: `int main ()`, `extern void a();`.
    const source = 'extern void a();\nextern void b();\n\nint main (int argc)\n{\n    return 0;\n}\n';
    expect(await dryRun({ 'a.c': source }, { op: 'remove', path: 'a.c', address: 'int main.params[0]' })).toEqual(['int main ()']);
  });

  it('on a tie, writes the empty list as the nearest one is written', async () => {
    // Go's runtime/cgo/gcc_libinit_windows.c: as many `()` as `(void)`; the function added to and emptied sits among the `()` ones.
    const source = `int a(void) {\n}\n${'\n'.repeat(20)}int b(int x) {\n}\n\nint c() {\n}\n`;
    expect(await dryRun({ 'a.c': source }, { op: 'remove', path: 'a.c', address: 'int b.params[0]' })).toEqual(['int b() {']);
    const reversed = `int c() {\n}\n${'\n'.repeat(20)}int b(int x) {\n}\n\nint a(void) {\n}\n`;
    expect(await dryRun({ 'a.c': reversed }, { op: 'remove', path: 'a.c', address: 'int b.params[0]' })).toEqual(['int b(void) {']);
  });

  it('writes () in C++ where the file shows neither form, void in C', async () => {
    // libstdc++'s parallel/compatibility.h: `__yield()` got `(void)` after a parameter was added and removed.
    const source = 'inline void\nyield_now(int unused)\n{\n  sched_yield();\n}\n';
    expect(await dryRun({ 'a.h': source }, { op: 'remove', path: 'a.h', address: 'inline void\n.params[0]' })).toEqual(['yield_now(void)']);
    expect(await dryRun({ 'a.hpp': source }, { op: 'remove', path: 'a.hpp', address: 'inline void\n.params[0]' })).toEqual(['yield_now()']);
  });
});

describe('C types defined on their own', () => {
  it('end at their `;`: read whole, written back with one `;`, deleted with it', async () => {
    const fs = memoryFs({ 'a.c': 'struct point {\n  int x;\n};\n\nenum color { RED, GREEN };\n\nint f(void) {\n  return 0;\n}\n' });
    const editor = createEditor({ fs, formatter: null });
    const read = await editor.readStructure({ path: 'a.c', target: 'struct point' });
    expect(read._unsafeUnwrap().matches[0]!.text).toBe('struct point {\n  int x;\n};');
    expect((await editor.replaceStructure({ path: 'a.c', target: 'struct point', content: 'struct point {\n  int x;\n  int y;\n};' })).isOk()).toBe(true);
    expect(fs.snapshot()['a.c']).toBe('struct point {\n  int x;\n  int y;\n};\n\nenum color { RED, GREEN };\n\nint f(void) {\n  return 0;\n}\n');
    expect((await editor.deleteStructure({ path: 'a.c', target: 'enum color' })).isOk()).toBe(true);
    expect(fs.snapshot()['a.c']).toBe('struct point {\n  int x;\n  int y;\n};\n\nint f(void) {\n  return 0;\n}\n');
  });
});

describe('C types inside an include guard', () => {
  it('end at their `;` too: deleted and put back, the header is as it was', async () => {
    // /usr/include/linux/quota.h: the struct was read without its `;`, so putting it back lost it.
    const source = '#ifndef _QUOTA_H\n#define _QUOTA_H\n\nstruct if_nextdqblk {\n\tint dqb_id;\n};\n\n#define IIF_BGRACE 1\n\n#endif\n';
    const fs = memoryFs({ 'quota.h': source });
    const editor = createEditor({ fs, formatter: null });
    const read = await editor.readStructure({ path: 'quota.h', target: '#ifndef\nstruct if_nextdqblk' });
    expect(read._unsafeUnwrap().matches[0]!.text).toBe('struct if_nextdqblk {\n\tint dqb_id;\n};');
    expect((await editor.deleteStructure({ path: 'quota.h', target: '#ifndef\nstruct if_nextdqblk' })).isOk()).toBe(true);
    expect((await editor.insertBeforeStructure({ path: 'quota.h', target: '#ifndef\n#define IIF_BGRACE', content: 'struct if_nextdqblk {\n\tint dqb_id;\n};' })).isOk()).toBe(true);
    expect(fs.snapshot()['quota.h']).toBe(source);
  });
});

describe('C parameters on real code', () => {
  // The tree-sitter runtime's C sources, as web-tree-sitter 0.25 shipped them (a devDependency under another name).
  const lib = join(dirname(createRequire(import.meta.url).resolve('tree-sitter-runtime-sources')), 'lib');

  it('adds a parameter to every function of the tree-sitter runtime sources', async () => {
    const files = readdirSync(lib).filter((name) => name.endsWith('.c'));
    expect(files.length).toBeGreaterThan(5);
    // Syntax errors stay refused with validate: false, which lifts only the check of the calls.
    const editor = createEditor({ fs: nodeFs({ root: lib }), syntax: 'reject' });
    const sources = Object.fromEntries(files.map((file) => [file, readFileSync(join(lib, file), 'utf8')]));
    const copy = memoryFs(sources);
    const onCopy = createEditor({ fs: copy, formatter: null, syntax: 'reject' });
    let functions = 0;
    // A required parameter added to a function that is called: refused with its calls (CALLS_BROKEN).
    let callsBroken = 0;
    let checked = 0;
    let added = 0;
    let named = 0;
    let removed = 0;
    // Removes stay refused in functions holding a syntax error (a use of the parameter may hide in it).
    let removeRefused = 0;
    const refused: Record<string, number> = {};
    for (const file of files) {
      const listed = await editor.listStructures({ path: file, depth: 1 });
      expect(listed.isOk()).toBe(true);
      for (const structure of listed._unsafeUnwrap().structures) {
        if (structure.kind !== 'function' || structure.target === null) continue;
        functions++;
        const edits = [{ op: 'add' as const, path: file, address: `${structure.target}.params`, value: 'int extra_param' }];
        // Every eighth function with the check of its calls (each one searches the whole tree).
        if (functions % 8 === 0) {
          checked++;
          const withCalls = await editor.applyEdits({ edits, options: { dry_run: true } });
          if (withCalls.isErr() && withCalls.error.error === 'CALLS_BROKEN') {
            expect(withCalls.error.details.calls.length).toBeGreaterThan(0);
            callsBroken++;
          }
        }
        const result = await editor.applyEdits({ edits, options: { dry_run: true, validate: false } });
        if (result.isErr()) {
          refused[result.error.error] = (refused[result.error.error] ?? 0) + 1;
          continue;
        }
        // The parameter lands in the list, never after a lone `void`.
        const after = result.value.would_change!.flatMap((change) => change.changes.map((line) => line.after)).join('\n');
        expect(after).toMatch(/[(,]\s*int extra_param\s*(\)|, \.\.\.\)|$)/);
        expect(after).not.toMatch(/\(\s*void\s*,/);
        added++;
        // Added for real, then removed by its name (which sits in its declarator): the file is back, byte for byte.
        const before = sources[file]!;
        // (Skipped: a target that spells out the parameters names nothing once one is added, and an
        // empty `()` comes back as `(void)`, the C spelling of "no parameters".)
        const emptyList = new RegExp(`${structure.target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^{;]*\\(\\s*\\)`).test(before);
        const real = structure.target.includes('(') || emptyList ? null : await onCopy.applyEdits({ edits, options: { validate: false } });
        if (real?.isOk()) {
          named++;
          const dropped = await onCopy.applyEdits({ edits: [{ op: 'remove', path: file, address: `${structure.target}.params.extra_param` }], options: { validate: false } });
          if (dropped.isOk() && copy.snapshot()[file] === before) removed++;
          else if (dropped.isErr() && dropped.error.error === 'PARSER_FAILED') removeRefused++;
          else console.log(`${file}: ${structure.target}.params.extra_param: ${dropped.isErr() ? dropped.error.message.slice(0, 200) : 'the file differs'}`);
          await copy.writeFile(file, new TextEncoder().encode(before));
        }
      }
    }
    console.log(
      `C profile on ${files.length} runtime sources: ${callsBroken}/${checked} parameters added refused for their calls (CALLS_BROKEN; every eighth function checked, all sent with validate: false); ${added}/${functions} functions took a parameter; refused: ${JSON.stringify(refused)}; ${removed}/${named} added ones removed by name, the file back byte for byte (${removeRefused} PARSER_FAILED: a syntax error in the function)`,
    );
    expect(removed + removeRefused).toBe(named);
    expect(functions).toBeGreaterThan(300);
    expect(callsBroken).toBeGreaterThan(checked / 2);
    // Only functions holding text the (old) grammar cannot parse are refused: PARSER_FAILED where the
    // error is in the parameters, SYNTAX_ERROR where the re-parse shows more errors (nothing written).
    expect(Object.keys(refused).every((code) => code === 'PARSER_FAILED' || code === 'SYNTAX_ERROR')).toBe(true);
    expect(added / functions).toBeGreaterThan(0.95);
  }, 180_000);
});
