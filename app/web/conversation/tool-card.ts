// A tool use in the conversation: its parameters as they stream (long ones without re-layout, a
// command whole with its hidden characters shown), Approve / Reject while the machine waits, the
// change a write or replace would make as a diff against the workspace, then the result.
import { PREVIEWED_TOOLS } from '../../tools/files/change-preview.js';
import { dialectBadge, dialectNote } from '../../ui/dialect-label.js';
import { runsCodeLater } from '../../tools/files/protected-paths.js';
import type { ConversationActions, Entry, ChangePreviewResult } from './conversation-entry.js';
import { diffSummary, renderDiff } from '../files/diff-view.js';
import { h, setText } from '../dom.js';
import { createLongTextView, type LongTextView } from './long-text-view.js';
import { setRevealed } from './revealed-text.js';
import type { ToolStatus, TurnItem } from './turn-items.js';

type ToolItem = Extract<TurnItem, { kind: 'tool' }>;

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
/** Parameters a person must read whole before approving: every line, hidden characters shown. */
const WHOLE_PARAMS = new Set(['command']);
const PREVIEWED = new Set<string>(PREVIEWED_TOOLS);

/** The rejected card's note: the person's own words, not the note the model gets. */
export function rejectedNote(feedback: string | undefined): string {
  if (feedback === undefined) return 'Rejected: it did not run.';
  return feedback === ''
    ? 'You rejected this; it did not run. No feedback was given.'
    : `You rejected this; it did not run. Your feedback: ${feedback}`;
}

function changeHeading(status: ToolStatus): string {
  if (status === 'awaiting-approval') return 'Change to approve';
  if (status === 'rejected') return 'Rejected change (not written)';
  if (status === 'error') return 'Change (the tool failed)';
  return 'Approved change';
}

interface ParamView {
  dt: HTMLElement;
  dd: HTMLElement;
  set(value: string): void;
}

function paramView(key: string): ParamView {
  const dt = h('dt', {}, key);
  if (LONG_PARAMS.has(key)) {
    const view: LongTextView = createLongTextView({ class: 'param-long', 'data-param': key, 'aria-label': key });
    return { dt, dd: h('dd', {}, view.element), set: (v) => view.set(v) };
  }
  if (WHOLE_PARAMS.has(key)) {
    const value = h('pre', { class: 'param-whole', 'data-param': key, tabindex: 0, 'aria-label': key });
    const warning = h('p', { class: 'hidden-warning', 'data-testid': 'hidden-warning', hidden: true });
    return {
      dt,
      dd: h('dd', {}, value, warning),
      set(v) {
        const hidden = setRevealed(value, v);
        const lines = v.split('\n').length;
        warning.hidden = hidden === 0 && lines === 1;
        const parts = [
          lines > 1 ? `${lines} lines: every one runs` : '',
          hidden > 0 ? `${hidden} hidden character${hidden === 1 ? '' : 's'} shown as ⟨U+…⟩` : '',
        ].filter((p) => p !== '');
        setText(warning, parts.join(' · '));
      },
    };
  }
  const value = h('code', { 'data-param': key });
  return { dt, dd: h('dd', {}, value), set: (v) => void setRevealed(value, v) };
}

/** Approve / Reject with the feedback box, and the note saying how a recovered call was read. */
function approvalControls(actions: ConversationActions) {
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
  // Once decided, the preview stays as approved: the write that follows must not redraw it as "no change".
  let decided = false;
  approve.addEventListener('click', () => {
    decided = true;
    actions.approve();
  });
  reject.addEventListener('click', () => {
    decided = true;
    sentFeedback = feedback.value.trim();
    actions.reject(feedback.value);
  });
  // Beside the buttons: how a recovered call was read, so the approval is given knowing it.
  const approvalDialect = h('p', { class: 'approval-dialect', 'data-testid': 'approval-dialect', hidden: true });
  const approval = h('div', { class: 'approval' }, approvalDialect, feedback, reject, approve);
  return { approval, approvalDialect, approve, reject, decided: () => decided, sentFeedback: () => sentFeedback };
}

/** The card's head: the tool's name, its label, whether it was a native call, which dialect it was recovered from, its status. */
function showHead(
  i: ToolItem,
  parts: {
    el: HTMLElement;
    name: HTMLElement;
    native: HTMLElement;
    dialect: HTMLElement;
    badge: HTMLElement;
    approvalDialect: HTMLElement;
  },
) {
  const { el, name, native, dialect, badge, approvalDialect } = parts;
  setText(name, i.name);
  el.setAttribute(
    'aria-label',
    `${i.name}${i.params.path !== undefined ? ` ${i.params.path}` : ''}${i.dialect !== undefined ? ` (${i.dialect})` : ''}: ${STATUS_LABEL[i.status]}`,
  );
  native.hidden = !i.native;
  const recovered = dialectBadge(i.dialect);
  dialect.hidden = recovered === undefined;
  setText(dialect, recovered ?? '');
  const note = dialectNote(i.dialect);
  dialect.title = note ?? '';
  approvalDialect.hidden = note === undefined;
  setText(approvalDialect, note === undefined ? '' : `This call was ${note}.`);
  setText(badge, STATUS_LABEL[i.status]);
  badge.className = `badge status-${i.status}`;
  el.dataset.tool = i.name;
  el.dataset.status = i.status;
}

/** Each parameter as it streams: a view made the first time it appears, set each time. */
function showParams(i: ToolItem, params: HTMLElement, paramViews: Map<string, ParamView>) {
  for (const [key, value] of Object.entries(i.params)) {
    let view = paramViews.get(key);
    if (!view) {
      view = paramView(key);
      params.append(view.dt, view.dd);
      paramViews.set(key, view);
    }
    view.set(value);
  }
}

/** The change a write would make, as a diff (the raw parameter it came from hidden), or why there is none. */
function renderPreview(
  change: HTMLElement,
  changeHead: HTMLElement,
  preview: ChangePreviewResult,
  paramViews: Map<string, ParamView>,
) {
  change.hidden = false;
  change.replaceChildren(changeHead);
  if (preview.ok) {
    change.dataset.change = preview.diff.change;
    change.append(
      h(
        'div',
        { class: 'change-summary', 'data-testid': 'change-summary' },
        `${preview.diff.path}: ${diffSummary(preview.diff)}`,
      ),
      renderDiff(preview.diff).element,
    );
    // The diff shows the change itself; the raw parameter it came from is not repeated.
    for (const key of ['content', 'diff']) {
      const view = paramViews.get(key);
      if (view) view.dt.hidden = view.dd.hidden = true;
    }
  } else {
    change.dataset.change = 'none';
    change.append(h('p', { class: 'change-error', 'data-testid': 'change-error' }, `No preview: ${preview.message}`));
  }
}

export function toolEntry(item: ToolItem, actions: ConversationActions): Entry {
  const name = h('span', { class: 'tool-name' });
  const badge = h('span', { class: 'badge' });
  const native = h('span', { class: 'badge subtle' }, 'native call');
  // A call recovered from another dialect (Hermes, GLM, …) says which, here and while it awaits approval.
  const dialect = h('span', { class: 'badge subtle dialect', 'data-testid': 'tool-dialect', hidden: true });
  const params = h('dl', { class: 'params' });
  const changeHead = h('div', { class: 'change-head' });
  const change = h('section', { class: 'change', 'data-testid': 'change', hidden: true }, changeHead);
  const result = createLongTextView({ class: 'result', 'data-testid': 'tool-result', 'aria-label': 'Result' });
  const decision = approvalControls(actions);
  const { approval, approvalDialect, approve, reject } = decision;
  // A write to a file that runs code later (a git hook, .envrc, package.json, …) says so above the buttons.
  const runsLater = h('p', { class: 'runs-later-warning', 'data-testid': 'runs-later-warning', hidden: true });
  const el = h(
    'div',
    { class: 'block tool-card', 'data-testid': 'tool-card', role: 'group' },
    h('div', { class: 'tool-head' }, name, native, dialect, badge),
    params,
    change,
    runsLater,
    approval,
    result.element,
  );
  const paramViews = new Map<string, ParamView>();
  let current = item;
  let awaited = false;
  let approvalRequested = false;
  let previewTicket = 0;

  const showPreview = (preview: ChangePreviewResult) => {
    renderPreview(change, changeHead, preview, paramViews);
    if (document.activeElement === el) approval.scrollIntoView({ block: 'nearest' });
  };
  const requestPreview = () => {
    const ticket = ++previewTicket;
    const { name: tool, params: values } = current;
    void actions.preview({ name: tool, params: values }).then(
      (preview) => ticket === previewTicket && showPreview(preview),
      (error: unknown) => ticket === previewTicket && showPreview({ ok: false, message: String(error) }),
    );
  };

  const update = (i: TurnItem) => {
    if (i.kind !== 'tool') return;
    current = i;
    showHead(i, { el, name, native, dialect, badge, approvalDialect });
    showParams(i, params, paramViews);
    const awaiting = i.status === 'awaiting-approval';
    const reason = PREVIEWED.has(i.name) && i.params.path !== undefined ? runsCodeLater(i.params.path) : undefined;
    runsLater.hidden = reason === undefined;
    if (reason)
      setText(runsLater, `⚠ ${i.params.path} runs code later, outside the sandbox (${reason.rule}): ${reason.why}.`);
    approval.hidden = !awaiting;
    approve.disabled = !awaiting;
    reject.disabled = !awaiting;
    if (awaiting && !awaited) {
      approvalRequested = true;
      if (PREVIEWED.has(i.name)) requestPreview();
    }
    awaited ||= awaiting;
    if (awaiting) el.tabIndex = -1;
    else el.removeAttribute('tabindex');
    setText(changeHead, changeHeading(i.status));
    result.element.hidden = i.result === undefined;
    if (i.result !== undefined) result.set(i.status === 'rejected' ? rejectedNote(decision.sentFeedback()) : i.result);
    result.element.classList.toggle('error', i.isError);
  };
  update(item);
  return {
    item,
    el,
    update,
    takeApprovalRequest() {
      const requested = approvalRequested;
      approvalRequested = false;
      return requested;
    },
    refreshPreview() {
      if (!decision.decided() && current.status === 'awaiting-approval' && PREVIEWED.has(current.name))
        requestPreview();
    },
  };
}
