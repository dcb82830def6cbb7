// npm run example:restate — a durable agent turn on Restate, end to end on this machine:
// the scripted model over HTTP, a Restate server from node_modules, one worker running the
// agentTurn object. A "UI" starts a turn, polls its durable view, sees the model's text live
// through the worker's side channel, approves the command, and reads the output.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScriptedServer } from '../../app/serve/serve-scripted-model.js';
import type { AgentTurnView } from '../../machines/view/turn-view-types.js';
import type { DurableTurnOutput, PendingApproval } from '../../bindings/restate/index.js';
import { freePort } from './free-port.js';
import { startRestateServer } from './restate-server.js';
import { startWorker } from './worker-process.js';

const post = async <T>(url: string, body?: unknown): Promise<T> => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

let atLineStart = true;
const say = (line: string) => {
  process.stdout.write(`${atLineStart ? '' : '\n'}${line}\n`);
  atLineStart = true;
};
let liveStep = '';

const model = await startScriptedServer({ port: 0 }); // realistic pace: ~300 ms to the first token
const restate = await startRestateServer();
// The side channel: the worker prints the model's text as it arrives ("live <turn> <step> <text>");
// here it is shown as it comes, before the step is recorded.
const showLive = (line: string) => {
  const live = /^live (\S+) (\d+) (.*)$/.exec(line);
  if (!live) return;
  if (live[2] !== liveStep) say(`  [live, model step ${(liveStep = live[2])}]`);
  const text = JSON.parse(live[3]) as string;
  process.stdout.write(text);
  atLineStart = text.endsWith('\n');
};
let worker = await startWorker({
  port: await freePort(),
  modelUrl: model.url,
  live: true,
  onLine: showLive,
});
const deployment = await restate.register(worker.url);
say(`Restate ingress ${restate.ingressUrl}, admin ${restate.adminUrl}; worker ${worker.url}; model ${model.url}`);
say(
  restate.releaseCheckStaysLocal
    ? "restate-server's release check is sent to 127.0.0.1 (nothing leaves loopback)"
    : "restate-server's release check goes to api.github.com (no user namespaces here)",
);

const workspace = await mkdtemp(join(tmpdir(), 'agent-turn-example-'));
await writeFile(join(workspace, 'README.md'), '# Pocket Ledger\nTrack small expenses.\n');
const turn = `${restate.ingressUrl}/agentTurn/example-1`;
const task = 'Run `echo run >> log.txt`, then write notes.md';
// The turn's approval secret: only this "UI" holds it, so only it can approve (with the call id it saw).
const approvalSecret = randomBytes(24).toString('base64url');
try {
  const { invocationId } = await post<{ invocationId: string }>(`${turn}/run/send`, {
    task,
    workspace,
    approval: ['execute_command'],
    approvalSecret,
  });
  say(`started turn example-1 (${invocationId}): ${task}`);
  let shown = '';
  const decided = new Set<string>();
  for (;;) {
    // The UI's loop: the durable view (published before each step, at approvals and at the end).
    const view = await post<AgentTurnView | null>(`${turn}/view`);
    const line =
      view === null ? 'no view yet' : `view: ${view.phase}, request ${view.request}, ${view.blocks.length} blocks`;
    if (line !== shown) say((shown = line));
    const pending = await post<PendingApproval | null>(`${turn}/approval`);
    if (pending !== null && !decided.has(pending.callId)) {
      decided.add(pending.callId);
      say(`approval asked: ${pending.tool} ${JSON.stringify(pending.params.command)}`);
      // Replacing a worker: Restate pins a started invocation to its deployment, so a replacement
      // registered as a new deployment would not pick this turn up. Point the turn's deployment at
      // the replacement's address instead (or keep the address, behind a balancer or a DNS name).
      await worker.kill();
      worker = await startWorker({ port: await freePort(), modelUrl: model.url, live: true, onLine: showLive });
      await restate.moveDeployment(deployment, worker.url);
      say(`worker killed; a replacement at ${worker.url} took over deployment ${deployment} — approving`);
      const answer = await post<{ decided: boolean }>(`${turn}/approve`, {
        callId: pending.callId,
        secret: approvalSecret,
      });
      if (!answer.decided) throw new Error(`approve was refused: ${JSON.stringify(answer)}`);
    }
    if (view?.done) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const output = (await (
    await fetch(`${restate.ingressUrl}/restate/invocation/${invocationId}/attach`)
  ).json()) as DurableTurnOutput;
  say(`output: ${output.reason} after ${output.requests.length} requests — ${output.result}`);
  say(
    `log.txt: ${JSON.stringify(await readFile(join(workspace, 'log.txt'), 'utf8'))}; notes.md: ${(await readFile(join(workspace, 'notes.md'), 'utf8')).split('\n')[0]}`,
  );
} finally {
  await worker.stop();
  await restate.stop();
  await model.close();
  await rm(workspace, { recursive: true, force: true });
}
