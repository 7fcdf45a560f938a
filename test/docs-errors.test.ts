import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** docs/errors.md and the README name every error code the library can answer (src/core/errors.ts). */
const root = join(import.meta.dirname, '..');
const source = readFileSync(join(root, 'src/core/errors.ts'), 'utf8');
const table = source.slice(source.indexOf('interface ErrorDetailsByCode'));
const codes = [...table.slice(0, table.indexOf('\n}\n')).matchAll(/^ {2}([A-Z_]+):/gm)].map((match) => match[1]!);

describe('the error reference', () => {
  it.each(['docs/errors.md', 'README.md'])('%s names every error code', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    expect(codes.length).toBeGreaterThan(30);
    expect(codes.filter((code) => !text.includes(`\`${code}\``))).toEqual([]);
  });
});
