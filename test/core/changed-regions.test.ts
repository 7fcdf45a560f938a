import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedRegions, type ChangedRegion } from '../../src/core/text/changed-regions.js';
import { languageSample } from '../corpus/corpus.js';

/** `before` with each region's text replaced by the after text's: `after` again, if the regions are right. */
function rebuilt(before: string, after: string, regions: readonly ChangedRegion[]): string {
  let text = '';
  let at = 0;
  for (const region of regions) {
    text += before.slice(at, region.before.start) + after.slice(region.after.start, region.after.end);
    at = region.before.end;
  }
  return text + before.slice(at);
}

describe('changedRegions: where two versions of a text differ', () => {
  const before = 'a\nb\nc\nd\ne\nf\ng\n';

  it('is nothing for equal texts, one region for a small middle', () => {
    expect(changedRegions(before, before, 0)).toEqual([]);
    expect(changedRegions(before, before.replace('b', 'B').replace('f', 'F'), 1000)).toEqual([{ before: { start: 2, end: 11 }, after: { start: 2, end: 11 } }]);
  });

  it('cuts a large middle at the lines both versions share: two edits are two regions', () => {
    const after = before.replace('b', 'B').replace('f', 'F');
    expect(changedRegions(before, after, 0)).toEqual([
      { before: { start: 2, end: 4 }, after: { start: 2, end: 4 } },
      { before: { start: 10, end: 12 }, after: { start: 10, end: 12 } },
    ]);
  });

  it('gives an insertion an empty region before, a deletion an empty one after', () => {
    const after = before.replace('c\n', 'c\nnew\n').replace('f\n', '');
    const regions = changedRegions(before, after, 0);
    expect(regions).toEqual([
      { before: { start: 6, end: 6 }, after: { start: 6, end: 10 } },
      { before: { start: 10, end: 12 }, after: { start: 14, end: 14 } },
    ]);
    expect(rebuilt(before, after, regions)).toBe(after);
  });

  it('holds on real files: edits spread over them give back the text edited, each apart (node_modules, the Python standard library)', () => {
    const sample = languageSample('typescript', 20);
    if (!('files' in sample)) throw new Error(sample.missing);
    const python = languageSample('python', 20);
    if (!('files' in python)) throw new Error(python.missing);
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    let regionsFound = 0;
    let texts = 0;
    for (const path of [...sample.files.map((file) => join(sample.root, file)), ...python.files.map((file) => join(python.root, file))]) {
      const text = readFileSync(path, 'utf8');
      const lines = text.split('\n');
      if (lines.length < 40) continue;
      // Up to 6 edits: a line deleted, doubled, changed, or a new one; sometimes two next to each other.
      const edited = [...lines];
      for (let count = 1 + random(6); count > 0; count--) {
        const at = random(edited.length);
        const kind = random(4);
        if (kind === 0) edited.splice(at, 1);
        else if (kind === 1) edited.splice(at, 0, edited[at]!);
        else if (kind === 2) edited[at] = `${edited[at]!} // changed`;
        else edited.splice(at, 0, 'const inserted = 1;');
      }
      const after = edited.join('\n');
      for (const splitAbove of [0, Infinity]) {
        const regions = changedRegions(text, after, splitAbove);
        expect(rebuilt(text, after, regions), path).toBe(after);
        // In order, apart, and each one a change.
        regions.forEach((region, index) => {
          expect(region.before.start <= region.before.end && region.after.start <= region.after.end).toBe(true);
          if (index > 0) expect(region.before.start).toBeGreaterThanOrEqual(regions[index - 1]!.before.end);
          expect(text.slice(region.before.start, region.before.end) !== after.slice(region.after.start, region.after.end)).toBe(true);
        });
        if (splitAbove === 0) regionsFound += regions.length;
      }
      texts++;
    }
    console.log(`changedRegions: ${texts} real files edited in up to 6 places, ${regionsFound} regions; each pair of versions rebuilt from its regions`);
    expect(texts).toBeGreaterThan(20);
  });
});
