/**
 * What every edit format compiles to: one batch of file operations, each hunk an exact old text
 * and its new text (lines joined with `\n`), with where it came from in the patch so an error can
 * name it. The parsers are pure; the editor applies a batch atomically.
 */

/** One change inside a file: `old_text` (exact) becomes `new_text`. */
export interface PatchHunk {
  /** The text to find, exactly (context and removed lines; `\n` line endings). `''` only for an empty SEARCH (new file or append). */
  readonly old_text: string;
  /** Its replacement (context and added lines). */
  readonly new_text: string;
  /** The 1-based line of the file the hunk says it starts at (unified diffs, `:start_line:`), to choose among several occurrences. */
  readonly line_hint: number | null;
  /** An `@@ …` anchor of the apply_patch format: the hunk lies after the first line holding this text. */
  readonly anchor: string | null;
  /** `*** End of File`: the hunk ends at the end of the file. */
  readonly at_end: boolean;
  /** The 1-based line of the patch where the hunk starts. */
  readonly patch_line: number;
  /**
   * Unified diffs: the old and new texts with the line endings the patch's lines carry (`\r\n`
   * where a line ends with a carriage return). Where the file's bytes equal `raw.old_text`, the
   * patch shows them exactly, so `raw.new_text` is written exactly too (a diff that turns CRLF
   * lines into LF ones, or the reverse, is applied byte for byte).
   */
  readonly raw?: { readonly old_text: string; readonly new_text: string };
}

/** One file operation of a patch. */
export type FilePatch =
  | { readonly kind: 'add'; readonly path: string; readonly content: string; readonly patch_line: number }
  | { readonly kind: 'delete'; readonly path: string; readonly patch_line: number }
  | { readonly kind: 'update'; readonly path: string; readonly move_to: string | null; readonly hunks: readonly PatchHunk[]; readonly patch_line: number };

/** The formats a patch can be written in. */
export type PatchFormat = 'apply_patch' | 'search_replace' | 'unified';

/** A parsed patch. */
export interface PatchBatch {
  readonly format: PatchFormat;
  readonly files: readonly FilePatch[];
}

/** Why a patch could not be read: the line of the patch and what was expected there. */
export interface PatchSyntaxError {
  readonly line: number;
  readonly message: string;
}
