// The agent-turn machine's cost per streamed chunk: a 1 MB reply (prose, then a write_to_file
// whose content is most of it) in 16-character chunks, against a minimal XState machine that only
// assigns each chunk (the floor XState itself sets). Goal: ratio <= 2.
import { assign, createActor, fromCallback, fromPromise, setup, toPromise } from 'xstate';
import { agentTurnMachine } from '../machines/machine/agent-turn-machine.js';
import type { ExecuteToolInput, ExecuteToolOutput } from '../machines/actors/execute-tool-actor-types.js';
import type { ChatClient, ChatStreamEvent } from '../src/wire/types.js';

const CHUNK = 16;
const TARGET = 1 << 20;

function reply(): string {
  const line = 'const value = compute(input, options); // a line of generated code\n';
  const body = line.repeat(Math.ceil(TARGET / line.length)).slice(0, TARGET - 200);
  return `I'll write the file now.\n\n<write_to_file>\n<path>big.ts</path>\n<content>\n${body}\n</content>\n</write_to_file>`;
}

function chunksOf(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK) out.push(text.slice(i, i + CHUNK));
  return out;
}

const floorMachine = setup({
  types: { context: {} as { chunk: string; count: number }, events: {} as { type: 'CHUNK'; chunk: string } },
}).createMachine({
  context: { chunk: '', count: 0 },
  on: { CHUNK: { actions: assign(({ context, event }) => ({ chunk: event.chunk, count: context.count + 1 })) } },
});

function timeFloor(chunks: string[]): number {
  const actor = createActor(floorMachine).start();
  const t0 = performance.now();
  for (const chunk of chunks) actor.send({ type: 'CHUNK', chunk });
  const ms = performance.now() - t0;
  if (actor.getSnapshot().context.count !== chunks.length) throw new Error('floor machine lost chunks');
  return ms;
}

const COMPLETE: ChatStreamEvent[] = [
  { type: 'text', text: '<attempt_completion><result>ok</result></attempt_completion>' },
  { type: 'finish', reason: 'stop' },
];

/** One CHAT.CHUNKS event per 16-character chunk, sent straight to the machine (no coalescing). */
function timeMachinePerChunk(chunks: string[], check = true): { ms: number; written: number } {
  let written = 0;
  const machine = agentTurnMachine.provide({
    actors: {
      chat: fromCallback(() => {}),
      executeTool: fromPromise<ExecuteToolOutput, ExecuteToolInput>(async ({ input }) => {
        written = input.toolUse.params.content?.length ?? 0;
        return { content: 'ok', isError: false };
      }),
    },
  });
  const actor = createActor(machine, {
    input: { client: {} as ChatClient, model: 'm', messages: [], toolsPerMessage: 'sequential' },
  }).start();
  const t0 = performance.now();
  for (const text of chunks) actor.send({ type: 'CHAT.CHUNKS', events: [{ type: 'text', text }] });
  const ms = performance.now() - t0;
  actor.stop();
  const blocks = actor.getSnapshot().context.blocks;
  const tool = blocks.find((b) => b.type === 'tool_use');
  if (check && (!tool || tool.partial)) throw new Error('the write_to_file block did not complete');
  return { ms, written };
}

/** A client yielding 64 chunks per "read" (a 1 KB network read), then finish. */
function readingClient(chunks: string[]): ChatClient & { reads: () => number } {
  let reads = 0;
  return {
    reads: () => reads,
    async *stream() {
      for (let i = 0; i < chunks.length; i++) {
        if (i % 64 === 0) {
          reads++;
          await new Promise((r) => setTimeout(r, 0)); // the next network read
        }
        yield { type: 'text', text: chunks[i] };
      }
      yield { type: 'finish', reason: 'stop' };
    },
    async complete() {
      throw new Error('unused');
    },
  };
}

/** The stream's own cost: the same client iterated with nothing behind it (CPU ms). */
async function timeIterationAlone(chunks: string[]): Promise<number> {
  const client = readingClient(chunks);
  let n = 0;
  const cpu0 = process.cpuUsage();
  for await (const _ of client.stream({ model: 'm', messages: [] })) n++;
  const cpu = process.cpuUsage(cpu0);
  if (n !== chunks.length + 1) throw new Error('lost events');
  return (cpu.user + cpu.system) / 1000;
}

/**
 * Through the real chat actor: a client yielding 64 chunks per "read" (a 1 KB network read); the
 * actor coalesces each read into one CHAT.CHUNKS event. Includes the async iteration's own cost.
 */
async function timeMachineCoalesced(chunks: string[]): Promise<{ ms: number; events: number }> {
  const client = readingClient(chunks);
  let requests = 0;
  const completing: ChatClient = {
    stream: (req, opts) =>
      requests++ === 0
        ? client.stream(req, opts)
        : (async function* () {
            yield* COMPLETE;
          })(),
    complete: client.complete,
  };
  let events = 0;
  const actor = createActor(agentTurnMachine, {
    input: { client: completing, model: 'm', messages: [], tools: { write_to_file: () => 'ok' } },
    inspect: (e) => {
      if (e.type === '@xstate.event' && (e.event as { type: string }).type === 'CHAT.CHUNKS') events++;
    },
  });
  // CPU time, not wall time: the waits between reads are the network's, not the machine's.
  const cpu0 = process.cpuUsage();
  const done = toPromise(actor);
  actor.start();
  const out = await done;
  const cpu = process.cpuUsage(cpu0);
  if (out.reason !== 'completed') throw new Error(`turn ended with ${out.reason}`);
  if (client.reads() < chunks.length / 64) throw new Error('the client did not read everything');
  return { ms: (cpu.user + cpu.system) / 1000, events };
}

export async function run(): Promise<void> {
  const text = reply();
  const chunks = chunksOf(text);
  // Warm up the JIT on a tenth of the work.
  timeFloor(chunks.slice(0, chunks.length / 10));
  timeMachinePerChunk(chunksOf(text.slice(0, text.length / 10)), false);

  // Best of three runs each: the figures are about the code, not about GC or the neighbours' load.
  // Interleaved, so a busy neighbour slows both alike.
  const floors: number[] = [];
  const runs: { ms: number; written: number }[] = [];
  for (let i = 0; i < 3; i++) {
    floors.push(timeFloor(chunks));
    runs.push(timeMachinePerChunk(chunks));
  }
  const floor = Math.min(...floors);
  const a = runs[0];
  const machine = Math.min(...runs.map((r) => r.ms));
  const us = (ms: number) => ((ms * 1000) / chunks.length).toFixed(2);
  console.log(
    `reply: ${(text.length / 1024).toFixed(0)} KiB in ${chunks.length} chunks of ${CHUNK} chars (write_to_file content ${a.written} chars)`,
  );
  console.log(`floor (XState, assign only):         ${us(floor)} µs/chunk  (${floor.toFixed(0)} ms)`);
  console.log(
    `agent-turn machine, 1 event/chunk:   ${us(machine)} µs/chunk  (${machine.toFixed(0)} ms)  ratio ${(machine / floor).toFixed(2)}×`,
  );
  await timeMachineCoalesced(chunks); // warm-up
  const c = await timeMachineCoalesced(chunks);
  const iteration = Math.min(await timeIterationAlone(chunks), await timeIterationAlone(chunks));
  const share = Math.max(0, c.ms - iteration);
  console.log(`stream iteration alone (64 chunks/read): ${us(iteration)} µs/chunk  (${iteration.toFixed(0)} ms CPU)`);
  console.log(
    `agent-turn via chat actor, coalesced: ${us(c.ms)} µs/chunk  (${c.ms.toFixed(0)} ms CPU, ${c.events} CHAT.CHUNKS events); ` +
      `machine's share ${us(share)} µs/chunk, ratio to floor ${(share / floor).toFixed(2)}×`,
  );
}
