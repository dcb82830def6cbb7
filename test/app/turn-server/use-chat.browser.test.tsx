// `agent-turn serve` driven from Chromium by @ai-sdk/react's own useChat (the page in
// examples/turn-server/chat-page.tsx): a turn that reads, stops at the write's approval, is
// approved with a click and writes; and one whose approved command is stopped with a click (the
// server cancels the turn, the command never finishes). At pace 0 and at a real pace with random
// chunk boundaries; the server runs in a process of its own (turn-server-commands.ts).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { ChatPage } from '../../../examples/turn-server/chat-page.js';

declare module 'vitest/browser' {
  interface BrowserCommands {
    startTurnServer(pace: number, origin: string): Promise<{ id: string; url: string }>;
    turnEnded(id: string, index: number): Promise<{ protocol: string; reason: string }>;
    workspaceFile(id: string, name: string): Promise<string | null>;
    stopTurnServer(id: string): Promise<void>;
  }
}

const PACES = [
  { index: 0, name: 'pace 0' },
  { index: 1, name: 'a real pace with random chunk boundaries' },
];
const WAIT = { timeout: 20_000 };
const started: string[] = [];

afterEach(async () => {
  cleanup();
  for (const id of started.splice(0)) await commands.stopTurnServer(id);
});

/** Responses whose headers came (the server answers a post once it has taken its approvals). */
let responses = 0;
const counting: typeof fetch = async (...args) => {
  const response = await fetch(...args);
  responses++;
  return response;
};

async function pageFor(pace: number) {
  const server = await commands.startTurnServer(pace, location.origin);
  started.push(server.id);
  responses = 0;
  const { container } = render(<ChatPage server={server.url} fetch={counting} />);
  return { server, container };
}

function send(task: string) {
  fireEvent.change(screen.getByLabelText('Task'), { target: { value: task } });
  fireEvent.click(screen.getByText('Send'));
}

const tool = (container: HTMLElement, name: string) => container.querySelector(`[data-tool="${name}"]`);

describe('useChat in Chromium against agent-turn serve', () => {
  for (const pace of PACES) {
    it(`renders the streamed turn, the write approved with a click (${pace.name})`, async () => {
      const { server, container } = await pageFor(pace.index);
      send('Read README.md and write notes.md with what it says');
      fireEvent.click(await screen.findByText('Approve', {}, WAIT));
      // Asked, not yet answered: the read is shown with its output, nothing is written.
      expect(tool(container, 'read_file')?.getAttribute('data-state')).toBe('output-available');
      expect(tool(container, 'read_file')?.textContent).toContain('A tiny project that greets people.');
      const reasoning = [...container.querySelectorAll('[data-part="reasoning"]')].map((e) => e.textContent).join('\n');
      expect(reasoning).toContain('Reading README.md next.');
      await waitFor(
        () => expect(tool(container, 'write_to_file')?.getAttribute('data-state')).toBe('output-available'),
        WAIT,
      );
      await waitFor(() => expect(container.querySelector('main')?.getAttribute('data-status')).toBe('ready'), WAIT);
      expect(await commands.turnEnded(server.id, 0)).toMatchObject({ protocol: 'chat', reason: 'completed' });
      expect(await commands.workspaceFile(server.id, 'notes.md')).toContain('It really ends here.');
      // One assistant message, continued after the approval, its text after the write.
      expect(container.querySelectorAll('[data-role="assistant"]')).toHaveLength(1);
      expect(container.querySelector('[data-role="assistant"]')?.textContent).toContain('notes.md');
      expect(screen.queryByRole('alert')).toBeNull();
    }, 60_000);
  }

  for (const pace of PACES) {
    it(`Stop while the approved command runs cancels the turn on the server (${pace.name})`, async () => {
      const { server, container } = await pageFor(pace.index);
      // 6 s: room for a loaded machine between the approval and the Stop reaching the server.
      send('Run `sleep 6 && echo done > done.txt`');
      fireEvent.click(await screen.findByText('Approve', {}, WAIT));
      // The approval went back, the server took it and goes on (its response began: the command
      // runs; the UI stream has nothing to show until its output): the person presses Stop.
      await waitFor(() => expect(responses).toBe(2), WAIT);
      fireEvent.click(screen.getByText('Stop'));
      expect(await commands.turnEnded(server.id, 0)).toMatchObject({ protocol: 'chat', reason: 'aborted' });
      await waitFor(() => expect(container.querySelector('main')?.getAttribute('data-status')).toBe('ready'), WAIT);
      // Past the command's 6 s: it was killed, so it wrote nothing.
      await new Promise((resolve) => setTimeout(resolve, 6500));
      expect(await commands.workspaceFile(server.id, 'done.txt')).toBeNull();
    }, 60_000);
  }
});
