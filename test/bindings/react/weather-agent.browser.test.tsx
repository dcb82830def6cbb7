// The React page of "Build your own agent" (examples/react/weather-agent.tsx, the block of
// docs/build-your-own-agent.md) runs in Chromium: the defineTool tool waits for Allow, runs with
// typed arguments, and the model's plain answer ends the turn; Refuse keeps the tool from running.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { WeatherAgent } from '../../../examples/react/weather-agent.js';

afterEach(cleanup);

it('asks before get_weather runs, then shows the answer that ended the turn', async () => {
  const { container } = render(<WeatherAgent />);
  fireEvent.click(screen.getByText('Ask'));
  fireEvent.click(await screen.findByText('Allow', {}, { timeout: 10_000 }));
  const answer = await screen.findByText(/^Here is the forecast\./, { selector: 'output' }, { timeout: 10_000 });
  expect(answer.textContent).toBe('Here is the forecast. Lyon: sunny for the next 2 days.');
  const done = [...container.querySelectorAll('[data-block="tool_use"][data-status="done"] strong')].map(
    (e) => e.textContent,
  );
  expect(done).toEqual(['get_weather']);
  expect(screen.queryByText('Allow')).toBeNull();
});

it('a refusal keeps the tool from running and tells the model', async () => {
  const { container } = render(<WeatherAgent />);
  fireEvent.click(screen.getByText('Ask'));
  fireEvent.click(await screen.findByText('Refuse', {}, { timeout: 10_000 }));
  const answer = await screen.findByText(/^Here is the forecast\./, { selector: 'output' }, { timeout: 10_000 });
  expect(answer.textContent).not.toContain('sunny');
  expect(container.querySelector('[data-block="tool_use"][data-status="rejected"]')).not.toBeNull();
});
