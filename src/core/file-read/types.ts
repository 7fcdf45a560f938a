import type { LineRange } from '../errors.js';
import type { Warning } from '../warnings.js';
import type { LineCategory } from './categories.js';

/** A symbol shown as a stub: what it is, where, and the target that reads it. */
export interface SymbolStub {
  /** Its kind (`function`, `class`, `section`, …). */
  kind: string;
  /** Its name, where it has one. */
  name: string | null;
  /** How texts name it: its name, or its first line (clipped) when it has none. */
  label: string;
  /** Its full line range, 1-based and inclusive (also when only part of it was in the range read). */
  line_range_inclusive: LineRange;
  /**
   * The shortest target that names only this structure: `readStructure` or `readFile` with it returns
   * exactly these lines. `null` when none exists (see `target_unavailable`).
   */
  target: string | null;
  /** Why no target names it alone (only when `target` is `null`). */
  target_unavailable?: string;
  /**
   * When no target names it alone: a target naming it together with other structures (reading it
   * returns all of them), if one exists.
   */
  shared_target?: string;
}

/** Lines shown as they are in the file (with `\n` line endings). */
export interface SourceSegment {
  /** Discriminant. */
  type: 'source';
  /** What the lines are; `symbol` for the own lines of an opened structure (its header, its closing brace). */
  category: LineCategory;
  /** 1-based, inclusive. */
  line_range_inclusive: LineRange;
  /** The lines. */
  text: string;
}

/** A symbol collapsed into a stub. */
export interface StubSegment extends SymbolStub {
  /** Discriminant. */
  type: 'stub';
  /** Always `symbol`. */
  category: 'symbol';
  /** The indentation of the symbol's first line (where its stub is shown). */
  indent: string;
}

/** A block of imports, exports, comments, directives or prose collapsed to one line (range + skeleton reads). */
export interface CollapsedSegment {
  /** Discriminant. */
  type: 'collapsed';
  /** What the block holds. */
  category: Exclude<LineCategory, 'symbol' | 'gap'>;
  /** 1-based, inclusive. */
  line_range_inclusive: LineRange;
  /** How many imports, exports, directives, comments or prose blocks it holds. */
  items: number;
  /** The indentation of the block's first line (where its marker is shown). */
  indent: string;
}

/** One run of a structured read, in line order. */
export type ReadSegment = SourceSegment | StubSegment | CollapsedSegment;

/** An import, export, directive, comment or prose block in a skeleton. */
export interface SkeletonEntry {
  /** What it is: the structure's kind (`import`, `export`, `front_matter`, `paragraph`, …), or `comment`, `docstring`. */
  kind: string;
  /** 1-based, inclusive. */
  line_range_inclusive: LineRange;
  /** Its text on one line (whitespace collapsed, at most 120 characters); for comments, their first line. */
  text: string;
}

/** A symbol in a skeleton, with its members when it is a container (a class, a Markdown section with subsections). */
export interface SkeletonSymbol extends SymbolStub {
  /** Its members that are symbols, for opened containers; empty otherwise. */
  children: SkeletonSymbol[];
}

/** Lines no category covers. */
export interface SkeletonGap {
  /** 1-based, inclusive. */
  line_range_inclusive: LineRange;
  /** Whether every line is blank. */
  blank: boolean;
  /** The lines as they are (`""` for blank gaps). */
  text: string;
}

/**
 * A complete map of a file: every line is in exactly one of the lists (a symbol's lines through its
 * top-level entry). Symbols sharing a line are listed together under `symbols`.
 */
export interface FileSkeleton {
  /** Shebangs, `"use strict"`, encoding lines, `package` clauses, pragmas, front matter. */
  directives: SkeletonEntry[];
  /** Imports, one entry each. */
  imports: SkeletonEntry[];
  /** Exports that declare nothing themselves, one entry each. */
  exports: SkeletonEntry[];
  /** Comment blocks and docstrings no symbol owns. */
  comments: SkeletonEntry[];
  /** Markdown prose blocks (paragraphs, lists, quotes, tables). */
  text: SkeletonEntry[];
  /** Top-level symbols, each with its members when it is a container. */
  symbols: SkeletonSymbol[];
  /** Everything else: blank lines and uncategorized lines, in full. */
  gaps: SkeletonGap[];
}

/** What every `readFile` result holds. */
export interface ReadFileResultBase {
  /** The file, as given. */
  path: string;
  /** The language it was read as; `null` when read as plain text (see `plain_text_reason`). */
  language: string | null;
  /** Lines in the file (a final line ending does not start a line; an empty file has 0). */
  total_lines: number;
  /** Why the file was read as plain text, without structure (no parser for it, or its parser could not run). */
  plain_text_reason?: string;
  /** The file's content hash: send it as `expected_hash` with a write to make sure the file did not change in between. */
  hash: string;
  /** Warnings, e.g. syntax errors in the file. */
  warnings: Warning[];
}

/** `readFile` without target, range or skeleton: the whole file. */
export interface WholeFileRead extends ReadFileResultBase {
  /** Which mode answered. */
  mode: 'file';
  /** The file's text (with `\n` line endings). */
  content: string;
}

/** `readFile` with `skeleton` alone: a complete map of the file. */
export interface SkeletonRead extends ReadFileResultBase {
  /** Which mode answered. */
  mode: 'skeleton';
  /** The map. */
  skeleton: FileSkeleton;
}

/** `readFile` with `startLine` and/or `endLine`: the lines, symbols collapsed into stubs. */
export interface RangeRead extends ReadFileResultBase {
  /** Which mode answered. */
  mode: 'range';
  /** The range asked for after defaults and clamping (`null` for an empty file). */
  requested_range: LineRange | null;
  /**
   * The lines shown: the requested range widened to whole blocks where it cut an import, comment,
   * gap or other block (symbols are not widened: their stubs give their full range).
   */
  line_range_inclusive: LineRange | null;
  /** Whether imports, exports, comments, directives and prose were collapsed too (`skeleton: true`). */
  collapsed: boolean;
  /** What was shown, in line order. */
  segments: ReadSegment[];
}

/** One structure a target named. */
export interface TargetReadMatch {
  /** Its kind. */
  kind: string;
  /** Its name, where it has one. */
  name: string | null;
  /** How texts name it: its name, or its first line (clipped) when it has none. */
  label: string;
  /** 1-based, inclusive. */
  line_range_inclusive: LineRange;
  /** The shortest target naming only it (`""` for the whole file), or `null` when none does. */
  target: string | null;
  /** Its lines: one source segment when read recursively, else source lines and stubs of nested definitions. */
  segments: ReadSegment[];
}

/** `readFile` with `target`: every structure the target names. */
export interface TargetRead extends ReadFileResultBase {
  /** Which mode answered. */
  mode: 'target';
  /** The target, as given. */
  target: string;
  /** Whether nested definitions were shown in full (`true`) or as stubs. */
  recursive: boolean;
  /** Every structure the target names, in source order. */
  matches: TargetReadMatch[];
}

/** Result of `readFile`; `mode` tells which kind of read answered. */
export type ReadFileResult = WholeFileRead | SkeletonRead | RangeRead | TargetRead;
