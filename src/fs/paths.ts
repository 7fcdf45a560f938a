export { normalizeRelativePath, type PathProblem } from '../core/path-syntax.js';

/** The parent of a normalized path (`""` for a top-level entry). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}
