// The page's conversation: the history the last turn gave back (`output.messages`, shaped by the
// model's history rule), the notes the model gets with the next message (what an undo restored),
// and what the conversation panel lists — every turn's message and outcome, and the notices between
// them. No DOM here: main.ts draws it, saved-conversation.ts keeps it across a reload.
import type { AgentTurnOutput } from 'agent-turn';
import type { ChatMessage } from 'agent-turn';
import { pageTaskMessage } from './page-task-message.js';

/** One line of the conversation panel besides a live turn: a finished turn, or a notice between turns. */
export type ConversationLogEntry =
  | {
      kind: 'turn';
      /** The person's message as typed. */
      task: string;
      /** How the turn ended (the machine's `reason`, or 'stopped-by-error'). */
      reason: string;
      /** The closing line the page showed. */
      outcome: string;
      tone: 'ok' | 'error';
      /** The completion tool's result, if any. */
      result?: string;
      /** The tools the turn used, in order ("write_to_file notes.md"). */
      tools: string[];
    }
  | {
      kind: 'notice';
      text: string;
      tone: 'ok' | 'notice';
      /** Shown when the notice is opened (a compaction's whole summary). */
      detail?: string;
    };

/** What a conversation holds (and what a reload restores). */
export interface ConversationState {
  /** The history before the next message, without a system message (the page writes its own each turn). */
  history: ChatMessage[];
  /** Told to the model with the next message, then forgotten. */
  notes: string[];
  /** Earlier turns and notices, oldest first. */
  log: ConversationLogEntry[];
}

export interface PageConversation {
  /** The messages of the turn for `task`: the history, then the person's message with the pending notes (which it takes). */
  startTurn(task: string): ChatMessage[];
  /** The turn ended: its history becomes the conversation's (when it gave one), and it joins the log. */
  endTurn(entry: Extract<ConversationLogEntry, { kind: 'turn' }>, output?: Pick<AgentTurnOutput, 'messages'>): void;
  /** A notice in the log; with `note`, the model is also told with the next message. */
  notice(text: string, tone: 'ok' | 'notice', note?: string, detail?: string): void;
  /** Replaces the history (a compaction). */
  replaceHistory(messages: readonly ChatMessage[]): void;
  /** Forgets the history, the notes and the log: the next message starts a new conversation. */
  clear(): void;
  /** True once a message was sent, a turn ended (a resumed one too) or a conversation was restored. */
  started(): boolean;
  state(): ConversationState;
}

/** The history without its leading system messages: the page gives each turn its own system prompt. */
export function withoutSystemMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  let at = 0;
  while (at < messages.length && messages[at].role === 'system') at++;
  return messages.slice(at);
}

/**
 * A conversation, empty or as a reload restored it.
 *
 * @example
 * ```ts
 * const conversation = createPageConversation();
 * const messages = conversation.startTurn('Read README.md'); // [{ role: 'user', content: '<task>…' }]
 * // … the turn runs with `messages` …
 * conversation.endTurn({ kind: 'turn', task: 'Read README.md', reason: 'completed', outcome: 'Completed.', tone: 'ok', tools: [] }, output);
 * ```
 */
export function createPageConversation(restored?: ConversationState): PageConversation {
  let history: ChatMessage[] = restored ? [...restored.history] : [];
  let notes: string[] = restored ? [...restored.notes] : [];
  let log: ConversationLogEntry[] = restored ? [...restored.log] : [];
  let sent = false;
  return {
    startTurn(task) {
      sent = true;
      const message: ChatMessage = { role: 'user', content: pageTaskMessage(task, notes.splice(0)) };
      return [...history, message];
    },
    endTurn(entry, output) {
      if (output) history = withoutSystemMessages(output.messages);
      log.push(entry);
    },
    notice(text, tone, note, detail) {
      log.push({ kind: 'notice', text, tone, ...(detail !== undefined ? { detail } : {}) });
      if (note !== undefined) notes.push(note);
    },
    replaceHistory(messages) {
      history = withoutSystemMessages(messages);
    },
    clear() {
      history = [];
      notes = [];
      log = [];
      sent = false;
    },
    started: () => sent || log.length > 0 || history.length > 0,
    state: () => ({ history: [...history], notes: [...notes], log: [...log] }),
  };
}
