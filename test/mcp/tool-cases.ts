/**
 * One successful and one failing call per tool, by tool name, over {@link FILES}: shared by the
 * in-memory MCP test and the end-to-end test of `structedit mcp`. A case may need an earlier call
 * (undo needs a token), so `ok` gets a `call` to make one.
 */
export const FILES: Readonly<Record<string, string>> = {
  'auth.py': [
    'VALID = set()',
    '',
    '',
    'class UserAuth:',
    '    def validate(self, token):',
    '        return token in VALID',
    '',
    '    def logout(self):',
    '        pass',
    '',
    '',
    'def helper():',
    '    return 1',
    '',
  ].join('\n'),
  'util.py': 'def parse(text):\n    return text.split()\n',
};

/** Calls a tool, resolving to its structured result. */
export type Call = (name: string, input: unknown) => Promise<{ isError?: boolean; structuredContent?: { [key: string]: unknown } }>;

export interface ToolCase {
  /** Input of a call that succeeds on {@link FILES} (made fresh for each case). */
  ok: (call: Call) => Promise<unknown> | unknown;
  /** Input of a call that fails (a file that does not exist, a target that matches nothing). */
  fails: unknown;
  /** What the failure's text must say: the fix. */
  fix: RegExp;
}

const validate = 'class UserAuth\ndef validate';
const missingFile = /No file at missing\.py\. .*check the spelling and the folder/;

export const TOOL_CASES: Readonly<Record<string, ToolCase>> = {
  read_structure: { ok: () => ({ path: 'auth.py', target: validate }), fails: { path: 'auth.py', target: 'def validate' }, fix: /use the full target "class UserAuth\\ndef validate"[\s\S]*Retry with one of the targets above/ },
  list_structures: { ok: () => ({ path: 'auth.py' }), fails: { path: 'missing.py' }, fix: missingFile },
  find_structures: { ok: () => ({ name: 'validate*', kind: ['function', 'method'] }), fails: { name_regex: '(' }, fix: /name_regex/ },
  file_read: { ok: () => ({ path: 'auth.py' }), fails: { path: 'missing.py' }, fix: missingFile },
  replace_structure: { ok: () => ({ path: 'auth.py', target: validate, content: 'def validate(self, token):\n    return False' }), fails: { path: 'missing.py', target: 'def f', content: 'def f():\n    pass' }, fix: missingFile },
  delete_structure: { ok: () => ({ path: 'auth.py', target: 'class UserAuth\ndef logout' }), fails: { path: 'auth.py', target: 'def nothing_like_this' }, fix: /TARGET_NOT_FOUND[\s\S]*No file was changed/ },
  replace_text_in_structure: { ok: () => ({ path: 'auth.py', target: validate, old_text: 'token in VALID', new_text: 'False' }), fails: { path: 'auth.py', target: validate, old_text: 'not there at all', new_text: 'x' }, fix: /Copy old_text exactly/ },
  replace_all_text_in_structure: { ok: () => ({ path: 'auth.py', target: validate, old_text: 'token', new_text: 't' }), fails: { path: 'missing.py', target: 'def f', old_text: 'a', new_text: 'b' }, fix: missingFile },
  insert_before_structure: { ok: () => ({ path: 'auth.py', target: 'def helper', content: 'def first():\n    pass' }), fails: { path: 'missing.py', target: 'def f', content: 'x = 1' }, fix: missingFile },
  insert_after_structure: { ok: () => ({ path: 'auth.py', target: 'def helper', content: 'def last():\n    pass' }), fails: { path: 'missing.py', target: 'def f', content: 'x = 1' }, fix: missingFile },
  move_structure_to_before: { ok: () => ({ source_path: 'auth.py', source_target: 'def helper', dest_path: 'util.py', dest_target: 'def parse' }), fails: { source_path: 'missing.py', source_target: 'def helper', dest_path: 'util.py', dest_target: 'def parse' }, fix: missingFile },
  move_structure_to_after: { ok: () => ({ source_path: 'auth.py', source_target: 'def helper', dest_path: 'util.py', dest_target: 'def parse' }), fails: { source_path: 'missing.py', source_target: 'def helper', dest_path: 'util.py', dest_target: 'def parse' }, fix: missingFile },
  move_structure_to_file_start: { ok: () => ({ source_path: 'auth.py', source_target: 'def helper', dest_path: 'new.py' }), fails: { source_path: 'missing.py', source_target: 'def helper', dest_path: 'new.py' }, fix: missingFile },
  move_structure_to_file_end: { ok: () => ({ source_path: 'auth.py', source_target: 'def helper', dest_path: 'util.py' }), fails: { source_path: 'missing.py', source_target: 'def helper', dest_path: 'util.py' }, fix: missingFile },
  file_edit: { ok: () => ({ path: 'auth.py', edits: [{ old_text: 'VALID = set()', new_text: 'VALID = {"admin"}' }] }), fails: { path: 'missing.py', edits: [{ old_text: 'a', new_text: 'b' }] }, fix: missingFile },
  chunk_edit: {
    ok: () => ({ path: 'auth.py', target: validate, chunks: [{ context_before: '    def validate(self, token):', old_lines: ['        return token in VALID'], new_lines: ['        return bool(token) and token in VALID'], context_after: [] }] }),
    fails: { path: 'missing.py', target: 'def f', chunks: [{ context_before: [], old_lines: ['a'], new_lines: ['b'], context_after: [] }] },
    fix: missingFile,
  },
  semantic_edit: {
    ok: () => ({ edits: [{ op: 'set', path: 'util.py', address: 'def parse.params', value: 'text, sep=None' }] }),
    fails: { edits: [{ op: 'set', path: 'missing.py', address: 'def parse.params', value: 'x' }] },
    fix: /missing\.py[\s\S]*Check the path: it is relative to the root/,
  },
  apply_patch: {
    ok: () => ({ patch: '*** Begin Patch\n*** Update File: util.py\n@@ def parse(text):\n-    return text.split()\n+    return text.split(",")\n*** End Patch' }),
    fails: { patch: '*** Begin Patch\n*** Update File: util.py\n-    return text.splitlines()\n+    return []\n*** End Patch' },
    fix: /util\.py hunk 1 \(patch line 3\): not found; most similar, line 2[\s\S]*send the whole patch again/,
  },
  create_file: {
    ok: () => ({ path: 'pkg/new.py', content: 'X = 1\n' }),
    fails: { path: 'util.py', content: 'X = 1\n' },
    fix: /util\.py already exists[\s\S]*overwrite: true and expected_hash: "sha256:[0-9a-f]{64}"/,
  },
  delete_file: { ok: () => ({ path: 'util.py' }), fails: { path: 'missing.py' }, fix: missingFile },
  move_file: { ok: () => ({ from: 'util.py', to: 'lib/util.py' }), fails: { from: 'missing.py', to: 'lib/util.py' }, fix: missingFile },
  undo: {
    ok: async (call) => {
      const edit = await call('file_edit', { path: 'util.py', edits: [{ old_text: 'split()', new_text: 'split(",")' }] });
      return { undo_token: edit.structuredContent?.undo_token };
    },
    fails: { undo_token: 'undo-999-deadbeef' },
    fix: /undo_token: unknown or expired[\s\S]*read the file and edit it back instead/,
  },
};
