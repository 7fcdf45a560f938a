import { describe, expect, it } from 'vitest';
import { addedDiagnostics, type BackendDiagnostic } from '../../src/core/semantic/backend.js';

const at = (file: string, line: number, code: string, message: string): BackendDiagnostic => ({ file, line, code, message });

describe('addedDiagnostics: what a batch added, by file and problem', () => {
  it('the same problem moved, or worded another way by the checker, is not new', () => {
    const before = [at('a.ts', 10, 'TS2591', "Cannot find name 'Buffer'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node`.")];
    const after = [at('a.ts', 12, 'TS2552', "Cannot find name 'Buffer'. Did you mean 'buffer'?")];
    expect(addedDiagnostics(before, after)).toEqual([]);
    // TypeScript offers a spelling suggestion only for the first few such errors it meets, so which
    // one gets it depends on what it checked first (found on this repository with @types/node unread).
    const plain = [at('s.ts', 404, 'TS2304', "Cannot find name 'setTimeout'.")];
    const suggested = [at('s.ts', 404, 'TS2552', "Cannot find name 'setTimeout'. Did you mean 'timeout'?")];
    expect(addedDiagnostics(plain, suggested)).toEqual([]);
    expect(addedDiagnostics(suggested, plain)).toEqual([]);
  });

  it('a type printed another way under the same code, as many times as before, is not new', () => {
    const before = [at('a.ts', 105, 'TS2322', "Type 'string | Uint8Array<ArrayBuffer>' is not assignable to type 'BodyInit'.")];
    const after = [at('a.ts', 105, 'TS2322', "Type 'string | Uint8Array<ArrayBufferLike>' is not assignable to type 'BodyInit'.")];
    expect(addedDiagnostics(before, after)).toEqual([]);
  });

  it('a new problem under a code the file already had once is new, wherever it comes in the file', () => {
    const before = [at('a.ts', 50, 'TS2322', "Type 'A' is not assignable to type 'B'.")];
    const after = [at('a.ts', 3, 'TS2322', "Type 'C' is not assignable to type 'D'."), at('a.ts', 50, 'TS2322', "Type 'A' is not assignable to type 'B'.")];
    expect(addedDiagnostics(before, after).map((added) => `${added.file}:${added.line}`)).toEqual(['a.ts:3']);
  });

  it('one more of the same problem in a file is new; the same problem in another file is new', () => {
    const before = [at('a.ts', 1, 'TS2322', "Type 'string' is not assignable to type 'number'.")];
    const after = [before[0]!, at('a.ts', 9, 'TS2322', "Type 'string' is not assignable to type 'number'."), at('b.ts', 1, 'TS2322', "Type 'string' is not assignable to type 'number'.")];
    expect(addedDiagnostics(before, after).map((added) => `${added.file}:${added.line}`)).toEqual(['a.ts:9', 'b.ts:1']);
  });

  it('an error naming the renamed name is the error that named the old one', () => {
    const before = [at('a.py', 3, 'reportAttributeAccessIssue', 'Cannot access attribute "total" for class "Cart"')];
    const renamedOne = at('a.py', 3, 'reportAttributeAccessIssue', 'Cannot access attribute "sum" for class "Cart"');
    const newOne = at('a.py', 8, 'reportAttributeAccessIssue', 'Cannot access attribute "count" for class "Cart"');
    expect(addedDiagnostics(before, [renamedOne, newOne], new Map([['sum', 'total']]))).toEqual([newOne]);
    expect(addedDiagnostics(before, [renamedOne, newOne])).toEqual([renamedOne, newOne]);
  });
});
