// The event timeline as a list that grows at the bottom; rows already shown are updated in place.
import { h, setText } from './dom.js';
import type { TimelineEntry } from './event-timeline.js';

export interface TimelineView {
  render(entries: readonly TimelineEntry[]): void;
  clear(): void;
}

/** `list` gets one row per entry; `scroller` (the list or a box around it) keeps the newest row in view. */
export function createTimelineView(list: HTMLElement, scroller: HTMLElement = list): TimelineView {
  const rows = new Map<number, { at: HTMLElement; event: HTMLElement; states: HTMLElement }>();
  return {
    render(entries) {
      const stick = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 24;
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
