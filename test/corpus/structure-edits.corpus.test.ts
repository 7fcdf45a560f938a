import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { planDeleteStructure } from '../../src/core/edit/delete-structure.js';
import { planInsert } from '../../src/core/edit/insert-structure.js';
import { offsetAfterEdit, structureLines } from '../../src/core/edit/layout.js';
import { planMoveWithinFile } from '../../src/core/edit/move-structure.js';
import { planReplaceStructure } from '../../src/core/edit/replace-structure.js';
import { applyReplacements, isOverlap, type Replacement } from '../../src/core/edit/replacements.js';
import { addedSyntaxErrors } from '../../src/core/edit/syntax-check.js';
import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import type { LanguageDefinition } from '../../src/core/languages/definitions.js';
import type { StructurePath } from '../../src/core/locate/targets.js';
import { structureText } from '../../src/core/read/read-structure.js';
import { blockingSyntaxErrors } from '../../src/core/structure/syntax-errors.js';
import type { StructureNode, StructureTree } from '../../src/core/structure/types.js';
import { detectIndentationStyle } from '../../src/core/text/indentation.js';
import { createSourceText, indentationAt, type SourceText } from '../../src/core/text/source-text.js';
import { decodeUtf8 } from '../../src/core/text/utf8.js';
import { parseStructureTree } from '../../src/parsing/parse-structure.js';
import { nodeModulesSample, pythonSample } from './corpus.js';

const registry = createLanguageRegistry();
const CLAUSES = new Set(['else', 'elif', 'catch', 'finally', 'case']);

interface Counts {
  files: number;
  structures: number;
  replacedIdentical: number;
  deleteInsert: number;
  anchorLost: number;
  restoredIdentical: number;
  restoredBlankLinesOnly: number;
  moves: number;
  movedBackParsing: number;
  movedBackIdentical: number;
  failedCalls: number;
}

function apply(source: SourceText, replacements: readonly Replacement[]): SourceText {
  const result = applyReplacements(source, replacements);
  if (isOverlap(result)) throw new Error(`overlapping replacements ${JSON.stringify(result)}`);
  return result;
}

/** Every structure path of a tree, depth first. */
function allPaths(tree: StructureTree): StructurePath[] {
  const paths: StructurePath[] = [];
  const visit = (path: StructurePath) => {
    for (const child of path[path.length - 1]!.children) {
      const next = [...path, child];
      paths.push(next);
      visit(next);
    }
  };
  visit([tree.root]);
  return paths;
}

/** The path of the structure of `type` starting at `start`, in an edited tree. */
function pathAt(tree: StructureTree, start: number, type: string): StructurePath | null {
  const path = [tree.root];
  for (;;) {
    const holder = path[path.length - 1]!.children.find((node) => node.start <= start && start < Math.max(node.end, node.start + 1));
    if (!holder) return null;
    path.push(holder);
    if (holder.start === start && holder.type === type) return path;
  }
}

/** Every `count`-th item, at most `limit` of them. */
function spread<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)]!);
}

const withoutBlankLines = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .join('\n');

/**
 * Issue 3 acceptance, on real files: replacing every structure with its own text
 * leaves the file byte-identical; deleting a structure and inserting its text back next to its
 * sibling restores the file (blank lines aside, counted); moving a structure to the file's end
 * and back keeps the file parsing.
 */
async function checkCorpus(root: string, files: string[]): Promise<{ counts: Counts; failures: string[] }> {
  const counts: Counts = { files: 0, structures: 0, replacedIdentical: 0, deleteInsert: 0, anchorLost: 0, restoredIdentical: 0, restoredBlankLinesOnly: 0, moves: 0, movedBackParsing: 0, movedBackIdentical: 0, failedCalls: 0 };
  const failures: string[] = [];
  for (const file of files) {
    const decoded = decodeUtf8(readFileSync(join(root, file)));
    const language = registry.resolve(file);
    if (decoded.isErr() || language.isErr()) continue;
    counts.files++;
    const source = createSourceText(decoded.value.text, decoded.value.bom);
    const tree = await parseStructureTree(source, language.value);
    const style = detectIndentationStyle(source.text);
    const parse = (edited: SourceText) => parseStructureTree(edited, language.value as LanguageDefinition);
    const usable = allPaths(tree).filter((path) => blockingSyntaxErrors(tree, path).length === 0);

    // Replace every structure with its own text: no replacement at all.
    for (const path of usable) {
      counts.structures++;
      const node = path[path.length - 1]!;
      const plan = planReplaceStructure(tree, path, structureText(source, node), style, null)._unsafeUnwrap();
      if (plan.replacements.length === 0 && apply(source, plan.replacements).original === source.original) counts.replacedIdentical++;
      else failures.push(`${file}: replacing lines ${node.lineRange.join('-')} with its own text changes the file: ${JSON.stringify(plan.replacements).slice(0, 200)}`);
    }

    // Delete a structure, insert its text back before its next sibling (or after its previous
    // one), and move it to the file's end and back. Only where that is the inverse: the
    // structure has its lines to itself (no code or comment shares them: deleting the line
    // deletes a trailing comment, by design; same-line items are covered by the fixtures), the
    // anchor is a sibling in the same body (not a clause) with only blank lines between, and its
    // doc comment is indented like its declaration (the first line's indentation is the base).
    const anchored = usable.flatMap((path): Array<{ path: StructurePath; sibling: StructureNode; side: 'before' | 'after' }> => {
      const node = path[path.length - 1]!;
      const parent = path[path.length - 2]!;
      const index = parent.children.indexOf(node);
      const lines = structureLines(source, node);
      const rest = source.text.slice(lines.end, lines.nextLineStart).trim();
      if (CLAUSES.has(node.kind) || !lines.startsLine || !lines.endsLine || rest !== '' || indentationAt(source, node.headerStart) !== lines.indentation) return [];
      // Content is taken at zero indent relative to its first line: a structure with a line indented
      // less than its first (sucrase's `   method() {` … `  }`) cannot come back byte for byte.
      const [, ...laterLines] = source.text.slice(node.start, node.end).split('\n');
      const outdented = laterLines.some((line) => line.trim() !== '' && !line.startsWith(lines.indentation));
      if (outdented) return [];
      const next = parent.children[index + 1];
      const previous = parent.children[index - 1];
      const onlyBlank = (from: number, to: number) => source.text.slice(from, to).replace(/[,;]/, '').trim() === '';
      if (next && !CLAUSES.has(next.kind) && next.lineRange[0] > lines.lastLine && onlyBlank(node.end, next.start)) return [{ path, sibling: next, side: 'before' }];
      if (previous && !CLAUSES.has(previous.kind) && previous.lineRange[1] < lines.firstLine && onlyBlank(previous.end, node.start)) return [{ path, sibling: previous, side: 'after' }];
      return [];
    });
    for (const { path, sibling, side } of spread(anchored, 4)) {
      const node = path[path.length - 1]!;
      const deletion = planDeleteStructure(tree, path, null);
      const deleted = apply(source, deletion.replacements);
      const deletedTree = await parse(deleted);
      const siblingPath = pathAt(deletedTree, offsetAfterEdit(deletion.replacements, sibling.start), sibling.type);
      // tree-sitter-python puts a comment between `for …:` and the block's first statement
      // outside the block: a sibling that becomes first may lose its comment that way.
      if (!siblingPath) {
        counts.anchorLost++;
        continue;
      }
      counts.deleteInsert++;
      const insertion = planInsert(deletedTree, siblingPath, side, structureText(source, node), detectIndentationStyle(deleted.text))._unsafeUnwrap();
      const restored = apply(deleted, insertion.replacements).original;
      if (restored === source.original) counts.restoredIdentical++;
      // The deletion keeps one of the two gaps around the structure; where they differed (0
      // above, 1 below), the insertion cannot know which was which.
      else if (withoutBlankLines(restored) === withoutBlankLines(source.original)) counts.restoredBlankLinesOnly++;
      else failures.push(`${file}: deleting lines ${node.lineRange.join('-')} and inserting them back ${side} line ${sibling.lineRange[0]} changes more than blank lines`);
    }

    for (const { path, sibling, side } of spread(anchored, 2)) {
      const node = path[path.length - 1]!;
      const away = planMoveWithinFile({ tree, path, parentTarget: null }, { tree, path: [tree.root], side: 'after', style })._unsafeUnwrap();
      const moved = apply(source, away.replacements);
      const movedTree = await parse(moved);
      const movedStart = moved.lineStarts[away.figures.destination_final_line_range[0] - 1]!;
      const movedPath = pathAt(movedTree, movedStart, node.type);
      const siblingPath = pathAt(movedTree, offsetAfterEdit(away.replacements, sibling.start), sibling.type);
      // A structure that is no structure at the top level (a method in TypeScript) cannot be named there.
      if (!movedPath || !siblingPath || movedPath.length !== 2) continue;
      counts.moves++;
      const back = planMoveWithinFile({ tree: movedTree, path: movedPath, parentTarget: null }, { tree: movedTree, path: siblingPath, side, style: detectIndentationStyle(moved.text) })._unsafeUnwrap();
      const restored = apply(moved, back.replacements);
      const restoredTree = await parse(restored);
      if (addedSyntaxErrors(tree, restoredTree).length === 0) counts.movedBackParsing++;
      else failures.push(`${file}: moving lines ${node.lineRange.join('-')} to the end and back breaks the parse`);
      if (restored.original === source.original) counts.movedBackIdentical++;
    }
  }
  return { counts, failures };
}

/** Failed calls through the editor leave every byte of the file as it was. */
async function checkFailures(root: string, files: string[]): Promise<{ calls: number; failures: string[] }> {
  const failures: string[] = [];
  let calls = 0;
  for (const file of files) {
    const bytes = readFileSync(join(root, file));
    const fs = memoryFs({ [file]: bytes });
    const editor = createEditor({ fs, syntax: 'reject' });
    const listed = await editor.listStructures({ path: file });
    if (listed.isErr()) continue;
    const targets = spread(
      listed.value.structures.flatMap((structure) => [structure, ...structure.children]).filter((structure) => structure.target !== null),
      3,
    );
    for (const structure of targets) {
      const target = structure.target!;
      const results = await Promise.all([
        editor.replaceTextInStructure({ path: file, target, old_text: '\u0001not in the file', new_text: 'x' }),
        editor.replaceAllTextInStructure({ path: file, target, old_text: target.split('\n').pop()!.slice(0, 3), new_text: 'x', expected_count: 100_000 }),
        editor.deleteStructure({ path: file, target: `${target}\nno such structure` }),
        editor.replaceStructure({ path: file, target, content: ')]}(((\n"""\'' }),
        editor.moveStructure({ source_path: file, source_target: target, dest_path: file, dest_target: target, position: 'after' }),
      ]);
      for (const result of results) {
        calls++;
        if (result.isOk()) failures.push(`${file}: a call meant to fail on ${JSON.stringify(target)} succeeded`);
      }
      const after = await fs.readFile(file);
      if (Buffer.compare(Buffer.from(after), bytes) !== 0) failures.push(`${file}: failed calls on ${JSON.stringify(target)} changed the file`);
    }
  }
  return { calls, failures };
}

describe('real code: structure edits keep their invariants', () => {
  const corpora = [
    ['the Python standard library (60 files)', 'python', () => pythonSample(60)],
    ['TypeScript and JavaScript from node_modules (60 files)', 'ts/js', () => nodeModulesSample(60)],
  ] as const;
  for (const [title, label, sample] of corpora) {
    it(title, async () => {
      const { root, files } = sample();
      const { counts, failures } = await checkCorpus(root, files);
      const failed = await checkFailures(root, files.slice(0, 15));
      counts.failedCalls = failed.calls;
      console.log(`[corpus] ${label} structure edits: ${JSON.stringify(counts)}`);
      expect([...failures, ...failed.failures].slice(0, 10)).toEqual([]);
      expect(counts.files).toBe(60);
      expect(counts.structures).toBeGreaterThan(1000);
      expect(counts.replacedIdentical).toBe(counts.structures);
      // Five calls meant to fail on each of up to 3 structures of 15 files.
      expect(counts.failedCalls).toBeGreaterThan(150);
      expect(counts.restoredIdentical + counts.restoredBlankLinesOnly).toBe(counts.deleteInsert);
      expect(counts.restoredIdentical).toBeGreaterThan(counts.deleteInsert * 0.6);
      expect(counts.movedBackParsing).toBe(counts.moves);
      expect(counts.moves).toBeGreaterThan(50);
    });
  }
});
