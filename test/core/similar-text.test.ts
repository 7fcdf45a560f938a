import { describe, expect, it } from 'vitest';
import { describeDifferences } from '../../src/core/file-edit/diagnostics.js';
import { describeIndentation } from '../../src/core/text/indentation.js';
import { findSimilarText, textSimilarity } from '../../src/core/text/similar-text.js';
import { createSourceText } from '../../src/core/text/source-text.js';

const similar = (text: string, needle: string) => findSimilarText(createSourceText(text), needle).map(({ line, text: found, score }) => ({ line, text: found, score: Math.round(score * 100) / 100 }));

describe('findSimilarText', () => {
  it('finds the substring of a line for a one-line fragment', () => {
    expect(similar('let a = 1;\nconst totl = compute(a);\n', 'total = compute(a)')[0]).toEqual({ line: 2, text: 'totl = compute(a)', score: 0.94 });
  });

  it('finds text a needle wrote on one line that the file breaks in two', () => {
    expect(similar('start();\nfoo();\nbar();\nend();\n', 'foo();bar();')[0]).toMatchObject({ line: 2, text: 'foo();\nbar();' });
  });

  it('finds a block with a line missing from the needle, whole', () => {
    const file = 'def f(x):\n    y = x + 1\n    z = helper(y, flag=True, retries=3, timeout=None)\n    return y\n';
    expect(similar(file, '    y = x + 1\n    return y')[0]).toMatchObject({ line: 2, text: '    y = x + 1\n    z = helper(y, flag=True, retries=3, timeout=None)\n    return y' });
  });

  it('keeps a needle that starts mid-line mid-line', () => {
    expect(similar('if (ready) { launch(rocket);\n  wait();\n}\n', '{ launch(Rocket);\n  wait();')[0]).toMatchObject({ line: 1, text: '{ launch(rocket);\n  wait();' });
  });

  it('returns nothing for a blank needle, an empty file, or nothing alike; results do not overlap', () => {
    expect(similar('text\n', '  \n')).toEqual([]);
    expect(similar('', 'text')).toEqual([]);
    expect(similar('alpha\nbeta\n', 'zzzzzzzz qqqqq')).toEqual([]);
    const found = similar('x = 1\nx = 2\nx = 3\ny = 4\n', 'x = 9');
    expect(found.map((entry) => entry.line)).toEqual([1, 2, 3]);
    expect(found.every((entry, index) => index === 0 || entry.score <= found[index - 1]!.score)).toBe(true);
  });

  it('scores identical text 1, and whitespace-only differences above other differences', () => {
    expect(textSimilarity('a b', 'a b')).toBe(1);
    expect(textSimilarity('return  x', 'return x')).toBeGreaterThan(textSimilarity('return y', 'return x'));
  });
});

describe('describeDifferences', () => {
  it('types each difference and shows short ones with their neighbouring word', () => {
    expect(describeDifferences('const  foo = 1', 'const foo = 1')).toEqual([{ type: 'whitespace', expected: 'const  foo', found: 'const foo' }]);
    expect(describeDifferences("print('hi')", 'print("hi")')).toEqual([
      { type: 'punctuation', expected: "print('hi", found: 'print("hi' },
      { type: 'punctuation', expected: "hi')", found: 'hi")' },
    ]);
    expect(describeDifferences('Return value', 'return value')).toEqual([{ type: 'case', expected: 'Return', found: 'return' }]);
    expect(describeDifferences('total = compute()', 'totals = compute()')).toEqual([{ type: 'content', expected: 'total', found: 'totals' }]);
  });
});

describe('describeIndentation', () => {
  it('names tabs, the space width, mixed files and unindented ones', () => {
    expect(describeIndentation('a\n\tb\n\t\tc\n')).toBe('tabs');
    expect(describeIndentation('a:\n  b:\n    c\n  d\n')).toBe('2 spaces');
    expect(describeIndentation('a\n\tb\n    c\n    d\n')).toBe('tabs (1 line) and spaces (2 lines)');
    expect(describeIndentation('a\nb\n\n')).toBe('no indentation');
    // A block comment's ` * ` lines are alignment, not space indentation.
    expect(describeIndentation('/**\n * doc\n */\nf() {\n\treturn 1;\n}\n')).toBe('tabs');
  });
});
