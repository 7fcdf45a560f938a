import { err, ok, type Result } from 'neverthrow';
import { makeError, type ErrorOf, type LineRange, type ParseErrorInfo } from '../errors.js';
import { TargetNamer, type StructurePath } from '../locate/targets.js';
import { makeRoot } from '../structure/collector.js';
import type { StructureTree } from '../structure/types.js';
import { countLines, type SourceText } from '../text/source-text.js';
import type { Warning } from '../warnings.js';
import { layoutFile } from './layout.js';
import { linesText, rangeSegments, structureSegments } from './segments.js';
import { skeletonOf } from './skeleton.js';
import { symbolLabel } from './stubs.js';
import type { RangeRead, SkeletonRead, TargetRead, TargetReadMatch, WholeFileRead } from './types.js';

/**
 * The modes of `readFile`, each answering with data (docs/spec/structured-reading.md, "new flow";
 * `fileReadText` in structedit/tools renders it as the text an LLM reads):
 * target → that structure; skeleton alone → the complete map; a range → symbols as stubs (with
 * skeleton: blocks collapsed too); nothing → the whole file. A file without a parser is read as
 * plain text: no symbols, so no stubs, and a range is exactly the lines asked for.
 */

/** How a file is read: its structures, or plain text with the reason. */
export interface ReadableFile {
  /** The file, as given. */
  readonly path: string;
  /** Its structures (a tree without structures when read as plain text). */
  readonly tree: StructureTree;
  /** Why it is read as plain text, or `null` when its structures are known. */
  readonly plainTextReason: string | null;
  /** The content hash of its bytes (results report it; writes take it back as `expected_hash`). */
  readonly hash: string;
}

/** A tree with no structures: how a file is read without its parser (`language` is reported only for whole-file reads). */
export function plainTextTree(source: SourceText, language = 'plain'): StructureTree {
  return { source, language, root: makeRoot(source), syntaxErrors: [], comments: [] };
}

function base(file: ReadableFile, warnings: Warning[]) {
  const result = {
    path: file.path,
    language: file.plainTextReason === null ? file.tree.language : null,
    total_lines: countLines(file.tree.source),
    hash: file.hash,
    warnings,
  };
  return file.plainTextReason === null ? result : { ...result, plain_text_reason: file.plainTextReason };
}

/** The warning of a structured read of a file with syntax errors. */
export function syntaxErrorsWarning(errors: readonly ParseErrorInfo[]): Warning {
  const first = errors[0]!;
  return {
    type: 'SYNTAX_ERRORS_ELSEWHERE',
    message: `The file has ${errors.length} syntax error${errors.length === 1 ? '' : 's'} (first at line ${first.line}, column ${first.column}); a symbol containing one is shown as its source lines instead of a stub, since its target cannot be read.`,
    details: { errors },
  };
}

/** The whole file as it is. */
export function readWholeFile(file: ReadableFile, warnings: Warning[]): WholeFileRead {
  return { ...base(file, warnings), mode: 'file', content: file.tree.source.text };
}

/** The complete map of the file. */
export function readSkeleton(file: ReadableFile, warnings: Warning[]): SkeletonRead {
  return { ...base(file, warnings), mode: 'skeleton', skeleton: skeletonOf(file.tree, layoutFile(file.tree), new TargetNamer(file.tree)) };
}

/**
 * The range to read from optional bounds (spec edge cases): `startLine` alone reads to the end,
 * `endLine` alone from line 1, `endLine` past the end is clamped, `startLine` past the end is
 * `LINE_OUT_OF_RANGE`. An empty file reads as nothing (`null`). `startLine > endLine` is refused
 * with the arguments.
 */
export function resolveRange(path: string, totalLines: number, startLine?: number, endLine?: number): Result<LineRange | null, ErrorOf<'LINE_OUT_OF_RANGE'>> {
  if (totalLines === 0) return ok(null);
  const first = startLine ?? 1;
  if (first > totalLines) {
    return err(
      makeError(
        'LINE_OUT_OF_RANGE',
        `startLine ${first} is past the end of ${path}, which has ${totalLines} line${totalLines === 1 ? '' : 's'}. Ask for lines within 1-${totalLines}, or use skeleton: true for a map of the whole file.`,
        { path, start_line: first, total_lines: totalLines },
      ),
    );
  }
  return ok([first, Math.min(endLine ?? totalLines, totalLines)]);
}

/** A line range: symbols as stubs; with `collapse`, non-symbol blocks as one-line markers. */
export function readRange(file: ReadableFile, range: LineRange | null, collapse: boolean, warnings: Warning[]): RangeRead {
  const common = { ...base(file, warnings), mode: 'range' as const, requested_range: range, collapsed: collapse };
  if (range === null) return { ...common, line_range_inclusive: null, segments: [] };
  const { tree } = file;
  if (file.plainTextReason !== null) {
    return { ...common, line_range_inclusive: range, segments: [{ type: 'source', category: 'gap', line_range_inclusive: range, text: linesText(tree.source, range[0], range[1]) }] };
  }
  const { segments, lineRange } = rangeSegments(tree, layoutFile(tree), range, collapse, new TargetNamer(tree));
  return { ...common, line_range_inclusive: lineRange, segments };
}

/** Every structure a located target names; nested definitions as stubs unless `recursive`. */
export function readTargets(file: ReadableFile, target: string, paths: readonly StructurePath[], recursive: boolean, warnings: Warning[]): TargetRead {
  const { tree } = file;
  const namer = new TargetNamer(tree);
  const matches = paths.map((path): TargetReadMatch => {
    const node = path[path.length - 1]!;
    const { segments, lineRange } = structureSegments(tree, path, recursive, namer);
    return {
      kind: node.kind,
      name: node.name,
      label: symbolLabel(tree, path),
      line_range_inclusive: lineRange,
      target: path.length === 1 ? '' : namer.targetOf(path).target,
      segments,
    };
  });
  return { ...base(file, warnings), mode: 'target', target, recursive, matches };
}
