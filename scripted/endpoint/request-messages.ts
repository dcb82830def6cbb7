// The `messages` of a chat-completion request checked the way OpenAI does: each an object with a
// known role and content, tool calls only on assistant messages, each tool message answering one.
import { invalid, isObject, type RequestCheck } from './request-check.js';

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'];

/** The 400 for the first message at fault, or undefined when every message is fine. */
export function messagesProblem(messages: unknown[]): RequestCheck | undefined {
  const callIds = new Set<string>();
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (!isObject(m))
      return invalid(`Invalid type for 'messages[${i}]': expected an object.`, `messages[${i}]`, 'invalid_type');
    if (!ROLES.includes(m.role as string)) {
      return invalid(
        `Invalid value: '${String(m.role)}'. Supported values are: 'system', 'developer', 'user', 'assistant' and 'tool'.`,
        `messages[${i}].role`,
        'invalid_value',
      );
    }
    const content = m.content;
    const toolCalls = m.tool_calls;
    if (
      !(
        typeof content === 'string' ||
        Array.isArray(content) ||
        (content === null && m.role === 'assistant') ||
        (content === undefined && m.role === 'assistant' && Array.isArray(toolCalls))
      )
    ) {
      return invalid(
        `Invalid type for 'messages[${i}].content': expected a string or an array of content parts.`,
        `messages[${i}].content`,
        'invalid_type',
      );
    }
    // Reasoning sent back is no fault here: which models need it, and which refuse it, is each
    // profile's history rule (scripted-history-rules.ts).
    if (toolCalls !== undefined) {
      if (m.role !== 'assistant' || !Array.isArray(toolCalls))
        return invalid(
          `Invalid 'messages[${i}].tool_calls': only assistant messages carry an array of tool calls.`,
          `messages[${i}].tool_calls`,
          'invalid_value',
        );
      for (const call of toolCalls) if (isObject(call) && typeof call.id === 'string') callIds.add(call.id);
    }
    if (m.role === 'tool') {
      if (typeof m.tool_call_id !== 'string')
        return invalid(
          `Missing required parameter: 'messages[${i}].tool_call_id'.`,
          `messages[${i}].tool_call_id`,
          'missing_required_parameter',
        );
      if (!callIds.has(m.tool_call_id)) {
        return invalid(
          `Invalid parameter: messages with role 'tool' must be a response to a preceding message with 'tool_calls' (messages[${i}].tool_call_id '${m.tool_call_id}' matches none).`,
          `messages[${i}].tool_call_id`,
          'invalid_value',
        );
      }
    }
  }
  return undefined;
}
