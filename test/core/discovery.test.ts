import { describe, expect, it } from 'vitest';
import { IgnoreRules } from '../../src/core/discovery/ignore-rules.js';
import { compileStructureQuery } from '../../src/core/discovery/structure-query.js';
import { isGlob, pathSelector, wildcardRegExp } from '../../src/core/glob.js';

const paths = ['a.ts', 'src/a.ts', 'src/b.py', 'src/deep/c.ts', 'src/deep/c.test.ts', 'docs/x.md'];
const select = (patterns: string[]) => paths.filter(pathSelector(patterns));

describe('pathSelector', () => {
  it('selects by glob, folder, negation (last match wins), and everything by default', () => {
    expect(select([])).toEqual(paths);
    expect(select(['*.ts'])).toEqual(['a.ts']);
    expect(select(['**/*.ts'])).toEqual(['a.ts', 'src/a.ts', 'src/deep/c.ts', 'src/deep/c.test.ts']);
    expect(select(['src'])).toEqual(['src/a.ts', 'src/b.py', 'src/deep/c.ts', 'src/deep/c.test.ts']);
    expect(select(['./src/', '!**/*.test.ts'])).toEqual(['src/a.ts', 'src/b.py', 'src/deep/c.ts']);
    expect(select(['!src'])).toEqual(['a.ts', 'docs/x.md']);
    expect(select(['src/**/*.{ts,py}', '!src/deep', 'src/deep/c.ts'])).toEqual(['src/a.ts', 'src/b.py', 'src/deep/c.ts']);
  });

  it('isGlob and wildcard names', () => {
    expect([isGlob('src'), isGlob('src/*.ts'), isGlob('a?.py'), isGlob('{a,b}')]).toEqual([false, true, true, true]);
    expect(['get', 'getUser', 'get/set', 'forget'].filter((name) => wildcardRegExp('get*').test(name))).toEqual(['get', 'getUser', 'get/set']);
    expect(['a.b', 'axb'].filter((name) => wildcardRegExp('a.b').test(name))).toEqual(['a.b']);
  });
});

describe('IgnoreRules', () => {
  it('stacks folders as git does: the deepest file with a matching pattern decides', () => {
    const root = IgnoreRules.none().inFolder('', ['build/\n*.log\n!keep.log\n']);
    const nested = root.inFolder('pkg', ['!*.log\nlocal.txt\n']);
    expect([root.ignores('build', true), root.ignores('build', false), root.ignores('x.log', false), root.ignores('keep.log', false), root.ignores('a/b.log', false)]).toEqual([true, false, true, false, true]);
    expect([nested.ignores('pkg/x.log', false), nested.ignores('pkg/local.txt', false), nested.ignores('local.txt', false), nested.ignores('pkg/build', true)]).toEqual([false, true, false, true]);
    // Case-sensitive, as git is by default.
    expect(root.ignores('X.LOG', false)).toBe(false);
  });
});

describe('compileStructureQuery', () => {
  it('refuses a bad regular expression naming its field', () => {
    const failed = compileStructureQuery({ name_regex: '[' });
    expect(failed.isErr() && failed.error.details.issues.map((issue) => issue.field)).toEqual(['name_regex']);
  });

  it('tests only literal filters on a whole file', () => {
    const query = compileStructureQuery({ name: 'parse', text: 'return' })._unsafeUnwrap();
    expect([query.mayMatchFile('def parse(): return 1'), query.mayMatchFile('def parse(): pass'), query.mayMatchFile('def other(): return')]).toEqual([true, false, false]);
    expect(compileStructureQuery({ name: 'p*', text_regex: '^x' })._unsafeUnwrap().mayMatchFile('')).toBe(true);
  });
});
