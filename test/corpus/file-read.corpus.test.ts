import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor } from 'structedit';
import { nodeFs } from 'structedit/node';
import { fileReadText } from 'structedit/tools';
import { readRange, readSkeleton, readTargets, resolveRange } from '../../src/core/file-read/read-file.js';
import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import { TargetNamer } from '../../src/core/locate/targets.js';
import { createSourceText } from '../../src/core/text/source-text.js';
import { decodeUtf8 } from '../../src/core/text/utf8.js';
import { parseStructureTree } from '../../src/parsing/parse-structure.js';
import { segmentFailures, skeletonPartitionFailures, skeletonSymbols, stubsOf, stubTargetFailures } from '../file-read/invariants.js';
import { markdownSample, nodeModulesSample, pythonSample } from './corpus.js';

const registry = createLanguageRegistry();

interface Figures {
  files: number;
  lines: number;
  stubs: number;
  resolved: number;
  unnamed: number;
  withSyntaxErrors: number;
  medianSkeletonRatio: number;
  /** All skeletons' characters over all files' characters. */
  totalSkeletonRatio: number;
}

/**
 * Issue 6 acceptance, on real code: the skeleton's categories partition every file's lines; a range
 * read of the whole file shows every line once (source lines, or stubs standing for them); every
 * stub's target (range reads, skeletons, non-recursive target reads) resolves to exactly the
 * stubbed lines. Also measures the skeleton's size against the file's.
 */
async function checkCorpus(root: string, files: readonly string[]): Promise<{ figures: Figures; failures: string[] }> {
  const failures: string[] = [];
  const ratios: number[] = [];
  const figures: Figures = { files: 0, lines: 0, stubs: 0, resolved: 0, unnamed: 0, withSyntaxErrors: 0, medianSkeletonRatio: 0, totalSkeletonRatio: 0 };
  let skeletonChars = 0;
  let fileChars = 0;
  for (const path of files) {
    const decoded = decodeUtf8(readFileSync(join(root, path)));
    const language = registry.resolve(path);
    if (decoded.isErr() || language.isErr()) continue;
    const source = createSourceText(decoded.value.text, decoded.value.bom);
    const tree = await parseStructureTree(source, language.value);
    const file = { path, tree, plainTextReason: null, hash: 'sha256:test' };
    const namer = new TargetNamer(tree);
    const fileLines = source.text.split('\n');
    figures.files++;
    if (tree.syntaxErrors.length > 0) figures.withSyntaxErrors++;

    const skeleton = readSkeleton(file, []);
    figures.lines += skeleton.total_lines;
    failures.push(...skeletonPartitionFailures(skeleton.skeleton, skeleton.total_lines).slice(0, 3).map((failure) => `${path}: skeleton: ${failure}`));
    const skeletonText = fileReadText(skeleton);
    if (source.text.length > 0) ratios.push(skeletonText.length / source.text.length);
    skeletonChars += skeletonText.length;
    fileChars += source.text.length;

    const range = resolveRange(path, skeleton.total_lines)._unsafeUnwrap();
    const stubs = [...skeletonSymbols(skeleton.skeleton)];
    if (range !== null) {
      const read = readRange(file, range, false, []);
      failures.push(...segmentFailures(read.segments, fileLines, range).slice(0, 3).map((failure) => `${path}: range: ${failure}`));
      stubs.push(...stubsOf(read.segments));
    }
    const outline = readTargets(file, '', [[tree.root]], false, []);
    const outlineSegments = outline.matches[0]!.segments;
    if (range !== null) failures.push(...segmentFailures(outlineSegments, fileLines, range).slice(0, 3).map((failure) => `${path}: outline: ${failure}`));
    stubs.push(...stubsOf(outlineSegments));

    const checked = stubTargetFailures(tree, stubs, path, namer);
    failures.push(...checked.failures.slice(0, 3));
    figures.stubs += stubs.length;
    figures.resolved += checked.resolved;
    figures.unnamed += checked.unnamed;
  }
  ratios.sort((a, b) => a - b);
  figures.medianSkeletonRatio = ratios.length === 0 ? 0 : Math.round(ratios[Math.floor(ratios.length / 2)]! * 1000) / 1000;
  figures.totalSkeletonRatio = fileChars === 0 ? 0 : Math.round((skeletonChars / fileChars) * 1000) / 1000;
  return { figures, failures };
}

describe('real code: structured reading partitions every line and every stub reads back its own lines', () => {
  it('the Python standard library (150 files)', async () => {
    const { root, files } = pythonSample(150);
    const { figures, failures } = await checkCorpus(root, files);
    console.log(`[corpus] file_read python stdlib: ${JSON.stringify(figures)}`);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(figures.files).toBeGreaterThanOrEqual(145);
    expect(figures.resolved).toBeGreaterThan(figures.stubs * 0.9);

    // The shell end to end: the same through nodeFs and the editor.
    const editor = createEditor({ fs: nodeFs({ root }) });
    let readBack = 0;
    for (const path of files.slice(0, 5)) {
      const skeleton = (await editor.readFile({ path, skeleton: true }))._unsafeUnwrap();
      if (skeleton.mode !== 'skeleton') throw new Error('expected a skeleton');
      for (const symbol of skeleton.skeleton.symbols.filter((s) => s.target !== null).slice(0, 5)) {
        const read = (await editor.readStructure({ path, target: symbol.target! }))._unsafeUnwrap();
        expect(read.matches.map((match) => match.line_range_inclusive)).toEqual([symbol.line_range_inclusive]);
        readBack++;
      }
    }
    expect(readBack).toBeGreaterThanOrEqual(15);
  });

  it('TypeScript and JavaScript from node_modules (150 files)', async () => {
    const { root, files } = nodeModulesSample(150);
    const { figures, failures } = await checkCorpus(root, files);
    console.log(`[corpus] file_read node_modules ts/js: ${JSON.stringify(figures)}`);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(figures.files).toBe(150);
    expect(figures.resolved).toBeGreaterThan(figures.stubs * 0.9);
  });

  it('Markdown from node_modules (80 files)', async () => {
    const { root, files } = markdownSample(80);
    const { figures, failures } = await checkCorpus(root, files);
    console.log(`[corpus] file_read markdown: ${JSON.stringify(figures)}`);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(figures.files).toBe(80);
    expect(figures.resolved).toBeGreaterThan(figures.stubs * 0.9);
  });
});
