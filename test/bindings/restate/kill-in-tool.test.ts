// Kills that land while a tool runs, not in a model step: the worker SIGKILLed inside the command
// and inside the write, the Restate server SIGKILLed inside the command. Each killed turn
// completes; a command never runs twice (log.txt never has more lines than recorded runs); the
// model is told when a tool's outcome is unknown; a server kill loses nothing (the worker that
// ran the tool records its outcome when the server is back).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DURABLE_OUTCOME_UNKNOWN_TEXT, type DurableTurnOutput } from '../../../bindings/restate/index.js';
import type { ChatRequest } from '../../../src/wire/types.js';
import { startKillableRig, type KillableRig } from './killable-rig.js';
import { attachTurn, journaledSteps, sendTurn } from './turn-ingress.js';

// The command of the operator trial: a kill 400 ms in lands in its sleep.
const COMMAND = 'echo start >> starts.txt && sleep 1 && echo run >> log.txt';
const TASK = `Run \`${COMMAND}\`, then write notes.md`;
const SLOW_WRITE_MS = 500;

let rig: KillableRig;
let onWorkerLine: (line: string) => void = () => {};
let onModelRequest: (request: ChatRequest) => void = () => {};
/** Kills per phase, for the report line printed at the end. */
const kills = { command: 0, write: 0, server: 0 };
let duplicates = 0;

const workspace = () => rig.workspace('agent-turn-kill-tool-');

const lines = (dir: string, file: string) =>
  readFile(join(dir, file), 'utf8').then(
    (text) => text.split('\n').filter((l) => l !== '').length,
    () => 0,
  );

const toolResults = (out: DurableTurnOutput, name: string) =>
  out.requests.flatMap((r) => r.toolResults).filter((t) => t.name === name);
const unknown = (content: string | undefined) => content?.includes('outcome is unknown') ?? false;

/** Runs one turn; `during(key, tool)` is called when the worker starts a tool (first time per tool name). */
async function turn(key: string, during: (tool: string) => Promise<void> | undefined) {
  const dir = await workspace();
  const pending: Promise<void>[] = [];
  const seen = new Set<string>();
  onWorkerLine = (line) => {
    const m = /^tool (\S+) (\S+)$/.exec(line);
    if (!m || m[1] !== key || seen.has(m[2])) return;
    seen.add(m[2]);
    const action = during(m[2]);
    if (action) pending.push(action);
  };
  const told: string[] = [];
  onModelRequest = (request) => {
    for (const message of request.messages)
      if (typeof message.content === 'string' && message.content.includes(DURABLE_OUTCOME_UNKNOWN_TEXT))
        told.push(message.content);
  };
  const invocationId = await sendTurn(rig.restate.ingressUrl, key, { task: TASK, workspace: dir });
  const out = await attachTurn(rig.restate.ingressUrl, invocationId);
  await Promise.all(pending);
  onWorkerLine = () => {};
  onModelRequest = () => {};
  const commands = toolResults(out, 'execute_command');
  const ranAndRecorded = commands.filter((t) => !unknown(t.content)).length;
  const logLines = await lines(dir, 'log.txt');
  // The journal: one intent and one record per command; the command ran at most as often as intents were recorded.
  const steps = await journaledSteps(rig.restate.adminUrl, invocationId);
  const intents = steps.filter((name) => /^intent \S+ execute_command$/.test(name)).length;
  expect(intents).toBe(commands.length);
  expect(steps.filter((name) => /^tool \S+ execute_command$/.test(name))).toHaveLength(commands.length);
  expect(await lines(dir, 'starts.txt')).toBeLessThanOrEqual(intents);
  duplicates += Math.max(0, logLines - ranAndRecorded - commands.filter((t) => unknown(t.content)).length);
  return { dir, out, commands, ranAndRecorded, logLines, toldUnknown: told.length > 0 };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const killWorkerAfter = async (ms: number) => {
  await pause(ms);
  await rig.killAndRestartWorker();
};

beforeAll(async () => {
  rig = await startKillableRig({
    onModelRequest: (request) => onModelRequest(request),
    worker: { trace: true, slowWritesMs: SLOW_WRITE_MS, onLine: (line) => onWorkerLine(line) },
  });
}, 120_000);

afterAll(async () => {
  console.log(
    `kills inside tools: command ${kills.command}, write ${kills.write}, server ${kills.server}; duplicate command runs ${duplicates}`,
  );
  await rig?.stop();
}, 60_000);

describe('a worker killed inside the command', () => {
  it('takes the command with it; the replay does not run it again and the model is told its outcome is unknown', async () => {
    const t = await turn('in-command', (tool) => {
      if (tool !== 'execute_command') return undefined;
      kills.command++;
      return killWorkerAfter(400);
    });
    expect(t.out.reason).toBe('completed');
    // The command started once and died with its worker in its sleep: nothing after it ran.
    expect(await lines(t.dir, 'starts.txt')).toBe(1);
    expect(t.logLines).toBe(0);
    expect(t.logLines).toBeLessThanOrEqual(t.ranAndRecorded);
    expect(t.commands).toHaveLength(1);
    expect(t.commands[0].content).toBe(DURABLE_OUTCOME_UNKNOWN_TEXT);
    expect(t.toldUnknown).toBe(true);
    expect(t.out.result).toContain('outcome unknown');
    expect(await readFile(join(t.dir, 'notes.md'), 'utf8')).toContain(`\`${COMMAND}\` outcome unknown`);
  }, 120_000);
});

describe('a worker killed inside the write', () => {
  it.each([
    ['before the file is written', SLOW_WRITE_MS / 2],
    ['after the file is written, before its result', SLOW_WRITE_MS * 1.5],
  ])(
    '%s: the model is told its outcome is unknown, writes again, and the turn completes',
    async (_, at) => {
      const t = await turn(`in-write-${at}`, (tool) => {
        if (tool !== 'write_to_file') return undefined;
        kills.write++;
        return killWorkerAfter(at);
      });
      expect(t.out.reason).toBe('completed');
      const writes = toolResults(t.out, 'write_to_file');
      expect(writes.map((w) => unknown(w.content))).toEqual([true, false]);
      expect(t.toldUnknown).toBe(true);
      expect(await readFile(join(t.dir, 'notes.md'), 'utf8')).toContain('# Notes for:');
      // The command ran once, before the kill, and was recorded.
      expect(t.logLines).toBe(1);
      expect(t.ranAndRecorded).toBe(1);
    },
    120_000,
  );
});

describe('the Restate server killed inside the command', () => {
  it('loses nothing: the worker finishes the command, and records its outcome once the server is back', async () => {
    const t = await turn('server-in-command', (tool) => {
      if (tool !== 'execute_command') return undefined;
      kills.server++;
      return (async () => {
        await pause(300);
        await rig.restate.kill();
        await pause(1_500);
        await rig.restate.restart();
      })();
    });
    expect(t.out.reason).toBe('completed');
    expect(await lines(t.dir, 'starts.txt')).toBe(1);
    expect(t.logLines).toBe(1);
    expect(t.ranAndRecorded).toBe(1);
    expect(t.commands).toHaveLength(1);
    expect(t.toldUnknown).toBe(false);
  }, 180_000);
});
