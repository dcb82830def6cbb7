// A durable turn survives its worker being killed (SIGKILL) during every model step: a new worker
// takes over, Restate replays the journal, no recorded tool runs again, and the output and the
// files are those of an undisturbed run.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../../app/serve-scripted-model.js';
import { freePort } from '../../../examples/restate/free-port.js';
import { startRestateServer, type RestateServer } from '../../../examples/restate/restate-server.js';
import { startWorker, type WorkerProcess } from '../../../examples/restate/worker-process.js';
import type { ChatRequest } from '../../../src/wire/types.js';
import { attachTurn, decide, sendTurn, turnView, withoutIds } from './turn-ingress.js';

const TASK = 'Run `echo run >> log.txt`, then write notes.md';

let model: ScriptedServer;
let restate: RestateServer;
let port: number;
let worker: WorkerProcess;
let onModelRequest: (request: ChatRequest) => void = () => {};
const dirs: string[] = [];

async function workspace(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-turn-durable-'));
  dirs.push(dir);
  await writeFile(join(dir, 'README.md'), '# Pocket Ledger\nTrack small expenses.\n');
  return dir;
}

/** The model step a request is for: 1 + the assistant messages already in its history. */
function stepOf(request: ChatRequest): number {
  return 1 + request.messages.filter((m) => m.role === 'assistant').length;
}

const startTheWorker = async () => {
  worker = await startWorker({ port, modelUrl: model.url });
};

beforeAll(async () => {
  // Realistic pace (~300 ms to the first token, ~8 ms a token): a kill lands mid-stream.
  model = await startScriptedServer({ port: 0, onRequest: (request) => onModelRequest(request) });
  restate = await startRestateServer();
  port = await freePort();
  await startTheWorker();
  await restate.register(worker.url);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await restate?.stop();
  await model?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('a durable turn whose worker is killed', () => {
  it('completes as an undisturbed run does, every recorded command run exactly once', async () => {
    // The undisturbed run.
    const calmDir = await workspace();
    const calm = await attachTurn(
      restate.ingressUrl,
      await sendTurn(restate.ingressUrl, 'calm', { task: TASK, workspace: calmDir }),
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
      kills.push(new Promise((resolve) => setTimeout(resolve, 400)).then(() => worker.kill()).then(startTheWorker));
    };
    const crashed = await attachTurn(
      restate.ingressUrl,
      await sendTurn(restate.ingressUrl, 'crash', { task: TASK, workspace: crashDir }),
    );
    await Promise.all(kills);
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
  async function waitForApproval(key: string) {
    for (;;) {
      const pending = (await (
        await fetch(`${restate.ingressUrl}/agentTurn/${key}/approval`, { method: 'POST' })
      ).json()) as { callId: string; tool: string } | null;
      if (pending !== null) return pending;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('waits on an awakeable that outlives the worker; approve runs the command once', async () => {
    const dir = await workspace();
    const id = await sendTurn(restate.ingressUrl, 'approved', {
      task: TASK,
      workspace: dir,
      approval: ['execute_command'],
    });
    const pending = await waitForApproval('approved');
    expect(pending.tool).toBe('execute_command');
    expect((await turnView(restate.ingressUrl, 'approved'))?.phase).toBe('awaiting-approval');
    await worker.kill();
    await startTheWorker();
    expect(await decide(restate.ingressUrl, 'approved', 'approve', { callId: 'not-this-one' })).toEqual({
      decided: false,
      reason: 'other-call',
    });
    expect(await decide(restate.ingressUrl, 'approved', 'approve', { callId: pending.callId })).toEqual({
      decided: true,
      callId: pending.callId,
    });
    const out = await attachTurn(restate.ingressUrl, id);
    expect(out.reason).toBe('completed');
    expect(await readFile(join(dir, 'log.txt'), 'utf8')).toBe('run\n');
    expect(await decide(restate.ingressUrl, 'approved', 'approve')).toEqual({
      decided: false,
      reason: 'nothing-waiting',
    });
    const view = await turnView(restate.ingressUrl, 'approved');
    expect(view?.done).toBe(true);
    expect(view?.result).toBe(out.result);
  }, 300_000);

  it('reject sends the feedback to the model and the command never runs', async () => {
    const dir = await workspace();
    const id = await sendTurn(restate.ingressUrl, 'rejected', {
      task: TASK,
      workspace: dir,
      approval: ['execute_command'],
    });
    await waitForApproval('rejected');
    expect(await decide(restate.ingressUrl, 'rejected', 'reject', { feedback: 'not on this machine' })).toMatchObject({
      decided: true,
    });
    const out = await attachTurn(restate.ingressUrl, id);
    const command = out.requests.flatMap((r) => r.toolResults).find((t) => t.name === 'execute_command');
    expect(command?.status).toBe('rejected');
    expect(out.result).toContain('not on this machine');
    await expect(readFile(join(dir, 'log.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  }, 300_000);
});

describe('a durable retry', () => {
  it('retries a failed model request as a new step after a durable sleep; the output keeps the attempt that worked', async () => {
    const dir = await workspace();
    let requests = 0;
    onModelRequest = () => {
      requests++;
    };
    const out = await attachTurn(
      restate.ingressUrl,
      await sendTurn(restate.ingressUrl, 'retried', {
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
