import { err, errAsync, ok, okAsync, safeTry, type ResultAsync } from 'neverthrow';
import { readFileArgsSchema, type ReadFileArgs } from '../core/arguments/file-read.js';
import { validateArguments } from '../core/arguments/validation.js';
import type { StructeditError } from '../core/errors.js';
import { plainTextTree, readRange, readSkeleton, readTargets, readWholeFile, resolveRange, syntaxErrorsWarning, type ReadableFile } from '../core/file-read/read-file.js';
import type { ReadFileResult } from '../core/file-read/types.js';
import { locateTarget } from '../core/locate/locate.js';
import { describeSyntaxError } from '../core/structure/syntax-errors.js';
import type { StructureTree } from '../core/structure/types.js';
import { countLines } from '../core/text/source-text.js';
import type { Warning } from '../core/warnings.js';
import type { EditorContext } from './context.js';

/**
 * `readFile` (docs/spec/structured-reading.md): a target, a skeleton, a line range with symbols as stubs,
 * or the whole file. Read-only. A file without a parser (unknown extension, or a grammar that
 * cannot load) is read as plain text: no structure, no stubs, a range is exactly the lines asked
 * for. A file that parses with syntax errors is still read by structure, with a warning: grammars
 * reject some valid code (docs/safety.md), and only the structures containing an error lose their stubs.
 */
export function readFile(context: EditorContext, input: ReadFileArgs): ResultAsync<ReadFileResult, StructeditError> {
  return safeTry(async function* () {
    const args = yield* validateArguments(readFileArgsSchema, input).safeUnwrap();
    const { path } = args;
    const hasRange = args.startLine !== undefined || args.endLine !== undefined;

    if (args.target !== undefined) {
      const parsed = yield* context.parseFile(path, args.language).safeUnwrap();
      const paths = yield* locateTarget(parsed.tree, args.target, path).safeUnwrap();
      const warnings = yield* context.checkLocatedSyntax(parsed, paths, 'read').safeUnwrap();
      return ok(readTargets({ path, tree: parsed.tree, plainTextReason: null, hash: parsed.hash! }, args.target, paths, args.recursive ?? false, warnings));
    }

    if (!hasRange && !args.skeleton) {
      const language = context.registry.resolve(path, args.language);
      if (language.isErr() && args.language !== undefined) return err(language.error);
      const { source, hash } = yield* context.readSource(path).safeUnwrap();
      const tree = plainTextTree(source, language.isOk() ? language.value.id : 'plain');
      return ok(readWholeFile({ path, tree, plainTextReason: language.isOk() ? null : noParser(path), hash }, []));
    }

    const file = yield* readableFile(context, path, args.language).safeUnwrap();
    const warnings = syntaxWarnings(file.tree);
    if (!hasRange) return ok(readSkeleton(file, warnings));
    const range = yield* resolveRange(path, countLines(file.tree.source), args.startLine, args.endLine).safeUnwrap();
    return ok(readRange(file, range, args.skeleton ?? false, warnings));
  });
}

function noParser(path: string): string {
  return `structedit has no parser for ${path}; pass \`language\` to read it as one of the supported languages`;
}

/** The file with its structures, or as plain text when no parser can read it. */
function readableFile(context: EditorContext, path: string, language: string | undefined): ResultAsync<ReadableFile, StructeditError> {
  const definition = context.registry.resolve(path, language);
  if (definition.isErr()) {
    // An explicit language that does not exist is a mistake to report, not a reason to fall back.
    if (language !== undefined) return errAsync(definition.error);
    return context.readSource(path).map(({ source, hash }) => ({ path, tree: plainTextTree(source), plainTextReason: noParser(path), hash }));
  }
  return context.readSource(path).andThen(({ source, hash }) =>
    context
      .parseAsContentShows(path, source, definition.value, language)
      .map(({ tree }): ReadableFile => ({ path, tree, plainTextReason: null, hash }))
      .orElse((error) => okAsync<ReadableFile, StructeditError>({ path, tree: plainTextTree(source), plainTextReason: `the ${definition.value.id} parser could not run (${error.message})`, hash })),
  );
}

function syntaxWarnings(tree: StructureTree): Warning[] {
  if (tree.syntaxErrors.length === 0) return [];
  return [syntaxErrorsWarning(tree.syntaxErrors.map((error) => describeSyntaxError(tree.source, error)))];
}
