// The README's React quick start (examples/react/quick-start.tsx) runs: a whole turn against the
// scripted model, the write approved by a click, the turn completed.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Agent } from '../../../examples/react/quick-start.js';

afterEach(cleanup);

it('runs a turn to its end, the write approved with a click', async () => {
  const { container } = render(<Agent />);
  fireEvent.click(screen.getByText('Run'));
  fireEvent.click(await screen.findByText('Approve', {}, { timeout: 10_000 }));
  await waitFor(() => expect(container.textContent).toMatch(/completed: /), { timeout: 10_000 });
  const done = [...container.querySelectorAll('[data-block="tool_use"][data-status="done"] strong')].map(
    (e) => e.textContent,
  );
  expect(done).toContain('write_to_file');
  expect(screen.queryByText('Stop')).toBeNull();
});
