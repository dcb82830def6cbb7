// The wire view: the reduced SSE lines of each request of the current turn, newest last.
import { h, setText } from './dom.js';
import type { WireRecord } from './wire-tap.js';

export interface WireView {
  show(record: WireRecord): void;
  clear(): void;
}

export function createWireView(container: HTMLElement): WireView {
  const sections = new Map<number, { head: HTMLElement; body: HTMLElement; shown: number }>();
  return {
    show(record) {
      let s = sections.get(record.request);
      if (!s) {
        const head = h('div', { class: 'wire-head' });
        const body = h('pre', { class: 'wire-lines' });
        container.append(h('section', { class: 'wire-request', 'data-testid': 'wire-request' }, head, body));
        s = { head, body, shown: 0 };
        sections.set(record.request, s);
      }
      const more = record.dropped > 0 ? ` · ${record.dropped} more lines not shown` : '';
      setText(
        s.head,
        `POST /chat/completions #${record.request} → ${record.status} · ${record.lines.length} data lines${more}`,
      );
      if (record.lines.length > s.shown) {
        s.body.append(record.lines.slice(s.shown).join('\n') + '\n');
        s.shown = record.lines.length;
      }
    },
    clear() {
      container.replaceChildren();
      sections.clear();
    },
  };
}
