// POST /ag-ui: an AG-UI run (RunAgentInput in, AG-UI events out as SSE). A run with a new user
// message starts a turn of its thread; a run whose `resume` answers the last run's interrupts
// (the approvals) goes on with the same turn; a client that leaves mid-run cancels the turn.
import { agUiEvents, agUiSse, createAgUiEncoder, readAgUiInput, type AgUiEncoder } from 'agent-turn/ag-ui';
import type { AgUiEvent } from 'agent-turn/ag-ui';
import { sendError } from './http-io.js';
import { answerApprovals } from './answer-approvals.js';
import { startNextTurn, type Route } from './route-context.js';
import type { ServerTurn } from './server-turn.js';
import { streamResponse } from './sse-response.js';

/** The response headers of an AG-UI event stream. */
export const AG_UI_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
});

const encoders = new WeakMap<ServerTurn, AgUiEncoder>();

/** Serves one AG-UI run. */
export const agUiRoute: Route = async (context, body, res, cors) => {
  const input = readAgUiInput(body);
  if (!input.ok) return sendError(res, 400, input.error.code, input.error.message, cors);
  const key = `ag-ui:${input.threadId}`;
  let turn = context.registry.of(key);
  const answers = input.answers.map((a) => ({ ...a, approvalId: a.interruptId }));
  const answered = answerApprovals(turn, answers);
  if (answered && !answered.ok) return sendError(res, answered.status, answered.code, answered.message, cors);
  let first: AgUiEvent[] = [];
  let encoder = turn && encoders.get(turn);
  if (answered && turn && encoder) first = encoder.resume(input.runId);
  else if (input.answers.length > 0)
    return sendError(res, 409, 'no-interrupt', 'No turn of this thread waits for these interrupts.', cors);
  else {
    const started = startNextTurn(
      context,
      key,
      'ag-ui',
      turn,
      input.messages,
      'A turn of this thread is still running; answer its interrupts or wait.',
    );
    if (!started.ok) return sendError(res, started.status, started.code, started.message, cors);
    turn = started.turn;
    encoder = createAgUiEncoder({ threadId: input.threadId, runId: input.runId, interruptId: turn.approvalId });
    encoders.set(turn, encoder);
  }
  const running = turn;
  const events = encoder as AgUiEncoder;
  await streamResponse(res, {
    headers: { ...AG_UI_HEADERS, ...cors },
    async *chunks(signal) {
      for (const event of first) yield agUiSse(event);
      for await (const event of agUiEvents(running.actor, events, { intervalMs: context.viewIntervalMs, signal }))
        yield agUiSse(event);
    },
    onClientGone: () => running.actor.send({ type: 'ABORT' }),
  });
};
