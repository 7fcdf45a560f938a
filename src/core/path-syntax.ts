import { err, ok, type Result } from 'neverthrow';

/**
 * Paths in structedit are relative to the editor's root and separated by `/`. A path that is not
 * one, whatever the file system, is refused before anything is looked up: this says why, or
 * returns `null` for a well-formed path.
 */
export function malformedPathReason(path: string): string | null {
  if (path.includes('\0')) return 'it contains a NUL byte';
  if (path.includes('\\')) return 'it contains a backslash; separate folders with "/"';
  if (/^[a-zA-Z]:/.test(path)) return 'it starts with a drive letter; use a path relative to the root';
  return null;
}

/** Why a path was refused. */
export interface PathProblem {
  /** `INVALID_PATH`: malformed; `OUTSIDE_ROOT`: it leads out of the root. */
  code: 'INVALID_PATH' | 'OUTSIDE_ROOT';
  /** What is wrong, for the error message. */
  reason: string;
}

/**
 * Normalizes a root-relative path to its segments joined by `/` (`""` is the root itself).
 * Refuses NUL bytes, backslashes and drive letters (Windows-style paths would mean something
 * else here) and any `..` that climbs above the root. A leading `/` means the root.
 */
export function normalizeRelativePath(path: string): Result<string, PathProblem> {
  const malformed = malformedPathReason(path);
  if (malformed !== null) return err({ code: 'INVALID_PATH', reason: malformed });
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return err({ code: 'OUTSIDE_ROOT', reason: 'its ".." segments climb above the root' });
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return ok(segments.join('/'));
}
