import { err, ok, type Result } from 'neverthrow';
import type { z } from 'zod';
import { invalidArgument, makeError, type ErrorOf } from '../errors.js';
import { utf8Length } from '../text/utf8.js';

/** Validates input against a schema, naming every offending field in `INVALID_ARGUMENT`. */
export function validateArguments<T>(schema: z.ZodType<T>, input: unknown): Result<T, ErrorOf<'INVALID_ARGUMENT'>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  return err(
    invalidArgument(
      parsed.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.'),
        message: issue.code === 'unrecognized_keys' ? `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}` : issue.message,
      })),
    ),
  );
}

/**
 * `CONTENT_TOO_LARGE` for the first text argument over `limit` UTF-8 bytes (docs/safety.md: 1 MB per
 * content argument by default). One check for every operation that takes content.
 */
export function checkContentSizes(texts: ReadonlyArray<{ field: string; text: string }>, limit: number): Result<void, ErrorOf<'CONTENT_TOO_LARGE'>> {
  for (const { field, text } of texts) {
    // Cheap bound first: a UTF-16 code unit is at most 3 UTF-8 bytes, so most texts need no counting.
    if (text.length * 3 <= limit) continue;
    const size = utf8Length(text);
    if (size > limit) {
      return err(
        makeError('CONTENT_TOO_LARGE', `${field} is ${size} bytes, over the ${limit}-byte limit for one argument; nothing was written. Split the change into several calls (for example one per nested structure).`, {
          field,
          content_size: size,
          limit,
        }),
      );
    }
  }
  return ok(undefined);
}
