import * as z from 'zod/mini';
import { described, languageField, pathField, targetField, type FileArgs } from './common.js';

/** Arguments of `readFile`. */
export interface ReadFileArgs extends FileArgs {
  /** Read the structures this target names (not together with `startLine`/`endLine`). */
  target?: string;
  /** First line of a range to read (1-based); the range runs to the end of the file without `endLine`. */
  startLine?: number;
  /** Last line of a range to read (inclusive); the range starts at line 1 without `startLine`. */
  endLine?: number;
  /** Alone: a complete map of the file. With a range: imports, exports, comments and directives collapse too. */
  skeleton?: boolean;
  /** With `target`: show nested definitions in full (`true`) instead of as stubs (default `false`). */
  recursive?: boolean;
}

const lineNumber = z.number().check(z.int()).check(z.gte(1, 'line numbers start at 1'));

/** Schema of {@link ReadFileArgs}. */
export const readFileArgsSchema = z
  .strictObject({
    path: pathField,
    target: z.optional(targetField),
    startLine: described(
      z.optional(lineNumber),
      'First line to read (1-based). Symbols in the range are shown as stubs naming the target that reads them; the range widens to whole import/comment/gap blocks. Without endLine: to the end of the file.',
    ),
    endLine: described(z.optional(lineNumber), 'Last line to read (inclusive; clamped to the end of the file). Without startLine: from line 1.'),
    skeleton: described(
      z.optional(z.boolean()),
      'Alone: a complete map of the file (directives, imports, exports, comments, symbols with their targets, gaps). With startLine/endLine: imports, exports, comments and directives collapse to one line each.',
    ),
    recursive: described(z.optional(z.boolean()), 'With target: true shows nested definitions in full; false (default) shows them as stubs. Ignored without target.'),
    language: languageField,
  })
  .check(
    z.superRefine((args, context) => {
      if (args.target !== undefined && (args.startLine !== undefined || args.endLine !== undefined)) {
        context.addIssue({ code: 'custom', path: ['target'], message: 'target cannot be combined with startLine/endLine: read a structure by target, or a line range, not both' });
      }
      if (args.startLine !== undefined && args.endLine !== undefined && args.startLine > args.endLine) {
        context.addIssue({ code: 'custom', path: ['endLine'], message: `endLine ${args.endLine} is before startLine ${args.startLine}; give startLine <= endLine` });
      }
    }),
  ) satisfies z.ZodMiniType<ReadFileArgs>;
