// The page's mode control in Chromium: the button cycles default → accept edits → plan as the
// CLI's Shift+Tab does, /plan toggles plan mode, and a completed turn in plan mode puts the plan
// to the person — approved, the page leaves plan mode and sends the CLI's "plan approved" message.
import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentTurnOutput } from 'agent-turn';
import { planApprovedMessage } from '../../../../app/cli/conversation/permission-mode.js';
import { createModeControl } from '../../../../app/web/conversation/mode-control.js';
import { readMessageBox } from '../../../../app/web/page-commands.js';

function mount() {
  document.body.innerHTML = '';
  const button = document.createElement('button');
  const line = document.createElement('span');
  const notices = document.createElement('div');
  document.body.append(button, line, notices);
  const sent: string[] = [];
  const said: string[] = [];
  const control = createModeControl({
    button,
    line,
    notices,
    send: (text) => sent.push(text),
    announce: (text) => said.push(text),
  });
  const question = () => notices.querySelector<HTMLElement>('[data-testid=plan-question]');
  const press = (id: string) => question()?.querySelector<HTMLButtonElement>(`[data-testid=${id}]`)?.click();
  return { button, line, notices, sent, said, control, question, press };
}

const completed = { reason: 'completed' } as AgentTurnOutput;
const TASK = 'Add a --json flag to the CLI';

describe('the mode control', () => {
  let page: ReturnType<typeof mount>;
  beforeEach(() => {
    page = mount();
  });

  it('cycles default → accept edits → plan → default, the button and its line saying which', () => {
    expect(page.control.mode()).toBe('default');
    expect(page.button.textContent).toBe('Mode: default');
    page.button.click();
    expect(page.control.mode()).toBe('accept-edits');
    expect(page.line.textContent).toContain('file edits run without asking');
    page.button.click();
    expect(page.control.mode()).toBe('plan');
    expect(page.button.dataset.mode).toBe('plan');
    expect(document.body.dataset.mode).toBe('plan');
    expect(page.line.textContent).toBe(
      'Plan mode: only reading tools run; the agent plans and presents the plan for you to approve (the Mode button or /plan to leave).',
    );
    expect(page.said.at(-1)).toContain('Plan mode');
    page.button.click();
    expect(page.control.mode()).toBe('default');
    expect(page.line.textContent).not.toContain('Shift+Tab');
  });

  it('/plan is a page command that toggles plan mode', () => {
    expect(readMessageBox('/plan')).toEqual({ kind: 'command', command: { name: 'plan' } });
    page.control.togglePlan();
    expect(page.control.mode()).toBe('plan');
    page.control.togglePlan();
    expect(page.control.mode()).toBe('default');
  });

  it('a completed plan is put to the person; approving it leaves plan mode and sends the work as the next message', () => {
    page.control.set('plan');
    page.control.afterTurn(TASK, 'plan', completed);
    expect(page.question()).not.toBeNull();
    expect(document.activeElement?.getAttribute('data-testid')).toBe('plan-approve');
    page.press('plan-approve');
    expect(page.control.mode()).toBe('default');
    expect(page.sent).toEqual([planApprovedMessage(TASK)]);
    expect(page.question()?.textContent).toContain('✓ Plan approved.');
    // Answered once: its buttons are off.
    expect([...page.question()!.querySelectorAll('button')].every((b) => b.disabled)).toBe(true);
  });

  it('approving with edits accepted carries it out in that mode', () => {
    page.control.set('plan');
    page.control.afterTurn(TASK, 'plan', completed);
    page.press('plan-approve-edits');
    expect(page.control.mode()).toBe('accept-edits');
    expect(page.sent).toEqual([planApprovedMessage(TASK)]);
  });

  it('keep planning: still in plan mode, nothing sent', () => {
    page.control.set('plan');
    page.control.afterTurn(TASK, 'plan', completed);
    page.press('plan-keep');
    expect(page.control.mode()).toBe('plan');
    expect(page.sent).toEqual([]);
    expect(page.question()?.textContent).toContain('Still planning');
  });

  it('no question after a turn outside plan mode, one that did not complete, or once the person left plan mode', () => {
    page.control.afterTurn(TASK, 'default', completed);
    page.control.set('plan');
    page.control.afterTurn(TASK, 'plan', { reason: 'aborted' } as AgentTurnOutput);
    page.control.afterTurn(TASK, 'plan', undefined);
    page.control.set('default');
    page.control.afterTurn(TASK, 'plan', completed);
    expect(page.question()).toBeNull();
  });

  it('a new turn closes a question left open', () => {
    page.control.set('plan');
    page.control.afterTurn(TASK, 'plan', completed);
    page.control.closeQuestion();
    page.press('plan-approve');
    expect(page.sent).toEqual([]);
    expect(page.control.mode()).toBe('plan');
  });
});
