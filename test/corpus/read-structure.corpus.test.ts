import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor } from 'structedit';
import { nodeFs } from 'structedit/node';
import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import { locateTarget, locateUniqueTarget } from '../../src/core/locate/locate.js';
import { TargetNamer } from '../../src/core/locate/targets.js';
import { listStructureTree, type StructureListing } from '../../src/core/read/list-structures.js';
import { readMatches } from '../../src/core/read/read-structure.js';
import { matchTexts } from '../../src/core/locate/match-text.js';
import type { StructureNode } from '../../src/core/structure/types.js';
import { createSourceText } from '../../src/core/text/source-text.js';
import { decodeUtf8 } from '../../src/core/text/utf8.js';
import { parseStructureTree } from '../../src/parsing/parse-structure.js';
import { nodeModulesSample, pythonSample } from './corpus.js';

const registry = createLanguageRegistry();

interface Counts {
  files: number;
  structures: number;
  unique: number;
  ambiguous: number;
  parseFailures: number;
  skippedFiles: number;
}

/**
 * Issue 2 acceptance, on real code: every structure's own unique target resolves to exactly that
 * structure and reading it returns exactly its source lines; where no unique target exists,
 * TARGET_AMBIGUOUS lists it.
 */
async function checkCorpus(root: string, files: string[]): Promise<{ counts: Counts; failures: string[] }> {
  const counts: Counts = { files: 0, structures: 0, unique: 0, ambiguous: 0, parseFailures: 0, skippedFiles: 0 };
  const failures: string[] = [];
  for (const file of files) {
    const bytes = readFileSync(join(root, file));
    const decoded = decodeUtf8(bytes);
    const language = registry.resolve(file);
    if (decoded.isErr() || language.isErr()) {
      counts.skippedFiles++;
      continue;
    }
    counts.files++;
    const source = createSourceText(decoded.value.text, decoded.value.bom);
    const tree = await parseStructureTree(source, language.value);
    if (tree.syntaxErrors.length > 0) counts.parseFailures++;
    const fileLines = source.text.split('\n');
    const namer = new TargetNamer(tree);

    // The listing and the tree list the same structures in the same order; the tree gives each
    // structure's own first match text, from which an (ambiguous) target is built when no unique one exists.
    const visit = (listing: StructureListing, node: StructureNode, parentLevels: string[]) => {
      counts.structures++;
      const [first, last] = listing.line_range_inclusive;
      expect([listing.kind, ...node.lineRange]).toEqual([node.kind, first, last]);
      const firstLine = fileLines[first - 1]!;
      const levels = [...parentLevels, matchTexts(source.text, node)[0]!];
      if (listing.target !== null) {
        const located = locateTarget(tree, listing.target, file, namer);
        if (located.isErr() || located.value.length !== 1) {
          failures.push(`${file}: target ${JSON.stringify(listing.target)} of lines ${first}-${last} resolved to ${located.isErr() ? located.error.error : `${located.value.length} structures`}`);
        } else {
          const found = located.value[0]![located.value[0]!.length - 1]!;
          const [match] = readMatches(source, located.value);
          const textLines = match!.text.split('\n');
          const ownLines =
            textLines.length === last - first + 1 &&
            (textLines.length === 1 ? firstLine.includes(textLines[0]!.trimStart()) : firstLine.endsWith(textLines[0]!.trimStart())) &&
            textLines[0]!.startsWith(/^[ \t]*/.exec(firstLine)![0]) &&
            textLines.slice(1, -1).every((line, i) => line === fileLines[first + i]) &&
            (textLines.length === 1 || fileLines[last - 1]!.startsWith(textLines[textLines.length - 1]!));
          if (found !== node) failures.push(`${file}: target ${JSON.stringify(listing.target)} names lines ${found.lineRange.join('-')}, not ${first}-${last}`);
          else if (!ownLines) failures.push(`${file}: text of ${JSON.stringify(listing.target)} (lines ${first}-${last}) is not the file's own lines`);
          else counts.unique++;
        }
      } else {
        const result = locateUniqueTarget(tree, levels.join('\n'), file, namer);
        if (result.isErr() && result.error.error === 'TARGET_AMBIGUOUS' && result.error.details.matches.some((m) => m.line_range_inclusive[0] === first && m.line_range_inclusive[1] === last)) {
          counts.ambiguous++;
        } else {
          failures.push(`${file}: lines ${first}-${last} have no unique target, but ${JSON.stringify(levels.join('\n'))} gave ${result.isErr() ? result.error.error : 'a unique match'}`);
        }
      }
      listing.children.forEach((child, i) => visit(child, node.children[i]!, levels));
    };
    listStructureTree(tree).forEach((listing, i) => visit(listing, tree.root.children[i]!, []));
  }
  return { counts, failures };
}

describe('real code: every structure is named by its own target and read back as its own lines', () => {
  it('the Python standard library (200 files)', async () => {
    const { root, files } = pythonSample(200);
    expect(files.length).toBe(200);
    const { counts, failures } = await checkCorpus(root, files);
    console.log(`[corpus] python stdlib: ${JSON.stringify(counts)}`);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(counts.files).toBeGreaterThanOrEqual(195);
    expect(counts.unique).toBeGreaterThan(counts.structures * 0.9);

    // The shell end to end on a few files: readStructure through nodeFs returns the same text.
    const editor = createEditor({ fs: nodeFs({ root }) });
    let readBack = 0;
    for (const file of files.slice(0, 5)) {
      const listed = await editor.listStructures({ path: file, depth: 1 });
      for (const structure of listed._unsafeUnwrap().structures.filter((s) => s.target !== null).slice(0, 5)) {
        const read = await editor.readStructure({ path: file, target: structure.target! });
        expect(read._unsafeUnwrap().matches.map((m) => m.line_range_inclusive)).toEqual([structure.line_range_inclusive]);
        readBack++;
      }
    }
    expect(readBack).toBeGreaterThanOrEqual(15);
  });

  it('TypeScript and JavaScript from node_modules (200 files)', async () => {
    const { root, files } = nodeModulesSample(200);
    expect(files.length).toBe(200);
    const { counts, failures } = await checkCorpus(root, files);
    console.log(`[corpus] node_modules ts/js: ${JSON.stringify(counts)}`);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(counts.files).toBe(200);
    expect(counts.unique).toBeGreaterThan(counts.structures * 0.9);
  });
});
