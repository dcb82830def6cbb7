// The conversation's modes in the page, as the CLI cycles them with Shift+Tab (its
// permission-mode.ts, reused here): the default (writes and commands asked as the checkbox says),
// auto-accept edits (file edits run without asking; commands still asked) and plan mode (the
// turn's `mode: 'plan'`: only reading tools run). A button cycles them and /plan toggles plan
// mode; once a turn in plan mode completes with its plan, the page asks to carry it out — approved,
// it leaves plan mode and the next turn does the work.
import type { AgentTurnOutput, PersistedAgentTurn, TurnMode } from 'agent-turn';
import {
  approvalInMode,
  type ConversationMode,
  modeLine,
  nextMode,
  planApprovedMessage,
} from '../../cli/conversation/permission-mode.js';
import { h, setText } from '../dom.js';

/** What a turn started in `mode` is given: the library's mode and the tools that wait for a person. */
export function turnModeSettings(
  mode: ConversationMode,
  approval: readonly string[],
): { mode: TurnMode; approval: string[] } {
  return { mode: mode === 'plan' ? 'plan' : 'default', approval: approvalInMode(mode, approval) };
}

/**
 * The mode a turn resumed after a reload goes on in: plan mode when its record says it was
 * planning (the resumed turn's options are the caller's, so the page gives it again — the record
 * can only make it stricter), else the default.
 */
export function resumedMode(record: PersistedAgentTurn): ConversationMode {
  return record.turn.options?.mode === 'plan' ? 'plan' : 'default';
}

/** The button's label for a mode (the CLI's prompt marks, in words). */
const LABEL: Record<ConversationMode, string> = {
  default: 'Mode: default',
  'accept-edits': '⏵⏵ Accept edits',
  plan: '⏸ Plan mode',
};

/** The page's line for a mode: the CLI's, with the page's control named instead of Shift+Tab. */
function pageModeLine(mode: ConversationMode): string {
  return modeLine(mode).replace(
    /\(Shift\+Tab( or \/plan)?( to leave| for [^)]+)?\)/,
    (_, __, rest: string | undefined) =>
      rest === ' to leave' ? '(the Mode button or /plan to leave)' : '(the Mode button cycles the modes)',
  );
}

export interface ModeControlSetup {
  /** The button that cycles the modes. */
  button: HTMLButtonElement;
  /** Where the mode's line is shown. */
  line: HTMLElement;
  /** Where the question about a presented plan goes (under the live turn). */
  notices: HTMLElement;
  /** Runs `text` as the conversation's next message. */
  send(text: string): void;
  /** Says `text` to a screen reader. */
  announce(text: string): void;
}

export interface ModeControl {
  /** The mode the next turn runs in. */
  mode(): ConversationMode;
  /** Sets the mode (the button, its line and the page's `data-mode` follow). */
  set(mode: ConversationMode): void;
  /** /plan: into plan mode, or out of it to the default mode. */
  togglePlan(): void;
  /** A turn started in `ranIn` ended: a completed plan is put to the person. */
  afterTurn(task: string, ranIn: ConversationMode, output: AgentTurnOutput | undefined): void;
  /** A new turn starts: a plan question still open is closed (its buttons off). */
  closeQuestion(): void;
}

/** The mode button and the plan question. */
export function createModeControl(setup: ModeControlSetup): ModeControl {
  let mode: ConversationMode = 'default';
  let question: HTMLElement | undefined;
  const set = (next: ConversationMode) => {
    mode = next;
    setText(setup.button, LABEL[mode]);
    setup.button.dataset.mode = mode;
    setup.button.setAttribute('aria-label', `${LABEL[mode]} (activate for the next mode)`);
    setText(setup.line, pageModeLine(mode));
    document.body.dataset.mode = mode;
  };
  const closeQuestion = () => {
    for (const button of question?.querySelectorAll('button') ?? []) button.disabled = true;
    question = undefined;
  };
  const change = (next: ConversationMode) => {
    set(next);
    setup.announce(pageModeLine(next));
  };
  setup.button.addEventListener('click', () => change(nextMode(mode)));
  set('default');

  /** Asks whether to carry out the plan just presented: in the default mode, with edits accepted, or not yet. */
  const ask = (task: string) => {
    closeQuestion();
    const answer = (next: ConversationMode | undefined) => {
      const asked = question;
      closeQuestion();
      if (!asked) return;
      if (next === undefined) {
        asked.append(
          h('p', { class: 'plan-still' }, 'Still planning: say what to change, or /plan to leave plan mode.'),
        );
        setup.announce('Still planning.');
        return;
      }
      change(next);
      asked.append(h('p', { class: 'plan-approved' }, `✓ Plan approved. ${pageModeLine(next)}`));
      setup.send(planApprovedMessage(task));
    };
    const yes = h('button', { type: 'button', class: 'primary small', 'data-testid': 'plan-approve' }, 'Carry it out');
    const edits = h(
      'button',
      { type: 'button', class: 'small', 'data-testid': 'plan-approve-edits' },
      'Carry it out, and accept edits',
    );
    const no = h('button', { type: 'button', class: 'small', 'data-testid': 'plan-keep' }, 'Keep planning');
    yes.addEventListener('click', () => answer('default'));
    edits.addEventListener('click', () => answer('accept-edits'));
    no.addEventListener('click', () => answer(undefined));
    question = h(
      'div',
      { class: 'plan-question', role: 'group', 'aria-label': 'The plan', 'data-testid': 'plan-question' },
      h('p', {}, 'Carry out this plan?'),
      h('div', { class: 'plan-actions' }, yes, edits, no),
    );
    setup.notices.append(question);
    yes.focus({ preventScroll: true });
    question.scrollIntoView({ block: 'nearest' });
    setup.announce('The plan is ready: carry it out?');
  };

  return {
    mode: () => mode,
    set,
    togglePlan: () => change(mode === 'plan' ? 'default' : 'plan'),
    afterTurn(task, ranIn, output) {
      if (ranIn === 'plan' && mode === 'plan' && output?.reason === 'completed') ask(task);
    },
    closeQuestion,
  };
}
