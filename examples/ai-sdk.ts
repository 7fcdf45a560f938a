/**
 * structedit's tools as Vercel AI SDK tools: pass them to `generateText` / `streamText` with any
 * model. The model sees the concise text of each result (or of the error, with how to fix it);
 * your code gets the full ToolResult, structured data included.
 */
import { jsonSchema, tool, type ToolSet } from 'ai';
import type { Editor } from 'structedit';
import { createTools, type ToolResult } from 'structedit/tools';

/** Every structedit tool, keyed by name, as AI SDK `tool()` definitions. */
export function structeditTools(editor: Editor): ToolSet {
  const tools: ToolSet = {};
  for (const definition of createTools(editor)) {
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: jsonSchema<Record<string, unknown>>(definition.inputSchema),
      execute: (input): Promise<ToolResult> => definition.execute(input),
      // The model reads the rendered text; failures are flagged so it knows to correct its call.
      toModelOutput: ({ output }) => {
        const result = output as ToolResult;
        const text = result.content.map((block) => block.text).join('\n');
        return result.isError ? { type: 'error-text', value: text } : { type: 'text', value: text };
      },
    });
  }
  return tools;
}
