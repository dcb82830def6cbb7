// The `chat` actor: streams one request and reports to the machine. Events that arrive close
// together (one network read usually carries many SSE events) are sent as one CHAT.CHUNKS batch,
// flushed on a later macrotask by the shared flush scheduler (flush-scheduler.ts), so the machine
// does one transition per read rather than per token, and with many streams at once, one task
// never runs more than a slice's worth of transitions.
import { fromCallback } from 'xstate';
import { ChatError } from '../../src/wire/errors.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';
import type { ChatActorCommand, ChatActorEvent, ChatActorInput, ChatBacklog } from './chat-actor-types.js';
import { sharedFlushScheduler } from './flush-scheduler.js';
import { describeError } from '../../src/errors/describe-error.js';
export type { ChatActorCommand } from './chat-actor-types.js';

/** Errors a program makes, not a network: a bug in a custom client's code, which no retry fixes. */
const BUG_ERRORS = ['TypeError', 'ReferenceError', 'SyntaxError', 'RangeError', 'AgentTurnOptionsError'];

/**
 * Any failure as a ChatError: the wire layer throws those. A TypeError (ReferenceError, an
 * AgentTurnOptionsError, …) from a client's own code is a bug — `client-bug`, not retried; anything else is a network-level fault.
 */
export function toChatError(error: unknown): ChatError {
  if (error instanceof ChatError) return error;
  const message = describeError(error);
  if (error instanceof Error && BUG_ERRORS.includes(error.name)) {
    return new ChatError('client-bug', `the chat client threw ${error.name}: ${message}`, {
      cause: error,
      retryable: false,
    });
  }
  return new ChatError('network', message, { cause: error, retryable: true });
}

export const chatActor = /* @__PURE__ */ fromCallback<ChatActorCommand, ChatActorInput>(
  ({ input, sendBack, receive }) => {
    const controller = new AbortController();
    // Stopped by the machine or the stream is over: send nothing more. (After STOP the machine
    // closes the reply in the same step and leaves the request: XState then stops this actor and
    // drops what it sends, and the closed reply's backlog is not read again. So the checks of
    // `finished` after a STOP below are marked for Stryker as "after STOP".)
    let finished = false;
    // Stryker disable next-line ObjectLiteral,ArrayDeclaration: the machine always passes its backlog; this is for the actor used alone
    const backlog: ChatBacklog = input.backlog ?? { events: [] };

    // Also run by the scheduler after the actor stopped or flushed at the end: then it does nothing.
    const flush = () => {
      if (backlog.events.length === 0 || finished) return;
      const events = backlog.events;
      backlog.events = [];
      sendBack({ type: 'CHAT.CHUNKS', events } satisfies ChatActorEvent);
    };

    // Whether the stream is over (its end or its error was sent): nothing is left to abort then.
    let ended = false;
    const stop = () => {
      finished = true;
      // An abort makes a DOMException (a stack trace) and tells every listener: only for a live stream.
      if (!ended) controller.abort();
    };

    // STOP: the stream is cancelled; what was read and not yet sent stays in the backlog, where
    // the machine takes it when it closes the reply. (Sending it now would deliver it after the
    // machine closed the reply with it: a second time, into whatever reply comes next.)
    receive((command) => {
      // Stryker disable next-line ConditionalExpression: STOP is the only command
      if (command.type === 'STOP') stop();
    });

    // The request itself starts in the scheduler's next slice too: opening it (the body's JSON, the
    // connection) is the costliest step of a stream, and a thousand turns starting at once would
    // otherwise do all of it in one turn of the event loop.
    const read = async () => {
      if (finished) return; // stopped before it began: no request is made
      // Decoding waits for a slice of the shared scheduler (beforeDecode). Events decoded there are
      // sent at once when the read's last one is out (the client's iterator tells how many it
      // still holds): one transition per slice for this stream, with everything that arrived
      // since the last. Otherwise (a client of your own) they go in the scheduler's next slice.
      // Stryker disable BooleanLiteral,BlockStatement,ConditionalExpression: timing only: without the sending at once, the same batch goes one slice later (the batching itself is tested in chat-actor.test.ts)
      let decodedInSlice = false;
      const beforeDecode = () => {
        decodedInSlice = true;
        return sharedFlushScheduler.turn();
      };
      // Stryker restore BooleanLiteral,BlockStatement,ConditionalExpression
      try {
        const iterator = input.client
          .stream(input.request, {
            signal: controller.signal,
            beforeDecode,
            ...(input.replyTokens !== undefined ? { replyTokens: input.replyTokens } : {}),
          })
          [Symbol.asyncIterator]() as AsyncIterator<ChatStreamEvent> & { bufferedEvents?: number };
        for await (const event of { [Symbol.asyncIterator]: () => iterator }) {
          // Stryker disable next-line ConditionalExpression: after STOP
          if (finished) return;
          backlog.events.push(event);
          // Stryker disable next-line ConditionalExpression,BlockStatement: false, or an empty block, only sends the same batch one slice later (timing; see above)
          if (decodedInSlice && iterator.bufferedEvents === 0) {
            // Stryker disable next-line BooleanLiteral: every decoded read sets it again before its events come
            decodedInSlice = false;
            flush();
          } else sharedFlushScheduler.queue(flush);
        }
        // Stryker disable next-line ConditionalExpression: after STOP
        if (finished) return;
        flush();
        // Stryker disable next-line BooleanLiteral: nothing comes after the end; a STOP then sets it anyway
        finished = true;
        ended = true;
        sendBack({ type: 'CHAT.END' } satisfies ChatActorEvent);
      } catch (error) {
        // Stryker disable next-line ConditionalExpression: our own abort, after STOP
        if (finished) return;
        flush();
        // Stryker disable next-line BooleanLiteral: nothing comes after the error; a STOP then sets it anyway
        finished = true;
        ended = true;
        sendBack({ type: 'CHAT.ERROR', error: toChatError(error) } satisfies ChatActorEvent);
      }
    };
    sharedFlushScheduler.queue(() => void read());

    return stop;
  },
);
