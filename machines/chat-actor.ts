// The `chat` actor: streams one request and reports to the machine. Events that arrive close
// together (one network read usually carries many SSE events) are sent as one CHAT.CHUNKS batch,
// flushed on the next macrotask, so the machine does one transition per read rather than per token.
import { fromCallback } from 'xstate';
import { ChatError } from '../src/openai/errors.js';
import type { ChatStreamEvent } from '../src/openai/types.js';
import type { ChatActorEvent, ChatActorInput } from './agent-turn-types.js';

/** Sent by the machine: stop reading (one tool per message, a rejection, the completion tool). */
export type ChatActorCommand = { type: 'STOP' };

/**
 * Events the chat actor has read but not yet sent (they wait for the next macrotask, to go as one
 * batch). The machine keeps one per reply and reads it when it leaves the stream without a STOP
 * (ABORT, the completion tool, a rejection): a stopped actor can send nothing more, and what it
 * already read must not be lost.
 */
export interface ChatBacklog {
  events: ChatStreamEvent[];
}

/** Any failure as a ChatError: the wire layer throws those; anything else is a network-level fault. */
export function toChatError(error: unknown): ChatError {
  if (error instanceof ChatError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ChatError('network', message, { cause: error, retryable: true });
}

export const chatActor = fromCallback<ChatActorCommand, ChatActorInput>(({ input, sendBack, receive }) => {
  const controller = new AbortController();
  let finished = false; // stopped by the machine or the stream is over: send nothing more
  const backlog: ChatBacklog = input.backlog ?? { events: [] };
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (backlog.events.length === 0 || finished) return;
    const events = backlog.events;
    backlog.events = [];
    sendBack({ type: 'CHAT.CHUNKS', events } satisfies ChatActorEvent);
  };

  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    finished = true;
    controller.abort();
  };

  receive((command) => {
    if (command.type !== 'STOP' || finished) return;
    flush(); // what already arrived is delivered, not dropped
    stop();
  });

  (async () => {
    try {
      for await (const event of input.client.stream(input.request, { signal: controller.signal })) {
        if (finished) return;
        backlog.events.push(event);
        if (timer === undefined) timer = setTimeout(flush, 0);
      }
      if (finished) return;
      flush();
      finished = true;
      sendBack({ type: 'CHAT.END' } satisfies ChatActorEvent);
    } catch (error) {
      if (finished) return; // our own abort
      flush();
      finished = true;
      sendBack({ type: 'CHAT.ERROR', error: toChatError(error) } satisfies ChatActorEvent);
    }
  })();

  return stop;
});
