/**
 * structedit's tools: every operation as a tool definition an LLM can call (name, description,
 * JSON Schema, `execute`), for MCP servers, function-calling APIs and agent frameworks.
 *
 * @packageDocumentation
 */
import type { Editor } from 'structedit';
import { chunkEditTool } from './definitions/chunk-edit.js';
import { applyPatchTool } from './definitions/apply-patch.js';
import { fileEditTool } from './definitions/file-edit.js';
import { createFileTool, deleteFileTool, moveFileTool } from './definitions/file-lifecycle.js';
import { fileReadTool } from './definitions/file-read.js';
import { findStructuresTool } from './definitions/find-structures.js';
import { listStructuresTool, readStructureTool } from './definitions/read-structure.js';
import { semanticEditTool } from './definitions/semantic-edit.js';
import {
  deleteStructureTool,
  insertAfterStructureTool,
  insertBeforeStructureTool,
  moveStructureTools,
  replaceAllTextInStructureTool,
  replaceStructureTool,
  replaceTextInStructureTool,
} from './definitions/structure-edits.js';
import { undoTool } from './definitions/undo.js';
import { DEFAULT_MAX_OUTPUT_CHARS, MAX_OUTPUT_CHARS_CEILING, MIN_OUTPUT_CHARS } from './budget.js';
import { bindTool, type AnyToolSpec, type ToolDefinition } from './tool-spec.js';

export { renderError } from './render-error.js';
export { DEFAULT_MAX_OUTPUT_CHARS, MAX_OUTPUT_CHARS_CEILING, MIN_OUTPUT_CHARS, type Truncation } from './budget.js';
export { fileEditMetadata, fileEditText, toFileEditResult, type FileEditResult, type TextContent } from './render/file-edit.js';
export { fileReadText } from './render/file-read.js';
export type { JsonSchema, ToolAnnotations, ToolContent, ToolDefinition, ToolResult } from './tool-spec.js';

const SPECS: readonly AnyToolSpec[] = [
  ...([
    readStructureTool,
    listStructuresTool,
    findStructuresTool,
    replaceStructureTool,
    deleteStructureTool,
    replaceTextInStructureTool,
    replaceAllTextInStructureTool,
    insertBeforeStructureTool,
    insertAfterStructureTool,
  ] as unknown as AnyToolSpec[]),
  ...moveStructureTools,
  ...([fileEditTool, chunkEditTool, fileReadTool, semanticEditTool, applyPatchTool, createFileTool, deleteFileTool, moveFileTool, undoTool] as unknown as AnyToolSpec[]),
];

/** Every tool name, in the order {@link createTools} returns them. */
export const TOOL_NAMES: readonly string[] = SPECS.map((spec) => spec.name);

/** Options of {@link createTools}. */
export interface CreateToolsOptions {
  /** Only these tools (by name); all when omitted. */
  include?: readonly string[];
  /**
   * The output budget: most characters of an answer's text, and separately of its data (default
   * {@link DEFAULT_MAX_OUTPUT_CHARS}, at least {@link MIN_OUTPUT_CHARS}). Longer answers are cut and
   * say how to get the rest; a call may set its own with `max_output_chars`.
   */
  maxOutputChars?: number;
}

/**
 * One tool definition per operation, bound to an editor (and so to its file system and root).
 *
 * @example
 * ```ts
 * const tools = createTools(createEditor({ fs: nodeFs({ root: process.cwd() }) }));
 * const result = await tools.find((tool) => tool.name === 'read_structure')!.execute({ path: 'a.py', target: 'def main' });
 * ```
 */
export function createTools(editor: Editor, options: CreateToolsOptions = {}): ToolDefinition[] {
  const include = options.include ? new Set(options.include) : null;
  const maxOutputChars = Math.min(MAX_OUTPUT_CHARS_CEILING, Math.max(MIN_OUTPUT_CHARS, Math.floor(options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS)));
  return SPECS.filter((spec) => include === null || include.has(spec.name)).map((spec) => bindTool(editor, spec as never, { maxOutputChars }));
}
