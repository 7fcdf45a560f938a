import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from '../../src/index.js';

// A Rust macro's arguments are tokens, not expressions: `P::new` and `x.len()` inside
// `assert_eq!(…)` used to be read as uses of whatever `new` or `len` the scope held, so renaming a
// function `new` renamed `P::new(2)` inside the macro too, and reported success.

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const file = lines(
  'pub struct P;',
  '',
  'impl P {',
  '    pub fn new(a: u8) -> P {',
  '        P',
  '    }',
  '}',
  '',
  'fn new() -> u8 {',
  '    1',
  '}',
  '',
  'pub fn t(xs: Vec<u8>) {',
  '    let len = new();',
  '    assert_eq!(P::new(len), P);',
  '    assert_eq!(xs.len(), 1);',
  '}',
);

describe("names in a Rust macro's arguments", () => {
  it('a path member (`P::new`) is not the function `new` in scope: renaming that function lists it, changes nothing', async () => {
    const fs = memoryFs({ 'src/lib.rs': file });
    const result = await createEditor({ fs, semantic: 'syntax' }).applyEdits({ edits: [{ op: 'rename', path: 'src/lib.rs', address: 'fn new', new_name: 'fresh' }] });
    expect(result.isErr() && result.error.error).toBe('UNRESOLVED_REFERENCES');
    if (result.isOk() || result.error.error !== 'UNRESOLVED_REFERENCES') return;
    expect(result.error.details.references.map((reference) => reference.line)).toEqual([15]);
    expect(fs.snapshot()['src/lib.rs']).toBe(file);
  });

  it('a member read with `.` (`xs.len()`) is not the local `len`', async () => {
    const fs = memoryFs({ 'src/lib.rs': file });
    const result = await createEditor({ fs, semantic: 'syntax' }).applyEdits({ edits: [{ op: 'rename', path: 'src/lib.rs', address: 'pub fn t\nlet len', new_name: 'count' }] });
    expect(result.isOk() ? 'applied' : result.error.message).toBe('applied');
    expect(fs.snapshot()['src/lib.rs']).toBe(file.replace('let len = new();', 'let count = new();').replace('P::new(len)', 'P::new(count)'));
  });
});
