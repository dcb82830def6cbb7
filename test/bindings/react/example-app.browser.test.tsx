// The React example (examples/react, `npm run example:react`) in Chromium, in StrictMode, against
// the scripted model at full speed: the write waits with its diff, Approve writes the file and the
// turn completes; Reject with feedback leaves the file alone, and Stop ends the turn.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../examples/react/app.js';

afterEach(cleanup);

const TIMEOUT = { timeout: 10_000 };

async function runToApproval() {
  const page = render(
    <StrictMode>
      <App initialPace="instant" />
    </StrictMode>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Run' }));
  await screen.findByRole('button', { name: 'Approve' }, TIMEOUT);
  const card = page.container.querySelector<HTMLElement>('[data-block="tool_use"][data-status="awaiting-approval"]')!;
  return { page, card };
}

describe('the React example', () => {
  it('shows the write as a diff, and Approve writes it and completes the turn', async () => {
    const { page, card } = await runToApproval();
    expect(screen.getByTestId('phase').dataset.phase).toBe('awaiting-approval');
    await waitFor(() => expect(card.querySelector('figcaption')?.textContent).toMatch(/^notes\.md \(overwrite\)/));
    expect(card.querySelector('[data-kind="remove"]')?.textContent).toContain('# Notes');
    expect(card.querySelectorAll('[data-kind="add"]').length).toBeGreaterThan(2);
    expect(screen.getByTestId('file-content').textContent).toBe('# Notes\n\n- to do: read the README\n');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toMatch(/^Completed: /), TIMEOUT);
    expect(screen.getByTestId('file-content').textContent).toMatch(/^# Notes for: /);
    // every thought folded once complete; the write's card keeps its diff
    const thoughts = [...page.container.querySelectorAll<HTMLDetailsElement>('details.reasoning')];
    expect(thoughts.length).toBeGreaterThan(0);
    expect(thoughts.every((d) => !d.open)).toBe(true);
    expect(card.dataset.status).toBe('done');
    expect(card.querySelector('figcaption')).not.toBeNull();
  });

  it('Reject with feedback leaves the file alone and tells the model', async () => {
    const { card } = await runToApproval();
    fireEvent.change(within(card).getByRole('textbox', { name: 'Feedback for the model' }), {
      target: { value: 'keep my notes' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(card.dataset.status).toBe('rejected'), TIMEOUT);
    expect(within(card).getByText(/keep my notes/)).toBeTruthy();
    expect(screen.getByTestId('file-content').textContent).toBe('# Notes\n\n- to do: read the README\n');
    const stop = screen.getByRole('button', { name: 'Stop' });
    if (!(stop as HTMLButtonElement).disabled) fireEvent.click(stop);
    await waitFor(() => expect(screen.getByTestId('phase').dataset.phase).toBe('finished'), TIMEOUT);
    expect(screen.getByTestId('file-content').textContent).toBe('# Notes\n\n- to do: read the README\n');
  });
});
