// The earlier turns of a conversation in the panel, above the live one. A turn that ends keeps
// its elements: when the next message starts, they move here as they are (reasoning, tool cards,
// diffs and all). After a reload the turns come back from the saved log, shorter: the message,
// the tools used, the result and the outcome. Notices (what an undo restored, a compaction) sit
// between the turns, in order.
import { h } from '../dom.js';
import type { ConversationLogEntry } from '../conversation/page-conversation.js';

export interface TurnArchive {
  /** Moves the live turn's elements (its message, blocks, outcome, notices) into one earlier turn. */
  keepLiveTurn(live: { message: HTMLElement; blocks: HTMLElement; outcome: HTMLElement; notices: HTMLElement }): void;
  /** Draws a saved log (after a reload). */
  restore(log: readonly ConversationLogEntry[]): void;
  /** A notice element, for the live turn's notices; with `detail`, one line that opens to show it. */
  noticeElement(text: string, tone: 'ok' | 'notice', detail?: string): HTMLElement;
  clear(): void;
}

/** A copy of a live element for the archive: no id, and its own test id (the live one stays unique). */
function archivedCopy(el: HTMLElement, testId: string): HTMLElement {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.removeAttribute('id');
  copy.dataset.testid = testId;
  return copy;
}

export function createTurnArchive(container: HTMLElement): TurnArchive {
  const noticeElement = (text: string, tone: 'ok' | 'notice', detail?: string) =>
    detail === undefined
      ? h('div', { class: `conversation-notice ${tone}`, 'data-testid': 'conversation-notice', role: 'note' }, text)
      : // One line, opened for the whole text (a compaction's summary).
        h(
          'details',
          { class: `conversation-notice ${tone}`, 'data-testid': 'conversation-notice' },
          h('summary', {}, text),
          h('div', { class: 'notice-detail', 'data-testid': 'notice-detail' }, detail),
        );
  const turnSection = (...children: Node[]) =>
    h('section', { class: 'earlier-turn', 'data-testid': 'earlier-turn', 'aria-label': 'Earlier turn' }, ...children);
  return {
    keepLiveTurn({ message, blocks, outcome, notices }) {
      const section = turnSection();
      if (!message.hidden) section.append(archivedCopy(message, 'user-message'));
      section.append(...blocks.childNodes);
      if (!outcome.hidden) section.append(archivedCopy(outcome, 'turn-outcome'));
      section.append(...notices.childNodes);
      if (section.childElementCount > 0) container.append(section);
    },
    restore(log) {
      container.replaceChildren();
      let section: HTMLElement | undefined;
      for (const entry of log) {
        if (entry.kind === 'notice') {
          const notice = noticeElement(entry.text, entry.tone, entry.detail);
          if (section) section.append(notice);
          else container.append(turnSection(notice));
          continue;
        }
        section = turnSection(
          h('div', { class: 'user-task', 'data-testid': 'user-message' }, entry.task),
          ...(entry.tools.length > 0
            ? [
                h(
                  'div',
                  { class: 'restored-tools', 'data-testid': 'restored-tools' },
                  `Tools: ${entry.tools.join(', ')}`,
                ),
              ]
            : []),
          ...(entry.result !== undefined
            ? [
                h(
                  'div',
                  { class: 'block completion', 'data-testid': 'completion' },
                  h('div', { class: 'completion-head' }, 'Task result'),
                  h('div', { class: 'completion-text' }, entry.result),
                ),
              ]
            : []),
          h(
            'div',
            { class: `outcome ${entry.tone}`, 'data-testid': 'turn-outcome', 'data-reason': entry.reason },
            entry.outcome,
          ),
        );
        section.classList.add('restored');
        container.append(section);
      }
    },
    noticeElement,
    clear() {
      container.replaceChildren();
    },
  };
}
