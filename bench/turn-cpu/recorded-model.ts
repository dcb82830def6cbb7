// An in-process transport for the scripted model: a turn's replies are recorded once from the
// scripted model (their SSE text, cut where the model cuts its reads), then every turn is answered
// from the record through readChatCompletionStream, one read per task as from a socket.
// What goes: fetch, Response, web streams, TextEncoder/TextDecoder, the request's JSON and the
// model's planning and JSON.stringify per token. What stays: the SSE parsing, each chunk's
// JSON.parse and its conversion into events, and everything after (parser, machine, views).
import { readChatCompletionStream } from '../../src/wire/read-chat-completion-stream.js';
import type { ChatClient, ChatRequest, FetchLike } from '../../src/wire/types.js';

/** A turn's replies by step (1 + the assistant messages before the request), each as its reads. */
export type RecordedReplies = Map<number, string[]>;

const stepOf = (messages: readonly { role: string }[]) => 1 + messages.filter((m) => m.role === 'assistant').length;

/** `model` as a fetch that also records each streamed reply's reads into `into`. */
export function recordingFetch(model: FetchLike, into: RecordedReplies): FetchLike {
  return async (input, init) => {
    const response = await model(input, init);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as ChatRequest) : undefined;
    if (body === undefined || response.body === null || !response.ok) return response;
    const texts: string[] = [];
    into.set(stepOf(body.messages), texts);
    const decoder = new TextDecoder();
    const tee = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(bytes, controller) {
          texts.push(decoder.decode(bytes, { stream: true }));
          controller.enqueue(bytes);
        },
      }),
    );
    return new Response(tee, { status: response.status, headers: response.headers });
  };
}

const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

async function* reads(texts: readonly string[]): AsyncGenerator<string> {
  for (const text of texts) {
    await nextTask();
    yield text;
  }
}

/** A client answering each request from `replies` (its step's reads, one per task). */
export function replayingClient(replies: RecordedReplies): ChatClient {
  return {
    stream(request, options) {
      const texts = replies.get(stepOf(request.messages));
      if (texts === undefined) throw new Error(`no recorded reply for step ${stepOf(request.messages)}`);
      return readChatCompletionStream(reads(texts), { signal: options?.signal, beforeDecode: options?.beforeDecode });
    },
    complete: () => Promise.reject(new Error('the recorded model streams only')),
  };
}
