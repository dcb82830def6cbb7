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
import { splitTask, startServerTurn, type Route } from './route-context.js';
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
    if (turn && !turn.done)
      return sendError(
        res,
        409,
        'turn-running',
        'A turn of this chat is still running; answer its approval or wait.',
        cors,
      );
    const split = splitTask(input.messages);
    if (!split) return sendError(res, 400, 'no-user-message', "The last message must be the user's, with text.", cors);
    turn = startServerTurn(context, key, 'chat', split);
    if (!turn)
      return sendError(res, 503, 'too-many-turns', 'The server runs as many turns as it may; try again later.', cors);
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
