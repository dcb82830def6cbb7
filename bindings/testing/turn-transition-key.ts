// How a replay names what it saw: a transition as a key, a snapshot's state as a dotted id.
import type { TurnSnapshot } from './turn-graph-events.js';

/** A transition as the inspector reports it (the fields a key is made of). */
export interface TransitionLike {
  source: { id: string };
  eventType: string;
  guard?: unknown;
  target?: readonly { id: string }[] | undefined;
}

/** A transition as a key: `source --event [guard]--> targets`. */
export function transitionKey(t: TransitionLike): string {
  const guard =
    typeof t.guard === 'object' && t.guard !== null
      ? (t.guard as { type?: string }).type
      : typeof t.guard === 'string'
        ? t.guard
        : '';
  const target = t.target?.map((n) => n.id).join(',') ?? '(self)';
  return `${t.source.id} --${t.eventType || 'always'}${guard ? ` [${guard}]` : ''}--> ${target}`;
}

/** A snapshot's state as a dotted id (`request.executingTool`). */
export function stateId(s: TurnSnapshot): string {
  return typeof s.value === 'string'
    ? s.value
    : Object.entries(s.value)
        .map(([k, v]) => `${k}.${v as string}`)
        .join();
}
