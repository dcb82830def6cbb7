// One ACP prompt as one agent turn: the CLI's tools (through the client's files and terminal when
// it offers them), its permission rules, deny rules and no-sandbox safeguard, the turn's blocks
// streamed as `session/update`s, approvals asked with `session/request_permission`, and a cancel
// that aborts the turn. Updates go out one after another, in the order the turn made them.
import type { AgentContext, StopReason } from '@agentclientprotocol/sdk';
import { toPromise } from 'xstate';
import { createAgentTurnActor, type AgentTurnOutput, describeError } from 'agent-turn';
import type { PersistedAgentTurn } from 'agent-turn';
import { selectView, type AgentTurnView, type ToolBlockView } from 'agent-turn';
import type { ChatClient, ChatMessage } from 'agent-turn';
import type { CommandRunner } from '../../tools/index.js';
import type { NodeWorkspace } from '../../tools/node/index.js';
import { toolsNeedingApproval } from '../approval/approval-policy.js';
import type { CliOptions } from '../options/cli-options.js';
import type { TurnPermissions } from '../conversation/conversation-types.js';
import { scriptedDialectProtocol } from '../turn/model-client.js';
import { taskMessage, type CommandIsolation } from '../turn/task-message.js';
import { createApprovals } from './acp-approvals.js';
import { createBlockUpdates } from './acp-block-updates.js';
import { createAcpTools } from './acp-turn-tools.js';
import { createUpdateSender } from './update-sender.js';

/** How the session's commands run: the sandbox (or not), or the client's terminal. */
export interface AcpCommands {
  /** A runner for this turn; `onTerminal` is told the id of each client terminal it opens. */
  runner(onTerminal: (terminalId: string) => void): CommandRunner;
  isolation: CommandIsolation;
  /** Commands need a person whatever --yes says (they run unsandboxed). */
  commandsNeedPerson: boolean;
}

export interface AcpTurnInput {
  client: Pick<AgentContext, 'notify' | 'request'>;
  sessionId: string;
  /** The turn's number in the session: tool call ids are unique across its turns. */
  number: number;
  /** The workspace, with the client's files where it offers them. */
  workspace: NodeWorkspace;
  options: CliOptions;
  chat: ChatClient;
  model: string;
  history: ChatMessage[];
  task: string;
  /** Project instructions (joined to the system prompt with the first message only). */
  instructions?: string;
  commands?: AcpCommands;
  permissions: TurnPermissions;
  /** The session's rules: "allow always" adds one. */
  sessionRules: string[];
  /** Aborted by `session/cancel`. */
  signal: AbortSignal;
  /** Keeps the turn as it is now (the session record). */
  save(turn: PersistedAgentTurn): void;
}

export interface AcpTurnEnd {
  stopReason: StopReason;
  output?: AgentTurnOutput;
  persisted?: PersistedAgentTurn;
}

const STOP_REASONS: Record<AgentTurnOutput['reason'], StopReason> = {
  completed: 'end_turn',
  aborted: 'cancelled',
  max_requests: 'max_turn_requests',
  too_many_mistakes: 'end_turn',
  failed: 'end_turn',
};

/** The turn's actor: the history, the task message as the CLI words it, the tools, the approvals. */
function startActor(
  input: AcpTurnInput,
  tools: Parameters<typeof createAgentTurnActor>[0]['tools'],
  approval: string[],
  needsApproval: string[],
) {
  const { options, workspace } = input;
  const dialectProtocol = scriptedDialectProtocol(options, input.model);
  return createAgentTurnActor({
    nativeTools: options.nativeTools,
    client: input.chat,
    model: input.model,
    ...(dialectProtocol ? { protocol: dialectProtocol } : {}),
    messages: [
      ...input.history,
      {
        role: 'user' as const,
        content: taskMessage(input.task, {
          workspace: workspace.root,
          readOnly: options.readOnly,
          needsApproval,
          ...(input.commands ? { commands: input.commands.isolation } : {}),
        }),
      },
    ],
    tools,
    approval,
    ...(options.maxRequests !== undefined ? { maxRequests: options.maxRequests } : {}),
    ...(input.instructions && input.history.length === 0 ? { instructions: input.instructions } : {}),
  });
}

/** Runs one prompt's turn to its end; resolves once every update it made was sent. */
export async function runAcpTurn(input: AcpTurnInput): Promise<AcpTurnEnd> {
  const { client, sessionId, workspace, options, permissions, signal } = input;
  const updates = createUpdateSender(client, sessionId);
  const callIds = new Map<string, string>();
  const idOf = (callId: string) => callIds.get(callId) ?? `${input.number}:${callId}`;
  const needsApproval = toolsNeedingApproval({ ...options, commandsNeedPerson: input.commands?.commandsNeedPerson });
  const approval = [...new Set([...needsApproval, ...permissions.alsoAsk])];
  let actor: ReturnType<typeof createAgentTurnActor> | undefined;
  const tools = createAcpTools({
    workspace,
    options,
    permissions,
    approval,
    ...(input.commands ? { commands: input.commands.runner } : {}),
    updates,
    idOf,
    save: () => actor && input.save(actor.getPersistedSnapshot()),
  });
  const blocks = createBlockUpdates({
    root: workspace.root,
    idPrefix: `${input.number}:`,
    keepsContent: (id) => tools.shown.has(id),
  });
  const turn = startActor(input, tools.tools, approval, needsApproval);
  actor = turn;
  const decide = createApprovals({
    client,
    sessionId,
    root: workspace.root,
    permissions,
    sessionRules: input.sessionRules,
    tools,
    updates,
    toolCallId: blocks.toolCallId,
    signal,
    answer(approved, feedback) {
      if (turn.getSnapshot().status !== 'active') return;
      turn.send(approved ? { type: 'APPROVE' } : { type: 'REJECT', ...(feedback ? { feedback } : {}) });
    },
  });
  const decided = new Set<string>();
  const onView = (view: AgentTurnView) => {
    for (const request of view.requests)
      for (const block of request.blocks)
        if (block.type === 'tool_use') callIds.set(block.call_id, blocks.toolCallId(block));
    for (const update of blocks.next(view)) void updates.send(update);
    if (view.phase !== 'awaiting-approval') return;
    const waiting = view.blocks.find(
      (b): b is ToolBlockView => b.type === 'tool_use' && b.status === 'awaiting-approval' && !decided.has(b.key),
    );
    if (!waiting) return;
    decided.add(waiting.key);
    decide(waiting);
  };
  turn.subscribe({ next: (snapshot) => onView(selectView(snapshot)), error: () => undefined });
  return finish(input, turn, updates);
}

/** Starts the turn, aborts it on cancel, and says how it ended. */
async function finish(
  input: AcpTurnInput,
  turn: ReturnType<typeof createAgentTurnActor>,
  updates: ReturnType<typeof createUpdateSender>,
): Promise<AcpTurnEnd> {
  const { signal } = input;
  const say = (text: string) => updates.send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
  const onCancel = () => turn.send({ type: 'ABORT' });
  signal.addEventListener('abort', onCancel, { once: true });
  let output: AgentTurnOutput;
  try {
    turn.start();
    if (signal.aborted) onCancel();
    output = await toPromise(turn);
  } catch (error) {
    await say(`\n\nThe turn crashed: ${describeError(error)}`);
    return { stopReason: signal.aborted ? 'cancelled' : 'end_turn' };
  } finally {
    signal.removeEventListener('abort', onCancel);
  }
  if (output.reason === 'failed' || output.reason === 'too_many_mistakes')
    void say(`\n\nThe turn ended (${output.reason})${output.error ? `: ${output.error.message}` : ''}.`);
  const persisted = turn.getPersistedSnapshot();
  input.save(persisted);
  await updates.flushed();
  return { stopReason: signal.aborted ? 'cancelled' : STOP_REASONS[output.reason], output, persisted };
}
