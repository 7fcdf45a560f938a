import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import type { ToolResult } from 'structedit/tools';
import { structeditTools } from '../../examples/ai-sdk.js';

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const toolCall = (toolCallId: string, toolName: string, input: unknown) => ({
  content: [{ type: 'tool-call' as const, toolCallId, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
  usage,
  warnings: [],
});
const answer = (text: string) => ({ content: [{ type: 'text' as const, text }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] });

/** A mock model that calls tools, as a real one would, and reads their results. */
describe('examples/ai-sdk.ts with the AI SDK mock model', () => {
  it('runs a failing call, then the corrected call the error suggested', async () => {
    const fs = memoryFs({ 'auth.py': 'class UserAuth:\n    def validate(self, token):\n        return token in VALID\n' });
    const model = new MockLanguageModelV3({
      doGenerate: [
        toolCall('1', 'read_structure', { path: 'auth.py', target: 'def validate' }),
        toolCall('2', 'read_structure', { path: 'auth.py', target: 'class UserAuth\ndef validate' }),
        answer('validate checks the token against VALID.'),
      ],
    });
    const result = await generateText({ model, tools: structeditTools(createEditor({ fs })), prompt: 'What does validate do?', stopWhen: stepCountIs(5) });

    expect(result.text).toBe('validate checks the token against VALID.');
    const [failed, succeeded] = result.steps.flatMap((step) => step.toolResults).map((toolResult) => toolResult.output as ToolResult);
    expect(failed!.isError).toBe(true);
    expect(failed!.structuredContent).toMatchObject({ error: 'TARGET_NOT_FOUND' });
    expect(succeeded!.isError).toBe(false);
    expect(succeeded!.structuredContent).toMatchObject({ matches: [{ line_range_inclusive: [2, 3] }] });

    // What the model saw: the error's text with the target to use, then the structure itself.
    const secondPrompt = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(secondPrompt).toContain('error-text');
    expect(secondPrompt).toContain('class UserAuth\\\\ndef validate');
    const thirdPrompt = JSON.stringify(model.doGenerateCalls[2]!.prompt);
    expect(thirdPrompt).toContain('return token in VALID');
  });

  it('offers every tool with its JSON Schema to the model', async () => {
    const model = new MockLanguageModelV3({ doGenerate: answer('ok') });
    await generateText({ model, tools: structeditTools(createEditor({ fs: memoryFs() })), prompt: 'hi' });
    const offered = model.doGenerateCalls[0]!.tools!.map((offeredTool) => ({ name: offeredTool.name, type: offeredTool.type }));
    expect(offered).toEqual(expect.arrayContaining([{ name: 'read_structure', type: 'function' }, { name: 'list_structures', type: 'function' }]));
  });
});
