// One turn of the CLI: its parts (display, prompts, session writer, tools and setup, approval
// decider) are made in their own files; this starts the actor and follows it to its end.
import { toPromise } from 'xstate';
import { createAgentTurnActor, selectView, describeError } from 'agent-turn';
import type {
  AgentTurnActor,
  AgentTurnOutput,
  AgentTurnView,
  ChatClient,
  PersistedAgentTurn,
  TurnHooks,
} from 'agent-turn';
import { openWorkspace } from '../../tools/node/index.js';
import { toolsNeedingApproval } from '../approval/approval-policy.js';
import { approvalInMode } from '../conversation/permission-mode.js';
import type { TurnEnd, TurnPlan } from '../conversation/conversation-types.js';
import { exitCodeFor, turnSummary } from '../display/turn-summary.js';
import type { CliMcp } from '../mcp/mcp-setup.js';
import type { CliOptions } from '../options/cli-options.js';
import { checkpointKey } from '../../ui/turn-checkpoint.js';
import type { CommandSetup } from './command-sandbox.js';
import { startTraceExport } from './trace-export.js';
import { createApprovalDecider } from './approval-decider.js';
import { createSessionWriter, type SessionWriter } from './session-writer.js';
import { createTurnDisplay, type TurnDisplay } from './turn-display.js';
import { createTurnPrompts } from './turn-prompts.js';
import { turnSetupOf } from './turn-setup.js';
import type { CliIo } from './cli-io.js';

const SPINNER_INTERVAL_MS = 80;

/** One turn to run: the process, the options, the model, and what the CLI set up for it. */
export interface TurnRequest {
  io: CliIo;
  options: CliOptions;
  /** The workspace, absolute. */
  root: string;
  client: ChatClient;
  /** The model's name. */
  model: string;
  /** How commands run (undefined: read-only, none). */
  commands?: CommandSetup;
  /** The turn to go on with (--resume). */
  snapshot?: PersistedAgentTurn;
  /** The conversation's (or one-shot's) plan: history, notes, permissions, mode. */
  plan?: TurnPlan;
  mcp?: CliMcp;
  hooks?: TurnHooks;
}

/** Runs one turn to its end; resolves with its exit code and output. */
export async function runTurn(turn: TurnRequest): Promise<TurnEnd> {
  const { io, options, plan } = turn;
  // Auto-accept edits (the conversation's Shift+Tab) asks no file edit; plan mode runs no write at all.
  const approvalNeeded = approvalInMode(
    plan?.mode ?? 'default',
    toolsNeedingApproval({ ...options, commandsNeedPerson: turn.commands?.commandsNeedPerson }),
  );
  const approval = plan?.permissions ? [...new Set([...approvalNeeded, ...plan.permissions.alsoAsk])] : approvalNeeded;
  const display = createTurnDisplay(io, options);
  const interrupt = new AbortController();
  let actor: AgentTurnActor | undefined;
  const workspace = await openWorkspace(turn.root);
  const prompts = createTurnPrompts(io, options, display, workspace, () => {
    interrupt.abort();
    actor?.send({ type: 'ABORT' });
  });
  const session = createSessionWriter(io, options, turn.root, plan, () =>
    (actor as AgentTurnActor).getPersistedSnapshot(),
  );
  const common = { options, plan, display, prompts, interrupt: interrupt.signal };
  const setup = turnSetupOf({
    ...common,
    ...turn,
    workspace,
    ask: prompts.ask,
    approval,
    approvalNeeded,
    save: session.save,
  });
  const started = createAgentTurnActor(setup);
  actor = started;
  const traces = await startTraceExport(io.env, (line) => io.stderr.write(`${line}\n`));
  traces?.trace(started, started.getSnapshot().context.model);
  const decide = createApprovalDecider({ ...common, io, actor: () => started });
  const watched = watchTurn(started, io, display, session, decide);
  const stopListening = io.onInterrupt(prompts.onInterrupt);
  // The terminal's new width: wrapped text and the live region fit it at the next draw.
  const onResize = () => display.renderer?.resize();
  io.stdout.on('resize', onResize);
  const spinner = display.live ? setInterval(() => display.renderer?.tick(), SPINNER_INTERVAL_MS) : undefined;
  let output: AgentTurnOutput;
  try {
    started.start();
    output = await toPromise(started);
  } catch (error) {
    const message = `the turn crashed: ${describeError(error)}`;
    display.renderer?.finish(watched.lastView(), display.style.red(`✗ ${message}`));
    display.reporter?.line({ type: 'note', message });
    return { code: 1 };
  } finally {
    if (spinner) clearInterval(spinner);
    stopListening();
    io.stdout.off('resize', onResize);
    await traces?.shutdown();
  }
  session.save();
  display.renderer?.finish(selectView(started.getSnapshot()), turnSummary(output, display.style, display.price));
  await display.reporter?.finish(output);
  return { code: exitCodeFor(output.reason), output, persisted: started.getPersistedSnapshot() };
}

/**
 * Follows the actor: each view to the display and to the approval decider, the session file at
 * every step that matters. A display that throws is said once and stops the turn cleanly.
 */
function watchTurn(
  actor: AgentTurnActor,
  io: CliIo,
  display: TurnDisplay,
  session: SessionWriter,
  decide: (view: AgentTurnView) => void,
): { lastView(): AgentTurnView | undefined } {
  let lastView: AgentTurnView | undefined;
  let displayBroken = false;
  let lastCheckpoint = '';
  actor.subscribe({
    next(snapshot) {
      let view: AgentTurnView | undefined;
      if (!displayBroken) {
        try {
          view = lastView = selectView(snapshot);
          display.renderer?.update(view);
          display.reporter?.update(view);
          if (view.phase === 'awaiting-approval') decide(view);
        } catch (error) {
          // A display bug must not crash the process or leave an approval unanswered: say so once, stop the turn cleanly.
          displayBroken = true;
          io.stderr.write(
            `agent-turn: the display failed and stopped updating: ${(error as Error)?.stack ?? String(error)}\n`,
          );
          if (actor.getSnapshot().status === 'active') queueMicrotask(() => actor.send({ type: 'ABORT' }));
        }
      }
      // The session is written at every step that matters: a request sent or ended, a tool's
      // result recorded, an approval asked or answered (not on every streamed chunk).
      if (session.file !== undefined) {
        const key = checkpointKey(view ?? selectView(snapshot));
        if (key !== lastCheckpoint) {
          lastCheckpoint = key;
          session.save();
        }
      }
    },
    error() {
      // Reported by the caller, from toPromise.
    },
  });
  return { lastView: () => lastView };
}
