import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { expectOk } from '../helpers.js';

/** Issue 21: a C++ header named `.h` is read as C++ (it was parsed as C, and most of its reads refused). */

const cppHeader = '#pragma once\n#include <string>\n\nnamespace geo {\nclass Point {\n public:\n  double norm() const;\n private:\n  double x_;\n};\n}  // namespace geo\n';
const cHeader = '#ifndef POINT_H\n#define POINT_H\n\nstruct point {\n  int x;\n};\n\nint norm(const struct point *p);\n\n#endif\n';

describe('.h headers', () => {
  it('a header written in C++ is parsed as C++: its class and methods are structures', async () => {
    const editor = createEditor({ fs: memoryFs({ 'point.h': cppHeader }) });
    const read = expectOk(await editor.readStructure({ path: 'point.h', target: 'namespace geo\nclass Point\ndouble norm' }));
    expect(read.matches[0]!.text).toBe('  double norm() const;');
    const skeleton = expectOk(await editor.readFile({ path: 'point.h', skeleton: true }));
    expect(skeleton.mode).toBe('skeleton');
  });

  it('a C header stays C; `language` still decides when given', async () => {
    const editor = createEditor({ fs: memoryFs({ 'point.h': cHeader, 'cpp.h': cppHeader }) });
    const listed = expectOk(await editor.listStructures({ path: 'point.h' }));
    expect(listed.structures[0]!.children.map((child) => child.target)).toContain('#ifndef\nstruct point');
    // Read as C on request, the C++ header's class holds a syntax error (`const` after a method),
    // which the read reports: the class's extent still holds (it ends at its own `};`).
    const asC = expectOk(await editor.readStructure({ path: 'cpp.h', target: 'namespace geo\nclass Point', language: 'c' }));
    expect(asC.warnings).toEqual([expect.objectContaining({ type: 'SYNTAX_ERRORS_INSIDE', details: { errors: [expect.objectContaining({ line: 7 })] } })]);
    expect((await editor.readStructure({ path: 'cpp.h', target: 'namespace geo\nclass Point\ndouble norm', language: 'c' })).isErr()).toBe(true);
  });
});
