// A Restate worker that runs agent turns: the `agentTurn` virtual object of agent-turn/restate,
// with Cline's tools on disk (each turn in the workspace its request names) and a model at
// --model-url. Prints "listening <port>" once it serves.
// node --import tsx examples/restate/turn-worker.ts --port 9080 --model-url http://127.0.0.1:8787/v1 [--http1] [--approval execute_command] [--live] [--trace] [--slow-writes <ms>]
// --trace prints "attempt <key>" per attempt and "tool <key> <name>" when a tool starts (the tests
// time their kills by it); --slow-writes waits that long before and after each write_to_file.
import { createServer as createHttp1Server } from 'node:http';
import { createServer as createHttp2Server } from 'node:http2';
import { parseArgs } from 'node:util';
import * as restate from '@restatedev/restate-sdk';
import { agentTurnObject } from '../../bindings/restate/index.js';
import type { ToolFunctions } from '../../machines/machine/tool-function-types.js';
import { createChatClient } from '../../src/wire/chat-client.js';
import { createNodeTools, openWorkspace } from '../../app/tools/node/index.js';

/** What `run` takes: the task and the folder the turn works in. */
export interface TurnRequest {
  task: string;
  workspace: string;
  model?: string;
  /** Whoever holds this may approve or reject the turn's tools (agentTurnObject reads this field). */
  approvalSecret?: string;
  /** How long a tool use waits for approve/reject before its approval expires (agentTurnObject reads this field). */
  approvalExpiresAfterMs?: number;
  /** Tools that wait for approve/reject (default: --approval). */
  approval?: string[];
  /** Waits before retries of a failed model request (default 2, 4, 8 s). */
  retryDelaysMs?: number[];
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9080' },
    'model-url': { type: 'string', default: 'http://127.0.0.1:8787/v1' },
    http1: { type: 'boolean', default: false },
    approval: { type: 'string', default: '' },
    live: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    'slow-writes': { type: 'string', default: '0' },
  },
});

const client = createChatClient({ baseURL: values['model-url']! });
const approval = values.approval!.split(',').filter((name) => name !== '');
const slowWritesMs = Number(values['slow-writes']);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tools as the options say: each start traced, writes slowed down. */
function instrumented(key: string, tools: ToolFunctions): ToolFunctions {
  const out: ToolFunctions = {};
  for (const [name, tool] of Object.entries(tools)) {
    out[name] = async (toolUse, context) => {
      if (values.trace) process.stdout.write(`tool ${key} ${name}\n`);
      if (name !== 'write_to_file' || slowWritesMs === 0) return tool(toolUse, context);
      await pause(slowWritesMs);
      const result = await tool(toolUse, context);
      await pause(slowWritesMs);
      return result;
    };
  }
  return out;
}

const turns = agentTurnObject({
  setup: async (request: TurnRequest, key: string) => {
    // Every attempt builds the turn anew (a replay included): --trace shows which worker ran which.
    if (values.trace) process.stdout.write(`attempt ${key}\n`);
    return {
      client,
      model: request.model ?? 'scripted:qwen3.6-plus',
      messages: [{ role: 'user' as const, content: request.task }],
      tools: instrumented(key, createNodeTools({ workspace: await openWorkspace(request.workspace) })),
      approval: request.approval ?? approval,
      ...(request.retryDelaysMs ? { retry: { delaysMs: request.retryDelaysMs } } : {}),
    };
  },
  // The side channel: the model's text as it arrives, before the step is recorded.
  ...(values.live
    ? {
        live: ({ key, step, events }) => {
          for (const event of events)
            if (event.type === 'text') process.stdout.write(`live ${key} ${step} ${JSON.stringify(event.text)}\n`);
        },
      }
    : {}),
});

const endpoint = restate.endpoint().bind(turns);
const server = values.http1 ? createHttp1Server(endpoint.http1Handler()) : createHttp2Server(endpoint.http2Handler());
server.listen(Number(values.port), '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`listening ${address.port}\n`);
});
// Restate keeps its connection open: stop at once (a turn in flight is replayed elsewhere).
process.on('SIGTERM', () => process.exit(0));
