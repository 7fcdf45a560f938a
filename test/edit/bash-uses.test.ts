import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type Editor, type StructeditError } from '../../src/index.js';

// Bash functions are called as commands: a deleteStructure, a replace that renames one, or a move
// below the top-level command that calls it used to be written while the script still called it
// (Bash had no scope model). Each case: the script, the edit, and what comes back: written, or the
// error code with the lines it lists, the script byte-identical.

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const script = lines(
  '#!/bin/bash',
  '',
  'build() {',
  '  local out=$1',
  '  echo "building $out"',
  '}',
  '',
  'clean() {',
  '  rm -rf out',
  '}',
  '',
  'report() {',
  '  echo report',
  '}',
  '',
  'unused() {',
  '  echo clean',
  '}',
  '',
  "trap 'clean; exit' EXIT",
  'build all',
  'x=$(report)',
);

const cases: Array<{ name: string; edit: (editor: Editor) => ResultAsync<unknown, StructeditError>; refused?: { error: string; lines: number[] } }> = [
  { name: 'a function called at the top level', edit: (e) => e.deleteStructure({ path: 'a.sh', target: 'build()' }), refused: { error: 'REFERENCES_EXIST', lines: [21] } },
  { name: 'a function a trap runs', edit: (e) => e.deleteStructure({ path: 'a.sh', target: 'clean()' }), refused: { error: 'REFERENCES_EXIST', lines: [20] } },
  { name: 'a function called in a command substitution', edit: (e) => e.deleteStructure({ path: 'a.sh', target: 'report()' }), refused: { error: 'REFERENCES_EXIST', lines: [22] } },
  { name: 'a function only echoed (data, not a call)', edit: (e) => e.deleteStructure({ path: 'a.sh', target: 'unused()' }) },
  { name: 'a function renamed by a replace of its text', edit: (e) => e.replaceStructure({ path: 'a.sh', target: 'report()', content: 'summary() {\n  echo report\n}' }), refused: { error: 'REFERENCES_EXIST', lines: [22] } },
  { name: 'a function moved below the command that calls it', edit: (e) => e.moveStructure({ source_path: 'a.sh', source_target: 'build()', dest_path: 'a.sh', position: 'file_end' }), refused: { error: 'NAMES_OUT_OF_REACH', lines: [21] } },
  { name: 'a function moved among the functions above its calls', edit: (e) => e.moveStructure({ source_path: 'a.sh', source_target: 'build()', dest_path: 'a.sh', dest_target: 'unused()', position: 'after' }) },
];

describe('Bash functions are uses of their calls', () => {
  for (const { name, edit, refused } of cases) {
    it(name, async () => {
      const fs = memoryFs({ 'a.sh': script });
      const result = await edit(createEditor({ fs, semantic: 'syntax' }));
      if (!refused) {
        expect(result.isOk(), result.isErr() ? result.error.message : '').toBe(true);
        return;
      }
      const error = result._unsafeUnwrapErr();
      expect(error.error).toBe(refused.error);
      const details = error.details as { references?: Array<{ line: number }>; uses?: Array<{ line: number }> };
      expect((details.references ?? details.uses ?? []).map((place) => place.line)).toEqual(refused.lines);
      expect(fs.snapshot()['a.sh']).toBe(script);
    });
  }
});
