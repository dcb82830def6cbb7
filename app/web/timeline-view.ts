// The event timeline as a list that grows at the bottom; rows already shown are updated in place.
import { h, setText } from './dom.js';
import type { TimelineEntry } from './event-timeline.js';

export interface TimelineView {
  render(entries: readonly TimelineEntry[]): void;
  clear(): void;
}

export function createTimelineView(list: HTMLElement): TimelineView {
  const rows = new Map<number, { at: HTMLElement; event: HTMLElement; states: HTMLElement }>();
  return {
    render(entries) {
      const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 24;
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
      if (stick) list.scrollTop = list.scrollHeight;
    },
    clear() {
      list.replaceChildren();
      rows.clear();
    },
  };
}
