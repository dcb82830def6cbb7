// The chat actor's contract: its input and the events it sends back. It takes no command: the
// machine stops it by leaving the request state.
import type { ChatError } from '../src/wire/errors.js';
import type { ChatClient, ChatRequest, ChatStreamEvent } from '../src/wire/types.js';

/**
 * Events the chat actor has read but not yet sent (they wait for the next macrotask, to go as one
 * batch). The machine keeps one per reply and reads it when it leaves the stream (ABORT, the
 * completion tool, a rejection, the drain's end): a stopped actor sends nothing more, and what it
 * already read belongs to this reply and must not be lost.
 */
export interface ChatBacklog {
  events: ChatStreamEvent[];
}

/** Events the chat actor sends: stream events (coalesced), the end, or a typed error. */
export type ChatActorEvent =
  | { type: 'CHAT.CHUNKS'; events: ChatStreamEvent[] }
  | { type: 'CHAT.END' }
  | { type: 'CHAT.ERROR'; error: ChatError };

export interface ChatActorInput {
  client: ChatClient;
  request: ChatRequest;
  /** Where read events wait for their batch; the machine reads what is left when it stops the actor. */
  backlog?: ChatBacklog;
}
