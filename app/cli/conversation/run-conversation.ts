// The CLI as a conversation: a prompt after each turn, the history carried into the next message
// (as the machine gave it back, with the profile's history rule applied), slash commands, a
// session file per conversation in the sessions folder, and checkpoints with /undo.
import path from 'node:path';
import type { AgentTurnOutput } from 'agent-turn';
import type { PersistedAgentTurn } from 'agent-turn';
import { contextLimitsFor } from 'agent-turn';
import { compactHistory, estimatePromptTokens, planCompaction } from 'agent-turn';
import type { ChatClient, ChatMessage } from 'agent-turn';
import {
  createWorkspaceCheckpoints,
  undoSentence,
  withCheckpoints,
  type CheckpointLimits,
} from '../../tools/checkpoints/index.js';
import { createDiskCheckpointStore, openWorkspace } from '../../tools/node/index.js';
import { createStyle, printable } from '../display/ansi-style.js';
import type { CliOptions } from '../options/cli-options.js';
import { CLI_SESSION_FORMAT, CLI_SESSION_VERSION, sessionOptions, writeSessionFile } from '../session/cli-session.js';
import { createModelClient } from '../turn/model-client.js';
import { priceFor } from '../display/usage-figures.js';
import { showLastResults } from '../display/last-results.js';
import { withDenyRules } from '../permissions/turn-permissions.js';
import type {
  TurnPermissions,
  ConversationIo,
  ConversationCompaction,
  ConversationRecord,
  TurnEnd,
  TurnPlan,
} from './conversation-types.js';
import { startsWithTurn } from './conversation-mode.js';
import { readPromptLine } from './line-prompt.js';
import { journalFileIn, readJournalFile, writeJournalFile } from './checkpoint-journal-file.js';
import { conversationTurn } from './conversation-turn.js';
import { checkpointKey, checkpointPlace } from './checkpoint-place.js';
import type { ResumedConversation } from './pick-session.js';
import { newSessionFile, sessionsFolder } from './sessions-folder.js';
import { isSlashCommand, parseConversationCommand, SLASH_HELP } from './slash-commands.js';
import { compactionLine, keptMessages, showSummary } from './compaction-view.js';
import type { SessionHooks } from '../hooks/session-hooks.js';
import { modeLine, modePrompt, nextMode, planApprovedMessage, type ConversationMode } from './permission-mode.js';
import { askPlanApproval } from './plan-approval.js';

/** History past this share of the model's window is summarised before the next message. */
const COMPACT_AT_SHARE = 0.8;

export interface ConversationSetup {
  io: ConversationIo;
  options: CliOptions;
  /** The workspace root (absolute). */
  root: string;
  client: ChatClient;
  model: string;
  /** An unfinished turn of a resumed session: it runs first. */
  snapshot?: PersistedAgentTurn;
  resumed?: ResumedConversation;
  /** Project instructions for the system prompt (AGENTS.md …). */
  instructions?: string;
  checkpointLimits?: CheckpointLimits;
  /** The permission rules (shared by every turn: "always for this session" holds for all). */
  permissions?: TurnPermissions;
  /** The mode the conversation starts in (default: 'default'). */
  mode?: ConversationMode;
  /** The settings' SessionStart, UserPromptSubmit and PreCompact hooks (app/cli/hooks/session-hooks.ts). */
  hooks?: SessionHooks;
  runTurn(
    options: CliOptions,
    client: ChatClient,
    model: string,
    plan: TurnPlan,
    snapshot: PersistedAgentTurn | undefined,
  ): Promise<TurnEnd>;
}

/** Runs the conversation until /exit, Ctrl-D or Ctrl-C on an empty prompt; resolves with the exit code. */
export async function runConversation(setup: ConversationSetup): Promise<number> {
  const { io, root } = setup;
  let options = setup.options;
  let client = setup.client;
  let model = setup.model;
  const live = io.stdout.isTTY === true && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
  const style = createStyle(live);
  const say = (line: string) => io.stdout.write(`${line}\n`);

  // The session file: the one resumed, the one given (--session), or a new one in the sessions folder.
  const sessionFile = path.resolve(io.cwd, options.resume ?? options.session ?? newSessionFile(sessionsFolder(io.env)));
  options = { ...options, session: sessionFile };
  const record: ConversationRecord = setup.resumed?.record ?? { history: [], turns: [], compactions: [] };
  let history: ChatMessage[] = record.history;
  let historyBeforeLast: ChatMessage[] = setup.snapshot ? record.history : [];
  let changedSinceTurn = false;
  let lastTurn: PersistedAgentTurn | undefined = setup.snapshot;
  let lastOutput: AgentTurnOutput | undefined;
  const notes: string[] = [];
  // Shift+Tab cycles the modes; /plan toggles plan mode (permission-mode.ts).
  let mode: ConversationMode = setup.mode ?? 'default';
  // Up at the prompt brings back earlier messages, those of a resumed session too (newest first).
  const promptHistory = record.turns.map((t) => t.task).reverse();

  // Checkpoints beside the session file, never inside the workspace.
  const checkpointKeyBytes = checkpointKey(io.env);
  const place = checkpointPlace(sessionFile, root, io.env, checkpointKeyBytes);
  if (place.note) io.stderr.write(`agent-turn: ${place.note}\n`);
  const storeFolder = place.folder;
  const workspace = await openWorkspace(root);
  const store = createDiskCheckpointStore(storeFolder);
  // The undo steps survive --resume / --continue: kept beside the contents, read back checked.
  const journalFile = journalFileIn(storeFolder);
  const earlier = setup.resumed
    ? readJournalFile(journalFile, checkpointKeyBytes)
    : { ok: true as const, journal: undefined };
  const journalProblem = earlier.ok ? undefined : earlier.message;
  let journalBroken = false;
  const checkpoints = createWorkspaceCheckpoints({
    files: workspace,
    store,
    ...setup.checkpointLimits,
    ...(earlier.ok && earlier.journal ? { journal: earlier.journal } : {}),
    onJournal: (journal) => {
      if (journalBroken) return;
      try {
        writeJournalFile(journalFile, journal, checkpointKeyBytes);
      } catch (error) {
        journalBroken = true;
        io.stderr.write(
          `agent-turn: cannot keep the undo steps in ${journalFile} (${(error as Error).message}); /undo works until you leave.\n`,
        );
      }
    },
  });

  const recordNow = (): ConversationRecord => ({
    history: historyBeforeLast,
    ...(changedSinceTurn ? { after: history } : {}),
    turns: record.turns,
    compactions: record.compactions,
  });
  let sessionBroken = false;
  const save = () => {
    if (!lastTurn || sessionBroken) return;
    try {
      writeSessionFile(sessionFile, {
        format: CLI_SESSION_FORMAT,
        version: CLI_SESSION_VERSION,
        cli: sessionOptions(options, root),
        turn: lastTurn,
        conversation: recordNow(),
      });
    } catch (error) {
      sessionBroken = true;
      io.stderr.write(
        `agent-turn: cannot write the session ${sessionFile} (${(error as Error).message}); the conversation goes on without it.\n`,
      );
    }
  };

  /** Context a hook gave joins the notes of the next message. */
  const noteOf = (context: string | undefined) => {
    if (context !== undefined) notes.push(context);
  };

  async function compact(why: ConversationCompaction['why']): Promise<void> {
    await setup.hooks?.preCompact(why === 'on-demand' ? 'manual' : 'auto');
    // The same split compactHistory makes: what the summary replaces, kept for /summary.
    const replaced = planCompaction(history).replaced;
    const result = await compactHistory({ client, model, messages: history });
    if (!result.ok) {
      say(
        style.yellow(
          `⋯ not compacted: ${result.error.message}${why === 'near-window' ? ' The oldest messages will be cut to fit instead.' : ''}`,
        ),
      );
      return;
    }
    history = result.messages;
    changedSinceTurn = true;
    record.compactions.push({
      replaced: result.replaced,
      summary: result.summary,
      tokensBefore: result.tokensBefore,
      tokensAfter: result.tokensAfter,
      why,
      messages: keptMessages(replaced),
    });
    say(style.dim(compactionLine(record.compactions[record.compactions.length - 1], record.compactions.length)));
    save();
    noteOf(await setup.hooks?.sessionStart('compact'));
  }

  async function turn(task: string, snapshot?: PersistedAgentTurn): Promise<void> {
    if (!snapshot && setup.hooks) {
      const verdict = await setup.hooks.promptSubmit(task);
      if (!verdict.send) {
        say(style.yellow(`✗ not sent: a UserPromptSubmit hook refused it: ${printable(verdict.reason)}`));
        return;
      }
      noteOf(verdict.context);
    }
    if (!snapshot && history.length > 0) {
      const window = contextLimitsFor(model).contextWindow;
      if (estimatePromptTokens(history) > window * COMPACT_AT_SHARE) await compact('near-window');
    }
    historyBeforeLast = snapshot ? historyBeforeLast : history;
    changedSinceTurn = false;
    const plan: TurnPlan = {
      history,
      task,
      notes: notes.splice(0),
      wrapTools: (tools, asked) =>
        withCheckpoints(setup.permissions ? withDenyRules(tools, setup.permissions, asked) : tools, checkpoints),
      ...(setup.permissions ? { permissions: setup.permissions } : {}),
      sessionExtra: () => ({ conversation: recordNow() }),
      ...(setup.instructions ? { instructions: setup.instructions } : {}),
      mode,
    };
    const end = await setup.runTurn({ ...options, task }, client, model, plan, snapshot);
    lastOutput = end.output;
    if (end.output) {
      history = end.output.messages;
      record.turns.push(conversationTurn(task, end.output, model));
    }
    if (end.persisted) lastTurn = end.persisted;
    save();
    if (plan.mode === 'plan' && end.output?.reason === 'completed') await afterPlan(task);
  }

  /** A plan was presented: carried out once the person approves it (in the mode they choose), else still planning. */
  async function afterPlan(task: string): Promise<void> {
    const answer = await askPlanApproval(io.stdin, io.stdout, style);
    if (answer === undefined) {
      say(style.dim('Still planning: say what to change, or /plan to leave plan mode.'));
      return;
    }
    mode = answer;
    say(style.green(`✓ Plan approved. ${modeLine(mode)}`));
    await turn(planApprovedMessage(task));
  }

  if (setup.resumed) {
    const undoable = checkpoints.steps().length;
    say(
      style.dim(
        `Resumed ${sessionFile}: ${record.turns.length} earlier message${record.turns.length === 1 ? '' : 's'}${undoable > 0 ? `, ${undoable} step${undoable === 1 ? '' : 's'} /undo can take back` : ''}.`,
      ),
    );
    if (journalProblem)
      say(
        style.yellow(
          `⚠ The undo steps kept for this session are refused (${printable(journalProblem)}); /undo covers only what the agent changes from now on.`,
        ),
      );
  }
  noteOf(await setup.hooks?.sessionStart(setup.resumed ? 'resume' : 'startup'));
  if (setup.snapshot) await turn(options.task, setup.snapshot);
  const first =
    setup.resumed?.nextTask ?? (startsWithTurn(options, io.env) && !setup.resumed ? options.task : undefined);
  if (first !== undefined) await turn(first);
  if (record.turns.length === 0 && first === undefined)
    say(style.dim('Type a message for the agent; /help lists the commands.'));

  for (;;) {
    const answer = await readPromptLine(io.stdin, io.stdout, modePrompt(mode, style), {
      history: promptHistory,
      onShiftTab: () => {
        mode = nextMode(mode);
        return modePrompt(mode, style);
      },
    });
    if (answer.kind === 'leave') break;
    const line = answer.text.trim();
    if (line === '') continue;
    if (!isSlashCommand(line)) {
      await turn(line);
      continue;
    }
    const parsed = parseConversationCommand(line);
    if (!parsed.ok) {
      say(style.yellow(parsed.message));
      continue;
    }
    const command = parsed.command;
    if (command.name === 'exit') break;
    switch (command.name) {
      case 'help':
        io.stdout.write(SLASH_HELP);
        break;
      case 'undo': {
        const report = await checkpoints.undo(command.steps);
        const sentence =
          report.steps === 0 && journalProblem
            ? `Nothing to undo: the steps before this resume were refused (${printable(journalProblem)}); nothing was restored.`
            : undoSentence(report);
        say(report.steps === 0 ? style.dim(sentence) : style.green(`↶ ${sentence}`));
        if (report.steps > 0)
          notes.push(
            `The user undid your last ${report.steps === 1 ? 'step' : `${report.steps} steps`} with /undo. ${sentence}`,
          );
        break;
      }
      case 'compact':
        await compact('on-demand');
        break;
      case 'model': {
        const next = createModelClient({ ...options, model: command.model });
        if (!next.ok) {
          say(style.yellow(next.error.message));
          break;
        }
        options = { ...options, model: command.model };
        client = next.client;
        model = next.model;
        say(style.dim(`The next messages go to ${command.model}.`));
        break;
      }
      case 'clear':
        history = [];
        changedSinceTurn = true;
        notes.length = 0;
        save();
        noteOf(await setup.hooks?.sessionStart('clear'));
        say(
          style.dim(
            'The conversation is cleared: the next message starts a new one (the files stay as they are; /undo still works).',
          ),
        );
        break;
      case 'cost':
        say(costLine(record, options));
        break;
      case 'last':
        await showLastResults(lastOutput, io, style);
        break;
      case 'summary':
        await showSummary(record.compactions, command.index, io, style);
        break;
      case 'plan':
        mode = mode === 'plan' ? 'default' : 'plan';
        say(style.dim(modeLine(mode)));
        break;
    }
  }
  checkpoints.close();
  say(style.dim(`The conversation is kept in ${sessionFile} (agent-turn --continue goes on with it).`));
  return 0;
}

/** `/cost`: tokens and cost of every message so far. */
export function costLine(
  record: Pick<ConversationRecord, 'turns'>,
  options: Pick<CliOptions, 'model' | 'priceInput' | 'priceOutput'>,
): string {
  let promptTokens = 0;
  let completionTokens = 0;
  let estimated = false;
  let cost = 0;
  let priced = true;
  for (const t of record.turns) {
    promptTokens += t.usage.promptTokens;
    completionTokens += t.usage.completionTokens;
    estimated ||= t.usage.estimated === true;
    const price = priceFor({ ...options, model: t.model });
    if (!price) priced = false;
    else
      cost += (t.usage.promptTokens * price.inputPerMillion + t.usage.completionTokens * price.outputPerMillion) / 1e6;
  }
  const approx = estimated ? '~' : '';
  const money =
    priced && record.turns.length > 0
      ? ` · ${approx}$${cost.toFixed(4)}`
      : ' · no price known (--price-input/--price-output)';
  return `${record.turns.length} message${record.turns.length === 1 ? '' : 's'} · ${approx}${promptTokens + completionTokens} tokens (${approx}${promptTokens} in · ${approx}${completionTokens} out)${money}${estimated ? ', estimated' : ''}`;
}
