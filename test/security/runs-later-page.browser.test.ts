// Attack (issue 28 §2) on the page: a write to a file that runs code later (a git hook, .envrc,
// package.json, a CI workflow) waits for approval looking like any other write. In Chromium, the
// page's tool card says what runs it, above Approve; an ordinary write gets no such line.
import { describe, expect, it } from 'vitest';
import { toolEntry } from '../../app/web/conversation/tool-card.js';
import type { TurnItem } from '../../app/web/conversation/turn-items.js';

const actions = {
  approve: () => {},
  reject: () => {},
  preview: () => new Promise<never>(() => {}),
};
const write = (path: string): Extract<TurnItem, { kind: 'tool' }> => ({
  key: path,
  kind: 'tool',
  name: 'write_to_file',
  params: { path, content: 'x\n' },
  status: 'awaiting-approval',
  isError: false,
  native: false,
});
const warningOf = (path: string) => {
  const entry = toolEntry(write(path), actions);
  return entry.el.querySelector<HTMLElement>('[data-testid="runs-later-warning"]')!;
};

describe('the page’s approval of a write to a file that runs code later', () => {
  it('names what runs it, above the buttons', () => {
    for (const [path, words] of [
      ['.envrc', /direnv/],
      ['.git/hooks/pre-commit', /git runs hooks/],
      ['package.json', /npm runs its "scripts"/],
      ['.github/workflows/ci.yml', /CI runs the workflows/],
    ] as const) {
      const warning = warningOf(path);
      expect(warning.hidden, path).toBe(false);
      expect(warning.textContent).toMatch(/runs code later, outside the sandbox/);
      expect(warning.textContent).toMatch(words);
      expect(warning.nextElementSibling?.classList.contains('approval')).toBe(true);
    }
  });

  it('says nothing for an ordinary file', () => {
    expect(warningOf('src/index.ts').hidden).toBe(true);
  });
});
