// A turn driven by hand: its chat actor is silent (the test sends the CHAT.* events a stream would
// produce) and its tools finish when the test says so.
import { createActor, fromCallback, fromPromise } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnEvent, AgentTurnInput } from '../../machines/machine/agent-turn-types.js';
import type { ExecuteToolInput, ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';
import { selectView } from '../../machines/view/select-view.js';
import { createScriptedClient } from './scripted-client.js';

/** An actor whose chat is silent (events are sent by the test) and whose tools finish when told to. */
export function drivenTurn(extra: Partial<AgentTurnInput> = {}) {
  let pending: { resolve: (o: ExecuteToolOutput) => void; reject: (e: unknown) => void } | undefined;
  const machine = agentTurnMachine.provide({
    actors: {
      chat: fromCallback(() => {}),
      executeTool: fromPromise<ExecuteToolOutput, ExecuteToolInput>(
        () => new Promise((resolve, reject) => (pending = { resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, {
    input: { client: createScriptedClient([]), model: 'm', messages: [], retry: { delaysMs: [0, 0] }, ...extra },
  }).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    actor,
    view: () => selectView(actor.getSnapshot()),
    send: (event: AgentTurnEvent) => actor.send(event),
    async finishTool(output: ExecuteToolOutput = { content: 'ok', isError: false }) {
      const p = pending;
      pending = undefined;
      p?.resolve(output);
      await settle();
    },
    async failTool(error: unknown) {
      const p = pending;
      pending = undefined;
      p?.reject(error);
      await settle();
    },
    running: () => pending !== undefined,
    settle,
  };
}
