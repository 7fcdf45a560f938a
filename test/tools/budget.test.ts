import { describe, expect, it } from 'vitest';
import { cutData, cutText } from '../../src/tools/budget.js';

const hint = () => 'Ask for less.';

describe('cutText', () => {
  it('leaves a text within the budget alone', () => {
    expect(cutText('a\nb', 1000, hint)).toEqual({ text: 'a\nb', cut: false, shownLines: 2, totalLines: 2 });
  });

  it('keeps whole lines, then says how many were shown and how to continue', () => {
    const text = Array.from({ length: 500 }, (_, index) => `line ${index + 1}`).join('\n');
    const cut = cutText(text, 1000, ({ shownLines }) => `Continue from line ${shownLines + 1}.`);
    expect(cut.cut).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(1000);
    expect(cut.text.startsWith('line 1\nline 2\n')).toBe(true);
    expect(cut.text).toMatch(new RegExp(`\\[Output cut to fit 1,000 characters \\(max_output_chars\\): showing ${cut.shownLines} of 500 lines\\. Continue from line ${cut.shownLines + 1}\\.\\]$`));
  });

  it('cuts a line longer than a quarter of the budget in place, with a marker', () => {
    const cut = cutText(`short\n${'x'.repeat(50_000)}\nend`, 4000, hint);
    const lines = cut.text.split('\n');
    expect(lines[0]).toBe('short');
    expect(lines[1]).toBe(`${'x'.repeat(1000)}… [cut: 49,000 more characters on this line]`);
    expect(lines[2]).toBe('end');
    expect(cut.text).toContain('1 long line cut in place. Ask for less.]');
    expect(cut.text.length).toBeLessThanOrEqual(4000);
  });
});

describe('cutData', () => {
  it('leaves data within the budget alone', () => {
    const data = { path: 'a.py', matches: [{ text: 'x' }] };
    expect(cutData(data, 1000, 'more')).toBe(data);
  });

  it('keeps the shape: strings shortened, arrays cut to their first items, and says what was left out', () => {
    const data = { path: 'a.py', total: 3000, matches: Array.from({ length: 3000 }, (_, index) => ({ line: index + 1, text: `def f${index}():\n    ${'pass; '.repeat(20)}` })) };
    const cut = cutData(data, 5000, 'Use offset.') as { path: string; total: number; matches: Array<{ line: number; text: string }>; truncated: { omitted: Array<{ path: string; unit: string }>; how_to_continue: string; max_output_chars: number } };
    expect(JSON.stringify(cut).length).toBeLessThanOrEqual(5000);
    expect(cut.path).toBe('a.py');
    expect(cut.total).toBe(3000);
    expect(cut.matches.length).toBeGreaterThan(0);
    expect(cut.matches[0]!.line).toBe(1);
    expect(cut.truncated.max_output_chars).toBe(5000);
    expect(cut.truncated.how_to_continue).toBe('Use offset.');
    expect(cut.truncated.omitted[0]).toMatchObject({ path: 'matches', unit: 'items' });
  });

  it('cuts one huge string with a marker', () => {
    const cut = cutData({ diff: 'y'.repeat(100_000) }, 2000, 'Narrow it.') as { diff: string; truncated: { omitted: Array<{ path: string; omitted: number }> } };
    expect(cut.diff).toMatch(/^y+… \[cut: [\d,]+ more characters\]$/);
    expect(cut.truncated.omitted[0]!.path).toBe('diff');
    expect(JSON.stringify(cut).length).toBeLessThanOrEqual(2000);
  });
});
