// The timeline of machine events, fed by XState's inspection API: each event the turn's actor
// received, the states it passed through (one per microstep), and runs of the same event that
// changed nothing merged into one row ("CHAT.CHUNKS ×24").
import { describeEvent, pathOfId } from '../diagram/state-graph.js';

export interface TimelineEntry {
  id: number;
  /** Milliseconds since the turn started. */
  at: number;
  event: string;
  count: number;
  /** States entered while handling the event, in order (leaf paths). */
  states: string[];
  tone: 'external' | 'internal' | 'error';
}

export interface StepTransition {
  from: string;
  to: string;
}

/** The fields of XState's inspection events this file reads. */
export interface InspectionLike {
  type: string;
  actorRef?: { sessionId?: string };
  event?: { type?: string };
  snapshot?: { value?: unknown };
  _transitions?: readonly { source?: { id: string }; target?: readonly { id: string }[] }[];
}

const PERSON_EVENTS = new Set(['APPROVE', 'REJECT', 'ABORT']);

function toneOf(type: string): TimelineEntry['tone'] {
  if (PERSON_EVENTS.has(type)) return 'external';
  if (type.includes('ERROR') || type.startsWith('xstate.error')) return 'error';
  return 'internal';
}

function leafPath(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? [];
    return key === undefined ? '' : `${key}.${leafPath(child)}`.replace(/\.$/, '');
  }
  return '';
}

export interface EventTimeline {
  /** Feed every inspection event; answers whether the timeline or the step changed. */
  inspect(event: InspectionLike): boolean;
  entries(): readonly TimelineEntry[];
  /** Transitions of the last finished macrostep (for the diagram). */
  lastStep(): readonly StepTransition[];
  /** The root actor's current leaf state path. */
  state(): string;
}

export function createEventTimeline(options: {
  rootId: string;
  sessionId: () => string | undefined;
  now: () => number;
}): EventTimeline {
  const start = options.now();
  const list: TimelineEntry[] = [];
  let nextId = 1;
  let current: TimelineEntry | undefined;
  let merged = false;
  let step: StepTransition[] = [];
  let lastStep: StepTransition[] = [];
  let state = '';

  const isRoot = (e: InspectionLike) => {
    const id = options.sessionId();
    return id !== undefined && e.actorRef?.sessionId === id;
  };

  return {
    inspect(e) {
      if (!isRoot(e)) return false;
      if (e.type === '@xstate.event') {
        const raw = e.event?.type ?? '?';
        const name = raw.startsWith('xstate.') && raw !== 'xstate.init' ? describeEvent(raw).event : raw;
        const last = list[list.length - 1];
        step = [];
        if (last && last.event === name && last.states.length === 0 && !PERSON_EVENTS.has(raw)) {
          last.count++;
          current = last;
          merged = true;
        } else {
          current = {
            id: nextId++,
            at: Math.round(options.now() - start),
            event: name,
            count: 1,
            states: [],
            tone: toneOf(raw),
          };
          list.push(current);
          merged = false;
        }
        return true;
      }
      if (e.type === '@xstate.microstep') {
        for (const t of e._transitions ?? []) {
          const from = t.source ? pathOfId(options.rootId, t.source.id) : '';
          for (const target of t.target ?? []) step.push({ from, to: pathOfId(options.rootId, target.id) });
        }
        const leaf = leafPath(e.snapshot?.value);
        if (current && leaf !== state) {
          if (merged) {
            // The merged run ends here: this occurrence changed the state, so it gets its own row.
            current.count--;
            current = {
              id: nextId++,
              at: Math.round(options.now() - start),
              event: current.event,
              count: 1,
              states: [],
              tone: current.tone,
            };
            list.push(current);
            merged = false;
          }
          current.states.push(leaf);
          state = leaf;
        }
        return false;
      }
      if (e.type === '@xstate.snapshot') {
        const leaf = leafPath(e.snapshot?.value);
        if (current && leaf !== state && !merged) current.states.push(leaf);
        state = leaf;
        lastStep = step;
        step = [];
        return true;
      }
      return false;
    },
    entries: () => list,
    lastStep: () => lastStep,
    state: () => state,
  };
}
