// One turn the server runs for a client: its actor, its secret (inside every approval id it hands
// out, so only who saw the stream can answer), and the answers to its approvals.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AgentTurnActor } from 'agent-turn';
import { selectView, type ToolBlockView } from 'agent-turn';

/** What answering an approval gave: done, or why not (wrong secret, unknown turn, nothing waiting). */
export type ApprovalAnswerResult = { ok: true } | { ok: false; status: 403 | 404 | 409; code: string; message: string };

/** A running (or finished) turn of the server. */
export interface ServerTurn {
  /** The turn's id (the first part of its approval ids). */
  readonly id: string;
  readonly actor: AgentTurnActor;
  /** The approval id (AG-UI interrupt id, UI stream approval id) of a tool use: `turnId:secret:callId`. */
  approvalId(callId: string): string;
  /**
   * Approves or rejects the tool use waiting under `approvalId`; checks the secret first. The same
   * answer again is fine (the approval endpoint, then the protocol's own answer); another is a 409.
   */
  answer(approvalId: string, approved: boolean, feedback?: string): ApprovalAnswerResult;
  /** Whether it waits for an approval now. */
  readonly waiting: boolean;
  readonly done: boolean;
}

/** The parts of an approval id (`turnId:secret:callId`), or undefined for one not of this shape. */
export function parseApprovalId(approvalId: string): { turnId: string; secret: string; callId: string } | undefined {
  const first = approvalId.indexOf(':');
  const second = approvalId.indexOf(':', first + 1);
  if (first <= 0 || second <= first + 1 || second === approvalId.length - 1) return undefined;
  return {
    turnId: approvalId.slice(0, first),
    secret: approvalId.slice(first + 1, second),
    callId: approvalId.slice(second + 1),
  };
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function waitingBlock(actor: AgentTurnActor): ToolBlockView | undefined {
  const view = selectView(actor.getSnapshot());
  if (view.phase !== 'awaiting-approval') return undefined;
  return view.blocks.find((b): b is ToolBlockView => b.type === 'tool_use' && b.status === 'awaiting-approval');
}

/** Wraps a started (or about to start) actor as a server turn with a fresh id and secret. */
export function createServerTurn(actor: AgentTurnActor): ServerTurn {
  const id = randomUUID();
  const secret = randomBytes(18).toString('base64url');
  const answered = new Map<string, boolean>();
  return {
    id,
    actor,
    approvalId: (callId) => `${id}:${secret}:${callId}`,
    get waiting() {
      return waitingBlock(actor) !== undefined;
    },
    get done() {
      return actor.getSnapshot().status !== 'active';
    },
    answer(approvalId, approved, feedback) {
      const parts = parseApprovalId(approvalId);
      if (!parts || parts.turnId !== id)
        return { ok: false, status: 404, code: 'unknown-approval', message: 'No such approval in this turn.' };
      if (!sameSecret(parts.secret, secret))
        return {
          ok: false,
          status: 403,
          code: 'wrong-secret',
          message: "The approval id does not carry this turn's secret.",
        };
      const before = answered.get(parts.callId);
      if (before === approved) return { ok: true };
      const block = waitingBlock(actor);
      if (before !== undefined || !block || block.call_id !== parts.callId)
        return {
          ok: false,
          status: 409,
          code: 'not-waiting',
          message: `The turn is not waiting for the approval of ${parts.callId}.`,
        };
      answered.set(parts.callId, approved);
      actor.send(approved ? { type: 'APPROVE' } : { type: 'REJECT', ...(feedback ? { feedback } : {}) });
      return { ok: true };
    },
  };
}
