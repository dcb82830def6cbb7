// One measured run of `count` agent turns at once in this process, the scripted model (pace 0)
// answering through an in-process fetch, with in-memory tools; each turn rendered with selectView
// on every snapshot (a UI's case), or as a durable turn runs without its journal (each reply read
// whole, the view rendered before each model request and each tool run, and at the end: the
// durable comparison's case). CPU time, event-loop delay and wall time over the run.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { toPromise } from 'xstate';
import { createAgentTurnActor, type AgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import { selectView } from '../../machines/view/select-view.js';
import { createScriptedModel } from '../../scripted/index.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import type { ChatClient, ChatStreamEvent, FetchLike } from '../../src/wire/types.js';
import { coalesceReplyEvents } from '../../bindings/restate/coalesce-events.js';
import { recordingFetch, replayingClient, type RecordedReplies } from './recorded-model.js';

/** The model every measured turn asks. */
export const MODEL = 'scripted:qwen3.6-plus';
/** The task of every measured turn: list, read, run a command, write, complete (5 requests). */
export const TASK = 'Run `echo run >> log.txt`, then write notes.md';

export interface InProcessFigures {
  count: number;
  completed: number;
  requestsPerTurn: number;
  wallMs: number;
  cpuMsPerTurn: number;
  eventLoopP99Ms: number;
  viewsPerTurn: number;
}

/** A fresh in-memory workspace per turn: the four tools the task uses. */
export function memoryTools() {
  const files = new Map([['README.md', '# Pocket Ledger\nTrack small expenses from the terminal.\n']]);
  const log: string[] = [];
  return {
    list_files: async () => [...files.keys()].join('\n'),
    read_file: async (use: { params: Record<string, string> }) =>
      files.get(use.params.path ?? '') ?? { content: `no such file: ${use.params.path}`, isError: true },
    execute_command: async (use: { params: Record<string, string> }) => {
      log.push(use.params.command ?? '');
      return 'Command executed.\nExit code: 0';
    },
    write_to_file: async (use: { params: Record<string, string> }) => {
      files.set(use.params.path!, use.params.content ?? '');
      return `wrote ${use.params.path}`;
    },
  };
}

/** The chat client every turn of a run shares: the scripted model at pace 0 as its fetch. */
export function inProcessClient(fetch: FetchLike = createScriptedModel({ pace: 0 })): ChatClient {
  return createChatClient({ baseURL: 'http://scripted.invalid/v1', fetch });
}

/** A client answering from the scripted model's replies, recorded once (see recorded-model.ts). */
export async function recordedClient(): Promise<ChatClient> {
  const replies: RecordedReplies = new Map();
  const figures = await runInProcessTurns(
    1,
    inProcessClient(recordingFetch(createScriptedModel({ pace: 0 }), replies)),
  );
  if (figures.completed !== 1) throw new Error('recording the scripted replies: the turn did not complete');
  return replayingClient(replies);
}

/**
 * How a turn is run and rendered: `every-snapshot`, as a UI in process does (the machine reads the
 * stream as it arrives, selectView on every snapshot); `as-durable`, doing what a durable turn
 * does apart from its journal: each reply read whole and joined (coalesceReplyEvents) before the
 * machine sees it, selectView where a durable turn publishes its view (before each model request
 * and each tool run, and once at the end).
 */
export type TurnMode = 'every-snapshot' | 'as-durable';

/** The reply of `stream()`, read whole and joined before it is handed on (as a journaled step does). */
async function* wholeReply(events: AsyncIterable<ChatStreamEvent>): AsyncGenerator<ChatStreamEvent> {
  const read: ChatStreamEvent[] = [];
  let failure: { error: unknown } | undefined;
  try {
    for await (const event of events) read.push(event);
  } catch (error) {
    failure = { error };
  }
  yield* coalesceReplyEvents(read);
  if (failure !== undefined) throw failure.error;
}

/** `tools` and `client` calling `before()` first on each tool run and each model request, replies read whole. */
function beforeSteps(client: ChatClient, tools: ReturnType<typeof memoryTools>, before: () => void) {
  const wrapped = Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => [
      name,
      (use: { params: Record<string, string> }) => {
        before();
        return tool(use);
      },
    ]),
  ) as ReturnType<typeof memoryTools>;
  const stepped: ChatClient = {
    stream: (request, options) => {
      before();
      return wholeReply(client.stream(request, options));
    },
    complete: (request, options) => client.complete(request, options),
  };
  return { client: stepped, tools: wrapped };
}

export async function runInProcessTurns(
  count: number,
  client: ChatClient = inProcessClient(),
  mode: TurnMode = 'every-snapshot',
): Promise<InProcessFigures> {
  let views = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  loop.enable();
  const outputs = Array.from({ length: count }, () => {
    let actor: AgentTurnActor | undefined;
    const render = () => {
      if (actor === undefined) return;
      selectView(actor.getSnapshot());
      views++;
    };
    const turn = mode === 'as-durable' ? beforeSteps(client, memoryTools(), render) : { client, tools: memoryTools() };
    actor = createAgentTurnActor({ ...turn, model: MODEL, messages: [{ role: 'user', content: TASK }] });
    if (mode === 'every-snapshot')
      actor.subscribe((snapshot) => {
        selectView(snapshot);
        views++;
      });
    const done = toPromise(actor);
    actor.start();
    return mode === 'as-durable' ? done.finally(render) : done;
  });
  const results = await Promise.all(outputs);
  loop.disable();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return {
    count,
    completed: results.filter((r) => r.reason === 'completed').length,
    requestsPerTurn: results[0].requests.length,
    wallMs,
    cpuMsPerTurn: (cpu.user + cpu.system) / 1000 / count,
    eventLoopP99Ms: loop.percentile(99) / 1e6,
    viewsPerTurn: views / count,
  };
}
