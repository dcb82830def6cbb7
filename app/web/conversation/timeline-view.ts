// The event timeline as a list that grows at the bottom; rows already shown are updated in place.
import { h, setText } from '../dom.js';
import type { TimelineEntry } from './event-timeline.js';

export interface TimelineView {
  /** Whether the newest row is in view: read it before the page changes anything this frame (no forced layout). */
  atEnd(): boolean;
  /** Draws the entries; `follow` keeps the newest row in view (pass what atEnd said). */
  render(entries: readonly TimelineEntry[], follow?: boolean): void;
  clear(): void;
}

/** `list` gets one row per entry; `scroller` (the list or a box around it) keeps the newest row in view. */
export function createTimelineView(list: HTMLElement, scroller: HTMLElement = list): TimelineView {
  const rows = new Map<number, { at: HTMLElement; event: HTMLElement; states: HTMLElement }>();
  const atEnd = () => scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 24;
  return {
    atEnd,
    render(entries, follow) {
      const stick = follow ?? atEnd();
      for (const e of entries) {
        let row = rows.get(e.id);
        if (!row) {
          const at = h('span', { class: 'at' });
          const event = h('span', { class: 'event' });
          const states = h('span', { class: 'states' });
          list.append(h('li', { class: `tone-${e.tone}`, 'data-testid': 'timeline-entry' }, at, event, states));
          row = { at, event, states };
          rows.set(e.id, row);
        }
        setText(row.at, `${(e.at / 1000).toFixed(2)}s`);
        setText(row.event, e.count > 1 ? `${e.event} ×${e.count}` : e.event);
        setText(row.states, e.states.length > 0 ? `→ ${e.states.join(' → ')}` : '');
      }
      if (stick) scroller.scrollTop = scroller.scrollHeight;
    },
    clear() {
      list.replaceChildren();
      rows.clear();
    },
  };
}
