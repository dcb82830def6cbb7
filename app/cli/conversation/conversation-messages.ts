// A message of the conversation: the hooks asked, the history compacted when it nears the
// model's window, the turn run with the checkpoints and deny rules around its tools, and the
// record and session file brought up to date; in plan mode, the plan put to the person.
import type { PersistedAgentTurn } from 'agent-turn';
import { compactHistory, contextLimitsFor, estimatePromptTokens, planCompaction } from 'agent-turn';
import { withCheckpoints } from '../../tools/checkpoints/index.js';
import { printable } from '../display/ansi-style.js';
import { withDenyRules } from '../permissions/turn-permissions.js';
import { compactionLine, keptMessages } from './compaction-view.js';
import { type Conversation, noteOf, recordNow, saveConversation, say } from './conversation-state.js';
import { conversationTurn } from './conversation-turn.js';
import type { ConversationCompaction, TurnPlan } from './conversation-types.js';
import { modeLine, planApprovedMessage } from './permission-mode.js';
import { askPlanApproval } from './plan-approval.js';

/** History past this share of the model's window is summarised before the next message. */
const COMPACT_AT_SHARE = 0.8;

/** Replaces the older history with a summary (/compact, or near the window); a failure is said and changes nothing. */
export async function compactConversation(c: Conversation, why: ConversationCompaction['why']): Promise<void> {
  const { style, record } = c;
  await c.setup.hooks?.preCompact(why === 'on-demand' ? 'manual' : 'auto');
  // The same split compactHistory makes: what the summary replaces, kept for /summary.
  const replaced = planCompaction(c.history).replaced;
  const result = await compactHistory({ client: c.client, model: c.model, messages: c.history });
  if (!result.ok) {
    say(
      c,
      style.yellow(
        `⋯ not compacted: ${result.error.message}${why === 'near-window' ? ' The oldest messages will be cut to fit instead.' : ''}`,
      ),
    );
    return;
  }
  c.history = result.messages;
  c.changedSinceTurn = true;
  record.compactions.push({
    replaced: result.replaced,
    summary: result.summary,
    tokensBefore: result.tokensBefore,
    tokensAfter: result.tokensAfter,
    why,
    messages: keptMessages(replaced),
  });
  say(c, style.dim(compactionLine(record.compactions[record.compactions.length - 1], record.compactions.length)));
  saveConversation(c);
  noteOf(c, await c.setup.hooks?.sessionStart('compact'));
}

/** What the turn of this message is given: the history, the notes, the tools' wrapping, the mode. */
function planFor(c: Conversation, task: string): TurnPlan {
  const { permissions, instructions } = c.setup;
  return {
    history: c.history,
    task,
    notes: c.notes.splice(0),
    wrapTools: (tools, asked) =>
      withCheckpoints(permissions ? withDenyRules(tools, permissions, asked) : tools, c.checkpoints),
    ...(permissions ? { permissions } : {}),
    sessionExtra: () => ({ conversation: recordNow(c) }),
    ...(instructions ? { instructions } : {}),
    mode: c.mode,
  };
}

/** Sends one message (or runs a resumed session's unfinished turn on) and records how it ended. */
export async function sendMessage(c: Conversation, task: string, snapshot?: PersistedAgentTurn): Promise<void> {
  const { setup, style } = c;
  if (!snapshot && setup.hooks) {
    const verdict = await setup.hooks.promptSubmit(task);
    if (!verdict.send) {
      say(c, style.yellow(`✗ not sent: a UserPromptSubmit hook refused it: ${printable(verdict.reason)}`));
      return;
    }
    noteOf(c, verdict.context);
  }
  if (!snapshot && c.history.length > 0) {
    const window = contextLimitsFor(c.model).contextWindow;
    if (estimatePromptTokens(c.history) > window * COMPACT_AT_SHARE) await compactConversation(c, 'near-window');
  }
  c.historyBeforeLast = snapshot ? c.historyBeforeLast : c.history;
  c.changedSinceTurn = false;
  const plan = planFor(c, task);
  const end = await setup.runTurn({
    options: { ...c.options, task },
    client: c.client,
    model: c.model,
    plan,
    snapshot,
  });
  c.lastOutput = end.output;
  if (end.output) {
    c.history = end.output.messages;
    c.record.turns.push(conversationTurn(task, end.output, c.model));
  }
  if (end.persisted) c.lastTurn = end.persisted;
  saveConversation(c);
  if (plan.mode === 'plan' && end.output?.reason === 'completed') await afterPlan(c, task);
}

/** A plan was presented: carried out once the person approves it (in the mode they choose), else still planning. */
async function afterPlan(c: Conversation, task: string): Promise<void> {
  const { io, style } = c;
  const answer = await askPlanApproval(io.stdin, io.stdout, style);
  if (answer === undefined) {
    say(c, style.dim('Still planning: say what to change, or /plan to leave plan mode.'));
    return;
  }
  c.mode = answer;
  say(c, style.green(`✓ Plan approved. ${modeLine(c.mode)}`));
  await sendMessage(c, planApprovedMessage(task));
}
