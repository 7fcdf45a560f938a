import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { blankNewerSwift } from '../../src/core/languages/profiles/swift-syntax-gaps.js';

/**
 * Swift newer than the grammar structedit ships (src/core/languages/profiles/swift-syntax-gaps.ts):
 * the text the grammar is given, with what it does not know blanked (`·` marks a blanked character).
 * Input → output.
 */

const shown = (text: string) => {
  const blanked = blankNewerSwift(text);
  if (blanked === null) return null;
  return [...blanked].map((ch, at) => (ch === ' ' && text[at] !== ' ' ? '·' : ch)).join('');
};

describe('Swift the grammar does not know, blanked', () => {
  it('noncopyable constraints, nonisolated(unsafe), a second attribute before a parameter', () => {
    expect(shown('public struct A<T: ~Copyable> {}\nprotocol P: A, ~Copyable {}\n')).toBe('public struct A<T: ·Copyable> {}\nprotocol P: A, ·Copyable {}\n');
    expect(shown('nonisolated(unsafe) static let shared = X()\n')).toBe('nonisolated········ static let shared = X()\n');
    expect(shown('func f(@Builder<X> @_implicitSelfCapture _ body: () -> [Any]) {}\n')).toBe('func f(@Builder<X> ····················· _ body: () -> [Any]) {}\n');
  });

  it('raw strings: the hashes and what is between the quotes', () => {
    expect(shown('let r = #"^[0-9"a]+$"#\n')).toBe('let r = ·"··········"·\n');
    expect(shown('let m = ##"""\nsay "hi"\n"""##\n')).toBe('let m = ··"""\n··· ····\n"""··\n');
  });

  it('nothing in comments, strings or operators', () => {
    expect(shown('// T: ~Copyable, #"x"#\nlet s = "a: ~B #\\"c\\"#"\nlet e = a ~ b\nlet f = g(@escaping)\n')).toBeNull();
  });

  it('a file using them parses clean: its functions take a parameter and lose it again', async () => {
    const file = 'public struct Box<T: ~Copyable> {\n  nonisolated(unsafe) static var count = 0\n\n  func make(@Builder @_implicitSelfCapture _ body: () -> [Int]) -> Int {\n    return body().count + #"a"b"#.count\n  }\n}\n';
    const fs = memoryFs({ 'box.swift': file });
    const editor = createEditor({ fs, semantic: 'syntax' });
    const listed = (await editor.listStructures({ path: 'box.swift' }))._unsafeUnwrap();
    expect(listed.warnings).toEqual([]);
    const added = await editor.applyEdits({ edits: [{ path: 'box.swift', address: 'public struct Box\nfunc make.params', op: 'add', value: 'extra: Int = 0' }], options: { validate: false } });
    expect(added.isOk() ? 'applied' : `${added.error.error}: ${added.error.message}`).toBe('applied');
    expect(fs.snapshot()['box.swift']).toContain('_ body: () -> [Int], extra: Int = 0) -> Int {');
    const removed = await editor.applyEdits({ edits: [{ path: 'box.swift', address: 'public struct Box\nfunc make.params.extra', op: 'remove' }], options: { validate: false } });
    expect(removed.isOk() ? 'applied' : `${removed.error.error}: ${removed.error.message}`).toBe('applied');
    expect(fs.snapshot()['box.swift']).toBe(file);
  });
});
