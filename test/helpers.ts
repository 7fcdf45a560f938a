import { expect } from 'vitest';
import { createEditor, memoryFs, type Editor, type EditorOptions, type MemoryFs, type StructeditError, type StructureListing } from 'structedit';

/** An editor over one in-memory file. */
export function editorFor(path: string, content: string | Uint8Array): Editor {
  return createEditor({ fs: memoryFs({ [path]: content }) });
}

/** One line per structure: `kind name [first-last] target`, indented by depth. */
export function outline(structures: readonly StructureListing[], indent = ''): string {
  return structures
    .map((structure) => {
      const self = `${indent}${structure.kind}${structure.name === null ? '' : ` ${structure.name}`} [${structure.line_range_inclusive[0]}-${structure.line_range_inclusive[1]}] ${structure.target === null ? '(no target)' : JSON.stringify(structure.target)}`;
      const children = outline(structure.children, `${indent}  `);
      return children ? `${self}\n${children}` : self;
    })
    .join('\n');
}

/** The outline of a file's structures. */
export async function outlineOf(path: string, content: string, depth?: number): Promise<string> {
  const result = await editorFor(path, content).listStructures(depth === undefined ? { path } : { path, depth });
  if (result.isErr()) throw new Error(`${result.error.error}: ${result.error.message}`);
  return outline(result.value.structures);
}

/** Reads one target and returns the texts of its matches (fails the test on an error). */
export async function readTexts(path: string, content: string, target: string): Promise<string[]> {
  const result = await editorFor(path, content).readStructure({ path, target });
  if (result.isErr()) throw new Error(`${result.error.error}: ${result.error.message}`);
  return result.value.matches.map((match) => match.text);
}

/** Asserts a result is an error of the given code and returns it. */
export function expectError<Code extends StructeditError['error']>(
  result: { isErr(): boolean; error?: unknown },
  code: Code,
): Extract<StructeditError, { error: Code }> {
  expect(result.isErr()).toBe(true);
  const error = (result as { error: StructeditError }).error;
  expect(error.error, error.message).toBe(code);
  return error as Extract<StructeditError, { error: Code }>;
}

/**
 * An editor over in-memory files whose semantic edits use structedit's syntactic engine: the tests
 * of that engine (by default the editor takes the machine's TypeScript or a language server on the
 * PATH, which answer differently and check types).
 */
export function syntaxEditorOver(files: Record<string, string | Uint8Array>, options: Omit<EditorOptions, 'fs'> = {}): { editor: Editor; fs: MemoryFs } {
  return editorOver(files, { semantic: 'syntax', ...options });
}

/** Joins lines with `\n` (fixtures read better as arrays). */
export const lines = (...rows: string[]): string => `${rows.join('\n')}\n`;

/** An editor over in-memory files, with the file system to look at afterwards. */
export function editorOver(files: Record<string, string | Uint8Array>, options: Omit<EditorOptions, 'fs'> = {}): { editor: Editor; fs: MemoryFs } {
  const fs = memoryFs(files);
  return { editor: createEditor({ fs, ...options }), fs };
}

/** Unwraps an ok result, failing the test with the error's message otherwise. */
export function expectOk<T>(result: { isOk(): boolean; value?: T; error?: unknown }): T {
  if (!result.isOk()) {
    const error = result.error as StructeditError;
    throw new Error(`${error.error}: ${error.message}`);
  }
  return result.value as T;
}

/** `text` with its lines `from`-`to` (1-based, inclusive) replaced by `rows` (none: deleted). */
export function spliceLines(text: string, from: number, to: number, ...rows: string[]): string {
  const all = text.split('\n');
  all.splice(from - 1, to - from + 1, ...rows);
  return all.join('\n');
}

/**
 * An ok result without the fields every result carries but few tests are about (the file's `hash`,
 * a move's `dest_hash`, and the `undo_token`), so a test can compare the operation's own figures exactly.
 */
export function expectFigures<T>(result: { isOk(): boolean; value?: T; error?: unknown }): Omit<T, 'hash' | 'dest_hash' | 'undo_token'> {
  const { hash: _hash, dest_hash: _destHash, undo_token: _token, ...figures } = expectOk(result) as T & { hash?: unknown; dest_hash?: unknown; undo_token?: unknown };
  return figures;
}
