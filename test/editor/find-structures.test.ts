import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type FoundStructure } from 'structedit';
import { createTools } from 'structedit/tools';
import { expectError, expectOk, lines, syntaxEditorOver } from '../helpers.js';

const auth = lines(
  'class UserAuth:',
  '    def validate(self):',
  '        return True',
  '',
  '    def validate_all(self):',
  '        return fetch(self.users)',
  '',
  '',
  'def validate(token):',
  '    return token',
);

const api = lines(
  'export function getUser(id: string) {',
  '  return fetch(`/users/${id}`);',
  '}',
  '',
  'export class Client {',
  '  getUser(id: string) {',
  '    return getUser(id);',
  '  }',
  '}',
);

const project = {
  'src/auth.py': auth,
  'src/api.ts': api,
  'docs/guide.md': lines('# Guide', '', '## Install', '', 'npm i', '', '## Validate input', '', 'Call validate.'),
  'notes.txt': 'def validate(): pass\n',
};

/** What a test compares: everything but the target's reason. */
const brief = (found: FoundStructure[]) => found.map((match) => `${match.path}:${match.line_range_inclusive.join('-')} ${match.kind} ${match.name} ${JSON.stringify(match.target)}`);

describe('findStructures', () => {
  it('finds by exact name across languages, sorted by path then position, each with its unique target', async () => {
    const editor = createEditor({ fs: memoryFs(project) });
    const result = expectOk(await editor.findStructures({ name: 'validate' }));
    expect(brief(result.matches)).toEqual(['src/auth.py:2-3 method validate "class UserAuth\\ndef validate(self)"', 'src/auth.py:9-10 function validate "def validate"']);
    expect(result).toMatchObject({ total_matches: 2, truncated: 0, files_scanned: 3, files_skipped: 0, skipped: [], warnings: [] });
    // Each target reads back the structure it was found at.
    for (const match of result.matches) {
      const read = expectOk(await editor.readStructure({ path: match.path, target: match.target! }));
      expect(read.matches.map((found) => found.line_range_inclusive)).toEqual([match.line_range_inclusive]);
    }
  });

  it('matches names with wildcards and regular expressions, and filters by kind', async () => {
    const editor = createEditor({ fs: memoryFs(project) });
    expect(brief(expectOk(await editor.findStructures({ name: 'validate*', kind: 'method' })).matches)).toEqual([
      'src/auth.py:2-3 method validate "class UserAuth\\ndef validate(self)"',
      'src/auth.py:5-6 method validate_all "class UserAuth\\ndef validate_all"',
    ]);
    expect(expectOk(await editor.findStructures({ name_regex: '^get[A-Z]' })).matches.map((match) => `${match.kind} ${match.line_range_inclusive[0]}`)).toEqual(['function 1', 'method 6']);
    expect(expectOk(await editor.findStructures({ kind: ['class', 'section'] })).matches.map((match) => match.name)).toEqual(['Guide', 'Install', 'Validate input', 'Client', 'UserAuth']);
  });

  it('matches the structure text literally or by regular expression', async () => {
    const editor = createEditor({ fs: memoryFs(project) });
    const literal = expectOk(await editor.findStructures({ text: 'fetch(', kind: ['function', 'method'] }));
    expect(literal.matches.map((match) => `${match.path} ${match.name}`)).toEqual(['src/api.ts getUser', 'src/auth.py validate_all']);
    // `^` and `$` match at line boundaries inside the structure's text.
    const regex = expectOk(await editor.findStructures({ text_regex: '^\\s+return getUser\\(', kind: 'method' }));
    expect(regex.matches.map((match) => `${match.path}:${match.line_range_inclusive[0]}`)).toEqual(['src/api.ts:6']);
  });

  it('searches only the files the globs choose; a folder means everything in it; ! leaves files out', async () => {
    const editor = createEditor({ fs: memoryFs(project) });
    const paths = async (globs: string[]) => [...new Set(expectOk(await editor.findStructures({ paths: globs })).matches.map((match) => match.path))];
    expect(await paths(['src/**/*.ts'])).toEqual(['src/api.ts']);
    expect(await paths(['docs'])).toEqual(['docs/guide.md']);
    expect(await paths(['**/*', '!**/*.md'])).toEqual(['src/api.ts', 'src/auth.py']);
    expect(await paths(['*.ts'])).toEqual([]);
    // A file of no known language is never searched, even when a glob names it.
    expect(expectOk(await editor.findStructures({ paths: ['notes.txt'] })).files_scanned).toBe(0);
  });

  it('leaves out what .gitignore files ignore, root and nested, with negations', async () => {
    const files = {
      '.gitignore': lines('dist/', '*.gen.ts', '!keep.gen.ts'),
      'dist/out.ts': 'export function run() {}\n',
      'src/a.gen.ts': 'export function run() {}\n',
      'src/keep.gen.ts': 'export function run() {}\n',
      'src/main.ts': 'export function run() {}\n',
      'src/vendor/.gitignore': lines('*', '!.gitignore', '!own.ts'),
      'src/vendor/lib.ts': 'export function run() {}\n',
      'src/vendor/own.ts': 'export function run() {}\n',
      'packages/x/.gitignore': lines('!a.gen.ts'),
      'packages/x/a.gen.ts': 'export function run() {}\n',
    };
    const result = expectOk(await createEditor({ fs: memoryFs(files) }).findStructures({ name: 'run' }));
    expect(result.matches.map((match) => match.path)).toEqual(['packages/x/a.gen.ts', 'src/keep.gen.ts', 'src/main.ts', 'src/vendor/own.ts']);
  });

  it('reads .structeditignore like .gitignore, after it in the same folder', async () => {
    const files = {
      '.gitignore': lines('generated/'),
      '.structeditignore': lines('fixtures/', '!generated/'),
      'fixtures/f.py': 'def run(): pass\n',
      'generated/g.py': 'def run(): pass\n',
      'src/s.py': 'def run(): pass\n',
      'src/deep/.structeditignore': lines('skip.py'),
      'src/deep/skip.py': 'def run(): pass\n',
    };
    const result = expectOk(await createEditor({ fs: memoryFs(files) }).findStructures({ name: 'run' }));
    expect(result.matches.map((match) => match.path)).toEqual(['generated/g.py', 'src/s.py']);
  });

  it('a bad regular expression is INVALID_ARGUMENT naming the field', async () => {
    const editor = createEditor({ fs: memoryFs(project) });
    expect(expectError(await editor.findStructures({ name_regex: '(' }), 'INVALID_ARGUMENT').details.issues).toEqual([{ field: 'name_regex', message: expect.stringContaining('not a valid regular expression') }]);
    expect(expectError(await editor.findStructures({ text_regex: '[a-' }), 'INVALID_ARGUMENT').details.issues[0]!.field).toBe('text_regex');
    expect(expectError(await editor.findStructures({ max_results: 0 }), 'INVALID_ARGUMENT').details.issues[0]!.field).toBe('max_results');
  });

  it('max_results keeps the first matches in order and counts the rest in truncated', async () => {
    const editor = createEditor({ fs: memoryFs(project) });
    const all = expectOk(await editor.findStructures({ kind: ['function', 'method'] }));
    const first = expectOk(await editor.findStructures({ kind: ['function', 'method'], max_results: 2 }));
    expect(first.matches).toEqual(all.matches.slice(0, 2));
    expect(first).toMatchObject({ total_matches: all.total_matches, truncated: all.total_matches - 2 });
  });

  it('counts files it cannot search as skipped, with why', async () => {
    const files = { 'a.py': 'def run(): pass\n', 'b.py': new Uint8Array([0x64, 0x00, 0x65]), 'c.py': 'def run(): pass\n'.repeat(100) };
    const editor = createEditor({ fs: memoryFs(files), limits: { maxFileBytes: 1000 } });
    const result = expectOk(await editor.findStructures({ name: 'run' }));
    expect(result).toMatchObject({ total_matches: 1, files_scanned: 1, files_skipped: 2, skipped: [{ path: 'b.py', reason: 'BINARY_FILE' }, { path: 'c.py', reason: 'FILE_TOO_LARGE' }] });
  });
});

describe('listStructuresIn', () => {
  it('lists every file of a folder or glob as listStructures lists one', async () => {
    const editor = createEditor({ fs: memoryFs({ ...project, '.gitignore': 'docs/guide.md\n' }) });
    const folder = expectOk(await editor.listStructuresIn({ path: 'src', depth: 1 }));
    expect(folder.files.map((file) => file.path)).toEqual(['src/api.ts', 'src/auth.py']);
    expect(folder.files[1]).toEqual(expectOk(await editor.listStructures({ path: 'src/auth.py', depth: 1 })));
    expect(expectOk(await editor.listStructuresIn({ path: '**/*.py' })).files.map((file) => file.path)).toEqual(['src/auth.py']);
    // The root: ignored files are left out.
    expect(expectOk(await editor.listStructuresIn({ path: '.' })).files.map((file) => file.path)).toEqual(['src/api.ts', 'src/auth.py']);
    const limited = expectOk(await editor.listStructuresIn({ path: 'src', max_files: 1 }));
    expect([limited.files.length, limited.truncated]).toEqual([1, 1]);
    expectError(await editor.listStructuresIn({ path: 'nowhere' }), 'FILE_NOT_FOUND');
  });
});

describe('the project listing renames search', () => {
  it('leaves ignored files out: a mention in build output is not renamed (git does not see it either)', async () => {
    const { editor, fs } = syntaxEditorOver({
      '.gitignore': 'dist/\n',
      'src/util.ts': 'export function foo() {}\n',
      'src/main.ts': "import { foo } from './util';\nfoo();\n",
      'dist/main.js': "import { foo } from '../src/util';\nfoo();\n",
    });
    expectOk(await editor.applyEdits({ edits: [{ op: 'rename', path: 'src/util.ts', address: 'export function foo', new_name: 'bar' }] }));
    const files = fs.snapshot() as Record<string, string>;
    expect(files['src/main.ts']).toBe("import { bar } from './util';\nbar();\n");
    expect(files['dist/main.js']).toBe("import { foo } from '../src/util';\nfoo();\n");
  });

  it('still resolves imports of ignored files: generated code exists, it is only not searched', async () => {
    const { editor, fs } = syntaxEditorOver({
      '.gitignore': 'gen/\n',
      'src/a.ts': 'export function foo() {}\n',
      'src/b.ts': "import { foo } from '../gen/client';\nfoo();\n",
      'gen/client.ts': 'export function foo() {}\n',
    });
    // b.ts's foo is gen/client.ts's, proven unrelated: the rename goes ahead without touching it.
    expectOk(await editor.applyEdits({ edits: [{ op: 'rename', path: 'src/a.ts', address: 'export function foo', new_name: 'bar' }] }));
    expect(fs.snapshot()).toMatchObject({ 'src/a.ts': 'export function bar() {}\n', 'src/b.ts': "import { foo } from '../gen/client';\nfoo();\n" });
  });
});

describe('the tools', () => {
  const tools = createTools(createEditor({ fs: memoryFs(project) }));
  const byName = (name: string) => tools.find((tool) => tool.name === name)!;

  it('find_structures renders each match with the target to pass on, and the counts', async () => {
    const result = await byName('find_structures').execute({ name: 'validate*', kind: ['function', 'method'], max_results: 2 });
    expect(result.isError).toBe(false);
    expect(result.content[0]!.text).toBe(
      [
        '3 matches in 3 files searched; showing the first 2 (1 more: narrow the filters, or page on with "offset": 2).',
        'src/auth.py:2-3 method validate: "class UserAuth\\ndef validate(self)"',
        'src/auth.py:5-6 method validate_all: "class UserAuth\\ndef validate_all"',
      ].join('\n'),
    );
    expect(result.structuredContent).toMatchObject({ total_matches: 3, truncated: 1 });
    // The next page: from the third match on.
    const next = await byName('find_structures').execute({ name: 'validate*', kind: ['function', 'method'], max_results: 2, offset: 2 });
    expect(next.content[0]!.text.split('\n')[0]).toBe('3 matches in 3 files searched; showing matches 3-3.');
    expect(next.structuredContent).toMatchObject({ total_matches: 3, truncated: 0, matches: [{ name: 'validate' }] });
    const bad = await byName('find_structures').execute({ text_regex: '(' });
    expect(bad.structuredContent).toMatchObject({ error: 'INVALID_ARGUMENT', details: { issues: [{ field: 'text_regex' }] } });
  });

  it('list_structures lists a folder or glob file by file, and one file as before', async () => {
    const folder = await byName('list_structures').execute({ path: 'src', depth: 1 });
    expect(folder.content[0]!.text).toBe(
      [
        'src: 2 files',
        'src/api.ts (typescript):\n  function getUser (lines 1-3): "function getUser" +1 nested\n  class Client (lines 5-9): "class Client" +1 nested',
        'src/auth.py (python):\n  class UserAuth (lines 1-6): "class UserAuth" +2 nested\n  function validate (lines 9-10): "def validate" +1 nested',
      ].join('\n\n'),
    );
    expect((await byName('list_structures').execute({ path: 'docs/*.md', depth: 1 })).structuredContent).toMatchObject({ path: 'docs/*.md', files: [{ path: 'docs/guide.md' }] });
    const file = await byName('list_structures').execute({ path: 'src/auth.py', depth: 1 });
    expect(file.structuredContent).toEqual(expectOk(await createEditor({ fs: memoryFs(project) }).listStructures({ path: 'src/auth.py', depth: 1 })));
    // A file of no known language keeps its own error; a missing folder is not found.
    expect((await byName('list_structures').execute({ path: 'notes.txt' })).structuredContent).toMatchObject({ error: 'LANGUAGE_UNSUPPORTED' });
    expect((await byName('list_structures').execute({ path: 'lib' })).structuredContent).toMatchObject({ error: 'FILE_NOT_FOUND' });
  });

  it('a C++ header named .h is searched as C++, as it is read: every target found reads back', async () => {
    // libstdc++'s <bits/alloc_traits.h>: a namespace, templates, structs (parsed as C, other structures with other targets).
    const header = readFileSync('/usr/include/c++/12/bits/alloc_traits.h', 'utf8');
    const editor = createEditor({ fs: memoryFs({ 'alloc_traits.h': header }) });
    const found = expectOk(await editor.findStructures({ max_results: 1000 }));
    expect(found.matches.length).toBeGreaterThan(150);
    let readBack = 0;
    for (const match of found.matches) {
      if (match.target === null) continue;
      const read = await editor.readStructure({ path: 'alloc_traits.h', target: match.target });
      // (A structure around one of the grammar's 14 errors in this file is refused whole, by design.)
      if (read.isErr()) {
        expect(read.error.error).toBe('PARSER_FAILED');
        continue;
      }
      expect(read.value.matches.map((hit) => hit.line_range_inclusive)).toEqual([match.line_range_inclusive]);
      readBack++;
    }
    expect(readBack).toBeGreaterThan(150);
    console.log(`[find_structures] alloc_traits.h: ${found.matches.length} structures found, ${readBack} targets read back to the same lines`);
  });
});

