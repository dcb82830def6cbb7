import type { AgentTurnOutput } from 'agent-turn';
import type { ConversationTurn } from './conversation-types.js';

/** One ended turn as the conversation record keeps it: the message, how it ended, its usage, its model. */
export function conversationTurn(task: string, output: AgentTurnOutput, model: string): ConversationTurn {
  return {
    task,
    reason: output.reason,
    ...(output.result !== undefined ? { result: output.result } : {}),
    usage: {
      promptTokens: output.usage.promptTokens,
      completionTokens: output.usage.completionTokens,
      totalTokens: output.usage.totalTokens,
      ...(output.usage.estimated ? { estimated: true } : {}),
    },
    model,
  };
}
