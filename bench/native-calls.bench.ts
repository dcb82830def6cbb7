// Many native tool calls in one reply (issue 28 §4): a hostile model can send tens of thousands of
// tiny calls within the reply cap. The cost must grow linearly with their number: 10k, 20k and 40k
// calls, each as three deltas (name + id, half the arguments, the rest), pushed in batches of 64
// events (one network read), through the block assembler alone and through the whole machine.
// Prints the least of three runs in milliseconds and the ratio to 10k (linear: 2 and 4).
// Before the fix (one run each): assembler 6.2 s / 40.5 s / 377 s, machine 5.8 s / 22.4 s / 126 s.
import { createActor, fromCallback, fromPromise } from 'xstate';
import { agentTurnMachine } from '../machines/machine/agent-turn-machine.js';
import type { ExecuteToolInput, ExecuteToolOutput } from '../machines/actors/execute-tool-actor-types.js';
import { createBlockAssembler } from '../src/reply/block-assembler.js';
import type { ChatClient, ChatStreamEvent } from '../src/wire/types.js';

const BATCH = 64;

function callEvents(calls: number): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  for (let index = 0; index < calls; index++) {
    events.push({ type: 'tool-call', index, id: `c${index}`, name: 'read_file', argumentsDelta: '' });
    events.push({ type: 'tool-call', index, argumentsDelta: '{"path":"' });
    events.push({ type: 'tool-call', index, argumentsDelta: `f${index}.txt"}` });
  }
  return events;
}

function batches(events: ChatStreamEvent[]): ChatStreamEvent[][] {
  const out: ChatStreamEvent[][] = [];
  for (let i = 0; i < events.length; i += BATCH) out.push(events.slice(i, i + BATCH));
  return out;
}

function timeAssembler(calls: number): number {
  const events = callEvents(calls);
  const t0 = performance.now();
  const assembler = createBlockAssembler();
  for (const event of events) assembler.push(event);
  assembler.push({ type: 'finish', reason: 'tool_calls' });
  const blocks = assembler.end();
  const ms = performance.now() - t0;
  if (blocks.length !== calls) throw new Error(`expected ${calls} blocks, got ${blocks.length}`);
  return ms;
}

function timeMachine(calls: number): number {
  const machine = agentTurnMachine.provide({
    actors: {
      chat: fromCallback(() => {}),
      executeTool: fromPromise<ExecuteToolOutput, ExecuteToolInput>(async () => ({ content: 'ok', isError: false })),
    },
  });
  const actor = createActor(machine, {
    input: { client: {} as ChatClient, model: 'm', messages: [] },
  }).start();
  const all = batches(callEvents(calls));
  const t0 = performance.now();
  for (const events of all) actor.send({ type: 'CHAT.CHUNKS', events });
  actor.send({ type: 'CHAT.CHUNKS', events: [{ type: 'finish', reason: 'tool_calls' }] });
  const ms = performance.now() - t0;
  const blocks = actor.getSnapshot().context.blocks.length;
  actor.stop();
  if (blocks !== calls) throw new Error(`machine: expected ${calls} blocks, got ${blocks}`);
  return ms;
}

export function run(): void {
  for (const [name, time] of [
    ['block assembler', timeAssembler],
    ['machine (64 events a batch)', timeMachine],
  ] as const) {
    time(1000); // warm-up
    const figures: [number, number][] = [];
    // The least of three runs: the machine is shared, and one run can meet another's garbage collection.
    for (const calls of [10_000, 20_000, 40_000])
      figures.push([calls, Math.min(time(calls), time(calls), time(calls))]);
    const base = figures[0][1];
    console.log(
      `${name}: ${figures.map(([n, ms]) => `${n / 1000}k calls ${ms.toFixed(0)} ms (×${(ms / base).toFixed(1)})`).join(', ')}`,
    );
  }
}
