// The conversation panel: one element per turn item, created once and updated in place as its
// block grows, so streaming text, folding reasoning and tool cards never flicker.
import { h, setText } from './dom.js';
import type { ToolStatus, TurnItem } from './turn-items.js';

export interface ConversationActions {
  approve(): void;
  reject(feedback: string): void;
}

interface Entry {
  item: TurnItem;
  el: HTMLElement;
  update(item: TurnItem): void;
  /** True once, right after the entry started waiting for the person's approval. */
  takeApprovalRequest?(): boolean;
}

const STATUS_LABEL: Record<ToolStatus, string> = {
  streaming: 'writing…',
  ready: 'ready',
  'awaiting-approval': 'needs approval',
  running: 'running…',
  done: 'done',
  error: 'error',
  rejected: 'rejected',
  skipped: 'skipped',
  'cut-off': 'cut off',
};

/** Parameters whose values are long text: shown as a block, not inline. */
const LONG_PARAMS = new Set(['content', 'diff', 'result', 'question']);

function textEntry(item: Extract<TurnItem, { kind: 'text' }>): Entry {
  const el = h('div', { class: 'block text', 'data-testid': 'block-text' });
  const update = (i: TurnItem) => {
    if (i.kind !== 'text') return;
    setText(el, i.text);
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
    if (i.kind === 'hidden-reasoning') setText(el, `Thought for ${i.tokens} tokens (the model does not show its thinking)`);
  };
  update(item);
  return { item, el, update };
}

function toolEntry(item: Extract<TurnItem, { kind: 'tool' }>, actions: ConversationActions): Entry {
  const name = h('span', { class: 'tool-name' });
  const badge = h('span', { class: 'badge' });
  const native = h('span', { class: 'badge subtle' }, 'native call');
  const params = h('dl', { class: 'params' });
  const result = h('pre', { class: 'result', 'data-testid': 'tool-result', tabindex: 0 });
  const feedback = h('input', {
    type: 'text',
    class: 'feedback',
    placeholder: 'Feedback for the model (optional)',
    'aria-label': 'Feedback for the model, sent with Reject (optional)',
    'data-testid': 'reject-feedback',
  });
  const approve = h('button', { type: 'button', class: 'approve', 'data-testid': 'approve' }, 'Approve');
  const reject = h('button', { type: 'button', class: 'reject', 'data-testid': 'reject' }, 'Reject');
  // What the person typed, shown on the rejected card (the model gets it wrapped in its own note).
  let sentFeedback: string | undefined;
  approve.addEventListener('click', () => actions.approve());
  reject.addEventListener('click', () => {
    sentFeedback = feedback.value.trim();
    actions.reject(feedback.value);
  });
  const approval = h('div', { class: 'approval' }, feedback, reject, approve);
  const el = h('div', { class: 'block tool-card', 'data-testid': 'tool-card', role: 'group' }, h('div', { class: 'tool-head' }, name, native, badge), params, approval, result);
  const paramEls = new Map<string, HTMLElement>();
  let awaited = false;
  let approvalRequested = false;

  const update = (i: TurnItem) => {
    if (i.kind !== 'tool') return;
    setText(name, i.name);
    el.setAttribute('aria-label', `${i.name}: ${STATUS_LABEL[i.status]}`);
    native.hidden = !i.native;
    setText(badge, STATUS_LABEL[i.status]);
    badge.className = `badge status-${i.status}`;
    el.dataset.tool = i.name;
    el.dataset.status = i.status;
    for (const [key, value] of Object.entries(i.params)) {
      let v = paramEls.get(key);
      if (!v) {
        v = LONG_PARAMS.has(key) ? h('pre', { class: 'param-long', tabindex: 0 }) : h('code', {});
        v.dataset.param = key;
        params.append(h('dt', {}, key), h('dd', {}, v));
        paramEls.set(key, v);
      }
      setText(v, value);
    }
    const awaiting = i.status === 'awaiting-approval';
    approval.hidden = !awaiting;
    approve.disabled = !awaiting;
    reject.disabled = !awaiting;
    if (awaiting && !awaited) approvalRequested = true;
    awaited ||= awaiting;
    if (awaiting) el.tabIndex = -1;
    else el.removeAttribute('tabindex');
    result.hidden = i.result === undefined;
    if (i.result !== undefined) setText(result, i.status === 'rejected' ? rejectedNote(sentFeedback) : i.result);
    result.classList.toggle('error', i.isError);
  };
  update(item);
  const takeApprovalRequest = () => {
    const requested = approvalRequested;
    approvalRequested = false;
    return requested;
  };
  return { item, el, update, takeApprovalRequest };
}

/** The rejected card's note: the person's own words, not the note the model gets. */
function rejectedNote(feedback: string | undefined): string {
  if (feedback === undefined) return 'Rejected: it did not run.';
  return feedback === '' ? 'You rejected this; it did not run. No feedback was given.' : `You rejected this; it did not run. Your feedback: ${feedback}`;
}

function completionEntry(item: Extract<TurnItem, { kind: 'completion' }>): Entry {
  const body = h('div', { class: 'completion-text' });
  const el = h('div', { class: 'block completion', 'data-testid': 'completion' }, h('div', { class: 'completion-head' }, 'Task result'), body);
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
  const el = h('div', { class: `divider ${item.tone}`, 'data-testid': item.tone === 'error' ? 'attempt-failed' : 'request-divider' });
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
    clear() {
      container.replaceChildren();
      entries = new Map();
    },
  };
}
