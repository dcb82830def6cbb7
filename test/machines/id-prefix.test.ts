// The machine takes its call_id prefixes from `idPrefix` when given (a durable runtime draws them
// from its journal); a random nanoid per reply otherwise.
import { describe, expect, it } from 'vitest';
import { runAgentTurn } from '../../machines/machine/agent-turn-actor.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { createScriptedModel } from '../../scripted/scripted-model.js';
import { TEST_WIRE } from '../support/test-wire.js';

const client = () =>
  createChatClient({ wire: TEST_WIRE, baseURL: 'http://scripted.local/v1', fetch: createScriptedModel({ pace: 0 }) });
const setup = {
  model: 'scripted',
  messages: [{ role: 'user' as const, content: 'Write notes.md' }],
  tools: { list_files: () => 'README.md', write_to_file: () => 'ok' },
};

describe('idPrefix', () => {
  it('names every reply and its call ids', async () => {
    const made: string[] = [];
    const out = await runAgentTurn({
      ...setup,
      client: client(),
      idPrefix: () => `reply${made.push(`reply${made.length + 1}`)}`,
    });
    expect(out.reason).toBe('completed');
    const used = out.requests.map((r) => r.idPrefix);
    expect(used.length).toBeGreaterThan(1);
    expect(new Set(used).size).toBe(used.length);
    // Each reply's prefix is one the function made, in the order it made them.
    expect(used.every((p) => made.includes(p))).toBe(true);
    expect(used.map((p) => made.indexOf(p))).toEqual([...used.map((p) => made.indexOf(p))].sort((a, b) => a - b));
    for (const r of out.requests) for (const t of r.toolResults) expect(t.call_id.startsWith(r.idPrefix)).toBe(true);
  });

  it('is a fresh random one per reply by default', async () => {
    const out = await runAgentTurn({ ...setup, client: client() });
    const prefixes = out.requests.map((r) => r.idPrefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const p of prefixes) expect(p).toMatch(/^[\w-]{10}$/);
  });
});
