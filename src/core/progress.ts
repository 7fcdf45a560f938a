/**
 * How far a scan over the project's files has got, for a host's progress display
 * (`createEditor({ onProgress })`; the CLI prints it on a terminal).
 */
export interface Progress {
  /** What is scanning: `find_structures`, or `references` (a rename's or move's search for mentions of a name). */
  operation: 'find_structures' | 'references';
  /** Files done so far. */
  done: number;
  /** Files the scan goes through. */
  total: number;
  /** The file just done (root-relative). */
  path: string;
}
