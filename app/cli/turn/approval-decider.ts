// Answers each tool call waiting for approval, once: a permission rule, else the person at the
// terminal, else (no terminal) a refusal that tells the model why.
import type { AgentTurnActor, AgentTurnView } from 'agent-turn';
import { noTerminalRejection } from '../approval/approval-policy.js';
import type { CliOptions } from '../options/cli-options.js';
import type { TurnPlan } from '../conversation/conversation-types.js';
import type { TurnDisplay } from './turn-display.js';
import type { TurnPrompts } from './turn-prompts.js';
import type { CliIo } from './cli-io.js';
import { describeError } from 'agent-turn';

/** What the decider answers with and through. */
export interface ApprovalDeciderParts {
  io: CliIo;
  options: CliOptions;
  plan?: TurnPlan;
  display: TurnDisplay;
  prompts: TurnPrompts;
  /** Aborted by Ctrl-C: closes an open question. */
  interrupt: AbortSignal;
  actor: () => AgentTurnActor;
}

/** A function of each view awaiting approval that sends the actor its answer (once per tool call). */
export function createApprovalDecider(parts: ApprovalDeciderParts): (view: AgentTurnView) => void {
  const { io, options, plan, display, prompts } = parts;
  const { style, renderer, reporter } = display;
  const decided = new Set<string>();
  return (view) => {
    const waiting = view.blocks.find(
      (b) => b.type === 'tool_use' && b.status === 'awaiting-approval' && !decided.has(b.key),
    );
    if (waiting?.type !== 'tool_use') return;
    decided.add(waiting.key);
    const send = (approved: boolean, feedback?: string) => {
      const actor = parts.actor();
      // A Ctrl-C while the question was open already ended the turn.
      if (actor.getSnapshot().status !== 'active') return;
      reporter?.line({
        type: 'approval',
        key: waiting.key,
        tool: waiting.name,
        decision: approved ? 'approved' : 'rejected',
        ...(feedback ? { feedback } : {}),
      });
      actor.send(approved ? { type: 'APPROVE' } : { type: 'REJECT', ...(feedback ? { feedback } : {}) });
    };
    // Permission rules (app/cli/permissions/): deny refuses, allow approves, ask asks.
    const ruled = plan?.permissions?.decide(waiting.name, waiting.params);
    if (ruled?.byRule && ruled.decision !== 'ask') {
      const line = `  ${ruled.decision === 'allow' ? style.green(`✓ ${ruled.reason}`) : style.red(`✗ ${ruled.reason}`)}\n`;
      void prompts
        .withPrompt(async () => void (renderer ? prompts.output.write(line) : undefined))
        .then(() =>
          send(
            ruled.decision === 'allow',
            ruled.decision === 'deny' ? `Not run: ${ruled.reason} (a permission rule of the user).` : undefined,
          ),
        );
      return;
    }
    const approvals = prompts.approvals;
    if (!approvals) {
      queueMicrotask(() => send(false, noTerminalRejection(waiting.name, options)));
      return;
    }
    void prompts
      .withPrompt(async () => {
        const answer = await approvals.decide(waiting, parts.interrupt);
        if (answer.approved && answer.always && plan?.permissions)
          await plan.permissions.always(waiting.name, waiting.params);
        return answer;
      })
      .then(
        (answer) => send(answer.approved, answer.approved ? undefined : answer.feedback),
        (error: unknown) => {
          // Showing the change failed (a bug, or the disk): ask nothing, refuse, and say why.
          io.stderr.write(`agent-turn: could not show the approval: ${describeError(error)}\n`);
          send(false, 'Not approved: the change could not be shown to the user.');
        },
      );
  };
}
