// selectView makes the view of a recorded request once: later snapshots hand back the same
// RequestView object (a view costs the current reply, not the whole turn), retried included.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createAgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import { selectView } from '../../machines/view/select-view.js';
import type { AgentTurnView } from '../../machines/view/turn-view-types.js';
import { createScriptedModel } from '../../scripted/scripted-model.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { TEST_WIRE } from '../support/test-wire.js';

async function views(task: string): Promise<AgentTurnView[]> {
  const client = createChatClient({
    wire: TEST_WIRE,
    baseURL: 'http://scripted.local/v1',
    fetch: createScriptedModel({ pace: 0 }),
  });
  const actor = createAgentTurnActor({
    client,
    model: 'scripted',
    messages: [{ role: 'user', content: task }],
    tools: { list_files: () => 'README.md', read_file: () => '# Demo\n', write_to_file: () => 'ok' },
    retry: { delaysMs: [0] },
  });
  const seen: AgentTurnView[] = [];
  actor.subscribe((snapshot) => seen.push(selectView(snapshot)));
  const done = toPromise(actor);
  actor.start();
  await done;
  return seen;
}

describe('selectView and recorded requests', () => {
  it('hands back the same RequestView for a recorded request in every later view', async () => {
    const seen = await views('Write notes.md');
    const last = seen.at(-1)!;
    expect(last.requests.length).toBeGreaterThan(2);
    const first = last.requests[0];
    const later = seen.filter((v) => v.requests.length > 1 && v.requests[0].status === 'complete');
    expect(later.length).toBeGreaterThan(3);
    for (const v of later) expect(v.requests[0]).toBe(first);
  });

  it('marks a failed attempt retried once another follows, as a fresh object', async () => {
    const seen = await views('Write notes.md fault:http-500-once');
    const last = seen.at(-1)!;
    expect(last.requests[0].status).toBe('failed');
    expect(last.requests[0].retried).toBe(true);
    expect(last.requests[1].attempt).toBe(1);
    // Before the retry started, the same failure was not yet retried.
    const before = seen.find((v) => v.requests.length === 1 && v.requests[0].status === 'failed');
    expect(before?.requests[0].retried).toBe(false);
    expect(last.requests.at(-1)?.retried).toBe(false);
  });
});
