import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type Editor, type StructeditError } from '../../src/index.js';

// A Python text edit of a structure (replace, text replace, chunks, insertion) whose new text uses
// a name nothing declares must be refused, as the module would raise NameError: a caller's `ff`
// renamed to `hh` used to be written while no `hh` existed. Each case: the file, the edit, and what
// comes back: written, or NAMES_OUT_OF_REACH with the names it lists, the file byte-identical.

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const module = lines('import os', '', '', '@cached', 'def ff(a):', '    return os.path.join(a)', '', '', 'def gg():', '    return ff(1) + len([])');

type Case = { name: string; file?: string; edit: (editor: Editor) => ResultAsync<unknown, StructeditError>; refused?: string[] };

const cases: Case[] = [
  { name: 'a call renamed to a function no one wrote', edit: (e) => e.replaceAllTextInStructure({ path: 'a.py', target: 'def gg', old_text: 'ff', new_text: 'hh' }), refused: ['hh'] },
  { name: 'a replace using a module it does not import', edit: (e) => e.replaceStructure({ path: 'a.py', target: 'def gg', content: 'def gg():\n    return json.dumps(ff(1))' }), refused: ['json'] },
  { name: 'a chunk that misspells a builtin', edit: (e) => e.applyChunks({ path: 'a.py', target: 'def gg', chunks: [{ context_before: ['def gg():'], old_lines: ['    return ff(1) + len([])'], new_lines: ['    return ff(1) + lenn([])'], context_after: [] }] }), refused: ['lenn'] },
  { name: 'an insertion calling an undeclared helper', edit: (e) => e.insertAfterStructure({ path: 'a.py', target: 'def gg', content: 'def kk():\n    return helper()' }), refused: ['helper'] },
  { name: 'builtins, parameters and module names', edit: (e) => e.replaceStructure({ path: 'a.py', target: 'def gg', content: 'def gg(x=1):\n    return sorted([x, os.sep, ff(2)])' }) },
  { name: 'match captures', edit: (e) => e.replaceStructure({ path: 'a.py', target: 'def gg', content: 'def gg(v):\n    match v:\n        case [first, *rest]:\n            return first, rest\n        case {"k": kv} | (_ as kv):\n            return kv' }) },
  { name: 'a name the file already used undeclared (its decorator, provided in a way the model does not see)', edit: (e) => e.replaceStructure({ path: 'a.py', target: 'def gg', content: 'def gg():\n    return cached(ff)' }) },
  { name: 'an import added with its use, the module written whole', edit: (e) => e.replaceStructure({ path: 'a.py', target: '', content: `import json\n${module}print(json.dumps(1))\n` }) },
  { name: 'a module with a star import is not checked', file: `from os.path import *\n${module}`, edit: (e) => e.replaceStructure({ path: 'a.py', target: 'def gg', content: 'def gg():\n    return join("a")' }) },
  { name: 'a module that writes its globals is not checked', file: `${module}globals()["hh"] = ff\n`, edit: (e) => e.replaceAllTextInStructure({ path: 'a.py', target: 'def gg', old_text: 'ff', new_text: 'hh' }) },
  { name: 'a CRLF file (the new text written with other line endings)', file: module.replace(/\n/g, '\r\n'), edit: (e) => e.replaceStructure({ path: 'a.py', target: 'def gg', content: 'def gg():\n    x = 1\n    return hh(x)' }), refused: ['hh'] },
  { name: 'force: true writes it anyway', edit: (e) => e.replaceAllTextInStructure({ path: 'a.py', target: 'def gg', old_text: 'ff', new_text: 'hh', force: true }) },
];

describe('text edits of Python use only declared names, or are refused', () => {
  for (const { name, file = module, edit, refused } of cases) {
    it(name, async () => {
      const fs = memoryFs({ 'a.py': file });
      const result = await edit(createEditor({ fs, semantic: 'syntax' }));
      if (!refused) {
        expect(result.isOk(), result.isErr() ? result.error.message : '').toBe(true);
        return;
      }
      const error = result._unsafeUnwrapErr();
      expect(error.error).toBe('NAMES_OUT_OF_REACH');
      expect(error.error === 'NAMES_OUT_OF_REACH' ? error.details.names : []).toEqual(refused);
      expect(fs.snapshot()['a.py']).toBe(file);
    });
  }
});
