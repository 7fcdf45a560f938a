import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, typescriptBackend, type ApplyEditsArgs, type RenameOutcome } from 'structedit';
import { expectError, expectOk, lines } from '../helpers.js';

/**
 * Issue 18: with the `typescript` package installed (and `semantic` left at `auto`),
 * renames of TypeScript and JavaScript go through TypeScript's language service (members reached through typed receivers included), and
 * every semantic batch is type-checked before and after: new errors refuse it.
 */

const client = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', noEmit: true } }),
  'package.json': JSON.stringify({ name: 'client', type: 'module' }),
  'src/errors.ts': lines('export class HTTPError extends Error {', '  constructor(readonly response: { status: number }) {', "    super('HTTP error');", '  }', '}'),
  'src/client.ts': lines(
    "import { HTTPError } from './errors.js';",
    '',
    'export function statusOf(error: unknown): number | null {',
    '  if (error instanceof HTTPError) return error.response.status;',
    '  return null;',
    '}',
  ),
};

async function batch(files: Record<string, string>, args: ApplyEditsArgs, semantic: Parameters<typeof createEditor>[0]['semantic'] = { typescript: 'auto' }) {
  const fs = memoryFs(files);
  const editor = createEditor({ fs, semantic });
  const result = await editor.applyEdits(args);
  return { result, files: fs.snapshot() as Record<string, string> };
}

describe('the TypeScript backend (issue 18)', () => {
  it('renames a member used through a typed receiver, which the syntactic engine refuses as ambiguous', async () => {
    const edit = { op: 'rename' as const, path: 'src/errors.ts', address: 'export class HTTPError extends Error\nconstructor.params[0]', new_name: 'reply' };
    const syntax = await batch(client, { edits: [edit] }, { typescript: 'syntax' });
    expectError(syntax.result, 'AMBIGUOUS_REFERENCES');
    const { result, files } = await batch(client, { edits: [edit] });
    const rename = expectOk(result).results[0] as RenameOutcome;
    expect(rename.backend).toBe('typescript');
    expect(rename.changes.map((change) => `${change.file}:${change.line}:${change.column} ${change.kind}`)).toEqual(['src/client.ts:4:48 reference', 'src/errors.ts:2:24 definition']);
    expect(files['src/errors.ts']).toContain('constructor(readonly reply: { status: number })');
    expect(files['src/client.ts']).toContain('return error.reply.status;');
  });

  it('a batch that adds a type error is refused (TYPE_ERRORS_ADDED), nothing written; validate: false writes it', async () => {
    const args: ApplyEditsArgs = { edits: [{ op: 'set', path: 'src/client.ts', address: 'export function statusOf.body', value: "return 'none';" }] };
    const { result, files } = await batch(client, args);
    const error = expectError(result, 'TYPE_ERRORS_ADDED');
    expect(error.details.backend).toBe('typescript');
    expect(error.details.errors.map((added) => `${added.file}:${added.line} ${added.code}`)).toEqual(['src/client.ts:4 TS2322']);
    expect(files).toEqual(client);
    const forced = await batch(client, { ...args, options: { validate: false } });
    expectOk(forced.result);
    expect(forced.files['src/client.ts']).toContain("return 'none';");
  });

  it('an error the batch causes in another file is found: a parameter added that a caller elsewhere does not pass', async () => {
    // The checker keeps each file's diagnostics between the check before the batch and the one after;
    // it used to answer for src/client.ts from what it kept, as if only the edited file could change
    // (seen in a project without a tsconfig.json, on TypeScript's default options).
    const caller = { 'src/errors.ts': lines('export function statusText(status: number): string {', '  return String(status);', '}'), 'src/client.ts': lines("import { statusText } from './errors';", '', 'export const ok = statusText(200);') };
    const { result, files } = await batch(caller, { edits: [{ op: 'add', path: 'src/errors.ts', address: 'export function statusText.params', value: 'verbose: boolean' }] });
    const error = expectError(result, 'TYPE_ERRORS_ADDED');
    expect(error.details.errors.map((added) => `${added.file}:${added.line} ${added.code}`)).toEqual(['src/client.ts:3 TS2554']);
    expect(files).toEqual(caller);
  });

  it('errors the project already had are not new', async () => {
    const broken = { ...client, 'src/broken.ts': lines('export const count: number = "many";') };
    const { result } = await batch(broken, { edits: [{ op: 'rename', path: 'src/client.ts', address: 'export function statusOf', new_name: 'statusCode' }] });
    expectOk(result);
  });

  it('remove checks references through the backend: a member used through a typed receiver is REFERENCES_EXIST', async () => {
    const { result, files } = await batch(client, { edits: [{ op: 'remove', path: 'src/errors.ts', address: 'export class HTTPError extends Error\nconstructor.params[0]' }] });
    const error = expectError(result, 'REFERENCES_EXIST');
    expect(error.details.references.map((reference) => `${reference.file}:${reference.line}`)).toEqual(['src/client.ts:4']);
    expect(files).toEqual(client);
  });

  it('answers definition and the diagnostics of given files in the core\'s terms', async () => {
    const backend = typescriptBackend({ typescript: ts });
    const current = { text: async (path: string) => client[path as keyof typeof client], files: async () => Object.keys(client).sort(), folder: async () => null };
    const use = client['src/client.ts'].indexOf('HTTPError)');
    // The class, and (as TypeScript answers for a class extending Error) a declaration in the standard library.
    expect(expectOk(await backend.definition(current, 'src/client.ts', use))).toEqual([{ file: 'src/errors.ts', start: 13, end: 22 }, { file: null, start: 0, end: 0 }]);
    expect(expectOk(await backend.diagnostics(current, ['src/client.ts']))).toEqual([]);
    // A name declared by the standard library is outside the project: file null.
    const superCall = client['src/errors.ts'].indexOf('super');
    expect(expectOk(await backend.definition(current, 'src/errors.ts', superCall))).toEqual([{ file: null, start: 0, end: 0 }]);
    await backend.dispose();
  });

  it('a member mention the syntactic engine cannot type is settled by a definition in the standard library', async () => {
    // `Promise.resolve(...)` mentions "resolve" on a receiver the syntactic engine does not type; TypeScript
    // says it is lib.es2015.promise.d.ts's, so renaming the project's own `resolve` need not refuse.
    const files = {
      ...client,
      'src/deferred.ts': lines('export class Deferred {', '  resolve(value: number): void {}', '}'),
      'src/cache.ts': lines('export function cached(value: number): Promise<number> {', '  return Promise.resolve(value);', '}'),
    };
    const { result, files: after } = await batch(files, { edits: [{ op: 'rename', path: 'src/deferred.ts', address: 'export class Deferred\nresolve', new_name: 'settle' }] });
    const rename = expectOk(result).results[0] as RenameOutcome;
    expect(rename.changes.map((change) => `${change.file}:${change.line} ${change.kind}`)).toEqual(['src/deferred.ts:2 definition']);
    expect(after['src/cache.ts']).toBe(files['src/cache.ts']);
  });

  it("a solution-style tsconfig (Vite's: files [] and references) gives the referenced projects' files", async () => {
    const { 'tsconfig.json': app, ...rest } = client;
    const solution = { ...rest, 'tsconfig.app.json': app.replace('{ "compilerOptions"', '{ "include": ["src"], "compilerOptions"').replace('{"compilerOptions"', '{"include":["src"],"compilerOptions"'), 'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './tsconfig.app.json' }] }) };
    expect(solution['tsconfig.app.json']).toContain('"include"');
    const edit = { op: 'rename' as const, path: 'src/errors.ts', address: 'export class HTTPError extends Error\nconstructor.params[0]', new_name: 'reply' };
    const { result, files } = await batch(solution, { edits: [edit] });
    expect((expectOk(result).results[0] as RenameOutcome).backend).toBe('typescript');
    expect(files['src/client.ts']).toContain('return error.reply.status;');
  });

  it('a new name already taken is CONFLICT (name_taken), and each changed place says what it is', async () => {
    const files = {
      ...client,
      'src/format.ts': lines('export function formatPrice(n: number) {', '  return `$${n}`;', '}', '', 'export function formatCost(n: number) {', '  return formatPrice(n);', '}'),
      'src/index.ts': lines("export { formatPrice } from './format.js';", "import { formatPrice as price } from './format.js';", 'export const shown = price(1);'),
    };
    const taken = await batch(files, { edits: [{ op: 'rename', path: 'src/format.ts', address: 'export function formatPrice', new_name: 'formatCost' }] });
    const conflict = expectError(taken.result, 'CONFLICT');
    expect(conflict.details).toMatchObject({ reason: 'name_taken', name: 'formatCost', conflicts: [{ file: 'src/format.ts', line: 5 }] });
    expect(taken.files).toEqual(files);
    // A second editor in the same process, on the same file names with other texts: nothing of the first project's trees is reused.
    const { result } = await batch(files, { edits: [{ op: 'rename', path: 'src/format.ts', address: 'export function formatPrice', new_name: 'formatAmount' }] });
    const rename = expectOk(result).results[0] as RenameOutcome;
    expect(rename.changes.map((change) => `${change.file}:${change.line} ${change.kind}`)).toEqual(['src/format.ts:1 definition', 'src/format.ts:6 reference', 'src/index.ts:1 export', 'src/index.ts:2 import']);
  });

  it('by default (auto) the installed typescript answers; semantic: "syntax" chooses the syntactic engine', async () => {
    const edit = { op: 'rename' as const, path: 'src/client.ts', address: 'export function statusOf', new_name: 'statusCode' };
    const auto = await createEditor({ fs: memoryFs(client) }).applyEdits({ edits: [edit] });
    expect((expectOk(auto).results[0] as RenameOutcome).backend).toBe('typescript');
    expect(expectOk(auto).type_checked).toEqual(['typescript']);
    const syntax = await createEditor({ fs: memoryFs(client), semantic: 'syntax' }).applyEdits({ edits: [edit] });
    expect((expectOk(syntax).results[0] as RenameOutcome).backend).toBe('syntax');
    expect(expectOk(syntax).type_checked).toEqual([]);
  });

  it('semantic: { typescript: "syntax" } keeps the syntactic engine (and no type check)', async () => {
    const { result } = await batch(client, { edits: [{ op: 'rename', path: 'src/client.ts', address: 'export function statusOf', new_name: 'statusCode' }] }, { typescript: 'syntax' });
    expect((expectOk(result).results[0] as RenameOutcome).backend).toBe('syntax');
  });

  it('a language service that fails is BACKEND_UNAVAILABLE, and every file stays as it was', async () => {
    const failing = { ...ts, createLanguageService: () => { throw new Error('out of memory'); } };
    const { result, files } = await batch(client, { edits: [{ op: 'rename', path: 'src/client.ts', address: 'export function statusOf', new_name: 'statusCode' }] }, { typescript: typescriptBackend({ typescript: failing }) });
    const error = expectError(result, 'BACKEND_UNAVAILABLE');
    expect(error.message).toContain('out of memory');
    expect(files).toEqual(client);
  });
});
