// The reverse direction: an AG-UI `RunAgentInput` as the turn's history and, for a run that
// answers interrupts, the approvals it carries. Shapes are checked here, since the input comes
// off the network: anything unusable is an error value saying what and where, never a throw.
import type { ChatMessage } from '../../src/wire/types.js';

/** A person's answer to one approval interrupt, read from `RunAgentInput.resume`. */
export interface AgUiApprovalAnswer {
  interruptId: string;
  approved: boolean;
  feedback?: string;
}

/** What {@link readAgUiInput} gives: the history and answers, or why the input cannot be used. */
export type AgUiInputResult =
  | { ok: true; threadId: string; runId: string; messages: ChatMessage[]; answers: AgUiApprovalAnswer[] }
  | { ok: false; error: { code: 'invalid-ag-ui-input'; message: string } };

const fail = (message: string): AgUiInputResult => ({ ok: false, error: { code: 'invalid-ag-ui-input', message } });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message's content as text: a string, or the text parts of a content list (other parts are named, not dropped). */
function contentText(content: unknown, where: string): string | { error: string } {
  if (typeof content === 'string') return content;
  if (content === undefined || content === null) return '';
  if (!Array.isArray(content)) return { error: `${where}.content must be a string or a list of parts` };
  return content
    .map((part, i) => {
      if (isObject(part) && part.type === 'text' && typeof part.text === 'string') return part.text;
      return `[${isObject(part) && typeof part.type === 'string' ? part.type : 'part'} ${i} not shown to the model]`;
    })
    .join('\n');
}

type Converted = ChatMessage | null | { error: string };

function assistantMessage(message: Record<string, unknown>, where: string, content: string): Converted {
  const calls = message.toolCalls;
  if (calls === undefined) return { role: 'assistant', content };
  if (!Array.isArray(calls)) return { error: `${where}.toolCalls must be a list` };
  const toolCalls = [];
  for (const [i, call] of calls.entries()) {
    const fn = isObject(call) ? call.function : undefined;
    if (!isObject(call) || typeof call.id !== 'string' || !isObject(fn) || typeof fn.name !== 'string')
      return { error: `${where}.toolCalls[${i}] needs an id and a function name` };
    const args = typeof fn.arguments === 'string' ? fn.arguments : '{}';
    toolCalls.push({ id: call.id, type: 'function' as const, function: { name: fn.name, arguments: args } });
  }
  return { role: 'assistant', content, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
}

/** One AG-UI message as a chat message; `null` for what only a UI shows (reasoning, activity). */
function chatMessage(message: unknown, where: string): Converted {
  if (!isObject(message) || typeof message.role !== 'string')
    return { error: `${where} must be an object with a role` };
  const content = contentText(message.content, where);
  if (typeof content !== 'string') return content;
  switch (message.role) {
    case 'user':
      return { role: 'user', content };
    case 'system':
    case 'developer':
      return { role: 'system', content };
    case 'assistant':
      return assistantMessage(message, where, content);
    case 'tool':
      if (typeof message.toolCallId !== 'string') return { error: `${where}.toolCallId must be a string` };
      return { role: 'tool', tool_call_id: message.toolCallId, content };
    case 'reasoning':
    case 'activity':
      return null;
    default:
      return { error: `${where}.role "${message.role}" is not an AG-UI role` };
  }
}

function answersOf(resume: unknown): AgUiApprovalAnswer[] | { error: string } {
  if (resume === undefined) return [];
  if (!Array.isArray(resume)) return { error: 'resume must be a list' };
  const answers: AgUiApprovalAnswer[] = [];
  for (const [i, entry] of resume.entries()) {
    if (!isObject(entry) || typeof entry.interruptId !== 'string')
      return { error: `resume[${i}] needs an interruptId` };
    const payload = isObject(entry.payload) ? entry.payload : {};
    const approved = entry.status === 'resolved' && payload.approved === true;
    const feedback = typeof payload.feedback === 'string' ? payload.feedback : undefined;
    answers.push({ interruptId: entry.interruptId, approved, ...(feedback !== undefined ? { feedback } : {}) });
  }
  return answers;
}

/**
 * Reads an AG-UI `RunAgentInput`: its messages as the turn's history (user, system/developer,
 * assistant with its tool calls, tool results; reasoning and activity messages are for the UI
 * and are left out) and its `resume` entries as approval answers (`resolved` with
 * `payload.approved: true` approves; anything else rejects).
 *
 * @example
 * ```ts
 * const input = readAgUiInput(await request.json());
 * if (!input.ok) return new Response(input.error.message, { status: 400 });
 * runAgentTurn({ client, model, messages: input.messages, tools });
 * ```
 */
export function readAgUiInput(body: unknown): AgUiInputResult {
  if (!isObject(body)) return fail('RunAgentInput must be a JSON object');
  if (typeof body.threadId !== 'string' || body.threadId === '') return fail('RunAgentInput.threadId must be a string');
  if (typeof body.runId !== 'string' || body.runId === '') return fail('RunAgentInput.runId must be a string');
  if (!Array.isArray(body.messages)) return fail('RunAgentInput.messages must be a list');
  const messages: ChatMessage[] = [];
  for (const [i, message] of body.messages.entries()) {
    const converted = chatMessage(message, `messages[${i}]`);
    if (converted === null) continue;
    if ('error' in converted) return fail(converted.error);
    messages.push(converted);
  }
  const answers = answersOf(body.resume);
  if ('error' in answers) return fail(answers.error);
  return { ok: true, threadId: body.threadId, runId: body.runId, messages, answers };
}
