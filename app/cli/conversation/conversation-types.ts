// What the conversation keeps and what one turn of it is given.
import type { AgentTurnOutput } from 'agent-turn';
import type { PersistedAgentTurn } from 'agent-turn';
import type { ChatMessage } from 'agent-turn';
import type { Readable, Writable } from 'node:stream';
import type { WorkspaceTool } from '../../tools/index.js';
import type { PermissionDecision } from '../permissions/permission-rules.js';
import type { ConversationMode } from './permission-mode.js';

/** The process as the conversation uses it (the CLI's CliIo fits). */
export interface ConversationIo {
  env: Record<string, string | undefined>;
  cwd: string;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable;
}

/** One message of the person and how its turn ended, as the session keeps it. */
export interface ConversationTurn {
  task: string;
  reason: AgentTurnOutput['reason'];
  result?: string;
  usage: { promptTokens: number; completionTokens: number; totalTokens: number; estimated?: boolean };
  model: string;
}

/** A summary that replaced older messages (shown in one line, kept in the session). */
export interface ConversationCompaction {
  /** Messages replaced. */
  replaced: number;
  summary: string;
  tokensBefore: number;
  tokensAfter: number;
  /** 'on-demand' (/compact) or 'near-window' (automatic). */
  why: 'on-demand' | 'near-window';
  /** The messages it replaced, as `/summary` shows them (each bounded; absent in older sessions). */
  messages?: KeptMessage[];
}

/** A replaced message as a session keeps it for `/summary`: who spoke and the text (tool calls named). */
export interface KeptMessage {
  role: string;
  content: string;
}

/** The conversation part of a session file (the `conversation` field). */
export interface ConversationRecord {
  /** The history before the session's last turn (system message included; empty before the first). */
  history: ChatMessage[];
  /** The history after the last turn when it was changed since (/compact, /clear); else the turn's own output. */
  after?: ChatMessage[];
  turns: ConversationTurn[];
  compactions: ConversationCompaction[];
}

/** What one turn of a conversation is given, beyond the CLI's options. */
export interface TurnPlan {
  /** The history before this message (empty: the first message). */
  history: ChatMessage[];
  /** The person's message. */
  task: string;
  /** Notes for the model with this message (e.g. what /undo restored). */
  notes: string[];
  /** Project instructions for the system prompt (used with the first message only). */
  instructions?: string;
  /** The tools as the conversation wraps them (checkpoints, deny rules); `asked`: the tools a person approves this turn. */
  wrapTools?: (tools: Record<string, WorkspaceTool>, asked: readonly string[]) => Record<string, WorkspaceTool>;
  /** Permission rules for this turn: their decision per tool use, and what an "always" answer adds. */
  permissions?: TurnPermissions;
  /** Written into the session file beside the turn. */
  sessionExtra?: () => { conversation: ConversationRecord };
  /** The conversation's mode: 'plan' runs the turn in plan mode, 'accept-edits' asks no file edit. */
  mode?: ConversationMode;
}

/** How a turn ended, for the conversation. */
export interface TurnEnd {
  code: number;
  output?: AgentTurnOutput;
  persisted?: PersistedAgentTurn;
}

/** The permission rules as a turn uses them. */
export interface TurnPermissions {
  decide(tool: string, params: Record<string, string | undefined>): PermissionDecision;
  /** Tools that ask rules make wait for a person even when the CLI's policy would not. */
  alsoAsk: readonly string[];
  /** After an "always" answer: asks how far it goes (this session / this project) and keeps the rule. */
  always(tool: string, params: Record<string, string | undefined>): Promise<void>;
}
