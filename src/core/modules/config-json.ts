import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import type { ProjectFiles } from './project.js';

/** A JSON object as read from a configuration file. */
export type JsonObject = Readonly<Record<string, unknown>>;

/**
 * The configuration files of a project, parsed once each: `(path) => object | null` (`null` when the
 * project holds no text for the path or the text is not a JSON object). Read as JSONC — comments
 * and trailing commas, as TypeScript accepts in tsconfig.json — with `jsonc-parser`, which
 * recovers from errors the way editors do, so a half-typed config still yields what it says.
 */
export type JsonConfigs = (path: string) => JsonObject | null;

/** The parsed configuration files of `project` (each parsed on first use). */
export function jsonConfigs(project: ProjectFiles): JsonConfigs {
  const parsed = new Map<string, JsonObject | null>();
  return (path) => {
    let value = parsed.get(path);
    if (value === undefined) {
      value = parseObject(project.configs.get(path));
      parsed.set(path, value);
    }
    return value;
  };
}

function parseObject(text: string | undefined): JsonObject | null {
  if (text === undefined) return null;
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  return isJsonObject(value) ? value : null;
}

/** Whether a parsed JSON value is an object (not an array, not `null`). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string-valued field, or `null`. */
export function stringField(object: JsonObject | null | undefined, key: string): string | null {
  const value = object?.[key];
  return typeof value === 'string' ? value : null;
}

/** The strings of an array-valued field (other entries skipped); `null` when the field is no array. */
export function stringsField(object: JsonObject | null | undefined, key: string): string[] | null {
  const value = object?.[key];
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : null;
}
