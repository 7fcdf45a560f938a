/**
 * Root-relative paths as module resolution handles them (`/` separators, no leading `/`). How each
 * language resolves its imports is its profile's (`src/core/languages/profiles/`).
 */

/** The folder of a root-relative path (`""` at the root). */
export function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Joins and normalizes root-relative path segments (`..` above the root gives `null`). */
export function joinPath(base: string, relative: string): string | null {
  const segments = base === '' ? [] : base.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.join('/');
}

/** `base/rest`, or `rest` at the root. */
export function joinSegments(base: string, rest: string): string {
  return base === '' ? rest : `${base}/${rest}`;
}
