// Approvals of a durable turn: the tool use waiting for a decision is published under a state key
// and waits on an awakeable that only a well-formed decision for that call with the turn's secret
// decides (anything else resolving or rejecting it is refused, and a fresh awakeable is waited
// on). With an expiry, a durable timer races the awakeables: when it fires first, the tool use is
// rejected as expired (the model is told) and a later decision for it is refused as `expired`.
import { CancelledError, RestatePromise, serde } from '@restatedev/restate-sdk';
import type { AgentTurnActor } from '../../machines/machine/agent-turn-actor.js';
import { selectView } from '../../machines/view/select-view.js';
import type { ToolBlockView } from '../../machines/view/turn-view-types.js';
import { validDecision } from './approval-decision.js';
import {
  APPROVAL_EXPIRED_STATE,
  APPROVAL_GATE_STATE,
  APPROVAL_STATE,
  VIEW_STATE,
  type ApprovalGate,
  type DurableTurnContext,
  type ExpiredApprovals,
  type PendingApproval,
} from './durable-state.js';

/** How {@link awaitApprovals} decides. */
export interface ApprovalWaitOptions {
  /** SHA-256 (hex) of the turn's approval secret; undefined only for a turn without approvals. */
  secretHash: string | undefined;
  /** How long a tool use waits before its approval expires (ms); undefined: no expiry. */
  expiresAfterMs: number | undefined;
  /** Called when the invocation was cancelled while it waited. */
  onCancel: (error: unknown) => void;
}

const EXPIRED = { expired: true } as const;

/**
 * The snapshot listener that, for each tool use the turn starts waiting on, publishes it under
 * {@link APPROVAL_STATE}, keeps its gate under {@link APPROVAL_GATE_STATE} and sends the turn the
 * decision (APPROVE, REJECT, or REJECT with `expiredAfterMs` once the expiry fired first).
 */
export function awaitApprovals(
  ctx: DurableTurnContext,
  turn: AgentTurnActor,
  options: ApprovalWaitOptions,
): (snapshot: ReturnType<AgentTurnActor['getSnapshot']>) => void {
  const asked = new Set<string>();
  const expired: string[] = [];
  // No hash only without approvals (the turn was refused otherwise): nothing matches ''.
  const hash = options.secretHash ?? '';
  const settle = (event: Parameters<AgentTurnActor['send']>[0]) => {
    ctx.clear(APPROVAL_STATE);
    ctx.clear(APPROVAL_GATE_STATE);
    turn.send(event);
  };
  const expire = (pending: PendingApproval, afterMs: number) => {
    expired.push(pending.callId);
    ctx.set<ExpiredApprovals>(APPROVAL_EXPIRED_STATE, { callIds: [...expired], secretHash: hash });
    settle({ type: 'REJECT', expiredAfterMs: afterMs });
  };
  const wait = (pending: PendingApproval, expiry: RestatePromise<typeof EXPIRED> | undefined) => {
    const { id, promise } = ctx.awakeable<Uint8Array>(serde.binary);
    ctx.set<ApprovalGate>(APPROVAL_GATE_STATE, { callId: pending.callId, awakeableId: id, secretHash: hash });
    const next = expiry === undefined ? promise : RestatePromise.race([promise, expiry]);
    next.then(
      async (payload) => {
        if (payload === EXPIRED) return expire(pending, options.expiresAfterMs!);
        const decision = await validDecision(payload as Uint8Array, pending.callId, hash);
        if (decision === undefined) return wait(pending, expiry);
        settle(decision.approve ? { type: 'APPROVE' } : { type: 'REJECT', feedback: decision.feedback });
      },
      (error: unknown) => {
        if (error instanceof CancelledError) return options.onCancel(error);
        // Rejected straight through the ingress: not a decision.
        wait(pending, expiry);
      },
    );
  };
  return (snapshot) => {
    if (!snapshot.hasTag('awaiting-approval')) return;
    const view = selectView(snapshot);
    const tool = view.blocks[view.currentStreamingContentIndex] as ToolBlockView | undefined;
    if (tool === undefined || tool.type !== 'tool_use' || asked.has(tool.call_id)) return;
    asked.add(tool.call_id);
    const pending: PendingApproval = { callId: tool.call_id, tool: tool.name, params: tool.params };
    ctx.set(APPROVAL_STATE, pending);
    ctx.set(VIEW_STATE, view);
    const expiry =
      options.expiresAfterMs === undefined
        ? undefined
        : ctx.sleep(options.expiresAfterMs, `approval ${pending.callId}`).map(() => EXPIRED);
    wait(pending, expiry);
  };
}
