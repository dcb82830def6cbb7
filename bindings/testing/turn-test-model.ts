// The agent-turn machine as a test model for an agent built on it: the walk of the machine's graph
// (XState's own graph utilities) over the events a reply model allows, every path replayed on a
// real actor with the agent's own tools, and the rules every agent must keep checked at each step.
import type { PromiseActorLogic } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { ExecuteToolInput, ExecuteToolOutput } from '../../machines/actors/execute-tool-actor-types.js';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import type { AgentTurnMachineInput } from '../../machines/machine/agent-turn-machine-input.js';
import type { AgentTurnInput } from '../../machines/machine/agent-turn-types.js';
import type { TurnTools } from '../../machines/machine/turn-tools.js';
import type { PersistedAgentTurn } from '../../machines/record/turn-record-types.js';
import type { ChatClient, ChatMessage } from '../../src/wire/types.js';
import {
  newTurnReplayLog,
  replayTurnPath,
  type TurnPathResult,
  type TurnPathStep,
  type TurnReplayLog,
} from './replay-turn-path.js';
import {
  REPLY_PIECES,
  serializeTurnEvent,
  serializeTurnState,
  serializeTurnStateWithResults,
  turnEventsFor,
  type TurnReplyModel,
} from './turn-graph-events.js';

/** What {@link createTurnTestModel} takes; everything but the tools has a default. */
export interface TurnTestModelOptions {
  /**
   * The agent's tools — functions by name, `defineTool` tools, or both — run for real at
   * every tool step (each call checked). Without them the walk answers the tool actor itself, done
   * and error both.
   */
  tools?: TurnTools;
  /**
   * Your own tool actor in place of the package's (an adapter between the turn and your UI or
   * runtime); your `tools` are still the functions it should call, each call watched.
   */
  executeTool?: PromiseActorLogic<ExecuteToolOutput, ExecuteToolInput>;
  /** The turn's other input: approval, toolsPerMessage, protocol, limits. Defaults: `approval: ['write_to_file']`, two requests, one retry without delay. */
  input?: Partial<Omit<AgentTurnInput, 'tools'>>;
  /** The replies the walk may build. Default: prose, reasoning, a read in two pieces, a write and the completion in the first reply (3 blocks), one block later. */
  replies?: Partial<Omit<TurnReplyModel, 'tools'>>;
  /** `'shortest'` (default): a shortest path to every distinct state. `'simple'`: every path without a repeated state (grows fast: keep the model small). */
  paths?: 'shortest' | 'simple';
  /** Cut every reply piece at random points drawn from this seed (fast-check), so chunk boundaries vary from run to run. */
  chunkSeed?: number;
  /** Also restore the turn from its record at the end of every path, and walk on from there (a resume at every point a turn can be saved). */
  resume?: boolean;
  /** A further check of each finished turn's history (e.g. your profile's reasoning rule); return the problem, or undefined. */
  checkHistory?: (messages: readonly ChatMessage[]) => string | undefined;
}

/** One generated path: what it does, in words, and its replay. */
export interface TurnTestPath {
  /** The path's events, e.g. `CHAT.CHUNKS → CHAT.END → APPROVE → done: executeTool`. */
  description: string;
  steps: readonly TurnPathStep[];
  /** Replays the path on a real actor; rejects with a TurnInvariantError when a rule broke. */
  run(): Promise<TurnPathResult>;
}

/** A test model: its paths, and a run of all of them. */
export interface TurnTestModel {
  /** The machine input every path starts from. */
  readonly input: AgentTurnMachineInput;
  /** The generated paths (from the start; restored turns' paths come from `runAll`). */
  paths(): TurnTestPath[];
  /** Replays every path (and with `resume`, every path from every distinct record); rejects at the first broken rule. */
  runAll(): Promise<TurnTestReport>;
}

/** What {@link TurnTestModel.runAll} did. */
export interface TurnTestReport {
  paths: number;
  /** Records restored and paths walked from them (with `resume`). */
  restoredRecords: number;
  restoredPaths: number;
  /** Tool calls made over every path. */
  toolCalls: number;
  log: TurnReplayLog;
}

/** A client that is never called: the walk's steps are the stream. */
const SILENT_CLIENT: ChatClient = {
  // biome-ignore lint/correctness/useYield: never streams; the walk sends the chunks
  async *stream() {
    throw new Error('the test model sends the stream itself');
  },
  async complete() {
    throw new Error('the test model sends the stream itself');
  },
};

/** The default reply model: every kind of block in the first reply, one block in later ones. */
export const DEFAULT_REPLY_MODEL: Omit<TurnReplyModel, 'tools'> = {
  pieces: [
    REPLY_PIECES.text,
    REPLY_PIECES.reasoning,
    REPLY_PIECES.readOpen,
    REPLY_PIECES.readClose,
    REPLY_PIECES.write,
    REPLY_PIECES.completion,
    REPLY_PIECES.finishLength,
  ],
  maxBlocks: 3,
  laterPieces: [REPLY_PIECES.text, REPLY_PIECES.readOpen, REPLY_PIECES.readClose, REPLY_PIECES.completion],
  laterMaxBlocks: 1,
};

/** The input a walk starts from: a silent client, few requests, no waiting. */
export function turnTestInput(extra: Partial<AgentTurnMachineInput> = {}): AgentTurnMachineInput {
  return {
    client: SILENT_CLIENT,
    model: 'm',
    messages: [{ role: 'user', content: 'task' }],
    tools: {},
    approval: ['write_to_file'],
    maxRequests: 2,
    nudge: { maxConsecutiveMistakes: 2 },
    retry: { delaysMs: [0] },
    // A write after a tool passes the limit (the stream is cancelled); a shorter tail is read on.
    drain: { graceMs: 0, maxChars: 20 },
    ...extra,
  };
}

/** The walked paths of a reply model from an input, as XState's graph utilities find them. */
export function walkTurnPaths(
  input: AgentTurnMachineInput,
  model: TurnReplyModel,
  kind: 'shortest' | 'simple' = 'shortest',
  serializeState: (s: never) => string = serializeTurnState as never,
): TurnPathStep[][] {
  const options = { events: turnEventsFor(model), serializeState, serializeEvent: serializeTurnEvent, input } as never;
  const paths =
    kind === 'shortest' ? getShortestPaths(agentTurnMachine, options) : getSimplePaths(agentTurnMachine, options);
  return paths.map((p) => p.steps as unknown as TurnPathStep[]);
}

function describe(steps: readonly TurnPathStep[]): string {
  return (
    steps
      .map((s) => s.event.type as string)
      .filter((t) => t !== 'xstate.init')
      // Stryker disable next-line Regex: these prefixes only ever stand at the start of an event type
      .map((t) => t.replace(/^xstate\.done\.actor\./, 'done: ').replace(/^xstate\.error\.actor\./, 'error: '))
      .join(' → ') || '(start)'
  );
}

/**
 * The agent-turn machine as a test model for your agent: paths over the turn's events — replies
 * chunked at random points, the faults a provider shows, approvals and rejections, ABORT in every
 * state, and (with `resume`) a restore from the record at every point — each replayed on a real
 * actor that runs your tools, checking that each complete tool use runs at most once (and never
 * again once its result is recorded), that a partial or cut-off tool never runs, that a tool that
 * needs approval never runs unapproved, that the history is well formed, and that the view never
 * goes backwards.
 *
 * @example
 * ```ts
 * import { createTurnTestModel } from 'agent-turn/testing';
 *
 * const model = createTurnTestModel({
 *   tools: { read_file: async (use) => `contents of ${use.params.path}`, write_to_file: async () => 'written' },
 *   input: { approval: ['write_to_file'] },
 *   chunkSeed: 42,
 * });
 * const report = await model.runAll(); // rejects with a TurnInvariantError naming the broken rule
 * report.paths; // how many paths were replayed
 * ```
 */
export function createTurnTestModel(options: TurnTestModelOptions = {}): TurnTestModel {
  const real = options.tools !== undefined;
  const input = turnTestInput({ ...options.input, ...(real ? { tools: options.tools } : {}) });
  // Stryker disable next-line StringLiteral: everything but 'real' is read as controlled
  const model: TurnReplyModel = { ...DEFAULT_REPLY_MODEL, ...options.replies, tools: real ? 'real' : 'controlled' };
  const replay = (steps: readonly TurnPathStep[], from: AgentTurnMachineInput, log: TurnReplayLog) =>
    replayTurnPath(steps, from, {
      // Stryker disable next-line StringLiteral: everything but 'real' is read as controlled
      tools: real ? 'real' : 'controlled',
      // Stryker disable next-line all: cutting the pieces changes only how a reply arrives; a correct machine ends each step in the same state either way, which is all a replay can show
      ...(options.chunkSeed !== undefined ? { chunkSeed: options.chunkSeed } : {}),
      ...(options.checkHistory ? { checkHistory: options.checkHistory } : {}),
      ...(options.executeTool ? { executeTool: options.executeTool } : {}),
      log,
    });
  const pathsFrom = (from: AgentTurnMachineInput, m: TurnReplyModel, serialize?: (s: never) => string) =>
    walkTurnPaths(from, m, options.paths ?? 'shortest', serialize).map(
      (steps): TurnTestPath => ({
        description: describe(steps),
        steps,
        run: () => replay(steps, from, newTurnReplayLog()),
      }),
    );
  return {
    input,
    paths: () => pathsFrom(input, model),
    async runAll() {
      const log = newTurnReplayLog();
      const records = new Map<string, PersistedAgentTurn>();
      const paths = pathsFrom(input, model);
      for (const path of paths) {
        const { record } = await replay(path.steps, input, log);
        // Stryker disable next-line StringLiteral: any stand-in for a missing reason tells the same records apart
        const key = `${record.resume}:${record.state}:${record.turn.reason ?? ''}:${JSON.stringify(record.turn.reply?.toolOutcomes ?? {})}`;
        if (options.resume && !records.has(key)) records.set(key, record);
      }
      let restoredPaths = 0;
      for (const record of records.values()) {
        // After the restored reply, one short reply ends the turn: the restore is what is walked.
        const from = { ...input, resume: record };
        const restored = { ...model, laterPieces: [REPLY_PIECES.completion] };
        for (const path of pathsFrom(from, restored, serializeTurnStateWithResults as never)) {
          await replay(path.steps, from, log);
          restoredPaths += 1;
        }
      }
      return { paths: paths.length, restoredRecords: records.size, restoredPaths, toolCalls: log.executed.length, log };
    },
  };
}
