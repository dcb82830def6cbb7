// The conversation panel: one element per turn item, created once and updated in place as its
// block grows, so streaming text, folding reasoning and tool cards never flicker.
import type { ConversationActions, Entry } from './conversation-entry.js';
import { h, setText } from '../dom.js';
import { renderMarkdownInto } from './markdown-html.js';
import { toolEntry } from './tool-card.js';
import type { TurnItem } from './turn-items.js';

export type { ChangePreviewResult, ConversationActions } from './conversation-entry.js';

function textEntry(item: Extract<TurnItem, { kind: 'text' }>): Entry {
  const el = h('div', { class: 'block text', 'data-testid': 'block-text' });
  let shown = '';
  let rendered = false;
  const update = (i: TurnItem) => {
    if (i.kind !== 'text' || rendered) return;
    if (!i.partial && renderMarkdownInto(el, i.text)) {
      // Finished: its Markdown, parsed once.
      rendered = true;
      el.classList.add('markdown');
    } else if (i.text.startsWith(shown) && el.lastChild?.nodeType === Node.TEXT_NODE) {
      // Growing: only the new end is added.
      (el.lastChild as Text).appendData(i.text.slice(shown.length));
    } else setText(el, i.text);
    shown = i.text;
    el.classList.toggle('partial', i.partial);
  };
  update(item);
  return { item, el, update };
}

function reasoningEntry(item: Extract<TurnItem, { kind: 'reasoning' }>): Entry {
  const summary = h('summary', {});
  const body = h('div', { class: 'reasoning-text', tabindex: 0 });
  const el = h('details', { class: 'block reasoning', 'data-testid': 'reasoning', open: true }, summary, body);
  let wasPartial = true;
  const update = (i: TurnItem) => {
    if (i.kind !== 'reasoning') return;
    setText(body, i.text);
    setText(summary, i.partial ? `Thinking… (${i.tokens} tokens)` : `Thought for ${i.tokens} tokens`);
    el.dataset.state = i.partial ? 'streaming' : 'folded';
    // Fold once, when thinking ends; later the person may open it again.
    if (wasPartial && !i.partial) el.open = false;
    wasPartial = i.partial;
    if (i.partial) body.scrollTop = body.scrollHeight;
  };
  update(item);
  return { item, el, update };
}

function hiddenReasoningEntry(item: Extract<TurnItem, { kind: 'hidden-reasoning' }>): Entry {
  const el = h('div', { class: 'block reasoning hidden-reasoning', 'data-testid': 'hidden-reasoning' });
  const update = (i: TurnItem) => {
    if (i.kind === 'hidden-reasoning')
      setText(el, `Thought for ${i.tokens} tokens (the model does not show its thinking)`);
  };
  update(item);
  return { item, el, update };
}

function completionEntry(item: Extract<TurnItem, { kind: 'completion' }>): Entry {
  const body = h('div', { class: 'completion-text' });
  const el = h(
    'div',
    { class: 'block completion', 'data-testid': 'completion' },
    h('div', { class: 'completion-head' }, 'Task result'),
    body,
  );
  const update = (i: TurnItem) => {
    if (i.kind !== 'completion') return;
    setText(body, i.result);
    el.classList.toggle('partial', i.partial);
    el.dataset.state = i.partial ? 'streaming' : 'complete';
  };
  update(item);
  return { item, el, update };
}

function dividerEntry(item: Extract<TurnItem, { kind: 'divider' }>): Entry {
  const testId =
    item.tone === 'error' ? 'attempt-failed' : item.tone === 'notice' ? 'context-truncated' : 'request-divider';
  const el = h('div', { class: `divider ${item.tone}`, 'data-testid': testId });
  const update = (i: TurnItem) => {
    if (i.kind === 'divider') setText(el, i.label);
  };
  update(item);
  return { item, el, update };
}

function createEntry(item: TurnItem, actions: ConversationActions): Entry {
  switch (item.kind) {
    case 'text':
      return textEntry(item);
    case 'reasoning':
      return reasoningEntry(item);
    case 'hidden-reasoning':
      return hiddenReasoningEntry(item);
    case 'tool':
      return toolEntry(item, actions);
    case 'completion':
      return completionEntry(item);
    case 'divider':
      return dividerEntry(item);
  }
}

export interface ConversationView {
  /** Updates the panel; returns the tool card that has just started waiting for approval, if any. */
  render(items: readonly TurnItem[]): HTMLElement | undefined;
  /** The workspace changed: change previews waiting for approval are worked out again. */
  refreshPreviews(): void;
  clear(): void;
}

export function createConversationView(container: HTMLElement, actions: ConversationActions): ConversationView {
  let entries = new Map<string, Entry>();
  return {
    render(items) {
      const next = new Map<string, Entry>();
      let approvalCard: HTMLElement | undefined;
      let previous: Element | null = null;
      for (const item of items) {
        let entry = entries.get(item.key);
        if (entry && entry.item.kind !== item.kind) {
          entry.el.remove();
          entry = undefined;
        }
        if (!entry) entry = createEntry(item, actions);
        else if (entry.item !== item) entry.update(item);
        entry.item = item;
        next.set(item.key, entry);
        const want: Element | null = previous ? previous.nextElementSibling : container.firstElementChild;
        if (want !== entry.el) container.insertBefore(entry.el, want);
        previous = entry.el;
        if (entry.takeApprovalRequest?.()) approvalCard ??= entry.el;
      }
      for (const [key, entry] of entries) if (!next.has(key)) entry.el.remove();
      entries = next;
      return approvalCard;
    },
    refreshPreviews() {
      for (const entry of entries.values()) entry.refreshPreview?.();
    },
    clear() {
      container.replaceChildren();
      entries = new Map();
    },
  };
}
