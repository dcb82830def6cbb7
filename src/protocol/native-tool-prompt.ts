// The system-prompt section for native tool calls: the same rules the tag prompt states (one tool
// per message, a tool in every reply, how to finish), for a model that gets the tools as OpenAI
// `tools` and answers with `tool_calls`. The tools themselves are in the request, not here.
import type { ToolUsePromptOptions } from './tool-use-prompt.js';

/**
 * Native-tool instructions for the system message: call the tools given with the request (never
 * write them out as text), one per message unless `toolsPerMessage` is `'sequential'`, a tool in
 * every reply, and the completion tool to finish.
 *
 * @example
 * ```ts
 * import { nativeToolUsePrompt } from 'agent-turn';
 *
 * const system = `You are a careful coding agent.\n\n${nativeToolUsePrompt({ completionTool: 'attempt_completion' })}`;
 * ```
 */
export function nativeToolUsePrompt(
  options: Pick<ToolUsePromptOptions, 'completionTool' | 'toolsPerMessage' | 'endTurn'> = {},
): string {
  const completion = options.completionTool ?? 'attempt_completion';
  return [
    '# Tool use',
    '',
    'You act by calling the tools you are given with this conversation (function calls). Call them; never write a tool call out as text or XML tags.',
    '',
    'Rules:',
    (options.toolsPerMessage ?? 'one') === 'one'
      ? '- Call one tool per message, then wait for its result before going on.'
      : '- You may call several tools in one message; they run in order, and you get all results together.',
    ...(options.endTurn === 'text'
      ? [
          `- When the task is done, or to answer without acting, reply in plain text without a tool call (or call ${completion} with the result): that ends your turn.`,
        ]
      : ['- Every reply must call a tool.', `- When the task is done, call ${completion} with the result.`]),
  ].join('\n');
}
