// The earlier turns of the page's conversation, in Chromium: a finished turn's elements move up as
// they are (the live ids stay unique), and a saved log is drawn back in order after a reload.
import { describe, expect, it } from 'vitest';
import { createTurnArchive } from '../../../../app/web/persistence/turn-archive.js';

function live() {
  const message = document.createElement('div');
  message.id = 'user-task';
  message.className = 'user-task';
  message.dataset.testid = 'user-task';
  message.textContent = 'Write notes.md';
  const blocks = document.createElement('div');
  const card = document.createElement('div');
  card.dataset.testid = 'tool-card';
  let clicks = 0;
  card.addEventListener('click', () => clicks++);
  blocks.append(card);
  const outcome = document.createElement('div');
  outcome.id = 'outcome';
  outcome.dataset.testid = 'outcome';
  outcome.textContent = 'Completed in 3 requests.';
  const notices = document.createElement('div');
  document.body.append(message, blocks, outcome, notices);
  return { parts: { message, blocks, outcome, notices }, card, clicks: () => clicks };
}

describe('the earlier turns', () => {
  it('keeps a finished turn as it was drawn, its elements moved (listeners and all) and the live ids left free', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const archive = createTurnArchive(container);
    const { parts, card, clicks } = live();
    parts.notices.append(archive.noticeElement('↶ Undid 1 step: restored notes.md.', 'ok'));
    archive.keepLiveTurn(parts);
    const section = container.querySelector('[data-testid=earlier-turn]');
    if (!section) throw new Error('no earlier turn drawn');
    expect(section.children[0].textContent).toBe('Write notes.md');
    expect(section.children[1]).toBe(card);
    expect((section.children[2] as HTMLElement).dataset.testid).toBe('turn-outcome');
    expect(section.children[3].textContent).toBe('↶ Undid 1 step: restored notes.md.');
    expect(container.querySelectorAll('[id]')).toHaveLength(0);
    expect(parts.blocks.childElementCount).toBe(0);
    expect(parts.notices.childElementCount).toBe(0);
    card.click();
    expect(clicks()).toBe(1);
    // A live turn with nothing shown leaves nothing behind.
    const empty = live();
    empty.parts.message.hidden = true;
    empty.parts.outcome.hidden = true;
    empty.parts.blocks.replaceChildren();
    archive.keepLiveTurn(empty.parts);
    expect(container.querySelectorAll('[data-testid=earlier-turn]')).toHaveLength(1);
  });

  it('draws a saved log in order: turns with their tools, result and outcome, notices under the turn before them', () => {
    const container = document.createElement('div');
    const archive = createTurnArchive(container);
    archive.restore([
      { kind: 'notice', text: 'Nothing to undo.', tone: 'notice' },
      {
        kind: 'turn',
        task: 'Write notes.md',
        reason: 'completed',
        outcome: 'Completed in 3 requests.',
        tone: 'ok',
        result: 'Wrote notes.md.',
        tools: ['list_files .', 'write_to_file notes.md'],
      },
      { kind: 'notice', text: '⋯ 5 earlier messages replaced', tone: 'ok', detail: 'The summary' },
      { kind: 'turn', task: 'Stop', reason: 'aborted', outcome: 'Stopped by you.', tone: 'error', tools: [] },
    ]);
    const sections = [...container.querySelectorAll<HTMLElement>('[data-testid=earlier-turn]')];
    expect(sections.map((s) => [...s.children].map((c) => (c as HTMLElement).dataset.testid))).toEqual([
      ['conversation-notice'],
      ['user-message', 'restored-tools', 'completion', 'turn-outcome', 'conversation-notice'],
      ['user-message', 'turn-outcome'],
    ]);
    expect(sections[1].querySelector('[data-testid=restored-tools]')?.textContent).toBe(
      'Tools: list_files ., write_to_file notes.md',
    );
    const compaction = sections[1].querySelector('details');
    expect(compaction?.querySelector('summary')?.textContent).toBe('⋯ 5 earlier messages replaced');
    expect(compaction?.open).toBe(false);
    expect(sections[2].querySelector<HTMLElement>('[data-testid=turn-outcome]')?.dataset.reason).toBe('aborted');
    archive.clear();
    expect(container.childElementCount).toBe(0);
  });
});
