import type { Result } from 'neverthrow';
import * as z from 'zod/mini';
import { validateArguments } from '../core/arguments/validation.js';
import type { Editor, StructeditError } from 'structedit';
import { invalidArgument, makeError } from '../core/errors.js';
import { cutData, cutText, DEFAULT_MAX_OUTPUT_CHARS, MAX_OUTPUT_CHARS_CEILING, MIN_OUTPUT_CHARS } from './budget.js';
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
  /**
   * A concise text for the model: what changed or was found, or what went wrong and what to do.
   * Within the output budget: a longer text is cut and ends with `[Output cut …]` saying how to get
   * the rest.
   */
  content: ToolContent[];
  /**
   * The result (or error) as data, for programs. Within the output budget as JSON: longer data keeps
   * its shape (strings shortened, arrays cut to their first items) and gains `truncated`
   * (`Truncation`: what was shortened and how to get the rest). The library method's result is
   * always complete.
   */
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
  readonly schema: z.ZodMiniType<Args>;
  /** Title and hints; `openWorldHint` is always `false` and added by {@link bindTool}. */
  readonly annotations: Omit<ToolAnnotations, 'openWorldHint'>;
  run(editor: Editor, args: Args): PromiseLike<Result<Value, StructeditError>>;
  render(value: Value, args: Args): string;
  /** The result as data (`structuredContent`); the value itself when omitted. */
  structured?(value: Value): { [key: string]: unknown };
  /**
   * How to get what an answer over the output budget left out, for this result: a narrower range,
   * a target, a depth (`shown`: lines of the rendered text kept, of all). A generic hint when omitted.
   */
  continuation?(value: Value, args: Args, shown: { shownLines: number; totalLines: number }): string;
}

/** How a tool binds to an editor. */
export interface BindOptions {
  /** The output budget in characters, for the text and (separately) the data of every answer. */
  maxOutputChars: number;
}

/** What a cut answer of a read says when its tool has no better advice. */
const READ_CONTINUATION = 'Narrow the call (a target, a line range, a depth) to see the rest, or raise max_output_chars.';

/**
 * What a cut answer of a write says: the write happened (or, in a dry run, nothing was written), so
 * the model must not send it again to see the rest.
 */
function writeContinuation(args: unknown): string {
  const options = typeof args === 'object' && args !== null ? (args as { dry_run?: unknown; options?: { dry_run?: unknown } }) : {};
  return options.dry_run === true || options.options?.dry_run === true
    ? 'Nothing was written (dry run); preview fewer edits per call to see each change in full.'
    : 'The change was made as reported; only this report was cut, so do not send it again. Read the changed lines with file_read (startLine/endLine) to see them.';
}

/** What a cut error says. */
const ERROR_CONTINUATION = 'The error was cut; its first lines say what to fix. Raise max_output_chars to see all of it.';

/** The `max_output_chars` input every tool takes, as JSON Schema. */
const MAX_OUTPUT_CHARS_PROPERTY = {
  type: 'integer',
  minimum: MIN_OUTPUT_CHARS,
  maximum: MAX_OUTPUT_CHARS_CEILING,
  description: `Most characters of this answer's text (and, separately, of its data); longer answers are cut, saying how to get the rest. Default ${DEFAULT_MAX_OUTPUT_CHARS.toLocaleString('en-US')} unless the host sets another.`,
};

/**
 * A success's text within the budget: the rendered text, cut with the tool's advice on how to see
 * the rest (also what the CLI prints in text mode).
 */
export function budgetedText<Args, Value>(spec: ToolSpec<Args, Value>, value: Value, args: Args, budget: number): string {
  return cutText(spec.render(value, args), budget, (shown) => continuation(spec, value, args, shown)).text;
}

/** How to get the rest of a cut answer: the tool's own advice, else the advice for a read or a write. */
function continuation<Args, Value>(spec: ToolSpec<Args, Value>, value: Value, args: Args, shown: { shownLines: number; totalLines: number }): string {
  if (spec.continuation) return spec.continuation(value, args, shown);
  return spec.annotations.readOnlyHint ? READ_CONTINUATION : writeContinuation(args);
}

/** An error's text within the budget. */
export function budgetedErrorText(tool: string, error: StructeditError, budget: number): string {
  return cutText(renderError(tool, error), budget, () => ERROR_CONTINUATION).text;
}

/** A spec with its types erased, for lists of specs. */
export type AnyToolSpec = ToolSpec<never, never>;

/** The input schema as JSON Schema, without the `$schema` key some function-calling APIs refuse. */
export function toJsonSchema(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as { $schema?: string } & JsonSchema;
  return rest;
}

/** `1 line`, `3 lines`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function failure(tool: string, error: StructeditError, budget: number): ToolResult {
  return { isError: true, content: [{ type: 'text', text: budgetedErrorText(tool, error, budget) }], structuredContent: cutData({ ...error }, budget, ERROR_CONTINUATION) };
}

/**
 * The call's `max_output_chars` and the rest of its input: the budget belongs to the tool layer,
 * so it is taken off before the operation's own arguments are checked.
 */
function splitBudget(input: unknown, fallback: number): { budget: number; rest: unknown } | { problem: StructeditError } {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !('max_output_chars' in input)) return { budget: fallback, rest: input };
  const { max_output_chars: asked, ...rest } = input as { max_output_chars: unknown };
  if (typeof asked !== 'number' || !Number.isInteger(asked) || asked < MIN_OUTPUT_CHARS || asked > MAX_OUTPUT_CHARS_CEILING) {
    return { problem: invalidArgument([{ field: 'max_output_chars', message: `must be a whole number from ${MIN_OUTPUT_CHARS} to ${MAX_OUTPUT_CHARS_CEILING}` }]) };
  }
  return { budget: asked, rest };
}

/** Binds a spec to an editor. */
export function bindTool<Args, Value>(editor: Editor, spec: ToolSpec<Args, Value>, options: BindOptions = { maxOutputChars: DEFAULT_MAX_OUTPUT_CHARS }): ToolDefinition {
  const schema = toJsonSchema(spec.schema);
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: { ...schema, properties: { ...schema.properties, max_output_chars: MAX_OUTPUT_CHARS_PROPERTY } },
    annotations: { ...spec.annotations, openWorldHint: false },
    async execute(input) {
      let budget = options.maxOutputChars;
      try {
        const split = splitBudget(input, budget);
        if ('problem' in split) return failure(spec.name, split.problem, budget);
        budget = split.budget;
        const args = validateArguments(spec.schema, split.rest);
        if (args.isErr()) return failure(spec.name, args.error, budget);
        const result = await spec.run(editor, args.value);
        if (result.isErr()) return failure(spec.name, result.error, budget);
        const text = cutText(spec.render(result.value, args.value), budget, (shown) => continuation(spec, result.value, args.value, shown));
        const data = spec.structured ? spec.structured(result.value) : (result.value as { [key: string]: unknown });
        return {
          isError: false,
          content: [{ type: 'text', text: text.text }],
          // The data's advice names the same way on as the text's.
          structuredContent: cutData(data, budget, continuation(spec, result.value, args.value, text)),
        };
      } catch (cause) {
        return failure(
          spec.name,
          makeError('INTERNAL_ERROR', `structedit failed unexpectedly: ${cause instanceof Error ? cause.message : String(cause)}. This is a bug; no file was changed.`, {
            cause: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause),
          }),
          budget,
        );
      }
    },
  };
}
