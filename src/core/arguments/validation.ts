import { err, ok, type Result } from 'neverthrow';
import type * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';
import { invalidArgument, makeError, type ErrorOf } from '../errors.js';
import { boundedDistance } from '../text/levenshtein.js';
import { utf8Length } from '../text/utf8.js';

const ENGLISH = english();

/**
 * Validates input against a schema, naming every offending field in `INVALID_ARGUMENT`. A field
 * the schema does not know is answered with the one it most likely meant (`oldText` → `old_text`,
 * `start_line` → `startLine`), or with the fields it takes.
 */
export function validateArguments<T>(schema: z.ZodMiniType<T>, input: unknown): Result<T, ErrorOf<'INVALID_ARGUMENT'>> {
  // English messages for the issues a schema words no better itself (zod/mini carries no locale).
  const parsed = schema.safeParse(input, { error: ENGLISH.localeError });
  if (parsed.success) return ok(parsed.data);
  // Fields written under another name, by where they belong: "edits.0" -> { old_text: "oldText" }.
  const renamed = new Map<string, Map<string, string>>();
  const issues = parsed.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    if (issue.code !== 'unrecognized_keys') return { field, message: issue.message, path: issue.path };
    const known = knownFields(schema, issue.path);
    const described = issue.keys.map((key) => {
      const meant = known.length > 0 ? closestField(key, known) : null;
      // Known, yet unknown here: it belongs to another kind of the input (a move's `to` on a rename).
      if (meant === key) return `${JSON.stringify(key)} (a field of another kind of ${field === '' ? 'input' : 'item'}, not of this one)`;
      if (meant === null) return JSON.stringify(key);
      if (!renamed.has(field)) renamed.set(field, new Map());
      renamed.get(field)!.set(meant, key);
      return `${JSON.stringify(key)} (did you mean ${JSON.stringify(meant)}?)`;
    });
    const unmatched = described.every((text) => !text.includes('did you mean') && !text.includes('another kind'));
    return {
      field,
      message: `unknown field${issue.keys.length === 1 ? '' : 's'} ${described.join(', ')}${unmatched && known.length > 0 ? `; the fields here are ${known.map((key) => JSON.stringify(key)).join(', ')}` : ''}`,
      path: issue.path,
    };
  });
  return err(
    invalidArgument(
      issues.map(({ field, message, path }) => {
        // A required field reported missing because it was given under another name says so.
        const parent = path.slice(0, -1).map(String).join('.');
        const givenAs = renamed.get(parent)?.get(String(path[path.length - 1]));
        return { field, message: givenAs !== undefined && /received undefined/.test(message) ? `required; it was given as ${JSON.stringify(givenAs)}` : message };
      }),
    ),
  );
}

/** A schema's definition, as zod 4 exposes it to libraries (`schema._zod.def`). */
interface SchemaDefinition {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  options?: readonly z.ZodMiniType[];
  left?: z.ZodMiniType;
  right?: z.ZodMiniType;
  getter?: () => z.ZodMiniType;
}

function definitionOf(schema: z.ZodMiniType): SchemaDefinition {
  return (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;
}

/** The field names an object schema takes at `path` (every variant's, under a union). */
function knownFields(schema: z.ZodMiniType, path: ReadonlyArray<PropertyKey>): string[] {
  const found = new Set<string>();
  const visit = (node: z.ZodMiniType, at: number, depth: number): void => {
    if (depth > 50) return;
    const definition = definitionOf(node);
    const next = (child: z.ZodMiniType | undefined, step = 0) => child && visit(child, at + step, depth + 1);
    switch (definition.type) {
      case 'object':
        if (at === path.length) for (const key of Object.keys(definition.shape ?? {})) found.add(key);
        else next(definition.shape?.[String(path[at])], 1);
        return;
      case 'array':
        if (at < path.length) next(definition.element, 1);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return next(definition.innerType);
      case 'pipe':
        return next(definition.in);
      case 'lazy':
        return next(definition.getter?.());
      case 'union':
        for (const option of definition.options ?? []) next(option);
        return;
      case 'intersection':
        next(definition.left);
        next(definition.right);
        return;
      default:
        return;
    }
  };
  visit(schema, 0, 0);
  return [...found];
}

/** The known field `key` most likely meant: the same letters in another case or separator style, or one or two typos away. */
function closestField(key: string, known: readonly string[]): string | null {
  const squeeze = (text: string) => text.replace(/[_\-\s]/g, '').toLowerCase();
  const same = known.filter((name) => squeeze(name) === squeeze(key));
  if (same.length === 1) return same[0]!;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = boundedDistance(squeeze(key), squeeze(name));
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best !== null && bestDistance <= Math.min(2, Math.floor(squeeze(key).length / 3)) ? best : null;
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
        makeError(
          'CONTENT_TOO_LARGE',
          `${field} is ${size} bytes, over the ${limit}-byte limit for one argument; nothing was written. Split the change into several calls (for example one per nested structure).`,
          {
            field,
            content_size: size,
            limit,
          },
        ),
      );
    }
  }
  return ok(undefined);
}
