// POST /api/chat: what useChat posts (`{ id, messages }`), answered as an AI SDK UI message
// stream. A new user message starts a turn of the chat; a post whose tool parts answer the
// turn's approvals (addToolApprovalResponse) goes on with it, as the same assistant message.
import {
  createUiMessageEncoder,
  readUiMessageInput,
  uiMessageParts,
  uiMessageSse,
  UI_MESSAGE_STREAM_DONE,
  UI_MESSAGE_STREAM_HEADERS,
  type UiMessageEncoder,
  type UiMessagePart,
} from 'agent-turn/ui-message-stream';
import { answerApprovals } from './answer-approvals.js';
import { sendError } from './http-io.js';
import { startNextTurn, type Route } from './route-context.js';
import type { ServerTurn } from './server-turn.js';
import { streamResponse } from './sse-response.js';

const encoders = new WeakMap<ServerTurn, UiMessageEncoder>();

/** Serves one useChat request. */
export const chatRoute: Route = async (context, body, res, cors) => {
  const input = readUiMessageInput(body);
  if (!input.ok) return sendError(res, 400, input.error.code, input.error.message, cors);
  const key = `chat:${input.chatId}`;
  let turn = context.registry.of(key);
  const answered = answerApprovals(
    turn,
    input.answers.map((a) => ({ ...a, ...(a.reason !== undefined ? { feedback: a.reason } : {}) })),
  );
  if (answered && !answered.ok) return sendError(res, answered.status, answered.code, answered.message, cors);
  let first: UiMessagePart[] = [];
  let encoder = turn && encoders.get(turn);
  if (answered && turn && encoder) first = encoder.resume();
  else {
    const started = startNextTurn(
      context,
      key,
      'chat',
      turn,
      input.messages,
      'A turn of this chat is still running; answer its approval or wait.',
    );
    if (!started.ok) return sendError(res, started.status, started.code, started.message, cors);
    turn = started.turn;
    encoder = createUiMessageEncoder({ messageId: `turn-${turn.id}`, approvalId: turn.approvalId });
    encoders.set(turn, encoder);
  }
  const running = turn;
  const parts = encoder as UiMessageEncoder;
  await streamResponse(res, {
    headers: { ...UI_MESSAGE_STREAM_HEADERS, ...cors },
    async *chunks(signal) {
      for (const part of first) yield uiMessageSse(part);
      for await (const part of uiMessageParts(running.actor, parts, { intervalMs: context.viewIntervalMs, signal }))
        yield uiMessageSse(part);
    },
    tail: UI_MESSAGE_STREAM_DONE,
    onClientGone: () => running.actor.send({ type: 'ABORT' }),
  });
};
