// A model step's events as the journal keeps them: the stream's deltas joined where joining
// changes nothing the machine sees at the end. A reply streams as hundreds of small deltas (a word
// or a few characters each); the step's value is serialised into the journal, sent to the server,
// read back and fed to the machine, so each event costs a JSON object on every one of those legs.
// Consecutive text deltas become one, consecutive reasoning deltas one, and a tool-call delta
// that only adds arguments to the call just before it (same index, no id, no name, no opaque
// content) joins that call's delta. Whatever starts a call, and every other event (usage, finish,
// reasoning details), stays where it was: the machine's parser and call assembly read their text
// the same at any cut, so the reply they build is the one the separate deltas build.
import type { ChatStreamEvent } from '../../src/wire/types.js';

type ToolCallEvent = Extract<ChatStreamEvent, { type: 'tool-call' }>;

/** Whether `next` only adds arguments to the call of `last`. */
function continuesCall(last: ToolCallEvent, next: ToolCallEvent): boolean {
  return (
    next.index === last.index && next.id === undefined && next.name === undefined && next.extraContent === undefined
  );
}

/**
 * `events` with consecutive text deltas joined, consecutive reasoning deltas joined, and each
 * tool-call delta that only continues the call before it joined to it. A new list; the events
 * given are not changed.
 *
 * @example
 * ```ts
 * coalesceReplyEvents([{ type: 'text', text: 'Hel' }, { type: 'text', text: 'lo' }, { type: 'finish', reason: 'stop' }]);
 * // [{ type: 'text', text: 'Hello' }, { type: 'finish', reason: 'stop' }]
 * ```
 */
export function coalesceReplyEvents(events: readonly ChatStreamEvent[]): ChatStreamEvent[] {
  const out: ChatStreamEvent[] = [];
  /** Pieces of the event at the end of `out` still to join (joined once, not per delta). */
  let pieces: string[] = [];
  const closeLast = () => {
    if (pieces.length < 2) return;
    const last = out[out.length - 1];
    const joined = pieces.join('');
    if (last.type === 'tool-call') out[out.length - 1] = { ...last, argumentsDelta: joined };
    else if (last.type === 'text' || last.type === 'reasoning') out[out.length - 1] = { type: last.type, text: joined };
  };
  for (const event of events) {
    const last = out.length > 0 ? out[out.length - 1] : undefined;
    if (last !== undefined && last.type === event.type) {
      if (event.type === 'text' || event.type === 'reasoning') {
        pieces.push(event.text);
        continue;
      }
      if (event.type === 'tool-call' && continuesCall(last as ToolCallEvent, event)) {
        pieces.push(event.argumentsDelta);
        continue;
      }
    }
    closeLast();
    out.push(event);
    pieces =
      event.type === 'text' || event.type === 'reasoning'
        ? [event.text]
        : event.type === 'tool-call'
          ? [event.argumentsDelta]
          : [];
  }
  closeLast();
  return out;
}
