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
