import { structuredPatch } from 'diff';

/** One changed run of lines of a file. */
export interface LineChange {
  /** The first line of the run in the file before (for a pure insertion: the line it goes before). */
  line: number;
  /** The run's lines before, joined with `\n` (`""` for an insertion). */
  before: string;
  /** The lines that replace them, joined with `\n` (`""` for a deletion). */
  after: string;
  /** Where the new lines start in the file after. */
  after_line: number;
}

/** What changes in one file. */
export interface FileChange {
  /** The file, relative to the root. */
  file: string;
  /** Whether the batch creates it. */
  created: boolean;
  /** The changed runs of lines, in file order. */
  changes: LineChange[];
}

/** The changed runs of lines between two texts (`\n` line endings), by a line diff. */
export function lineChanges(before: string, after: string): LineChange[] {
  if (before === '' || after === '') {
    if (before === after) return [];
    return [{ line: 1, before: before.replace(/\n$/, ''), after: after.replace(/\n$/, ''), after_line: 1 }];
  }
  const patch = structuredPatch('before', 'after', before, after, '', '', { context: 0 });
  return patch.hunks.map((hunk) => {
    const removed = hunk.lines.filter((line) => line.startsWith('-')).map((line) => line.slice(1));
    const added = hunk.lines.filter((line) => line.startsWith('+')).map((line) => line.slice(1));
    return {
      line: hunk.oldStart,
      before: removed.join('\n'),
      after: added.join('\n'),
      after_line: hunk.newStart,
    };
  });
}
