// A durable turn survives its worker being killed (SIGKILL) during every model step: a new worker
// takes over, Restate replays the journal, no recorded tool runs again, and the output and the
// files are those of an undisturbed run.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../src/wire/types.js';
import { APPROVAL_GATE_STATE, type ApprovalGate } from '../../../bindings/restate/index.js';
import { startKillableRig, type KillableRig } from './killable-rig.js';
import { attachTurn, decide, journaledSteps, readState, sendTurn, turnView, withoutIds } from './turn-ingress.js';

const TASK = 'Run `echo run >> log.txt`, then write notes.md';

let rig: KillableRig;
let onModelRequest: (request: ChatRequest) => void = () => {};
const workspace = () => rig.workspace('agent-turn-durable-');

/** The model step a request is for: 1 + the assistant messages already in its history. */
function stepOf(request: ChatRequest): number {
  return 1 + request.messages.filter((m) => m.role === 'assistant').length;
}

beforeAll(async () => {
  // Realistic pace (~300 ms to the first token, ~8 ms a token): a kill lands mid-stream.
  rig = await startKillableRig({ onModelRequest: (request) => onModelRequest(request) });
}, 120_000);

afterAll(() => rig?.stop(), 60_000);

describe('a durable turn whose worker is killed', () => {
  it('completes as an undisturbed run does, every recorded command run exactly once', async () => {
    // The undisturbed run.
    const calmDir = await workspace();
    const calm = await attachTurn(
      rig.restate.ingressUrl,
      await sendTurn(rig.restate.ingressUrl, 'calm', { task: TASK, workspace: calmDir }),
    );
    expect(calm.reason).toBe('completed');
    const steps = calm.requests.length;
    expect(calm.requests.flatMap((r) => r.toolResults.map((t) => t.name))).toEqual([
      'list_files',
      'read_file',
      'execute_command',
      'write_to_file',
      'attempt_completion',
    ]);

    // The same turn, its worker killed 400 ms into each model step (the first time the step is
    // asked for), a new worker started on the same address each time.
    const crashDir = await workspace();
    const killedIn = new Set<number>();
    const kills: Promise<void>[] = [];
    let seen = 0;
    onModelRequest = (request) => {
      seen++;
      const step = stepOf(request);
      if (killedIn.has(step)) return;
      killedIn.add(step);
      kills.push(new Promise((resolve) => setTimeout(resolve, 400)).then(() => rig.killAndRestartWorker()));
    };
    const crashId = await sendTurn(rig.restate.ingressUrl, 'crash', { task: TASK, workspace: crashDir });
    const crashed = await attachTurn(rig.restate.ingressUrl, crashId);
    await Promise.all(kills);
    // The journal holds one record per model step and per tool, and one intent for each
    // non-idempotent tool (the command, the write), in the order they ran.
    expect(
      (await journaledSteps(rig.restate.adminUrl, crashId)).map((name) => name.replace(/ [^ ]+ /, ' <call> ')),
    ).toEqual([
      'model 1',
      'tool <call> list_files',
      'model 2',
      'tool <call> read_file',
      'model 3',
      'intent <call> execute_command',
      'tool <call> execute_command',
      'model 4',
      'intent <call> write_to_file',
      'tool <call> write_to_file',
      'model 5',
    ]);
    onModelRequest = () => {};

    expect([...killedIn].sort()).toEqual([1, 2, 3, 4, 5].slice(0, steps));
    expect(kills).toHaveLength(steps);
    // Each killed step was asked for again; the steps recorded before a kill never were.
    expect(seen).toBe(2 * steps);
    expect(crashed.reason).toBe('completed');
    expect(withoutIds(crashed)).toEqual(withoutIds(calm));
    expect(await readFile(join(crashDir, 'log.txt'), 'utf8')).toBe('run\n');
    expect(await readFile(join(calmDir, 'log.txt'), 'utf8')).toBe('run\n');
    expect(await readFile(join(crashDir, 'notes.md'), 'utf8')).toBe(await readFile(join(calmDir, 'notes.md'), 'utf8'));
  }, 300_000);
});

describe('a durable approval', () => {
  const SECRET = 'a-turn-secret-of-24-chars';
  async function waitForApproval(key: string) {
    for (;;) {
      const pending = (await (
        await fetch(`${rig.restate.ingressUrl}/agentTurn/${key}/approval`, { method: 'POST' })
      ).json()) as Record<string, unknown> | null;
      if (pending !== null) return pending as { callId: string; tool: string };
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const gateOf = async (key: string) => {
    const value = await readState(rig.restate.adminUrl, 'agentTurn', key, APPROVAL_GATE_STATE);
    return value === undefined ? undefined : (JSON.parse(value) as ApprovalGate);
  };
  /** The turn still waits: the same call pending, the view asking, the command not run. */
  async function expectStillWaiting(key: string, dir: string, callId: string) {
    expect((await waitForApproval(key)).callId).toBe(callId);
    expect((await turnView(rig.restate.ingressUrl, key))?.phase).toBe('awaiting-approval');
    await expect(readFile(join(dir, 'log.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  }

  it('waits on an awakeable that outlives the worker; only the call id with the secret decides; the command runs once', async () => {
    const dir = await workspace();
    const id = await sendTurn(rig.restate.ingressUrl, 'approved', {
      task: TASK,
      workspace: dir,
      approval: ['execute_command'],
      approvalSecret: SECRET,
    });
    const pending = await waitForApproval('approved');
    expect(pending.tool).toBe('execute_command');
    expect(Object.keys(pending).sort()).toEqual(['callId', 'params', 'tool']); // no awakeable id
    expect((await turnView(rig.restate.ingressUrl, 'approved'))?.phase).toBe('awaiting-approval');
    await rig.killAndRestartWorker();
    const refused: [unknown, string][] = [
      [{}, 'bad-input'],
      [{ callId: pending.callId }, 'bad-input'],
      [{ callId: pending.callId, secret: 42 }, 'bad-input'],
      [{ callId: 'not-this-one', secret: SECRET }, 'other-call'],
      [{ callId: pending.callId, secret: `${SECRET}x` }, 'bad-secret'],
    ];
    for (const [input, reason] of refused)
      expect(await decide(rig.restate.ingressUrl, 'approved', 'approve', input)).toEqual({ decided: false, reason });
    await expectStillWaiting('approved', dir, pending.callId);
    expect(
      await decide(rig.restate.ingressUrl, 'approved', 'approve', { callId: pending.callId, secret: SECRET }),
    ).toEqual({
      decided: true,
      callId: pending.callId,
    });
    const out = await attachTurn(rig.restate.ingressUrl, id);
    expect(out.reason).toBe('completed');
    expect(await readFile(join(dir, 'log.txt'), 'utf8')).toBe('run\n');
    expect(
      await decide(rig.restate.ingressUrl, 'approved', 'approve', { callId: pending.callId, secret: SECRET }),
    ).toEqual({
      decided: false,
      reason: 'nothing-waiting',
    });
    expect(await gateOf('approved')).toBeUndefined();
    const view = await turnView(rig.restate.ingressUrl, 'approved');
    expect(view?.done).toBe(true);
    expect(view?.result).toBe(out.result);
  }, 300_000);

  it('refuses anything but a well-formed decision resolving its awakeable straight through the ingress, and keeps waiting', async () => {
    const dir = await workspace();
    const key = 'direct';
    const id = await sendTurn(rig.restate.ingressUrl, key, {
      task: TASK,
      workspace: dir,
      approval: ['execute_command'],
      approvalSecret: SECRET,
    });
    const pending = await waitForApproval(key);
    const awakeables = new Set<string>();
    const resolveDirectly = async (how: 'resolve' | 'reject', body: string) => {
      let gate = await gateOf(key);
      while (gate === undefined || awakeables.has(gate.awakeableId)) {
        await new Promise((r) => setTimeout(r, 100));
        gate = await gateOf(key);
      }
      awakeables.add(gate.awakeableId);
      const response = await fetch(`${rig.restate.ingressUrl}/restate/awakeables/${gate.awakeableId}/${how}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBeLessThan(300);
    };
    const bad: ['resolve' | 'reject', string][] = [
      ['resolve', JSON.stringify({ approve: true })],
      ['resolve', 'not json'],
      ['resolve', JSON.stringify({ callId: 'other', approve: true, secret: SECRET })],
      ['resolve', JSON.stringify({ callId: pending.callId, approve: true, secret: 'guessed-secret-0000' })],
      ['resolve', JSON.stringify({ callId: pending.callId, approve: 'yes', secret: SECRET })],
      ['reject', 'no'],
    ];
    for (const [how, body] of bad) await resolveDirectly(how, body);
    // Each refused payload: a fresh awakeable, the same call waiting, nothing run.
    await resolveDirectly(
      'resolve',
      JSON.stringify({ callId: pending.callId, approve: false, secret: SECRET, feedback: 'stop' }),
    );
    const out = await attachTurn(rig.restate.ingressUrl, id);
    expect(awakeables.size).toBe(bad.length + 1);
    const command = out.requests.flatMap((r) => r.toolResults).find((t) => t.name === 'execute_command');
    expect(command?.status).toBe('rejected');
    expect(out.result).toContain('stop');
    await expect(readFile(join(dir, 'log.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  }, 300_000);

  it('reject sends the feedback to the model and the command never runs', async () => {
    const dir = await workspace();
    const id = await sendTurn(rig.restate.ingressUrl, 'rejected', {
      task: TASK,
      workspace: dir,
      approval: ['execute_command'],
      approvalSecret: SECRET,
    });
    const pending = await waitForApproval('rejected');
    expect(
      await decide(rig.restate.ingressUrl, 'rejected', 'reject', {
        callId: pending.callId,
        secret: SECRET,
        feedback: 'not on this machine',
      }),
    ).toMatchObject({ decided: true });
    const out = await attachTurn(rig.restate.ingressUrl, id);
    const command = out.requests.flatMap((r) => r.toolResults).find((t) => t.name === 'execute_command');
    expect(command?.status).toBe('rejected');
    expect(out.result).toContain('not on this machine');
    await expect(readFile(join(dir, 'log.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  }, 300_000);

  it('a turn asking for approvals without a secret fails at once, saying why', async () => {
    const id = await sendTurn(rig.restate.ingressUrl, 'no-secret', {
      task: TASK,
      workspace: await workspace(),
      approval: ['execute_command'],
    });
    const response = await fetch(`${rig.restate.ingressUrl}/restate/invocation/${id}/attach`);
    expect(response.ok).toBe(false);
    expect(await response.text()).toContain('approvalSecret must be a string of at least 16 characters');
  }, 60_000);
});

describe('a durable retry', () => {
  it('retries a failed model request as a new step after a durable sleep; the output keeps the attempt that worked', async () => {
    const dir = await workspace();
    let requests = 0;
    onModelRequest = () => {
      requests++;
    };
    const out = await attachTurn(
      rig.restate.ingressUrl,
      await sendTurn(rig.restate.ingressUrl, 'retried', {
        task: `${TASK} fault:http-500-once`,
        workspace: dir,
        retryDelaysMs: [300],
      }),
    );
    onModelRequest = () => {};
    expect(out.reason).toBe('completed');
    expect(out.requests.map((r) => r.status)).toEqual(out.requests.map(() => 'complete'));
    expect(requests).toBe(out.requests.length + 1);
    expect(await readFile(join(dir, 'log.txt'), 'utf8')).toBe('run\n');
  }, 300_000);
});
