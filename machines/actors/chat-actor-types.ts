// The chat actor's contract: its input, the command it takes and the events it sends back.
import type { ChatError } from '../../src/wire/errors.js';
import type { ChatClient, ChatRequest, ChatStreamEvent } from '../../src/wire/types.js';

/** Sent by the machine: cancel the stream (the model writes on past the drain's limit). */
export type ChatActorCommand = { type: 'STOP' };

/**
 * Events the chat actor has read but not yet sent (they wait for a slice of the flush scheduler, to go as one
 * batch). The machine keeps one per reply and reads it when it closes the reply: a stopped actor
 * (STOP, or the machine left the request) sends nothing more, and what it already read belongs
 * to this reply and must not be lost.
 */
export interface ChatBacklog {
  events: ChatStreamEvent[];
}

/** Events the chat actor sends: stream events (coalesced), the end, or a typed error. */
export type ChatActorEvent =
  | { type: 'CHAT.CHUNKS'; events: ChatStreamEvent[] }
  | { type: 'CHAT.END' }
  | { type: 'CHAT.ERROR'; error: ChatError };

/** What the `chat` actor is started with: the client and the request to stream (swap the actor with `.provide()` to stream from elsewhere). */
export interface ChatActorInput {
  client: ChatClient;
  request: ChatRequest;
  /** Where read events wait for their batch; the machine reads what is left when it stops the actor. */
  backlog?: ChatBacklog;
  /** The room kept for the reply, passed to the client as `replyTokens` (see ChatRequestOptions). */
  replyTokens?: number;
}
