// The events a turn's actor takes from outside (a UI's APPROVE / REJECT / ABORT, or a test that
// feeds CHAT.* events itself) are checked before the machine sees them: a bad payload is ignored
// with a clear warning in development, never a crash of the turn (or of the Node process, when
// nobody subscribed to errors). REJECT's feedback `null` (what `prompt()` answers on Cancel) is
// no feedback.
import type { AgentTurnEvent } from './agent-turn-types.js';

/** Why an event cannot be taken, e.g. "REJECT: feedback must be a string, got number". */
export type EventProblem = string;

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

/** The problem with one stream event (of a CHAT.CHUNKS batch, or of a restored reply), or undefined. */
export function streamEventProblem(e: unknown, at: number): EventProblem | undefined {
  if (!isObject(e) || typeof e.type !== 'string') return `events[${at}] must be an object with a string type`;
  switch (e.type) {
    case 'text':
    case 'reasoning':
      return typeof e.text === 'string' ? undefined : `events[${at}] (${e.type}): text must be a string`;
    case 'tool-call':
      if (typeof e.index !== 'number' || !Number.isInteger(e.index) || e.index < 0)
        return `events[${at}] (tool-call): index must be a whole number of at least 0`;
      if (typeof e.argumentsDelta !== 'string') return `events[${at}] (tool-call): argumentsDelta must be a string`;
      if (!optionalString(e.id) || !optionalString(e.name))
        return `events[${at}] (tool-call): id and name must be strings when given`;
      if (e.extraContent !== undefined && !isObject(e.extraContent))
        return `events[${at}] (tool-call): extraContent must be an object when given`;
      return undefined;
    case 'usage':
      return isObject(e.usage) ? undefined : `events[${at}] (usage): usage must be an object`;
    case 'finish':
      return typeof e.reason === 'string' ? undefined : `events[${at}] (finish): reason must be a string`;
    case 'reasoning-details':
      return Array.isArray(e.details) ? undefined : `events[${at}] (reasoning-details): details must be an array`;
    default:
      return undefined; // an unknown stream event is ignored by the assembler
  }
}

/**
 * The event as the machine takes it (REJECT's `feedback: null` made absent), or the problem that
 * keeps it out. Events the machine does not know pass: XState ignores them.
 */
export function checkTurnEvent(
  event: unknown,
): { ok: true; event: AgentTurnEvent } | { ok: false; problem: EventProblem } {
  if (!isObject(event) || typeof event.type !== 'string')
    return { ok: false, problem: `an event must be an object with a string type, got ${typeName(event)}` };
  switch (event.type) {
    case 'REJECT': {
      const { feedback, expiredAfterMs } = event;
      if (
        expiredAfterMs !== undefined &&
        (typeof expiredAfterMs !== 'number' || !Number.isFinite(expiredAfterMs) || expiredAfterMs < 0)
      )
        return {
          ok: false,
          problem: `REJECT: expiredAfterMs must be a number of at least 0 (or absent), got ${typeName(expiredAfterMs)} ${String(expiredAfterMs)}`,
        };
      const expired = expiredAfterMs === undefined ? {} : { expiredAfterMs };
      if (feedback === undefined || feedback === null) return { ok: true, event: { type: 'REJECT', ...expired } };
      if (typeof feedback !== 'string')
        return { ok: false, problem: `REJECT: feedback must be a string (or absent), got ${typeName(feedback)}` };
      return { ok: true, event: { type: 'REJECT', feedback, ...expired } };
    }
    case 'CHAT.CHUNKS': {
      if (!Array.isArray(event.events))
        return { ok: false, problem: `CHAT.CHUNKS: events must be an array, got ${typeName(event.events)}` };
      for (let i = 0; i < event.events.length; i++) {
        const problem = streamEventProblem(event.events[i], i);
        if (problem !== undefined) return { ok: false, problem: `CHAT.CHUNKS: ${problem}` };
      }
      return { ok: true, event: event as AgentTurnEvent };
    }
    case 'CHAT.ERROR': {
      const error = event.error;
      if (!isObject(error) || typeof error.code !== 'string' || typeof error.message !== 'string')
        return { ok: false, problem: 'CHAT.ERROR: error must be a ChatError (an object with a code and a message)' };
      return { ok: true, event: event as AgentTurnEvent };
    }
    default:
      return { ok: true, event: event as AgentTurnEvent };
  }
}

/** Says why an event was ignored, in development only (NODE_ENV is not "production"). */
export function warnIgnoredEvent(problem: EventProblem): void {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  if (env?.NODE_ENV === 'production') return;
  console.warn(`agent-turn: an event was ignored: ${problem}`);
}
