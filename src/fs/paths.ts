import { err, ok, type Result } from 'neverthrow';
import { malformedPathReason } from '../core/path-syntax.js';

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

/** The parent of a normalized path (`""` for a top-level entry). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}
