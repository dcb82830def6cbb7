// One ACP session: a conversation in one workspace, each prompt a turn that builds on the history
// of the ones before, kept in a session file in the CLI's sessions folder (the same format as a
// terminal conversation's, so `session/load` and `agent-turn --resume` read it alike).
import path from 'node:path';
import type { AgentContext, SessionUpdate, StopReason } from '@agentclientprotocol/sdk';
import type { PersistedAgentTurn } from 'agent-turn';
import type { ChatClient, ChatMessage } from 'agent-turn';
import type { NodeWorkspace } from '../../tools/node/index.js';
import type { CliOptions } from '../options/cli-options.js';
import { CLI_SESSION_FORMAT, CLI_SESSION_VERSION, sessionOptions, writeSessionFile } from '../session/cli-session.js';
import { conversationTurn } from '../conversation/conversation-turn.js';
import type { ConversationRecord, TurnPermissions } from '../conversation/conversation-types.js';
import { runAcpTurn, type AcpCommands } from './acp-turn.js';

export interface AcpSessionSetup {
  id: string;
  /** The session file (absolute). */
  file: string;
  /** The workspace, with the client's files where it offers them. */
  workspace: NodeWorkspace;
  options: CliOptions;
  chat: ChatClient;
  model: string;
  instructions?: string;
  commands?: AcpCommands;
  permissions: TurnPermissions;
  sessionRules: string[];
  /** A loaded session's record (its history is what the next prompt builds on). */
  record?: ConversationRecord;
  /** Where lines for the log go (the editor shows the agent's stderr). */
  log(line: string): void;
}

/** A session as the agent's handlers use it. */
export interface AcpSession {
  readonly id: string;
  /** Runs a prompt as the next turn; rejects when one runs already. */
  prompt(client: Pick<AgentContext, 'notify' | 'request'>, task: string): Promise<StopReason>;
  /** Aborts the running prompt, if any (its open permission request answered as cancelled). */
  cancel(): void;
  /** The earlier turns as `session/update`s: each message of the person and the agent's answer. */
  replay(): SessionUpdate[];
}

/** Opens a session (new, or loaded from its record). */
export function createAcpSession(setup: AcpSessionSetup): AcpSession {
  const record: ConversationRecord = setup.record ?? { history: [], turns: [], compactions: [] };
  let history: ChatMessage[] = record.history;
  let historyBeforeLast: ChatMessage[] = record.history;
  let lastTurn: PersistedAgentTurn | undefined;
  let lastTask = '';
  let running: AbortController | undefined;
  let broken = false;

  const save = () => {
    if (!lastTurn || broken) return;
    try {
      writeSessionFile(setup.file, {
        format: CLI_SESSION_FORMAT,
        version: CLI_SESSION_VERSION,
        cli: sessionOptions({ ...setup.options, task: lastTask }, setup.workspace.root),
        turn: lastTurn,
        conversation: { history: historyBeforeLast, turns: record.turns, compactions: record.compactions },
      });
    } catch (error) {
      broken = true;
      setup.log(`cannot write the session ${setup.file} (${(error as Error).message}); it goes on without it.`);
    }
  };

  return {
    id: setup.id,
    cancel: () => running?.abort(),
    replay() {
      const text = (sessionUpdate: 'user_message_chunk' | 'agent_message_chunk', value: string): SessionUpdate => ({
        sessionUpdate,
        content: { type: 'text', text: value },
      });
      return record.turns.flatMap((turn) => [
        text('user_message_chunk', turn.task),
        text('agent_message_chunk', turn.result ?? `(The turn ended: ${turn.reason}.)`),
      ]);
    },
    async prompt(client, task) {
      if (running) throw Object.assign(new Error('a prompt is running in this session already'), { code: 'busy' });
      const cancel = new AbortController();
      running = cancel;
      historyBeforeLast = history;
      lastTask = task;
      try {
        const end = await runAcpTurn({
          client,
          sessionId: setup.id,
          number: record.turns.length + 1,
          workspace: setup.workspace,
          options: setup.options,
          chat: setup.chat,
          model: setup.model,
          history,
          task,
          ...(setup.instructions ? { instructions: setup.instructions } : {}),
          ...(setup.commands ? { commands: setup.commands } : {}),
          permissions: setup.permissions,
          sessionRules: setup.sessionRules,
          signal: cancel.signal,
          save: (turn) => {
            lastTurn = turn;
            save();
          },
        });
        if (end.output) {
          history = end.output.messages;
          record.turns.push(conversationTurn(task, end.output, setup.model));
        }
        if (end.persisted) lastTurn = end.persisted;
        save();
        return end.stopReason;
      } finally {
        running = undefined;
      }
    },
  };
}

/** The session file of an id in the sessions folder; undefined for an id that is not a plain name. */
export function sessionFileOf(folder: string, id: string): string | undefined {
  return /^[\w-]{1,100}$/.test(id) ? path.join(folder, `${id}.json`) : undefined;
}
