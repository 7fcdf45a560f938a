import type { Result } from 'neverthrow';
import { z } from 'zod';
import { validateArguments } from '../core/arguments/validation.js';
import type { Editor, StructeditError, Warning } from 'structedit';
import { makeError } from '../core/errors.js';
import { renderError } from './render-error.js';

/** A JSON Schema object (draft 2020-12), as tool protocols expect for a tool's input. */
export interface JsonSchema {
  /** Always `object` for a tool's input. */
  type: 'object';
  /** The fields, each a JSON Schema. */
  properties?: { [field: string]: object | boolean };
  /** Required fields. */
  required?: string[];
  /** Every other JSON Schema keyword. */
  [keyword: string]: unknown;
}

/** One block of a tool result (the MCP shape). */
export interface ToolContent {
  /** Always `text`. */
  type: 'text';
  /** The text for the model. */
  text: string;
}

/**
 * A tool's result in the shape MCP uses: text for the model first, the same facts as data second.
 * `structuredContent` is the operation's result, or the error value `{ error, message, details }`.
 */
export interface ToolResult {
  /** Whether the operation failed. */
  isError: boolean;
  /** A concise text for the model: what changed or was found, or what went wrong and what to do. */
  content: ToolContent[];
  /** The result (or error) as data, for programs. */
  structuredContent: { [key: string]: unknown };
}

/**
 * What a tool does to its environment, as hints for a host (the MCP tool annotations): a host may
 * run read-only tools without asking, and ask before a destructive one. Hints, not guarantees.
 */
export interface ToolAnnotations {
  /** A human-readable name, e.g. `Read a structure`. */
  title: string;
  /** The tool never writes. */
  readOnlyHint: boolean;
  /** A write may delete or overwrite content (`false`: it only adds). Meaningful when not read-only. */
  destructiveHint: boolean;
  /** Calling it again with the same input changes nothing more. Meaningful when not read-only. */
  idempotentHint: boolean;
  /** Whether it reaches outside a closed world: always `false`, the tools touch only files under the editor's root. */
  openWorldHint: boolean;
}

/** A tool ready to hand to a model: name, description, JSON Schema, and an `execute` that never throws. */
export interface ToolDefinition {
  /** The tool name, e.g. `read_structure`. */
  name: string;
  /** What the tool does, when to prefer it, and an example call, written for an LLM. */
  description: string;
  /** JSON Schema of the input. */
  inputSchema: JsonSchema;
  /** What the tool does to the files (read-only, destructive, idempotent) and a title, for hosts that ask before a write. */
  annotations: ToolAnnotations;
  /** Validates the input (INVALID_ARGUMENT naming each field), runs the operation, renders the result. Never throws. */
  execute(input: unknown): Promise<ToolResult>;
}

/** How one operation becomes a tool: its schema, how to run it, how to render its result. */
export interface ToolSpec<Args, Value> {
  readonly name: string;
  readonly description: string;
  readonly schema: z.ZodType<Args>;
  /** Title and hints; `openWorldHint` is always `false` and added by {@link bindTool}. */
  readonly annotations: Omit<ToolAnnotations, 'openWorldHint'>;
  run(editor: Editor, args: Args): PromiseLike<Result<Value, StructeditError>>;
  render(value: Value, args: Args): string;
  /** The result as data (`structuredContent`); the value itself when omitted. */
  structured?(value: Value): { [key: string]: unknown };
}

/** A spec with its types erased, for lists of specs. */
export type AnyToolSpec = ToolSpec<never, never>;

/** The input schema as JSON Schema, without the `$schema` key some function-calling APIs refuse. */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as { $schema?: string } & JsonSchema;
  return rest;
}

/** `1 line`, `3 lines`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Warnings appended to a success text. */
export function renderWarnings(warnings: readonly Warning[]): string {
  return warnings.length === 0 ? '' : `\n\n${warnings.map((warning) => `Warning (${warning.type}): ${warning.message}`).join('\n')}`;
}

function failure(tool: string, error: StructeditError): ToolResult {
  return { isError: true, content: [{ type: 'text', text: renderError(tool, error) }], structuredContent: { ...error } };
}

/** Binds a spec to an editor. */
export function bindTool<Args, Value>(editor: Editor, spec: ToolSpec<Args, Value>): ToolDefinition {
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: toJsonSchema(spec.schema),
    annotations: { ...spec.annotations, openWorldHint: false },
    async execute(input) {
      try {
        const args = validateArguments(spec.schema, input);
        if (args.isErr()) return failure(spec.name, args.error);
        const result = await spec.run(editor, args.value);
        if (result.isErr()) return failure(spec.name, result.error);
        return {
          isError: false,
          content: [{ type: 'text', text: spec.render(result.value, args.value) }],
          structuredContent: spec.structured ? spec.structured(result.value) : (result.value as { [key: string]: unknown }),
        };
      } catch (cause) {
        return failure(
          spec.name,
          makeError('INTERNAL_ERROR', `structedit failed unexpectedly: ${cause instanceof Error ? cause.message : String(cause)}. This is a bug; no file was changed.`, {
            cause: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause),
          }),
        );
      }
    },
  };
}
