// The reverse direction: the body useChat posts (`{ id, messages: UIMessage[] }`) as the turn's
// history and the approval answers it carries (a tool part in `approval-responded` state, set by
// addToolApprovalResponse). Checked here, since it comes off the network: a body that cannot be
// used is an error value saying what and where.
import type { ChatMessage } from '../../src/wire/types.js';

/** A person's answer to one `tool-approval-request`, read from the posted messages. */
export interface UiApprovalAnswer {
  approvalId: string;
  approved: boolean;
  reason?: string;
}

/** What {@link readUiMessageInput} gives: the chat's id, history and answers, or why the body cannot be used. */
export type UiMessageInputResult =
  | { ok: true; chatId: string; messages: ChatMessage[]; answers: UiApprovalAnswer[] }
  | { ok: false; error: { code: 'invalid-ui-message-input'; message: string } };

const fail = (message: string): UiMessageInputResult => ({
  ok: false,
  error: { code: 'invalid-ui-message-input', message },
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function answerOf(part: Record<string, unknown>): UiApprovalAnswer | undefined {
  const approval = part.approval;
  if (part.state !== 'approval-responded' || !isObject(approval) || typeof approval.id !== 'string') return undefined;
  const reason = typeof approval.reason === 'string' ? approval.reason : undefined;
  return { approvalId: approval.id, approved: approval.approved === true, ...(reason !== undefined ? { reason } : {}) };
}

/** The text of a message's text parts (what the model is sent); tool parts of earlier turns are the turn's own record. */
function messageText(parts: unknown[], where: string): string | { error: string } {
  const texts: string[] = [];
  for (const [i, part] of parts.entries()) {
    if (!isObject(part) || typeof part.type !== 'string') return { error: `${where}.parts[${i}] needs a type` };
    if (part.type === 'text') {
      if (typeof part.text !== 'string') return { error: `${where}.parts[${i}].text must be a string` };
      texts.push(part.text);
    }
  }
  return texts.join('\n');
}

/**
 * Reads what useChat posts: user and system messages' text as the history, assistant messages'
 * text as the assistant's earlier answers, and every tool part answered with
 * addToolApprovalResponse as an approval answer.
 *
 * @example
 * ```ts
 * const input = readUiMessageInput(await request.json());
 * if (!input.ok) return new Response(input.error.message, { status: 400 });
 * ```
 */
export function readUiMessageInput(body: unknown): UiMessageInputResult {
  if (!isObject(body)) return fail('the body must be a JSON object');
  if (typeof body.id !== 'string' || body.id === '') return fail('id (the chat id) must be a string');
  if (!Array.isArray(body.messages)) return fail('messages must be a list');
  const messages: ChatMessage[] = [];
  const answers: UiApprovalAnswer[] = [];
  for (const [i, message] of body.messages.entries()) {
    const where = `messages[${i}]`;
    if (!isObject(message) || !Array.isArray(message.parts)) return fail(`${where} must be an object with parts`);
    const role = message.role;
    if (role !== 'user' && role !== 'assistant' && role !== 'system')
      return fail(`${where}.role must be user, assistant or system`);
    const text = messageText(message.parts, where);
    if (typeof text !== 'string') return fail(text.error);
    for (const part of message.parts) {
      const answer = isObject(part) ? answerOf(part) : undefined;
      if (answer) answers.push(answer);
    }
    messages.push({ role, content: text });
  }
  return { ok: true, chatId: body.id, messages, answers };
}
