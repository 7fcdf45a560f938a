import type { ChunkLineMismatch, ChunkCheck } from '../errors.js';
import type { StructureNode } from '../structure/types.js';
import type { SourceText } from '../text/source-text.js';

/** The data chunk matching and chunk diagnostics share. */

/** The structure the chunks edit, as error messages and results name it. */
export interface ChunkScope {
  /** File path, as given. */
  readonly path: string;
  /** The structure's target, or `null` when none names it alone. */
  readonly target: string | null;
}

/**
 * The lines of a structure as chunks address them: the lines `readStructure` returns (the first
 * starts with its line's indentation, the last ends where the structure ends), with where each
 * one's text sits in `source.text`.
 */
export interface StructureLines {
  /** 1-based file line of `lines[0]`. */
  readonly firstLine: number;
  readonly lines: readonly string[];
  /** Offset in `source.text` where each line's text starts. */
  readonly starts: readonly number[];
  /** Offset in `source.text` where each line's text ends (exclusive). */
  readonly ends: readonly number[];
  /**
   * For a structure that starts mid-line (`} else {`): the indentation shown before its first
   * line, which is not in the file there, so text written at the structure's start drops it.
   */
  readonly shownIndent: string;
}

/** A chunk with its contexts as lists and every line break split out. */
export interface NormalisedChunk {
  readonly index: number;
  readonly before: readonly string[];
  readonly old: readonly string[];
  readonly replacement: readonly string[];
  readonly after: readonly string[];
}

/** Why a chunk failed at one position (or, for `context_before`, everywhere). */
export interface Failure {
  readonly check: ChunkCheck;
  readonly reason: string;
  readonly mismatch: ChunkLineMismatch | null;
  /** Index (in the structure's lines) of the line the failure is about. */
  readonly focus: number;
  /** How many of the chunk's lines matched before it failed: the best candidate has most. */
  readonly score: number;
}

/** What the planner knows about the edit besides the chunks. */
export interface Edit {
  readonly source: SourceText;
  readonly node: StructureNode;
  readonly scope: ChunkScope;
  readonly structure: StructureLines;
  readonly count: number;
}

export interface Placed {
  readonly chunk: NormalisedChunk;
  readonly position: number;
  readonly others: readonly number[];
}

/** Lines are equal when they differ at most in trailing whitespace (the specification's comparison). */
export function sameLine(actual: string, expected: string): boolean {
  return actual.trimEnd() === expected.trimEnd();
}

/** Whether `pattern` matches `lines` from `at` on (trailing-whitespace tolerant, inside bounds). */
export function matchesAt(lines: readonly string[], pattern: readonly string[], at: number): boolean {
  if (at < 0 || at + pattern.length > lines.length) return false;
  for (let j = 0; j < pattern.length; j++) if (!sameLine(lines[at + j]!, pattern[j]!)) return false;
  return true;
}

/** First index from `from` on where `pattern` matches `lines`, or -1. */
export function findPattern(lines: readonly string[], pattern: readonly string[], from: number): number {
  if (pattern.length === 0) return -1;
  for (let at = from; at + pattern.length <= lines.length; at++) if (matchesAt(lines, pattern, at)) return at;
  return -1;
}

export function fileLine(edit: Edit, index: number): number {
  return edit.structure.firstLine + index;
}
