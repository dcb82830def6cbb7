// A chat client whose every request is one journaled step: the first execution reads the whole
// reply from the real client inside `ctx.run` and records its events; a replay gets the recorded
// events without a request. Failed attempts are retried here, after a durable `ctx.sleep`; the
// machine only ever sees the final attempt (its own retries are off).
import type { Context, RunOptions } from '@restatedev/restate-sdk';
import type { ChatClient, ChatRequest, ChatStreamEvent } from '../../src/wire/types.js';
import { ChatError } from '../../src/wire/errors.js';
import { sharedFlushScheduler } from '../../machines/actors/flush-scheduler.js';
import { coalesceReplyEvents } from './coalesce-events.js';
import { recordChatError, type RecordedReply } from './recorded-reply.js';

/** What a live reader of the model's stream is told while a step reads it (never on replay). */
export interface LiveReplyEvents {
  /** 1-based number of the model request within the turn (retries included). */
  step: number;
  events: readonly ChatStreamEvent[];
}

/** How {@link journaledChatClient} retries and reports. */
export interface JournaledChatOptions {
  /** Waits before each retry of a failed request (`ctx.sleep`); its length is the number of retries. Default 2, 4, 8 s. */
  retryDelaysMs?: readonly number[];
  /** Which errors are worth another try. Default: the error's `retryable`. */
  retryOn?: (error: ChatError) => boolean;
  /** The longest a server's Retry-After may stretch a wait. Default 60 s. */
  maxRetryAfterMs?: number;
  /** Restate's retry policy of the step itself, for failures outside the stream (a worker's bug). */
  stepRetry?: Omit<RunOptions<RecordedReply>, 'serde'>;
  /** Called before each step starts (the turn publishes its view there). */
  beforeStep?: () => void;
  /** Called with a step's or a sleep's rejection (a cancelled invocation) before it is thrown on. */
  onStepError?: (error: unknown) => void;
  /** Called with the events of a step as they arrive from the model (first execution only). */
  live?: (update: LiveReplyEvents) => void;
}

const beforeDecode = () => sharedFlushScheduler.turn();

export const DEFAULT_DURABLE_RETRY_DELAYS_MS: readonly number[] = [2000, 4000, 8000];
export const DEFAULT_DURABLE_MAX_RETRY_AFTER_MS = 60_000;

async function readReply(
  client: ChatClient,
  request: ChatRequest,
  step: number,
  live: JournaledChatOptions['live'],
): Promise<RecordedReply> {
  const events: ChatStreamEvent[] = [];
  try {
    // Each read is decoded in a slice of the shared scheduler, as a chat actor's are: a thousand
    // durable turns reading at once would otherwise decode in the timers' and sockets' own
    // callbacks, back to back, and hold the event loop for tens of milliseconds.
    for await (const event of client.stream(request, { beforeDecode })) {
      events.push(event);
      live?.({ step, events: [event] });
    }
    // Journaled joined (coalesce-events.ts): the same reply in a few events instead of hundreds.
    return { events: coalesceReplyEvents(events) };
  } catch (error) {
    return { events: coalesceReplyEvents(events), error: recordChatError(error) };
  }
}

/**
 * Wraps `client` for a turn inside a Restate handler: each `stream()` call is one `ctx.run` step
 * named `model <n>` that returns the complete list of stream events (and the error that ended
 * the stream, if any). Replayed, the step returns the recorded list and the model is not asked
 * again. A retryable failure is retried in a new step after `ctx.sleep` (the provider's
 * Retry-After when longer, up to `maxRetryAfterMs`), so the wait survives a restart too.
 */
export function journaledChatClient(ctx: Context, client: ChatClient, options: JournaledChatOptions = {}): ChatClient {
  const delays = options.retryDelaysMs ?? DEFAULT_DURABLE_RETRY_DELAYS_MS;
  const retryOn = options.retryOn ?? ((error: ChatError) => error.retryable);
  let steps = 0;

  async function finalReply(request: ChatRequest): Promise<RecordedReply> {
    try {
      return await attempts(request);
    } catch (error) {
      options.onStepError?.(error);
      throw error;
    }
  }

  async function attempts(request: ChatRequest): Promise<RecordedReply> {
    for (let attempt = 0; ; attempt++) {
      const step = ++steps;
      options.beforeStep?.();
      const reply = await ctx.run(
        `model ${step}`,
        () => readReply(client, request, step, options.live),
        options.stepRetry ?? {},
      );
      if (reply.error === undefined || attempt >= delays.length || !retryOn(ChatError.fromJSON(reply.error)))
        return reply;
      const asked = Math.min(
        reply.error.retryAfterMs ?? 0,
        options.maxRetryAfterMs ?? DEFAULT_DURABLE_MAX_RETRY_AFTER_MS,
      );
      await ctx.sleep(Math.max(delays[attempt], asked), `retry model ${step}`);
    }
  }

  return {
    stream(request) {
      return {
        async *[Symbol.asyncIterator]() {
          const reply = await finalReply(request);
          yield* reply.events;
          if (reply.error !== undefined) throw ChatError.fromJSON(reply.error);
        },
      };
    },
    complete: (request, completeOptions) =>
      ctx.run('model completion', () => client.complete(request, completeOptions)),
  };
}
