// One ACP prompt as one agent turn: the CLI's tools (through the client's files and terminal when
// it offers them), its permission rules, deny rules and no-sandbox safeguard, the turn's blocks
// streamed as `session/update`s, approvals asked with `session/request_permission`, and a cancel
// that aborts the turn. Updates go out one after another, in the order the turn made them.
import path from 'node:path';
import type { AgentContext, SessionUpdate, StopReason } from '@agentclientprotocol/sdk';
import { toPromise } from 'xstate';
import { createAgentTurnActor, type AgentTurnOutput } from '../../../machines/machine/index.js';
import type { PersistedAgentTurn } from '../../../machines/record/index.js';
import { selectView, type AgentTurnView, type ToolBlockView } from '../../../machines/view/index.js';
import type { ChatClient, ChatMessage } from '../../../src/wire/index.js';
import { previewFileChange } from '../../tools/change-preview.js';
import type { CommandRunner, WorkspaceTool } from '../../tools/index.js';
import { createNodeTools, type NodeWorkspace } from '../../tools/node/index.js';
import { toolsNeedingApproval } from '../approval-policy.js';
import type { CliOptions } from '../cli-options.js';
import type { TurnPermissions } from '../conversation/conversation-types.js';
import { scriptedDialectProtocol } from '../model-client.js';
import { withDeniedReads } from '../permissions/denied-reads.js';
import { ruleFor } from '../permissions/permission-rules.js';
import { withDenyRules } from '../permissions/turn-permissions.js';
import { refuseUnaskedRunsLaterWrites } from '../runs-later-guard.js';
import { withSessionWrittenFirst } from '../session-checkpoint.js';
import { taskMessage, type CommandIsolation } from '../task-message.js';
import { createBlockUpdates } from './acp-block-updates.js';
import { toolKindOf, toolLocationsOf, toolTitleOf } from './acp-tool-call.js';
import { askClientPermission } from './client-permission.js';

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

/** The tools that write one file (their diff is shown before they run). */
const FILE_WRITERS = new Set(['write_to_file', 'replace_in_file']);

/** Runs one prompt's turn to its end; resolves once every update it made was sent. */
export async function runAcpTurn(input: AcpTurnInput): Promise<AcpTurnEnd> {
  const { client, sessionId, workspace, options, permissions, signal } = input;
  let chain: Promise<unknown> = Promise.resolve();
  const send = (update: SessionUpdate): Promise<unknown> => {
    chain = chain.then(() => client.notify('session/update', { sessionId, update })).catch(() => undefined);
    return chain;
  };
  const shown = new Set<string>();
  const updates = createBlockUpdates({
    root: workspace.root,
    idPrefix: `${input.number}:`,
    keepsContent: (id) => shown.has(id),
  });
  const callIds = new Map<string, string>();
  const idOf = (callId: string) => callIds.get(callId) ?? `${input.number}:${callId}`;

  // A write's diff, read through the port (the editor's buffer) before it is asked or run.
  const diffs = new Map<string, Promise<unknown>>();
  const showDiff = (toolUse: { call_id: string; name: string; params: Record<string, string> }) => {
    const id = idOf(toolUse.call_id);
    let done = diffs.get(id);
    if (!done) {
      done = previewFileChange(workspace, toolUse).then((preview) => {
        if (!preview.ok) return;
        shown.add(id);
        const { change } = preview;
        return send({
          sessionUpdate: 'tool_call_update',
          toolCallId: id,
          content: [
            {
              type: 'diff',
              path: path.join(workspace.root, change.path),
              oldText: change.before ?? null,
              newText: change.after,
            },
          ],
        });
      });
      diffs.set(id, done);
    }
    return done;
  };
  let runningCommand: string | undefined;
  const onTerminal = (terminalId: string) => {
    if (runningCommand === undefined) return;
    shown.add(runningCommand);
    void send({
      sessionUpdate: 'tool_call_update',
      toolCallId: runningCommand,
      content: [{ type: 'terminal', terminalId }],
    });
  };

  const needsApproval = toolsNeedingApproval({ ...options, commandsNeedPerson: input.commands?.commandsNeedPerson });
  const approval = [...new Set([...needsApproval, ...permissions.alsoAsk])];
  const base = createNodeTools({
    workspace: withDeniedReads(workspace, permissions),
    readOnly: options.readOnly,
    allowGitWrites: options.allowGitWrites === true,
    ...(input.commands ? { commands: input.commands.runner(onTerminal) } : {}),
  });
  const shownFirst: Record<string, WorkspaceTool> = { ...base };
  if (!options.readOnly) {
    for (const name of FILE_WRITERS)
      shownFirst[name] = async (toolUse, context) => {
        await showDiff(toolUse);
        await chain;
        return base[name](toolUse, context);
      };
    shownFirst.execute_command = async (toolUse, context) => {
      runningCommand = idOf(toolUse.call_id);
      try {
        return await base.execute_command(toolUse, context);
      } finally {
        runningCommand = undefined;
      }
    };
  }
  let actorRef: ReturnType<typeof createAgentTurnActor> | undefined;
  const save = () => {
    if (actorRef) input.save(actorRef.getPersistedSnapshot());
  };
  const dialectProtocol = scriptedDialectProtocol(options, input.model);
  const actor = createAgentTurnActor({
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
    tools: withSessionWrittenFirst(
      refuseUnaskedRunsLaterWrites(
        withDenyRules(shownFirst, permissions, approval),
        workspace,
        new Set(options.readOnly ? [] : [...FILE_WRITERS].filter((t) => !approval.includes(t))),
      ),
      save,
    ),
    approval,
    ...(options.maxRequests !== undefined ? { maxRequests: options.maxRequests } : {}),
    ...(input.instructions && input.history.length === 0 ? { instructions: input.instructions } : {}),
  });
  actorRef = actor;

  const decided = new Set<string>();
  const answer = (approved: boolean, feedback?: string) => {
    if (actor.getSnapshot().status !== 'active') return;
    actor.send(approved ? { type: 'APPROVE' } : { type: 'REJECT', ...(feedback ? { feedback } : {}) });
  };
  const decide = (block: ToolBlockView) => {
    const ruled = permissions.decide(block.name, block.params);
    if (ruled.byRule && ruled.decision !== 'ask') {
      queueMicrotask(() =>
        answer(
          ruled.decision === 'allow',
          ruled.decision === 'deny' ? `Not run: ${ruled.reason} (a permission rule of the user).` : undefined,
        ),
      );
      return;
    }
    void ask(block);
  };
  const ask = async (block: ToolBlockView) => {
    const toolCallId = updates.toolCallId(block);
    if (FILE_WRITERS.has(block.name)) await showDiff(block);
    await chain;
    // "Always" is offered only where the rule it adds would hold (not for a use asked every time).
    const rule = ruleFor(block.name, block.params);
    input.sessionRules.push(rule);
    const canAlways = permissions.decide(block.name, block.params).decision === 'allow';
    input.sessionRules.pop();
    const chosen = await askClientPermission({
      client,
      sessionId,
      toolCall: {
        toolCallId,
        title: toolTitleOf(block.name, block.params),
        kind: toolKindOf(block.name),
        status: 'pending',
        locations: toolLocationsOf(workspace.root, block.params),
      },
      canAlways,
      signal,
    });
    if (chosen === 'allow-always') input.sessionRules.push(rule);
    if (chosen === 'cancelled') {
      if (!signal.aborted) answer(false, 'Not approved: the user cancelled the question.');
      return;
    }
    answer(chosen !== 'reject', chosen === 'reject' ? 'The user rejected this.' : undefined);
  };

  const onView = (view: AgentTurnView) => {
    for (const request of view.requests)
      for (const block of request.blocks)
        if (block.type === 'tool_use') callIds.set(block.call_id, updates.toolCallId(block));
    for (const update of updates.next(view)) void send(update);
    if (view.phase !== 'awaiting-approval') return;
    const waiting = view.blocks.find(
      (b): b is ToolBlockView => b.type === 'tool_use' && b.status === 'awaiting-approval' && !decided.has(b.key),
    );
    if (!waiting) return;
    decided.add(waiting.key);
    decide(waiting);
  };
  actor.subscribe({ next: (snapshot) => onView(selectView(snapshot)), error: () => undefined });
  const onCancel = () => actor.send({ type: 'ABORT' });
  signal.addEventListener('abort', onCancel, { once: true });
  let output: AgentTurnOutput;
  try {
    actor.start();
    if (signal.aborted) onCancel();
    output = await toPromise(actor);
  } catch (error) {
    await send({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: `\n\nThe turn crashed: ${(error as Error)?.message ?? String(error)}` },
    });
    return { stopReason: signal.aborted ? 'cancelled' : 'end_turn' };
  } finally {
    signal.removeEventListener('abort', onCancel);
  }
  if (output.reason === 'failed' || output.reason === 'too_many_mistakes')
    void send({
      sessionUpdate: 'agent_message_chunk',
      content: {
        type: 'text',
        text: `\n\nThe turn ended (${output.reason})${output.error ? `: ${output.error.message}` : ''}.`,
      },
    });
  const persisted = actor.getPersistedSnapshot();
  input.save(persisted);
  await chain;
  return { stopReason: signal.aborted ? 'cancelled' : STOP_REASONS[output.reason], output, persisted };
}
