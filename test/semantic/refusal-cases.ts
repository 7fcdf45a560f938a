import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type Editor, type ErrorCode, type ErrorOf, type StructeditError, type UnresolvedReference } from '../../src/index.js';

/*
 * The tables of edits the uses checks refuse or let through (matches, reach, implementations): each
 * case is the files, the edit, and what comes back.
 */

/** One edit: `applied`, or each place its refusal lists as `file:line: reason`. */
export type RefusalCase = { name: string; files: Record<string, string>; edit: (editor: Editor) => ResultAsync<unknown, StructeditError>; expected: 'applied' | string[] };

/**
 * Runs each case with the syntactic engine: it is `applied`, or refused with `code`, the places
 * `places` reads from its details listed as expected (a reason without what follows `; it may be a
 * use`, where `trimmed`), and every file left byte-identical.
 */
export function refusalCases<Code extends ErrorCode>(title: string, code: Code, places: (error: ErrorOf<Code>) => readonly UnresolvedReference[], cases: readonly RefusalCase[], trimmed = true): void {
  describe(title, () => {
    for (const { name, files, edit, expected } of cases) {
      it(name, async () => {
        const fs = memoryFs(files);
        const result = await edit(createEditor({ fs, semantic: 'syntax' }));
        if (expected === 'applied') {
          expect(result.isOk() ? 'applied' : `${result.error.error}: ${result.error.message}`).toBe('applied');
          return;
        }
        expect(result.isErr() && `${result.error.error}: ${result.error.message}`).toMatch(new RegExp(`^${code}:`));
        if (result.isOk() || result.error.error !== code) return;
        const listed = places(result.error as ErrorOf<Code>).map((place) => `${place.file}:${place.line}: ${trimmed ? place.reason.split('; it may be a use')[0] : place.reason}`);
        expect(listed.sort()).toEqual([...expected].sort());
        expect(fs.snapshot()).toEqual(files);
      });
    }
  });
}
