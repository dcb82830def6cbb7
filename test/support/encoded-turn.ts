// A turn with in-memory tools (a read, then a write that needs approval, answered once its view was seen) on the
// scripted model, its views handed to `onView` as they come: for the encoders' tests.
import { createAgentTurnActor } from '../../machines/index.js';
import { turnViews } from '../../bindings/turn-stream/turn-views.js';
import type { AgentTurnView } from '../../machines/view/index.js';
import { createChatClient } from '../../src/wire/index.js';
import { createScriptedModel } from '../../scripted/index.js';
import { TEST_WIRE } from './test-wire.js';

export async function runEncodedTurn(
  task: string,
  onView: (view: AgentTurnView) => void,
  options: { pace?: 0 | 'real'; seed?: number; approve?: boolean; intervalMs?: number } = {},
): Promise<{ written: Map<string, string> }> {
  const written = new Map<string, string>();
  const fetch = createScriptedModel(
    options.pace === 'real'
      ? { pace: { firstTokenMs: 10, tokenMs: 1, jitterMs: 1 }, randomChunks: true, seed: options.seed ?? 1 }
      : { pace: 0 },
  );
  const actor = createAgentTurnActor({
    client: createChatClient({ wire: TEST_WIRE, baseURL: 'http://scripted.invalid/v1', fetch }),
    model: 'scripted',
    messages: [{ role: 'user', content: task }],
    tools: {
      read_file: async () => 'alpha\nbeta\n',
      write_to_file: async (use) => {
        written.set(use.params.path ?? '', use.params.content ?? '');
        return `wrote ${use.params.path}`;
      },
    },
    approval: ['write_to_file'],
  });
  actor.start();
  for await (const view of turnViews(actor, { intervalMs: options.intervalMs ?? 0 })) {
    onView(view);
    // Answered once the view that asks was seen, as a person answers.
    if (view.phase === 'awaiting-approval')
      actor.send(options.approve === false ? { type: 'REJECT', feedback: 'no' } : { type: 'APPROVE' });
  }
  return { written };
}
