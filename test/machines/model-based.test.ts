// Model-based tests: walk the machine's graph, replay every path on a real actor, check each state.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPLY_MODEL,
  REPLY_PIECES as CHUNKS,
  newTurnReplayLog,
  transitionKey,
  replayTurnPath,
  serializeTurnStateWithResults,
  turnTestInput,
  walkTurnPaths,
  type TurnPathStep,
  type TurnReplayLog,
  type TurnReplyModel,
} from '../../bindings/testing/index.js';
import type { AgentTurnMachineInput } from '../../machines/machine/agent-turn-machine-input.js';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { PersistedAgentTurn } from '../../machines/record/turn-record-types.js';

// The machine's own model-based tests run on agent-turn/testing, the kit users get: one
// implementation of the walk, the replay and the invariants.
interface ModelConfig extends TurnReplyModel {
  input: AgentTurnMachineInput;
}

/** Every transition of the machine's definition, keyed as the replay's log reports them. */
function allTransitions(): Set<string> {
  const keys = new Set<string>();
  const visit = (node: typeof agentTurnMachine.root) => {
    for (const defs of node.transitions.values()) for (const t of defs) keys.add(transitionKey(t as never));
    for (const t of node.always ?? []) keys.add(transitionKey(t as never));
    for (const child of Object.values(node.states)) visit(child as typeof agentTurnMachine.root);
  };
  visit(agentTurnMachine.root);
  return keys;
}

/** A replay, plus what the pieces above promise: a completed turn's result is the completion's `ok`. */
async function replayPath(steps: readonly TurnPathStep[], input: AgentTurnMachineInput, log: TurnReplayLog) {
  const result = await replayTurnPath(steps, input, { log });
  if (result.record.turn.reason === 'completed') {
    // A plain answer (endTurn 'text') ends with its text; the completion tool with its `ok`.
    const answered = input.endTurn === 'text' && result.record.turn.requests.at(-1)?.toolResults.length === 0;
    expect(result.record.output?.result).toBe(answered ? 'Looking around.' : 'ok');
  }
  return result.record;
}

const STATES = [
  'starting',
  'resumed.awaitingApproval',
  'resumed.executingTool',
  'fittingContext',
  'request.requesting',
  'request.streaming',
  'request.toolReady',
  'request.checkingTool',
  'request.reviewingTool',
  'request.streamFailed',
  'request.draining',
  'request.executingTool',
  'request.awaitingApproval',
  'finalizing',
  'checkingStop',
  'recursing',
  'retrying',
  'done',
  'aborted',
  'failed',
];

// The first reply may hold up to 3 blocks ('one') or 2 ('sequential', which runs them all);
// later replies one block, enough to end the turn in each possible way.
// 'sequential' runs with a 60-token window: the second request's history is over the budget.
const full = (toolsPerMessage: 'one' | 'sequential'): ModelConfig => ({
  input: turnTestInput({ toolsPerMessage, ...(toolsPerMessage === 'sequential' ? { contextWindow: 60 } : {}) }),
  pieces: [
    CHUNKS.text,
    CHUNKS.reasoning,
    CHUNKS.readOpen,
    CHUNKS.readClose,
    CHUNKS.write,
    CHUNKS.completion,
    CHUNKS.finishLength,
    ...(toolsPerMessage === 'sequential' ? [CHUNKS.nativeRead] : []),
  ],
  maxBlocks: toolsPerMessage === 'one' ? 3 : 2,
  laterPieces: DEFAULT_REPLY_MODEL.laterPieces,
  laterMaxBlocks: 1,
});

// Simple paths grow exponentially: a one-request model with one block per reply.
const small: ModelConfig = {
  input: turnTestInput({ toolsPerMessage: 'one', maxRequests: 1 }),
  pieces: [CHUNKS.readOpen, CHUNKS.readClose, CHUNKS.write, CHUNKS.blankCompletion],
  maxBlocks: 1,
  laterPieces: [CHUNKS.completion],
  laterMaxBlocks: 1,
};

// endTurn 'text': a reply of prose alone ends the turn; a tool or the completion goes on as before.
const answering: ModelConfig = {
  input: turnTestInput({ toolsPerMessage: 'one', endTurn: 'text', maxRequests: 2 }),
  pieces: [CHUNKS.text, CHUNKS.read, CHUNKS.completion, CHUNKS.finishLength],
  maxBlocks: 2,
  laterPieces: [CHUNKS.text, CHUNKS.completion],
  laterMaxBlocks: 1,
};

// Hooks at every point (the walk answers them: each decision and a failure), or plan mode, which
// refuses the write; two requests, so a stop hook can keep the turn going once.
const hooked = (mode: 'default' | 'plan'): ModelConfig => ({
  input: turnTestInput({
    toolsPerMessage: 'one',
    maxRequests: 2,
    mode,
    ...(mode === 'default'
      ? { hooks: { beforeTool: () => undefined, afterTool: () => undefined, beforeStop: () => undefined } }
      : {}),
  }),
  pieces: [CHUNKS.read, CHUNKS.write, CHUNKS.completion],
  maxBlocks: 1,
  laterPieces: [CHUNKS.completion],
  laterMaxBlocks: 1,
});

function pathsOf(kind: 'shortest' | 'simple', config: ModelConfig, serialize?: (s: never) => string) {
  return walkTurnPaths(config.input, config, kind, serialize).map((steps) => ({ steps }));
}

describe('agentTurnMachine, model-based', () => {
  const coverage = newTurnReplayLog();

  for (const mode of ['one', 'sequential'] as const) {
    it(`replays every shortest path ('${mode}' tool per message)`, async () => {
      const paths = pathsOf('shortest', full(mode));
      expect(paths.length).toBeGreaterThan(50);
      for (const path of paths) await replayPath(path.steps, full(mode).input, coverage);
      console.log(`shortest paths ('${mode}'): ${paths.length}`);
    }, 120_000);
  }

  for (const mode of ['default', 'plan'] as const) {
    it(`replays every shortest path with hooks ('${mode}' mode)`, async () => {
      const paths = pathsOf('shortest', hooked(mode));
      expect(paths.length).toBeGreaterThan(10);
      for (const path of paths) await replayPath(path.steps, hooked(mode).input, coverage);
      console.log(`shortest paths with hooks ('${mode}'): ${paths.length}`);
    }, 120_000);
  }

  it('replays every shortest path when a plain answer ends the turn', async () => {
    const paths = pathsOf('shortest', answering);
    expect(paths.length).toBeGreaterThan(10);
    const reasons = new Set<string>();
    for (const path of paths) reasons.add((await replayPath(path.steps, answering.input, coverage)).turn.reason ?? '');
    expect(reasons).toContain('completed');
    console.log(`shortest paths (endTurn 'text'): ${paths.length}`);
  });

  it('replays every simple path of a small model', async () => {
    const paths = pathsOf('simple', small);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) await replayPath(path.steps, small.input, coverage);
    console.log(`simple paths (small model): ${paths.length}`);
  });

  // Persist and resume: the record at the end of every shortest path of the 'sequential' model
  // (one per state and resume point), restored, then walked again to its end.
  it('replays every shortest path from restored turns', async () => {
    const config = full('sequential');
    const records = new Map<string, PersistedAgentTurn>();
    for (const path of pathsOf('shortest', config)) {
      const record = await replayPath(path.steps, config.input, coverage);
      const writing =
        JSON.stringify(record.turn.reply?.toolOutcomes ?? {}).includes('running') &&
        JSON.stringify(record.turn.reply?.events ?? []).includes('<write_to_file>');
      const key = `${record.resume}:${record.state}:${record.turn.reason ?? ''}:${writing}`;
      if (!records.has(key)) records.set(key, record);
    }
    let walked = 0;
    for (const record of records.values()) {
      // After the restored reply, one short reply ends the turn: the restore is what is walked here.
      const resumed = { ...config, input: { ...config.input, resume: record }, laterPieces: [CHUNKS.completion] };
      const paths = pathsOf('shortest', resumed, serializeTurnStateWithResults as never);
      for (const path of paths) await replayPath(path.steps, resumed.input, coverage);
      walked += paths.length;
    }
    console.log(
      `restored turns: ${records.size} records (${[...new Set([...records.values()].map((r) => r.resume))].join(', ')}), ${walked} shortest paths`,
    );
    expect([...new Set([...records.values()].map((r) => r.resume))].sort()).toEqual([
      'awaiting-approval',
      'finished',
      'interrupted',
      'request',
      'retrying',
      'running-tool',
    ]);
  }, 180_000);

  it('reaches every state and every transition', () => {
    const missingStates = STATES.filter((s) => !coverage.states.has(s));
    const transitions = allTransitions();
    const missingTransitions = [...transitions].filter((t) => !coverage.transitions.has(t));
    console.log(
      `coverage: states ${STATES.length - missingStates.length}/${STATES.length}, ` +
        `transitions ${transitions.size - missingTransitions.length}/${transitions.size}` +
        (missingTransitions.length ? `\n  not reached:\n  ${missingTransitions.join('\n  ')}` : ''),
    );
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
    expect(coverage.stops).toBeGreaterThan(0); // 'one' tool per message stopped the stream
  });
});
