// Approvals that survive and expire, on one Restate server: a turn waiting for approval outlives a
// SIGKILLed Restate server (the decision made after the restart lands once); an approval with an
// expiry (the run request's `approvalExpiresAfterMs`, a durable timer) runs on across a killed
// worker and then refuses the tool, the model told; a decision for the expired call, or for a call
// that never was, is refused.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_GATE_STATE, APPROVAL_STATE, type ApprovalGate } from '../../../bindings/restate/index.js';
import { approvalExpiredText } from '../../../machines/machine/turn-notes.js';
import type { ChatRequest } from '../../../src/wire/types.js';
import { startKillableRig, type KillableRig } from './killable-rig.js';
import { attachTurn, decide, journaledSteps, readState, sendTurn } from './turn-ingress.js';

const TASK = 'Run `echo run >> log.txt`, then write notes.md';
const SECRET = 'a-turn-secret-of-24-chars';

let rig: KillableRig;
let onModelRequest: (request: ChatRequest) => void = () => {};
const workspace = () => rig.workspace('agent-turn-approvals-');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForApproval(key: string): Promise<{ callId: string; tool: string }> {
  for (;;) {
    const response = await fetch(`${rig.restate.ingressUrl}/agentTurn/${key}/approval`, { method: 'POST' }).catch(
      () => undefined,
    );
    const pending = response?.ok ? ((await response.json()) as { callId: string; tool: string } | null) : null;
    if (pending !== null) return pending;
    await pause(100);
  }
}

const gateOf = async (key: string) => {
  const value = await readState(rig.restate.adminUrl, 'agentTurn', key, APPROVAL_GATE_STATE);
  return value === undefined ? undefined : (JSON.parse(value) as ApprovalGate);
};

const commandOf = (out: Awaited<ReturnType<typeof attachTurn>>) =>
  out.requests.flatMap((r) => r.toolResults).find((t) => t.name === 'execute_command');

beforeAll(async () => {
  rig = await startKillableRig({ onModelRequest: (request) => onModelRequest(request) });
}, 120_000);

afterAll(() => rig?.stop(), 60_000);

describe('an approval that survives', () => {
  it('a Restate server SIGKILLed while the turn waits: after the restart the decision lands once, the command runs once', async () => {
    const dir = await workspace();
    const id = await sendTurn(rig.restate.ingressUrl, 'server-killed', {
      task: TASK,
      workspace: dir,
      approval: ['execute_command'],
      approvalSecret: SECRET,
    });
    const pending = await waitForApproval('server-killed');
    await rig.restate.kill();
    await pause(1_000);
    await rig.restate.restart();
    // The same call still waits, on the same awakeable.
    expect((await waitForApproval('server-killed')).callId).toBe(pending.callId);
    expect(
      await decide(rig.restate.ingressUrl, 'server-killed', 'approve', { callId: pending.callId, secret: SECRET }),
    ).toEqual({ decided: true, callId: pending.callId });
    const out = await attachTurn(rig.restate.ingressUrl, id);
    expect(out.reason).toBe('completed');
    expect(commandOf(out)?.status).toBe('done');
    expect(await readFile(join(dir, 'log.txt'), 'utf8')).toBe('run\n');
    const steps = await journaledSteps(rig.restate.adminUrl, id);
    expect(steps.filter((s) => /^intent \S+ execute_command$/.test(s))).toHaveLength(1);
    expect(
      await decide(rig.restate.ingressUrl, 'server-killed', 'approve', { callId: pending.callId, secret: SECRET }),
    ).toEqual({ decided: false, reason: 'nothing-waiting' });
    // A turn that waited clears what it published for the wait.
    expect(await gateOf('server-killed')).toBeUndefined();
    expect(await readState(rig.restate.adminUrl, 'agentTurn', 'server-killed', APPROVAL_STATE)).toBeUndefined();
  }, 120_000);
});

describe('an approval that expires', () => {
  it('runs its timer on across a killed worker, then refuses the tool and tells the model; a late decision is refused', async () => {
    const EXPIRES_MS = 4_000;
    const dir = await workspace();
    const told: string[] = [];
    onModelRequest = (request) => {
      for (const message of request.messages)
        if (typeof message.content === 'string' && message.content.includes(approvalExpiredText(EXPIRES_MS)))
          told.push(message.content);
    };
    const id = await sendTurn(rig.restate.ingressUrl, 'expiring', {
      task: TASK,
      workspace: dir,
      approval: ['execute_command'],
      approvalSecret: SECRET,
      approvalExpiresAfterMs: EXPIRES_MS,
    });
    const pending = await waitForApproval('expiring');
    const askedAt = Date.now();
    // A decision for a call that never was: refused, the turn waits on.
    expect(
      await decide(rig.restate.ingressUrl, 'expiring', 'approve', { callId: 'no-such-call', secret: SECRET }),
    ).toEqual({ decided: false, reason: 'other-call' });
    // A payload resolving its awakeable straight through the ingress is refused: a fresh awakeable, the same expiry.
    const first = (await gateOf('expiring'))!;
    await fetch(`${rig.restate.ingressUrl}/restate/awakeables/${first.awakeableId}/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ callId: pending.callId, approve: true, secret: 'guessed-secret-0000' }),
    });
    while ((await gateOf('expiring'))?.awakeableId === first.awakeableId) await pause(100);
    await rig.killAndRestartWorker();
    const out = await attachTurn(rig.restate.ingressUrl, id);
    const endedAt = Date.now();
    onModelRequest = () => {};
    expect(out.reason).toBe('completed');
    // Not before the expiry, and not restarted by the new worker's replay either.
    expect(endedAt - askedAt).toBeGreaterThanOrEqual(EXPIRES_MS - 500);
    expect(commandOf(out)).toMatchObject({ status: 'rejected', content: approvalExpiredText(EXPIRES_MS) });
    expect(told.length).toBeGreaterThan(0);
    await expect(readFile(join(dir, 'log.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await gateOf('expiring')).toBeUndefined();
    // The expired call, decided late: refused as expired; with a wrong secret it is not even told that.
    for (const handler of ['approve', 'reject'] as const)
      expect(
        await decide(rig.restate.ingressUrl, 'expiring', handler, { callId: pending.callId, secret: SECRET }),
      ).toEqual({ decided: false, reason: 'expired' });
    expect(
      await decide(rig.restate.ingressUrl, 'expiring', 'approve', { callId: pending.callId, secret: `${SECRET}x` }),
    ).toEqual({ decided: false, reason: 'nothing-waiting' });
    expect(
      await decide(rig.restate.ingressUrl, 'expiring', 'approve', { callId: 'no-such-call', secret: SECRET }),
    ).toEqual({ decided: false, reason: 'nothing-waiting' });
    await expect(readFile(join(dir, 'log.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);

  it('a decision before the expiry lands as usual; the expiry then never fires', async () => {
    const dir = await workspace();
    const id = await sendTurn(rig.restate.ingressUrl, 'decided-in-time', {
      task: TASK,
      workspace: dir,
      approval: ['execute_command'],
      approvalSecret: SECRET,
      approvalExpiresAfterMs: 60_000,
    });
    const pending = await waitForApproval('decided-in-time');
    expect(
      await decide(rig.restate.ingressUrl, 'decided-in-time', 'approve', { callId: pending.callId, secret: SECRET }),
    ).toEqual({ decided: true, callId: pending.callId });
    const out = await attachTurn(rig.restate.ingressUrl, id);
    expect(out.reason).toBe('completed');
    expect(commandOf(out)?.status).toBe('done');
    expect(await readFile(join(dir, 'log.txt'), 'utf8')).toBe('run\n');
  }, 120_000);

  it.each([
    [-5, 'must be a number of milliseconds above 0 (got -5)'],
    ['30s', 'must be a number of milliseconds above 0 (got string)'],
  ])(
    'an expiry of %j fails the turn at once, saying why',
    async (expiry, words) => {
      const id = await sendTurn(rig.restate.ingressUrl, `bad-expiry-${String(expiry)}`, {
        task: TASK,
        workspace: await workspace(),
        approval: ['execute_command'],
        approvalSecret: SECRET,
        approvalExpiresAfterMs: expiry,
      });
      const response = await fetch(`${rig.restate.ingressUrl}/restate/invocation/${id}/attach`);
      expect(response.ok).toBe(false);
      expect(await response.text()).toContain(`approvalExpiresAfterMs ${words}`);
    },
    60_000,
  );
});
