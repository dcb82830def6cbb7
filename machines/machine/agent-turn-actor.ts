// The common case in two calls: build the input (system prompt or native tools included) and run it.
import { inspectableInput } from './inspection-summary.js';
import { createActor, toPromise, type Actor, type ActorOptions } from 'xstate';
import { clineThinkProtocol } from '../../src/protocol/cline-protocol.js';
import { nativeToolDefinitions } from '../../src/protocol/native-tools.js';
import { nativeToolUsePrompt } from '../../src/protocol/native-tool-prompt.js';
import { defaultToolDescriptions, type ToolDescriptions } from '../../src/protocol/tool-descriptions.js';
import type { Protocol } from '../../src/protocol/define-protocol.js';
import type { ChatToolDefinition } from '../../src/wire/types.js';
import {
  agentToolDefinition,
  agentToolDescription,
  agentToolsOf,
  protocolForTools,
  toolsByName,
} from './turn-tools.js';
import { toolUsePrompt } from '../../src/protocol/tool-use-prompt.js';
import { agentTurnMachine, type AgentTurnMachine } from './agent-turn-machine.js';
import type { AgentTurnInput, AgentTurnOutput } from './agent-turn-types.js';
import type { AgentTurnMachineInput } from './agent-turn-machine-input.js';
import { DEFAULT_COMPLETION_TOOL } from './turn-context.js';
import { checkTurnSetup } from './check-turn-setup.js';
import { checkTurnRecord, persistAgentTurn } from '../record/turn-record.js';
import { checkTurnEvent, warnIgnoredEvent } from './event-check.js';
import type { PersistedAgentTurn } from '../record/turn-record-types.js';

/**
 * What {@link runAgentTurn} and {@link createAgentTurnActor} take: the machine's input plus how to
 * build the system message (instructions, tag prompt or native tools) and actor options.
 */
export interface AgentTurnSetup extends AgentTurnInput {
  /**
   * Who the agent is and how it should work: the system message's opening, before the tool-use
   * prompt (with native tools, before the native-tool rules: {@link nativeToolUsePrompt}). When the
   * messages already start with a system message, these instructions are put before its content.
   */
  instructions?: string;
  /** Send the tools as OpenAI `tools` (native calls) instead of describing the tag protocol in the system message. */
  nativeTools?: boolean;
  /** Tool descriptions for the prompt / the native tool schemas. Default: the Cline tools' table. */
  descriptions?: ToolDescriptions;
  /**
   * Aborts the turn when it fires (as an ABORT event does): {@link runAgentTurn} then resolves
   * with `reason: 'aborted'`; a signal already aborted ends the turn before its first request.
   */
  signal?: AbortSignal;
  /** Inspection and other actor options. */
  actorOptions?: Omit<ActorOptions<AgentTurnMachine>, 'input'>;
  /**
   * A persisted turn to resume (`actor.getPersistedSnapshot()` of an earlier actor, or its JSON
   * parsed). The model, the history and the reply in progress come from it: only what happened.
   * Give the client, tools and protocol again, and every policy — `approval`, `idempotentTools`,
   * `maxRequests` and the other limits: they are the caller's, never the record's (an edited
   * record cannot skip an approval or re-run a command). A record this package cannot read throws
   * a TurnRecordError (`code: 'invalid-turn-record'`).
   */
  snapshot?: PersistedAgentTurn;
}

/** A setup that resumes a persisted turn: `model` and `messages` come from the snapshot. */
export type ResumeAgentTurnSetup = Omit<AgentTurnSetup, 'model' | 'messages' | 'snapshot'> &
  Partial<Pick<AgentTurnSetup, 'model' | 'messages'>> & { snapshot: PersistedAgentTurn };

/**
 * The descriptions the prompt and the native schemas are made from: the caller's (default: the
 * Cline tools' table), the completion tool's own when they lack it, and each defineTool tool's.
 */
function offeredDescriptions(
  given: ToolDescriptions | undefined,
  tools: AgentTurnInput['tools'],
  completionTool: string,
): ToolDescriptions {
  const base = given ?? defaultToolDescriptions;
  const completion: ToolDescriptions =
    !Object.hasOwn(base, completionTool) && completionTool === DEFAULT_COMPLETION_TOOL
      ? { [completionTool]: defaultToolDescriptions[DEFAULT_COMPLETION_TOOL]! }
      : {};
  const own = Object.fromEntries(agentToolsOf(tools).map((t) => [t.name, agentToolDescription(t)]));
  return { ...completion, ...base, ...own };
}

/**
 * The native function definitions offered: the given (or made) ones, each defineTool tool's with
 * its own JSON Schema (replacing a made one of the same name), and the completion tool when missing.
 */
function offeredDefinitions(
  made: readonly ChatToolDefinition[],
  protocol: Protocol,
  descriptions: ToolDescriptions,
  tools: AgentTurnInput['tools'],
  completionTool: string,
): ChatToolDefinition[] {
  const own = new Map(agentToolsOf(tools).map((t) => [t.name, agentToolDefinition(t)]));
  const out = made.map((d) => own.get(d.function.name) ?? d);
  for (const [name, definition] of own) if (!out.some((d) => d.function.name === name)) out.push(definition);
  if (!out.some((d) => d.function.name === completionTool)) {
    out.push(
      ...nativeToolDefinitions(protocol, descriptions, { toolNames: [completionTool], completionTool }).filter(
        (d) => d.function.name === completionTool,
      ),
    );
  }
  return out;
}

/** `instructions` and `rest`, as one system message's content. */
function withInstructions(instructions: string | undefined, rest: string | undefined): string {
  if (instructions === undefined || instructions === '') return rest ?? '';
  return rest === undefined || rest === '' ? instructions : `${instructions}\n\n${rest}`;
}

/**
 * The machine's input for a setup: the system message built from `instructions` and the tool-use
 * prompt, unless the messages start with a system message (then only the instructions are added to it).
 */
export function agentTurnInput(setup: AgentTurnSetup): AgentTurnInput {
  const {
    nativeTools,
    descriptions: given,
    instructions,
    actorOptions: _ignored,
    snapshot: _snapshot,
    signal: _signal,
    ...input
  } = setup;
  const selection = {
    toolNames: Object.keys(toolsByName(input.tools)),
    completionTool: input.completionTool ?? DEFAULT_COMPLETION_TOOL,
  };
  const descriptions = offeredDescriptions(given, input.tools, selection.completionTool);
  // Every tool of the turn is in the protocol: parsed from tags, in the prompt, offered natively.
  const protocol = protocolForTools(
    input.protocol ?? clineThinkProtocol,
    input.tools,
    selection.completionTool,
    descriptions,
  );
  const definitions = () =>
    offeredDefinitions(
      input.toolDefinitions ?? nativeToolDefinitions(protocol, descriptions, selection),
      protocol,
      descriptions,
      input.tools,
      selection.completionTool,
    );
  const [first, ...others] = input.messages;
  if (first?.role === 'system') {
    const messages = instructions
      ? [{ ...first, content: withInstructions(instructions, first.content ?? undefined) }, ...others]
      : input.messages;
    const toolDefinitions = nativeTools ? { toolDefinitions: definitions() } : {};
    return { ...input, protocol, messages, ...toolDefinitions };
  }
  if (nativeTools) {
    // The rules the tag prompt states hold for native calls too: they go in a system message.
    const rules = nativeToolUsePrompt({
      completionTool: selection.completionTool,
      toolsPerMessage: input.toolsPerMessage,
      endTurn: input.endTurn ?? 'text',
    });
    const messages = [{ role: 'system' as const, content: withInstructions(instructions, rules) }, ...input.messages];
    return {
      ...input,
      protocol,
      messages,
      toolDefinitions: definitions(),
    };
  }
  const prompt = toolUsePrompt(protocol, descriptions, {
    ...selection,
    toolsPerMessage: input.toolsPerMessage,
    endTurn: input.endTurn ?? 'completion-tool',
  });
  return {
    ...input,
    protocol,
    messages: [{ role: 'system', content: withInstructions(instructions, prompt) }, ...input.messages],
  };
}

/**
 * The actor of one agent turn (what {@link createAgentTurnActor} returns): `start()`, `send()`,
 * `subscribe()`, `getSnapshot()`, and `getPersistedSnapshot()`, which gives the turn as plain JSON
 * at any moment (a {@link PersistedAgentTurn}) to resume it later.
 */
export type AgentTurnActor = Omit<Actor<AgentTurnMachine>, 'getPersistedSnapshot'> & {
  /** The turn as plain JSON (format `agent-turn/turn`, version 1): pass it as `snapshot` to resume the turn. */
  getPersistedSnapshot(): PersistedAgentTurn;
};

/** The machine input that resumes a persisted turn. */
function resumeInput(setup: ResumeAgentTurnSetup): AgentTurnMachineInput {
  const record = checkTurnRecord(setup.snapshot);
  const {
    snapshot: _snapshot,
    actorOptions: _actorOptions,
    nativeTools: _n,
    descriptions: _d,
    instructions: _i,
    signal: _s,
    ...rest
  } = setup;
  return { ...rest, model: record.turn.model, messages: record.turn.messages, resume: record };
}

/** The turn is aborted (an ABORT) when `signal` fires, or at its start when it already had; the listener goes when the turn ends. */
function abortWith(actor: Actor<AgentTurnMachine>, signal: AbortSignal | undefined): void {
  if (signal === undefined) return;
  const abort = () => actor.send({ type: 'ABORT' });
  const start = actor.start.bind(actor);
  actor.start = () => {
    start();
    if (signal.aborted) abort();
    else if (actor.getSnapshot().status === 'active') {
      signal.addEventListener('abort', abort, { once: true });
      actor.subscribe({ complete: () => signal.removeEventListener('abort', abort) });
    }
    return actor;
  };
}

/**
 * The unstarted actor of one agent turn, for a UI: subscribe, render {@link selectView} of each
 * snapshot, answer approvals with APPROVE / REJECT, stop with ABORT. The system message is built
 * from `instructions` and the tool-use prompt (or native tool schemas with `nativeTools`). Throws
 * a TypeError (`code: 'invalid-options'`) for a setup that cannot work (no client, `approval: 'write_to_file'`).
 *
 * @example
 * ```ts
 * import { createAgentTurnActor, selectView } from 'agent-turn';
 *
 * const actor = createAgentTurnActor({ client, model: 'glm-5.1', messages, tools, approval: ['write_to_file'] });
 * actor.subscribe((snapshot) => {
 *   const view = selectView(snapshot);
 *   render(view);
 *   if (snapshot.hasTag('awaiting-approval')) askUser().then((ok) => actor.send(ok ? { type: 'APPROVE' } : { type: 'REJECT', feedback: 'not now' }));
 * });
 * actor.start();
 * ```
 */
export function createAgentTurnActor(setup: AgentTurnSetup | ResumeAgentTurnSetup): AgentTurnActor {
  let input: AgentTurnMachineInput;
  if (typeof setup === 'object' && setup !== null && setup.snapshot !== undefined) {
    input = resumeInput(setup as ResumeAgentTurnSetup); // a record this package cannot read throws a TurnRecordError
    checkTurnSetup(input);
  } else {
    checkTurnSetup(setup); // a setup that cannot work throws here, before anything starts
    input = agentTurnInput(setup as AgentTurnSetup);
  }
  // An inspector sees the input summarised (its xstate.init event), as it sees the context.
  const actor = createActor(agentTurnMachine, { ...setup?.actorOptions, input: inspectableInput({ ...input }) });
  // Every event from outside is checked first: a bad payload is ignored with a warning, never a crash.
  const send = actor.send.bind(actor);
  abortWith(actor, setup.signal);
  // XState's own persisted snapshot holds the client, the tools and the parser: the turn's record is plain JSON.
  return Object.assign(actor, {
    send: (event: unknown) => {
      const checked = checkTurnEvent(event);
      if (checked.ok) send(checked.event);
      else warnIgnoredEvent(checked.problem);
    },
    getPersistedSnapshot: () => persistAgentTurn(actor.getSnapshot()),
  }) as unknown as AgentTurnActor;
}

/**
 * Runs one agent turn to its end and resolves with its output: why it ended, the history for the
 * next user message (as the model's history rule asks: content only for most models), every request with its blocks, tool results
 * and usage. Never rejects for model or tool failures: they are in the output. Rejects at once,
 * with a TypeError (`code: 'invalid-options'`) for a setup that cannot work (no client, `maxRequests: 0`).
 *
 * @example
 * ```ts
 * import { createChatClient, runAgentTurn } from 'agent-turn';
 *
 * const client = createChatClient({ baseURL: 'https://api.example.com/v1', apiKey: process.env.OPENAI_API_KEY });
 * const output = await runAgentTurn({
 *   client,
 *   model: 'qwen3.6-plus',
 *   messages: [{ role: 'user', content: 'Read README.md and summarize it' }],
 *   tools: { read_file: async (use) => readFile(use.params.path, 'utf8') },
 * });
 * output.reason;   // 'completed' | 'max_requests' | 'too_many_mistakes' | 'aborted' | 'failed'
 * output.messages; // the history for the next user message
 * ```
 */
export function runAgentTurn(setup: AgentTurnSetup | ResumeAgentTurnSetup): Promise<AgentTurnOutput> {
  let actor: AgentTurnActor;
  try {
    actor = createAgentTurnActor(setup);
  } catch (error) {
    return Promise.reject(error); // an AgentTurnOptionsError (or TurnRecordError): rejected at once
  }
  const done = toPromise(actor);
  actor.start();
  return done;
}
