// A model request's reply as the GenAI conventions' output messages (`gen_ai.output.messages`):
// one assistant message whose parts follow the reply's blocks — reasoning, text and tool calls —
// in the order the model wrote them, with the request's finish reason when it gave one
// (https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-output-messages.json).
import type { BlockView } from '../../machines/index.js';

/** One part of an output message, in the conventions' shape. */
type OutputPart =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: Record<string, string> };

function partOf(block: BlockView): OutputPart | undefined {
  if (block.type === 'text') return block.content === '' ? undefined : { type: 'text', content: block.content };
  if (block.type === 'reasoning') return { type: 'reasoning', content: block.reasoning };
  return { type: 'tool_call', id: block.call_id, name: block.name, arguments: block.params };
}

/** The JSON of `gen_ai.output.messages` for a request's blocks (and its finish reason, when known). */
export function outputMessagesOf(blocks: readonly BlockView[], finishReason: string | undefined): string {
  const parts: OutputPart[] = [];
  for (const block of blocks) {
    const part = partOf(block);
    if (part !== undefined) parts.push(part);
  }
  return JSON.stringify([
    { role: 'assistant', parts, ...(finishReason !== undefined ? { finish_reason: finishReason } : {}) },
  ]);
}

/** The JSON of `gen_ai.output.messages` for a turn's answer: one text part. */
export function answerMessageOf(answer: string): string {
  return JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: answer }] }]);
}
