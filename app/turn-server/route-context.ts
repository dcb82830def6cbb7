// What the turn server's routes share: how a turn starts, where the turns are kept, the limits.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentTurnActor } from 'agent-turn';
import type { ChatMessage } from 'agent-turn';
import { createServerTurn, type ServerTurn } from './server-turn.js';
import type { TurnRegistry } from './turn-registry.js';

/** Makes a turn's actor (not started) from the conversation so far and the person's new message. */
export type StartTurn = (history: ChatMessage[], task: string) => AgentTurnActor;

/** How a turn ended, as the server reports it (logs, tests). */
export interface TurnEnd {
  turnId: string;
  /** Which endpoint ran it. */
  protocol: 'ag-ui' | 'chat';
  reason: string;
}

/** What each route gets. */
export interface RouteContext {
  registry: TurnRegistry;
  startTurn: StartTurn;
  /** Least time between two views while a reply streams (turnViews' intervalMs). */
  viewIntervalMs: number;
  onTurnEnd?(end: TurnEnd): void;
}

/** A route: the request, its parsed JSON body, the response, the CORS headers to add. */
export type Route = (
  context: RouteContext,
  body: unknown,
  res: ServerResponse,
  cors: Record<string, string>,
  req: IncomingMessage,
) => Promise<void>;

/** The person's new message (the last one, a user message) and the history before it; undefined if the last is not the person's. */
export function splitTask(messages: ChatMessage[]): { history: ChatMessage[]; task: string } | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'user' || typeof last.content !== 'string' || last.content.trim() === '') return undefined;
  return { history: messages.slice(0, -1), task: last.content };
}

/** Starts a turn for a conversation; undefined when the server runs as many turns as it may. */
export function startServerTurn(
  context: RouteContext,
  key: string,
  protocol: TurnEnd['protocol'],
  split: { history: ChatMessage[]; task: string },
): ServerTurn | undefined {
  const turn = createServerTurn(context.startTurn(split.history, split.task));
  if (!context.registry.add(key, turn)) return undefined;
  const end = turn.actor.subscribe({
    next(snapshot) {
      if (snapshot.status !== 'done') return;
      end.unsubscribe();
      context.onTurnEnd?.({ turnId: turn.id, protocol, reason: snapshot.output?.reason ?? 'unknown' });
    },
    error: () => context.onTurnEnd?.({ turnId: turn.id, protocol, reason: 'crashed' }),
  });
  turn.actor.start();
  return turn;
}

/** Why a request could not start a turn: the HTTP status, a code and a sentence for the client. */
export interface TurnRefusal {
  ok: false;
  status: number;
  code: string;
  message: string;
}

/**
 * Starts a conversation's next turn from the request's messages: refused while its last turn still
 * runs (`running` says so in the protocol's words), without a new user message, or when the server
 * runs as many turns as it may.
 */
export function startNextTurn(
  context: RouteContext,
  key: string,
  protocol: TurnEnd['protocol'],
  current: ServerTurn | undefined,
  messages: ChatMessage[],
  running: string,
): { ok: true; turn: ServerTurn } | TurnRefusal {
  if (current && !current.done) return { ok: false, status: 409, code: 'turn-running', message: running };
  const split = splitTask(messages);
  if (!split)
    return {
      ok: false,
      status: 400,
      code: 'no-user-message',
      message: "The last message must be the user's, with text.",
    };
  const turn = startServerTurn(context, key, protocol, split);
  if (!turn)
    return {
      ok: false,
      status: 503,
      code: 'too-many-turns',
      message: 'The server runs as many turns as it may; try again later.',
    };
  return { ok: true, turn };
}
